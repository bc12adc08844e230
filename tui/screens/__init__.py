"""Screens of the fabletop app. Game screens are found by game id and imported when opened."""
from __future__ import annotations

import importlib

GAME_SCREENS = {
    "fluttering-souls": "tui.screens.fluttering_souls:FlutteringSoulsScreen",
    "questline": "tui.screens.questline:QuestlineScreen",
    "once-upon-a-line": "tui.screens.once_upon_a_line:OnceUponALineScreen",
    "otherworld": "tui.screens.otherworld:OtherworldScreen",
}


def game_screen_class(game_id: str):
    module, _, name = GAME_SCREENS[game_id].partition(":")
    return getattr(importlib.import_module(module), name)
