"""Once Upon a Line on screen: its screen, dialogs, rendering helpers and widgets."""
