"""Otherworld on screen: its screen, dialogs, rendering helpers and widgets."""
