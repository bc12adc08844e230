"""One shared table: a games.core Table plus who holds each seat, who is away, which seats a
stand-in bot plays, and what each watcher may be sent (its own seats' views, never another's)."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from typing import Iterable, Sequence

from games.core.messages import Command, Event
from games.core.seats import Seat, SeatKind
from games.core.table import Table
from tui.tables.service import CHAT_KEPT, SeatInfo, Step, TableFrame, TableInfo


@dataclass(frozen=True, slots=True)
class PublicEvent(Event):
    """Another seat's secret as this seat may know it: its public wording only."""

    text: str

    def describe(self, names: Sequence[str]) -> str:
        return self.text


def known_to(events: Iterable[Event], mine: frozenset[int], names: Sequence[str]) -> tuple[Event, ...]:
    """The events as seats `mine` may know them: another seat's secret becomes its public wording,
    or nothing when it has none."""
    shown = []
    for event in events:
        seen_by = event.visible_to
        if seen_by is None or seen_by & mine:
            shown.append(event)
        elif hasattr(event, "public"):
            shown.append(PublicEvent(event.public(names)))
    return tuple(shown)


@dataclass
class SharedTable:
    table_id: str
    table: Table
    host: str  # the player who created it
    holders: list[str | None]  # per seat: the login holding it; None for a bot seat or an open one
    created: datetime
    away: dict[int, float] = field(default_factory=dict)  # seat -> when its holder dropped
    stand_in: set[int] = field(default_factory=set)  # person seats a bot plays for now
    invited: set[str] = field(default_factory=set)
    chat: deque[str] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    steps: list[Step] = field(default_factory=list)  # every command with its events (full, unfiltered)
    last_to_act: tuple[int, ...] = ()  # whose turn it was at the last change (for turn notices)

    # -- seats --------------------------------------------------------------------------
    def seats_of(self, player: str) -> list[int]:
        return [i for i, holder in enumerate(self.holders) if holder == player]

    def open_seats(self) -> list[int]:
        return [i for i, holder in enumerate(self.holders)
                if holder is None and not self.table.seats[i].is_bot]

    def players(self) -> set[str]:
        return {holder for holder in self.holders if holder is not None}

    def bot_driven(self) -> set[int]:
        """Seats a bot plays now: bot seats, and person seats a stand-in plays for."""
        return {i for i, seat in enumerate(self.table.seats) if seat.is_bot} | self.stand_in

    def rename(self, seat: int, name: str) -> None:
        seats = list(self.table.seats)
        seats[seat] = Seat(name, SeatKind.REMOTE)
        self.table.seats = tuple(seats)

    # -- what is sent -------------------------------------------------------------------
    def info(self) -> TableInfo:
        seats = []
        for i, seat in enumerate(self.table.seats):
            holder = self.holders[i]
            kind = "bot" if seat.is_bot else "open" if holder is None else "person"
            seats.append(SeatInfo(seat.name, kind, holder, i in self.away, i in self.stand_in))
        outcome = self.table.outcome()
        return TableInfo(self.table_id, self.table.game.id, self.table.game.title, self.host,
                         tuple(seats), "" if outcome else self.table.waiting_for(),
                         self.table.progress(), outcome is not None, tuple(sorted(self.invited)))

    def seats_for(self, mine: frozenset[int]) -> tuple[Seat, ...]:
        """The seats as a watcher's screen should treat them: bots (stand-ins too) as bots, its
        own seats as people at its terminal, everyone else as a remote person."""
        shown = []
        level = (self.table.game.manifest.bot_levels or ("easy",))[0]
        for i, seat in enumerate(self.table.seats):
            if seat.is_bot:
                shown.append(seat)
            elif i in self.stand_in:
                shown.append(Seat(seat.name, SeatKind.BOT, level))
            elif i in mine:
                shown.append(Seat(seat.name, SeatKind.PERSON))
            else:
                shown.append(Seat(seat.name, SeatKind.REMOTE))
        return tuple(shown)

    def step_for(self, step: Step, mine: frozenset[int]) -> Step:
        """A step as a watcher may know it: another seat's command is not shown (a discard names
        its card), its events filtered."""
        seat, command, events = step
        shown = command if (command is None or seat in mine) else Command()
        return seat, shown, known_to(events, mine, self.table.names)

    def frame(self, mine: Sequence[int], *, first: bool = False, step: Step | None = None,
              notes: Sequence[str] = (), chat: Sequence[str] = ()) -> TableFrame:
        table, own = self.table, frozenset(mine)
        to_act = table.to_act()
        views = {None: table.view(None)} | {seat: table.view(seat) for seat in sorted(own)}
        legal = {seat: table.legal_commands(seat) for seat in sorted(own) if seat in to_act}
        outcome = table.outcome()
        return TableFrame(
            self.table_id, table.game.id, len(table.log), self.seats_for(own), tuple(sorted(own)),
            views, to_act, outcome, "" if outcome else table.waiting_for(), table.progress(), legal,
            opening=known_to(table.opening, own, table.names) if first else (),
            history=[self.step_for(s, own) for s in self.steps] if first else None,
            step=self.step_for(step, own) if step is not None else None,
            notes=tuple(notes), chat=tuple(self.chat) if first else tuple(chat))
