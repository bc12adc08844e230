"""Loading and checking the Questline card files; every problem names the file, card and fault."""
from __future__ import annotations

import re
import tomllib
from importlib import resources

from games.questline.cards import (
    MAX_LEVEL, SKILLS, TAGS, TERRAINS, UNIQUE_EFFECTS, Ability, Card, Feature, Kind,
)

FILES = {Kind.CLASS: "classes.toml", Kind.ADVENTURE: "adventures.toml",
         Kind.EPILOGUE: "epilogues.toml"}
COUNTS = {Kind.CLASS: 18, Kind.ADVENTURE: 72, Kind.EPILOGUE: 6}
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
ABILITY_KEYS = {"quest": {"per", "stars"}, "mastery": {"needs", "at_least", "stars"},
                "shortcut": {"before"}, "setback": {"skill"},
                "unique": {"effect", "stars", "threshold"}}


def parse_ability(data: dict) -> Ability:
    kind = data.get("kind")
    allowed = ABILITY_KEYS.get(kind, set(data)) if isinstance(kind, str) else set(data)
    unknown = set(data) - {"kind"} - allowed
    if unknown:
        raise ValueError(f"{kind} ability: unknown keys {sorted(unknown)}")
    stars = data.get("stars", 0)
    if not isinstance(stars, int):
        raise ValueError("ability stars must be a whole number")
    if kind == "quest":
        return Ability("quest", Feature.parse(str(data.get("per")), ("terrain", "tag")), stars)
    if kind == "mastery":
        at_least = data.get("at_least", 1)
        if not isinstance(at_least, int) or not 1 <= at_least <= 6:
            raise ValueError("mastery at_least must be 1 to 6")
        feature = Feature.parse(str(data.get("needs")), ("terrain", "tag", "skill"))
        return Ability("mastery", feature, stars, at_least=at_least)
    if kind == "shortcut":
        return Ability("shortcut", Feature.parse(str(data.get("before", "any")),
                                                 ("any", "terrain", "tag")))
    if kind == "setback":
        if data.get("skill") not in SKILLS:
            raise ValueError(f"setback skill must be one of {', '.join(SKILLS)}")
        return Ability("setback", skill=data["skill"])
    if kind == "unique":
        effect = data.get("effect")
        if effect not in UNIQUE_EFFECTS:
            raise ValueError(f"unique effect must be one of {', '.join(UNIQUE_EFFECTS)}")
        threshold = data.get("threshold", 0)
        if effect == "herald" and not (isinstance(threshold, int) and 1 <= threshold <= 6):
            raise ValueError("herald needs a threshold from 1 to 6")
        return Ability("unique", stars=stars, effect=effect, threshold=threshold)
    raise ValueError(f"unknown ability kind {kind!r} (quest, mastery, shortcut, setback, unique)")


def _levels(value) -> tuple[tuple[int, ...], bool]:
    if value == "?":
        return (), True
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if (isinstance(value, list) and 1 <= len(value) <= 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and all(1 <= v <= MAX_LEVEL for v in value)
            and (len(value) == 1 or value[1] == value[0] + 1)):
        return tuple(value), False
    raise ValueError(f'level must be 1-{MAX_LEVEL}, "?", or two consecutive levels like [2, 3]')


def parse_card(data: dict, kind: Kind) -> Card:
    """One card from its TOML table; raises ValueError saying what is wrong."""
    for key in ("id", "name", "flavour"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ValueError(f"`{key}` must be a non-empty string")
    if not ID.fullmatch(data["id"]):
        raise ValueError("`id` must be lowercase letters, digits and hyphens")
    stars = data.get("stars")
    if not isinstance(stars, int) or isinstance(stars, bool):
        raise ValueError("`stars` must be a whole number")
    if kind is Kind.EPILOGUE:
        extra = set(data) - {"id", "name", "stars", "flavour"}
        if extra:
            raise ValueError(f"an epilogue has only id, name, stars, flavour (not {sorted(extra)})")
        return Card(data["id"], kind, data["name"], stars=stars, flavour=data["flavour"])
    levels, wild = _levels(data.get("level"))
    if kind is Kind.CLASS and (wild or levels != (1,)):
        raise ValueError("a class card is level 1")
    if kind is Kind.ADVENTURE and levels and levels[0] < 2:
        raise ValueError("adventure cards are levels 2-7: level 1 is the class card's")
    if wild and stars != 0:
        raise ValueError('a "?" card has stars = 0: it scores the level it takes')
    terrain = data.get("terrain")
    if terrain not in TERRAINS:
        raise ValueError(f"terrain must be one of {', '.join(TERRAINS)}")
    tags, skills = data.get("tags", []), data.get("skills", [])
    if not isinstance(tags, list) or any(t not in TAGS for t in tags) or len(tags) > 2:
        raise ValueError(f"tags: at most 2 of {', '.join(TAGS)}")
    if not isinstance(skills, list) or any(s not in SKILLS for s in skills) or len(skills) > 2:
        raise ValueError(f"skills: at most 2 of {', '.join(SKILLS)}")
    abilities = data.get("abilities", [])
    if not isinstance(abilities, list):
        raise ValueError("`abilities` must be a list of tables")
    parsed = tuple(parse_ability(a if isinstance(a, dict) else {}) for a in abilities)
    unknown = set(data) - {"id", "name", "level", "terrain", "tags", "skills", "stars",
                           "abilities", "flavour"}
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}")
    return Card(data["id"], kind, data["name"], levels, wild, terrain, tuple(tags), tuple(skills),
                stars, parsed, data["flavour"])


def parse_file(text: str, kind: Kind, where: str) -> tuple[list[Card], list[str]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return [], [f"{where}: not valid TOML: {exc}"]
    entries = data.get("card")
    if not isinstance(entries, list):
        return [], [f"{where}: no [[card]] entries"]
    cards, problems = [], []
    for n, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            problems.append(f"{where}: card {n}: not a [[card]] table")
            continue
        label = f"{where}: card {n} ({entry.get('id', '?')})"
        try:
            cards.append(parse_card(entry, kind))
        except ValueError as exc:
            problems.append(f"{label}: {exc}")
    return cards, problems


def _read(name: str) -> str:
    return (resources.files("games.questline") / "content" / name).read_text(encoding="utf-8")


def load_all(read=_read) -> tuple[dict[Kind, list[Card]], list[str]]:
    """Every card file parsed, and the problems across them (counts, duplicate ids and names)."""
    decks: dict[Kind, list[Card]] = {}
    problems: list[str] = []
    for kind, name in FILES.items():
        try:
            text = read(name)
        except FileNotFoundError:
            problems.append(f"{name}: missing")
            decks[kind] = []
            continue
        cards, found = parse_file(text, kind, name)
        decks[kind], problems = cards, problems + found
        if not found and len(cards) != COUNTS[kind]:
            problems.append(f"{name}: has {len(cards)} cards; the game has {COUNTS[kind]}")
    seen_ids: dict[str, str] = {}
    seen_names: dict[str, str] = {}
    for kind, cards in decks.items():
        for card in cards:
            where = f"{FILES[kind]}: card {card.id}"
            if card.id in seen_ids:
                problems.append(f"{where}: id also used in {seen_ids[card.id]}")
            if card.name in seen_names:
                problems.append(f"{where}: name {card.name!r} also used by {seen_names[card.name]}")
            seen_ids[card.id], seen_names[card.name] = FILES[kind], card.id
    epilogue_stars = sorted(c.stars for c in decks.get(Kind.EPILOGUE, []))
    if decks.get(Kind.EPILOGUE) and epilogue_stars != [1, 2, 3, 4, 5, 6]:
        problems.append(f"epilogues.toml: stars must be 1 to 6 once each, not {epilogue_stars}")
    return decks, problems


def check_content() -> list[str]:
    return load_all()[1]
