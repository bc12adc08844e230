"""What a Fluttering Souls player can do: commands, in the imperative."""
from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import Command
from games.fluttering_souls.layouts import LABELS


@dataclass(frozen=True, slots=True)
class Collect(Command):
    """Collect the open card in a slot of the layout."""

    slot: int

    def __repr__(self) -> str:
        # a save file may name a slot that does not exist; the repr must still work to report it
        ok = isinstance(self.slot, int) and 0 <= self.slot < len(LABELS)
        return f"Collect({LABELS[self.slot] if ok else repr(self.slot)})"


@dataclass(frozen=True, slots=True)
class PlaceEggfly(Command):
    """Put the Great Eggfly into the slot just emptied, covering what that card covered."""

    def __repr__(self) -> str:
        return "PlaceEggfly()"


@dataclass(frozen=True, slots=True)
class KeepEggfly(Command):
    """Keep the Great Eggfly in your collection this turn."""

    def __repr__(self) -> str:
        return "KeepEggfly()"


@dataclass(frozen=True, slots=True)
class ChooseOrder(Command):
    """The loser of a round chooses to go first or second in the next one."""

    go_first: bool

    def __repr__(self) -> str:
        return f"ChooseOrder({'first' if self.go_first else 'second'})"


COMMANDS = (Collect, PlaceEggfly, KeepEggfly, ChooseOrder)
