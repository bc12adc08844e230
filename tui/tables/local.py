"""The in-process table service (the default): every shared table lives in the server process.

Bots (bot seats, and stand-ins for people who dropped or left) think in a thread so the server
keeps serving; they move only while a person holding a seat is at the table. Every change is
saved (tui.tables.store) and sent to each watcher as the frame its seats may see.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from games.core.manifest import seat_list
from games.core.messages import decode_command
from games.core.registry import find
from games.core.rng import new_seed
from games.core.seats import Seat, SeatKind
from games.core.table import Table
from saves.format import now
from saves.store import SaveError
from tui.tables.service import (OPEN, PERSON, YOU, ChatLimiter, ServiceError, Sink, Step, TableInfo,
                                TableService, chat_text)
from tui.tables.bots import TableBots
from tui.tables.shared import SharedTable
from tui.tables.store import TableFiles

log = logging.getLogger("fabletop.tables")


@dataclass(eq=False)
class Watcher:
    player: str
    sink: Sink
    spectate: bool


def deliver(sink: Sink, kind: str, data: Any) -> None:
    try:
        sink(kind, data)
    except Exception:  # a watcher that went away is dropped by its own connection, not here
        log.debug("a table watcher could not be sent %s", kind, exc_info=True)


def sent_command(shared: SharedTable, player: str, seat: int, command: Mapping):
    """A session's command for a seat of its player, decoded as a save's log is; refused in a
    player's words when the seat is not theirs or the command is not well formed."""
    if seat not in shared.seats_of(player):
        raise ServiceError("That is not your seat.")
    try:
        return decode_command(dict(command), shared.table.game.commands)
    except (ValueError, TypeError) as exc:
        raise ServiceError(f"That move is not well formed: {exc}.") from exc


def new_seats(game_id: str, kinds: Sequence[str], name: str) -> tuple[tuple[Seat, ...], list[bool]]:
    """The seats of a new table and, for each, whether its creator holds it."""
    info = find(game_id)
    if not info.playable or max(info.players) < 2:
        raise ServiceError(f"{info.title} cannot be played at a shared table.")
    if len(kinds) not in info.players:
        counts = '/'.join(map(str, info.players))
        raise ServiceError(f"{info.title} takes {counts} players, not {len(kinds)}.")
    for kind in kinds:
        if kind not in (YOU, PERSON, OPEN) and kind not in info.bot_levels:
            raise ServiceError(f"{info.title} has no seat of kind {kind!r}.")
    if kinds.count(YOU) != 1:
        raise ServiceError("One seat must be yours.")
    if OPEN not in kinds:
        raise ServiceError("A shared table needs at least one seat open to other people.")
    local = [PERSON if k == OPEN else k for k in kinds]
    seats = list(seat_list(tuple(local), name))
    for i, kind in enumerate(kinds):
        if kind == OPEN:
            seats[i] = Seat(f"Open seat {i + 1}", SeatKind.REMOTE)
        elif kind in (YOU, PERSON):
            seats[i] = Seat(seats[i].name, SeatKind.REMOTE)
    return tuple(seats), [k in (YOU, PERSON) for k in kinds]


def new_table(player: str, name: str, game_id: str, seats: Sequence[str],
              options: Mapping[str, Any]) -> tuple[Table, list[str | None]]:
    """A new shared table's game and, per seat, the login holding it; ServiceError says why not."""
    try:
        info = find(game_id)
    except LookupError as exc:
        raise ServiceError(str(exc)) from exc
    chosen_seats, held = new_seats(game_id, list(seats), name)
    chosen = {c.key: options[c.key] for c in info.choices
              if c.key in options and options[c.key] in dict(c.values)}
    table_options = dict(info.options) | chosen
    if sum(held) > 1:
        table_options["in_turn"] = True  # several people at one terminal take turns
    try:
        table = Table(info.load(), chosen_seats, new_seed(), table_options)
    except Exception as exc:  # the game's setup judged the options
        raise ServiceError(f"{info.title} cannot start this table ({exc}).") from exc
    return table, [player if h else None for h in held]


class LocalTables(TableService):
    def __init__(self, folder: Path | None, *, seat_wait: float = 120.0, bot_pace: float = 0.6,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.files = TableFiles(folder) if folder is not None else None
        self.seat_wait, self.clock = seat_wait, clock
        self.tables: dict[str, SharedTable] = {}
        self.watchers: dict[str, list[Watcher]] = {}
        self.notice_sinks: dict[str, list[Sink]] = {}
        self.bot_play = TableBots(bot_pace, self._schedule_bots)
        self.waits: dict[tuple[str, int], asyncio.TimerHandle] = {}
        self.limiter = ChatLimiter()
        self.numbers = itertools.count(1)

    # -- start and stop -------------------------------------------------------------------
    async def start(self) -> None:
        """Reload the saved tables: everyone holding a seat is away until they come back."""
        if self.files is None:
            return
        for shared in self.files.load_all():
            self._adopt(shared)
            for seat, holder in enumerate(shared.holders):
                if holder is not None:
                    self._drop(shared, seat)
        taken = [int(t.split("-")[1]) for t in self.tables if t.split("-")[1].isdigit()]
        self.numbers = itertools.count(max(taken, default=0) + 1)
        log.info("tables: %d shared table(s) in %s", len(self.tables), self.files.folder)

    async def close(self) -> None:
        self.bot_play.close()
        for handle in self.waits.values():
            handle.cancel()

    def _adopt(self, shared: SharedTable) -> None:
        self.tables[shared.table_id] = shared
        self.watchers.setdefault(shared.table_id, [])
        shared.table.subscribe(lambda seat, command, events: self._moved(shared, seat, command, events))

    # -- requests -------------------------------------------------------------------------
    async def list_tables(self, player: str) -> list[TableInfo]:
        shown = [s for s in self.tables.values()
                 if s.table.outcome() is None or player in s.players()]
        shown.sort(key=lambda s: (player not in s.invited, int(s.table_id.split("-")[1])))
        return [s.info() for s in shown]

    async def create(self, player: str, name: str, game_id: str, seats: Sequence[str],
                     options: Mapping[str, Any]) -> str:
        table, holders = new_table(player, name, game_id, seats, options)
        table_id = f"t-{next(self.numbers)}"
        shared = SharedTable(table_id, table, player, holders, now())
        self._adopt(shared)
        self._save(shared)
        log.info("table %s: %s created %s", table_id, player, table.game.title)
        return table_id

    async def join(self, table_id: str, player: str, name: str, seat: int | None = None) -> None:
        shared = self._table(table_id)
        if shared.seats_of(player):
            return
        free = shared.open_seats()
        if not free:
            raise ServiceError("This table has no open seat: you can watch it instead.")
        if seat is not None and seat not in free:
            raise ServiceError("That seat is not open.")
        seat = free[0] if seat is None else seat
        shared.holders[seat] = player
        shared.rename(seat, name)
        shared.stand_in.discard(seat)
        shared.invited.discard(player)
        note = f"{name} joined the table."
        log.info("table %s: %s joined seat %d", table_id, player, seat + 1)
        self._notify(shared, f"{name} joined your {shared.table.game.title} table ({table_id}).",
                     but=player)
        self._changed(shared, notes=[note])

    async def leave(self, table_id: str, player: str) -> None:
        shared = self._table(table_id)
        seats = shared.seats_of(player)
        if not seats:
            return
        names = shared.table.names
        for seat in seats:
            shared.holders[seat] = None
            self._cancel_wait(shared, seat)
            shared.away.pop(seat, None)
            if shared.table.outcome() is None:
                shared.stand_in.add(seat)
        if not shared.players() and not shared.table.log:
            self._remove(shared)
            return
        who = names[seats[0]]
        log.info("table %s: %s left", table_id, player)
        self._changed(shared, notes=[f"{who} left: a bot plays their seat until someone joins."])

    async def invite(self, table_id: str, player: str, invitee: str) -> None:
        from tui.serve.players import player_name

        shared = self._table(table_id)
        if player not in shared.players():
            raise ServiceError("Only someone seated at a table can invite to it.")
        who = player_name(invitee or "")
        if who is None:
            raise ServiceError("That is not a player name.")
        shared.invited.add(who)
        self._save(shared)
        host = shared.table.names[shared.seats_of(player)[0]]
        for sink in self.notice_sinks.get(who, []):
            deliver(sink, "notice", f"{host} invites you to {shared.table.game.title} "
                                    f"({table_id}): open Tables to join.")

    async def submit(self, table_id: str, player: str, seat: int, command: Mapping) -> None:
        shared = self._table(table_id)
        decoded = sent_command(shared, player, seat, command)
        if seat in shared.stand_in:
            raise ServiceError("A bot plays this seat for now.")
        result = shared.table.dispatch(seat, decoded)
        if not result:
            raise ServiceError(result.reason)

    async def undo(self, table_id: str, player: str) -> None:
        shared = self._table(table_id)
        table = shared.table
        if not table.log:
            raise ServiceError("Nothing to take back yet.")
        seat, _ = table.log[-1]
        if seat not in shared.seats_of(player) or seat in shared.stand_in:
            raise ServiceError(f"The last move was {table.names[seat]}'s: only your own moves "
                               "can be taken back.")
        refusal = table.undo_refusal(seat)
        if refusal is not None:
            raise ServiceError(refusal)
        table.undo(seat)

    async def chat(self, table_id: str, player: str, text: str) -> None:
        shared = self._table(table_id)
        self._said(shared, self._chat_line(shared, player, text))

    def _chat_line(self, shared: SharedTable, player: str, text: object) -> str:
        """The line as the table shows it ("Name: text"), if the player may say it now."""
        line = chat_text(text)
        watching = any(w.player == player for w in self.watchers[shared.table_id])
        if player not in shared.players() and not watching:
            raise ServiceError("Only people at the table can talk there.")
        if not self.limiter.allow(player, self.clock()):
            raise ServiceError("Slow down: a few messages at a time.")
        seats = shared.seats_of(player)
        return f"{shared.table.names[seats[0]] if seats else player.capitalize()}: {line}"

    def _said(self, shared: SharedTable, said: str) -> None:
        shared.chat.append(said)
        self._save(shared)
        for watcher in list(self.watchers[shared.table_id]):
            deliver(watcher.sink, "chat", said)

    def watch(self, table_id: str, player: str, sink: Sink, spectate: bool = False) -> Callable[[], None]:
        shared = self._table(table_id)
        watcher = Watcher(player, sink, spectate or not shared.seats_of(player))
        notes = [] if watcher.spectate else self._back(shared, player)
        self.watchers[table_id].append(watcher)
        deliver(sink, "frame", shared.frame(self._mine(shared, watcher), first=True))
        if notes:
            self._changed(shared, notes=notes, but=watcher)
        self._schedule_bots(shared)  # someone holding a seat may have just arrived

        def unwatch() -> None:
            if watcher in self.watchers.get(table_id, []):
                self.watchers[table_id].remove(watcher)
                if not watcher.spectate and table_id in self.tables:
                    self._gone(shared, player)
        return unwatch

    def notices(self, player: str, sink: Sink) -> Callable[[], None]:
        self.notice_sinks.setdefault(player, []).append(sink)
        for shared in self.tables.values():  # a player back after a drop: their seats wait
            seats = shared.seats_of(player)
            if seats and shared.table.outcome() is None and seats[0] in shared.away:
                deliver(sink, "table-notice", (shared.table_id, (
                    f"Your seat at {shared.table.game.title} ({shared.table_id}) waits for you: "
                    "Tables to go back.")))
        return lambda: self.notice_sinks.get(player, []).remove(sink) \
            if sink in self.notice_sinks.get(player, []) else None

    # -- presence: a dropped player's seat waits, then a bot plays it -----------------------
    def _back(self, shared: SharedTable, player: str) -> list[str]:
        notes = []
        for seat in shared.seats_of(player):
            self._cancel_wait(shared, seat)
            away = shared.away.pop(seat, None) is not None
            name = shared.table.names[seat]
            if seat in shared.stand_in:
                shared.stand_in.discard(seat)
                notes.append(f"{name} is back and takes the seat from the bot.")
            elif away:
                notes.append(f"{name} is back.")
        return notes[:1]

    def _gone(self, shared: SharedTable, player: str) -> None:
        if any(w.player == player and not w.spectate for w in self.watchers[shared.table_id]):
            return
        self._dropped_out(shared, player)

    def _dropped_out(self, shared: SharedTable, player: str) -> None:
        """The player is at the table nowhere any more: their seats wait for them."""
        seats = shared.seats_of(player)
        for seat in seats:
            self._drop(shared, seat)
        if seats and shared.table.outcome() is None:
            name = shared.table.names[seats[0]]
            log.info("table %s: %s dropped out", shared.table_id, player)
            self._changed(shared, notes=[f"{name} dropped out: their seat waits "
                                         f"{self.seat_wait:g} s, then a bot plays it."])

    def _drop(self, shared: SharedTable, seat: int) -> None:
        shared.away[seat] = self.clock()
        key = (shared.table_id, seat)
        self._cancel_wait(shared, seat)
        loop = asyncio.get_running_loop()
        self.waits[key] = loop.call_later(self.seat_wait, self._stand_in, shared, seat)

    def _stand_in(self, shared: SharedTable, seat: int) -> None:
        self.waits.pop((shared.table_id, seat), None)
        if seat not in shared.away or shared.table.outcome() is not None:
            return
        shared.stand_in.add(seat)
        name = shared.table.names[seat]
        log.info("table %s: a bot plays seat %d for %s", shared.table_id, seat + 1,
                 shared.holders[seat] or "nobody")
        self._changed(shared, notes=[f"{name} has not come back: a bot plays their seat until they do."])

    def _cancel_wait(self, shared: SharedTable, seat: int) -> None:
        handle = self.waits.pop((shared.table_id, seat), None)
        if handle is not None:
            handle.cancel()

    # -- after every change -----------------------------------------------------------------
    def _moved(self, shared: SharedTable, seat: int, command, events) -> None:
        """The table's listener: every command (and every undo) is recorded, saved and sent."""
        if self.tables.get(shared.table_id) is not shared:
            return  # closed meanwhile (a bot's late answer): nothing to save or send
        if command is None:
            if shared.steps:
                shared.steps.pop()
        else:
            shared.steps.append((seat, command, tuple(events)))
        step: Step = (seat, command, tuple(events))
        self._changed(shared, step=step)
        self._turn_notices(shared)

    def _changed(self, shared: SharedTable, *, step: Step | None = None, notes: Sequence[str] = (),
                 but: Watcher | None = None) -> None:
        self._save(shared)
        for watcher in list(self.watchers.get(shared.table_id, [])):
            if watcher is not but:
                deliver(watcher.sink, "frame",
                        shared.frame(self._mine(shared, watcher), step=step, notes=notes))
        self._schedule_bots(shared)

    def _turn_notices(self, shared: SharedTable) -> None:
        """Tell a player when one of their seats has just become due to act (they may be on
        another screen)."""
        to_act = shared.table.to_act()
        fresh, shared.last_to_act = set(to_act) - set(shared.last_to_act), to_act
        for seat in fresh:
            player = shared.holders[seat]
            if player is not None and seat not in shared.stand_in:
                for sink in self.notice_sinks.get(player, []):
                    deliver(sink, "turn", shared.table_id)

    def _notify(self, shared: SharedTable, text: str, but: str | None = None) -> None:
        """Tell everyone seated (but one) about their table; a screen of that very table shows
        it in its log instead."""
        for player in shared.players() - {but}:
            for sink in self.notice_sinks.get(player, []):
                deliver(sink, "table-notice", (shared.table_id, text))

    def _mine(self, shared: SharedTable, watcher: Watcher) -> list[int]:
        return [] if watcher.spectate else shared.seats_of(watcher.player)

    def _save(self, shared: SharedTable) -> None:
        if self.files is None:
            return
        try:
            self.files.write(shared)
        except SaveError as exc:
            log.error("table %s could not be saved: %s", shared.table_id, exc)

    def _remove(self, shared: SharedTable) -> None:
        self.tables.pop(shared.table_id, None)
        for watcher in self.watchers.pop(shared.table_id, []):
            deliver(watcher.sink, "closed", "The table was closed.")
        if self.files is not None:
            try:
                self.files.store.delete(shared.table_id)
            except SaveError as exc:
                log.error("table %s could not be deleted: %s", shared.table_id, exc)

    def _table(self, table_id: object) -> SharedTable:
        shared = self.tables.get(table_id) if isinstance(table_id, str) else None
        if shared is None:
            raise ServiceError("There is no such table (any more).")
        return shared

    def _someone_here(self, shared: SharedTable) -> bool:
        return any(not w.spectate for w in self.watchers.get(shared.table_id, []))

    def _schedule_bots(self, shared: SharedTable) -> None:
        """Bots (stand-ins too) move only while someone holding a seat is at the table."""
        if shared.table_id in self.tables and self._someone_here(shared):
            self.bot_play.schedule(shared)
