"""What the hard Questline bot knows and guesses: cached hand scores, unseen cards, card gains.

Everything here reads a seat's view only. "Unseen" cards are every class and adventure card minus the
seat's hand and the face-up discard areas: the other hands, the decks and cards out of play are one
pool the bot cannot tell apart, so sampling from it never leaks hidden information.
"""
from __future__ import annotations

import random
from typing import Iterable, Sequence

from games.questline.arrange import score_hand
from games.questline.decks import ADVENTURE_IDS, CARDS, CLASS_IDS
from games.questline.view import QuestView

CACHE_LIMIT = 200_000  # hand scores kept between decisions (a hand changes one card at a time)
_scores: dict[frozenset[str], int] = {}


def score(cards: Iterable[str]) -> int:
    """The best arrangement's stars for these card ids (no epilogue), memoised."""
    key = frozenset(cards)
    hit = _scores.get(key)
    if hit is None:
        if len(_scores) >= CACHE_LIMIT:
            _scores.clear()
        hit = _scores[key] = score_hand([CARDS[c] for c in key])
    return hit


def best_without(cards: Sequence[str]) -> list[tuple[int, str]]:
    """For each card, the score of the others: (score, card), in the cards' order."""
    return [(score(c for c in cards if c != card), card) for card in cards]


def gain(hand: Sequence[str], card: str, now: int) -> int:
    """Exact stars gained by adding `card` and keeping the best seven (never negative)."""
    best = now
    for out in hand:
        best = max(best, score([c for c in hand if c != out] + [card]))
    return best - now


def weakest(hand: Sequence[str], now: int, count: int) -> list[str]:
    """The cards whose loss costs the hand least: where a new card most likely belongs."""
    losses = sorted((now - score(c for c in hand if c != card), card) for card in hand)
    return [card for _, card in losses[:count]]


def quick_gain(hand: Sequence[str], card: str, now: int, weak: Sequence[str]) -> int:
    """Stars gained by adding `card` in place of one of the weak cards (a cheap lower bound)."""
    best = now
    for out in weak:
        best = max(best, score([c for c in hand if c != out] + [card]))
    return best - now


def unseen(view: QuestView) -> tuple[list[str], list[str]]:
    """The class and adventure cards this seat cannot see, in a fixed order."""
    seen = set(view.hand).union(*view.discards)
    if view.my_first_discard:
        seen.add(view.my_first_discard)
    return ([c for c in CLASS_IDS if c not in seen], [c for c in ADVENTURE_IDS if c not in seen])


def sampled_gains(hand: Sequence[str], now: int, pool: Sequence[str], count: int,
                  rng: random.Random, weak: Sequence[str]) -> list[int]:
    """Gains of a few cards sampled from the pool (a stand-in for a blind draw)."""
    picks = rng.sample(list(pool), min(count, len(pool)))
    return [quick_gain(hand, card, now, weak) for card in picks]


def generic_value(card: str) -> float:
    """A rough worth of a card to a hand we cannot see: its stars and what its abilities promise."""
    c = CARDS[card]
    value = 4.5 if c.wild else float(c.stars)
    for ability in c.abilities:
        if ability.kind == "quest":
            value += 1.5 * ability.stars
        elif ability.kind in ("mastery", "unique"):
            value += 0.6 * ability.stars
        elif ability.kind == "shortcut":
            value += 1.0
    return value
