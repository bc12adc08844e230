"""Tables to and from the TOML save format (docs/save-format.md). Loading replays the log."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from games.core.messages import decode_command, encode_command
from games.core.registry import find
from games.core.seats import Seat
from games.core.table import LogEntry, Table

SCHEMA = 1
APP = "fabletop"


class FormatError(ValueError):
    """A save file that cannot be read; the message says why in a player's words."""


def now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def to_document(table: Table, created: datetime) -> dict[str, Any]:
    game = table.game
    return {
        "meta": {
            "app": APP,
            "schema": SCHEMA,
            "game": game.id,
            "title": game.title,
            "progress": table.progress(),
            "seats": [seat.to_dict() for seat in table.seats],
            "created": created,
            "updated": now(),
        },
        "setup": {"seed": table.seed, "options": dict(table.options)},
        "log": [{"seat": e.seat, **encode_command(e.command)} for e in table.log],
        "snapshot": game.snapshot(table.state),
    }


def read_meta(data: Any) -> dict[str, Any]:
    """The [meta] table after checking the file is a fabletop save this version can read."""
    meta = data.get("meta") if isinstance(data, dict) else None
    if not isinstance(meta, dict) or meta.get("app") != APP:
        raise FormatError("not a fabletop save (no [meta] table with app = \"fabletop\")")
    schema = meta.get("schema")
    if not isinstance(schema, int):
        raise FormatError("the save has no schema version")
    if schema > SCHEMA:
        raise FormatError(f"made by a newer fabletop (save format {schema}; this one reads up to "
                          f"{SCHEMA}): update fabletop to continue it")
    for key, kind in (("game", str), ("seats", list)):
        if not isinstance(meta.get(key), kind):
            raise FormatError(f"[meta] has no valid `{key}`")
    return meta


def from_document(data: Any) -> Table:
    """Rebuild the table by replaying the log from the setup; FormatError says what is wrong."""
    meta = read_meta(data)
    try:
        info = find(meta["game"])
        game = info.load()
    except LookupError as exc:
        raise FormatError(str(exc)) from exc
    try:
        seats = [Seat.from_dict(s) for s in meta["seats"]]
    except (KeyError, ValueError, TypeError) as exc:
        raise FormatError(f"a seat in [meta] is malformed ({exc})") from exc
    setup = data.get("setup")
    if not isinstance(setup, dict) or not isinstance(setup.get("seed"), int):
        raise FormatError("[setup] has no seed")
    entries = data.get("log", [])
    if not isinstance(entries, list):
        raise FormatError("[[log]] must be a list of moves")
    log = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not isinstance(entry.get("seat"), int):
            raise FormatError(f"move {number} in the log has no seat")
        fields = {k: v for k, v in entry.items() if k != "seat"}
        try:
            log.append(LogEntry(entry["seat"], decode_command(fields, game.commands)))
        except ValueError as exc:
            raise FormatError(f"move {number} in the log is unreadable: {exc}") from exc
    try:
        return Table.replay(game, seats, setup["seed"], setup.get("options", {}), log)
    except ValueError as exc:
        raise FormatError(f"the log does not replay: {exc}") from exc
