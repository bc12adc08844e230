"""Completing words: a Story Word draws the card of its first three letters once its last square is
uncovered; a Word of Power hands its letters to the talents of heroes in play (BASKETS, with the B
lost, as in the rulebook); a completed talent grants its tile."""
from __future__ import annotations

import pytest

from games.once_upon_a_line import letters, rules
from games.once_upon_a_line.commands import GiveLetters, MoveHero, UseTiles
from games.once_upon_a_line.events import CardTaken, Happened, SquaresScratched, WordCompleted
from games.once_upon_a_line.setup import new_chapter
from games.once_upon_a_line.story import Mention
from tests.games.once_upon_a_line.conftest import (
    chapter, complete, drawn, fresh, play, refused, scratched, uncover,
)

BASKETS_PLAN = "- meloes.0 meloes.0 arystea.0 arystea.0 arystea.0 arystea.0"


def baskets_uncovered(state=None):
    """Meloes scratches B and A above HOUSE's S, Arystea the K E T S below: BASKETS is complete."""
    state = state or fresh()
    play(state, UseTiles("meloes", "s2", "A HOUSE E2 up"))
    events = play(state, UseTiles("arystea", "s4", "A HOUSE E4 down"))
    return state, events


def test_rulebook_house_draws_the_hou_card_whose_underlined_word_crosses_house():
    state = fresh()
    assert state.completed == ["HOUSE"] and state.read == ["HOU"]
    card = chapter().cards["HOU"]
    assert Mention("CLOSED", 2, True, False) in card.mentions()
    closed, house = chapter().grid.word("CLOSED"), chapter().grid.word("HOUSE")
    assert set(closed.cells) & set(house.cells)  # the underlined word really crosses HOUSE


def test_a_story_word_is_read_when_its_last_square_is_uncovered_after_the_scratching():
    state = fresh()
    uncover(state, "C1 C2 C4")
    events = play(state, UseTiles("meloes", "s1", "B HOUSE C5 down"))
    assert scratched(events) == ["C5"] and "CLOSED" not in state.completed  # D still missing
    events = play(state, UseTiles("meloes", "s2", "B HOUSE C6 down"))
    kinds = [type(e) for e in events]
    assert kinds.index(SquaresScratched) < kinds.index(WordCompleted) < kinds.index(CardTaken)
    assert scratched(events) == ["C6", "C7"]  # the whole tile first, then the card
    assert WordCompleted("CLOSED", False) in events and CardTaken("CLO", "The Closed Door") in events
    assert state.completed == ["HOUSE", "CLOSED"] and state.read == ["HOU", "CLO"]


def test_two_words_finished_by_one_action_are_read_in_the_order_finished():
    rows = [".C...", "HAT..", ".R...", "ONE..", "....."]
    state = new_chapter(drawn(rows, story=("HAT", "CAR", "ONE")))
    uncover(state, "B1 A4 C4")
    events = play(state, UseTiles("meloes", "s2", "A HAT B3 down"))
    assert [e.word for e in events if isinstance(e, WordCompleted)] == ["CAR", "ONE"]
    assert state.read == ["HAT", "CAR", "ONE"]


def test_a_skulls_hourglass_comes_before_the_card_of_a_word_the_same_tile_completed():
    rows = [".....", "HAT..", ".X...", ".E...", ".*..."]
    ch = drawn(rows, story=("HAT", "AXE"), tragedy=("-1", "empty", "tragedy"))
    state = new_chapter(ch)
    events = play(state, UseTiles("arystea", "s4", "A HAT B3 down"))
    assert scratched(events) == ["B3", "B4", "B5"]
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("HourglassScratched") < kinds.index("CardTaken")
    assert state.read == ["HAT", "AXE"] and state.heroes["arystea"].standard["s5"] == 4


def test_a_card_is_read_once_even_if_its_word_is_crossed_again():
    state = fresh()
    complete(state, "CLOSED")
    state.read.append("CLO")
    play(state, UseTiles("meloes", "s3", "B HOUSE C7 down"))
    assert state.read == ["HOU", "CLO"] and state.pending is None


# -- Words of Power ------------------------------------------------------------------------

def test_a_word_of_power_draws_no_card_and_asks_where_its_letters_go():
    state, events = baskets_uncovered()
    assert WordCompleted("BASKETS", True) in events
    assert state.read == ["HOU"]  # no BAS card
    assert state.pending.kind == "letters" and state.pending.word == "BASKETS"
    assert refused(state, MoveHero("meloes", 2)) == "First say where the letters go."


def test_rulebook_baskets_as_to_meloes_kets_to_arystea_and_the_b_lost():
    state, _ = baskets_uncovered()
    state.heroes["arystea"].zone = 2  # letters go to any hero in play, whatever the zone
    events = play(state, GiveLetters(BASKETS_PLAN))
    assert state.crossed["meloes"][0] == [True, True, False, False]  # S A of SAIL
    assert state.crossed["arystea"][0] == [True, True, True, True, False, False]  # S K E T of SKETCH
    assert Happened("1 letter(s) of BASKETS lost.") in events
    assert state.talents_won == [] and state.pending is None


@pytest.mark.parametrize("plan, reason", [
    ("meloes.0", "say where each of the 7 letters of BASKETS goes"),
    ("meloes.0 meloes.0 meloes.0 arystea.0 arystea.0 arystea.0 arystea.0",
     "SAIL has no B left to cross off."),
    ("- meloes.0 arystea.0 arystea.0 arystea.0 arystea.0 arystea.0",
     "SKETCH has no S left to cross off."),  # each letter crossed once, on one talent
    ("- wren.0 meloes.0 arystea.0 arystea.0 arystea.0 arystea.0", "wren is not a hero in play."),
    ("- meloes.7 meloes.0 arystea.0 arystea.0 arystea.0 arystea.0",
     "meloes has no talent number 8."),
    ("- meloes meloes.0 arystea.0 arystea.0 arystea.0 arystea.0", "'meloes' is not a hero and a "
     "talent number"),
])
def test_a_letter_plan_that_breaks_the_rules_is_refused(plan, reason):
    state, _ = baskets_uncovered()
    assert refused(state, GiveLetters(plan)) == reason


def test_a_letter_that_can_still_be_crossed_off_may_not_be_thrown_away():
    state, _ = baskets_uncovered()
    reason = refused(state, GiveLetters("- - meloes.0 arystea.0 arystea.0 arystea.0 arystea.0"))
    assert reason.startswith("The A can still be crossed off")
    assert refused(state, GiveLetters("- - - - - - -")).startswith("The A can still be crossed off")


def test_a_deactivated_hero_takes_no_letter():
    state, _ = baskets_uncovered()
    state.heroes["arystea"].active = False
    assert refused(state, GiveLetters(BASKETS_PLAN)) == "arystea is not a hero in play."
    plan = letters.suggested_plan(state, "BASKETS")
    assert "arystea" not in plan
    assert letters.plan_problem(state, plan, "BASKETS") is None


def test_the_suggested_plan_is_the_legal_answer_and_loses_only_letters_with_no_place():
    state, _ = baskets_uncovered()
    legal = rules.legal(state)
    assert all(isinstance(c, GiveLetters) for c in legal) and legal
    for command in legal:
        assert letters.plan_problem(state, command.plan, "BASKETS") is None
    plan = letters.suggested_plan(state, "BASKETS").split()
    assert plan[0] == "-" and plan.count("-") == 1  # only the B has nowhere to go


def test_completing_a_talent_grants_its_tile_in_the_heros_reserve():
    state = fresh()
    state.crossed["meloes"][0] = [False, False, True, True]  # SAIL lacks its S and A
    baskets_uncovered(state)
    events = play(state, GiveLetters(BASKETS_PLAN))
    assert Happened("meloes masters SAIL: a new talent tile.") in events
    board = state.heroes["meloes"]
    assert board.talent_tiles == ["mel_line"] and board.reserve[-1] == "mel_line"
    assert state.talents_won == [("meloes", 0)]
    assert any(c.startswith("A HOUSE") for c in [p for p in
               [u.placement for u in rules.legal(state) if isinstance(u, UseTiles)
                and u.tiles == "mel_line"]])


def test_when_no_hero_can_use_any_letter_they_are_all_lost_without_asking():
    state = fresh()
    for hero in ("meloes", "arystea"):
        state.crossed[hero] = [[True] * len(row) for row in state.crossed[hero]]
    _, events = baskets_uncovered(state)
    assert state.pending is None
    assert Happened("No hero in play can use a letter of BASKETS: all are lost.") in events
