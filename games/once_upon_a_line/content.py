"""`fabletop content check` for chapters (the grid, the words, the cards, what they name, the trail
of hints and a winning playthrough of every route, proof.py), and finding and loading the chapters."""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from operator import is_
from pathlib import Path

from games.once_upon_a_line import checks
from games.once_upon_a_line.chapter import Chapter, ChapterError, parse_chapter
from games.once_upon_a_line.grid import Square, cell_name, step
from games.once_upon_a_line.heroes import saga_heroes
from games.once_upon_a_line.proof import prove
from games.once_upon_a_line.story import Problems
from games.once_upon_a_line.trail import check_trail
from games.once_upon_a_line.verdict import check_proof, proof_report


@dataclass(frozen=True)
class Examined:
    """What the check found in one chapter file, and the proof's report when it is sound."""

    problems: tuple[str, ...]
    report: str = ""


def check_chapters() -> list[str]:
    problems = []
    try:
        saga_heroes()
    except ValueError as exc:
        problems.append(str(exc))
    files = chapter_files()
    if not files:
        problems.append("no chapter files in content/chapters")
    for path, carried in saga(files):
        problems += check_file(path, carried)
    return problems


def proof_reports() -> list[str]:
    """One line per sound chapter: the best route's hourglasses left and its commands."""
    return [r for path, carried in saga(chapter_files())
            if (r := examine(path.name, path.read_text(encoding="utf-8"), carried).report)]


def saga(files: list[Path]) -> list[tuple[Path, frozenset[str]]]:
    """Each chapter file with the items a chapter of a smaller number may have given before it."""
    numbered = []
    for path in files:
        try:
            chapter = parse_chapter(path.read_text(encoding="utf-8"), path.name)
        except ChapterError:
            numbered.append((path, None, frozenset()))
            continue
        numbered.append((path, chapter.number, frozenset(checks.items_given(chapter))))
    return [(path, frozenset().union(*(items for _, n, items in numbered
                                       if number is not None and n is not None and n < number)))
            for path, number, _ in numbered]


def check_file(path: Path, carried_items: frozenset[str] = frozenset()) -> list[str]:
    return list(examine(path.name, path.read_text(encoding="utf-8"), carried_items).problems)


@lru_cache(maxsize=32)
def examine(name: str, text: str, carried_items: frozenset[str] = frozenset()) -> Examined:
    """Every check of one chapter file; the proof runs once the rest is sound (a file's text
    examined once per process: the check and the report share it)."""
    try:
        chapter = parse_chapter(text, name)
    except ChapterError as exc:
        return Examined((str(exc),))
    problems = Problems(name)
    if chapter.id != Path(name).stem:
        problems.add("[chapter]", f"id {chapter.id!r} must be the file name {Path(name).stem!r}")
    check_grid(chapter, problems)
    check_cards(chapter, problems)
    check_references(chapter, problems)
    checks.check_numbers(chapter, problems)
    checks.check_names(chapter, problems, carried_items)
    checks.check_zones(chapter, problems)
    check_trail(chapter, problems)
    check_heroes(chapter, problems)
    if problems.found:
        return Examined(tuple(problems.found))
    proof = prove(chapter)
    check_proof(chapter, proof, problems)
    return Examined(tuple(problems.found), "" if problems.found else proof_report(name, proof))


def check_grid(chapter: Chapter, problems: Problems) -> None:
    grid = chapter.grid
    covered = {c for w in grid.words for c in w.cells}
    for cell, square in grid.squares.items():
        if square is Square.LETTER and cell not in covered:
            problems.add(f"[grid] {cell_name(cell)}", f"the letter {grid.letters[cell]!r} belongs "
                                                      f"to no word in the word lists")
    for i, a in enumerate(grid.words):
        for b in grid.words[i + 1:]:
            shared = set(a.cells) & set(b.cells)
            if len(shared) > 1:
                problems.add(f"word {a.text}", f"lies along {b.text} (they share {len(shared)} "
                                               f"squares): the boundaries would be ambiguous")
    ends: dict[tuple, str] = {}
    for word in grid.words:
        for cell, (side, _) in word.marks().items():
            other = ends.setdefault((cell, side), word.text)
            if other != word.text:
                problems.add(f"word {word.text}", f"ends on the same side of {cell_name(cell)} "
                                                  f"as {other}")
    for name, cells in grid.locks.items():
        for cell in cells:
            if not grid.inside(cell):
                problems.add(f"lock {name}", f"{cell_name(cell)} is off the grid")
    if not grid.start:
        problems.add("[grid]", "start_word is missing: the Starting boxes cover the first word")


def check_cards(chapter: Chapter, problems: Problems) -> None:
    grid = chapter.grid
    by_key: dict[str, list[str]] = {}
    for word in grid.words:
        by_key.setdefault(word.key, []).append(word.text)
    for word in grid.words:
        if word.power and word.key in chapter.cards:
            problems.add(f"card {word.key}", f"Word of Power {word.text} must have no card")
        elif not word.power and word.key not in chapter.cards:
            problems.add(f"word {word.text}", f"has no card {word.key}")
        if len(by_key[word.key]) > 1 and not word.power:
            problems.add(f"word {word.text}", f"shares its card key {word.key} with "
                                              f"{', '.join(t for t in by_key[word.key] if t != word.text)}")
    for key, card in chapter.cards.items():
        story = next((w for w in grid.words if w.key == key and not w.power), None)
        for mention in card.mentions():
            if mention.black:
                continue
            zone = mention.zone or card.zone
            found = [w for w in grid.words if w.text == mention.word]
            if not found:
                problems.add(f"card {key}", f"mentions {mention.word}, which is not in the grid")
                continue
            if found[0].zone != zone:
                problems.add(f"card {key}", f"says {mention.word} is in zone {zone}, the grid has "
                                            f"it in zone {found[0].zone}")
            crossing = story is not None and bool(set(story.cells) & set(found[0].cells))
            if mention.underlined and not crossing:
                problems.add(f"card {key}", f"underlines {mention.word}, which does not cross "
                                            f"{story.text if story else 'a Story Word of this card'}")
            elif crossing and not mention.underlined and mention.word != story.text:
                problems.add(f"card {key}", f"names {mention.word} without underlining it, but it "
                                            f"crosses {story.text}: a player would look for it "
                                            f"elsewhere (write [~{mention.word}])")
        if story is not None:
            check_icons(chapter, card.key, story, card.skull, card.brace, problems)


def check_icons(chapter: Chapter, key: str, story, skull: bool, brace: bool,
                problems: Problems) -> None:
    grid = chapter.grid
    d = story.direction
    sides = [(d[1], d[0]), (-d[1], -d[0])]
    has_skull = any(grid.squares.get(step(c, s)) is Square.SKULL for c in story.cells for s in sides)
    has_brace = any(w.power and set(w.cells) & set(story.cells) for w in grid.words)
    if has_skull != skull:
        problems.add(f"card {key}", f"skull = {str(skull).lower()}, but a Skull "
                                    f"{'touches' if has_skull else 'does not touch'} {story.text}")
    if has_brace != brace:
        problems.add(f"card {key}", f"brace = {str(brace).lower()}, but a Word of Power "
                                    f"{'crosses' if has_brace else 'does not cross'} {story.text}")


def references(chapter: Chapter):
    """(place, kind, key) for every card and challenge a step names."""
    for key, card in chapter.cards.items():
        for ins in card.instructions:
            for s in list(ins.steps) + [s for opt in ins.options for s in opt]:
                yield f"card {key}", s
    for s in chapter.start:
        yield "[chapter] start", s


def check_references(chapter: Chapter, problems: Problems) -> None:
    reachable = {w.key for w in chapter.grid.words if not w.power}
    taken: dict[str, set[str]] = {}
    epilogue = False
    for place, s in references(chapter):
        source = place.removeprefix("card ")
        if s.action in ("take", "discard") and s.value != "this" and str(s.value) not in chapter.cards:
            problems.add(place, f"{s.action}s card {s.value}, which does not exist")
        if s.action == "challenge":
            if s.value not in chapter.challenges:
                problems.add(place, f"starts challenge {s.value}, which does not exist")
            else:
                taken.setdefault(source, set()).add(chapter.challenges[s.value].solved)
        if s.action == "take":
            taken.setdefault(source, set()).add(str(s.value))
        if s.action == "unlock" and s.value not in chapter.grid.locks:
            problems.add(place, f"unlocks {s.value}, which is not a Lock box of [grid.locks]")
        epilogue |= s.action == "epilogue"
    for key, c in chapter.challenges.items():
        if c.solved not in chapter.cards:
            problems.add(f"challenge {key}", f"solved names card {c.solved}, which does not exist")
    if "clover" in chapter.tragedy and "clover" not in chapter.cards:
        problems.add("[chapter] tragedy", "has a clover square but there is no [cards.clover]")
    if "clover" in chapter.tragedy:
        reachable.add("clover")
    reachable |= taken.get("[chapter] start", set())
    changed = True
    while changed:
        before = len(reachable)
        for key in list(reachable):
            reachable |= taken.get(key, set())
        changed = len(reachable) != before
    for key in chapter.cards:
        if key not in reachable:
            problems.add(f"card {key}", "can never be taken: no word, card or riddle leads to it")
    if not epilogue:
        problems.add("[chapter]", "no card has an epilogue step: the chapter cannot end")


def check_heroes(chapter: Chapter, problems: Problems) -> None:
    seen: dict[str, str] = {}
    for hero in chapter.heroes:
        for talent in chapter.roster[hero].talents:
            if talent.tile in seen and seen[talent.tile] != hero:
                problems.add("[chapter] heroes", f"{hero} and {seen[talent.tile]} share the talent "
                                                 f"tile {talent.tile}")
            seen[talent.tile] = hero


def chapter_files() -> list[Path]:
    stamp = os.stat(_chapters_folder_name()).st_mtime_ns  # changes when a file is added, removed
    # or renamed (os.stat of a str: Path.stat and str(path) are Python calls, ~4k a game)
    if _LISTED[0] != stamp:
        _LISTED[:] = [stamp, sorted(_chapters_folder().glob("*.toml"))]
    return list(_LISTED[1])


@lru_cache(maxsize=1)
def _chapters_folder() -> Path:
    return Path(str(resources.files("games.once_upon_a_line").joinpath("content/chapters")))


@lru_cache(maxsize=1)
def _chapters_folder_name() -> str:
    return str(_chapters_folder())


_LISTED: list = [None, []]  # the folder's stamp and its chapter files (a game is set up per seed)
_BY_ID: list = [[], {}]  # chapter_files as last seen, and those files' names by chapter id (a
# Path's stem is worked out in Python: ~70 lines a game when looked for file by file)


def load_chapter(chapter_id: str) -> Chapter:
    files = chapter_files()
    if len(files) != len(_BY_ID[0]) or not all(map(is_, files, _BY_ID[0])):  # the same Paths
        _BY_ID[:] = [files, {path.stem: str(path) for path in files}]
    name = _BY_ID[1].get(chapter_id)
    if name is None:
        raise ChapterError(f"no chapter named {chapter_id!r}")
    stat = os.stat(name)
    key = (name, stat.st_mtime_ns, stat.st_size)  # read again only once changed
    found = _LOADED.get(key)
    if found is None:
        if len(_LOADED) >= 64:
            _LOADED.clear()
        path = Path(name)
        found = _LOADED[key] = _parsed(path.read_text(), path.name)
    return found


_LOADED: dict[tuple, Chapter] = {}


@lru_cache(maxsize=16)
def _parsed(text: str, name: str) -> Chapter:
    """A chapter file parsed once for as long as its text is the same: every game of a chapter
    shares it (chapters are read-only in play, as LineState.copy already shares them), and the
    grid laid for its placements (layout.py) with it."""
    return parse_chapter(text, name)
