"""Random legal play (hypothesis) on the tiny chapter and, once it exists, the Prologue: it never
crashes, only ever uncovers squares a legal placement or an instruction allowed, keeps every tile
and board consistent, and its views never show a letter still under the ink."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from games.once_upon_a_line import apply, hero_tiles, legal
from games.once_upon_a_line.content import chapter_files, load_chapter
from games.once_upon_a_line.commands import (
    Answer, GiveLetters, Guess, MoveHero, Pencil, ReplaceTiles, UseSpecial, UseTiles,
)
from games.once_upon_a_line.events import SquaresScratched
from games.once_upon_a_line.grid import Square, cell_name, parse_cell
from games.once_upon_a_line.riddles import answer_squares
from games.once_upon_a_line.setup import new_chapter
from games.once_upon_a_line.state import LineState
from games.once_upon_a_line.view import view_of
from tests.games.once_upon_a_line.conftest import chapter

MAX_COMMANDS = 40
# No explain phase: its tracing makes a failing playout too slow to report before the timeout.
PLAYOUT = settings(max_examples=8, deadline=None, derandomize=True,
                   phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
OBSTACLES = (Square.STOP, Square.SKULL)

TALENT_TILES = {"corvin": ["cor_line", "cor_hook", "cor_mend"],
                "ysolde": ["ysl_star", "ysl_dot", "ysl_hint"]}
CHAPTERS = ["tiny"] + (["prologue"] if any(p.stem == "prologue" for p in chapter_files()) else [])


def load(name: str):
    return chapter(name) if name == "tiny" else load_chapter(name)


def free_squares(ch) -> set:
    """Every square an instruction may scratch for free: start, Lock boxes, listed squares."""
    allowed = set(ch.grid.start) | {c for cells in ch.grid.locks.values() for c in cells}
    steps = list(ch.start) + [s for card in ch.cards.values() for ins in card.instructions
                              for s in ins.steps + tuple(x for opt in ins.options for x in opt)]
    for s in steps:
        if s.action == "scratch" and s.value != "start":
            allowed |= {parse_cell(c) for c in s.value}
    return allowed


def extra_commands(state: LineState) -> list:
    """What legal() leaves to the player's typing: guesses (right, half right, wrong) and pencil."""
    grid = state.chapter.grid
    ink = [(x, y) for y in range(grid.height) for x in range(grid.width)
           if (x, y) not in state.uncovered]
    out = [Pencil(cell_name(ink[0]), "Q")] if ink else []
    if state.pending is not None and state.pending.kind == "riddle":
        answer = state.chapter.challenges[state.pending.card].answer
        out += [Guess(answer), Guess(answer[:2] + "ZZ"), Guess("Q")]
    return out


def check_boards(state: LineState) -> None:
    for hero, board in state.heroes.items():
        owned = Counter([f"s{n}" for n in range(1, 6)] + board.talent_tiles)
        placed = Counter(board.reserve + [t for c in board.compartments if c for t in c])
        assert placed == owned, f"{hero}'s tiles went astray: {placed} vs {owned}"
        assert board.compartments[0] is not None, "compartment #1 never locks"
        for tile, size in board.standard.items():
            assert 1 <= size <= int(tile[1:])
    assert state.currency >= 0
    assert 0 <= state.tragedy_scratched <= len(state.chapter.tragedy)
    assert (state.ended == "tragedy") == (state.tragedy_scratched == len(state.chapter.tragedy))


def check_words(state: LineState) -> None:
    grid = state.chapter.grid
    done = {w.text for w in grid.words if set(w.cells) <= state.uncovered}
    assert set(state.completed) <= done and len(state.completed) == len(set(state.completed))
    if state.pending is None or state.pending.kind != "dotted":  # a pause completes nothing yet
        assert set(state.completed) == done
    if state.pending is None and not state.ended:
        for w in grid.words:
            if w.text in done and not w.power and w.key in state.chapter.cards:
                assert w.key in state.read or w.key in state.discarded, f"{w.key} was never read"


def check_view(state: LineState) -> None:
    grid, view = state.chapter.grid, view_of(state)
    for cell, square in view.squares.items():
        if cell not in state.uncovered:
            assert square.kind == "ink" and square.char == "" and square.marks == ()
            assert square.zone == 0
        elif grid.squares[cell] is Square.LETTER:
            assert square.char == grid.letters[cell]
    if view.riddle is not None:
        answer = state.chapter.challenges[view.riddle.key].answer
        assert answer_squares(answer).startswith(view.riddle.revealed)
        hidden = answer[len(view.riddle.revealed):]
        if hidden:  # the riddle's own view holds no unrevealed letter
            assert answer not in repr(view.riddle)


def check_scratches(state: LineState, before: set, events, command, plan, allowed_free) -> None:
    """New squares are exactly those the events name; a hero's follow the placement's order."""
    named = [parse_cell(sq) for e in events if isinstance(e, SquaresScratched) for sq in e.squares]
    assert set(named) == state.uncovered - before and len(named) == len(set(named))
    grid = state.chapter.grid
    for e in events:
        if not isinstance(e, SquaresScratched):
            continue
        cells = [parse_cell(sq) for sq in e.squares]
        if not e.hero:
            assert set(cells) <= allowed_free, f"free scratch of {e.squares} by no instruction"
            continue
        assert plan, f"{command} scratched {e.squares} without a placement"
        expected = [c for c in plan if grid.inside(c) and c not in before]
        assert cells == expected[:len(cells)], f"{e.squares} is not the order {plan}"
        assert all(grid.squares[c] not in OBSTACLES for c in cells[:-1])
        assert bool(e.stopped_by) == bool(cells and grid.squares[cells[-1]] in OBSTACLES)
        before = before | set(cells)


def refusals(state: LineState) -> list:
    hero = state.in_play()[0] if state.in_play() else "corvin"
    return [UseTiles(hero, "s1", "A NOWHERE Z9 down"), UseTiles(hero, "s9", "x"),
            UseTiles("nobody", "s1", "x"), MoveHero(hero, 9), Answer("maybe"),
            GiveLetters("nobody.0"), Guess(""), Pencil("Z99", "A"), UseSpecial(hero, "s1"),
            ReplaceTiles("nobody")]


def playout(name: str, data, campaign=None) -> None:
    state = new_chapter(load(name), campaign)
    allowed_free = free_squares(state.chapter)
    log = []
    plan: list = []  # the scratch order of the placement being scratched
    for _ in range(MAX_COMMANDS):
        check_boards(state)
        check_words(state)
        check_view(state)
        if state.ended:
            assert legal.legal(state) == []
            break
        allowed = legal.legal(state)
        assert allowed, "a chapter in play always leaves the player something to do"
        for bad in refusals(state):
            if legal.rejection(state, bad) is not None:
                snapshot = state.copy()
                assert legal.rejection(state, bad)
                assert state == snapshot
        options = allowed + extra_commands(state)
        command = options[data.draw(st.integers(0, len(options) - 1), label="command")]
        assert legal.rejection(state, command) is None, f"{command} is legal but refused"
        if isinstance(command, UseTiles):
            p = next(p for p in hero_tiles.placements_for(state, command.hero,
                                                      tuple(command.tiles.split("+")))
                     if p.code == command.placement)
            plan = [c for seg in p.segments for c in seg]
            assert set(plan) <= set(p.cells)
        before = set(state.uncovered)
        events = apply.apply(state, command)
        log.append(command)
        check_scratches(state, before, events, command, plan, allowed_free)
        if not (state.pending is not None and state.pending.kind == "dotted"):
            plan = []
    replay = new_chapter(load(name), campaign)
    for command in log:
        assert legal.rejection(replay, command) is None
        apply.apply(replay, command)
    assert replay == state, "the same commands must give the same chapter"


@pytest.mark.parametrize("name", CHAPTERS)
@PLAYOUT
@given(data=st.data())
def test_random_legal_play_keeps_every_rule(name, data):
    playout(name, data)


@PLAYOUT
@given(data=st.data())
def test_random_legal_play_with_every_talent_tile_keeps_every_rule(data):
    """Shaped, dotted, star and special tiles won in earlier chapters, from the first action."""
    playout("tiny", data, {"talent_tiles": TALENT_TILES})
