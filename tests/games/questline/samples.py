"""Random Questline cards and hands for tests and benchmarks: every ability kind, "?" and two-level cards."""
from __future__ import annotations

import random

from games.questline.cards import SKILLS, TAGS, TERRAINS, UNIQUE_EFFECTS, Ability, Card, Feature, Kind

_VALUES = {"terrain": TERRAINS, "tag": TAGS, "skill": SKILLS}


def random_feature(rng: random.Random, axes: tuple[str, ...]) -> Feature:
    axis = rng.choice(axes)
    return Feature("any") if axis == "any" else Feature(axis, rng.choice(_VALUES[axis]))


def random_ability(rng: random.Random) -> Ability:
    kind = rng.choice(("quest", "mastery", "shortcut", "setback", "unique"))
    if kind == "quest":
        return Ability("quest", random_feature(rng, ("terrain", "tag")), rng.randint(1, 3))
    if kind == "mastery":
        return Ability("mastery", random_feature(rng, ("terrain", "tag", "skill")), rng.randint(1, 4),
                       at_least=rng.randint(1, 2))
    if kind == "shortcut":
        return Ability("shortcut", random_feature(rng, ("any", "terrain", "tag")))
    if kind == "setback":
        return Ability("setback", skill=rng.choice(SKILLS))
    effect = rng.choice(UNIQUE_EFFECTS)
    return Ability("unique", stars=rng.randint(1, 3), effect=effect,
                   threshold=rng.randint(1, 6) if effect == "herald" else 0)


def random_card(rng: random.Random, n: int, is_class: bool = False, wild: float = 0.15) -> Card:
    """Card number n: a class card (level 1), or an adventure: "?", two levels, or one of 2-7."""
    roll, levels, is_wild = rng.random(), (1,), False
    if not is_class and roll < wild:
        levels, is_wild = (), True
    elif not is_class and roll < wild + 0.15:
        low = rng.randint(2, 6)
        levels = (low, low + 1)
    elif not is_class:
        levels = (rng.randint(2, 7),)
    return Card(f"card-{n}", Kind.CLASS if is_class else Kind.ADVENTURE, f"Card {n}", levels, is_wild,
                rng.choice(TERRAINS), tuple(rng.choice(TAGS) for _ in range(rng.randint(0, 2))),
                tuple(rng.choice(SKILLS) for _ in range(rng.randint(0, 2))),
                0 if is_wild else rng.randint(-1, 5),
                tuple(random_ability(rng) for _ in range(rng.choice((0, 1, 1, 2)))))


def random_hand(rng: random.Random, size: int = 7, max_wild: int | None = None) -> list[Card]:
    """A hand of `size` cards, usually with one class card, at most `max_wild` "?" cards."""
    classes = rng.choice((0, 1, 1, 1, 2))
    while True:
        hand = [random_card(rng, n, is_class=n < classes) for n in range(size)]
        if max_wild is None or sum(c.wild for c in hand) <= max_wild:
            return hand


def random_epilogue(rng: random.Random) -> Card | None:
    stars = rng.randint(0, 6)
    return Card(f"epilogue-{stars}", Kind.EPILOGUE, f"Epilogue {stars}", stars=stars) if stars else None
