"""When the hard bot completes: its chance of winning now against its chance after playing on.

Only the seat's view is used: its own line, the epilogue stack, who has completed (and with which
epilogue), the decks' counts as a clock and the size of each discard area. The other players' lines
are hidden, so they are modelled as a typical player's: the first to complete stop at 30 stars or a
little more, the last ones often less (OPPONENT_LINE, measured from our easy bot, which completes once
its line reaches 30 or its discard area is full). A player still building completes in a given cycle
with a chance that grows as the game goes on (the hazard), and all but surely once their discard area
is full. Our own line grows by the gains the draw appraisal found for the next cycle, then by a
typical gain for a line of its size (slower for a hand that blind draws rarely improve), but only
while our discard area has room: with 7 cards in it we may take only from it, so each draw from
elsewhere (it adds one card there) uses up one of the few left, and then the line stops growing.

A small dynamic programme over (cycles ahead, our line, how many others completed meanwhile, draws
left) then says whether completing now or playing on wins more often, and which way of drawing does.

Measured (issue 21; 1,600 games paired by seed against main's record, seeds 1601..3200,
`bench/questline_bots.py --games 1600 --seed 1601 --solo 0 --workers 1 --against ...`; the SD of a
paired net is about 14 games):
- What knowing more about the others who completed could win. A cheat that gives win_chance their
  exact lines (hands read from the state): +46 (57 won now, 11 lost); half the 57 are games where the
  bot went on to complete last and lost but, knowing the lines ahead were beatable, completed 2nd or
  3rd and won. The part the table could see: whether each one had reached 30 (our easy bot completes with
  room left in its discard area only then, so a record of that in the view would tell it), given as
  OPPONENT_LINE cut to 30 and over or under 30: -4. So recording completions in the view does not
  pay; the exact lines are not to be had from the view.
- OPPONENT_LINE checked against the easy bots' lines in main's 3,200 games (seeds 1601..3200,
  5001..6600): the first to complete about 31.5 +- 1.8 stars (table "early" 31.3 +- 1.8), the second
  31.2 +- 1.9, the third 29.9-30.2 +- 2.6 ("middle" 30.3 +- 2.5), the last 28.6-28.9 +- 2.7 ("last"
  28.8 +- 2.6): right.
- `taken` was in seat order, not the order of completing that _when() assumes, and the others'
  being done left us two more cycles in the DP even when we were already the last one building
  with one cycle left. Both put right (kept, as correct rather than stronger): -3 (5 games turned),
  +1 on seeds 5001..6600. The order and the final count barely move a decision.
- The growth model against the hard bot's own cycles (seeds 1601..2400, a trace of every decision):
  once the others are all done the line grows far slower than typical_gains says (a gain in 25% of
  those cycles at 30 stars against 51%, 18% at 32 against 45%: the neighbours' areas are out of play),
  and the bot's chance after playing on was overestimated when two others were done (0.60 predicted,
  0.43 won) and when last (0.24, 0.13). The last cycles' chance of a gain scaled by 0.4: +3 (17
  won now, 14 lost); also by number of others done (1.15, 1.05, 0.8 before that): -4 (23, 27).
  The hazards are right (same games: a player still building completed in 11.5% of cycles with
  nobody done, 17.2% with one, 28.1% with two; field_hazards said 11.0%, 18.6%, 31.1%), and where the
  bot played on with two others done, it won more often than where it stopped at the same predicted
  chance of stopping (0.5: 58% against 41%; 0.7: 75% against 59%): its choices were right even where
  its numbers were high. Timing stays what the brief measured: not what loses games.
- Reading a completed player's line from the cards the table saw them take and keep (a record of takes,
  not let go since; 4 easy bots, seeds 1601..1700): they hold 1.07 such cards on average (none 31%,
  one 42%, two 18%, three or more 9%). Filling the rest of their hand from the unseen pool (seeds
  1601..1750, 600 fills each) and keeping the fills that reach 28 stars, as such a line must, the
  fills' mean line correlates 0.14 with the true line and their share reaching 28 0.17 (true lines: sd
  2.3; the fills' mean misses by 2.6): 2-3% of the spread, against the +46 games the exact lines were
  worth. By quartile of that share (seeds 3201..3450, 300 fills): true lines 30.6, 30.9, 31.2, 31.3 on
  average, 32 or more in 21%, 35%, 39%, 40%: at best a half-star tilt of OPPONENT_LINE, for ~300
  solved fills (~0.05 s) per completed player at every decision. Not built: too little to show in
  1,600 games.
- Completing judged by playing the race out to the end on sampled deals (issue 21, point 3; a
  simulate.py, dropped): the other hands still building dealt from the unseen cards and grown by
  blind draws to a typical line (24.6 stars sampled against the real 25.3 at the same decisions of
  60 easy-bot games), a hand at 30 or more dealt again, the decks ordered; the others played by the
  easy bot's rule, our seat greedily, never completing until it must; completing now weighed
  against the best of 8 stopping marks (complete once the line is up 1-8 stars), on the same 8
  deals, where our line is 27 or more and this look-ahead's two chances are within 0.2 (~0.16 s a
  call). Paired with main over 800 games (seeds 1601..2400): deciding by the play-outs alone -29
  (completing 1st/2nd/3rd/4th 25/28/26/20% of games against main's 22/19/11/48%: far sooner);
  with our seat's takes scored exactly and the play-outs' chances added to these, -7 (worst decision
  0.89 s). Why, from forks (each decision played out both ways by the bots, main's play after it):
  at 350 such decisions (seeds 1601..1800) completing won 0.463 and playing on 0.563; this
  look-ahead said 0.467 and 0.517, the play-outs 0.431 and 0.423: a greedy stand-in for our later
  cycles with a fixed mark plays on far worse than the hard bot does, and where the two disagreed
  (172) this look-ahead's choice won 83, the play-outs' 63. At every draw decision from a line of
  22 (798, seeds 1801..1994) its choice won 348 times and the better fork in hindsight 358: one
  decision to complete or play on rarely turns a game, so perfect timing's 53.2% is mostly
  hindsight of the draws ahead; what is left to win is in how the line grows (keep.py's note).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from games.questline.state import FINAL_CYCLES  # the last one building draws and discards twice more

# Stars of another player's line (epilogue not included) when they complete, by when they complete:
# the first ones stop at 30 or a little more, the second last often sooner, and the last one, who must
# complete two cycles after everyone else, often well short (measured from our easy bot's games).
OPPONENT_LINE = {
    "early": {25: 0.01, 27: 0.01, 28: 0.01, 29: 0.01, 30: 0.34, 31: 0.22, 32: 0.17, 33: 0.11,
              34: 0.07, 35: 0.03, 36: 0.01, 37: 0.01},
    "middle": {24: 0.05, 26: 0.02, 27: 0.04, 28: 0.06, 29: 0.09, 30: 0.28, 31: 0.19, 32: 0.12,
               33: 0.07, 34: 0.04, 35: 0.02, 36: 0.01, 37: 0.01},
    "last": {23: 0.06, 25: 0.05, 26: 0.05, 27: 0.09, 28: 0.15, 29: 0.21, 30: 0.17, 31: 0.09,
             32: 0.06, 33: 0.03, 34: 0.02, 35: 0.02},
}
HORIZON = 8  # cycles looked ahead
BLOCKED = 0.8  # chance that a player whose discard area is full completes in the next cycle
MAX_GAIN = 10  # largest gain of one cycle the model considers
PACE_RANGE = (0.3, 1.5)  # how much slower or faster than typical our hand is taken to keep growing
HAZARD = (0.05, 0.035, 0.3)  # another player completing in a cycle: chance at the start, added a cycle, most


@lru_cache(maxsize=1024)
def _at_most(stars: int, when: str) -> float:
    """Chance that another player's line has at most this many stars."""
    return sum(p for s, p in OPPONENT_LINE[when].items() if s <= stars)


def _when(place: int, players: int) -> str:
    """Which table describes the line of the player who completes in this place (1 = first)."""
    if place == players:
        return "last"
    return "middle" if place == players - 1 and players >= 4 else "early"


def hazard(elapsed: float) -> float:
    """Chance that one other player still building completes during a cycle, this far into the game."""
    start, per_cycle, cap = HAZARD
    return min(cap, start + per_cycle * elapsed)


def field_hazards(elapsed: float, rooms: Sequence[int]) -> tuple[float, ...]:
    """Per cycle ahead, the chance that one of the others still building completes in it. A player
    whose discard area is full may take only from it, so is all but done (BLOCKED); one with room
    for r more cards is full after r more cycles. Each player's chance is weighted by how likely
    they are to be still building by then."""
    alive = [1.0] * len(rooms)
    out = []
    for cycle in range(HORIZON + 1):
        chances = [BLOCKED if cycle >= room else hazard(elapsed + cycle) for room in rooms]
        weight = sum(alive)
        out.append(sum(a * c for a, c in zip(alive, chances)) / weight if weight > 1e-9 else 0.0)
        alive = [a * (1 - c) for a, c in zip(alive, chances)]
    return tuple(out)


@lru_cache(maxsize=4096)
def typical_gains(line: int, pace: float = 1.0) -> tuple[tuple[int, float], ...]:
    """(gain, chance) of one cycle for a line of this size: gains shrink as the line grows (measured
    on the hard bot's own games while its discard area had room: about 3.4 stars a cycle at 20, 2.5 at
    25, 1.2 from 30 on, with nothing gained in half the cycles past 30).
    A `pace` below 1 is a hand that blind draws rarely improve: fewer cycles bring a gain."""
    mean = max(1.1, 0.2 * (37 - line))
    some = 1 - min(0.55, max(0.1, 0.045 * (line - 19)))  # chance that a cycle brings a gain
    q = min(1.0, some / mean)  # a gain, when there is one, is geometric with the right mean
    some = min(0.95, some * pace)
    out = [(0, 1 - some)]
    for g in range(1, MAX_GAIN + 1):
        tail = (1 - q) ** (g - 1)
        out.append((g, some * (tail * q if g < MAX_GAIN else tail)))
    return tuple((g, p) for g, p in out if p > 1e-4)


@dataclass(frozen=True)
class Race:
    """What the seat knows about the race for epilogues."""

    stack: tuple[int, ...]  # stars of the epilogues left, the next one first
    taken: tuple[int, ...]  # stars of the epilogues the others who completed took, highest first
    building: int  # others still building
    hazards: tuple[float, ...]  # per cycle ahead: chance that one of them completes (field_hazards)
    room: int = HORIZON  # draws from elsewhere than our own discard area before it is full
    pace: float = 1.0  # how our hand's blind draws compare with a typical hand's of its size
    final: int = -1  # we are the last one building: the cycles left to us from now (view.final_cycles)

    def win_chance(self, line: int, more: int) -> float:
        """Chance to win if we complete with `line` stars after `more` others complete first."""
        mine = self.stack[more]
        players = len(self.taken) + len(self.stack)
        place = len(self.taken) + more + 1
        chance = 1.0
        for i, above in enumerate(self.taken + self.stack[:more]):
            chance *= _at_most(line + mine - above - 1, _when(i + 1, players))  # ties: higher epilogue
        for i, below in enumerate(self.stack[more + 1:more + 1 + self.building - more]):
            chance *= _at_most(line + mine - below, _when(place + i + 1, players))
        return chance


def pace(line: int, blind: float) -> float:
    """How a hand whose blind draws add `blind` stars on average compares with a typical hand of its
    size (a hand stuck in a shape single cards cannot fix stays slow for a while)."""
    typical = sum(g * p for g, p in typical_gains(line))
    return min(PACE_RANGE[1], max(PACE_RANGE[0], blind / typical))


def weigh(race: Race, line: int, options: Sequence[tuple[Sequence[int], bool]],
          played_out: Sequence[tuple[Sequence[int], int, int]] = ()) -> tuple[float, list[float]]:
    """The chance of winning if we complete now, and after each way of playing on: (the gains the
    option was seen to bring next cycle, whether it draws from elsewhere than our own discard area),
    then choosing well. A gamble can beat a sure small gain when only a big line still wins, and the
    other way round when we are ahead; a take back from our own area keeps a draw in hand.
    `played_out` gives, per option, what its rollouts gained over several cycles (the gains, how
    many cycles, how many of them draw from elsewhere): committing to those cycles is another way to
    play it on, and the option is worth the better of the two. (The mean of the two instead, since
    the better of two noisy estimates overrates playing on: issue 21, 1,600 games paired with this,
    +35 on seeds 1601..3200 but -14 on 5001..6600, completing first 26-27% of games against 22%;
    with the race-model fixes of 847e323 under both, -9 on 3201..4800 and -12 on 5001..6600:
    left off.)"""
    ahead = _Lookahead(race)
    odds = [ahead.play_on(line, 0, 0, race.room - outside, _spread(gains)) for gains, outside in options]
    for i, (gains, cycles, outside) in enumerate(played_out):
        odds[i] = max(odds[i], ahead.play_on_for(line, cycles, race.room - outside, _spread(gains)))
    return ahead.stop(line, 0), odds


def _spread(gains: Sequence[int]) -> tuple[tuple[int, float], ...]:
    """Sampled gains as (gain, chance) pairs, equal gains merged."""
    if not gains:
        return ((0, 1.0),)
    counts: dict[int, int] = {}
    for g in gains:
        counts[g] = counts.get(g, 0) + 1
    return tuple((g, n / len(gains)) for g, n in sorted(counts.items()))


class _Lookahead:
    """Best expected win chance from (our line, others completed meanwhile, cycles ahead, room)."""

    def __init__(self, race: Race) -> None:
        self.race = race
        self.memo: dict[tuple[int, int, int, int], float] = {}
        self.wins: dict[tuple[int, int], float] = {}

    def win(self, line: int, more: int) -> float:
        """race.win_chance, remembered."""
        key = (line, more)
        hit = self.wins.get(key)
        if hit is None:
            hit = self.wins[key] = self.race.win_chance(line, more)
        return hit

    def play_on(self, line: int, more: int, cycle: int, room: int, gains) -> float:
        """Expected win chance of playing one more cycle with these gains, then choosing well."""
        race = self.race
        odds = _binomial(race.building - more, race.hazards[min(cycle, HORIZON)])
        return sum(p_gain * p_fin * self.best(line + gain, more + finished, cycle + 1, room)
                   for gain, p_gain in gains for finished, p_fin in odds)

    def play_on_for(self, line: int, cycles: int, room: int, gains) -> float:
        """Expected win chance of playing `cycles` cycles without stopping, gaining `gains` in all,
        then choosing well."""
        race = self.race
        spread = {0: 1.0}
        for cycle in range(cycles):
            after: dict[int, float] = {}
            for more, p in spread.items():
                for finished, q in _binomial(race.building - more, race.hazards[min(cycle, HORIZON)]):
                    after[more + finished] = after.get(more + finished, 0.0) + p * q
            spread = after
        return sum(p_gain * p_more * self.best(line + gain, min(more, race.building), cycles, room)
                   for gain, p_gain in gains for more, p_more in spread.items())

    def stop(self, line: int, more: int) -> float:
        """Chance to win if we complete now; nothing to gain by it once the others are all done."""
        if more >= self.race.building or len(self.race.stack) <= more:
            return 0.0
        return self.win(line, more)

    def best(self, line: int, more: int, cycle: int, room: int) -> float:
        key = (line, more, cycle, room)
        if key not in self.memo:
            self.memo[key] = self._best(line, more, cycle, room)
        return self.memo[key]

    def _best(self, line: int, more: int, cycle: int, room: int) -> float:
        race = self.race
        if more >= race.building:  # the others are all done: our last cycles, at the last epilogue
            left = FINAL_CYCLES if race.final < 0 else max(0, race.final - cycle)
            return self.finish(line, left, room)
        stop = self.win(line, more)
        if cycle >= HORIZON or room <= 0:
            return stop  # a full discard area: the line cannot grow, so waiting only loses epilogues
        return max(stop, self.play_on(line, more, cycle, room - 1, typical_gains(line, race.pace)))

    def finish(self, line: int, left: int, room: int) -> float:
        """Win chance of the last one building with `left` cycles to go (then it must complete).
        Once we are the last, the cycles are counted (view.final_cycles): the cycle being decided is
        one of them, so after it only the rest may grow the line, not two more."""
        if left <= 0:
            return self.win(line, self.race.building)
        return sum(p * self.finish(line + gain, left - 1, room - 1)
                   for gain, p in _growth(line, room, self.race.pace))


def _growth(line: int, room: int, pace: float) -> tuple[tuple[int, float], ...]:
    return typical_gains(line, pace) if room > 0 else ((0, 1.0),)


def _binomial(n: int, p: float) -> list[tuple[int, float]]:
    out, coeff = [], 1
    for k in range(n + 1):
        out.append((k, coeff * p ** k * (1 - p) ** (n - k)))
        coeff = coeff * (n - k) // (k + 1)
    return out
