"""The Line of Tragedy: what each hourglass hides, and who bears it."""
from __future__ import annotations

from games.core.messages import Event
from games.once_upon_a_line.events import Happened, HourglassScratched
from games.once_upon_a_line.jobs import fire, push, read_job
from games.once_upon_a_line.state import LOCKED, HeroBoard, Job, LineState, Pending

EFFECT_WORDS = {"empty": "nothing", "-1": "a Standard Tile shrinks by 1",
                "-2": "a Standard Tile shrinks by 2", "lock": "an Action Compartment is locked",
                "clover": "the clover card", "bell": "the bell: every later hourglass adds a Dystopia "
                "point", "tragedy": "Tragedy"}
LOCK_ORDER = (3, 2, 1)  # compartments #4, #3, #2; #1 never locks


def can_reduce(board: HeroBoard) -> bool:
    """Whether one of the hero's Standard Tiles can shrink (is above one square): surely while
    fewer than four are reduced (HeroBoard.reduced; s1 is one square at full size, the others two
    or more), else asked of their sizes (no max over the sizes at nearly every penalty)."""
    return len(board.reduced) < 4 or max(board.standard.values()) > 1


def lock_compartment(state: LineState, board: HeroBoard) -> str:
    for i in LOCK_ORDER:
        tiles = board.compartments[i]
        if tiles is not LOCKED:
            board.reserve.extend(tiles)
            board.compartments[i] = LOCKED
            return f"compartment #{i + 1} locked"
    state.dystopia += 1
    return "three compartments already locked: 1 Dystopia point instead"


def apply_penalty(state: LineState, effect: str, hero: str) -> str:
    """A tile reduction (the hero's largest Standard Tile becomes 1 or 2 squares smaller, never
    below one square), or a lock when no hero can shrink a tile (the rulebook's special case)."""
    board = state.heroes[hero]
    state.changed(hero)
    if effect in ("-1", "-2"):
        before, tile = max(zip(board.standard.values(), board.standard))  # a tie: the greater id
        if before > 1:  # can_reduce (the largest size, found here anyway: no second max and
            # call, 0.15 a move; 80,996 -> 80,682 instructions a move)
            after = max(1, before - int(effect[1]))
            board.resize(tile, after)
            told = _SHRUNK.get((before, after))  # the text made once for each change of size
            if told is None:
                told = _SHRUNK[before, after] = f"a {before}-square tile became {after}"
            return told
    return lock_compartment(state, board)


_SHRUNK: dict[tuple[int, int], str] = {}  # apply_penalty's text by the sizes before and after


def borne(hero: str, result: str) -> Happened:
    """What a hero bearing a penalty tells: made once for each hero and result (a frozen value
    handed out again, as hourglass_event's; 0.18 a move: a lookup costs less than formatting the
    text, hashing it and a new event)."""
    found = _BORNE.get((hero, result))
    if found is None:
        if len(_BORNE) >= 20_000:
            _BORNE.clear()
        found = _BORNE[hero, result] = Happened(f"{hero}: {result}")
    return found


_BORNE: dict[tuple[str, str], Happened] = {}  # by hero and apply_penalty's text: a few hundred


def hourglass(state: LineState, job: Job, out: list[Event]) -> None:
    """An hourglass job: scratch_hourglass for the hero who caused it."""
    scratch_hourglass(state, job.hero, out)


def scratch_hourglass(state: LineState, hero: str, out: list[Event]) -> None:
    """Scratch the next Line of Tragedy square and apply it to the hero who caused it (a hero
    replacing tiles or moving calls it at once: the work stack is empty when a hero acts)."""
    line = state.chapter.tragedy
    if state.tragedy_scratched >= len(line):
        return
    effect = line[state.tragedy_scratched]
    state.tragedy_scratched += 1
    if state.bell:
        state.dystopia += 1
    ongoing = state.ongoing  # fire's first test asked here, a call less: no card of most chapters
    if ongoing is None or "hourglass" in ongoing:  # answers an hourglass (0.44 a move)
        fire(state, "hourglass")  # pushed first, so done after the square's own effect
    if effect == "bell":
        state.bell = True
    elif effect == "tragedy":
        state.ended = "tragedy"
    elif effect == "clover":
        push(state, read_job("clover"))
    number = state.tragedy_scratched  # the event looked up here, made by hourglass_event when
    out.append(_HOURGLASSES.get((number, effect)) or hourglass_event(number, effect))  # missing
    if effect in ("-1", "-2", "lock"):  # borne before whatever the hourglass asked of the cards
        bear_penalty(state, effect, hero, out)


def hourglass_event(number: int, effect: str) -> HourglassScratched:
    """The hourglass square scratched and what it hid: made once for each (a frozen value, handed
    out again as SquaresScratched is: 0.44 a move, a lookup costs less than a new event)."""
    found = _HOURGLASSES.get((number, effect))
    if found is None:
        found = _HOURGLASSES[number, effect] = HourglassScratched(number, effect, EFFECT_WORDS[effect])
    return found


_HOURGLASSES: dict[tuple[int, str], HourglassScratched] = {}  # by number and effect: a few hundred


def penalty(state: LineState, job: Job, out: list[Event]) -> None:
    """A penalty job (a riddle's ? square): bear_penalty."""
    bear_penalty(state, job.word, job.hero, out)


def bear_penalty(state: LineState, effect: str, hero: str, out: list[Event]) -> None:
    """The hero who bears a penalty: the hero who scratched, if in play and able (asked first, as
    most often), else any hero able to resolve it: the only one, else the player chooses. (Who is
    able is worked out here, not by a call of its own: 0.18 a move.)"""
    if effect not in ("-1", "-2", "lock"):
        return
    board = state.heroes.get(hero)
    if board is not None and board.in_play() and (effect == "lock" or can_reduce(board)):
        able = [hero]
    else:
        heroes = state.in_play()
        able = heroes if effect == "lock" else \
            [h for h in heroes if can_reduce(state.heroes[h])] or ([hero] if hero in heroes else heroes)
    if len(able) == 1:
        out.append(borne(able[0], apply_penalty(state, effect, able[0])))
    elif able:
        names = tuple(state.heroes[h].id for h in able)
        state.pending = Pending("penalty", options=names, labels=names, effect=effect)
