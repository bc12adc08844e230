"""Full states consistent with a seat's view: the unseen cards dealt at random, nothing else read.

The true state never reaches a bot. The hard bot searches on states built here, each one dealing the
cards this seat has not seen (face-down slots and the two set-aside cards) in a random order.
"""
from __future__ import annotations

import random

from games.fluttering_souls.cards import ROUND_DECK, SLOTS, Species
from games.fluttering_souls.content import LAYOUTS
from games.fluttering_souls.state import FlutterState, Phase
from games.fluttering_souls.view import HIDDEN, FlutterView


def view_key(view: FlutterView) -> str:
    """Everything public about the position, as text: the seed of a bot's randomness for it."""
    return "|".join((
        str(view.round_no), view.phase.value, str(view.turn), str(view.first), str(view.emptied),
        str(view.layout.number), ",".join(map(str, view.cards)), repr(view.held),
        repr(view.tokens), str(len(view.results))))


def _layout_index(view: FlutterView) -> int:
    for i, layout in enumerate(LAYOUTS):
        if layout is view.layout or layout.number == view.layout.number:
            return i
    raise ValueError(f"unknown layout {view.layout.name!r}")


class Determinizer:
    """Deals the seat's unseen cards into the hidden places of its view, afresh on each call."""

    def __init__(self, view: FlutterView) -> None:
        self.view = view
        self.hidden = [i for i, c in enumerate(view.cards) if c == HIDDEN]
        self.unseen = view.unseen()
        self.cards = list(view.cards)
        self.face_up = [c != HIDDEN for c in view.cards]
        # The layout deck order is hidden too; only this round's layout matters to the search.
        self.layout_order = [_layout_index(view)] * len(LAYOUTS)

    def sample(self, rng: random.Random) -> FlutterState:
        deck = self.unseen[:]
        rng.shuffle(deck)
        cards = self.cards[:]
        for slot, card in zip(self.hidden, deck):
            cards[slot] = card
        view = self.view
        return FlutterState(
            0, self.layout_order, view.round_no, view.layout, cards, self.face_up[:],
            deck[len(self.hidden):], [list(view.held[0]), list(view.held[1])], view.first,
            view.turn, view.phase, view.emptied, list(view.tokens), list(view.results))


def fresh_round(view: FlutterView, first: int, rng: random.Random) -> FlutterState:
    """A random deal of the view's (revealed, not yet dealt) layout with `first` to play first."""
    deck = [int(s) for s in ROUND_DECK]
    rng.shuffle(deck)
    held = [[0] * 5, [0] * 5]
    held[1 - first][Species.GREAT_EGGFLY] = 1
    return FlutterState(
        0, [_layout_index(view)] * len(LAYOUTS), view.round_no, view.layout, deck[:SLOTS],
        [s.face_up for s in view.layout.slots], deck[SLOTS:], held, first, first, Phase.COLLECT,
        -1, list(view.tokens), list(view.results))
