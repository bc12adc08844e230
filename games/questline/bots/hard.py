"""The hard Questline bot: exact takes, sampled blind draws, denial, and timing its completion.

Takes from discard areas are scored exactly (the best seven of the eight cards). A blind draw is
valued by sampling cards the seat has not seen. It completes when another cycle is expected to earn
less than waiting may cost in epilogue stars; in solo it weighs a reset's new cards against the
lower epilogue a reset may reveal. It reads the seat's view only; its randomness comes from its
seed and the view, so the same view always gets the same choice.
"""
from __future__ import annotations

from typing import Sequence

from games.core.messages import Command
from games.core.protocol import Bot
from games.core.rng import derive_rng
from games.questline.bots import estimate, solo_plan
from games.questline.commands import (
    ChooseFirstDiscard, CompleteHand, Discard, DrawFromDeck, Reset, TakeFromDiscard,
)
from games.questline.decks import CARDS
from games.questline.view import QuestView

SAMPLES = 5  # unseen cards tried per deck to value a blind draw
WEAK = 3  # a sampled card is tried in place of this many of the hand's weakest cards
EXACT_TAKES = 3  # discard-area cards scored exactly (best 7 of 8) after a cheap screen
# Each "?" card multiplies the cost of an exact solve: with two or more in hand, look less widely
# so a decision stays within about a second (the choice still depends only on the view).
HEAVY_WILDS = 2
HEAVY = {"weak": 1, "samples": 2, "exact": 1}
HAZARD = 0.2  # chance per cycle that one other player completes (we cannot see their hands)
DENIAL = 0.15  # stars we give up to keep a card away from a neighbour, per point of its worth
TARGET = 38  # a finished line (hand and epilogue) below this rarely wins: waiting matters less
SOLO_ADVENTURES, SOLO_CLASSES = 6, 2  # unseen cards tried to value a solo reset
SOLO_OPTION = 0.5  # a reset also keeps later resets open: worth this much beyond the next one


def view_key(view: QuestView) -> str:
    """Everything this seat sees, as text: the seed of the bot's randomness for this position."""
    return "|".join(map(repr, (
        view.seat, view.phase.value, view.turn, view.hand, view.hand_sizes, view.discards,
        view.chosen_first, view.class_left, view.adventure_left, view.epilogues, view.done,
        view.final_cycles)))


class HardBot(Bot):
    name = "hard"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: QuestView, legal: Sequence[Command], seat: int) -> Command:
        if len(legal) == 1:
            return legal[0]
        rng = derive_rng(self.seed, "hard", view_key(view))
        if isinstance(legal[0], (ChooseFirstDiscard, Discard)):
            return self._discard(view, legal, seat)
        hand = list(view.hand)
        now = estimate.score(hand)
        takes = {c.card: c for c in legal if isinstance(c, TakeFromDiscard)}
        heavy = sum(CARDS[c].wild for c in hand) >= HEAVY_WILDS
        weak_count, samples, exact = ((HEAVY["weak"], HEAVY["samples"], HEAVY["exact"]) if heavy
                                      else (WEAK, SAMPLES, EXACT_TAKES))
        weak = estimate.weakest(hand, now, weak_count)
        # Screen every take cheaply, then score the most promising exactly: a full discard area
        # on each side would otherwise cost over a hundred exact solves.
        quick = {card: estimate.quick_gain(hand, card, now, weak) for card in takes}
        shortlist = sorted(takes, key=lambda card: (-quick[card], card))[:exact]
        gains = {card: estimate.gain(hand, card, now) if card in shortlist else quick[card]
                 for card in takes}
        best_take = max(takes, key=lambda card: (gains[card], card), default=None)
        if view.solo:
            return self._solo(view, legal, hand, now, takes, gains, best_take, rng)
        options: list[tuple[float, Command]] = []
        if best_take is not None:
            options.append((gains[best_take], takes[best_take]))
        classes, adventures = estimate.unseen(view)
        for deck, pool in (("adventure", adventures), ("class", classes)):
            if DrawFromDeck(deck) in legal and pool:
                drawn = estimate.sampled_gains(hand, now, pool, samples, rng, weak)
                options.append((sum(drawn) / len(drawn), DrawFromDeck(deck)))
        value, command = max(options, key=lambda o: o[0], default=(0.0, CompleteHand()))
        cost = self._waiting_cost(view, seat)
        if view.epilogues and now + CARDS[view.epilogues[-1]].stars < TARGET:
            cost *= 0.25
        if CompleteHand() in legal and value <= cost:
            return CompleteHand()
        return command

    def _waiting_cost(self, view: QuestView, seat: int) -> float:
        """Epilogue stars expected to be lost if we play one more cycle before completing."""
        if view.final_cycles >= 0 or len(view.epilogues) < 2:
            return 0.0  # we are the last one playing: the epilogue can no longer fall
        others = sum(1 for s, done in enumerate(view.done) if not done and s != seat)
        drop = CARDS[view.epilogues[-1]].stars - CARDS[view.epilogues[-2]].stars
        return (1 - (1 - HAZARD) ** others) * drop

    def _discard(self, view: QuestView, legal: Sequence[Command], seat: int) -> Command:
        """Keep the best seven; among near-equal choices, hold back what a neighbour would want."""
        hand = list(view.hand)
        exposed = self._neighbours_can_take(view, seat)
        def worth(card: str) -> float:
            kept = estimate.score(c for c in hand if c != card)
            return kept - (DENIAL * estimate.generic_value(card) if exposed else 0.0)
        card = max(hand, key=lambda c: (worth(c), c))
        return type(legal[0])(card)

    @staticmethod
    def _neighbours_can_take(view: QuestView, seat: int) -> bool:
        if view.solo or view.players < 2:
            return False
        players = view.players
        neighbours = {(seat - 1) % players, (seat + 1) % players} - {seat}
        return any(not view.done[n] for n in neighbours)

    def _solo(self, view, legal, hand, now, takes, gains, best_take, rng) -> Command:
        if best_take is not None and gains[best_take] > 0:
            return takes[best_take]
        if Reset() not in legal:
            return CompleteHand()
        classes, adventures = estimate.unseen(view)
        heavy = sum(CARDS[c].wild for c in hand) >= HEAVY_WILDS
        weak = estimate.weakest(hand, now, HEAVY["weak"] if heavy else WEAK)
        n_classes, n_adventures = (1, 3) if heavy else (SOLO_CLASSES, SOLO_ADVENTURES)
        class_gains = estimate.sampled_gains(hand, now, classes, n_classes, rng, weak)
        adventure_gains = estimate.sampled_gains(hand, now, adventures, n_adventures, rng, weak)
        value = solo_plan.reset_value(view, class_gains, adventure_gains, rng)
        return Reset() if value + SOLO_OPTION > 0 else CompleteHand()
