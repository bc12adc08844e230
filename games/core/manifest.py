"""What the collection knows of a game before loading it: a manifest, one per game package.

The registry, the new-game menu, the custom table, the rules screen and the screen lookup are all
built from manifests, so a new game adds its own package and nothing else. A manifest is cheap to
import: it names the rules and the screen by module path, loaded only when a table is opened.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Mapping

from games.core.seats import Seat, SeatKind


YOU, PERSON = "you", "person"  # a preset's seats: you, another person at this terminal, or a bot level


@dataclass(frozen=True, slots=True)
class SeatPreset:
    """One line of the "who is playing?" menu: seats as "you", "person" or a bot level."""

    key: str
    label: str
    seats: tuple[str, ...]

    def build(self, name: str) -> tuple[Seat, ...]:
        return seat_list(self.seats, name)


def seat_list(kinds: tuple[str, ...], name: str, *, number_every_bot: bool = False) -> tuple[Seat, ...]:
    """Seats named as the menus name them: you by your name, other people "Player n" (counting you),
    bots "Easy bot", or "Easy bot 1", "Easy bot 2" when several share a level (or always, when asked)."""
    levels = [kind for kind in kinds if kind not in (YOU, PERSON)]
    seats, people, counted = [], 0, {level: 0 for level in levels}
    for kind in kinds:
        if kind == YOU:
            people += 1
            seats.append(Seat(name))
        elif kind == PERSON:
            people += 1
            seats.append(Seat(f"Player {people}"))
        else:
            counted[kind] += 1
            number = f" {counted[kind]}" if number_every_bot or levels.count(kind) > 1 else ""
            seats.append(Seat(f"{kind.capitalize()} bot{number}", SeatKind.BOT, kind))
    return tuple(seats)


@dataclass(frozen=True, slots=True)
class TableChoice:
    """A question a new table asks after its seats (how long the game is, ...): the option's key
    and each value with its words; the first value is the default."""

    key: str
    question: str
    values: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Manifest:
    """A game of the collection: how it is listed, who may sit at it, and where its parts live."""

    id: str
    title: str
    blurb: str
    order: int  # its place in the menus
    players: tuple[int, ...]  # the seat counts a table may have
    players_text: str  # the README's "players" column
    package: str  # the rules package, "games.<package name>"
    playable: bool = False  # False: listed as "coming soon" and cannot be started
    presets: tuple[SeatPreset, ...] = ()
    custom_table: bool = False  # offer "Custom table: choose every seat"
    bot_levels: tuple[str, ...] = ()  # the levels a person may seat (selfplay also has "random")
    options: Mapping[str, Any] = field(default_factory=dict)  # a new table's options
    choices: tuple[TableChoice, ...] = ()  # options a person chooses for a new table
    rules_module: str | None = None  # the module where GAME lives
    screen: str | None = None  # "module:Class" of its game screen in the TUI

    # -- loading ------------------------------------------------------------------------
    def load(self) -> Any:
        """The game (a games.core.protocol.Game), for a table a person plays at."""
        if not self.playable:
            raise LookupError(f"{self.title} is coming soon and cannot be played yet.")
        return self.rules()

    def rules(self) -> Any:
        """The rules layer alone (for selfplay and content checks), playable on screen or not."""
        if self.rules_module is None:
            raise LookupError(f"{self.title} has no rules yet.")
        return importlib.import_module(self.rules_module).GAME

    def rules_text(self) -> str:
        """The rules in our own words (content/rules.md), read without loading the game."""
        path = resources.files(self.package) / "content" / "rules.md"
        if self.playable and path.is_file():
            return path.read_text(encoding="utf-8")
        return (f"# {self.title}\n\n{self.blurb}\n\nThis game is coming soon: its rules will be "
                "here when it can be played.")

    # -- a new table ----------------------------------------------------------------------
    def table_options(self, seats: tuple[Seat, ...],
                      chosen: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The game's start options with those chosen; several people at one terminal take turns
        in seat order."""
        options = dict(self.options) | dict(chosen or {})
        if sum(not seat.is_bot for seat in seats) > 1:
            options["in_turn"] = True
        return options

    def seat_problem(self, seats: tuple[Seat, ...]) -> str | None:
        """Why these seats cannot make a table of this game, in a player's words."""
        if len(seats) not in self.players:
            fewest, most = min(self.players), max(self.players)
            takes = str(fewest) if fewest == most else f"{fewest} to {most}"
            return f"{self.title} takes {takes} players, not {len(seats)}."
        if all(seat.is_bot for seat in seats):
            return "At least one seat must be a person at this terminal."
        return None
