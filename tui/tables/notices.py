"""The app's side of the table service: connect at start, and show notices on any screen
(an invitation, someone joined your table, your turn at a table you are not looking at)."""
from __future__ import annotations

import asyncio
import getpass
import os
from pathlib import Path

from tui.tables.client import PLAYER_ENV, TableClient


def who_am_i() -> str:
    """The player name: set by `fabletop serve`, else the local account's (if it is one)."""
    from tui.serve.players import player_name

    return os.environ.get(PLAYER_ENV) or player_name(getpass.getuser()) or "player"


async def connect(app, path: Path) -> TableClient | None:
    try:
        client = await TableClient.connect(path, who_am_i(), app.settings.name)
    except (OSError, asyncio.TimeoutError):
        return None
    client.on_notice = lambda kind, data: show_notice(app, kind, data)
    client.on_lost = lambda: app.notify("The shared tables cannot be reached any more.",
                                        severity="warning", timeout=8)
    return client


def show_notice(app, kind: str, data) -> None:
    looking_at = getattr(getattr(app.screen, "table", None), "table_id", None)
    if kind == "turn":
        if looking_at != data:
            app.notify(f"Your turn at table {data} (Tables in the main menu).", timeout=6, markup=False)
    elif kind == "table-notice":
        table_id, text = data
        if looking_at != table_id:
            app.notify(str(text), timeout=8, markup=False)
    elif kind == "notice":
        app.notify(str(data), timeout=8, markup=False)
