"""The table service's interface: what sessions may ask of shared tables, and what they are sent.

One small interface, two implementations: in the server process (tui.tables.local, the default)
and Redis for several hosts (tui.tables.redis_service). Sessions never see an implementation:
they talk to the Unix socket (tui.tables.wire), whose server turns each request into one of these
calls.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from games.core.messages import Command, Event
from games.core.protocol import Outcome
from games.core.seats import Seat

OPEN, YOU, PERSON = "open", "you", "person"  # a new table's seats, besides bot levels
CHAT_LENGTH = 200  # characters in one chat message
CHAT_RATE = (5, 10.0)  # at most 5 messages per 10 seconds per player
CHAT_KEPT = 50  # lines of chat a table keeps


class ServiceError(Exception):
    """A request the service refuses; the message is for the player."""


class TablesUnavailable(Exception):
    """The table service cannot start (Redis unreachable, say); the message is for the host."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the Tables screen lists it."""

    name: str
    kind: str  # "bot", "open" (waiting for a person), "person"
    player: str | None = None  # the login holding it
    away: bool = False  # the holder's connection dropped
    stand_in: bool = False  # a bot plays it until its person comes back


@dataclass(frozen=True)
class TableInfo:
    """One line of the Tables screen."""

    table_id: str
    game_id: str
    title: str
    host: str
    seats: tuple[SeatInfo, ...]
    waiting_for: str
    progress: str
    finished: bool
    invited: tuple[str, ...] = ()

    def to_json(self) -> dict:
        data = dict(self.__dict__)
        data["seats"] = [dict(s.__dict__) for s in self.seats]
        data["invited"] = list(self.invited)
        return data

    @classmethod
    def from_json(cls, data: Mapping) -> "TableInfo":
        seats = tuple(SeatInfo(**s) for s in data["seats"])
        return cls(**{**data, "seats": seats, "invited": tuple(data.get("invited", ()))})


Step = tuple[int, Command | None, tuple[Event, ...]]  # seat, command (None: taken back), events


@dataclass
class TableFrame:
    """Everything one watcher of a table may know, sent after every change: the views of its own
    seats and the public view, its legal commands, and events filtered for its seats (another
    seat's secret is replaced by its public wording). `history` is set in the first frame only."""

    table_id: str
    game_id: str
    version: int  # commands in the log
    seats: tuple[Seat, ...]  # as the watcher should treat them: bots, its own people, others
    mine: tuple[int, ...]  # the watcher's seats (empty: a spectator)
    views: dict[int | None, Any]
    to_act: tuple[int, ...]
    outcome: Outcome | None
    waiting_for: str
    progress: str
    legal: dict[int, list[Command]]
    opening: tuple[Event, ...] = ()
    history: list[Step] | None = None
    step: Step | None = None
    notes: tuple[str, ...] = ()  # what happened to the seats (joined, dropped, a bot stands in)
    chat: tuple[str, ...] = ()  # new chat lines ("Name: text")


Sink = Callable[[str, Any], None]  # ("frame", TableFrame) | ("notice", text) | ("rejected", text)


class TableService(ABC):
    """Shared tables. `player` is a login (players/NAME); `name` the name seats show."""

    @abstractmethod
    async def list_tables(self, player: str) -> list[TableInfo]:
        """Tables still open to people or being played, and the player's own finished ones."""

    @abstractmethod
    async def create(self, player: str, name: str, game_id: str, seats: Sequence[str],
                     options: Mapping[str, Any]) -> str:
        """A new table; each seat is "you", "person" (another person at your terminal), "open"
        (for someone to join) or a bot level. Returns the table's id."""

    @abstractmethod
    async def join(self, table_id: str, player: str, name: str, seat: int | None = None) -> None:
        """Take an open seat (the first, or `seat`); a player who holds a seat already keeps it."""

    @abstractmethod
    async def leave(self, table_id: str, player: str) -> None:
        """Give up the player's seats: a bot plays them until someone joins."""

    @abstractmethod
    async def invite(self, table_id: str, player: str, invitee: str) -> None:
        """Tell `invitee` about the table, wherever they are in fabletop."""

    @abstractmethod
    async def submit(self, table_id: str, player: str, seat: int, command: Mapping) -> None:
        """A command (encoded as in saves) for one of the player's seats; ServiceError says why not."""

    @abstractmethod
    async def undo(self, table_id: str, player: str) -> None:
        """Take back the player's last command, if nothing since forbids it."""

    @abstractmethod
    async def chat(self, table_id: str, player: str, text: str) -> None:
        """One line to everyone at the table (seats and spectators)."""

    @abstractmethod
    def watch(self, table_id: str, player: str, sink: Sink, spectate: bool = False) -> Callable[[], None]:
        """Send `sink` a frame now and after every change; returns the call that stops it. A seat
        holder's watch is their presence: when the last one ends, their seats wait for them."""

    @abstractmethod
    def notices(self, player: str, sink: Sink) -> Callable[[], None]:
        """Send `sink` the player's notices (invitations, your turn, someone joined)."""

    async def start(self) -> None:
        """Load the tables kept from before."""

    async def close(self) -> None:
        """Save what needs saving and stop the bots."""


@dataclass
class ChatLimiter:
    """At most `count` messages per `seconds` per player."""

    count: int = CHAT_RATE[0]
    seconds: float = CHAT_RATE[1]
    sent: dict[str, list[float]] = field(default_factory=dict)

    def allow(self, player: str, now: float) -> bool:
        recent = [t for t in self.sent.get(player, []) if now - t < self.seconds]
        if len(recent) >= self.count:
            self.sent[player] = recent
            return False
        self.sent[player] = [*recent, now]
        return True


def chat_text(text: object) -> str:
    """A chat message as sent on: one line, printable, at most CHAT_LENGTH characters."""
    if not isinstance(text, str):
        raise ServiceError("A chat message is text.")
    line = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    if not line:
        raise ServiceError("Nothing to send.")
    if len(line) > CHAT_LENGTH:
        raise ServiceError(f"A chat message holds at most {CHAT_LENGTH} characters.")
    return line
