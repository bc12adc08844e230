"""Questline cards as short lines of text for an 80-column screen."""
from __future__ import annotations

from games.questline.cards import Ability, Card

TERRAIN = {"dungeon": "dun", "forest": "for", "mountain": "mtn", "village": "vil"}
SHORT = {"agility": "agi", "might": "mgt", "magic": "mag", "beast": "bst", "combat": "cbt",
         "gear": "gear", "gold": "gold", "social": "soc", "undead": "und"}


def ability_text(ability: Ability) -> str:
    feature = ability.feature
    if ability.kind == "quest":
        return f"+{ability.stars}/{feature.value}→"
    if ability.kind == "mastery":
        need = f"{ability.at_least}×" if ability.at_least > 1 else ""
        return f"+{ability.stars} if {need}{feature.value}←"
    if ability.kind == "shortcut":
        return f"skip→{'any' if feature.axis == 'any' else feature.value}"
    if ability.kind == "setback":
        return f"setback {SHORT[ability.skill]}"
    if ability.effect == "herald":
        return f"+{ability.stars} if epilogue ≥{ability.threshold}"
    return f"{ability.effect} +{ability.stars}"


def features(card: Card) -> str:
    return " ".join([TERRAIN.get(card.terrain, ""), *(SHORT[t] for t in card.tags + card.skills)])


def card_line(card: Card, width: int = 74) -> str:
    """Level, name, terrain/tags/skills, stars and abilities on one line."""
    level = card.level_text().rjust(3)
    stars = f"★{card.stars}"
    abilities = " ".join(ability_text(a) for a in card.abilities)
    text = f"{level} {card.name[:26]:<26} {features(card):<17} {stars:>3} {abilities}"
    return text[:width]


def short_name(card: Card, width: int = 16) -> str:
    name = card.name
    return name if len(name) <= width else name[:width - 1] + "…"
