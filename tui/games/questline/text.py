"""Questline cards as short lines of text for an 80-column screen."""
from __future__ import annotations

from typing import Sequence

from games.core.words import counted
from games.questline.cards import Ability, Card

TERRAIN = {"dungeon": "dun", "forest": "for", "mountain": "mtn", "village": "vil"}
ABILITY_INDENT = " " * 4  # a card's abilities on a row of their own start under its name
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


def card_line(card: Card, name_width: int, feature_width: int = 17, width: int = 74,
              abilities: bool = True) -> str:
    """Level, whole name and terrain/tags/skills (padded to the widest of the hand), stars and
    abilities on one line. A line too long for its columns drops their padding; only a card too
    long even then has its last abilities cut, with "…" (i then its number reads it in full)."""
    level = card.level_text().rjust(3)
    stars = f"★{card.stars}"
    told = abilities_text(card) if abilities else ""
    aligned = f"{level} {card.name:<{name_width}} {features(card):<{feature_width}} {stars:>3} {told}"
    tight = tight_line(card, abilities)
    text = next((line.rstrip() for line in (aligned, tight) if len(line.rstrip()) <= width), tight)
    return text if len(text) <= width else text[:width - 1] + "…"


def card_rows(card: Card, name_width: int, feature_width: int, width: int, rows: int) -> list[str]:
    """The card as card_line sets it; one too long for a row, given two, has its abilities on the
    second, under its name, so nothing is cut."""
    if rows < 2 or not too_long(card, width):
        return [card_line(card, name_width, feature_width, width)]
    return [card_line(card, name_width, feature_width, width, abilities=False),
            ABILITY_INDENT + abilities_text(card)]


def too_long(card: Card, width: int) -> bool:
    """Whether card_line must cut the card's abilities to fit `width`."""
    return len(tight_line(card)) > width


def tight_line(card: Card, abilities: bool = True) -> str:
    """The card's line with no column padding: the shortest card_line can make it."""
    told = abilities_text(card) if abilities else ""
    parts = (card.level_text().rjust(3), card.name, features(card), f"★{card.stars}", told)
    return " ".join(part for part in parts if part)


def abilities_text(card: Card) -> str:
    return " ".join(ability_text(a) for a in card.abilities)


def columns(cards: Sequence[Card], width: int) -> tuple[int, int]:
    """The name and feature column widths for `cards` listed by card_line within `width`: names
    padded to the longest, unless that would push a card's abilities past the edge (a longer name
    then overflows its column on its own line; a card too long even alone is set tight anyway)."""
    feature_width = max((len(features(card)) for card in cards), default=0)
    room = (width - len(card_line(card, 0, feature_width, 10 ** 3)) + len(card.name) for card in cards)
    fitting = [r for r, card in zip(room, cards) if r >= len(card.name)]
    return min([max((len(card.name) for card in cards), default=0), *fitting]), feature_width


def card_chip(card: Card, name_width: int) -> str:
    """A discard-area card in a few columns: level, stars and the start of its name."""
    level = card.level_text() or "E"
    return f"{level:>3}★{card.stars:<2} {short_name(card, name_width):<{name_width}}"


def ability_words(ability: Ability) -> str:
    """An ability in words, as content/README.md defines it."""
    feature, stars = ability.feature, f"+{counted(ability.stars, 'star')}"
    if ability.kind == "quest":
        return f"{stars} for each {feature} shown by a scored card to its right"
    if ability.kind == "mastery":
        times = f"{ability.at_least} times" if ability.at_least > 1 else "once"
        return f"{stars} if {feature} shows at least {times} on scored cards to its left"
    if ability.kind == "shortcut":
        return f"one level may be skipped directly before a card to its right that shows {feature}"
    if ability.kind == "setback":
        return f"{ability.skill} skills to its left do not count for masteries to its right"
    return {"variety": f"{stars} for each different terrain among scored cards",
            "finale": f"{stars} if it is the last scored card",
            "kinship": f"{stars} for each other scored card of its terrain",
            "herald": f"{stars} if your epilogue is ★{ability.threshold} or more",
            }.get(ability.effect, ability_text(ability))


def card_details(card: Card) -> str:
    """Everything a card says, for reading it in full."""
    kind = card.kind.value
    level = "any level 2-7 (its stars equal it)" if card.wild else (
        f"level {card.level_text()}" if card.levels else "")
    lines = [f"{kind} card{', ' + level if level else ''}, ★{card.stars}"]
    shown = [f"terrain: {card.terrain}"] if card.terrain else []
    shown += [f"tags: {', '.join(card.tags)}"] if card.tags else []
    shown += [f"skills: {', '.join(card.skills)}"] if card.skills else []
    if shown:
        lines.append(" · ".join(shown))
    lines += [f"• {ability_words(a)}" for a in card.abilities]
    if card.flavour:
        lines += ["", card.flavour]
    return "\n".join(lines)


def short_name(card: Card, width: int = 16) -> str:
    name = card.name
    return name if len(name) <= width else name[:width - 1] + "…"
