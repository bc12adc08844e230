"""An automatic player that knows the hidden grid: it proves a chapter can reach its Epilogue.

It plays by the rules through the same commands as a person, choosing greedily: the placement that
uncovers the most letters of unfinished words (most of all words on the way to the Epilogue), steering
clear of Skulls and Stops it knows about; it moves or refreshes a hero only when no placement helps.
Where a card offers a choice (or an optional instruction), `prove` tries every option: each route
must reach the Epilogue, since a player may take any of them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

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
MAX_ROUTES = 64  # past this many routes, later choices take their first option only
DECIDED = ("choice", "optional")  # the decisions a card offers, each option tried by `prove`


@dataclass
class Playthrough:
    won: bool
    ending: str  # "epilogue", "tragedy" or why the player got stuck
    commands: list[Command]
    hourglasses_left: int
    score_lines: list[tuple[str, int]]
    choices: tuple[tuple[str, str], ...] = ()  # (card, option label) taken on this route
    final: LineState | None = field(default=None, repr=False)  # where it ended or got stuck


@dataclass
class Proof:
    """Every route the proof played, one per combination of options taken."""

    routes: list[Playthrough]
    capped: bool  # some choices came past `limit` routes: only their first option was tried
    limit: int = MAX_ROUTES

    @property
    def won(self) -> bool:
        return all(r.won for r in self.routes)

    @property
    def best(self) -> Playthrough | None:
        """The winning route with the most hourglasses left (then the fewest commands)."""
        won = [r for r in self.routes if r.won]
        return max(won, key=lambda r: (r.hourglasses_left, -len(r.commands)), default=None)

    def choice_points(self) -> int:
        return len({c for r in self.routes for c, _ in r.choices})


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
        """Spend one hourglass where it helps most: return a hero's tiles, or move a hero; when
        neither helps alone, return the tiles of a hero that both together would help (the move
        comes next turn)."""
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
        options = [o for o in options if o[0] > 0] or self.return_then_move(state, heroes)
        return max(options, key=lambda o: o[0])[1] if options else None

    def return_then_move(self, state: LineState, heroes: list[str]) -> list[tuple[float, Command]]:
        if state.tragedy_left() <= 2:  # two hourglasses: the tiles back, then the move
            return []
        options: list[tuple[float, Command]] = []
        for hero in heroes:
            board = state.heroes[hero]
            if not any(board.compartments[i] for i in range(4)):
                continue
            returned = state.copy()
            actions.return_tiles(returned, _job(hero), [])
            for zone in hero_tiles.zones(state):
                if zone != board.zone:
                    trial = returned.copy()
                    trial.heroes[hero].zone = zone
                    value = self.best_play(trial, [hero])[0]
                    if value > 0:
                        options.append((value, ReplaceTiles(hero)))
        return options


def _job(hero: str):
    return Job("return", hero=hero)


def play_through(chapter: Chapter) -> Playthrough:
    """Play the chapter from its start to its end (or until stuck), taking each first option."""
    state, commands = new_chapter(chapter), []
    solver = Solver(chapter)
    return _route(state, commands, solver, (), stop_at_choices=False)


def play_on(state: LineState) -> Playthrough:
    """Play a chapter on from where it stands (a copy: a saga's chapter with what it carried),
    taking each first option: for tests that walk a saga through the screens."""
    return _route(state.copy(), [], Solver(state.chapter), (), stop_at_choices=False)


def prove(chapter: Chapter, max_routes: int = MAX_ROUTES) -> Proof:
    """Play every route: at each choice a card offers, every option in turn (depth first, so the
    first route is play_through's). Routes that meet in one state are played once."""
    solver, seen, routes = Solver(chapter), set(), []
    branches: list[tuple[LineState, list[Command], tuple]] = [(new_chapter(chapter), [], ())]
    capped = False
    while branches:
        state, commands, choices = branches.pop()
        route = _route(state, commands, solver, choices, stop_at_choices=True)
        if route is not None:
            routes.append(route)
            continue
        pending = state.pending
        options = list(zip(pending.options, pending.labels))
        if len(routes) + len(branches) + len(options) > max_routes:
            options, capped = options[:1], capped or len(options) > 1
        for option, label in reversed(options):
            twin = state.copy()
            apply.apply(twin, Answer(option))
            key = _signature(twin)
            if key not in seen:
                seen.add(key)
                branches.append((twin, [*commands, Answer(option)],
                                 (*choices, (pending.card, label))))
    return Proof(routes, capped, max_routes)


def _route(state: LineState, commands: list[Command], solver: Solver, choices: tuple,
           stop_at_choices: bool) -> Playthrough | None:
    """Play on greedily until the chapter ends or the player is stuck; None when stopped at a
    decision a card offers (state.pending), where prove branches."""
    while not state.ended and len(commands) < MAX_COMMANDS:
        if stop_at_choices and state.pending is not None and state.pending.kind in DECIDED:
            return None
        command = solver.decide(state)
        if command is None:
            break
        problem = legal.rejection(state, command)
        if problem:
            return Playthrough(False, f"the solver tried an illegal command: {problem}", commands,
                               state.tragedy_left(), score_lines(state), choices, state)
        apply.apply(state, command)
        commands.append(command)
    return Playthrough(state.ended == "epilogue", _ending(state, commands), commands,
                       state.tragedy_left(), score_lines(state), choices, state)


def _ending(state: LineState, commands: list[Command]) -> str:
    if state.ended:
        return state.ended
    if len(commands) >= MAX_COMMANDS:
        return f"no ending after {MAX_COMMANDS} commands"
    if not legal.legal(state):
        return "no legal move left"
    if state.tragedy_left() <= 1:
        return "no useful move left but one that scratches the last hourglass"
    return "no useful move left"


def _signature(state: LineState) -> str:
    """Everything that can change how the rest of the chapter plays (not the score)."""
    parts = (sorted(state.uncovered), sorted(state.unlocked), state.tragedy_scratched, state.bell,
             state.read, sorted(state.discarded), state.completed, sorted(state.inventory),
             state.currency, state.missions, state.crossed, state.talents_won, state.gained_heroes,
             state.jobs, state.pending, state.riddles, state.heroes, state.ended)
    return repr(parts)
