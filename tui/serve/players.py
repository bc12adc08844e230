"""Player names and folders: each player's saves and settings live in their own folder.

Names come from clients (the SSH user name) or from the host's keys file; only names that match
NAME can ever become a folder, so nothing a client sends can point outside players/<name>/.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from tui.settings import Settings

NAME = re.compile(r"^[a-z][a-z0-9_-]{0,15}$")
NAME_RULE = "1-16 lowercase letters, digits, '-' or '_', starting with a letter"


def player_name(raw: str) -> str | None:
    """The player name for what a client or the keys file gave, or None if it is not one.

    A name that Unicode normalisation (NFKC) would change is refused before it is lower-cased, so
    no two spellings share a folder: "Kate" written with the Kelvin sign is not "kate"."""
    given = raw.strip()
    if unicodedata.normalize("NFKC", given) != given or not given.isascii():
        return None
    name = given.lower()
    return name if NAME.match(name) else None


def name_problem(raw: str) -> str:
    """Why `raw` is no player name, for whoever gave it. The name is not repeated (it may hold
    control characters); a character that only looks like a plain letter is named."""
    odd = next((ch for ch in raw.strip() if not ch.isascii() or not ch.isprintable()), None)
    if odd is None:
        return f"a player name must be {NAME_RULE}"
    what = unicodedata.name(odd, "a control character")
    return (f"the name holds {what} (U+{ord(odd):04X}), which is not a plain letter: "
            f"a player name must be {NAME_RULE}")


@dataclass(frozen=True)
class PlayerFolder:
    """players/<name>/ under the data dir: saves/ for games, settings.toml for settings."""

    root: Path
    name: str

    @property
    def saves(self) -> Path:
        return self.root / "saves"

    @property
    def config(self) -> Path:
        return self.root

    def prepare(self) -> None:
        """Create the folder (owner-only) and, on first login, name the player in the settings."""
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.saves.mkdir(exist_ok=True, mode=0o700)
        settings = self.config / "settings.toml"
        if not settings.exists():
            Settings(name=self.name.capitalize()).save(settings)


def player_folder(data_dir: Path, name: str) -> PlayerFolder:
    """The folder of a validated player; refuses anything that is not a player name."""
    if player_name(name) != name:
        raise ValueError(f"{name!r} is not a player name ({NAME_RULE})")
    players = (data_dir / "players").resolve()
    root = players / name
    if root.parent != players:  # belt and braces: NAME allows no separators or dots
        raise ValueError(f"{name!r} is not a player name")
    return PlayerFolder(root, name)
