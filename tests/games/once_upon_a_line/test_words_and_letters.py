"""Completing words: a Story Word draws the card of its first three letters once its last square is
uncovered; a Word of Power hands its letters to the talents of heroes in play (GASKETS, with the G
lost: no talent has one); a completed talent grants its tile."""
from __future__ import annotations

import pytest

from games.once_upon_a_line import legal, letters
from games.once_upon_a_line.commands import GiveLetters, MoveHero, UseTiles
from games.once_upon_a_line.events import CardTaken, Happened, SquaresScratched, WordCompleted
from games.once_upon_a_line.setup import new_chapter
from games.once_upon_a_line.story import Mention
from tests.games.once_upon_a_line.conftest import (
    chapter, complete, drawn, fresh, play, refused, scratched, uncover,
)

GASKETS_PLAN = "- corvin.0 corvin.0 ysolde.0 ysolde.0 ysolde.0 ysolde.0"


def gaskets_uncovered(state=None):
    """Corvin scratches B and A above HORSE's S, Ysolde the K E T S below: GASKETS is complete."""
    state = state or fresh()
    play(state, UseTiles("corvin", "s2", "A HORSE E2 up"))
    events = play(state, UseTiles("ysolde", "s4", "A HORSE E4 down"))
    return state, events


def test_horse_draws_the_hor_card_whose_underlined_word_crosses_horse():
    state = fresh()
    assert state.completed == ["HORSE"] and state.read == ["HOR"]
    card = chapter().cards["HOR"]
    assert Mention("GLOVED", 2, True, False) in card.mentions()
    gloved, horse = chapter().grid.word("GLOVED"), chapter().grid.word("HORSE")
    assert set(gloved.cells) & set(horse.cells)  # the underlined word really crosses HORSE


def test_a_story_word_is_read_when_its_last_square_is_uncovered_after_the_scratching():
    state = fresh()
    uncover(state, "C1 C2 C4")
    events = play(state, UseTiles("corvin", "s1", "B HORSE C5 down"))
    assert scratched(events) == ["C5"] and "GLOVED" not in state.completed  # D still missing
    events = play(state, UseTiles("corvin", "s2", "B HORSE C6 down"))
    kinds = [type(e) for e in events]
    assert kinds.index(SquaresScratched) < kinds.index(WordCompleted) < kinds.index(CardTaken)
    assert scratched(events) == ["C6", "C7"]  # the whole tile first, then the card
    assert WordCompleted("GLOVED", False) in events and CardTaken("GLO", "The Gloved Groom") in events
    assert state.completed == ["HORSE", "GLOVED"] and state.read == ["HOR", "GLO"]


def test_two_words_finished_by_one_action_are_read_in_the_order_finished():
    rows = [".C...", "HAT..", ".R...", "ONE..", "....."]
    state = new_chapter(drawn(rows, story=("HAT", "CAR", "ONE")))
    uncover(state, "B1 A4 C4")
    events = play(state, UseTiles("corvin", "s2", "A HAT B3 down"))
    assert [e.word for e in events if isinstance(e, WordCompleted)] == ["CAR", "ONE"]
    assert state.read == ["HAT", "CAR", "ONE"]


def test_a_skulls_hourglass_comes_before_the_card_of_a_word_the_same_tile_completed():
    rows = [".....", "HAT..", ".X...", ".E...", ".*..."]
    ch = drawn(rows, story=("HAT", "AXE"), tragedy=("-1", "empty", "tragedy"))
    state = new_chapter(ch)
    events = play(state, UseTiles("ysolde", "s4", "A HAT B3 down"))
    assert scratched(events) == ["B3", "B4", "B5"]
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("HourglassScratched") < kinds.index("CardTaken")
    assert state.read == ["HAT", "AXE"] and state.heroes["ysolde"].standard["s5"] == 4


def test_a_card_is_read_once_even_if_its_word_is_crossed_again():
    state = fresh()
    complete(state, "GLOVED")
    state.read.append("GLO")
    play(state, UseTiles("corvin", "s3", "B HORSE C7 down"))
    assert state.read == ["HOR", "GLO"] and state.pending is None


# -- Words of Power ------------------------------------------------------------------------

def test_a_word_of_power_draws_no_card_and_asks_where_its_letters_go():
    state, events = gaskets_uncovered()
    assert WordCompleted("GASKETS", True) in events
    assert state.read == ["HOR"]  # no GAS card
    assert state.pending.kind == "letters" and state.pending.word == "GASKETS"
    assert refused(state, MoveHero("corvin", 2)) == "First say where the letters go."


def test_gaskets_as_to_corvin_kets_to_ysolde_and_the_g_lost():
    state, _ = gaskets_uncovered()
    state.heroes["ysolde"].zone = 2  # letters go to any hero in play, whatever the zone
    events = play(state, GiveLetters(GASKETS_PLAN))
    assert state.crossed["corvin"][0] == [True, True, False, False]  # S A of SAIL
    assert state.crossed["ysolde"][0] == [True, True, True, True, False, False]  # S K E T of SKETCH
    assert Happened("1 letter of GASKETS lost.") in events
    assert state.talents_won == [] and state.pending is None


@pytest.mark.parametrize("plan, reason", [
    ("corvin.0", "say where each of the 7 letters of GASKETS goes"),
    ("corvin.0 corvin.0 corvin.0 ysolde.0 ysolde.0 ysolde.0 ysolde.0",
     "SAIL has no G left to cross off."),
    ("- corvin.0 ysolde.0 ysolde.0 ysolde.0 ysolde.0 ysolde.0",
     "SKETCH has no S left to cross off."),  # each letter crossed once, on one talent
    ("- wren.0 corvin.0 ysolde.0 ysolde.0 ysolde.0 ysolde.0", "wren is not a hero in play."),
    ("- corvin.7 corvin.0 ysolde.0 ysolde.0 ysolde.0 ysolde.0",
     "corvin has no talent number 8."),
    ("- corvin corvin.0 ysolde.0 ysolde.0 ysolde.0 ysolde.0", "'corvin' is not a hero and a "
     "talent number"),
])
def test_a_letter_plan_that_breaks_the_rules_is_refused(plan, reason):
    state, _ = gaskets_uncovered()
    assert refused(state, GiveLetters(plan)) == reason


def test_a_letter_that_can_still_be_crossed_off_may_not_be_thrown_away():
    state, _ = gaskets_uncovered()
    reason = refused(state, GiveLetters("- - corvin.0 ysolde.0 ysolde.0 ysolde.0 ysolde.0"))
    assert reason.startswith("The A can still be crossed off")
    assert refused(state, GiveLetters("- - - - - - -")).startswith("The A can still be crossed off")


def test_a_deactivated_hero_takes_no_letter():
    state, _ = gaskets_uncovered()
    state.heroes["ysolde"].active = False
    assert refused(state, GiveLetters(GASKETS_PLAN)) == "ysolde is not a hero in play."
    plan = letters.suggested_plan(state, "GASKETS")
    assert "ysolde" not in plan
    assert letters.plan_problem(state, plan, "GASKETS") is None


def test_the_suggested_plan_is_the_legal_answer_and_loses_only_letters_with_no_place():
    state, _ = gaskets_uncovered()
    allowed = legal.legal(state)
    assert all(isinstance(c, GiveLetters) for c in allowed) and allowed
    for command in allowed:
        assert letters.plan_problem(state, command.plan, "GASKETS") is None
    plan = letters.suggested_plan(state, "GASKETS").split()
    assert plan[0] == "-" and plan.count("-") == 1  # only the G has nowhere to go


def test_the_suggested_plan_gives_each_letter_to_the_talent_closest_to_completion():
    """Hero by hero, talent by talent, the first with the fewest letters left that can take the
    letter, counting the letters given before it (corvin's SAIL, ROAM, HEAL; ysolde's SKETCH,
    DOT, HINT)."""
    state, _ = gaskets_uncovered()
    assert letters.suggested_plan(state, "GASKETS") == \
        "- corvin.0 corvin.0 ysolde.0 corvin.2 ysolde.1 ysolde.0"
    state.crossed["ysolde"][2] = [True, True, False, False]  # HINT lacks its N and T
    assert letters.suggested_plan(state, "GASKETS") == \
        "- corvin.0 corvin.0 ysolde.0 corvin.2 ysolde.2 ysolde.0"


def test_completing_a_talent_grants_its_tile_in_the_heros_reserve():
    state = fresh()
    state.crossed["corvin"][0] = [False, False, True, True]  # SAIL lacks its S and A
    gaskets_uncovered(state)
    events = play(state, GiveLetters(GASKETS_PLAN))
    assert Happened("corvin masters SAIL: a new talent tile.") in events
    board = state.heroes["corvin"]
    assert board.talent_tiles == ["cor_line"] and board.reserve[-1] == "cor_line"
    assert state.talents_won == [("corvin", 0)]
    assert any(c.startswith("A HORSE") for c in [p for p in
               [u.placement for u in legal.legal(state) if isinstance(u, UseTiles)
                and u.tiles == "cor_line"]])


def test_when_no_hero_can_use_any_letter_they_are_all_lost_without_asking():
    state = fresh()
    for hero in ("corvin", "ysolde"):
        state.crossed[hero] = [[True] * len(row) for row in state.crossed[hero]]
    _, events = gaskets_uncovered(state)
    assert state.pending is None
    assert Happened("No hero in play can use a letter of GASKETS: all are lost.") in events
