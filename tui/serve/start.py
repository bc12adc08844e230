"""What a session's app receives when it starts: the one place that says it (server and zygote).

The server builds a `SessionStart` from the SSH request and the player's folder; it travels to the
zygote as JSON (tui.serve.zygote), which forks the session's app with it. A new field with a
default is all it takes to hand sessions something more. Nothing here imports asyncssh or Textual.
"""
from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from tui.serve.players import PlayerFolder

CLIENT_ENV = ("COLORTERM", "LANG")  # with TERM from the PTY request: all a client may pass on
_SAFE_VALUE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@+-]{0,63}$")
PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])  # the folder that holds tui/ and games/


def _text(value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else str(value)


def session_env(term: str, client_env: Mapping, folder: PlayerFolder) -> dict[str, str]:
    """The app's whole environment: the player's folders, plus allowed and well-formed client values."""
    env = {
        "PATH": os.defpath,
        "HOME": str(folder.root),
        "FABLETOP_SAVES_DIR": str(folder.saves),
        "FABLETOP_CONFIG_DIR": str(folder.config),
        "TERM": term if _SAFE_VALUE.match(term) else "xterm",
        "LANG": "C.UTF-8",
    }
    given = {_text(k): _text(v) for k, v in client_env.items()}
    for name in CLIENT_ENV:
        if _SAFE_VALUE.match(given.get(name, "")):
            env[name] = given[name]
    return env


def zygote_env() -> dict[str, str]:
    """The zygote's environment (what every session starts from, before its own is set): bare."""
    return {"PATH": os.defpath, "LANG": "C.UTF-8", "PYTHONPATH": PACKAGE_ROOT}


@dataclass(frozen=True)
class SessionStart:
    """One session's start: who plays, where their saves and settings are, the terminal, the app's
    whole environment (`session_env`) and how the app behaves."""

    player: str
    folder: str  # the player's folder: the working directory and HOME
    saves_dir: str
    config_dir: str
    cols: int = 80
    rows: int = 24
    env: dict[str, str] = field(default_factory=dict)
    mouse: bool = False
    idle_warning: float = 60.0
    crash_log: str = "crashes.log"

    @classmethod
    def build(cls, folder: PlayerFolder, term: str, client_env: Mapping, size: tuple[int, int],
              **options) -> "SessionStart":
        cols, rows = size
        return cls(folder.name, str(folder.root), str(folder.saves), str(folder.config),
                   cols or 80, rows or 24, session_env(term, client_env, folder), **options)

    def to_dict(self) -> dict:
        """Plain values for JSON (the request to the zygote)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, given: dict) -> "SessionStart":
        return cls(**{f.name: given[f.name] for f in fields(cls) if f.name in given})
