"""One runtime drives a table for `selfplay` and the TUI alike: bots seeded per seat and taking
turns fairly, the undo policy, and the autosave trigger. A screen is a view of a running table.

(Issue 21's eleventh pass (helper O17): bench/random_play_instructions.py on the slowest game,
200 games --no-gc, 86,026 and 86,009 a move on 2dc9bb6. Kept: Runtime.run asking a Listing to
sample with the random bot's generator itself (Bot.draws), RandomBot.choose's call and its class
tests gone from every move: 84,909 to 85,333 in four runs; then no view asked of such a bot and
what the Listing drew taken as legal without testing its class again: 84,394 and 84,377
(mispredicts 2,481 -> 2,433). Dropped: legal.sample(*draws), 85,736 (a call with *args builds
its arguments the slow way); the view alone moved out of the drawing bot's way, 84,717 and
84,618 (noise).)
"""
from __future__ import annotations

import time
from itertools import repeat
from operator import is_
from typing import Any, Callable, Sequence

from games.core.messages import Accepted, Command, Rejection
from games.core.protocol import Bot, listed
from games.core.rng import derive_seed
from games.core.table import Table

def next_seat(acting: Sequence[int], last: int) -> int:
    """Whose command comes next when several seats may act (simultaneous play): the seats take
    turns fairly, the first after the last one to act."""
    return min((s for s in acting if s > last), default=acting[0])


def seated_bots(table: Table) -> dict[int, Bot]:
    """The table's bots by seat, each seeded from the table's seed and its seat number."""
    return {i: table.game.bots[seat.bot](bot_seed(table.seed, i))
            for i, seat in enumerate(table.seats) if seat.is_bot}


def bot_seed(table_seed: int, seat: int) -> int:
    """The seed of the bot in a seat: from the table's seed and the seat, the same every time."""
    return derive_seed(table_seed, "bot", seat)


class Runtime:
    """A running table. `pace` is the seconds a bot waits before it moves, so people can follow
    (0 in selfplay); `autosave` is called with the table after every command and every undo."""

    def __init__(self, table: Table, *, pace: float = 0.0,
                 autosave: Callable[[Table], None] | None = None) -> None:
        self.table, self.pace = table, pace
        self.bots = seated_bots(table)
        self._last = -1  # the seat that acted last, for fair turns among simultaneous seats
        if autosave is not None:
            table.subscribe(lambda seat, command, events: autosave(table))

    @property
    def people(self) -> list[int]:
        """The seats of people (at this terminal or elsewhere), in seat order."""
        return [i for i, seat in enumerate(self.table.seats) if not seat.is_bot]

    # -- bots ---------------------------------------------------------------------------
    def next_bot(self) -> int | None:
        """The bot seat due to act next, in seat rotation; None when no bot may act."""
        if self.table.outcome() is not None:
            return None
        due = [s for s in self.table.to_act() if s in self.bots]
        return next_seat(due, self._last) if due else None

    def question(self, seat: int) -> Callable[[], Command]:
        """The bot's decision, ready to run in a worker: it sees its seat's view as it is now and
        the legal commands, nothing else."""
        bot, view, legal = self.asked(seat)
        return lambda: bot.choose(view, legal, seat)

    def asked(self, seat: int) -> tuple[Bot, Any, list[Command]]:
        """The seat's bot, its view (if it reads one) and its legal commands, as they are now."""
        bot, legal = self.bots[seat], self.table.legal_commands(seat)
        return bot, self.table.view(seat) if bot.reads_view else None, legal

    def play(self, seat: int, command: Command) -> Accepted | Rejection:
        """Send a seat's command through the bus; a bot's answer stands only if still legal now
        (play goes on while a bot thinks)."""
        result = self.table.dispatch(seat, command)
        if result:
            self._last = seat
        return result

    # -- undo: a person takes back their own last command ---------------------------------
    def undo(self) -> str | None:
        """Take back the last command if a person sent it and nothing since forbids it; else why not."""
        log = self.table.log
        seat = log[-1][0] if log else 0  # the last entry's seat
        if log and self.table.seats[seat].is_bot:
            return f"The last move was {self.table.names[seat]}'s: only your own moves can be taken back."
        reason = self.table.undo_refusal(seat)
        if reason is None:
            self.table.undo(seat)
        return reason

    # -- headless play --------------------------------------------------------------------
    def run(self, move_limit: int, longest: list[float] | None = None) -> None:
        """Let the bots play to the end (every seat a bot); `longest[seat]`, if given, is raised to
        each decision's seconds that exceed it (no callback: a Python call less a move).
        next_bot and asked, inlined with the names bound once: this loop is the engine of
        selfplay and the random-play benchmark, so its own cost counts against every game."""
        table, game, bots = self.table, self.table.game, self.bots
        to_act, listing = game.to_act, game.listing
        clock = time.perf_counter
        turns: dict[tuple, int] = {}  # the seat due by (seats acting, last to act): the bots are fixed
        while True:
            state = table.state
            acting = to_act(state)  # empty once the game is over (Game.to_act): no outcome() a move
            if len(acting) == 1:
                seat = acting[0]
                if seat not in bots:
                    return
            else:  # next_seat among the bots acting, without listing them (-1: none), worked out
                due = (acting, self._last)  # once per run for each (a few loop steps a move)
                seat = turns.get(due)
                if seat is None:
                    last, seat, first = self._last, -1, -1
                    for s in acting:
                        if s in bots:
                            if first < 0:
                                first = s
                            if last < s and (seat < 0 or s < seat):
                                seat = s
                    turns[due] = seat = first if seat < 0 else seat
                if seat < 0:
                    return
            if len(table.log) >= move_limit:
                raise RuntimeError(f"game {table.seed} did not end within {move_limit} moves")
            bot = bots[seat]
            legal = listing(state, seat)
            draws = bot.draws
            if draws is not None and legal.__class__ is not list:  # the bot's choose written out
                started = clock()  # (Bot.draws: it reads no view; a call less a move), and what
                command = legal.sample(draws[0], draws[1])  # a Listing draws is legal
                ended, taken = clock(), True
            else:
                view = game.view(state, seat) if bot.reads_view else None
                started = clock()
                command = bot.choose(view, legal, seat)
                ended = clock()
                if legal.__class__ is list:  # listed(), written out: taken from the listing just
                    # made (a bot that declares it returns one of the listing's own objects is not
                    # looked up: the search through a list of some dozen commands was ~3% of a
                    # random-play move)
                    taken = bot.picks_listed or any(map(is_, legal, repeat(command)))
                else:  # a Listing (Game.listing hands out a list or a Listing): the command it
                    # has just drawn, else asked (an attribute read, not getattr with a default)
                    taken = command is legal._drawn or listed(legal, command)
            if longest is not None and ended - started > longest[seat]:
                longest[seat] = ended - started
            if taken:  # legal
                table.carry_out(seat, command)
            else:
                result = table.dispatch(seat, command)
                if not result:
                    raise RuntimeError(f"bot {table.seats[seat].bot} sent an illegal move: "
                                       f"{result.reason}")
            self._last = seat
