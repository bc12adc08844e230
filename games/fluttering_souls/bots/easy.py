"""The easy bot: no search, one look ahead at what each open card is worth to both players."""
from __future__ import annotations

from typing import Sequence

from games.core.messages import Command
from games.core.protocol import Bot
from games.core.rng import derive_rng
from games.fluttering_souls.bots.determinize import view_key
from games.fluttering_souls.bots.policy import EGGFLY, greedy_value, promise_gain
from games.fluttering_souls.commands import ChooseOrder, Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.state import Phase
from games.fluttering_souls.view import FlutterView

EGGFLY_WORTH = 0.6  # holding the Eggfly wins ties and lets you block a card later
BLOCK_MARGIN = 1.5  # place the Eggfly when it keeps at least this much from the rival


class EasyBot(Bot):
    """Collects the card best for itself and worst to leave to the rival; blocks with the Eggfly."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: FlutterView, legal: Sequence[Command], seat: int) -> Command:
        if len(legal) == 1:
            return legal[0]
        if view.phase is Phase.CHOOSE_ORDER:
            # The first pick beats holding the Eggfly: greedy play-outs win 55% going first.
            return ChooseOrder(True) if ChooseOrder(True) in legal else legal[0]
        if view.phase is Phase.EGGFLY:
            return PlaceEggfly() if self._should_block(view, seat) else KeepEggfly()
        rng = derive_rng(self.seed, "easy", view_key(view))
        scored = [(self._card_score(view, seat, c.slot), rng.random(), c)
                  for c in legal if isinstance(c, Collect)]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _card_score(self, view: FlutterView, seat: int, slot: int) -> float:
        mine, theirs = view.held[seat], view.held[1 - seat]
        card = view.cards[slot]
        if card == EGGFLY:
            return EGGFLY_WORTH
        score = greedy_value(mine, theirs, card)
        # Penalty for face-up cards this collection would hand to the rival.
        exposed = [view.cards[b] for b in _freed(view, slot)]
        known = [promise_gain(theirs, c) for c in exposed if c >= 0]
        best_now = max((promise_gain(theirs, view.cards[s]) for s in view.open_slots if s != slot),
                       default=0.0)
        if known and max(known) > best_now:
            score -= 0.5 * (max(known) - best_now)
        return score

    def _should_block(self, view: FlutterView, seat: int) -> bool:
        """Place the Eggfly if the cards just freed are much better for the rival than the rest."""
        theirs = view.held[1 - seat]
        freed = {b for b in view.layout.slots[view.emptied].covers if view.open[b]}
        if not freed:
            return False
        value = {s: promise_gain(theirs, view.cards[s]) for s in view.open_slots}
        with_freed = max(value.values(), default=0.0)
        without = max((v for s, v in value.items() if s not in freed), default=0.0)
        return with_freed - without >= BLOCK_MARGIN


def _freed(view: FlutterView, slot: int) -> list[int]:
    """Slots that would become open if the card in `slot` were collected now."""
    slots, cards = view.layout.slots, view.cards
    return [b for b in slots[slot].covers
            if cards[b] != -1 and all(cards[j] == -1 or j == slot for j in slots[b].covered_by)]
