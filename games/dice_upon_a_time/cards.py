"""Quest, Story, Magic Item and Character cards: what each is, and the small vocabulary of effects
and conditions their content files are written in (content.py reads and checks them)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# An effect is a table with one of these keys (the value says how much or where):
EFFECTS = {
    "gain": "tokens from the supply: { apple = 1 }",
    "gain_any": "that many resource tokens of your choice",
    "lose": "that many tokens of your choice",
    "lose_token": "those tokens: { bread = 1 }",
    "draw_quest": "draw that many Quest cards (each from a deck of your choice)",
    "draw_magic": "draw that many Magic Item cards",
    "discard_magic": "discard that many of your Magic Item cards",
    "go": "go to that field (its ability acts, as when arriving by a route)",
    "rabbit": "take that many Rabbit tokens",
    "lose_die": "put that many of your unused dice aside until the chapter ends",
    "reroll": "roll your unused dice again (true)",
    "others_gain": "every opponent takes these tokens from the supply: { coin = 1 }",
}
# A condition (lucky side quests at the end; unlucky ones to be discarded) has one of these keys:
CONDITIONS = {
    "at": "your figure stands on that field",
    "at_kind": "your figure stands on a field of that kind (steed, building, character, ...)",
    "tokens": "you hold at least these tokens: { coin = 2 }",
    "give": "you hand over these tokens (unlucky side quests only)",
    "quests_done": "you have completed at least that many main quests",
    "magic": "you hold at least that many Magic Item cards",
}
STORY_KINDS = ("good", "bad", "choose", "lucky", "unlucky")
MAGIC_TRIGGERS = {
    "own_turn": "play it at any moment of your own turn",
    "tokens_taken": "when a player takes tokens from a field",
    "story_drawn": "when you draw a Story card",
    "magic_played": "when another player plays a Magic Item against you",
}
MAGIC_EFFECTS = ("effect", "steal", "more", "cancel_story", "ward")


@dataclass(frozen=True, slots=True)
class Quest:
    id: str
    value: int  # Adventure Points once completed; the deck it lies in
    title: str
    text: str
    at: str = ""  # the field where it is completed ("" anywhere)
    give: tuple[tuple[str, int], ...] = ()  # tokens handed over
    item: str = ""  # a special item it needs
    item_from: str = ""  # where its owner picks that item up


@dataclass(frozen=True, slots=True)
class Story:
    id: str
    kind: str  # good, bad, choose, lucky, unlucky
    title: str
    text: str
    effect: dict[str, Any] | None = None  # good
    options: tuple[dict[str, Any], ...] = ()  # bad (two effects on you), choose (two gifts to them)
    condition: dict[str, Any] | None = None  # lucky: holds at the end; unlucky: met to discard it
    points: int = 0  # side quests: AP at the end (negative for unlucky ones still held)


@dataclass(frozen=True, slots=True)
class MagicItem:
    id: str
    title: str
    text: str
    when: str  # a MAGIC_TRIGGERS key
    does: str  # a MAGIC_EFFECTS key
    effect: dict[str, Any] | None = None  # for does = "effect"


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    name: str
    text: str
    effect: dict[str, Any]  # once per chapter, in your own turn
