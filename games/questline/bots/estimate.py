"""What the hard Questline bot knows and guesses: cached hand scores and the cards it cannot see.

Everything here reads a seat's view only. "Unseen" cards are every class and adventure card minus the
seat's hand and the face-up discard areas: the other hands, the decks and cards out of play are one
pool the bot cannot tell apart, so sampling from it never leaks hidden information.

Measured and left off (issue 21): narrowing the pool with the public history (a record of takes in the
view, tried and not kept): the face-up cards put out of play by those who completed, and the cards the
table saw another player take and not let go since (the last take of a card tells who holds it, unless
it shows again in a discard area or out of play). At a deck draw (4 easy bots, seeds 1601..1700) that
takes 1.8 / 4.8 / 7.9 / 13.1 cards off a pool of 77 / 75 / 75 / 78 with 0 / 1 / 2 / 3 others done.
Paired with main over 1,600 games: +9 on seeds 1601..3200 (110 won now, 101 lost), -10 on 5001..6600
(118, 128): the draw appraisals and rollouts barely notice.
"""
from __future__ import annotations

from typing import Iterable

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


def unseen(view: QuestView) -> tuple[list[str], list[str]]:
    """The class and adventure cards this seat cannot see, in a fixed order."""
    seen = set(view.hand).union(*view.discards)
    if view.my_first_discard:
        seen.add(view.my_first_discard)
    return ([c for c in CLASS_IDS if c not in seen], [c for c in ADVENTURE_IDS if c not in seen])
