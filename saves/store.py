"""The save folder: list, create, write atomically with a backup, load and delete saves."""
from __future__ import annotations

import logging
import os
import re
import secrets
import shutil
import time
import tomllib
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, TypeVar


from games.core.manifest import Manifest
from games.core.registry import find
from games.core.seats import Seat
from games.core.table import Table
from saves.format import FormatError, from_document, head_meta, now, read_summary, to_text

SUFFIX = ".toml"
BACKUP = ".bak"
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,80}$")
STALE_SECONDS = 60  # a temporary file this old is left from an interrupted write, not one under way
PROBLEM_LIMIT = 240  # characters of a reason in the menu: a save may quote a 200 KB value
logger = logging.getLogger(__name__)
T = TypeVar("T")


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
    group: dict[str, Any] | None = None  # saves shown together (a saga's chapters): Game.save_group

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
        self.store.write_text(self.save_id, to_text(table, self.created))


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
        """The menu line of one save, from its summary (see saves.format.read_summary)."""
        save_id = path.stem
        try:
            text = _text(path)
        except SaveError as exc:
            return SaveInfo(save_id, path, problem=str(exc))
        try:
            summary = _guarded(read_summary, text, path)
        except SaveError as exc:
            game = _known_game(head_meta(text))
            return SaveInfo(save_id, path, game.id if game else "", game.title if game else "",
                            problem=str(exc))
        return SaveInfo(save_id, path, summary.game.id, summary.game.title, summary.progress,
                        summary.seats, _moment(summary.meta.get("updated")), group=summary.group)

    # -- one save --------------------------------------------------------------------
    def create(self, table: Table) -> SaveHandle:
        """A new save for this table, written at once."""
        stamp = now().strftime("%Y%m%d-%H%M%S")
        handle = SaveHandle(self, f"{table.game.id}-{stamp}-{secrets.token_hex(2)}")
        handle.write(table)
        return handle

    def load(self, save_id: str) -> tuple[Table, SaveHandle]:
        path = self.path_of(save_id)
        table = _guarded(lambda text: from_document(tomllib.loads(text)), _text(path), path)
        created = _moment(head_meta(_text(path)).get("created"))
        return table, SaveHandle(self, save_id, created or now())

    def delete(self, save_id: str) -> None:
        path = self.path_of(save_id)
        try:
            path.unlink(missing_ok=True)
            path.with_name(path.name + BACKUP).unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(f"could not delete the save ({exc.strerror})") from exc

    def _sweep_leftovers(self) -> None:
        """Remove the temporary files an interrupted write left behind. A fresh one may be another
        fabletop's write under way in the same folder: only stale ones go."""
        stale = time.time() - STALE_SECONDS
        for path in self.folder.glob(".*.tmp"):
            try:
                if _leftover(path) and path.stat().st_mtime < stale:
                    path.unlink()
            except OSError:
                pass  # gone already, or not ours to remove: the write goes on

    def write_text(self, save_id: str, text: str) -> None:
        """Atomic write: temporary file, flush, fsync, keep the old file as backup, rename."""
        path = self.path_of(save_id)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._sweep_leftovers()
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


def _leftover(path: Path) -> bool:
    """A temporary file of the atomic write (`.<save>.toml.tmp`, `.<save>.toml.bak.tmp`)."""
    name = path.name
    for ending in (f"{SUFFIX}.tmp", f"{SUFFIX}{BACKUP}.tmp"):
        if name.startswith(".") and name.endswith(ending) and _ID.match(name[1:-len(ending)]):
            return True
    return False


def _text(path: Path) -> str:
    """The text of a save file; SaveError says why it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise SaveError("that save no longer exists") from exc
    except UnicodeDecodeError as exc:
        raise SaveError("damaged: not text (a save is a UTF-8 TOML file)") from exc
    except PermissionError as exc:
        raise SaveError("cannot be read: you lack the permission to open it") from exc
    except OSError as exc:
        raise SaveError(f"cannot be read: {exc.strerror or 'the system refused'}") from exc


def _guarded(read: Callable[[str], T], text: str, path: Path) -> T:
    """What `read` makes of a save file's text; SaveError says why not, whatever went wrong."""
    try:
        return read(text)
    except FormatError as exc:
        reason = str(exc)
        raise SaveError(reason if len(reason) <= PROBLEM_LIMIT else reason[:PROBLEM_LIMIT - 1] + "…") \
            from exc
    except tomllib.TOMLDecodeError as exc:
        raise SaveError(f"damaged: not valid TOML ({exc})") from exc
    except RecursionError as exc:  # a file nested too deep: one file never stops the menu
        raise SaveError("damaged: nested too deep to read") from exc
    except Exception as exc:  # last line, as above
        logger.info("unexpected error reading %s", path, exc_info=exc)
        raise SaveError(f"fabletop could not rebuild this game ({exc.__class__.__name__})") from exc


def _known_game(meta: dict[str, Any]) -> Manifest | None:
    """The registry's game a save names, if it names one (to title even an unreadable save)."""
    try:
        return find(meta.get("game"))
    except LookupError:
        return None


def _moment(value: Any) -> datetime | None:
    """A time from [meta] the menu can sort and show in local time, else None."""
    if not isinstance(value, datetime):
        return None
    try:
        value.astimezone().timestamp()
    except (OverflowError, ValueError, OSError):
        return None
    return value


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
