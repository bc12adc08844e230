"""Story card instructions (deeds.toml has one card per kind): mandatory, optional, choices, arrow
sequences, ongoing triggers, taking and discarding cards, items, currency, points, missions, hero
changes, free scratches, Lock boxes, challenges and the Epilogue."""
from __future__ import annotations

import dataclasses

import pytest

from games.once_upon_a_line import legal
from games.once_upon_a_line.chapter import ChapterError, parse_chapter
from games.once_upon_a_line.commands import Answer, Guess, MoveHero, ReplaceTiles, UseTiles
from games.once_upon_a_line.events import CardTaken, Happened, HourglassScratched, SquaresScratched
from games.once_upon_a_line.game import GAME
from games.once_upon_a_line.setup import campaign_of, new_chapter
from games.once_upon_a_line.telling import tell
from games.once_upon_a_line.view import view_of
from tests.games.once_upon_a_line.conftest import (
    HERE, chapter, fresh, names, place, play, refused, sizes, take,
)


def deeds(**changes):
    return fresh("deeds", **changes)


def told(events) -> list[str]:
    return [e.text for e in events if isinstance(e, Happened)]


# -- mandatory, optional, choice, arrows ----------------------------------------------------

def test_a_mandatory_instruction_is_done_at_once_step_by_step():
    state = deeds()
    events = take(state, "M01")
    assert state.inventory == ["Lantern"] and state.currency == 5 and state.utopia == 1
    assert told(events) == ["Lantern goes into the inventory.", "You gain 3 buttons.",
                            "1 Utopia point."]
    assert state.pending is None


def test_an_optional_instruction_waits_for_the_player_who_may_decline():
    state = deeds()
    take(state, "OPT")
    assert state.pending.kind == "optional" and state.pending.labels == ("Do it", "Decline")
    assert refused(state, MoveHero("corvin", 2)) == \
        "First decide whether to follow the optional instruction."
    play(state, Answer("no"))
    assert state.dystopia == 0 and state.inventory == [] and state.pending is None


def test_an_optional_instruction_accepted_runs_all_its_steps():
    state = deeds()
    take(state, "OPT")
    play(state, Answer("yes"))
    assert state.dystopia == 1 and state.inventory == ["Map"]


@pytest.mark.parametrize("currency, offered", [(2, False), (3, True)])
def test_an_optional_instruction_is_offered_only_if_its_condition_can_be_met(currency, offered):
    state = deeds()
    state.currency = currency
    take(state, "OPC")
    assert (state.pending is not None) == offered
    if offered:
        play(state, Answer("yes"))
        assert state.currency == 0 and state.inventory == ["Hat"]


def test_a_card_is_read_only_once():
    state = deeds()
    take(state, "M01")
    take(state, "M01")
    assert state.read == ["LAM", "M01"] and state.utopia == 1 and state.currency == 5


def test_a_choice_offers_the_options_whose_condition_holds():
    state = deeds()
    take(state, "CHO")
    assert state.pending.kind == "choice"
    assert (state.pending.options, state.pending.labels) == (("0", "1"), ("Pay", "Run"))
    play(state, Answer("0"))
    assert state.currency == 0 and state.inventory == ["Rope"] and state.tragedy_scratched == 0


def test_a_choice_hides_an_option_the_player_cannot_afford():
    state = deeds()
    state.currency = 1
    take(state, "CHO")
    assert (state.pending.options, state.pending.labels) == (("1",), ("Run",))
    assert refused(state, Answer("0")) == "Answer with one of: Run."
    play(state, Answer("1"))
    assert state.tragedy_scratched == 1 and state.currency == 1


def test_an_optional_choice_may_be_declined():
    state = deeds()
    take(state, "CHM")
    assert state.pending.labels == ("Smile", "Frown", "Decline")
    play(state, Answer("no"))
    assert (state.utopia, state.dystopia) == (0, 0)


@pytest.mark.parametrize("items, utopia, currency", [([], 0, 2), (["Gem"], 1, 7)])
def test_arrow_steps_stop_at_the_first_unmet_condition(items, utopia, currency):
    state = deeds()
    state.inventory = list(items)
    take(state, "ARR")
    assert "Twine" in state.inventory  # the first step has no condition
    assert (state.utopia, state.currency) == (utopia, currency)


def test_conditions_on_heroes_guilds_and_missing_items():
    state = deeds()
    take(state, "CON")
    assert state.utopia == 11  # ysolde is in play and a weaver; no smith is
    assert state.currency == 1002  # no Lantern in the inventory
    state = deeds()
    state.heroes["ysolde"].active = False
    state.inventory = ["Lantern"]
    take(state, "CON")
    assert state.utopia == 0 and state.currency == 2


def test_a_note_only_tells_the_player():
    state = deeds()
    before = state.copy()
    events = take(state, "NOT")
    assert told(events) == ["The wind rises."]
    assert state.read == before.read + ["NOT"] and state.utopia == before.utopia


# -- ongoing instructions ------------------------------------------------------------------

def test_an_ongoing_instruction_answers_each_stop_a_hero_uncovers_and_is_listed():
    state = deeds()
    take(state, "ON1")
    assert view_of(state).ongoing == (("ON1", "[MUST, ONGOING] whenever a Stop is uncovered: "
                                               "gain 1 button"),)
    play(state, UseTiles("corvin", "s2", "A LAMP C3 down"))
    assert state.stops == 1 and state.currency == 3


def test_an_ongoing_skull_instruction_comes_with_the_skulls_hourglass():
    state = deeds()
    take(state, "ON2")
    play(state, UseTiles("ysolde", "s1", "A LAMP E3 down"))
    assert state.skulls == 1 and state.dystopia == 1 and state.tragedy_scratched == 1


def test_an_ongoing_hourglass_instruction_answers_every_hourglass():
    state = deeds()
    take(state, "ON3")
    play(state, MoveHero("corvin", 2))
    play(state, UseTiles("ysolde", "s1", "A LAMP E3 down"))  # the Skull's hourglass
    assert state.tragedy_scratched == 2 and state.currency == 4


def test_the_hourglass_effect_comes_before_the_ongoing_instructions_it_triggers():
    state = deeds(tragedy=("-1",) + ("empty",) * 7 + ("tragedy",))
    take(state, "ON3")
    events = play(state, MoveHero("corvin", 2))
    texts = [e.result if isinstance(e, HourglassScratched) else e.text for e in events
             if isinstance(e, (HourglassScratched, Happened))]
    assert texts[:3] == ["a Standard Tile shrinks by 1", "corvin: a 5-square tile became 4",
                         "You gain 1 button."]


@pytest.mark.parametrize("command, done", [
    (MoveHero("corvin", 2), "corvin moves to the green zone."),
    (ReplaceTiles("corvin"), "corvin's tiles are back in the Reserve."),
])
def test_a_move_or_a_replacement_comes_after_what_its_hourglass_asked(command, done):
    state = deeds()
    place(state, "corvin", reserve=["s1", "s2", "s3", "s4"], compartments=[["s5"], [], [], []])
    take(state, "ON3")
    assert told(play(state, command))[-2:] == ["You gain 1 button.", done]


def test_a_move_waits_for_the_decision_its_hourglass_asks():
    state = deeds(tragedy=("-1",) + ("empty",) * 7 + ("tragedy",))
    place(state, "corvin", standard={f"s{n}": 1 for n in range(1, 6)})
    state.heroes["wren"] = dataclasses.replace(state.heroes["ysolde"], id="wren")
    play(state, MoveHero("corvin", 2))  # corvin cannot shrink a tile: the player chooses who does
    assert state.pending.kind == "penalty" and state.heroes["corvin"].zone == 1
    assert told(play(state, Answer("wren")))[-1] == "corvin moves to the green zone."
    assert state.heroes["corvin"].zone == 2


def test_an_ongoing_move_instruction_answers_every_change_of_zone():
    state = deeds()
    take(state, "ON4")
    play(state, MoveHero("corvin", 2))
    play(state, MoveHero("corvin", 1))
    assert state.inventory == ["Boots", "Boots"]


def test_an_optional_ongoing_instruction_is_offered_each_time():
    state = deeds()
    take(state, "ONO")
    play(state, MoveHero("corvin", 2))
    assert state.pending.kind == "optional"
    play(state, Answer("yes"))
    play(state, MoveHero("corvin", 1))
    play(state, Answer("no"))
    assert state.currency == 3


def test_an_ongoing_word_instruction_answers_that_word_after_its_card():
    state = deeds()
    take(state, "ON5")
    events = take(state, "FRO")  # the rope, scratched for free
    assert "ROPE" in state.completed and state.utopia == 2
    order = [e.key if isinstance(e, CardTaken) else e.text for e in events
             if isinstance(e, (CardTaken, Happened))]
    assert order.index("ROP") < order.index("2 Utopia points.")


def test_discard_this_ends_an_ongoing_instruction_after_its_first_use():
    state = deeds()
    take(state, "SEL")
    play(state, MoveHero("corvin", 2))
    assert state.utopia == 1 and "SEL" in state.discarded
    assert view_of(state).ongoing == ()
    play(state, MoveHero("corvin", 1))
    assert state.utopia == 1


def test_ongoing_instructions_do_not_answer_an_instructions_free_scratch():
    # Our ruling: a free scratch has no penalties and answers no "whenever" instruction.
    state = deeds()
    take(state, "ON1")
    take(state, "ON2")
    take(state, "FRE")
    assert (state.stops, state.skulls) == (1, 1)
    assert state.currency == 2 and state.dystopia == 0


# -- cards, items, currency, points ----------------------------------------------------------

def test_a_card_taken_by_an_instruction_is_read_before_the_next_step():
    state = deeds()
    events = take(state, "TAK")
    order = [e.key if isinstance(e, CardTaken) else e.text for e in events
             if isinstance(e, (CardTaken, Happened))]
    assert order == ["TAK", "X01", "5 Utopia points.", "After goes into the inventory."]


def test_a_card_is_taken_by_its_number():
    state = deeds()
    take(state, "NUM")
    assert state.read[-2:] == ["NUM", "X01"] and state.utopia == 5


def test_taking_a_number_no_card_has_is_a_chapter_error():
    text = (HERE / "deeds.toml").read_text().replace("take = 32", "take = 999")
    with pytest.raises(ChapterError, match="card NUM: takes card number 999, which no card has"):
        parse_chapter(text, "deeds.toml")


def test_a_card_discarded_unread_can_no_longer_be_taken():
    state = deeds()
    take(state, "DIS")
    assert "X01" in state.discarded and "X01" not in state.read and state.utopia == 0
    take(state, "TAK")
    assert "X01" not in state.read and state.utopia == 0 and "After" in state.inventory


def test_items_come_and_go_and_losing_an_item_not_held_does_nothing():
    state = deeds()
    take(state, "M01")
    events = take(state, "ITM")
    assert state.inventory == [] and told(events) == ["Lantern leaves the inventory."]


def test_the_currency_never_goes_below_zero():
    state = deeds()
    events = take(state, "PAY")
    assert state.currency == 0 and "You pay 5 buttons." in told(events)


def test_missions_milestones_and_closing_turn_milestones_into_utopia():
    state = deeds()
    take(state, "MIS")
    assert state.missions == {"m1": {"title": "Find the bell", "milestones": 2, "closed": False}}
    take(state, "CLS")
    assert state.missions["m1"] == {"title": "Find the bell", "milestones": 2, "closed": True}
    assert state.utopia == 2 and "m9" not in state.missions
    assert campaign_of(state)["missions"]["m1"]["closed"] is True


# -- hero changes ---------------------------------------------------------------------------

def test_a_deactivated_hero_is_out_of_play_until_reactivated():
    state = deeds()
    take(state, "HDE")
    assert state.in_play() == ["corvin"]
    assert all(getattr(c, "hero", "corvin") == "corvin" for c in legal.legal(state))
    assert refused(state, MoveHero("ysolde", 2)) == "Ysolde is not a hero in play."
    assert [h.in_play for h in view_of(state).heroes] == [True, False]
    take(state, "HRE")
    assert state.in_play() == ["corvin", "ysolde"]


def test_a_reset_returns_every_tile_at_full_size_and_keeps_the_locks():
    state = deeds()
    place(state, "corvin", standard={"s5": 2, "s4": 3}, reserve=["s1"],
          compartments=[["s5", "s4"], ["s3"], ["s2"], None])
    take(state, "HRS")
    board = state.heroes["corvin"]
    assert sizes(state, "corvin") == [5, 4, 3, 2, 1]
    assert sorted(board.reserve) == ["s1", "s2", "s3", "s4", "s5"]
    assert board.compartments == [[], [], [], None]


def test_a_retired_hero_leaves_the_chapter_and_a_gained_hero_joins_the_campaign():
    state = deeds()
    take(state, "HRT")
    take(state, "HRE")  # reactivating does not bring back a retired hero
    take(state, "HGA")
    assert state.in_play() == ["corvin"] and state.heroes["ysolde"].retired
    assert campaign_of(state)["gained_heroes"] == ["wren"]


# -- free scratches, Lock boxes, hourglasses --------------------------------------------------

def test_a_free_scratch_goes_on_past_a_stop_and_a_skull_costs_no_hourglass():
    state = deeds()
    events = take(state, "FRE")
    found = ("blank", "Stop", "Skull", "blank")
    assert SquaresScratched("", ("A1", "C3", "E3", "B1"), 0, "", found) in events
    assert (state.stops, state.skulls, state.tragedy_scratched) == (1, 1, 0)


def test_unlocking_a_lock_box_scratches_it_for_free_and_completes_the_word_under_it():
    state = deeds()
    assert view_of(state).squares[(5, 3)].lock
    events = take(state, "UNL")
    assert SquaresScratched("", ("F4", "G4", "H4"), 0, "", ("C", "O", "G")) in events
    assert "COG" in state.completed and state.read[-1] == "COG"
    assert state.inventory == ["Brass Cog"] and "chest" in state.unlocked
    assert not view_of(state).squares[(5, 3)].lock


def test_an_hourglass_instruction_scratches_that_many_squares():
    state = deeds()
    take(state, "HRG")
    assert state.tragedy_scratched == 2


# -- challenges and the Epilogue ------------------------------------------------------------

def test_a_challenge_step_waits_for_the_riddle_then_the_story_goes_on():
    state = deeds()
    take(state, "CHA")
    assert state.pending.kind == "riddle" and state.pending.card == "R1"
    assert "Wisdom" not in state.inventory
    play(state, Guess("Lantern"))
    assert state.read[-1] == "Z01" and state.utopia == 3
    assert state.inventory == ["Wisdom"] and state.pending is None


def test_the_epilogue_ends_the_chapter_with_its_quest_points_and_nothing_after():
    state = deeds()
    take(state, "EPI")
    assert state.ended == "epilogue" and state.quest_points == 4 and state.utopia == 0
    assert legal.legal(state) == [] and state.jobs == []
    outcome = GAME.outcome(state)
    assert outcome.winners == (0,) and outcome.summary == "The Epilogue: 4 Utopia points."


# -- telling instructions -----------------------------------------------------------------

@pytest.mark.parametrize("card, text", [
    ("OPT", "[MAY] 1 Dystopia point -> add Map to the inventory"),
    ("CHO", "[MUST] Pay: if you have at least 2 buttons: pay 2 buttons -> add Rope to the inventory OR Run: "
            "scratch 1 hourglass"),
    ("ON5", "[MUST, ONGOING] when ROPE is uncovered: 2 Utopia points"),
    ("ONO", "[MAY, ONGOING] whenever a hero changes zone: gain 1 button"),
])
def test_instructions_are_told_in_a_players_words(card, text):
    assert tell(chapter("deeds").cards[card].instructions[0], "buttons") == text


def test_a_chapter_may_start_with_more_than_the_starting_boxes():
    start = chapter("deeds").start + (dataclasses.replace(chapter("deeds").start[0], action="take",
                                                          value="M01"),)
    state = new_chapter(dataclasses.replace(chapter("deeds"), start=start))
    assert state.read == ["LAM", "M01"] and names(sorted(state.uncovered))[:1] == ["B2"]
