"""The hero actions (replace tiles, move zone; using tiles is laid out in apply.seat_applies),
special tiles and scratching.

(Issue 21's ninth pass, the apply side; bench/random_play_instructions.py once-upon-a-line --games
200 --no-gc: 95,496 and 95,510 on 8437540; 93,857 and 93,714 after (400 games: 96,805 -> 95,139,
-1.7%); 1,456 -> 1,433 bytecodes and 26.8 -> 25.6 Python calls a move (sys.settrace); a UseTiles
applied 505 -> 482 bytecodes, 9.35 -> 7.33 calls. Kept: uncover counting what each square holds as
the scratch loop finds it, not in a second loop over the squares scratched (a dict lookup and ~16
bytecodes less a square scratched, 1.9 a move), 94,742 and 94,701; then the loop written into
scratch, its one caller left (free_scratch is scratch with stops=False; dotted_pause only says where
a dotted tile pauses), a call and a 4-tuple less a scratch, 94,525 and 94,514; the event looked up
in scratch, scratch_event gone (every scratching is scratch's now), a call of five arguments less,
93,989 and 94,079; a new event's square names and what they show by one loop, not two tuple(map())s
(valgrind: a tuple(map()) of three squares costs ~3.6k instructions, most of it fixed: the bound
method, the map and the tuple grown from an iterator), 93,857 and 93,714. (New events are 0.14 a
move over 200 games after 30, 929 of 3,914, and still ~0.6k a move with the loop: with no names and
nothing shown, 93,202; their names and what they show kept by squares alone would be found again at
~70% of them, but cost a second key and lookup at each: ~0.15k, not built.) Tried and dropped: the
event keyed by the scratch order's identity, checked against the squares scratched (timeit: the key
with three squares and its hash 129 ns, with an id 56 ns), 95,066 and 95,148: a fifth of the orders
are made afresh (a star tile's, a placing found by its code; 3,061 of 3,914 scratches met their
order before, 200 games), and the squares' key found their events again; the dotted test asking for
a Standard Tile first, 94,083 and 94,051 (no change); the Stop's fire and the Skull's hourglass
asked under one `if stopped`, 94,220 and 94,178 against 93,989 and 94,079 (noise); jobs.fire walking
the cards read by filter(answering.__contains__, ...), 93,978 and 93,907 against 93,857 and 93,714.
Weighed, not built: the squares still on the ink kept in the state (one dict.pop in the loop for its
get and `in uncovered`: timeit 59 -> 27 ns a square, ~0.25k a move, but the dict copied with every
game's first state, ~0.4 us, and a second record of what is uncovered that every writer of
state.uncovered would have to keep in step: tests write it directly); tiles_back's loop over the
compartments and bear_penalty's first branch (its second can_reduce): each under ~0.15k by its
bytecodes.)

(Issue 21's eleventh pass (helper O17), same measure: 84,082 and 84,098 on 0c3c2fd. Kept: the
SquaresScratched kept by the hero, the squares lost, what stopped it and the squares scratched,
with the grid checked on a hit, not keyed by id(grid) (a new int at every scratch, hashed and
compared): 83,935 and 83,879. The key (then with id(grid)) and its lookup cost ~2.3k
instructions a scratch (the line written a second time: +1.3k a move at 0.57 scratches a move):
far less than a new event (~5k and more), so kept; the event keyed by its scratch order's
identity was dropped in the ninth pass.)

(Issue 21's twelfth pass (helper O18), same measure. Dropped: the scratch loop walking (square,
what it holds) pairs made once for each scratch order the layout keeps (kept by the order's
identity, handed to scratch by seat_applies: no squares.get a square, ~0.4k each by writing it
twice), 83,022 -> 84,816: 776 new walks in 200 games, made, kept and freed at the end, and the
look-up at each UseTiles cost more than the squares.get they spared. Kept: a new
SquaresScratched's square names and what they show kept by the squares (squares_told: shared by
the events of the same squares with another hero, lost count or stop), 80,844 -> 80,594
instructions a move, mispredicts 2,319 -> 2,313 (the mean of three runs with PYTHONHASHSEED 0, 1
and 2: a run's own str hashes move its count by ~150, a fixed seed counts the same every run).)"""
from __future__ import annotations

from games.core.messages import Event
from games.once_upon_a_line.events import Happened, SquaresScratched
from games.once_upon_a_line.grid import CELL_NAMES, ZONE_NAMES, Cell, Grid, Square
from games.once_upon_a_line.jobs import complete_words, fire, nothing_waits, proceed, push
from games.once_upon_a_line.riddles import take_clue
from games.once_upon_a_line.state import Job, LineState, Pending
from games.once_upon_a_line.tragedy import scratch_hourglass


def run_scratch(state: LineState, job: Job, out: list[Event]) -> None:
    """The rest of a dotted tile's scratching, when the player scratches on (a job)."""
    scratch(state, job.hero, *job.data, out)


def scratch(state: LineState, hero: str, segments: tuple[tuple[Cell, ...], ...], dotted: bool,
            done: tuple[Cell, ...], out: list[Event], stops: bool = True) -> None:
    """Scratch square by square from the anchor outwards, in the order given, the squares on the
    card not scratched yet (the others are lost: past the card's edge or scratched before),
    counting what they hold; a Stop or Skull ends a hero's action (`stops`: an instruction's
    scratching goes on, free_scratch). Words are completed once the whole action is scratched (a
    dotted tile pauses without them; `done`: the squares it scratched before the pause). (The
    squares are counted as the loop finds them, here, not by a call and a second loop over those
    scratched: a call, a lookup and ~16 bytecodes less a square scratched, 1.9 a move; and the
    event is found here, not by a call: every scratching, a tile's or an instruction's, is this
    one function's.)"""
    queue = segments[0] if len(segments) == 1 else [c for seg in segments for c in seg]
    pause = dotted and dotted_pause(state, queue)  # the squares walked before the player decides
    grid, uncovered = state.chapter.grid, state.uncovered
    squares = grid.squares  # every square on the card
    scratched: list[Cell] = []
    lost, blanks, stopped, spelt = 0, 0, "", False
    for cell in queue[:pause] if pause else queue:
        square = squares.get(cell)
        if square is None or cell in uncovered:
            lost += 1
            continue
        scratched.append(cell)
        if square is BLANK:  # blanks first: three squares scratched in four are blanks
            blanks += 1
        elif square is LETTER:
            spelt = True
        elif square is STOP:
            state.stops += 1
            if stops:
                stopped = STOP_VALUE
                break
        else:  # a Skull
            state.skulls += 1
            if stops:
                stopped = SKULL_VALUE
                break
    uncovered.update(scratched)  # (after the loop: a square twice in the queue is scratched twice)
    if blanks:
        state.blanks += blanks
    notes = state.notes
    if notes:
        for cell in scratched:
            notes.pop(cell, None)
    if scratched or lost:  # the squares scratched and what each showed: the reason the action
        # cannot be taken back. Made once for the same squares of the same grid (a frozen value,
        # handed out again as the listing's commands are): three scratches in four recur from game
        # to game (200 seeded games after 30), and the lookup costs far less than the names, what
        # they show and a new event. The grid is checked on a hit, not keyed: squares of another
        # grid make another event in their place (games of one chapter share its grid; id(grid)
        # in the key, a new int each time, hashed and compared, cost ~0.18k a move)
        key = (hero, lost, stopped, *scratched)
        found = _SCRATCHES.get(key)
        if found is None or found[0] is not grid:
            if len(_SCRATCHES) >= 20_000:
                _SCRATCHES.clear()
            _, names, shown = squares_told(grid, scratched)
            found = _SCRATCHES[key] = (grid, SquaresScratched(hero, names, lost, stopped, shown))
        out.append(found[1])
    if pause:  # the player decides whether to scratch on
        push(state, Job("scratch", hero=hero, data=((tuple(queue[pause:]),), True, done + tuple(scratched))))
        state.pending = Pending("dotted", hero=hero, options=("go", "stop"),
                                labels=("Scratch on", "Stop here"))
        return
    if spelt or done:  # words run through letters only: seven scratches in ten scratch none
        complete_words(state, scratched if not done else list(done) + scratched, out)
    if stopped and (state.ongoing is None or stopped in state.ongoing):  # fire's first test
        fire(state, stopped)  # asked here, a call less: no card of most chapters answers a Stop
    if stopped == "skull":
        push(state, Job("hourglass", hero=hero))


def dotted_pause(state: LineState, queue) -> int:
    """A dotted tile scratches its first open square, then the player decides whether to scratch
    on, if open squares are left after it (else, or on a Stop or Skull, it scratches as any tile):
    how many squares of the queue it walks before the pause, up to that first open square (0: no
    pause)."""
    squares, uncovered = state.chapter.grid.squares, state.uncovered
    open_at = [at for at, c in enumerate(queue) if c in squares and c not in uncovered]
    if not open_at:
        return 0
    at = open_at[0]
    cell = queue[at]
    if squares[cell] is STOP or squares[cell] is SKULL or all(queue[j] == cell for j in open_at[1:]):
        return 0
    return at + 1


_SCRATCHES: dict[tuple, tuple] = {}  # by the hero, the squares lost, what stopped it and the
# squares scratched: (the grid they were scratched on, the event)


def squares_told(grid: Grid, scratched: list[Cell]) -> tuple[Grid, tuple[str, ...], tuple[str, ...]]:
    """The grid, the names of these squares and what each shows, for a new SquaresScratched: kept
    by the squares, so the events of the same squares scratched by another hero, with other
    squares lost or another stop share them (found again for ~70% of the new events, 200 seeded
    games). The names and what each shows by one loop, not two tuple(map())s (valgrind: a
    tuple(map()) of three squares ~3.6k instructions, a loop ~2.3k)."""
    key = (*scratched,)
    found = _TOLD_SQUARES.get(key)
    if found is None or found[0] is not grid:  # (the grid checked as scratch checks it)
        if len(_TOLD_SQUARES) >= 20_000:
            _TOLD_SQUARES.clear()
        names, shown, shows = [], [], grid.shown
        for cell in scratched:
            names.append(CELL_NAMES[cell])
            shown.append(shows[cell])
        found = _TOLD_SQUARES[key] = (grid, tuple(names), tuple(shown))
    return found


_TOLD_SQUARES: dict[tuple, tuple] = {}  # by the squares scratched: squares_told's


LETTER, BLANK, STOP, SKULL = Square.LETTER, Square.BLANK, Square.STOP, Square.SKULL  # read often
STOP_VALUE, SKULL_VALUE = STOP.value, SKULL.value  # "stop", "skull", read once: an Enum's .value
# is a property (two Python calls a read) and its hash, as a dict key, a Python call


def free_scratch(state: LineState, cells: list[Cell], out: list[Event]) -> None:
    """Scratching told by an instruction: no tiles and no penalties (a Skull costs no hourglass),
    and a Stop or Skull does not end it."""
    scratch(state, "", (cells,), False, (), out, stops=False)


def replace_tiles(state: LineState, hero: str, out: list[Event]) -> None:
    """Scratch an hourglass, then every tile in the compartments goes back to the Reserve (after
    whatever the hourglass asks)."""
    waiting = len(state.jobs)
    scratch_hourglass(state, hero, out)
    if nothing_waits(state, waiting):
        tiles_back(state, hero, out)
    else:
        state.jobs.insert(waiting, Job("return", hero=hero))
    if state.jobs:  # what the hourglass asked: else nothing waits (one that ends the chapter
        proceed(state, out)  # leaves no job and no decision to clear)


def return_tiles(state: LineState, job: Job, out: list[Event]) -> None:
    """A return job, left waiting behind what an hourglass asked: tiles_back."""
    tiles_back(state, job.hero, out)


def tiles_back(state: LineState, hero: str, out: list[Event]) -> None:
    """Every tile in the hero's compartments goes back to the Reserve."""
    board = state.heroes[hero]
    for i, tiles in enumerate(board.compartments):
        if tiles:
            board.reserve.extend(tiles)
            board.compartments[i] = []
    state.changed(hero)
    found = _TOLD.get(("back", hero))
    if found is None:
        found = _TOLD["back", hero] = Happened(f"{hero}'s tiles are back in the Reserve.")
    out.append(found)


_TOLD: dict[tuple, Happened] = {}  # what tiles_back and move_to tell, by hero (and zone): frozen
# values made once and handed out again, as scratch_event's (a lookup costs less than a new event)


def move_hero(state: LineState, hero: str, zone: int, free: bool, out: list[Event]) -> None:
    """Scratch an hourglass unless the move is free, then the hero moves (after whatever the
    hourglass asks)."""
    waiting = len(state.jobs)
    if not free:
        scratch_hourglass(state, hero, out)
    if nothing_waits(state, waiting):
        move_to(state, hero, zone, out)
    else:
        state.jobs.insert(waiting, Job("zone", hero=hero, pos=zone))
    if state.jobs:  # as in replace_tiles
        proceed(state, out)


def change_zone(state: LineState, job: Job, out: list[Event]) -> None:
    """A zone job, left waiting behind what an hourglass asked: move_to."""
    move_to(state, job.hero, job.pos, out)


def move_to(state: LineState, hero: str, zone: int, out: list[Event]) -> None:
    """The hero stands in another zone now: its anchor words change."""
    state.heroes[hero].zone = zone
    state.changed(hero)
    found = _TOLD.get(("moves", hero, zone))
    if found is None:
        found = _TOLD["moves", hero, zone] = Happened(f"{hero} moves to the {ZONE_NAMES[zone]} zone.")
    out.append(found)
    fire(state, "move")


def use_special(state: LineState, hero: str, tile: str, effect: str, zone: int,
                out: list[Event]) -> None:
    board = state.heroes[hero]
    board.reserve.remove(tile)
    board.compartments[board.free_compartment()] = [tile]
    state.changed(hero)
    if effect == "mend":
        tile_id = max(board.standard, key=lambda t: (int(t[1:]) - board.standard[t], t))
        board.resize(tile_id, min(int(tile_id[1:]), board.standard[tile_id] + 1))
        out.append(Happened(f"{hero} mends a tile: it has {board.standard[tile_id]} squares again."))
        proceed(state, out)
    elif effect == "free_move":
        move_hero(state, hero, zone, True, out)
    elif effect == "hint":
        take_clue(state, free=True, out=out)
