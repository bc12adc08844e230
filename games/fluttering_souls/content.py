"""Fluttering Souls content: the layouts read once from content/layouts.toml (the butterflies' names
are read by cards.py, which the species need), and the check of both (`fabletop content check`:
each problem names the file, entry and fault)."""
from __future__ import annotations

import tomllib
from importlib import resources

from games.fluttering_souls.layouts import Layout, LayoutError, validate_file


LAYOUT_COUNT = 15


def check_content() -> list[str]:
    """The problems in content/layouts.toml (empty when it is sound)."""
    path = resources.files("games.fluttering_souls") / "content" / "layouts.toml"
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        return [f"layouts.toml: not valid TOML: {exc}"]
    layouts, problems = validate_file(data, "layouts.toml")
    if not problems and len(layouts) != LAYOUT_COUNT:
        problems.append(f"layouts.toml: has {len(layouts)} layouts; the game has {LAYOUT_COUNT}")
    return problems


def load_layouts() -> tuple[Layout, ...]:
    problems = check_content()
    if problems:
        raise LayoutError("; ".join(problems))
    path = resources.files("games.fluttering_souls") / "content" / "layouts.toml"
    layouts, _ = validate_file(tomllib.loads(path.read_text(encoding="utf-8")), "layouts.toml")
    return tuple(layouts)


LAYOUTS = load_layouts()
