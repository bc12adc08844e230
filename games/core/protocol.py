"""The one protocol every game implements, so one bus, one save store and one shell serve them all."""
from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import repeat
from operator import is_
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Mapping, TypeVar

from games.core.messages import Command, Event, quick_init

if TYPE_CHECKING:
    from games.core.manifest import Manifest

S = TypeVar("S")  # the game's full state (never leaves the rules layer)
V = TypeVar("V")  # what one seat may see


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: the winning seats (several for a shared win) and a summary line."""

    winners: tuple[int, ...]
    summary: str
    scores: tuple[int, ...] = field(default=())


quick_init(Outcome)  # one is made at the end of every game, and asked again of a finished table


class Game(ABC, Generic[S, V]):
    """A game's rules. Pure functions of (state, seat, command); the state is mutated only by apply."""

    manifest: "Manifest"  # id, title, blurb and seat counts live there, written once
    commands: tuple[type[Command], ...]
    bots_module: str  # where BOTS lives: {level: bot class built from a seed}; imported lazily
    content_checks: tuple[Callable[[], list[str]], ...] = ()  # each returns the problems found
    content_reports: tuple[Callable[[], list[str]], ...] = ()  # lines about sound content

    @property
    def id(self) -> str:
        return self.manifest.id

    @property
    def title(self) -> str:
        return self.manifest.title

    @property
    def seat_counts(self) -> tuple[int, ...]:
        return self.manifest.players

    @abstractmethod
    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> tuple[S, list[Event]]:
        """A new game from a seed (every random draw later comes from it) and the events of how it
        began (the layout dealt, the first player), which every log shows first."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats allowed to send a command now (empty when the game is over)."""

    @abstractmethod
    def waiting_for(self, state: S, names: Sequence[str]) -> str:
        """What the game waits for, in a player's words ('Ada to collect a butterfly')."""

    @abstractmethod
    def legal_commands(self, state: S, seat: int) -> list[Command]:
        """Every command the seat may send now. A free-form proposal whose combinations are too
        many to list (a trade of several things) may be listed in its simplest forms only; the
        rest are judged by `rejection`."""

    def listing(self, state: S, seat: int) -> Sequence[Command]:
        """The legal commands for a bot that chooses before anything changes the state (headless
        play): legal_commands, or a Listing that builds them only as far as they are read."""
        return self.legal_commands(state, seat)

    @abstractmethod
    def rejection(self, state: S, seat: int, command: Command) -> str | None:
        """Why this command is illegal now (the game's own checks), or None if it is legal."""

    @abstractmethod
    def apply(self, state: S, seat: int, command: Command) -> list[Event]:
        """Carry out a legal command, changing the state; returns what happened."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V:
        """What `seat` may see (None: a spectator who sees only public information)."""

    @abstractmethod
    def progress(self, state: S) -> str:
        """A short line for the save menu, such as 'round 2, 1-0'."""

    def save_group(self, state: S) -> dict[str, Any] | None:
        """Saves the save menu shows together (a saga's chapters), or None: {"id": the group,
        "title": its name, "order": this save's place in it, "line": this save's part in words
        ("Lantern Night: 12 points"), "sheet": the lines of the parts before it}."""
        return None

    def fork_options(self, state: S, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
        """The options of a finished game (its state and options) played again from its start as
        a fork of its own (a saga's chapter replayed without touching the chapters after it)."""
        return dict(options)

    @abstractmethod
    def snapshot(self, state: S) -> dict[str, Any]:
        """A readable summary of the state for save files (never read back: the log is the truth)."""

    @abstractmethod
    def copy_state(self, state: S) -> S:
        """An independent copy (cheap: bots copy states in their search)."""

    @cached_property
    def bots(self) -> Mapping[str, Callable[[int], "Bot"]]:
        """The game's bots by level (random, easy, hard), loaded when first asked for (and kept:
        every new table asks)."""
        return importlib.import_module(self.bots_module).BOTS


class Bot(ABC):
    """A bot decides from its seat's view and the legal commands only."""

    name: str
    reads_view: ClassVar[bool] = True  # False: it is handed no view (the random bot reads none)
    # True: choose() returns one of the very objects in `legal` when it is a list (the runtime takes
    # it as legal without looking it up)
    picks_listed: ClassVar[bool] = False
    # (below, bits): a bot whose choice from a Listing is listing.sample(below, bits) and which
    # reads no view (the random bot) says so, and headless play asks the Listing itself and takes
    # what it draws as legal (Runtime.run: a call, the view test and the legality test less a move)
    draws: tuple[Callable[[int], int], Callable[[int], int]] | None = None

    @abstractmethod
    def choose(self, view: Any, legal: Sequence[Command], seat: int) -> Command:
        """The command to send."""


class Listing(Sequence):
    """The legal commands of one state, for a game whose full list is too long to build at every
    move of headless play: read as a list (len, [i], iteration, `in`), it is built once in full;
    `sample` may draw a command uniformly without building them all."""

    _full: list[Command] | None = None
    _drawn: Command | None = None

    @abstractmethod
    def build(self) -> list[Command]:
        """Every legal command, in the game's order (legal_commands)."""

    def full(self) -> list[Command]:
        if self._full is None:
            self._full = self.build()
        return self._full

    def __len__(self) -> int:
        return len(self.full())

    def __getitem__(self, index):  # type: ignore[override]
        return self.full()[index]

    def __iter__(self):
        return iter(self.full())

    def __contains__(self, command: object) -> bool:
        return command in self.full()

    def sample(self, below: Callable[[int], int], bits: Callable[[int], int] | None = None) -> Command:
        """A uniformly random legal command; `below(n)` draws uniformly from range(n). `bits`, if
        given, is the getrandbits of the generator whose _randbelow `below` is: a listing drawing
        several numbers may draw them with it inline, the same numbers (a Python call less each)."""
        self._drawn = command = self.draw(below)
        return command

    def draw(self, below: Callable[[int], int]) -> Command:
        """What `sample` returns: here one of the full list (a game may draw without building it)."""
        full = self.full()
        if not full:
            raise IndexError("Cannot choose from an empty sequence")
        return full[below(len(full))]

    def handed(self, command: Command) -> bool:
        """Whether `command` is the very object this listing handed out (so legal in its state)."""
        return command is self._drawn or (self._full is not None and listed(self._full, command))


def listed(legal: Sequence[Command], command: Command) -> bool:
    """Whether `command` is the very object a bot took from `legal`, the listing just made: legal
    without the checks."""
    if legal.__class__ is not list and Listing in legal.__class__.__mro__:  # not isinstance: the ABC
        return legal.handed(command)  # hook costs a Python call
    return any(map(is_, legal, repeat(command)))
