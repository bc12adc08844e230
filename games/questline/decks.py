"""The Questline decks, loaded once from content/*.toml and indexed by card id."""
from __future__ import annotations

from random import Random

from games.questline.cards import Card, Kind
from games.questline.content import load_all


def _load() -> tuple[dict[Kind, tuple[Card, ...]], dict[str, Card]]:
    decks, problems = load_all()
    if problems:
        raise ValueError("Questline content is broken: " + "; ".join(problems[:5]))
    by_id = {card.id: card for cards in decks.values() for card in cards}
    return {kind: tuple(cards) for kind, cards in decks.items()}, by_id


DECKS, CARDS = _load()
CLASS_IDS = tuple(c.id for c in DECKS[Kind.CLASS])
ADVENTURE_IDS = tuple(c.id for c in DECKS[Kind.ADVENTURE])
EPILOGUE_BY_STARS = {c.stars: c.id for c in DECKS[Kind.EPILOGUE]}


def is_epilogue(card: str) -> bool:
    return CARDS[card].kind is Kind.EPILOGUE


def deal(rng: Random, cards: list[str], n: int) -> list[str]:
    """The top n cards (the end of the list), taken off a deck that `rng` shuffles as it is drawn.
    random.shuffle settles the places from the end of the list down (place i swapped with one drawn
    below i + 1, the last draw for place 1), so settling each place as it is drawn, with a generator
    kept for this deck alone, deals the cards rng.shuffle(cards) would have put on top, with the same
    draws; the cards below the top stay in no settled order until they are drawn. A 2-seat game
    draws ~15 of the 72 adventure cards: the rest of the shuffle was three quarters of a game's setup."""
    draw = rng.getrandbits
    dealt = []
    for _ in range(n):
        left = len(cards)
        i = left - 1
        if i:  # rng.shuffle's step for place i (its _randbelow inlined: the same draws, no call)
            k = left.bit_length()
            j = draw(k)
            while j >= left:
                j = draw(k)
            cards[i], cards[j] = cards[j], cards[i]
        dealt.append(cards.pop())
    return dealt


def shuffle(rng: Random, cards: list[str]) -> None:
    """Shuffle in place exactly as rng.shuffle(cards) does (the same draws, the same order): the
    whole deck dealt, top first, and put back."""
    cards[:] = deal(rng, cards, len(cards))[::-1]
