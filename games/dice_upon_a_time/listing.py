"""Dice Upon a Time's legal commands as headless play reads them (a core Listing): read as a list,
they are legal.py's listing, built on first use; in a placing phase `sample` draws one uniformly
without building them all.

A placing phase offers every die of the seat's pool on every socket it may go on (some 60 commands,
each die on the same sockets as any die worth as much), then a few more (the Rabbit's routes,
passing, items and trades). The draw counts each die's sockets, picks a number below the total as
a list would be picked from, and finds the command at that place: the very command the full list
holds there, so a random bot plays the same game either way.
"""
from __future__ import annotations

from typing import Callable

from games.core.messages import Command
from games.core.protocol import Listing
from games.dice_upon_a_time.content import Content, game_content
from games.dice_upon_a_time.dice import PLACE_MASK, PLACINGS, WORTH, ban_covered, open_sockets, reachable
from games.dice_upon_a_time.legal import legal_commands, place_extras
from games.dice_upon_a_time.state import PLACE, DiceState


def listing(state: DiceState, seat: int) -> list[Command] | Listing:
    """The seat's legal commands for a bot choosing now (Game.listing itself: a call less a move): a
    PlaceListing in its placing phase."""
    if state.phase is PLACE and not state.questions and seat == state.turn:
        return PlaceListing(state, game_content(), seat)
    return legal_commands(state, game_content(), seat)


class PlaceListing(Listing):
    """The legal commands of a seat in its placing phase; the state must not change until one is
    drawn."""

    def __init__(self, state: DiceState, content: Content, seat: int) -> None:
        self.state, self.content, self.seat = state, content, seat

    def build(self) -> list[Command]:
        return legal_commands(self.state, self.content, self.seat)

    def sample(self, below: Callable[[int], int], bits: Callable[[int], int] | None = None) -> Command:
        """A uniformly random legal command: the one at a place drawn as `below(len(full))` would
        draw it (with `bits`, the generator's getrandbits, drawn the same way inline)."""
        state, seat = self.state, self.seat
        codes, names = open_sockets(state, self.content.board, seat)
        dice, placing = [], 0  # (die, its sockets' codes) in the list's order, and how many commands
        for die, face in sorted(state.players[seat].pool.items()):
            worth = WORTH.get(face)
            if worth:
                sockets = codes[:reachable(codes, worth)]
                if face == "ban":
                    sockets += codes[slice(*ban_covered(codes))]
                dice.append((die, sockets))
                placing += len(sockets)
        rest = place_extras(state, self.content, seat, [])
        total = placing + len(rest)
        if bits is None:
            index = below(total)
        else:  # below's own draw (_randbelow), written out
            width = total.bit_length()
            index = bits(width)
            while index >= total:
                index = bits(width)
        if index >= placing:
            self._drawn = command = rest[index - placing]
            return command
        for die, sockets in dice:
            if index < len(sockets):
                self._drawn = command = PLACINGS[die][names[sockets[index] & PLACE_MASK]]
                return command
            index -= len(sockets)
        raise AssertionError("a place below the dice's count lies on one of them")
