"""How the Dice Upon a Time bots answer the questions put to them: which Quest deck, which of the
King's quests, which token, which die for the Wolf, which misfortune, whether to play a Magic Item
in answer to the moment. Read from the seat's view only."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace
import random
from typing import Sequence

from games.dice_upon_a_time.bots.plan import (
    Level, Spot, complete_all, effect_on, most_needed, needs, quest_worth, spot_of, value,
)
from games.dice_upon_a_time.commands import Answer
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.dice import worth
from games.dice_upon_a_time.view import DiceView

# Magic Items least missed first, when one must be discarded.
KEEP_ORDER = {"ward": 0, "cancel_story": 1, "more": 2, "steal": 3, "effect": 4}


def answer(level: Level, rng: random.Random, view: DiceView, legal: Sequence[Answer], seat: int) -> Answer:
    question = view.question
    options = [a.choice for a in legal]
    spot = spot_of(view, seat, level.chains)
    me = view.players[seat]
    content = game_content()
    kind = question.kind
    if kind in ("quest deck", "king deck"):
        return Answer(deck_choice(level, rng, view, spot, options))
    if kind == "king keep":
        return Answer(max(options, key=lambda q: (quest_worth(spot, content.quests[q]), q)))
    if kind in ("fairy token", "gain token"):
        return Answer(most_needed(spot) if most_needed(spot) in options else options[0])
    if kind == "lose token":
        return Answer(max(options, key=lambda t: value(replace(spot, tokens=spot.tokens - Counter({t: 1})))))
    if kind == "steed":
        return Answer(max(options, key=lambda f: value(spot) if f == "stay" else _ride(spot, f)))
    if kind in ("wolf die", "lose die"):
        pool = dict(me.pool)
        return Answer(min(options, key=lambda d: (worth(pool[int(d)]), d)))
    if kind == "bad luck":
        story = content.stories[question.data[0]]
        return Answer(max(options, key=lambda i: value(effect_on(spot, story.options[int(i)], me.pool))))
    if kind == "choose":
        story = content.stories[question.data[0]]
        return Answer(gift_choice(level, rng, view, seat, story.options, options))
    if kind == "discard magic":
        return Answer(min(options, key=lambda c: (KEEP_ORDER[content.magic[c].does], c)))
    if kind == "fox face":
        return Answer(max(options, key=lambda f: (worth(f if not f.isdigit() else int(f)), f == "magic")))
    if kind == "magic cancel":
        story = content.stories[question.data[0]]
        return Answer(options[0] if story.kind in ("bad", "unlucky") else "no")
    if kind in ("magic more", "magic steal"):
        token = _token_taken(view, spot)
        wanted = needs(spot, content)[token] > spot.tokens[token] or level.denies
        return Answer(options[0] if wanted else "no")
    if kind == "magic ward":
        return Answer(options[0])
    if kind == "trade":
        return Answer(trade_answer(level, view, seat, options))
    return Answer(rng.choice(options))


def deck_choice(level: Level, rng: random.Random, view: DiceView, spot: Spot, options: list[str]) -> str:
    """The Quest deck whose unseen cards would be worth most from here (the easy bot draws at random)."""
    if not level.picks_decks:
        return rng.choice(options)
    content = game_content()
    seen = {q for p in view.players for q in (*p.quests, *p.done)}

    def expected(deck: str) -> float:
        cards = [q for q in content.quests.values() if q.value == int(deck) and q.id not in seen]
        return sum(quest_worth(spot, q) for q in cards) / max(1, len(cards))
    return max(options, key=lambda d: (expected(d), d))


def gift_choice(level: Level, rng: random.Random, view: DiceView, seat: int, gifts: tuple,
                options: list[str]) -> str:
    """The gift the opponents would gain least from (the easy bot picks at random)."""
    if not level.denies:
        return rng.choice(options)

    def given(i: str) -> float:
        gift = {"gain": gifts[int(i)]["others_gain"]}
        total = 0.0
        for other in range(len(view.players)):
            if other != seat:
                them = spot_of(view, other, level.chains)
                total += value(effect_on(them, gift)) - value(them)
        return total
    return min(options, key=lambda i: (given(i), i))


def trade_answer(level: Level, view: DiceView, seat: int, options: list[str]) -> str:
    """Accept a trade that leaves this seat better off by its own weighing (the hard bot also only
    when the offerer gains no more than it does); asked for a card, give the one least missed."""
    content = game_content()
    offerer, give, take = view.question.data
    accepts = [o for o in options if o != "refuse"]
    if not accepts:
        return "refuse"
    choice = min(accepts, key=lambda o: (KEEP_ORDER[content.magic[o[7:]].does], o) if ":" in o else (0, o))
    me, them = spot_of(view, seat, level.chains), spot_of(view, offerer, level.chains)
    mine, theirs = traded(me, give, take) - value(me), traded(them, take, give) - value(them)
    if mine > 0.1 and (not level.denies or mine >= theirs):
        return choice
    return "refuse"


def traded(spot: Spot, gets: tuple[str, ...], gives: tuple[str, ...]) -> float:
    """What a position is worth after a trade (items as in trades.py)."""
    content = game_content()
    tokens, quests, magic, sides = Counter(spot.tokens), list(spot.quests), spot.magic, 0.0
    for items, sign in ((gets, 1), (gives, -1)):
        for item in items:
            kind, _, card = item.partition(":")
            if not card and kind != "magic":
                tokens[kind] += sign
            elif kind == "quest":
                quests.append(card) if sign > 0 else quests.remove(card)
            elif kind == "magic":
                magic += sign
            elif kind == "side":
                story = content.stories[card]
                sides += sign * (story.points * 0.5 if story.kind == "lucky" else story.points)
    after = replace(spot, tokens=tokens, quests=tuple(quests), magic=max(0, magic))
    return value(after) + sides


def _ride(spot: Spot, field: str) -> float:
    return value(complete_all(replace(spot, field=field)))


def _token_taken(view: DiceView, spot: Spot) -> str:
    """The token being taken: the taker is the player whose turn it is, on a resource field or at the
    Fairy (then the one they lack most is guessed)."""
    board = game_content().board
    taker = view.players[view.turn]
    field = board.fields[taker.field]
    return field.token or most_needed(spot)
