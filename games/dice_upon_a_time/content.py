"""Dice Upon a Time content: the map, the dice, the quests, story cards, magic items and characters,
read once from content/*.toml and checked (`fabletop content check`: each problem names the file,
the entry and the fault)."""
from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from games.dice_upon_a_time.board import (
    FIELD_KINDS, ITEMS, RESOURCES, TOKENS, Board, Field, Route, Spirit, problems as map_problems,
)
from games.dice_upon_a_time.cards import (
    CONDITIONS, EFFECTS, MAGIC_EFFECTS, MAGIC_TRIGGERS, STORY_KINDS, Character, MagicItem, Quest,
    Story,
)

SPECIAL_FACES = ("magic", "story", "ban", "double")
DECK_SIZES = {"quest": 39, "story": 65, "magic": 18, "character": 8}


@dataclass(frozen=True)
class Content:
    board: Board
    colours: tuple[str, ...]
    dice: tuple[tuple[Any, ...], ...]  # each die's faces 1..6
    snake: tuple[Any, ...]
    quests: dict[str, Quest]
    stories: dict[str, Story]
    magic: dict[str, MagicItem]
    characters: dict[str, Character]


def _read(name: str) -> dict:
    path = resources.files("games.dice_upon_a_time") / "content" / name
    return tomllib.loads(path.read_text(encoding="utf-8"))


def _board(data: dict) -> Board:
    fields = {f["id"]: Field(f["id"], f["name"], f["kind"], tuple(f["at"]), f.get("token", ""))
              for f in data["field"]}
    routes = tuple(Route(i, (a, b), int(v)) for i, (a, b, v) in enumerate(data["route"]))
    spirits = {s["id"]: Spirit(s["id"], s["name"], tuple(s["at"]), int(s["sockets"]), bool(s["tower"]))
               for s in data["spirit"]}
    return Board(fields, routes, spirits)


def _quest(q: dict) -> Quest:
    return Quest(q["id"], int(q["value"]), q["title"], q["text"], q.get("at", ""),
                 tuple(sorted(q.get("give", {}).items())), q.get("item", ""), q.get("item_from", ""))


def _story(s: dict) -> Story:
    return Story(s["id"], s["kind"], s["title"], s["text"], s.get("effect"),
                 tuple(s.get("options", ())), s.get("condition"), int(s.get("points", 0)))


def _magic(m: dict) -> MagicItem:
    return MagicItem(m["id"], m["title"], m["text"], m["when"], m["does"], m.get("effect"))


def _character(c: dict) -> Character:
    return Character(c["id"], c["name"], c["text"], c["effect"])


def load_all() -> tuple[Content | None, list[str]]:
    """The content and every problem found in it (the content is None when a file cannot be read)."""
    problems: list[str] = []
    data = {}
    for name in ("map", "dice", "quests", "stories", "magic", "characters"):
        try:
            data[name] = _read(f"{name}.toml")
        except FileNotFoundError:
            problems.append(f"{name}.toml: missing")
        except tomllib.TOMLDecodeError as exc:
            problems.append(f"{name}.toml: not valid TOML ({exc})")
    if problems:
        return None, problems
    try:
        content = Content(
            _board(data["map"]), tuple(data["dice"]["colours"]),
            tuple(tuple(d) for d in data["dice"]["dice"]), tuple(data["dice"]["snake"]),
            {q["id"]: _quest(q) for q in data["quests"]["quest"]},
            {s["id"]: _story(s) for s in data["stories"]["story"]},
            {m["id"]: _magic(m) for m in data["magic"]["magic"]},
            {c["id"]: _character(c) for c in data["characters"]["character"]})
    except (KeyError, TypeError, ValueError) as exc:
        return None, [f"a content file lacks or misspells an entry ({exc!r})"]
    problems += [f"map.toml: {p}" for p in map_problems(content.board)]
    problems += dice_problems(content)
    problems += quest_problems(content)
    problems += story_problems(content)
    problems += magic_problems(content)
    problems += character_problems(content)
    return content, problems


def dice_problems(content: Content) -> list[str]:
    found = []
    for n, faces in enumerate(content.dice, 1):
        specials = [f for f in faces if isinstance(f, str)]
        if len(faces) != 6 or any(isinstance(f, int) and not 1 <= f <= 6 for f in faces):
            found.append(f"dice.toml: die {n} must have six faces, numbers 1-6 or a special face")
        if any(f not in SPECIAL_FACES for f in specials) or len(specials) > 1:
            found.append(f"dice.toml: die {n}: at most one special face, one of {', '.join(SPECIAL_FACES)}")
    named = sorted(f for faces in content.dice for f in faces if isinstance(f, str))
    if named != sorted(SPECIAL_FACES):
        found.append(f"dice.toml: the set needs each special face once ({', '.join(SPECIAL_FACES)})")
    if len(content.dice) != 5 or len(content.colours) != 4:
        found.append("dice.toml: four colours of five dice each")
    if sorted(map(str, content.snake)) != sorted(["4", "5", "snake", *RESOURCES]):
        found.append("dice.toml: the Snake die shows 4, 5, snake, coin, bread, apple")
    return found


def quest_problems(content: Content) -> list[str]:
    found, fields = [], content.board.fields
    values = Counter(q.value for q in content.quests.values())
    if values != {2: 13, 3: 13, 4: 13}:
        found.append(f"quests.toml: 13 quests each of value 2, 3 and 4 (found {dict(values)})")
    for q in content.quests.values():
        where = f"quests.toml: quest {q.id}"
        if q.at and q.at not in fields:
            found.append(f"{where}: no field {q.at!r}")
        for token, n in q.give:
            if token not in RESOURCES or n < 1:
                found.append(f"{where}: gives {n} {token!r}; quests take coin, bread or apple")
        if bool(q.item) != bool(q.item_from):
            found.append(f"{where}: an item needs the field it is picked up at, and only then")
        elif q.item and (q.item not in ITEMS or q.item_from not in fields):
            found.append(f"{where}: item {q.item!r} at {q.item_from!r}: an item is one of "
                         f"{', '.join(ITEMS)}, picked up on a field of the map")
        if q.at in ("king", "fairy") or q.item_from in ("king", "fairy"):
            pass  # reachable, behind a value-6 socket: allowed
        if not q.at and not q.give and not q.item:
            found.append(f"{where}: asks for nothing")
    return found


def effect_problem(effect: Any, content: Content) -> str | None:
    """Why an effect table is not one of EFFECTS, or None."""
    if not isinstance(effect, dict) or len(effect) != 1:
        return f"an effect is a table with one of: {', '.join(EFFECTS)}"
    (key, value), = effect.items()
    if key not in EFFECTS:
        return f"unknown effect {key!r} (known: {', '.join(EFFECTS)})"
    if key in ("gain", "lose_token", "others_gain"):
        bad = [t for t in value if t not in RESOURCES] if isinstance(value, dict) else [value]
        return f"{key}: tokens are {', '.join(RESOURCES)}" if bad else None
    if key == "go":
        return None if value in content.board.fields else f"go: no field {value!r}"
    if key == "reroll":
        return None if value is True else "reroll = true"
    return None if isinstance(value, int) and value >= 1 else f"{key}: a number of 1 or more"


def condition_problem(condition: Any, content: Content) -> str | None:
    if not isinstance(condition, dict) or len(condition) != 1:
        return f"a condition is a table with one of: {', '.join(CONDITIONS)}"
    (key, value), = condition.items()
    if key not in CONDITIONS:
        return f"unknown condition {key!r} (known: {', '.join(CONDITIONS)})"
    if key == "at" and value not in content.board.fields:
        return f"at: no field {value!r}"
    if key == "at_kind" and value not in FIELD_KINDS:
        return f"at_kind: no kind {value!r}"
    if key in ("tokens", "give") and not (isinstance(value, dict) and set(value) <= set(TOKENS)):
        return f"{key}: a table of tokens"
    return None


def story_problems(content: Content) -> list[str]:
    found = []
    for s in content.stories.values():
        where = f"stories.toml: story {s.id}"
        if s.kind not in STORY_KINDS:
            found.append(f"{where}: kind {s.kind!r} is not one of {', '.join(STORY_KINDS)}")
            continue
        if s.kind == "good":
            problem = effect_problem(s.effect, content)
            found += [f"{where}: {problem}"] if problem else []
        elif s.kind in ("bad", "choose"):
            if len(s.options) != 2:
                found.append(f"{where}: a {s.kind} card has two options")
            for option in s.options:
                problem = effect_problem(option, content)
                found += [f"{where}: {problem}"] if problem else []
            if s.kind == "choose" and any(next(iter(o)) != "others_gain" for o in s.options):
                found.append(f"{where}: a 'you choose' card gives to the opponents (others_gain)")
        else:
            problem = condition_problem(s.condition, content)
            found += [f"{where}: {problem}"] if problem else []
            if (s.kind == "lucky") != (s.points > 0) or s.points == 0:
                found.append(f"{where}: lucky side quests score more than 0, unlucky less")
    if len(content.stories) != DECK_SIZES["story"]:
        found.append(f"stories.toml: {DECK_SIZES['story']} story cards (found {len(content.stories)})")
    return found


def magic_problems(content: Content) -> list[str]:
    found = []
    for m in content.magic.values():
        where = f"magic.toml: magic item {m.id}"
        if m.when not in MAGIC_TRIGGERS or m.does not in MAGIC_EFFECTS:
            found.append(f"{where}: when is one of {', '.join(MAGIC_TRIGGERS)}; does one of "
                         f"{', '.join(MAGIC_EFFECTS)}")
        if m.does == "effect":
            problem = effect_problem(m.effect, content)
            found += [f"{where}: {problem}"] if problem else []
    if len(content.magic) != DECK_SIZES["magic"]:
        found.append(f"magic.toml: {DECK_SIZES['magic']} magic items (found {len(content.magic)})")
    return found


def character_problems(content: Content) -> list[str]:
    found = []
    for c in content.characters.values():
        problem = effect_problem(c.effect, content)
        found += [f"characters.toml: character {c.id}: {problem}"] if problem else []
    if len(content.characters) != DECK_SIZES["character"]:
        found.append(f"characters.toml: {DECK_SIZES['character']} characters")
    return found


def check_content() -> list[str]:
    return load_all()[1]


@cache
def game_content() -> Content:
    """The content the rules play with, loaded once; broken content stops the game with its problems."""
    content, problems = load_all()
    if problems or content is None:
        raise ValueError("Dice Upon a Time content is broken: " + "; ".join(problems[:5]))
    return content
