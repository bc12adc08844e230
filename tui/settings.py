"""Player settings kept between sessions in settings.toml (name, bot pace, theme)."""
from __future__ import annotations

import os
import tomllib
import unicodedata
from dataclasses import asdict, dataclass
from pathlib import Path

import tomli_w

BOT_PACES = {"fast": 0.0, "normal": 0.6, "relaxed": 1.5}  # pause after each bot move, seconds
THEMES = ("textual-dark", "textual-light", "nord", "gruvbox", "solarized-light")
NAME_LENGTH = 16


def _visible(ch: str) -> str:
    """A control character (tab, escape) parts words like a space; an invisible one (a zero-width
    space, a direction mark) is dropped, so Ada with a zero-width space inside is Ada."""
    kind = unicodedata.category(ch)
    return " " if kind == "Cc" else "" if kind.startswith("C") else ch


def clean_name(raw: str) -> tuple[str, str | None]:
    """A player's name as fabletop keeps it, and what was changed and why, in a player's words
    (None: kept as typed). Names are shown as typed, markup characters included; look-alike
    characters are written plainly (NFKC), so two spellings never make two names that read alike;
    control and invisible characters, which no terminal shows, are left out."""
    plain = unicodedata.normalize("NFKC", raw)
    visible = "".join(_visible(ch) for ch in plain)
    spaced = " ".join(visible.split())
    name = spaced[:NAME_LENGTH]
    if not name:
        return "", "A name needs at least one letter or sign: this one is not kept."
    changes = [why for changed, why in (  # each short: the note has one line under the field
        (plain != raw, "look-alike letters written plainly"),
        (visible != plain, "hidden characters left out"),
        (spaced != visible.strip(), "spaces run together"),
        (name != spaced, f"cut to {NAME_LENGTH} characters"),
    ) if changed]
    if not changes:
        return name, None
    return name, f"Kept as {name!r}: {', '.join(changes)}."


def settings_path() -> Path:
    override = os.environ.get("FABLETOP_CONFIG_DIR")
    if override:
        return Path(override).expanduser() / "settings.toml"
    from platformdirs import user_config_path

    return user_config_path("fabletop", appauthor=False) / "settings.toml"


@dataclass
class Settings:
    name: str = "You"
    bot_pace: str = "normal"
    theme: str = "textual-dark"

    @property
    def bot_pause(self) -> float:
        return BOT_PACES.get(self.bot_pace, BOT_PACES["normal"])

    @classmethod
    def load(cls, path: Path | None = None) -> tuple["Settings", str | None]:
        """The saved settings, or the defaults and a warning when the file is unusable."""
        path = path or settings_path()
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls(), None
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            return cls(), f"Settings file {path} is damaged ({exc}); using the defaults."
        settings = cls()
        name = clean_name(data["name"])[0] if isinstance(data.get("name"), str) else ""
        if name:
            settings.name = name
        if data.get("bot_pace") in BOT_PACES:
            settings.bot_pace = data["bot_pace"]
        if data.get("theme") in THEMES:
            settings.theme = data["theme"]
        return settings, None

    def save(self, path: Path | None = None) -> str | None:
        """Write the settings; returns a message if that failed."""
        path = path or settings_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(tomli_w.dumps(asdict(self)), encoding="utf-8")
            os.replace(tmp, path)
        except OSError as exc:
            return f"Could not save settings ({exc.strerror or exc})."
        return None
