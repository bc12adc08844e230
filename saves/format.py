"""Tables to and from the TOML save format (docs/save-format.md). Loading replays the log.

The save menu reads only the summary in [meta] when the file is exactly as fabletop wrote it: [meta]
holds a digest of the whole file. Any other file is checked whole, its log replayed.
"""
from __future__ import annotations

import hashlib
import logging
import re
import tomllib
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import tomli_w

from games.core.messages import decode_command, encode_command
from games.core.protocol import Game
from games.core.registry import find
from games.core.seats import Seat
from games.core.shape import fits, shown
from games.core.table import LogEntry, Table

SCHEMA = 1
APP = "fabletop"
UNSEALED = "0" * 32  # the digest's place while the file is hashed
DIGEST_LINE = re.compile(r'^digest = "([0-9a-f]{32})"$', re.MULTILINE)
logger = logging.getLogger(__name__)


class FormatError(ValueError):
    """A save file that cannot be read; the message says why in a player's words."""


def now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def to_document(table: Table, created: datetime) -> dict[str, Any]:
    game = table.game
    document = {
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
        "log": [{"seat": seat, **encode_command(command)} for seat, command in table.log],
        "snapshot": game.snapshot(table.state),
    }
    group = table.save_group()
    if group is not None:
        document["meta"]["group"] = group
    return document


def to_text(table: Table, created: datetime) -> str:
    """The save file, sealed: [meta] holds the digest of the whole text (its own place zeroed)."""
    document = to_document(table, created)
    document["meta"]["digest"] = UNSEALED
    text = tomli_w.dumps(document)
    return text.replace(f'digest = "{UNSEALED}"', f'digest = "{_digest(text)}"', 1)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def meta_section(text: str) -> str:
    """The lines of the [meta] table and its own sub-tables ([meta.group]) alone, up to the next
    table: cheap to parse."""
    start = text.find("[meta]\n")
    if start < 0:
        return ""
    end = text.find("\n[", start + 1)
    while end >= 0 and text.startswith("\n[meta.", end):
        end = text.find("\n[", end + 1)
    return text[start:] if end < 0 else text[start:end + 1]


def sealed(text: str, section: str) -> bool:
    """Whether the file is exactly as fabletop wrote it (the digest in [meta] matches)."""
    found = DIGEST_LINE.search(section)
    if found is None:
        return False
    at = text.find(found.group(0))
    unsealed = text[:at] + f'digest = "{UNSEALED}"' + text[at + len(found.group(0)):]
    return _digest(unsealed) == found.group(1)


def read_meta(data: Any) -> dict[str, Any]:
    """The [meta] table after checking the file is a fabletop save this version can read."""
    meta = data.get("meta") if isinstance(data, dict) else None
    if not isinstance(meta, dict) or meta.get("app") != APP:
        raise FormatError("not a fabletop save (no [meta] table with app = \"fabletop\")")
    schema = meta.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool):
        raise FormatError("the save has no schema version")
    if schema > SCHEMA:
        raise FormatError(f"made by a newer fabletop (save format {schema}; this one reads up to "
                          f"{SCHEMA}): update fabletop to continue it")
    for key, kind in (("game", str), ("seats", list)):
        if not isinstance(meta.get(key), kind):
            raise FormatError(f"[meta] has no valid `{key}`")
    return meta


def read_game(meta: dict[str, Any]) -> Game:
    """The game a save is of, if this fabletop can play it."""
    try:
        return find(meta["game"]).load()
    except LookupError as exc:
        raise FormatError(str(exc)) from exc


def read_seats(meta: dict[str, Any], game: Game) -> tuple[Seat, ...]:
    """The seats, each well formed, as many as the game seats, every bot of a level it has."""
    seats = []
    for number, data in enumerate(meta["seats"], 1):
        try:
            seats.append(Seat.from_dict(data))
        except ValueError as exc:
            raise FormatError(f"seat {number} in [meta] is malformed: {exc}") from exc
        level = seats[-1].bot
        if seats[-1].is_bot and level not in game.bots:
            raise FormatError(f"seat {number} is a bot of a level {game.title} does not have "
                              f"({shown(level)}; its bots are {', '.join(game.bots)})")
    if len(seats) not in game.seat_counts:
        fewest, most = min(game.seat_counts), max(game.seat_counts)
        players = f"{fewest} to {most}" if most > fewest else f"{most}"
        count = f"{len(seats)} seat{'s' if len(seats) != 1 else ''}"
        raise FormatError(f"{game.title} is for {players} players, but the save has {count}")
    return tuple(seats)


def read_setup(data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """The seed and the game's options from [setup]."""
    setup = data.get("setup")
    if not isinstance(setup, dict) or not fits(setup.get("seed"), int):
        raise FormatError("[setup] has no seed")
    options = setup.get("options", {})
    if not isinstance(options, dict):
        raise FormatError(f"[setup.options] must be a table of options, not {shown(options)}")
    return setup["seed"], options


def read_log(data: dict[str, Any], game: Game) -> list[LogEntry]:
    """The moves of the log, each a seat number and a well-formed command of the game."""
    entries = data.get("log", [])
    if not isinstance(entries, list):
        raise FormatError("[[log]] must be a list of moves")
    log: list[LogEntry] = []
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or not fits(entry.get("seat"), int):
            raise FormatError(f"move {number} in the log has no seat")
        fields = {k: v for k, v in entry.items() if k != "seat"}
        try:
            log.append((entry["seat"], decode_command(fields, game.commands)))
        except ValueError as exc:
            raise FormatError(f"move {number} in the log is unreadable: {exc}") from exc
    return log


@dataclass(frozen=True, slots=True)
class Summary:
    """What the save menu shows of a save, read from [meta] without replaying its log."""

    game: Game
    seats: tuple[Seat, ...]
    progress: str
    meta: dict[str, Any]

    @property
    def group(self) -> dict[str, Any] | None:
        """The save's group (Game.save_group), when [meta] holds a well-formed one."""
        return valid_group(self.meta.get("group"))


def valid_group(group: Any) -> dict[str, Any] | None:
    """A group as the save menu may show it, or None for none or a damaged one (a group only
    arranges the menu: a save whose group is damaged is still listed, on its own)."""
    if not isinstance(group, dict):
        return None
    texts = all(isinstance(group.get(k), str) for k in ("id", "title", "line"))
    sheet = group.get("sheet", [])
    if not texts or not isinstance(group.get("order"), int) or not isinstance(sheet, list) \
            or not all(isinstance(line, str) for line in sheet):
        return None
    return group


def read_summary(text: str) -> Summary:
    """What the save menu shows of a save file. [meta] is always checked; the rest only when it is
    not exactly what fabletop wrote (its digest differs): then the whole game is rebuilt.
    FormatError says what is wrong; a file that is not TOML raises tomllib's error."""
    section = meta_section(text)
    if not sealed(text, section):
        document = tomllib.loads(text)
        table = from_document(document)
        return Summary(table.game, table.seats, table.progress(), document["meta"])
    meta = read_meta(tomllib.loads(section))
    game = read_game(meta)
    seats = read_seats(meta, game)
    progress = meta.get("progress", "")
    if not isinstance(progress, str):
        raise FormatError(f"[meta] progress must be text, not {shown(progress)}")
    return Summary(game, seats, progress[:80], meta)


def head_meta(text: str) -> dict[str, Any]:
    """The [meta] table of a save file's text as far as it reads, else empty (never raises)."""
    try:
        meta = tomllib.loads(meta_section(text)).get("meta")
    except Exception:  # any damage: the caller only wants what it can get
        return {}
    return meta if isinstance(meta, dict) else {}


def from_document(data: Any) -> Table:
    """Rebuild the table by replaying the log from the setup; FormatError says what is wrong."""
    meta = read_meta(data)
    game = read_game(meta)
    seats = read_seats(meta, game)
    seed, options = read_setup(data)
    log = read_log(data, game)
    try:
        table = Table(game, seats, seed, options)
    except Exception as exc:  # the game's own setup reads the options: whatever it raises, they are bad
        raise FormatError(f"{game.title} cannot start from [setup] ({_unexpected(exc)})") from exc
    for number, (seat, command) in enumerate(log, 1):
        try:
            result = table.dispatch(seat, command)
        except Exception as exc:  # a rules bug met a value no game could reach: say which move
            raise FormatError(f"move {number} in the log cannot be replayed ({_unexpected(exc)})") from exc
        if not result:
            raise FormatError(f"the log does not replay: move {number} ({shown(command)}) is not "
                              f"legal: {result.reason}")
    return table


def _unexpected(exc: BaseException) -> str:
    """An error the rules raised, in a few words for the save menu (the detail goes to the log).
    A ValueError is the game's own refusal, in its own words; anything else names its kind."""
    logger.info("a save does not rebuild", exc_info=exc)
    text = str(exc) if len(str(exc)) <= 80 else str(exc)[:79] + "…"
    return text if isinstance(exc, ValueError) and text else f"{type(exc).__name__}: {text}".rstrip(": ")
