"""An automatic player that knows the hidden grid: it proves a chapter can reach its Epilogue.

It plays by the rules through the same commands as a person, choosing greedily: the placement that
uncovers the most letters of unfinished words (most of all words on the way to the Epilogue), steering
clear of Skulls and Stops it knows about; it moves or refreshes a hero only when no placement helps.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import Command
from games.once_upon_a_line import actions, apply, hero_tiles, legal
from games.once_upon_a_line.chapter import Chapter
from games.once_upon_a_line.commands import Answer, GiveLetters, Guess, MoveHero, ReplaceTiles, UseTiles
from games.once_upon_a_line.grid import Square
from games.once_upon_a_line.letters import suggested_plan
from games.once_upon_a_line.scoring import score_lines
from games.once_upon_a_line.setup import new_chapter
from games.once_upon_a_line.state import Job, LineState

MAX_COMMANDS = 2000


@dataclass
class Playthrough:
    won: bool
    ending: str  # "epilogue", "tragedy" or why the player got stuck
    commands: list[Command]
    hourglasses_left: int
    score_lines: list[tuple[str, int]]


def goal_cards(chapter: Chapter) -> set[str]:
    """Cards from which the Epilogue can be reached by the instructions alone."""
    leads: dict[str, set[str]] = {}
    for key, card in chapter.cards.items():
        steps = [s for ins in card.instructions for s in ins.steps] + \
            [s for ins in card.instructions for opt in ins.options for s in opt]
        nxt = {str(s.value) for s in steps if s.action == "take"}
        nxt |= {chapter.challenges[s.value].solved for s in steps
                if s.action == "challenge" and s.value in chapter.challenges}
        if any(s.action == "epilogue" for s in steps):
            nxt.add("@epilogue")
        leads[key] = nxt
    good = {"@epilogue"}
    changed = True
    while changed:
        changed = False
        for key, nxt in leads.items():
            if key not in good and nxt & good:
                good.add(key)
                changed = True
    return good - {"@epilogue"}


class Solver:
    def __init__(self, chapter: Chapter):
        self.chapter, self.grid = chapter, chapter.grid
        goals = goal_cards(chapter)
        self.weight = {w.text: (4 if w.key in goals and not w.power else 2 if w.power else 1)
                       for w in self.grid.words}

    def value(self, state: LineState, cells) -> float:
        """What scratching these squares (in order) is worth, as the solver knows the grid."""
        total, fresh = 0.0, set()
        for cell in cells:
            if not self.grid.inside(cell) or cell in state.uncovered:
                continue
            fresh.add(cell)
            square = self.grid.squares[cell]
            if square is Square.SKULL:
                total -= 12
                break
            if square is Square.STOP:
                total -= 2
                break
            if square is Square.BLANK:
                total -= 0.3
                continue
            for word in self.grid.words_at(cell):
                if word.text not in state.completed:
                    total += self.weight[word.text]
        for word in self.grid.words:
            if word.text not in state.completed and fresh & set(word.cells) and \
                    all(c in state.uncovered or c in fresh for c in word.cells):
                total += 10 * self.weight[word.text]
        return total

    def best_play(self, state: LineState, heroes: list[str]) -> tuple[float, Command | None]:
        best: tuple[float, int, Command | None] = (0.0, 0, None)
        for hero in heroes:
            if state.heroes[hero].free_compartment() is None:
                continue
            seen_shapes = set()
            for ids in hero_tiles.tile_sets(state, hero):
                tiles = [hero_tiles.tile(state, hero, t) for t in ids]
                shape = (tiles[0].squares if len(tiles) == 1 and tiles[0].kind == "shaped" else
                         sum(state.heroes[hero].standard.get(t.id, t.size) for t in tiles))
                if shape in seen_shapes:
                    continue
                seen_shapes.add(shape)
                for p in hero_tiles.placements_for(state, hero, ids):
                    v = self.value(state, [c for seg in p.segments for c in seg])
                    size = len(p.cells)
                    if v > best[0] or (v == best[0] and best[2] and size < best[1]):
                        best = (v, size, UseTiles(hero, "+".join(ids), p.code))
        return best[0], best[2]

    def decide(self, state: LineState) -> Command | None:
        pending = state.pending
        if pending is not None:
            if pending.kind == "riddle":
                return Guess(self.chapter.challenges[pending.card].answer)
            if pending.kind == "letters":
                return GiveLetters(suggested_plan(state, pending.word))
            if pending.kind == "optional":
                return Answer("yes")
            if pending.kind == "dotted":
                return Answer("go")
            return Answer(pending.options[0])
        heroes = state.in_play()
        value, play = self.best_play(state, heroes)
        if play is not None and value > 0:
            return play
        if state.tragedy_left() <= 1:
            return None  # every way on would scratch the last hourglass
        return self.refresh(state, heroes)

    def refresh(self, state: LineState, heroes: list[str]) -> Command | None:
        """Spend one hourglass where it helps most: return a hero's tiles, or move a hero."""
        options: list[tuple[float, Command]] = []
        for hero in heroes:
            board = state.heroes[hero]
            if any(board.compartments[i] for i in range(4)):
                trial = state.copy()
                actions.return_tiles(trial, _job(hero), [])
                options.append((self.best_play(trial, [hero])[0], ReplaceTiles(hero)))
            for zone in hero_tiles.zones(state):
                if zone != board.zone:
                    trial = state.copy()
                    trial.heroes[hero].zone = zone
                    options.append((self.best_play(trial, [hero])[0] - 0.5, MoveHero(hero, zone)))
        options = [o for o in options if o[0] > 0]
        return max(options, key=lambda o: o[0])[1] if options else None


def _job(hero: str):
    return Job("return", hero=hero)


def play_through(chapter: Chapter) -> Playthrough:
    """Play the chapter from its start to its end (or until stuck)."""
    state = new_chapter(chapter)
    solver, commands = Solver(chapter), []
    while not state.ended and len(commands) < MAX_COMMANDS:
        command = solver.decide(state)
        if command is None:
            break
        problem = legal.rejection(state, command)
        if problem:
            return Playthrough(False, f"the solver tried an illegal command: {problem}", commands,
                               state.tragedy_left(), score_lines(state))
        apply.apply(state, command)
        commands.append(command)
    ending = state.ended or ("no useful move left" if len(commands) < MAX_COMMANDS else
                             f"no ending after {MAX_COMMANDS} commands")
    return Playthrough(state.ended == "epilogue", ending, commands, state.tragedy_left(),
                       score_lines(state))
