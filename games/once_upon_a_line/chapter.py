"""Reading a chapter file (docs/writing-chapters.md) into a Chapter; a fault names file and place."""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from typing import Any

from games.once_upon_a_line.grid import (
    DIRECTIONS,
    SYMBOLS,
    WORD_CHARS,
    Cell,
    Grid,
    Square,
    Word,
    cell_name,
    one_cell,
    parse_cell,
    step,
)
from games.once_upon_a_line.heroes import Hero, Tile, load_heroes, saga_heroes
from games.once_upon_a_line.story import (
    ACTIONS,
    ANSWER_SQUARES,
    CONDITIONS,
    PENALTIES,
    TRIGGERS,
    Card,
    Challenge,
    Condition,
    Criterion,
    Instruction,
    Step,
)

TRAGEDY = ("empty", "-1", "-2", "lock", "clover", "bell", "tragedy")
CRITERIA = ("talents", "blanks_below", "no_riddle_penalty", "stops_below", "hourglasses_left",
            "unread_at_most", "missions", "currency", "no_skull", "lightbulbs")


class ChapterError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class Chapter:
    id: str
    number: int
    title: str
    introduction: str
    main_quest: str
    heroes: tuple[str, ...]
    currency: str
    start_currency: int
    start: tuple[Step, ...]
    tragedy: tuple[str, ...]
    success: tuple[Criterion, ...]
    grid: Grid
    cards: dict[str, Card]
    challenges: dict[str, Challenge]
    roster: dict[str, Hero]  # the saga's heroes plus any this chapter brings
    tiles: dict[str, Tile]
    choose: bool = False  # in a saga the players choose its heroes (as many as `heroes` lists)


def _need(data: dict, key: str, kind: type, where: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ChapterError(f"{where}: '{key}' must be {'text' if kind is str else kind.__name__}")
    return value


def parse_step(data: Any, where: str) -> Step:
    if not isinstance(data, dict):
        raise ChapterError(f"{where}: a step must be a table like {{ take = \"HOR\" }}")
    actions = [k for k in data if k in ACTIONS]
    extra = set(data) - set(ACTIONS) - {"if", "title"}
    if len(actions) != 1 or extra:
        raise ChapterError(f"{where}: a step needs exactly one action of {', '.join(ACTIONS)}"
                           + (f" (unknown keys: {', '.join(sorted(extra))})" if extra else ""))
    condition = None
    if "if" in data:
        cond = data["if"]
        if not isinstance(cond, dict) or len(cond) != 1 or next(iter(cond)) not in CONDITIONS:
            raise ChapterError(f"{where}: 'if' must be one of {', '.join(CONDITIONS)}")
        kind, value = next(iter(cond.items()))
        condition = Condition(kind, value)
    action = actions[0]
    return Step(action, data[action], str(data.get("title", "")), condition)


def parse_instruction(data: Any, where: str) -> Instruction:
    if not isinstance(data, dict):
        raise ChapterError(f"{where}: an instruction must be a table")
    unknown = set(data) - {"must", "now", "steps", "choice", "labels", "on"}
    if unknown:
        raise ChapterError(f"{where}: unknown keys {', '.join(sorted(unknown))}")
    must, now = data.get("must", True), data.get("now", True)
    on = str(data.get("on", ""))
    if not now and not (on in TRIGGERS or on.startswith("word:")):
        raise ChapterError(f"{where}: an ongoing instruction needs 'on' = one of "
                           f"{', '.join(TRIGGERS)} or \"word:WORD\"")
    if "choice" in data:
        options = tuple(tuple(parse_step(s, f"{where}, option {i + 1}") for s in opt)
                        for i, opt in enumerate(data["choice"]))
        labels = tuple(str(x) for x in data.get("labels", [f"Option {i + 1}" for i in
                                                            range(len(options))]))
        if len(options) < 2 or len(labels) != len(options):
            raise ChapterError(f"{where}: a choice needs two or more options and one label each")
        return Instruction(bool(must), bool(now), (), options, labels, on)
    steps = tuple(parse_step(s, where) for s in data.get("steps", []))
    if not steps:
        raise ChapterError(f"{where}: an instruction needs steps (or a choice)")
    return Instruction(bool(must), bool(now), steps, on=on)


def _grid(data: dict, where: str) -> Grid:
    rows, zones = data.get("rows"), data.get("zones")
    if not rows or not isinstance(rows, list) or len({len(r) for r in rows}) != 1:
        raise ChapterError(f"{where}: [grid] rows must be text rows of one length")
    if not isinstance(zones, list) or [len(z) for z in zones] != [len(r) for r in rows]:
        raise ChapterError(f"{where}: [grid] zones must have the shape of rows")
    squares: dict[Cell, Square] = {}
    letters: dict[Cell, str] = {}
    zone_of: dict[Cell, int] = {}
    for y, (row, zrow) in enumerate(zip(rows, zones)):
        for x, (ch, z) in enumerate(zip(row, zrow)):
            cell, place = one_cell((x, y)), f"{where}: [grid] row {y + 1}, square {cell_name((x, y))}"
            if ch in SYMBOLS:
                squares[cell] = SYMBOLS[ch]
                if z != ".":
                    raise ChapterError(f"{place}: only letters have a zone (put '.' in zones)")
            elif ch.isalpha() and ch.isupper() or ch in WORD_CHARS:
                squares[cell], letters[cell] = Square.LETTER, WORD_CHARS.get(ch, ch)
                if z not in "123456":
                    raise ChapterError(f"{place}: the letter {ch} needs a zone digit 1-6")
                zone_of[cell] = int(z)
            else:
                raise ChapterError(f"{place}: {ch!r} is not a letter, _, -, ., ! or *")
    width, height = len(rows[0]), len(rows)
    positions = data.get("positions", {})
    listed = {str(t) for t in (*data.get("story_words", []), *data.get("power_words", []))}
    for text in positions:
        if text not in listed:
            raise ChapterError(f"{where}: [grid.positions] {text}: not a word of story_words or "
                               f"power_words")
    words = []
    for power, listed in ((False, data.get("story_words", [])), (True, data.get("power_words", []))):
        for text in listed:
            cells = _find(str(text), letters, positions.get(text), where)
            counts: dict[int, int] = {}
            for c in cells:
                counts[zone_of[c]] = counts.get(zone_of[c], 0) + 1
            best = sorted(counts.values(), reverse=True)
            if len(best) > 1 and best[0] == best[1]:
                raise ChapterError(f"{where}: word {text}: its letters have no majority zone")
            words.append(Word(str(text), cells, power, max(counts, key=counts.get)))
    start = data.get("start_word")
    start_cells = [c for w in words if w.text == start for c in w.cells]
    if start is not None and not start_cells:
        raise ChapterError(f"{where}: start_word {start!r} is not in the word lists")
    locks = {}
    for name, cells in data.get("locks", {}).items():
        try:
            locks[name] = frozenset(parse_cell(c) for c in cells)
        except ValueError as exc:
            raise ChapterError(f"{where}: lock {name}: {exc}") from None
    return Grid(width, height, squares, letters, zone_of, tuple(words),
                frozenset(start_cells), locks)


def _find(text: str, letters: dict[Cell, str], position: str | None, where: str) -> tuple[Cell, ...]:
    found = []
    # only squares holding the first letter can start it (in reading order: a 24x16 grid of 36 words
    # is read in milliseconds, where trying every square took most of a second)
    for x, y in sorted((c for c, ch in letters.items() if ch == text[:1]), key=lambda c: (c[1], c[0])):
        for name, d in DIRECTIONS.items():
            cells = tuple(step((x, y), d, i) for i in range(len(text)))
            if all(letters.get(c) == ch for c, ch in zip(cells, text)):
                found.append((cell_name((x, y)), name, cells))
    if position is not None:
        found = [f for f in found if f"{f[0]} {f[1]}" == position.strip()]
        if not found:
            raise ChapterError(f"{where}: word {text}: not found at {position}")
    if not found:
        raise ChapterError(f"{where}: word {text}: not found in the grid in any direction")
    if len(found) > 1:
        places = ", ".join(f"{a} {b}" for a, b, _ in found)
        raise ChapterError(f"{where}: word {text}: found {len(found)} times ({places}); "
                           f"say which in [grid.positions]")
    return found[0][2]


def _card(key: str, data: dict, where: str) -> Card:
    place = f"{where}: card {key}"
    instructions = tuple(parse_instruction(d, f"{place}, instruction {i + 1}")
                         for i, d in enumerate(data.get("do", [])))
    zone = _need(data, "zone", int, place)
    return Card(key, _need(data, "number", int, place), _need(data, "title", str, place), zone,
                _need(data, "text", str, place).strip(), bool(data.get("skull", False)),
                bool(data.get("brace", False)), instructions)


def answer_unfit(answer: str) -> str:
    """Why a riddle's answer does not fit the eight answer squares, or ''."""
    if len(answer) > ANSWER_SQUARES:
        return f"{answer} has {len(answer)} letters"
    odd = sorted({ch for ch in answer if not "A" <= ch <= "Z"})
    if not answer or odd:
        shown = ", ".join("a space" if ch == " " else repr(ch) for ch in odd)
        return f"{answer!r} has {shown or 'no letter'}, which no answer square can show"
    return ""


def _challenge(key: str, data: dict, where: str, posed_by: str = "") -> Challenge:
    place = f"{where}: challenge {key}"
    answer = _need(data, "answer", str, place).upper()
    unfit = answer_unfit(answer)
    if unfit:
        raise ChapterError(f"{place}: the answer must be one word of at most {ANSWER_SQUARES} "
                           f"letters A to Z, one to each answer square of the Challenge Gateway: "
                           f"{unfit}{posed_by}")
    clues = data.get("clues", [])
    penalties = data.get("penalties", [])
    if len(clues) != 2:
        raise ChapterError(f"{place}: a riddle has exactly two clues")
    if not penalties or any(p not in PENALTIES for p in penalties):
        raise ChapterError(f"{place}: penalties must be a list of {', '.join(PENALTIES)}")
    return Challenge(key, _need(data, "number", int, place), _need(data, "riddle", str, place).strip(),
                     answer, (str(clues[0]), str(clues[1])), tuple(penalties),
                     _need(data, "solved", str, place))


def parse_chapter(text: str, where: str) -> Chapter:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ChapterError(f"{where}: not valid TOML: {exc}") from None
    head = data.get("chapter", {})
    place = f"{where}: [chapter]"
    tragedy = tuple(head.get("tragedy", []))
    if not tragedy or tragedy[-1] != "tragedy" or any(t not in TRAGEDY for t in tragedy) \
            or tragedy.count("tragedy") != 1:
        raise ChapterError(f"{place}: tragedy must list squares of {', '.join(TRAGEDY)} and end "
                           f"with one 'tragedy'")
    success = []
    for item in head.get("success", []):
        if item.get("kind") not in CRITERIA:
            raise ChapterError(f"{place}: success kind {item.get('kind')!r} is not one of "
                               f"{', '.join(CRITERIA)}")
        success.append(Criterion(item["kind"], int(item.get("points", 0)), int(item.get("limit", 0))))
    start = tuple(parse_step(s, f"{place} start") for s in head.get("start", []))
    cards = {k: _card(k, v, where) for k, v in data.get("cards", {}).items()}
    numbers = {card.number: key for key, card in cards.items()}
    cards = {k: replace(c, instructions=tuple(_numbered(i, numbers, f"{where}: card {k}")
                                              for i in c.instructions)) for k, c in cards.items()}
    start = tuple(_step_numbered(s, numbers, place) for s in start)
    roster, tiles = _roster(data, where)
    for hero in head.get("heroes", []):
        if hero not in roster:
            raise ChapterError(f"{place}: hero {hero!r} is not in heroes.toml or this chapter")
    return Chapter(
        _need(head, "id", str, place), _need(head, "number", int, place),
        _need(head, "title", str, place), str(head.get("introduction", "")).strip(),
        str(head.get("main_quest", "")), tuple(_need(head, "heroes", list, place)),
        str(head.get("currency", "coins")), int(head.get("start_currency", 0)), start, tragedy,
        tuple(success), _grid(data.get("grid", {}), where),
        cards,
        {k: _challenge(k, v, where, _posed_by(k, cards)) for k, v in data.get("challenges", {}).items()},
        roster, tiles, bool(head.get("choose", False)))


def _posed_by(challenge: str, cards: dict[str, Card]) -> str:
    """'; card GLO poses it': where a writer finds the riddle a problem is about."""
    keys = [k for k, c in cards.items() for ins in c.instructions
            for s in (*ins.steps, *(s for opt in ins.options for s in opt))
            if s.action == "challenge" and s.value == challenge]
    return f" (card {', '.join(dict.fromkeys(keys))} poses it)" if keys else ""


def _step_numbered(step: Step, numbers: dict[int, str], where: str) -> Step:
    """A card taken or discarded by its number names it by its key from here on."""
    if step.action in ("take", "discard") and isinstance(step.value, int):
        if step.value not in numbers:
            raise ChapterError(f"{where}: {step.action}s card number {step.value}, which no card has")
        return replace(step, value=numbers[step.value])
    return step


def _numbered(ins: Instruction, numbers: dict[int, str], where: str) -> Instruction:
    return replace(ins, steps=tuple(_step_numbered(s, numbers, where) for s in ins.steps),
                   options=tuple(tuple(_step_numbered(s, numbers, where) for s in opt)
                                 for opt in ins.options))


def _roster(data: dict, where: str) -> tuple[dict[str, Hero], dict[str, Tile]]:
    heroes, tiles = saga_heroes()
    if "heroes" in data or "tiles" in data:
        local = {"heroes": data.get("heroes", {}), "tiles": data.get("tiles", {})}
        try:
            more_heroes, more_tiles = load_heroes(local, tiles)
        except ValueError as exc:
            raise ChapterError(f"{where}: {exc}") from None
        heroes, tiles = {**heroes, **more_heroes}, {**tiles, **more_tiles}
    return heroes, tiles
