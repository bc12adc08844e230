"""Content checks across the collection: every playable game's files, problems named one per line."""
from __future__ import annotations

import importlib

from games.core.registry import GAMES


def check_all() -> tuple[list[str], int]:
    """All problems found, and how many games were checked. A game that fails to load is a problem."""
    problems: list[str] = []
    checked = 0
    for info in GAMES:
        if not info.playable:
            continue
        checked += 1
        try:
            game = importlib.import_module(info.module).GAME
        except Exception as exc:  # a broken content file stops the module from loading
            problems.append(f"{info.id}: {exc}")
            continue
        for check in game.content_checks:
            problems.extend(f"{info.id}: {p}" for p in check())
    return problems, checked
