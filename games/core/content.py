"""Content checks across the collection: every game's files, problems named one per line."""
from __future__ import annotations

from games.core.registry import all_games


def check_all() -> tuple[list[str], int]:
    """All problems found, and how many games were checked. A game that fails to load is a problem.

    Every game that has a package is checked, playable or not yet, so content can be written first.
    """
    problems: list[str] = []
    checked = 0
    for info in all_games():
        if info.rules_module is None:
            continue
        checked += 1
        try:
            game = info.rules()
        except Exception as exc:  # a broken content file stops the module from loading
            problems.append(f"{info.id}: {exc}")
            continue
        for check in game.content_checks:
            problems.extend(f"{info.id}: {p}" for p in check())
    return problems, checked


def report_all() -> list[str]:
    """Lines a game adds about its sound content (a chapter's proof margin, say)."""
    lines: list[str] = []
    for info in all_games():
        if info.rules_module is None:
            continue
        try:
            game = info.rules()
        except Exception:  # named by check_all
            continue
        for report in game.content_reports:
            lines.extend(f"{info.id}: {line}" for line in report())
    return lines
