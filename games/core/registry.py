"""The collection: every package under games/ that has a manifest. The core names no game.

More game packages may live outside this folder: FABLETOP_GAME_PATH lists folders (separated as
PATH is) whose packages join the `games` namespace, found the same way (tests use it for a tiny game).
"""
from __future__ import annotations

import importlib
import os
import pkgutil
from functools import cache

import games
from games.core.manifest import Manifest

EXTRA_PATH = "FABLETOP_GAME_PATH"


def _search_path() -> list[str]:
    extra = [p for p in os.environ.get(EXTRA_PATH, "").split(os.pathsep) if p]
    for folder in extra:
        if folder not in games.__path__:
            games.__path__.append(folder)
    return list(games.__path__)


@cache
def _discover(path: tuple[str, ...]) -> tuple[Manifest, ...]:
    found = []
    for package in pkgutil.iter_modules(list(path)):
        if not package.ispkg or package.name == "core":
            continue
        try:
            module = importlib.import_module(f"games.{package.name}.manifest")
        except ModuleNotFoundError as exc:
            if exc.name != f"games.{package.name}.manifest":
                raise
            continue
        found.append(module.MANIFEST)
    return tuple(sorted(found, key=lambda m: (m.order, m.title)))


def all_games() -> tuple[Manifest, ...]:
    """Every game of the collection, in menu order (playable or coming soon)."""
    return _discover(tuple(_search_path()))


def find(game_id: object) -> Manifest:
    for manifest in all_games():
        if manifest.id == game_id:
            return manifest
    known = ", ".join(m.id for m in all_games())
    raise LookupError(f"unknown game {game_id!r} (known games: {known})")
