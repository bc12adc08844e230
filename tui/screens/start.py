"""Opening a table's game screen, from a new game, a custom table or a save."""
from __future__ import annotations

import importlib

from games.core.registry import find
from games.core.table import Table


def game_screen_class(game_id: str):
    """The game's screen class, named by its manifest and imported when a table opens."""
    module, _, name = find(game_id).screen.partition(":")
    return getattr(importlib.import_module(module), name)


def start_game(app, table: Table, handle=None) -> None:
    """Open the game screen for a table, creating its save first when the game is new."""
    from saves.store import SaveError

    if handle is None:
        try:
            handle = app.store.create(table)
        except SaveError as exc:
            app.notify(f"This game will not be saved: {exc}", severity="error", timeout=8, markup=False)
    screen = game_screen_class(table.game.id)(table, handle)
    while len(app.screen_stack) > 2:  # leaving the game returns to the main menu
        app.pop_screen()
    app.push_screen(screen)
