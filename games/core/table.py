"""A table holds one game: rules, state, seats and the command log. Its bus is the only writer.

(Issue 21's tenth pass, the engine, helper O16; bench/random_play_instructions.py on the slowest
game, 200 games --no-gc, two runs each: 88,270/88,269 on 34c9916. Kept: the log's entries made from
the pair by a tuple subclass with named fields (property(itemgetter)), not a NamedTuple by
tuple.__new__'s wrapper: 88,024/88,077; then each entry the plain pair (seat, command), read by
unpacking (LogEntry names the type): 86,827/86,556, as main with only carry_out's two lines changed
(86,563/86,650; a subclass's instances go through the type's generic allocation and subtype_dealloc,
a pair through tuple's free list; valgrind on a loop making and dropping 10,000: NamedTuple by
tuple.__new__ 3.05k, subclass from the pair 2.70k, subclass with collections' private _tuplegetter
2.55k, the pair 1.35k an entry); Runtime.run reading a Listing's _drawn as an attribute, not by
getattr with a default: 86,030/86,124. Weighed, not built: SquaresScratched's first construction
(~5.2k: the object ~1.15k, the __init__ call ~0.55k, five slot setters through method-wrappers ~0.6k
each; no cheaper way to fill a frozen slots object without the loose twin); that game's score at
each game's end, 17.0k (~0.5k a move; 10.2k of it bytecodes, the kind tested by a chain of string
compares: ~45 compares for nine criteria whatever their order). Dropped: that game's crossed
talent rows as tuples replaced on change (its state's copy 50.0k -> 44.2k), 86,105/86,164 (no gain
seen; the state is copied once a game).)"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import repeat
from operator import is_
from typing import Any, Callable, Mapping, Sequence

from games.core.messages import Accepted, Command, Event, Rejection
from games.core.protocol import Game, Outcome
from games.core.seats import Seat
from games.core.shape import fits, malformed

Listener = Callable[[int, Command, tuple[Event, ...]], None]


def revealed(events: Sequence[Event], names: Sequence[str]) -> str:
    """What a command revealed, for the reason it cannot be taken back."""
    shown = next((e for e in events if e.reveals), None)
    what = shown.describe(names).rstrip(".") if shown is not None else "hidden information"
    return f"it revealed something ({what}), and nothing revealed is hidden again"


# One command of the log and the seat that sent it: the pair (seat, command), read by unpacking
# (`seat, command = entry`). A plain tuple, not a class with named fields: one is made at every
# move, and a tuple subclass is made and freed through the type's generic allocation (a NamedTuple
# made by tuple.__new__ ~1.65k instructions a move more, one made from the pair ~1.45k; issue 21).
LogEntry = tuple[int, Command]


@dataclass
class Table:
    """One game in progress. `dispatch` validates, applies, logs and publishes, in that order."""

    game: Game
    seats: tuple[Seat, ...]
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)
    state: Any = None
    log: list[LogEntry] = field(default_factory=list)
    undo_floor: int = 0  # commands before this index can no longer be taken back
    opening: tuple[Event, ...] = ()  # how the game began (dealt by setup), before any command
    # why the commands before undo_floor can no longer be taken back, worded only when asked
    # (settled_by): the seat that moved since, or the events that revealed something (two
    # fields, not a tuple: one was made at nearly every move, ~0.4k instructions)
    settled_seat: int = -1
    settled_events: tuple[Event, ...] = ()
    _listeners: list[Listener] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        self._apply = self.game.apply  # looked up once: carry_out applies a command every move,
        # and a staticmethod read through the game costs ~250 instructions each time
        if self.state is None:
            self.state, opening = self.game.setup(self.seed, len(self.seats), self.options)
            self.opening = tuple(opening)

    @classmethod
    def replay(cls, game: Game, seats: Sequence[Seat], seed: int, options: Mapping[str, Any],
               log: Sequence[LogEntry]) -> "Table":
        """Rebuild a table from its setup and log; raises ValueError at the first illegal entry."""
        table = cls(game, tuple(seats), seed, dict(options))
        for number, (seat, command) in enumerate(log, 1):
            result = table.dispatch(seat, command)
            if not result:
                raise ValueError(f"move {number} ({command!r}) is not legal: {result.reason}")
        return table

    # -- the bus -------------------------------------------------------------------------
    def check(self, seat: int, command: Command) -> Rejection | None:
        """Fixed order: game over? a seat of this table, allowed now? a well-formed command of this
        game? legal? The rules see only seats and commands of the right shape."""
        if self.game.outcome(self.state) is not None:
            return Rejection("The game is over.")
        if not fits(seat, int) or not 0 <= seat < len(self.seats):
            return Rejection("There is no such seat at this table.")
        if seat not in self.game.to_act(self.state):
            return Rejection(f"It is not your turn: waiting for {self.waiting_for()}.")
        if type(command) not in self.game.commands:
            return Rejection(f"{self.game.title} has no such move.")
        problem = malformed(command)
        if problem:
            return Rejection(f"That move is not well formed: {problem}.")
        reason = self.game.rejection(self.state, seat, command)
        return Rejection(reason) if reason else None

    def dispatch(self, seat: int, command: Command, listed: Sequence[Command] = ()) -> Accepted | Rejection:
        """Check the command, apply it, log it, tell the listeners. `listed`: the seat's legal
        commands as just listed for this very state (headless bot play): the very object taken
        from that list is legal, and the checks are not made twice."""
        if not any(map(is_, listed, repeat(command))):
            rejection = self.check(seat, command)
            if rejection is not None:
                return rejection
        return Accepted(self.carry_out(seat, command))

    def carry_out(self, seat: int, command: Command) -> tuple[Event, ...]:
        """Apply a command already found legal, log it, tell the listeners; the events it caused.
        Only dispatch, and the runtime for a command it took from the list just made, call it."""
        events = tuple(self._apply(self.state, seat, command))
        log = self.log
        if log and log[-1][0] != seat:  # the last entry's seat
            self.undo_floor = len(log)  # another seat acted: earlier commands are settled
            self.settled_seat, self.settled_events = seat, ()
        log.append((seat, command))  # a LogEntry
        # an event that revealed hidden information or drew randomness (Event.reveals) ends undo:
        # looked for here, not by a method of Game (a Python call less at every move of every game)
        for event in events:
            if event.reveals:
                self.undo_floor = len(log)
                self.settled_seat, self.settled_events = -1, events
                break
        if self._listeners:
            for listener in list(self._listeners):
                listener(seat, command, events)
        return events

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    # -- undo: take back your own commands until something was revealed or another seat acted --
    def can_undo(self, seat: int) -> bool:
        return self.undo_refusal(seat) is None

    def undo_refusal(self, seat: int) -> str | None:
        """Why the seat cannot take back the last command now, in a player's words, or None."""
        if not self.log:
            return "Nothing to take back yet."
        last_seat, _ = self.log[-1]
        if last_seat != seat:
            return f"The last move was {self.names[last_seat]}'s, not yours."
        if len(self.log) <= self.undo_floor:
            return f"That move cannot be taken back: {self.settled_by}."
        return None

    def undo(self, seat: int) -> bool:
        """Take back the seat's last command by replaying the log without it."""
        if not self.can_undo(seat):
            return False
        floor, settled = self.undo_floor, (self.settled_seat, self.settled_events)
        rebuilt = Table.replay(self.game, self.seats, self.seed, self.options, self.log[:-1])
        self.state, self.log = rebuilt.state, rebuilt.log
        self.undo_floor = min(floor, len(self.log))
        self.settled_seat, self.settled_events = settled
        for listener in list(self._listeners):
            listener(seat, None, ())
        return True

    def history(self) -> list[tuple[int, Command, tuple[Event, ...]]]:
        """Every command so far with the events it caused, found by replaying the log."""
        fresh = Table(self.game, self.seats, self.seed, dict(self.options))
        seen: list[tuple[int, Command, tuple[Event, ...]]] = []
        fresh.subscribe(lambda seat, command, events: seen.append((seat, command, events)))
        for seat, command in self.log:
            fresh.dispatch(seat, command)
        return seen

    # -- reading -------------------------------------------------------------------------
    @property
    def settled_by(self) -> str:
        """Why the commands before undo_floor can no longer be taken back, in a player's words."""
        seat, events = self.settled_seat, self.settled_events
        return revealed(events, self.names) if events else f"{self.seats[seat].name} has moved since"

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def waiting_for(self) -> str:
        """What the game waits for, in a player's words ('Ada to collect a butterfly')."""
        return self.game.waiting_for(self.state, self.names)

    def legal_commands(self, seat: int) -> list[Command]:
        return self.game.legal_commands(self.state, seat)

    def progress(self) -> str:
        return self.game.progress(self.state)

    def save_group(self) -> dict[str, Any] | None:
        return self.game.save_group(self.state)

    def fork_options(self, seed: int) -> dict[str, Any]:
        """The options to play this (finished) game again from its start, as a fork of its own."""
        return self.game.fork_options(self.state, self.options, seed)
