"""Carrying out a Once Upon a Line command: `apply` hands it to the actions, letters, riddles and
the work stack, which change the state and tell what happened.

(Issue 21's seventh pass, the apply side; bench/random_play_instructions.py once-upon-a-line --games
200 --no-gc: 99,618 and 99,671 on 381c14c; 97,653, 97,675 and 97,629 after; over 1,000 games, 98,253
-> 96,268 (-2.0%). Applying was ~37% of a move, 12.9 Python calls and 533 bytecodes a move under
seat_applies (sys.settrace, 200 seeded games); after: 10.6 calls and 499 bytecodes. A call costs
~470 instructions more than its body written in (valgrind, a two-argument function asking three
tests), so what paid was calls that were asked at many moves and usually found nothing to do:
jobs.fire pushing nothing (0.23 a move) and fire's first test (a card of the chapter answers this
trigger) asked before firing an hourglass (0.44) or a Stop (0.16), -0.5k; the hourglass event looked
up before hourglass_event is called, -0.3k with the Stop; using tiles written here, its one caller
(actions.use_tiles gone), -0.3k; bearers and reduce_tile written into bear_penalty and
apply_penalty, -0.2k; do_step asking for note and currency first (they came last and seventh of
fourteen tests), -0.4k; a Story Word's card read at once by word_effect, not pushed and popped,
-0.2k (two or three runs each; each in its commit). Weighed, not built: a dict of command type ->
handler for the isinstance chain (timeit: the three tests for MoveHero 55 ns, a lookup and a call 25
ns, 1.7 tests a move on average: ~30 ns against ~25 ns, and the handlers a call deeper);
legendary_move written here (-0.1k, noise: the named rule kept); a fast path in scratch when every
square is fresh and none is a Stop or Skull (16% of the scratches, 29% without the Stop test);
nothing_waits written into move_hero, replace_tiles and run_step (0.67 a move, but one rule in three
places). Left: the scratch loop, uncover, complete_words and scratch_event each hash every scratched
square again (2.4 a scratch, mostly blanks): squares as ints, not this pass; state.changed at 1.2 a
move, each a call.)

(Issue 21's eighth pass, the apply side, same measure: 97,534 and 97,621 on d424e5d (99,044 over
400 games; 96,392 over 1,000); 96,754 and 96,692 after (97,940 and 97,912 over 400;
95,293 over 1,000: -1.1%). What a move costs follows the bytecodes run more than the calls made
(~45-50 instructions a bytecode on average, 1,484 bytecodes a move before, 1,464 after the first
step): a call taken out with its work moved into the caller paid nothing here. Kept: scratch
calls complete_words only when a letter was scratched (words run through letters only; 71% of the
scratches scratch none; complete_words ran ~42 bytecodes a call, mostly to find nothing), with the
loop asking for blanks first (three squares scratched in four): -0.9k; a borne penalty's event
made once for each hero and result, and a shrunk tile's text once for each pair of sizes
(tragedy.borne: no int formatting, new text and hash at 0.18 a move): -0.29k over 400 games, none
seen over 200. The SquaresScratched not found made once (929 of 3,914 in 200 games after 30): the
key is right, each miss is another event: 236 differ from one made before only by the hero, ~410
only by the squares lost or what stopped it, 284 scratch squares in an order not met before;
keeping the square names and what they show by squares alone would spare two tuple(map())s at 645
of them, ~0.07k: not built. Tried and dropped (200 games unless told): fire's first test asked in
move_to, as for a Stop: a card of every chapter answers a move (1,604 fires of 1,604; no card
read answers at 1,231), so the test only adds: 97,029 and 96,925 against 96,699, 96,649 and
96,750; scratch looking its event up before calling scratch_event, as scratch_hourglass does:
96,978 and 96,894; fire walking the cards that answer the trigger (always one) and not the ~2.8
cards read: 96,832 and 96,964, 98,175 against 98,210 over 400; scratch_hourglass asking one
membership test before its three effect tests: 98,071 against 97,940 over 400. Weighed by
bytecodes, not built: uncover counting blanks first in a local (the blanks save 7 bytecodes each,
the letters and the final sum cost as much); the second state.changed when a penalty hits the hero
who moves or replaces tiles (~0.15 a move, ~20 bytecodes: not worth a second rule of who tells
the draw). Left: the squares the scratch loop finds lost (1.57 a scratch, ~17 bytecodes each:
5,572 past the card's edge and 583 scratched before, 200 games), which the draw has walked
already; counting them at the end instead (the squares walked less those scratched) costs more
bytecodes than it saves.)

(Issue 21's ninth pass, the apply side: actions.py's docstring.)

(Issue 21's eleventh pass, same measure: 84,394 and 84,377 on 7e4b2db. Kept: LineState.changed
hands over the placing the draw kept (Drawn.placing, which it forgets), and seat_applies checks
it is this very command in this state (listing.drawn_segments gone: a call less a UseTiles, 0.56 a
move): 84,082 and 84,098, mispredicts 2,433 -> 2,421. Dropped: the Reserve's own id strings put
into the compartment for a set of several tiles (command.tiles.split makes new strings, which go
back to the Reserve and into the draw's keys, hashed afresh and compared by value), by index and
pop: 83,701 and 83,815 against 83,703 and 83,630.)
"""
from __future__ import annotations

from games.core.messages import Command, Event
from games.once_upon_a_line import (
    actions,
    flow,  # noqa: F401 (registers every kind of job)
    letters,
    riddles,
)
from games.once_upon_a_line.commands import (
    Answer,
    GiveLetters,
    GiveUp,
    Guess,
    MoveHero,
    Pencil,
    ReplaceTiles,
    TakeClue,
    UseSpecial,
    UseTiles,
)
from games.once_upon_a_line.events import Happened, Pencilled
from games.once_upon_a_line.grid import parse_cell
from games.once_upon_a_line.hero_tiles import tile
from games.once_upon_a_line.jobs import proceed, push
from games.once_upon_a_line.placement import placed_named
from games.once_upon_a_line.state import FREE, Job, LineState
from games.once_upon_a_line.tragedy import apply_penalty, borne


def apply(state: LineState, command: Command) -> list[Event]:
    """Carry out a command (the one seat's): what happened."""
    return seat_applies(state, 0, command)


def seat_applies(state: LineState, seat: int, command: Command) -> list[Event]:
    """apply, as the game protocol calls it (OnceUponALine.apply is this function: no wrapper
    call at every move of headless play)."""
    out: list[Event] = []
    if isinstance(command, UseTiles):
        hero, ids = command.hero, command.tiles.split("+")
        placing = state.changed(hero)  # the hero's board changes (below); what was drawn last:
        if placing is not None and placing[0] is command and placing[2] == len(state.uncovered):
            segments = placing[1]  # this very command, in this state: as the draw found it
        else:  # found by its code
            segments = placed_named(state, hero, [tile(state, hero, t) for t in ids], command.placement)[4]
        board = state.heroes[hero]
        dotted = len(ids) == 1 and ids[0] not in board.standard and \
            state.chapter.tiles[ids[0]].symbol == "dotted"  # a Standard Tile is never dotted
        # The tiles go into a free compartment, then the placement's squares are scratched in its
        # order (the hero's action, written here: a call less at 0.56 of the moves). The work
        # stack is empty when a hero acts, so the scratching is done at once rather than pushed
        # as a job and popped again.
        reserve, compartments = board.reserve, board.compartments
        for t in ids:
            reserve.remove(t)
        compartments[compartments.index(FREE)] = ids  # free_compartment: the first empty (not LOCKED)
        actions.scratch(state, hero, segments, dotted, (), out)
        if state.jobs:  # what the squares asked (the chapter ends only by a job): else nothing waits
            proceed(state, out)
    elif isinstance(command, ReplaceTiles):
        actions.replace_tiles(state, command.hero, out)
    elif isinstance(command, MoveHero):
        free = legendary_move(state, command.hero)
        if free:
            state.legendary_used.append(command.hero)
            name = state.chapter.roster[command.hero].name
            out.append(Happened(f"{name}'s Legendary Talent: this move costs no hourglass."))
        actions.move_hero(state, command.hero, command.zone, free, out)
    elif isinstance(command, UseSpecial):
        effect = tile(state, command.hero, command.tile).effect
        actions.use_special(state, command.hero, command.tile, effect, command.zone, out)
    elif isinstance(command, Answer):
        answer(state, command.choice, out)
    elif isinstance(command, GiveLetters):
        letters.give_letters(state, command.plan, out)
    elif isinstance(command, Guess):
        riddles.guess(state, command.word, out)
    elif isinstance(command, TakeClue):
        free = legendary_clue(state)
        if free:
            out.append(Happened(f"{free}: the first clue costs no ? square."))
        riddles.take_clue(state, free=bool(free), out=out)
    elif isinstance(command, GiveUp):
        riddles.give_up(state, out)
    elif isinstance(command, Pencil):
        cell = parse_cell(command.square)
        if command.letter:
            state.notes[cell] = command.letter.upper()
        else:
            state.notes.pop(cell, None)
        out.append(Pencilled(command.square.upper(), command.letter.upper()))
    return out


def legendary_move(state: LineState, hero: str) -> bool:
    """Whether this move is free: the hero's Legendary Talent, once a chapter."""
    legendary = state.chapter.roster[hero].legendary
    return legendary is not None and legendary.effect == "free_move" and hero not in state.legendary_used


def legendary_clue(state: LineState) -> str:
    """The hero in play whose Legendary Talent makes this riddle's first clue free ('' if none)."""
    riddle = riddles.current(state)
    if riddle.clues:
        return ""
    roster = state.chapter.roster
    return next((roster[h].name for h in state.in_play()
                 if roster[h].legendary is not None and roster[h].legendary.effect == "free_clue"), "")


def answer(state: LineState, choice: str, out: list[Event]) -> None:
    pending, state.pending = state.pending, None
    if pending.kind == "optional" and choice == "yes":
        ins = state.chapter.cards[pending.card].instructions[pending.index]
        push(state, Job("steps", card=pending.card, steps=ins.steps, index=pending.index))
    elif pending.kind == "choice" and choice != "no":
        ins = state.chapter.cards[pending.card].instructions[pending.index]
        push(state, Job("steps", card=pending.card, steps=ins.options[int(choice)],
                        index=pending.index))
    elif pending.kind == "penalty":
        out.append(borne(choice, apply_penalty(state, pending.effect, choice)))
    elif pending.kind == "dotted" and choice == "stop":
        rest = state.jobs.pop()  # the rest of the dotted tile is not scratched
        push(state, Job("scratch", hero=rest.hero, data=((), False, rest.data[2])))
        out.append(Happened("The hero stops scratching."))
    proceed(state, out)
