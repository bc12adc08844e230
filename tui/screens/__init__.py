"""Screens of the fabletop app shared by every game: menus, saves, settings, rules, dialogs.
Each game's own screen lives in tui/games/<game>/, named by its manifest."""
