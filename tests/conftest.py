"""Every test gets its own save and settings folders, and no colour/theme from the environment."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def isolated_folders(tmp_path, monkeypatch):
    saves = tmp_path / "saves"
    monkeypatch.setenv("FABLETOP_SAVES_DIR", str(saves))
    monkeypatch.setenv("FABLETOP_CONFIG_DIR", str(tmp_path / "config"))
    for name in ("NO_COLOR", "TEXTUAL_THEME", "TEXTUAL_COLOR_SYSTEM", "FABLETOP_GAME_PATH"):
        monkeypatch.delenv(name, raising=False)
    return saves
