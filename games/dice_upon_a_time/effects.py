"""Drawing cards, asking questions, carrying out card effects, and what a field does on arrival.

Questions queue in `state.questions`: whoever owes the first answer is the one seat to act, and
play goes on when the queue is empty. A question is asked only when there is a real choice; a
single possible answer is taken at once.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.messages import Event
from games.core.rng import derive_rng
from games.dice_upon_a_time.board import RESOURCES, TOKEN_NAMES, Board
from games.dice_upon_a_time.cards import Story
from games.dice_upon_a_time.content import Content
from games.dice_upon_a_time.dice import roll
from games.dice_upon_a_time.events import (
    FigureMoved, Happened, MagicDrawn, QuestDrawn, StoryRead, TokensTaken,
)
from games.dice_upon_a_time.state import QUEST_LIMIT, SNAKE_DIE, DiceState, Question


# -- decks ---------------------------------------------------------------------------------------

def _draw(state: DiceState, deck: list[str], discard: list[str], why: str) -> str | None:
    """The top card of a deck; an empty deck is made again from its discard pile, shuffled."""
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        state.draws += 1
        derive_rng(state.seed, "reshuffle", why, state.draws).shuffle(deck)
    return deck.pop() if deck else None


def open_quest_decks(state: DiceState) -> list[int]:
    return [v for v in sorted(state.quest_decks) if state.quest_decks[v]]


def ask_quest(state: DiceState, seat: int, out: list[Event], count: int = 1) -> None:
    """Draw Quest cards, each from a deck the player chooses (asked, unless only one deck is left)."""
    for _ in range(count):
        if len(state.players[seat].quests) + _asked(state, seat, "quest deck") >= QUEST_LIMIT:
            out.append(Happened(f"Quest cards are not drawn beyond {QUEST_LIMIT} active quests."))
            return
        state.questions.append(Question(seat, "quest deck", ()))


def _asked(state: DiceState, seat: int, kind: str) -> int:
    return sum(1 for q in state.questions if q.seat == seat and q.kind == kind)


def draw_quest(state: DiceState, content: Content, seat: int, value: int, out: list[Event]) -> None:
    deck = state.quest_decks.get(value, [])
    if not deck:
        return
    card = deck.pop()
    state.players[seat].quests.append(card)
    quest = content.quests[card]
    out.append(QuestDrawn(seat, quest.title, quest.value))
    if not any(state.quest_decks.values()) and not state.decks_ran_out_in:
        state.decks_ran_out_in = state.chapter


def draw_magic(state: DiceState, content: Content, seat: int, out: list[Event], count: int = 1) -> None:
    for _ in range(count):
        card = _draw(state, state.magic_deck, state.magic_discard, "magic")
        if card is None:
            out.append(Happened("The Magic Item cards have all been drawn."))
            return
        state.players[seat].magic.append(card)
        out.append(MagicDrawn(seat, content.magic[card].title))


def draw_story(state: DiceState, content: Content, seat: int, out: list[Event]) -> None:
    """Draw and read a Story card; its holder may cancel it with a Magic Item before it acts."""
    card = _draw(state, state.story_deck, state.story_discard, "story")
    if card is None:
        out.append(Happened("The Story cards have all been read."))
        return
    story = content.stories[card]
    out.append(StoryRead(seat, story.title, story.text))
    cancels = answering(state, content, seat, "story_drawn", "cancel_story")
    if cancels:
        state.questions.append(Question(seat, "magic cancel", (*cancels, "no"), (card,)))
    state.questions.append(Question(seat, "story", ("read",), (card,)))


# -- reaction windows: Magic Items that answer an event, offered in seat order -----------------------

def answering(state: DiceState, content: Content, seat: int, when: str, does: str) -> tuple[str, ...]:
    """The seat's Magic Item cards that can answer this moment (each title once)."""
    return tuple(dict.fromkeys(c for c in state.players[seat].magic
                               if content.magic[c].when == when and content.magic[c].does == does))


def take_from_field(state: DiceState, content: Content, seat: int, token: str, count: int,
                    out: list[Event]) -> None:
    """Tokens taken on arriving at a field. The taker may play a card for one more; then every other
    player, clockwise, holding a card to take them instead is asked; the taker may ward that off."""
    state.taking = (seat, token, count, seat)
    more = answering(state, content, seat, "tokens_taken", "more")
    if more:
        state.questions.append(Question(seat, "magic more", (*more, "no")))
    n = len(state.players)
    for other in ((seat + i) % n for i in range(1, n)):
        if answering(state, content, other, "tokens_taken", "steal"):
            state.questions.append(Question(other, "magic steal", ()))
    state.questions.append(Question(seat, "take", ("take",)))


# -- story cards -----------------------------------------------------------------------------------

def resolve_story(state: DiceState, content: Content, seat: int, story: Story, out: list[Event]) -> None:
    if story.kind in ("lucky", "unlucky"):
        state.players[seat].side.append(story.id)
        return
    if story.kind == "good":
        apply_effect(state, content, seat, story.effect, out)
    elif story.kind == "bad":
        possible = [str(i) for i, e in enumerate(story.options) if effect_possible(state, seat, e)]
        if not possible:
            out.append(Happened("Neither misfortune can happen: the card is discarded."))
        elif len(possible) == 1:
            apply_effect(state, content, seat, story.options[int(possible[0])], out)
        else:
            state.questions.append(Question(seat, "bad luck", tuple(possible), (story.id,)))
    else:  # "choose": the reader picks which gift every opponent gets
        state.questions.append(Question(seat, "choose", ("0", "1"), (story.id,)))
    state.story_discard.append(story.id)


def effect_possible(state: DiceState, seat: int, effect: dict[str, Any]) -> bool:
    """Whether a misfortune can happen to this player (a bad luck card must pick one that can)."""
    (key, value), = effect.items()
    player = state.players[seat]
    if key == "lose":
        return sum(player.tokens.values()) > 0
    if key == "lose_token":
        return all(player.tokens[t] >= n for t, n in value.items())
    if key == "discard_magic":
        return bool(player.magic)
    if key == "lose_die":
        return bool(player.pool)
    return True


# -- effects ---------------------------------------------------------------------------------------

def apply_effect(state: DiceState, content: Content, seat: int, effect: dict[str, Any],
                 out: list[Event]) -> None:
    (key, value), = effect.items()
    player = state.players[seat]
    if key == "gain":
        for token, n in value.items():
            gain(state, seat, token, n, out)
    elif key == "gain_any":
        for _ in range(value):
            state.questions.append(Question(seat, "gain token", RESOURCES))
    elif key == "lose":
        for _ in range(value):
            state.questions.append(Question(seat, "lose token", ()))
    elif key == "lose_token":
        for token, n in value.items():
            taken = min(n, player.tokens[token])
            player.tokens[token] -= taken
            out.append(Happened(f"{TOKEN_NAMES[token]} ×{taken} lost."))
    elif key == "draw_quest":
        ask_quest(state, seat, out, value)
    elif key == "draw_magic":
        draw_magic(state, content, seat, out, value)
    elif key == "discard_magic":
        for _ in range(min(value, len(player.magic))):
            state.questions.append(Question(seat, "discard magic", ()))
    elif key == "go":
        go(state, content, seat, value, "sent by a card", out)
    elif key == "rabbit":
        player.rabbit += value
        out.append(Happened(f"Rabbit token ×{value} taken."))
    elif key == "lose_die":
        for _ in range(min(value, len(player.pool))):
            state.questions.append(Question(seat, "lose die", ()))
    elif key == "reroll":
        for die in sorted(player.pool):
            if die == SNAKE_DIE:
                player.pool.pop(die)
                roll_snake(state, content, seat, f"seat {seat} reroll snake", out)
            else:
                player.pool[die] = roll(state, content.dice[die], f"seat {seat} reroll {die}")
        out.append(Happened("The unused dice were rolled again."))
    elif key == "others_gain":
        for other in range(len(state.players)):
            if other != seat:
                for token, n in value.items():
                    gain(state, other, token, n, out)


def roll_snake(state: DiceState, content: Content, seat: int, why: str, out: list[Event]) -> Any:
    """Roll the Snake die: a 4 or a 5 joins the pool; a token face gives that token and the Snake
    face loses it, and either way it goes back to the Snake field. The face rolled."""
    player = state.players[seat]
    face = roll(state, content.snake, why)
    if face in (4, 5):
        player.pool[SNAKE_DIE] = face
        return face
    player.snake = False
    if face != "snake":
        gain(state, seat, face, 1, out)
    out.append(Happened(f"The Snake die shows {TOKEN_NAMES.get(face, 'the Snake')}: it goes back to "
                        "the Snake field."))
    return face


def gain(state: DiceState, seat: int, token: str, count: int, out: list[Event]) -> None:
    state.players[seat].tokens[token] += count
    out.append(TokensTaken(seat, TOKEN_NAMES[token], count))


# -- arriving on a field ---------------------------------------------------------------------------

def go(state: DiceState, content: Content, seat: int, field: str, how: str, out: list[Event]) -> None:
    """The figure arrives on a field (by a route, a Rabbit token, a Steed or a card): the field's
    ability acts, and a quest's special item waiting there is picked up by its owner."""
    board = content.board
    player = state.players[seat]
    player.field = field
    out.append(FigureMoved(seat, board.fields[field].name, how))
    state.activated = None  # a card that moves you ends the move along the route you activated
    pick_up_items(state, content, seat, out)
    arrive(state, content, board, seat, field, how, out)


def pick_up_items(state: DiceState, content: Content, seat: int, out: list[Event]) -> None:
    player = state.players[seat]
    for card in player.quests:
        quest = content.quests[card]
        if quest.item and quest.item_from == player.field and not player.tokens[quest.item]:
            gain(state, seat, quest.item, 1, out)


def arrive(state: DiceState, content: Content, board: Board, seat: int, field: str, how: str,
           out: list[Event]) -> None:
    kind = board.fields[field].kind
    extra = 1 if state.doubling and seat == state.turn else 0
    if kind == "town":
        ask_quest(state, seat, out)
    elif kind == "king":
        for n in range(3):
            state.questions.append(Question(seat, "king deck", (), (n,)))
    elif kind == "fairy":
        state.questions.append(Question(seat, "fairy token", RESOURCES, (1 + extra,)))
    elif kind == "resource":
        take_from_field(state, content, seat, board.fields[field].token, 1 + extra, out)
    elif kind == "character":
        draw_story(state, content, seat, out)
    elif kind == "magic":
        draw_magic(state, content, seat, out)
    elif kind == "steed" and how != "by a Steed":
        others = tuple(f for f in board.of_kind("steed") if f != field)
        state.questions.append(Question(seat, "steed", ("stay", *others)))


def holds(tokens: Counter, need: dict[str, int] | tuple[tuple[str, int], ...]) -> bool:
    items = need.items() if isinstance(need, dict) else need
    return all(tokens[t] >= n for t, n in items)
