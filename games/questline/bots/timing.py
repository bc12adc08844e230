"""When the hard bot completes: its chance of winning now against its chance after playing on.

Only the seat's view is used: its own line, the epilogue stack, who has completed (and with which
epilogue), and the decks' counts as a clock. The other players' lines are hidden, so they are modelled
as a typical player's: one completes with a line of about 30-33 stars (OPPONENT_LINE, measured from our
easy bot, which completes once its line reaches 30), and a player still building completes in a given
cycle with a chance that grows as the game goes on (the hazard). Our own line grows by the gains the
draw appraisal found for the next cycle, then by a typical gain for a line of its size, but only while
our discard area has room: with 7 cards in it we may take only from it, so each draw from elsewhere
(it adds one card there) uses up one of the few left, and after the last one the line stops growing.

A small dynamic programme over (cycles ahead, our line, how many others completed meanwhile, draws
left) then says whether completing now or playing on wins more often, and which way of drawing does.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

# Stars of a typical other player's line (epilogue not included) when they complete.
OPPONENT_LINE = {26: 0.02, 27: 0.02, 28: 0.04, 29: 0.05, 30: 0.30, 31: 0.21, 32: 0.13, 33: 0.10,
                 34: 0.06, 35: 0.04, 36: 0.02, 37: 0.01}
HORIZON = 8  # cycles looked ahead
MAX_GAIN = 10  # largest gain of one cycle the model considers


def _at_most(stars: int) -> float:
    """Chance that a typical completed line has at most this many stars."""
    return sum(p for s, p in OPPONENT_LINE.items() if s <= stars)


def hazard(elapsed: float) -> float:
    """Chance that one other player still building completes during our next cycle."""
    return min(0.3, 0.05 + 0.035 * elapsed)


@lru_cache(maxsize=256)
def typical_gains(line: int) -> tuple[tuple[int, float], ...]:
    """(gain, chance) of one cycle for a line of this size: gains shrink as the line grows (measured
    on the hard bot's own games: about 2 stars a cycle at 25, 1 at 31, under half a star past 34)."""
    mean = max(0.4, 0.2 * (36 - line))
    nothing = min(0.85, max(0.1, 0.05 * (line - 18.5)))
    q = min(1.0, (1 - nothing) / mean)  # a gain, when there is one, is geometric with the right mean
    out = [(0, nothing)]
    for g in range(1, MAX_GAIN + 1):
        tail = (1 - q) ** (g - 1)
        out.append((g, (1 - nothing) * (tail * q if g < MAX_GAIN else tail)))
    return tuple((g, p) for g, p in out if p > 1e-4)


@dataclass(frozen=True)
class Race:
    """What the seat knows about the race for epilogues."""

    stack: tuple[int, ...]  # stars of the epilogues left, the next one first
    taken: tuple[int, ...]  # stars of the epilogues the others who completed took
    building: int  # others still building
    elapsed: float  # cycles played so far, estimated from the decks
    room: int = HORIZON  # draws from elsewhere than our own discard area before it is full

    def win_chance(self, line: int, more: int) -> float:
        """Chance to win if we complete with `line` stars after `more` others complete first."""
        mine = self.stack[more]
        chance = 1.0
        for above in self.taken + self.stack[:more]:
            chance *= _at_most(line + mine - above - 1)  # a tie goes to the higher epilogue
        for below in self.stack[more + 1:more + 1 + self.building - more]:
            chance *= _at_most(line + mine - below)
        return chance


def weigh(race: Race, line: int, options: Sequence[tuple[Sequence[int], bool]]
          ) -> tuple[float, list[float]]:
    """The chance of winning if we complete now, and after each way of playing on: (the gains the
    option was seen to bring next cycle, whether it draws from elsewhere than our own discard area),
    then choosing well. A gamble can beat a sure small gain when only a big line still wins, and the
    other way round when we are ahead; a take back from our own area keeps a draw in hand."""
    ahead = _Lookahead(race)
    odds = [ahead.play_on(line, 0, 0, race.room - outside,
                          tuple((g, 1 / len(gains)) for g in gains) or ((0, 1.0),))
            for gains, outside in options]
    return ahead.stop(line, 0), odds


class _Lookahead:
    """Best expected win chance from (our line, others completed meanwhile, cycles ahead, room)."""

    def __init__(self, race: Race) -> None:
        self.race = race
        self.memo: dict[tuple[int, int, int, int], float] = {}

    def play_on(self, line: int, more: int, cycle: int, room: int, gains) -> float:
        """Expected win chance of playing one more cycle with these gains, then choosing well."""
        race = self.race
        odds = _binomial(race.building - more, hazard(race.elapsed + cycle))
        return sum(p_gain * p_fin * self.best(line + gain, more + finished, cycle + 1, room)
                   for gain, p_gain in gains for finished, p_fin in odds)

    def stop(self, line: int, more: int) -> float:
        """Chance to win if we complete now; nothing to gain by it once the others are all done."""
        if more >= self.race.building or len(self.race.stack) <= more:
            return 0.0
        return self.race.win_chance(line, more)

    def best(self, line: int, more: int, cycle: int, room: int) -> float:
        key = (line, more, cycle, room)
        if key not in self.memo:
            self.memo[key] = self._best(line, more, cycle, room)
        return self.memo[key]

    def _best(self, line: int, more: int, cycle: int, room: int) -> float:
        race = self.race
        if more >= race.building:  # the others are all done: two last cycles at the last epilogue
            return sum(p1 * p2 * race.win_chance(line + g1 + g2, race.building)
                       for g1, p1 in _growth(line, room) for g2, p2 in _growth(line + g1, room - 1))
        stop = race.win_chance(line, more)
        if cycle >= HORIZON or room <= 0:
            return stop  # a full discard area: the line cannot grow, so waiting only loses epilogues
        return max(stop, self.play_on(line, more, cycle, room - 1, typical_gains(line)))


def _growth(line: int, room: int) -> tuple[tuple[int, float], ...]:
    return typical_gains(line) if room > 0 else ((0, 1.0),)


def _binomial(n: int, p: float) -> list[tuple[int, float]]:
    out, coeff = [], 1
    for k in range(n + 1):
        out.append((k, coeff * p ** k * (1 - p) ** (n - k)))
        coeff = coeff * (n - k) // (k + 1)
    return out
