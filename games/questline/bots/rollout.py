"""Sampled rollouts for the hard bot: what each way of drawing brings over the next few
draw-and-discard cycles, played out on deals sampled from what the seat cannot see.

A sampled deal orders cards the seat has not seen (estimate.unseen: the other hands, the decks and
the cards out of play are one pool it cannot tell apart) into each deck's next cards. Every option is
played out on the same deals, so options meet the same luck: the option's card, the best seven kept,
then more cycles by a policy that never peeks at the deal: take the best card in sight when it adds
more than a blind draw is expected to, else draw the deck's next card. Cards in sight are those in our
and our open neighbours' areas now, less those we took, plus those we let go; the other players'
moves are not played out. The work is sized before it starts (deals x options x cycles), so the same
view always gets the same answer and a hand with "?" cards (costlier solves) plays out fewer deals.

Measured and left off (issue 21, games paired with main on the same seeds, net games won; the SD
of such a net is ~10 in 800 games, ~14 in 1,600): no rollouts at all (one cycle's gains alone
decide) +6 of 800 (seeds 1601..2400), so as they stand they add little; sampling per deal which
cards in sight are gone a cycle later (23% of a neighbour's, 13% of ours, measured over 300 games of
easy bots), so a card taken now beats the same card planned for later, +7 of 1,600 (1601..3200), and
with 16 deals +8 of 800 (1601..2400); with timing.weigh taking the mean of the one-cycle and the
rolled-out odds, +19 on 1601..3200 and +6 on 5001..6600 (the mean alone: +35 and -14).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from games.questline.bots import estimate
from games.questline.bots.draws import DrawOption
from games.questline.cards import MAX_LEVEL
from games.questline.commands import DrawFromDeck, TakeFromDiscard
from games.questline.decks import CARDS
from games.questline.view import QuestView

CYCLES = 2  # draw-and-discard cycles each rollout plays, the option's own included
DEALS = 8  # sampled deals per decision, at most
MIN_DEALS = 3  # fewer deals than this and the rollouts are left out
SIGHT = 3  # cards in sight a rollout's later cycle tries: the most promising ones
BUDGET = 320  # best-seven searches (8 solves of a plain hand each) one decision may spend
WILD_COST = 1.5  # how many times costlier a solve gets per "?" card in the hand


@dataclass(frozen=True)
class Outlook:
    """An option played out: per deal, the stars gained after the option's cycle and after all cycles."""

    option: DrawOption
    first: tuple[int, ...]
    last: tuple[int, ...]
    cycles: int

    @property
    def value(self) -> float:
        return sum(self.last) / len(self.last) if self.last else 0.0


def best_seven(cards: Sequence[str]) -> tuple[tuple[str, ...], int]:
    """The seven of eight cards that score most (ties: the one letting go the highest card id)."""
    best, top = None, -1
    for out in sorted(set(cards), reverse=True):
        rest = list(cards)
        rest.remove(out)
        score = estimate.score(rest)
        if score > top:
            best, top = tuple(rest), score
    return best, top


def promise(seven: Sequence[str], card: str) -> tuple[bool, int]:
    """A cheap first guess at how much a card may add to a seven: it fills a missing level, its stars."""
    present = {level for c in seven for level in CARDS[c].levels}
    new = CARDS[card]
    missing = {level for level in range(1, MAX_LEVEL + 1) if level not in present}
    return (new.wild or bool(missing & set(new.levels)), new.stars)


def sight(view: QuestView, seat: int) -> list[str]:
    """Cards we could take in a later cycle: our area's and our open neighbours' (as today)."""
    areas = {seat}
    if not view.solo and view.players > 1:
        areas |= {(seat - 1) % view.players, (seat + 1) % view.players}
    return [c for s in sorted(areas) if s == seat or not view.done[s] or view.players == 2
            for c in view.discards[s]]


def play_out(view: QuestView, seat: int, hand: Sequence[str], now: int, options: Sequence[DrawOption],
             decks: Sequence[DrawOption], rng: random.Random) -> list[Outlook]:
    """Each option played out on the same sampled deals."""
    cycles = CYCLES if view.final_cycles < 0 else max(1, min(CYCLES, view.final_cycles))
    blind = max(decks, key=lambda d: (d.value, d.command.deck), default=None)
    classes, adventures = estimate.unseen(view)
    scale = WILD_COST ** sum(CARDS[c].wild for c in hand)
    per_deal = len(options) * (1 + (cycles - 1) * (SIGHT + 1))
    deals = min(DEALS, int(BUDGET / scale / max(1, per_deal)))
    if deals < MIN_DEALS:
        return []  # too costly a hand (several "?" cards) for a fair sample: one cycle's gains decide
    pools = {"adventure": adventures, "class": classes}
    sampled = [{deck: rng.sample(pool, min(len(pool), cycles)) for deck, pool in pools.items()}
               for _ in range(deals)]
    in_sight = sight(view, seat)
    out = []
    for option in options:
        first, last = [], []
        for deal in sampled:
            a, b = _roll(hand, now, option, deal, in_sight, blind, cycles)
            first.append(a)
            last.append(b)
        out.append(Outlook(option, tuple(first), tuple(last), cycles))
    return out


def _roll(hand: Sequence[str], now: int, option: DrawOption, deal: dict[str, list[str]],
          in_sight: Sequence[str], blind: DrawOption | None, cycles: int) -> tuple[int, int]:
    """One option on one deal: stars gained after its own cycle and after the last."""
    drawn = {deck: 0 for deck in deal}
    visible = list(in_sight)
    command = option.command
    if isinstance(command, TakeFromDiscard):
        card = command.card
        visible.remove(card)
    else:
        card = _next(deal, drawn, command.deck)
    if card is None:
        return 0, 0
    seven, score = _keep(hand, card, visible)
    first = score - now
    par = blind.value if blind is not None else 0.0
    for _ in range(cycles - 1):
        tried = sorted((c for c in dict.fromkeys(visible) if c not in seven),
                       key=lambda c: (promise(seven, c), c), reverse=True)[:SIGHT]
        best_take, best_seven_, best_score = None, seven, score
        for c in tried:
            kept, total = best_seven([*seven, c])
            if total > best_score:
                best_take, best_seven_, best_score = c, kept, total
        if best_take is not None and best_score - score > par:
            visible.remove(best_take)
            visible += [c for c in seven if c not in best_seven_]
            seven, score = best_seven_, best_score
            continue
        card = _next(deal, drawn, blind.command.deck) if blind is not None else None
        if card is None:
            break
        seven, score = _keep(seven, card, visible)
    return first, score - now


def _keep(hand: Sequence[str], card: str, visible: list[str]) -> tuple[tuple[str, ...], int]:
    """Add a card, keep the best seven; the card let go joins the cards in sight."""
    seven, score = best_seven([*hand, card])
    visible += [c for c in (*hand, card) if c not in seven]
    return seven, score


def _next(deal: dict[str, list[str]], drawn: dict[str, int], deck: str) -> str | None:
    """The deal's next card of a deck, or None once the sample runs out."""
    pool = deal.get(deck, [])
    if drawn[deck] >= len(pool):
        return None
    drawn[deck] += 1
    return pool[drawn[deck] - 1]


def is_deck(option: DrawOption) -> bool:
    return isinstance(option.command, DrawFromDeck)
