"""Content checks across the collection: every game's files, problems named one per line."""
from __future__ import annotations

from typing import Sequence

from games.core.registry import all_games


def _chosen(only: Sequence[str]):
    """The games with a rules package, all of them or those named (ids as in the menu)."""
    return [info for info in all_games()
            if info.rules_module is not None and (not only or info.id in only)]


def unknown(only: Sequence[str]) -> list[str]:
    """Named games that have no content to check."""
    known = {info.id for info in _chosen(())}
    return [name for name in only if name not in known]


def check_all(only: Sequence[str] = ()) -> tuple[list[str], int]:
    """All problems found, and how many games were checked. A game that fails to load is a problem.

    Every game that has a package is checked (or those in `only`), playable or not yet, so content
    can be written first.
    """
    problems: list[str] = []
    checked = 0
    for info in _chosen(only):
        checked += 1
        try:
            game = info.rules()
        except Exception as exc:  # a broken content file stops the module from loading
            problems.append(f"{info.id}: {exc}")
            continue
        for check in game.content_checks:
            problems.extend(f"{info.id}: {p}" for p in check())
    return problems, checked


def report_all(only: Sequence[str] = ()) -> list[str]:
    """Lines a game adds about its sound content (a chapter's proof margin, say)."""
    lines: list[str] = []
    for info in _chosen(only):
        try:
            game = info.rules()
        except Exception:  # named by check_all
            continue
        for report in game.content_reports:
            lines.extend(f"{info.id}: {line}" for line in report())
    return lines
