"""Encounters: players whose figures stand on one field may trade resource tokens, active quests,
side quests and Magic Item cards when both accept. The player whose turn it is makes the offer (once
to each player met, each turn); the partner is asked and nothing changes hands unless they accept.

An offer names what is given and what is asked, item by item: "coin", "bread", "apple" (one token
each), "quest:<id>" (an active quest), "side:<id>" (a side quest), "magic:<id>" (one of your own
Magic Item cards) and, asked of the partner, "magic" (one of theirs, which they choose on accepting:
their cards are hidden from you).
"""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from games.core.messages import Event
from games.core.words import counted
from games.dice_upon_a_time.board import RESOURCES, TOKEN_NAMES
from games.dice_upon_a_time.content import Content
from games.dice_upon_a_time.events import TradeOffered, Told
from games.dice_upon_a_time.state import QUEST_LIMIT, DiceState, Question

WHAT = "tokens (coin, bread, apple), quest:<id>, side:<id> or magic:<id>"


def partners(state: DiceState, seat: int) -> list[int]:
    """The players met on this seat's field, not yet made an offer this turn."""
    players, offered = state.players, state.offered
    field = players[seat].field
    met = []  # (loops, not comprehensions, here and in swaps: asked at many moves, and a
    for s, p in enumerate(players):  # comprehension is a Python call more each time)
        if p.field == field and s != seat and s not in offered:
            met.append(s)
    return met


def swaps(state: DiceState, seat: int) -> list[tuple[int, tuple[str, ...], tuple[str, ...]]]:
    """The simplest offers, listed among the legal commands: one resource token for another of a
    different kind, with each player met. (Any other offer is legal too when its terms hold: the
    combinations are too many to list.)"""
    met = partners(state, seat)
    if not met:
        return []
    mine = state.players[seat].tokens
    out = []
    for partner in met:
        theirs = state.players[partner].tokens
        for a in RESOURCES:
            if mine.get(a, 0) > 0:  # (get: a Counter's missing key is a Python call, __missing__)
                for b in RESOURCES:
                    if a != b and theirs.get(b, 0) > 0:
                        out.append((partner, (a,), (b,)))
    return out


def offer_problem(state: DiceState, content: Content, seat: int, partner: int, give: Sequence[str],
                  take: Sequence[str]) -> str | None:
    """Why this offer may not be made now, in a player's words; None when it may."""
    if not 0 <= partner < len(state.players) or partner == seat:
        return "Offer a trade to another player at this table."
    if state.players[partner].field != state.players[seat].field:
        return "That player's figure is not on your field: trades are made where figures meet."
    if partner in state.offered:
        return "You have made that player an offer this turn already."
    if not give and not take:
        return "Offer something, or ask for something."
    for item in give:
        if item == "magic":
            return "Name the Magic Item card you give (magic:<card>)."
        if not known(content, item):
            return f"{item!r} is not something to trade: {WHAT}."
    for item in take:
        if item.startswith("magic:"):
            return "Ask for a Magic Item card without naming it: their cards are hidden, they choose."
        if item != "magic" and not known(content, item):
            return f"{item!r} is not something to trade: {WHAT}."
    if take.count("magic") > 1:
        return "Ask for one Magic Item card at most: they choose which."
    lacking = missing(state, seat, give, own=True) or missing(state, partner, take, own=False)
    if lacking:
        return lacking
    for who, gets, loses in ((seat, take, give), (partner, give, take)):
        quests = len(state.players[who].quests) + _quests(gets) - _quests(loses)
        if quests > QUEST_LIMIT:
            whose = "you" if who == seat else "they"
            return f"After the trade {whose} would hold {quests} active quests; the limit is {QUEST_LIMIT}."
    return None


def known(content: Content, item: str) -> bool:
    kind, _, card = item.partition(":")
    if not card:
        return kind in RESOURCES
    return card in {"quest": content.quests, "side": content.stories, "magic": content.magic}.get(kind, ())


def missing(state: DiceState, seat: int, items: Sequence[str], own: bool) -> str | None:
    """What of `items` the seat does not hold ("you" when it is the one offering)."""
    player = state.players[seat]
    who, has = ("You", "have") if own else ("They", "have")
    for token, n in Counter(i for i in items if i in RESOURCES).items():
        if player.tokens[token] < n:
            return f"{who} {has} {counted(player.tokens[token], TOKEN_NAMES[token])}, not {n}."
    cards = [i for i in items if ":" in i]
    if len(cards) != len(set(cards)):
        return "Name each card once."
    for item in cards:
        kind, _, card = item.partition(":")
        held = {"quest": player.quests, "side": player.side, "magic": player.magic}[kind]
        if card not in held:
            words = {"quest": "that active quest", "side": "that side quest", "magic": "that Magic Item card"}
            return f"{who} do not hold {words[kind]}."
    if "magic" in items and not player.magic:
        return "They hold no Magic Item card."
    return None


def _quests(items: Sequence[str]) -> int:
    return sum(1 for i in items if i.startswith("quest:"))


def offer(state: DiceState, content: Content, seat: int, partner: int, give: tuple[str, ...],
          take: tuple[str, ...], out: list[Event]) -> None:
    state.offered.append(partner)
    out.append(TradeOffered(seat, partner, words(content, give), words(content, take),
                            words(content, give, hide=True)))
    state.questions.append(Question(partner, "trade", (), (seat, give, take)))


def answer_options(state: DiceState, question: Question) -> tuple[str, ...]:
    """Accept or refuse; asked for a Magic Item card, accepting names the card given."""
    _, _, take = question.data
    if "magic" in take:
        cards = dict.fromkeys(state.players[question.seat].magic)
        return (*(f"accept:{c}" for c in cards), "refuse")
    return ("accept", "refuse")


def answer(state: DiceState, question: Question, choice: str, out: list[Event]) -> None:
    partner = question.seat
    seat, give, take = question.data
    if choice == "refuse":
        out.append(Told(partner, "refused the trade."))
        return
    chosen = choice.partition(":")[2]
    take = tuple(f"magic:{chosen}" if item == "magic" else item for item in take)
    for item in give:
        _hand(state, seat, partner, item)
    for item in take:
        _hand(state, partner, seat, item)
    out.append(Told(partner, "accepted the trade."))


def _hand(state: DiceState, giver: int, receiver: int, item: str) -> None:
    """One item changes hands."""
    kind, _, card = item.partition(":")
    a, b = state.players[giver], state.players[receiver]
    if not card:
        a.tokens[kind] -= 1
        b.tokens[kind] += 1
        return
    pile = {"quest": "quests", "side": "side", "magic": "magic"}[kind]
    getattr(a, pile).remove(card)
    getattr(b, pile).append(card)


def words(content: Content, items: Sequence[str], hide: bool = False) -> str:
    """Items as a player reads them ("2 Gold Coins, the quest A Loaf for the Huntsman"); with
    `hide`, a Magic Item card is not named (the table sees only that one changes hands)."""
    if not items:
        return "nothing"
    told = [counted(n, TOKEN_NAMES[t]) for t, n in Counter(i for i in items if i in RESOURCES).items()]
    for item in items:
        kind, _, card = item.partition(":")
        if kind == "quest":
            told.append(f"the quest {content.quests[card].title}")
        elif kind == "side":
            told.append(f"the side quest {content.stories[card].title}")
        elif kind == "magic":
            hidden = hide or not card
            told.append("a Magic Item card" if hidden else f"the Magic Item {content.magic[card].title}")
    return ", ".join(told)
