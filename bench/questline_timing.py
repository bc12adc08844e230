"""Questline hard bot's timing: would completing at each of its chances have won, and did it know?

Plays the benchmark's games (hard in seat n % 4 against three easy bots, the same seeds and bot seeds
as bench/questline_bots.py) and, at every draw of the hard bot where completing is legal, forks the
game, completes there and plays the fork out. Prints
(1) the hard bot's wins, and the wins of perfect-hindsight timing on the same games (it wins if any
    of its forks or the game itself won): the most better timing alone could add;
(2) calibration: the bot's predicted chance of winning by completing now (timing.py) against the
    share of those forks that won, in bins of the prediction;
(3) wins by seat (seat 0 draws first in each round of the selfplay order);
(4) by the place in which the hard bot completed (1 = first): games, its line then, how often its
    discard area was full (only take backs left) and its win share.
With `--play-on`, where the hard bot completed it also forks the game and plays on instead, 1, 2 and 3
more draws before its own timing takes over again: the hindsight then covers waiting longer too.
With `--see-decks` the hard bot cheats: it values each deck draw by the deck's true top card instead
of samples of the cards it has not seen, and its discard looks two draws ahead on the adventure deck's
true next two cards (and the class deck's). What that wins bounds what any better guess about the
decks could add (seeds 1..400, stop 41: 205/400 with it, 185 without; hindsight timing on top 214, 201).
A script, not a test: `python bench/questline_timing.py --games 200`.
"""
from __future__ import annotations

import argparse
import collections
import multiprocessing
import time

from games.core.runtime import next_seat, seated_bots
from games.core.seats import Seat, SeatKind
from games.core.table import Table
from games.questline import GAME
from games.questline.bots import draws, estimate, hard, keep
from games.questline.commands import CompleteHand
from games.questline.view import view_of

from common import wilson


_PLAYING = {}  # with --see-decks: the state whose decks the cheating hard bot looks at


def see_decks() -> None:
    """Worker initializer for --see-decks: the hard bot reads the true top card of each deck."""
    sampled = draws.deck_options

    def deck_options(appraisal, view, legal, rng):
        state = _PLAYING["state"]
        state.settle_decks()  # a deck shuffled as it is drawn shows its order only once settled
        return [draws.DrawOption(o.command, (appraisal.gain(
                    (state.adventure_deck if o.command.deck == "adventure" else state.class_deck)[-1],
                    draws.SWAP_WIDTH),))
                for o in sampled(appraisal, view, legal, rng)]

    def blind_samples(view, rng):
        """The decks' true next cards, in the shape keep.let_go reads: the adventure deck's top card
        last (the next card its second-draw look-ahead tries), the card under it and the class
        deck's top card for the draw after."""
        state = _PLAYING["state"]
        state.settle_decks()
        return [deck[-2:] for deck in (state.adventure_deck, state.class_deck) if deck]

    draws.deck_options, hard.blind_samples = deck_options, blind_samples
    keep.SECOND = 1  # one next card: the true one


def _play_out(state, bots, last: int, waiting: int = -1, waits: int = 0) -> tuple[int, ...]:
    """The game played out from here; seat `waiting` may not complete at its next `waits` chances."""
    while GAME.outcome(state) is None:
        seat = last = next_seat(GAME.to_act(state), last)
        legal = GAME.legal_commands(state, seat)
        if seat == waiting and waits and CompleteHand() in legal and len(legal) > 1:
            legal, waits = [c for c in legal if c != CompleteHand()], waits - 1
        _PLAYING["state"] = state
        GAME.apply(state, seat, bots[seat].choose(view_of(state, seat), legal, seat))
    return GAME.outcome(state).winners


def play(job: tuple[int, int, bool]) -> tuple[int, bool, list[tuple[float, bool]], tuple[int, int, bool],
                                             list[bool]]:
    """One game; returns the hard seat, whether it won, per fork (predicted chance, won), its
    completion (place, line, discard area full) and, with play_on, whether playing on 1, 2, 3 more
    draws where it completed won."""
    seed, n, play_on = job
    names = ["easy"] * 4
    seat_of_hard = n % 4
    names[seat_of_hard] = "hard"
    table = Table(GAME, tuple(Seat(name, SeatKind.BOT, name) for name in names), seed + n)
    bots, state = seated_bots(table), table.state
    forks, last, finish, waited = [], -1, (0, 0, False), []
    while GAME.outcome(state) is None:
        seat = last = next_seat(GAME.to_act(state), last)
        legal = GAME.legal_commands(state, seat)
        view = view_of(state, seat)
        if seat == seat_of_hard and CompleteHand() in legal and len(legal) > 1:
            race = hard.race_of(view, seat)
            predicted = race.win_chance(estimate.score(view.hand), 0) if race.building else 0.0
            fork = GAME.copy_state(state)
            GAME.apply(fork, seat, CompleteHand())
            forks.append((predicted, _play_out(fork, bots, seat) == (seat,)))
        _PLAYING["state"] = state
        command = bots[seat].choose(view, legal, seat)
        if seat == seat_of_hard and command == CompleteHand():
            finish = (sum(view.done) + 1, estimate.score(view.hand), state.blocked(seat))
            if play_on and len(legal) > 1:
                waited = [_play_out(GAME.copy_state(state), bots, seat - 1, seat, k) == (seat,)
                          for k in (1, 2, 3)]
        GAME.apply(state, seat, command)
    return seat_of_hard, GAME.outcome(state).winners == (seat_of_hard,), forks, finish, waited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="4-player games (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--see-decks", action="store_true",
                        help="the hard bot cheats: it sees the top card of each deck (an upper bound)")
    parser.add_argument("--play-on", action="store_true",
                        help="also fork where the hard bot completed and play on 1-3 more draws")
    args = parser.parse_args()
    started = time.perf_counter()
    wins = hindsight = 0
    waiting = [0, 0, 0]  # games won only by playing on 1, 2, 3 more draws
    bins: dict[int, list[int]] = collections.defaultdict(lambda: [0, 0])
    by_seat: dict[int, list[int]] = collections.defaultdict(lambda: [0, 0])
    by_place: dict[int, list[tuple[int, bool, bool]]] = collections.defaultdict(list)
    with multiprocessing.Pool(args.workers, initializer=see_decks if args.see_decks else None) as pool:
        jobs = [(args.seed, n, args.play_on) for n in range(args.games)]
        for seat, won, forks, (place, line, full), waited in pool.imap_unordered(play, jobs, chunksize=1):
            by_place[place].append((line, full, won))
            wins += won
            hindsight += won or any(fork_won for _, fork_won in forks) or any(waited)
            for k, fork_won in enumerate(waited):
                waiting[k] += fork_won and not won
            by_seat[seat][0] += 1
            by_seat[seat][1] += won
            for predicted, fork_won in forks:
                cell = bins[min(9, int(predicted * 10))]
                cell[0] += 1
                cell[1] += fork_won
    n = args.games
    print(f"Questline hard bot's timing: seeds {args.seed}..{args.seed + n - 1}, "
          f"{args.workers} workers, {time.perf_counter() - started:.0f} s"
          + ("; the hard bot sees the decks' top cards" if args.see_decks else ""))
    for label, count in (("hard bot", wins), ("hindsight timing", hindsight)):
        low, high = wilson(count, n)
        print(f"  {label}: won {count}/{n} = {count / n:.1%} (95% CI {low:.1%}-{high:.1%})")
    if args.play_on:
        print("  lost, but playing on where it completed won: " + ", ".join(
            f"{k + 1} more draw{'s' * bool(k)} {w}" for k, w in enumerate(waiting))
              + " (counted in hindsight timing)")
    print("  completing now, predicted chance -> share of forks that won:")
    for b in sorted(bins):
        total, won = bins[b]
        print(f"    {b / 10:.1f}-{(b + 1) / 10:.1f}: {won / total:.2f} of {total}")
    print("  wins by the hard bot's seat: " + ", ".join(
        f"seat {s} {w}/{g}" for s, (g, w) in sorted(by_seat.items())))
    print("  by the place it completed in: games, line, discard area full, won")
    for place, rows in sorted(by_place.items()):
        k = len(rows)
        print(f"    {place}: {k}, {sum(r[0] for r in rows) / k:.1f} stars, "
              f"{sum(r[1] for r in rows) / k:.0%} full, {sum(r[2] for r in rows) / k:.0%} won")


if __name__ == "__main__":
    main()
