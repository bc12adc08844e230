"""Each game's screens, dialogs and widgets, one package per game; tui/screens holds what all share."""
