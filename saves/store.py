"""The save folder: list, create, write atomically with a backup, load and delete saves."""
from __future__ import annotations

import os
import re
import secrets
import shutil
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

import tomli_w

from games.core.seats import Seat
from games.core.table import Table
from saves.format import FormatError, from_document, now, read_meta, to_document

SUFFIX = ".toml"
BACKUP = ".bak"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")


class SaveError(Exception):
    """A save that cannot be loaded, written or deleted; the message is for the player."""


def default_folder() -> Path:
    """$FABLETOP_SAVES_DIR, else the user's data folder (platformdirs)."""
    override = os.environ.get("FABLETOP_SAVES_DIR")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_path

    return user_data_path("fabletop", appauthor=False) / "saves"


@dataclass(frozen=True)
class SaveInfo:
    """One line of the save menu. `problem` is set when the file cannot be continued."""

    save_id: str
    path: Path
    game: str = ""
    title: str = ""
    progress: str = ""
    seats: tuple[Seat, ...] = ()
    updated: datetime | None = None
    problem: str | None = None

    @property
    def readable(self) -> bool:
        return self.problem is None


@dataclass
class SaveHandle:
    """Where one game is saved. `write` replaces the file atomically, keeping a backup."""

    store: "SaveStore"
    save_id: str
    created: datetime = field(default_factory=now)

    @property
    def path(self) -> Path:
        return self.store.path_of(self.save_id)

    def write(self, table: Table) -> None:
        text = tomli_w.dumps(to_document(table, self.created))
        self.store.write_text(self.save_id, text)


class SaveStore:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()

    def path_of(self, save_id: str) -> Path:
        if not _ID.match(save_id):
            raise SaveError(f"{save_id!r} is not a save name")
        return self.folder / f"{save_id}{SUFFIX}"

    # -- listing ---------------------------------------------------------------------
    def list(self) -> list[SaveInfo]:
        """Every save in the folder, newest first; unreadable ones carry their problem."""
        if not self.folder.is_dir():
            return []
        infos = [self._info(path) for path in self.folder.glob(f"*{SUFFIX}")
                 if _ID.match(path.stem)]
        return sorted(infos, key=lambda i: (i.updated is None, -(i.updated.timestamp()
                                            if i.updated else 0), i.save_id))

    def _info(self, path: Path) -> SaveInfo:
        save_id = path.stem
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            return SaveInfo(save_id, path, problem=f"cannot be read ({exc.__class__.__name__})")
        except tomllib.TOMLDecodeError as exc:
            return SaveInfo(save_id, path, problem=f"damaged: not valid TOML ({exc})")
        try:
            meta = read_meta(data)
            table = from_document(data)
        except FormatError as exc:
            meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
            return SaveInfo(save_id, path, str(meta.get("game", "")), str(meta.get("title", "")),
                            problem=str(exc))
        updated = meta.get("updated")
        return SaveInfo(save_id, path, table.game.id, table.game.title, table.progress(),
                        table.seats, updated if isinstance(updated, datetime) else None)

    # -- one save --------------------------------------------------------------------
    def create(self, table: Table) -> SaveHandle:
        """A new save for this table, written at once."""
        stamp = now().strftime("%Y%m%d-%H%M%S")
        handle = SaveHandle(self, f"{table.game.id}-{stamp}-{secrets.token_hex(2)}")
        handle.write(table)
        return handle

    def load(self, save_id: str) -> tuple[Table, SaveHandle]:
        path = self.path_of(save_id)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise SaveError("that save no longer exists") from exc
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise SaveError(f"the save file is damaged ({exc})") from exc
        try:
            table = from_document(data)
        except FormatError as exc:
            raise SaveError(str(exc)) from exc
        created = data["meta"].get("created")
        return table, SaveHandle(self, save_id, created if isinstance(created, datetime) else now())

    def delete(self, save_id: str) -> None:
        path = self.path_of(save_id)
        try:
            path.unlink(missing_ok=True)
            path.with_name(path.name + BACKUP).unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(f"could not delete the save ({exc.strerror})") from exc

    def write_text(self, save_id: str, text: str) -> None:
        """Atomic write: temporary file, flush, fsync, keep the old file as backup, rename."""
        path = self.path_of(save_id)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}.tmp")
            with open(tmp, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            if path.exists():
                backup_tmp = path.with_name(f".{path.name}{BACKUP}.tmp")
                shutil.copyfile(path, backup_tmp)
                os.replace(backup_tmp, path.with_name(path.name + BACKUP))
            os.replace(tmp, path)
            _fsync_folder(self.folder)
        except OSError as exc:
            raise SaveError(f"could not save to {self.folder} ({exc.strerror or exc})") from exc


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
