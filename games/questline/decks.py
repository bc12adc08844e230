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


def shuffle(rng: Random, cards: list[str]) -> None:
    """Shuffle in place exactly as rng.shuffle(cards) does (the same draws, the same order), with its
    rejection sampling inlined: a game's setup shuffles ~90 cards, one draw each."""
    draw = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = draw(k)
        while j >= n:
            j = draw(k)
        cards[i], cards[j] = cards[j], cards[i]
