"""Every test gets its own save and settings folders, and no colour/theme from the environment."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

SOON_PATH = Path(__file__).resolve().parent / "fixtures" / "game_path_soon"


@pytest.fixture(autouse=True)
def isolated_folders(tmp_path, monkeypatch):
    saves = tmp_path / "saves"
    monkeypatch.setenv("FABLETOP_SAVES_DIR", str(saves))
    monkeypatch.setenv("FABLETOP_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("FABLETOP_TABLES", "")  # no server of this machine's account joins in
    for name in ("NO_COLOR", "TEXTUAL_THEME", "TEXTUAL_COLOR_SYSTEM", "FABLETOP_GAME_PATH"):
        monkeypatch.delenv(name, raising=False)
    return saves


@pytest.fixture
def coming_soon(monkeypatch):
    """Far Tales, a game listed as coming soon (every real game is playable), joins the
    collection for one test and leaves it after. Its id."""
    import games
    from games.core.registry import all_games

    monkeypatch.setenv("FABLETOP_GAME_PATH", str(SOON_PATH))
    all_games()
    yield "far-tales"
    monkeypatch.delenv("FABLETOP_GAME_PATH")
    if str(SOON_PATH) in games.__path__:
        games.__path__.remove(str(SOON_PATH))
    for name in [n for n in sys.modules if n.startswith("games.far_tales")]:
        del sys.modules[name]
