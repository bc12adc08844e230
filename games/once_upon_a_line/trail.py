"""The trail of the story: which words a player has been told of, in the order the cards allow.

A player cannot guess a word the story never hints at: every Story Word (and every word an ongoing
instruction waits for) must be named on a card the player can read before finding it, unless a
step uncovers it for free. Followed from the start: a word told of is found, its card read, the
words and cards that card names are next (every option of every choice, the clover if any).
"""
from __future__ import annotations

from games.once_upon_a_line.chapter import Chapter
from games.once_upon_a_line.grid import Cell, parse_cell
from games.once_upon_a_line.story import Problems, Step


def _steps(chapter: Chapter, key: str) -> list[Step]:
    card = chapter.cards[key]
    return [s for ins in card.instructions for s in (*ins.steps, *(s for opt in ins.options
                                                                     for s in opt))]


def _free_cells(chapter: Chapter, steps: list[Step]) -> set[Cell]:
    """Squares these steps uncover without a tile: the Starting boxes, listed squares, Lock boxes."""
    grid, cells = chapter.grid, set()
    for s in steps:
        if s.action == "scratch" and s.value == "start":
            cells |= grid.start
        elif s.action == "scratch" and isinstance(s.value, list):
            for name in s.value:
                try:
                    cells.add(parse_cell(str(name)))
                except ValueError:
                    pass  # named by checks.check_names
        elif s.action == "unlock":
            cells |= grid.locks.get(s.value, frozenset())
    return cells


def _next_cards(chapter: Chapter, steps: list[Step]) -> set[str]:
    out = {str(s.value) for s in steps if s.action == "take"}
    out |= {chapter.challenges[s.value].solved for s in steps
            if s.action == "challenge" and s.value in chapter.challenges}
    return out & set(chapter.cards)


def follow(chapter: Chapter) -> tuple[set[str], set[str]]:
    """The words a player can be told of or given, and the cards they can read, from the start."""
    grid = chapter.grid
    card_of = {w.text: w.key for w in grid.words if not w.power and w.key in chapter.cards}
    free = _free_cells(chapter, list(chapter.start))
    told: set[str] = set()
    read: set[str] = set()
    todo = _next_cards(chapter, list(chapter.start))
    if "clover" in chapter.tragedy and "clover" in chapter.cards:
        todo.add("clover")
    while True:
        found = told | {w.text for w in grid.words if set(w.cells) <= free}
        todo |= {card_of[w] for w in found if w in card_of}
        todo -= read
        if not todo:
            return found, read
        key = todo.pop()
        read.add(key)
        steps = _steps(chapter, key)
        told |= {m.word for m in chapter.cards[key].mentions() if not m.black}
        free |= _free_cells(chapter, steps)
        todo |= _next_cards(chapter, steps)


def check_trail(chapter: Chapter, problems: Problems) -> None:
    grid = chapter.grid
    story = {w.text for w in grid.words if not w.power and w.key in chapter.cards}
    waited = {ins.on[5:] for card in chapter.cards.values() for ins in card.instructions
              if ins.on.startswith("word:")}
    found, _ = follow(chapter)
    for word in grid.words:
        if word.text not in story | waited or word.text in found:
            continue
        naming = [k for k, c in chapter.cards.items()
                  if any(m.word == word.text and not m.black for m in c.mentions())]
        where = f"word {word.text}" + (f" (card {word.key})" if word.text in story else "")
        if naming:
            problems.add(where, f"only card {', '.join(naming)} names it, and a player reads "
                                f"{'that card' if len(naming) == 1 else 'those cards'} only after "
                                f"finding {word.text}: name it on a card read before")
        else:
            problems.add(where, f"no card names it, so a player cannot know it is there: name it "
                                f"on a card read before it is needed, like [{word.text}]")
