"""Shared tables on disk: DATA/tables/<id>.toml, a save file (docs/save-format.md) with a
[shared] table for the seats' holders, written atomically after every change and read on start."""
from __future__ import annotations

import logging
import tomllib
from pathlib import Path

import tomli_w

from games.core.seats import Seat, SeatKind
from saves.format import from_document, now, to_document
from saves.store import SaveError, SaveStore
from tui.tables.shared import SharedTable

log = logging.getLogger("fabletop.tables")


class TableFiles:
    """The folder of shared tables; a table that cannot be read is logged and left alone."""

    def __init__(self, folder: Path) -> None:
        self.store = SaveStore(folder)

    @property
    def folder(self) -> Path:
        return self.store.folder

    def write(self, shared: SharedTable) -> None:
        self.store.write_text(shared.table_id, tomli_w.dumps(table_document(shared)))

    def load_all(self) -> list[SharedTable]:
        if not self.folder.is_dir():
            return []
        tables = []
        for path in sorted(self.folder.glob("*.toml")):
            try:
                tables.append(self.read(path))
            except (SaveError, ValueError, KeyError, TypeError, OSError, tomllib.TOMLDecodeError) as exc:
                log.warning("table %s cannot be read: %s", path.name, exc)
        return tables

    def read(self, path: Path) -> SharedTable:
        return shared_table(tomllib.loads(path.read_text(encoding="utf-8")), path.stem)


def table_document(shared: SharedTable) -> dict:
    """A shared table as a save document (its setup and log) with a [shared] table for its seats;
    the Redis service keeps the same document, without the log, as a table's setup."""
    document = to_document(shared.table, shared.created)
    document["shared"] = {
        "id": shared.table_id,
        "host": shared.host,
        "holders": [holder or "" for holder in shared.holders],
        "invited": sorted(shared.invited),
        "chat": list(shared.chat),
    }
    return document


def shared_table(document: dict, table_id: str) -> SharedTable:
    """The shared table a document describes; raises ValueError (or KeyError, TypeError) if it is
    not one, or not the table `table_id`."""
    shared = document["shared"]
    table = from_document(document)
    holders = [holder or None for holder in shared["holders"]]
    if len(holders) != len(table.seats) or shared["id"] != table_id:
        raise ValueError("its [shared] table does not match its seats or its file name")
    # a person's seat is a remote seat at a shared table, whatever the file says
    table.seats = tuple(s if s.is_bot else Seat(s.name, SeatKind.REMOTE) for s in table.seats)
    created = document["meta"].get("created") or now()
    result = SharedTable(shared["id"], table, shared["host"], holders, created,
                         invited=set(shared.get("invited", [])))
    result.chat.extend(str(line) for line in shared.get("chat", []))
    result.steps = table.history()
    return result
