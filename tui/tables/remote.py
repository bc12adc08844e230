"""The table a game screen reads when its game is played at a shared table: the same reading
interface as games.core.table.Table, fed by the frames the service sends this session's seats.

It holds views, never the state: the screen can only draw what its seats may see. Commands go to
the service; an accepted one comes back as the next frame (the service's bus orders commands from
every session), a refused one as the reason, shown like any refusal.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

from games.core.messages import Accepted, Command, Rejection, encode_command
from games.core.protocol import Outcome
from games.core.registry import find
from games.core.runtime import Runtime
from games.core.seats import Seat
from tui.tables.client import TableClient
from tui.tables.service import Step, TableFrame

Listener = Callable[[int, Command | None, tuple], None]


class RemoteTable:
    remote = True

    def __init__(self, client: TableClient, frame: TableFrame, spectate: bool = False) -> None:
        self.client, self.table_id, self.spectate = client, frame.table_id, spectate
        self.game = find(frame.game_id).load()
        self.frame = frame
        self.opening = frame.opening
        self.steps: list[Step] = list(frame.history or [])
        self.bot_seats: dict[int, None] = {}  # updated in place: the screen keeps this very dict
        self.chat: list[str] = list(frame.chat)
        self._listeners: list[Listener] = []
        self.on_news: Callable[[Sequence[str], bool], None] = lambda lines, chat: None
        self.on_refused: Callable[[str], None] = lambda reason: None
        self.on_closed: Callable[[str], None] = lambda reason: None
        self._update(frame)

    # -- what the service sends ----------------------------------------------------------
    def received(self, kind: str, data: Any) -> None:
        if kind == "frame":
            self._update(data)
            if data.step is not None:
                seat, command, events = data.step
                if command is None:
                    if self.steps:
                        self.steps.pop()
                else:
                    self.steps.append(data.step)
                for listener in list(self._listeners):
                    listener(seat, command, events)
            if data.notes:
                self.on_news(data.notes, False)
        elif kind == "chat":
            self.chat.append(data)
            self.on_news([data], True)
        elif kind == "closed":
            self.on_closed(str(data))

    def _update(self, frame: TableFrame) -> None:
        self.frame = frame
        self.bot_seats.clear()
        self.bot_seats.update({i: None for i, seat in enumerate(frame.seats) if seat.is_bot})

    # -- sending ---------------------------------------------------------------------------
    def dispatch(self, seat: int, command: Command, listed: Sequence[Command] = ()) -> Accepted | Rejection:
        """Send the command; its events arrive with the next frame (or its refusal, later)."""
        if seat not in self.frame.mine:
            return Rejection("That is not your seat.")
        self.client.send("submit", self.on_refused, table=self.table_id, seat=seat,
                         command=encode_command(command))
        return Accepted(())

    def check(self, seat: int, command: Command) -> Rejection | None:
        return None  # the service judges; its refusal comes back to on_refused

    def say(self, text: str) -> None:
        self.client.send("chat", self.on_refused, table=self.table_id, text=text)

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)

        def unsubscribe() -> None:
            self._listeners.remove(listener)
            if not self._listeners:
                self.close()
        return unsubscribe

    def close(self) -> None:
        """Stop watching: the seat's wait starts if no other screen of this player watches."""
        if self.client.handlers.get(self.table_id) == self.received:
            del self.client.handlers[self.table_id]
        if not self.client.closed:
            self.client.send("unwatch", table=self.table_id)

    # -- reading, as games.core.table.Table ---------------------------------------------------
    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.frame.seats

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.frame.seats]

    @property
    def log(self) -> list[None]:
        return [None] * self.frame.version

    def view(self, seat: int | None) -> Any:
        views = self.frame.views
        return views[seat] if seat in views else views[None]

    def outcome(self) -> Outcome | None:
        return self.frame.outcome

    def to_act(self) -> tuple[int, ...]:
        return self.frame.to_act

    def waiting_for(self) -> str:
        return self.frame.waiting_for

    def legal_commands(self, seat: int) -> list[Command]:
        return list(self.frame.legal.get(seat, []))

    def progress(self) -> str:
        return self.frame.progress

    def history(self) -> list[Step]:
        return list(self.steps)

    def runtime(self) -> "RemoteRuntime":
        return RemoteRuntime(self)


class RemoteRuntime(Runtime):
    """The runtime of a screen at a shared table: bots think in the service, not here; the
    people are this session's own seats; undo is asked of the service."""

    def __init__(self, table: RemoteTable) -> None:  # not super(): it would seat bots here
        self.table, self.pace, self._last = table, 0.0, -1
        self.bots = table.bot_seats

    @property
    def people(self) -> list[int]:
        return list(self.table.frame.mine)

    def next_bot(self) -> int | None:
        return None

    def play(self, seat: int, command: Command) -> Accepted | Rejection:
        return self.table.dispatch(seat, command)

    def undo(self) -> str | None:
        self.table.client.send("undo", self.table.on_refused, table=self.table.table_id)
        return None


async def open_remote(client: TableClient, table_id: str, spectate: bool = False) -> RemoteTable:
    """Watch a table and wait for its first frame: the table a screen can be built on."""
    import asyncio

    first: asyncio.Future = asyncio.get_running_loop().create_future()
    early: list[tuple[str, Any]] = []

    def until_ready(kind: str, data: Any) -> None:
        if kind == "frame" and not first.done():
            first.set_result(data)
        elif first.done():
            early.append((kind, data))
    client.handlers[table_id] = until_ready
    try:
        await client.request("watch", table=table_id, spectate=spectate)
        frame = await asyncio.wait_for(first, 15)
    except BaseException:
        client.handlers.pop(table_id, None)
        raise
    table = RemoteTable(client, frame, spectate)
    client.handlers[table_id] = table.received
    for kind, data in early:
        table.received(kind, data)
    return table
