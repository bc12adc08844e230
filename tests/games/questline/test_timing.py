"""The hard bot's race model (timing.py): whom a completed player's line is weighed as, and how many
cycles the last one building still has."""
from __future__ import annotations

import dataclasses

from games.questline.bots import timing
from games.questline.bots.hard import race_of
from games.questline.state import FINAL_CYCLES
from games.questline.view import view_of
from tests.games.questline.test_bots import mid_game_state

FIRST, SECOND = "a-hero-for-the-ages", "a-name-in-the-songbook"  # 6 and 5 stars: 4 players' top two


def test_the_others_who_completed_are_weighed_in_the_order_they_completed():
    """Seat 3 completed first (6 stars), seat 1 second (5): the line of the first is drawn from the
    first completers' table whatever seats they sit in."""
    view = view_of(mid_game_state(), 0)
    view = dataclasses.replace(view, done=(False, True, False, True),
                               epilogue_of=(None, SECOND, None, FIRST),
                               epilogues=tuple(e for e in view.epilogues if e not in (FIRST, SECOND)))
    assert race_of(view, 0).taken == (6, 5)


def race(final: int) -> timing.Race:
    """Four players, the three others done (6, 5 and 3 taken): we are the last one building."""
    return timing.Race(stack=(2,), taken=(6, 5, 3), building=0, hazards=(0.0,) * (timing.HORIZON + 1),
                       room=5, final=final)


def test_the_last_one_building_grows_only_in_the_cycles_left_to_it():
    """With one discard left (view.final_cycles 1) the cycle being decided is the last: playing on
    is worth what one cycle's gains bring, not two more cycles after it."""
    line, gains = 30, [0, 0, 2, 4]
    one = timing.weigh(race(1), line, [(gains, True)])[1][0]
    spread = timing._spread(gains)
    assert one == sum(p * race(1).win_chance(line + g, 0) for g, p in spread)
    two = timing.weigh(race(2), line, [(gains, True)])[1][0]
    assert two > one  # the second cycle may still add stars
    unknown = timing.weigh(race(-1), line, [(gains, True)])[1][0]  # not yet last: the rulebook's two
    assert unknown == timing.weigh(race(FINAL_CYCLES + 1), line, [(gains, True)])[1][0]
