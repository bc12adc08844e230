"""What the Dice Upon a Time bots know of a position: how far apart fields are, how many moves an
active quest still takes, what a seat's position is worth, and what an arrival or a card's effect
would change. Everything here reads the seat's view and the public content only.

A position is worth the Adventure Points already earned, plus each active quest's points scaled down
by the moves it still takes (DECAY per move; nothing when more moves are needed than the seat has
left in the game), plus a little for tokens and cards in hand.
"""
from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from games.dice_upon_a_time.board import RESOURCES, Board
from games.dice_upon_a_time.cards import Quest
from games.dice_upon_a_time.content import Content, game_content
from games.dice_upon_a_time.dice import worth
from games.dice_upon_a_time.state import QUEST_LIMIT, SNAKE_DIE
from games.dice_upon_a_time.view import DiceView

# What arrivals and cards are worth, in Adventure Points (tuned in bench/dice_bots.py).
DECAY = 0.91  # a quest n moves away counts DECAY**n of its points
NEW_QUEST = 1.3  # a Quest card drawn into a free slot (weighed on its own)
KING_PICK = 0.6  # the best of the King's three, more than one Quest card drawn
FRESH_VALUE, FRESH_COST = 3.0, 4  # a Quest card drawn, weighed in a chain: points, moves it takes
MAGIC_CARD = 0.7
STORY_CARD = 0.15  # a Story card read: good, bad and side quests, on average a little good
TOKEN = 0.12  # a resource token no active quest asks for (yet)
MOVE = 0.6  # one move more (a die, a Rabbit token) when nothing nearer says what it is worth
FOX = 0.3  # a die left on the Fox (its face chosen next chapter), as a share of a move
DICE_PER_CHAPTER = 5


@dataclass(frozen=True)
class Level:
    name: str
    lookahead: int  # further dice of its own weighed after this one, this chapter (0: none)
    spirits: bool  # weighs what the Rabbit, the Snake, the Wolf and the Fox bring
    picks_decks: bool  # draws from the Quest deck worth most where it stands (else at random)
    denies: bool  # plays Magic Items to take tokens it does not need, gives the least useful gift
    noise: float  # a random nudge to every weighing, so its play is not the same every game
    chains: bool = False  # weighs its quests one after another, not each as if it were the only one


@dataclass(frozen=True)
class Atlas:
    """The map as distances: hops[a][b] is the fewest routes between two fields."""

    hops: dict[str, dict[str, int]]
    sources: dict[str, str]  # a resource -> the field that gives it on arrival

    def leg(self, a: str, b: str) -> int:
        """Moves to arrive at b from a: to arrive where you stand you leave and come back."""
        return self.hops[a][b] if a != b else 2


@cache
def atlas() -> Atlas:
    board = game_content().board
    return Atlas({f: _distances(board, f) for f in board.fields},
                 {board.fields[f].token: f for f in board.of_kind("resource")})


def _distances(board: Board, start: str) -> dict[str, int]:
    far, todo = {start: 0}, [start]
    for field in todo:
        for nxt in board.neighbours(field):
            if nxt not in far:
                far[nxt] = far[field] + 1
                todo.append(nxt)
    return far


@cache
def errand(quest: Quest, field: str, have: tuple[int, ...]) -> int:
    """Moves before `quest` can be completed from `field`, holding `have` (its item, then each token it
    asks for, in the order of quest.give): pick the item up, arrive at a resource field once for each
    token lacking, end where the quest is completed. The best order of stops is tried."""
    places = atlas()
    stops, extra = [], 0
    if quest.item and not have[0]:
        stops.append(quest.item_from)
    for (token, n), held in zip(quest.give, have[1:]):
        if held < n:
            stops.append(places.sources[token])
            extra += 2 * (n - held - 1)  # leave and come back for each further one
    best = None
    for order in itertools.permutations(stops) if stops else [()]:
        here, cost = field, 0
        for stop in order:
            cost, here = cost + places.leg(here, stop), stop
        if quest.at and quest.at != here:
            cost += places.hops[here][quest.at]
        best = cost if best is None else min(best, cost)
    return best + extra


@dataclass(frozen=True)
class Spot:
    """One seat's position as the bots weigh it."""

    field: str
    tokens: Counter
    quests: tuple[str, ...]
    banked: float  # points earned: completed quests
    moves: int  # moves still to come in the game: dice this chapter, later chapters', Rabbit tokens
    magic: int = 0  # Magic Item cards held
    bonus: float = 0.0  # what arrivals and cards brought besides (a Story card, the King's pick)
    drawn: int = 0  # Quest cards about to be drawn (the Town, the King, a card)
    chained: bool = False  # weigh the quests one after another (else each as if it were the only one)


def chapters_left(view: DiceView) -> int:
    """Chapters after this one (extra long: guessed from the quest cards left)."""
    if view.chapters:
        return view.chapters - view.chapter
    left = sum(n for _, n in view.quest_decks)
    return max(0, left // (2 * len(view.players)))


def spot_of(view: DiceView, seat: int, chained: bool = False) -> Spot:
    content = game_content()
    me = view.players[seat]
    moves = len(me.pool) + me.rabbit + DICE_PER_CHAPTER * chapters_left(view)
    banked = sum(content.quests[q].value for q in me.done)
    return Spot(me.field, Counter(dict(me.tokens)), me.quests, banked, moves, me.magic_count,
                chained=chained)


def have(spot: Spot, quest: Quest) -> tuple[int, ...]:
    return have_of(spot.tokens, quest)


def have_of(tokens: Counter, quest: Quest) -> tuple[int, ...]:
    """What errand() needs of the tokens held: the quest's item, then each token it asks for."""
    return (tokens[quest.item] if quest.item else 1, *(tokens[t] for t, _ in quest.give))


def quest_worth(spot: Spot, quest: Quest, field: str | None = None) -> float:
    cost = errand(quest, field or spot.field, have(spot, quest))
    return 0.0 if cost > spot.moves else quest.value * DECAY ** cost


def value(spot: Spot) -> float:
    content = game_content()
    total = spot.banked + spot.bonus + MAGIC_CARD * spot.magic
    asked = needs(spot, content)
    if spot.chained:
        total += chain(spot, content)
    else:
        total += sum(quest_worth(spot, content.quests[q]) for q in spot.quests) + NEW_QUEST * spot.drawn
    for token in RESOURCES:
        total += TOKEN * max(0, spot.tokens[token] - asked[token])
    return total


def chain(spot: Spot, content: Content) -> float:
    """The active quests done one after another, the best next first (points, discounted by every
    move spent since now), then the quests about to be drawn, as an average quest after them;
    nothing for what the moves left in the game cannot reach."""
    field, tokens, spent, total = spot.field, Counter(spot.tokens), 0, 0.0
    left = [content.quests[q] for q in spot.quests]
    while left:
        cost, quest = max(((errand(q, field, have_of(tokens, q)), q) for q in left),
                          key=lambda c: (c[1].value * DECAY ** c[0], c[1].id))
        spent += cost
        if spent > spot.moves:
            break
        total += quest.value * DECAY ** spent
        tokens -= Counter(dict(quest.give))
        field = quest.at or field
        left.remove(quest)
    for _ in range(spot.drawn):
        spent += FRESH_COST
        if spent > spot.moves:
            break
        total += FRESH_VALUE * DECAY ** spent
    return total


def needs(spot: Spot, content: Content) -> Counter:
    """Tokens the active quests ask for, all together."""
    asked: Counter = Counter()
    for quest in spot.quests:
        for token, n in content.quests[quest].give:
            asked[token] += n
    return asked


def most_needed(spot: Spot) -> str:
    """The resource the quests lack most (the one held least when none lacks)."""
    asked = needs(spot, game_content())
    return max(RESOURCES, key=lambda t: (asked[t] - spot.tokens[t], -spot.tokens[t]))


def least_needed(spot: Spot, choices: tuple[str, ...]) -> str:
    return max(choices, key=lambda t: value(replace(spot, tokens=spot.tokens - Counter({t: 1}))))


def complete_all(spot: Spot) -> Spot:
    """Complete every quest whose terms are met here, the most points first."""
    content = game_content()
    for card in sorted(spot.quests, key=lambda q: -content.quests[q].value):
        quest = content.quests[card]
        if quest.at and quest.at != spot.field:
            continue
        if quest.item and not spot.tokens[quest.item]:
            continue
        if any(spot.tokens[t] < n for t, n in quest.give):
            continue
        tokens = spot.tokens - Counter(dict(quest.give)) - Counter({quest.item: 1} if quest.item else {})
        spot = replace(spot, tokens=tokens, quests=tuple(q for q in spot.quests if q != card),
                       banked=spot.banked + quest.value)
    return spot


def arrive(spot: Spot, field: str, doubling: bool = False) -> Spot:
    """The position after arriving at `field` (its ability, the items picked up there), with every
    quest completed that can be."""
    content = game_content()
    board = content.board
    tokens = Counter(spot.tokens)
    for card in spot.quests:
        quest = content.quests[card]
        if quest.item and quest.item_from == field:
            tokens[quest.item] = max(tokens[quest.item], 1)
    spot = replace(spot, field=field, tokens=tokens)
    kind = board.fields[field].kind
    count = 2 if doubling else 1
    if kind == "resource":
        spot = replace(spot, tokens=spot.tokens + Counter({board.fields[field].token: count}))
    elif kind == "fairy":
        spot = replace(spot, tokens=spot.tokens + Counter({most_needed(spot): count}))
    elif kind in ("town", "king") and len(spot.quests) + spot.drawn < QUEST_LIMIT:
        spot = replace(spot, drawn=spot.drawn + 1,
                       bonus=spot.bonus + (KING_PICK if kind == "king" else 0.0))
    elif kind == "magic":
        spot = replace(spot, magic=spot.magic + 1)
    elif kind == "character":
        spot = replace(spot, bonus=spot.bonus + STORY_CARD)
    done = complete_all(spot)
    if kind == "steed":
        rides = [complete_all(replace(done, field=f)) for f in board.of_kind("steed") if f != field]
        return max([done, *rides], key=value)
    return done


def effect_on(spot: Spot, effect: dict[str, Any], pool: tuple[tuple[int, Any], ...] = ()) -> Spot:
    """The position after a card's or a character's effect on this seat."""
    (key, amount), = effect.items()
    if key == "gain":
        return complete_all(replace(spot, tokens=spot.tokens + Counter(amount)))
    if key == "gain_any":
        for _ in range(amount):
            spot = replace(spot, tokens=spot.tokens + Counter({most_needed(spot): 1}))
        return complete_all(spot)
    if key == "lose":
        for _ in range(min(amount, sum(spot.tokens.values()))):
            held = tuple(t for t, n in spot.tokens.items() if n > 0)
            spot = replace(spot, tokens=spot.tokens - Counter({least_needed(spot, held): 1}))
        return spot
    if key == "lose_token":
        return replace(spot, tokens=spot.tokens - Counter(amount))
    if key == "draw_quest":
        room = max(0, QUEST_LIMIT - len(spot.quests) - spot.drawn)
        return replace(spot, drawn=spot.drawn + min(amount, room))
    if key == "draw_magic":
        return replace(spot, magic=spot.magic + amount)
    if key == "discard_magic":
        return replace(spot, magic=max(0, spot.magic - amount))
    if key == "go":
        return arrive(spot, amount)
    if key == "rabbit":
        return replace(spot, moves=spot.moves + amount)
    if key == "lose_die":
        return replace(spot, moves=spot.moves - min(amount, len(pool)),
                       bonus=spot.bonus - MOVE * min(amount, len(pool)))
    if key == "reroll":
        return replace(spot, bonus=spot.bonus + reroll_gain(pool))
    return spot  # others_gain: nothing for this seat


def reroll_gain(pool: tuple[tuple[int, Any], ...]) -> float:
    """What rolling the unused dice again is worth: each die's expected worth against its face now."""
    content = game_content()
    gain = 0.0
    for die, face in pool:
        if die != SNAKE_DIE:  # the Snake die rolled again may be lost: never counted on
            faces = content.dice[die]
            gain += (sum(map(worth, faces)) / len(faces) - worth(face)) * 0.15
    return gain

