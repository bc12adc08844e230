"""Dice Upon a Time in words for the screen: faces, tokens, quests with their progress, effects, and
every answer a question allows, worded for the one who answers. Plain strings (no markup): the
screen escapes or styles them."""
from __future__ import annotations

from collections import Counter
from typing import Any

from games.core.words import counted
from games.dice_upon_a_time.board import RESOURCES, TOKEN_NAMES
from games.dice_upon_a_time.cards import Quest
from games.dice_upon_a_time.content import Content, game_content
from games.dice_upon_a_time.view import DiceView, PlayerView, Question

FACE_CHARS = {"magic": "M", "story": "S", "ban": "B", "double": "D"}  # special faces on the map
FACE_WORDS = {"magic": "Magic", "story": "Story", "ban": "Ban", "double": "Double"}
TOKEN_SHORT = {"coin": "coin", "bread": "bread", "apple": "apple", "bow": "Bow", "sword": "Sword",
               "lock": "Lock", "flute": "Flute"}
PLURALS = {"bread": "bread"}
SNAKE_DIE = 5


def face_char(face: Any) -> str:
    """One character for a die on the map: its number, or the special face's initial (worth 6)."""
    return FACE_CHARS.get(face, str(face))


def face_word(face: Any) -> str:
    return FACE_WORDS.get(face, str(face))


def die_name(die: int) -> str:
    return "the Snake die" if die == SNAKE_DIE else f"die {die + 1}"


def tokens_line(tokens: tuple[tuple[str, int], ...] | Counter) -> str:
    """'2 coin 1 bread Bow' (special items by name, once)."""
    items = tokens.items() if isinstance(tokens, Counter) else tokens
    parts = [f"{n} {TOKEN_SHORT[t]}" if t in RESOURCES else TOKEN_SHORT[t] for t, n in items if n]
    return " ".join(parts) or "no tokens"


def field_name(field: str, content: Content | None = None) -> str:
    return (content or game_content()).board.fields[field].name


def quest_terms(quest: Quest, content: Content) -> str:
    """Where and what: 'at Inn: 2 bread, the Bow (from Hell)'."""
    what = [counted(n, TOKEN_SHORT[t], PLURALS.get(t)) for t, n in quest.give]
    if quest.item:
        what.append(f"the {TOKEN_SHORT[quest.item]} (from {field_name(quest.item_from, content)})")
    where = f"at {field_name(quest.at, content)}" if quest.at else "anywhere"
    return f"{where}: {', '.join(what)}" if what else where


def quest_ready(quest: Quest, player: PlayerView) -> tuple[int, int]:
    """How much of a quest's price the player holds: (held, asked), the item counted as one."""
    tokens = dict(player.tokens)
    held = sum(min(tokens.get(t, 0), n) for t, n in quest.give)
    asked = sum(n for _, n in quest.give)
    if quest.item:
        held, asked = held + (1 if tokens.get(quest.item) else 0), asked + 1
    return held, asked


def quest_line(card: str, player: PlayerView, content: Content | None = None) -> str:
    """'3 Apples for the Old Woman · at Old Woman: 2 apple · 1/2' (✓ when all is held)."""
    content = content or game_content()
    quest = content.quests[card]
    held, asked = quest_ready(quest, player)
    progress = "✓" if held == asked else f"{held}/{asked}"
    return f"{quest.value} {quest.title} · {quest_terms(quest, content)} · {progress}"


def effect_words(effect: dict[str, Any], content: Content | None = None) -> str:
    """An effect of the card vocabulary (games/dice_upon_a_time/cards.py) as a player reads it."""
    content = content or game_content()
    (key, value), = effect.items()
    if key in ("gain", "lose_token", "others_gain"):
        tokens = ", ".join(counted(n, TOKEN_NAMES[t]) for t, n in value.items())
        return {"gain": f"take {tokens}", "lose_token": f"lose {tokens}",
                "others_gain": f"every opponent takes {tokens}"}[key]
    words = {
        "gain_any": f"take {counted(value, 'token')} of your choice",
        "lose": f"lose {counted(value, 'token')} of your choice",
        "draw_quest": f"draw {counted(value, 'Quest card')}",
        "draw_magic": f"draw {counted(value, 'Magic Item card')}",
        "discard_magic": f"discard {counted(value, 'Magic Item card')}",
        "rabbit": f"take {counted(value, 'Rabbit token')}",
        "lose_die": f"set {counted(value, 'unused die', 'unused dice')} aside",
        "reroll": "roll your unused dice again",
    }
    if key == "go":
        return f"go to {field_name(value, content)}"
    return words[key]


def option_label(view: DiceView, question: Question, option: str) -> str:
    """One answer to the question put to the viewer, in words."""
    content = game_content()
    kind = question.kind
    me = view.players[question.seat]
    if kind in ("quest deck", "king deck"):
        left = dict(view.quest_decks).get(int(option), 0)
        return f"{option} AP deck ({left} left)"
    if kind == "king keep":
        quest = content.quests[option]
        return f"{quest.title} ({quest.value} AP, {quest_terms(quest, content)})"
    if kind in ("fairy token", "gain token", "lose token"):
        return TOKEN_NAMES[option]
    if kind == "steed":
        return "stay here" if option == "stay" else f"ride to {field_name(option, content)}"
    if kind in ("wolf die", "lose die"):  # by its face: the answers' own numbers come first
        die = int(option)
        snake = " Snake die" if die == SNAKE_DIE else ""
        return f"your{snake} {face_word(dict(me.pool)[die])}"
    if kind in ("bad luck", "choose"):
        story = content.stories[question.data[0]]
        return effect_words(story.options[int(option)], content)
    if kind == "discard magic":
        return content.magic[option].title
    if kind == "fox face":
        return face_word(option if not option.isdigit() else int(option))
    if kind == "story":
        return "read on"
    if kind == "take":
        return "take the tokens"
    if kind.startswith("magic "):
        if option == "no":
            return "no, keep the card"
        return f"play {content.magic[option].title}"
    if kind == "trade":
        if option.startswith("accept:"):
            return f"accept, giving {content.magic[option[7:]].title}"
        return option
    return option


def question_text(view: DiceView, names: list[str]) -> str:
    """What the question put to the viewer is about, before its answers."""
    content = game_content()
    question = view.question
    kind, data = question.kind, question.data
    if kind == "story":
        story = content.stories[data[0]]
        return f"Story card {story.title}: {story.text}"
    if kind in ("bad luck", "choose"):
        story = content.stories[data[0]]
        return f"{story.title}: {story.text} Choose"
    if kind == "trade":
        from games.dice_upon_a_time.trades import words
        offerer, give, take = data
        return f"{names[offerer]} offers {words(content, give)} for {words(content, take)}"
    if kind == "fox face":
        return f"Set {die_name(data[0])} from the Fox to a face"
    if kind == "king deck":
        return f"The King: draw card {data[0] + 1} of 3 from"
    if kind == "fairy token":
        return f"The Fairy gives {counted(data[0], 'token')} of one kind"
    if kind == "take":
        return "Tokens from the field"
    return view.waiting[0].upper() + view.waiting[1:]


SPIRIT_WORDS = {
    "rabbit": "the Rabbit (highest tower: first next chapter, a Rabbit token)",
    "snake": "the Snake (highest tower: the Snake die next chapter)",
    "wolf": "the Wolf (every other player feeds it an unused die)",
    "fox1": "the Fox (the die keeps the face you choose next chapter)",
    "fox2": "the Fox (the die keeps the face you choose next chapter)",
}


def socket_words(view: DiceView, socket: str, here: str) -> str:
    """A socket as the prompt names it: 'Town–Inn (1) → you may go to Inn', a tower's dice and
    owners, or a Spirit Animal and what it gives."""
    content = game_content()
    board = content.board
    tower = dict(view.sockets).get(socket, ())
    held = ""
    if tower:
        held = " on " + ", ".join(f"{face_word(d.face)} (seat {d.seat + 1})" for d in tower)
    if socket in SPIRIT_WORDS:
        return SPIRIT_WORDS[socket] + held
    route = board.routes[int(socket[1:])]
    a, b = (board.fields[e].name for e in route.ends)
    where = f"{a}–{b} ({route.value}){held}"
    if here in route.ends:
        return f"{where} → you may go to {board.fields[route.other(here)].name}"
    return f"{where}, not your route: no move"
