"""Reading and checking the Otherworld content files (each problem names the file, entry and fault),
and the cards and Geas they hold, loaded once and indexed by id."""
from __future__ import annotations

import re
import tomllib
from collections import Counter
from importlib import resources

from games.otherworld.cards import ABILITIES, COLOURS, GEAS_KINDS, Card, Geas

ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
CARD_KEYS = {"id", "name", "colour", "value", "ability", "ailm", "flavour"}
GEAS_KEYS = {"id", "name", "kind", "table", "balor", "text", "at_least", "min_cards", "bands"}
MIN_GEAS = 8


def _read(name: str) -> str:
    return (resources.files("games.otherworld") / "content" / name).read_text(encoding="utf-8")


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_card(data: dict):

    for key in ("id", "name", "flavour"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ValueError(f"`{key}` must be a non-empty string")
    if not ID.fullmatch(data["id"]):
        raise ValueError("`id` must be lowercase letters, digits and hyphens")
    if data.get("colour") not in COLOURS:
        raise ValueError(f"colour must be one of {', '.join(COLOURS)}")
    if not _whole(data.get("value")) or not 0 <= data["value"] <= 8:
        raise ValueError("value must be a whole number from 0 to 8")
    ability = data.get("ability", "")
    if ability not in ("", *ABILITIES):
        raise ValueError(f"ability must be one of {', '.join(ABILITIES)}")
    if not isinstance(data.get("ailm", False), bool):
        raise ValueError("ailm must be true or false")
    unknown = set(data) - CARD_KEYS
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}")
    return Card(data["id"], data["name"], data["colour"], data["value"], ability,
                data.get("ailm", False), data["flavour"])


def parse_geas(data: dict):

    for key in ("id", "name", "text"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ValueError(f"`{key}` must be a non-empty string")
    kind = data.get("kind")
    if kind not in GEAS_KINDS:
        raise ValueError(f"kind must be one of {', '.join(GEAS_KINDS)}")
    if not _whole(data.get("balor")) or data["balor"] < 0:
        raise ValueError("balor (the corner points) must be a whole number of 0 or more")
    unknown = set(data) - GEAS_KEYS
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}")
    if kind == "sum":
        bands = data.get("bands")
        if (not isinstance(bands, list) or not bands
                or not all(isinstance(b, list) and len(b) == 3 and all(map(_whole, b))
                           for b in bands)):
            raise ValueError("a sum Geas needs bands = [[lowest, highest, points], ...]")
        if not _whole(data.get("min_cards")) or not 1 <= data["min_cards"] <= 6:
            raise ValueError("a sum Geas needs min_cards from 1 to 6")
        return Geas(data["id"], data["name"], kind, (), data["balor"], data["text"],
                    min_cards=data["min_cards"], bands=tuple(tuple(b) for b in bands))
    table = data.get("table")
    if not isinstance(table, list) or not 2 <= len(table) <= 7 or not all(map(_whole, table)):
        raise ValueError("table must list 2 to 7 whole numbers (points for measure 0, 1, ...)")
    if any(b < a for a, b in zip(table, table[1:])):
        raise ValueError("table points must never fall as the measure grows")
    at_least = data.get("at_least", 0)
    if kind == "high" and (not _whole(at_least) or not 1 <= at_least <= 8):
        raise ValueError("a high Geas needs at_least from 1 to 8")
    return Geas(data["id"], data["name"], kind, tuple(table), data["balor"], data["text"],
                at_least=at_least)


def _entries(text: str, where: str, key: str, parse) -> tuple[list, list[str]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return [], [f"{where}: not valid TOML: {exc}"]
    entries = data.get(key)
    if not isinstance(entries, list):
        return [], [f"{where}: no [[{key}]] entries"]
    parsed, problems = [], []
    for n, entry in enumerate(entries, 1):
        label = f"{where}: {key} {n} ({entry.get('id', '?') if isinstance(entry, dict) else '?'})"
        try:
            parsed.append(parse(entry if isinstance(entry, dict) else {}))
        except ValueError as exc:
            problems.append(f"{label}: {exc}")
    return parsed, problems


def deck_problems(cards) -> list[str]:
    """The deck as a whole: 72 cards, two of each colour and value, names and ids unique."""

    problems = []
    if len(cards) != 72:
        problems.append(f"cards.toml: has {len(cards)} cards; the game has 72")
    counts = Counter((c.colour, c.value) for c in cards)
    for colour in COLOURS:
        for value in range(9):
            if counts[(colour, value)] != 2:
                problems.append(f"cards.toml: {counts[(colour, value)]} cards are {value} "
                                f"{colour}; the deck has 2")
    for what in ("id", "name"):
        repeated = [k for k, n in Counter(getattr(c, what) for c in cards).items() if n > 1]
        problems += [f"cards.toml: {what} {k!r} is used more than once" for k in repeated]
    with_ability = sum(bool(c.ability) for c in cards)
    if cards and not 18 <= with_ability <= 30:
        problems.append(f"cards.toml: {with_ability} cards carry an ability; about a third should")
    ailm = sum(c.ailm for c in cards)
    if cards and not 12 <= ailm <= 24:
        problems.append(f"cards.toml: {ailm} cards carry the Ailm mark; about a quarter should")
    return problems


def load_all(read=_read):
    """(cards, geas, problems) from the content files."""
    loaded, problems = {}, []
    for name, key, parse in (("cards.toml", "card", parse_card), ("geas.toml", "geas", parse_geas)):
        try:
            text = read(name)
        except FileNotFoundError:
            problems.append(f"{name}: missing")
            loaded[key] = []
            continue
        loaded[key], found = _entries(text, name, key, parse)
        problems += found
    cards, geas = loaded["card"], loaded["geas"]
    if cards and not problems:
        problems += deck_problems(cards)
    if len(geas) < MIN_GEAS:
        problems.append(f"geas.toml: has {len(geas)} Geas; the deck needs at least {MIN_GEAS}")
    repeated = [k for k, n in Counter(g.id for g in geas).items() if n > 1]
    problems += [f"geas.toml: id {k!r} is used more than once" for k in repeated]
    return cards, geas, problems


def check_content() -> list[str]:
    return load_all()[2]


def _load() -> tuple[dict[str, Card], dict[str, Geas]]:
    cards, geas, problems = load_all()
    if problems:
        raise ValueError("Otherworld content is broken: " + "; ".join(problems[:5]))
    return {c.id: c for c in cards}, {g.id: g for g in geas}


CARDS, GEAS = _load()
CARD_IDS = tuple(CARDS)
GEAS_IDS = tuple(GEAS)
