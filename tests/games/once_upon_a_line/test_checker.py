"""`fabletop content check` refuses what a player would suffer in a chapter, naming the file, the
card (or word, square) and the problem; the proof plays every option of every choice, says why a
route failed, and reports its margin. Each broken chapter is tiny.toml with one thing changed."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.once_upon_a_line.chapter import ChapterError, parse_chapter
from games.once_upon_a_line.content import check_file, chapter_files, examine, proof_reports, saga
from games.once_upon_a_line.proof import prove
from games.once_upon_a_line.verdict import proof_report
from tui.cli import main

TINY = Path(__file__).with_name("tiny.toml")
GLO_DO = 'do = [ { steps = [ { challenge = "R1" } ] } ]'
Z01_DO = 'do = [ { steps = [ { epilogue = 3 } ] } ]'


def broken(tmp_path: Path, *changes: tuple[str, str], name: str = "tiny.toml") -> Path:
    text = TINY.read_text()
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text)
    return path


def problems(tmp_path: Path, *changes: tuple[str, str]) -> list[str]:
    return check_file(broken(tmp_path, *changes))


def glo_steps(steps: str) -> tuple[str, str]:
    """The Gloved Groom's card does these steps, then poses the riddle."""
    return GLO_DO, f'do = [ {{ steps = [ {steps}, {{ challenge = "R1" }} ] }} ]'


# 1. a story word no card names before a player needs it

def test_a_story_word_no_card_names_is_refused_unless_a_step_uncovers_it(tmp_path: Path) -> None:
    unnamed = ("The [~GLOVED@2] groom", "The groom")
    assert "tiny.toml: word GLOVED (card GLO): no card names it, so a player cannot know it is " \
           "there: name it on a card read before it is needed, like [GLOVED]" in problems(tmp_path, unnamed)
    given = ('{ gain_item = "Red Ribbon" }',
             '{ gain_item = "Red Ribbon" }, { scratch = ["C1", "C2", "C4", "C5", "C6"] }')
    assert check_file(broken(tmp_path, unnamed, given)) == []


def test_a_story_word_named_only_after_it_is_found_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, ("The [~GLOVED@2] groom", "The groom"),
                     ("pours the tea", "pours the tea for the [GLOVED@2] groom"))
    assert "tiny.toml: word GLOVED (card GLO): only card Z01 names it, and a player reads that " \
           "card only after finding GLOVED: name it on a card read before" in found


# 2. a riddle answer that does not fit the answer squares

@pytest.mark.parametrize("answer, problem", [
    ("KETTLEDRUM", "KETTLEDRUM has 10 letters (card GLO poses it)"),
    ("KETTLÉ", "'KETTLÉ' has 'É', which no answer square can show (card GLO poses it)"),
])
def test_a_riddle_answer_that_does_not_fit_its_answer_squares_is_refused(
        tmp_path: Path, answer: str, problem: str) -> None:
    found = problems(tmp_path, ('answer = "KETTLE"', f'answer = "{answer}"'))
    assert found == ["tiny.toml: challenge R1: the answer must be one word of at most 8 letters A to "
                     f"Z, one to each answer square of the Challenge Gateway: {problem}"]


# 3. a word crossing a card's Story Word, named on that card without being underlined

def test_a_crossing_word_named_without_its_underline_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, ("The [~GLOVED@2] groom", "The [GLOVED@2] groom"))
    assert found == ["tiny.toml: card HOR: names GLOVED without underlining it, but it crosses "
                     "HORSE: a player would look for it elsewhere (write [~GLOVED])"]


# 4. every option of every choice must leave a way to the Epilogue

def test_a_choice_whose_second_option_leads_nowhere_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, (GLO_DO, 'do = [ { labels = ["Wait", "Leave"], choice = [ '
                                        '[ { challenge = "R1" } ], [ { note = "You leave." } ] ] } ]'))
    assert len(found) == 1
    assert found[0].startswith("tiny.toml: card GLO: option 'Leave' leads to no Epilogue: the "
                               "automatic player could not reach the Epilogue (no useful move left")
    assert found[0].endswith("card Z01 was never taken: card GLO leads to it, by a step this route "
                             "did not follow")


def test_an_option_that_leaves_no_legal_move_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, (GLO_DO, 'do = [ { labels = ["Wait", "Doze"], choice = [ '
                                        '[ { challenge = "R1" } ], '
                                        '[ { deactivate = "corvin" }, { deactivate = "ysolde" } ] ] } ]'))
    assert len(found) == 1
    assert found[0].startswith("tiny.toml: card GLO: option 'Doze' leads to no Epilogue: the "
                               "automatic player could not reach the Epilogue (no legal move left")


def test_declining_an_optional_instruction_on_the_way_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, (GLO_DO, 'do = [ { must = false, steps = [ { challenge = "R1" } ] } ]'))
    assert [p.split(": the automatic")[0] for p in found] == [
        "tiny.toml: card GLO: option 'Decline' leads to no Epilogue"]


def test_the_proof_plays_every_option_of_a_choice(tmp_path: Path) -> None:
    path = broken(tmp_path, (Z01_DO, 'do = [ { labels = ["Stay", "Go home"], choice = [ '
                                     '[ { utopia = 1 }, { epilogue = 3 } ], '
                                     '[ { currency = 1 }, { epilogue = 2 } ] ] } ]'))
    proof = prove(parse_chapter(path.read_text(), "tiny.toml"))
    assert proof.won
    assert [r.choices for r in proof.routes] == [(("Z01", "Stay"),), (("Z01", "Go home"),)]


def test_past_its_limit_the_proof_takes_first_options_and_says_so(tmp_path: Path) -> None:
    path = broken(tmp_path, (Z01_DO, 'do = [ { labels = ["Stay", "Go home"], choice = [ '
                                     '[ { epilogue = 3 } ], [ { note = "You leave." } ] ] } ]'))
    proof = prove(parse_chapter(path.read_text(), "tiny.toml"), max_routes=1)
    assert proof.won and proof.capped
    assert [r.choices for r in proof.routes] == [(("Z01", "Stay"),)]
    assert proof_report("tiny.toml", proof).endswith(
        "(1 route: at most 1, so later choices were tried by their first option only)")


# 5. duplicate card numbers

def test_two_cards_with_one_number_are_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, ("number = 2\n", "number = 1\n"))
    assert "tiny.toml: card GLO: has number 1, which card HOR has too: give each its own" in found


# 6. a reference to an unknown item, hero, guild, square, zone or word

@pytest.mark.parametrize("change, problem", [
    (glo_steps('{ note = "A ribbon.", if = { item = "Red Ribon" } }'),
     "card GLO, instruction 1: asks for the item 'Red Ribon', which no card of this chapter or an "
     "earlier one gives (did you mean 'Red Ribbon'?)"),
    (glo_steps('{ lose_item = "Red Ribon" }'),
     "card GLO, instruction 1: loses the item 'Red Ribon', which no card of this chapter or an "
     "earlier one gives (did you mean 'Red Ribbon'?)"),
    (glo_steps('{ deactivate = "corvn" }'),
     "card GLO, instruction 1: deactivates the hero 'corvn', who is in neither heroes.toml nor this "
     "chapter (did you mean 'corvin'?)"),
    (glo_steps('{ note = "She hums.", if = { hero = "ysold" } }'),
     "card GLO, instruction 1: asks for the hero 'ysold', who is in neither heroes.toml nor this "
     "chapter (did you mean 'ysolde'?)"),
    (glo_steps('{ note = "Gears.", if = { guild = "tinker" } }'),
     "card GLO, instruction 1: asks for a hero of the guild 'tinker', which no hero has (did you "
     "mean 'tinkers'?)"),
    (glo_steps('{ scratch = ["Z99"] }'),
     "card GLO, instruction 1: scratches Z99, which is off the grid (A1 to J8)"),
    (glo_steps('{ scratch = "C4" }'),
     "card GLO, instruction 1: scratch = 'C4': write \"start\" or a list of squares like "
     "[\"C3\", \"C4\"]"),
    (('zone = 2\ntext = "The groom will', 'zone = 9\ntext = "The groom will'),
     "card GLO: zone = 9, but the grid's words lie in zones 1 blue, 2 green"),
    (("until the water sings.", "until the [GLOVED@7] sings."),
     "card GLO: [GLOVED@7] is not a word mark: write [WORD], [WORD@2] (in zone 2), [~WORD] "
     "(underlined) or [#WORD] (black)"),
])
def test_an_unknown_reference_is_refused(tmp_path: Path, change: tuple[str, str], problem: str) -> None:
    assert f"tiny.toml: {problem}" in problems(tmp_path, change)


def test_a_position_for_an_unknown_word_is_refused(tmp_path: Path) -> None:
    path = broken(tmp_path, ("[grid.locks]", '[grid.positions]\nHORSES = "B3 right"\n\n[grid.locks]'))
    with pytest.raises(ChapterError, match=r"^tiny.toml: \[grid.positions\] HORSES: not a word of "):
        parse_chapter(path.read_text(), "tiny.toml")


def test_an_item_given_in_an_earlier_chapter_is_known(tmp_path: Path) -> None:
    bell = '{ steps = [ { note = "It rings.", if = { item = "Brass Bell" } } ] }'
    change = (GLO_DO, f"{GLO_DO[:-1]}, {bell} ]")
    later = broken(tmp_path, change, ('id = "tiny"', 'id = "later"'), ("number = 99", "number = 100"),
                   name="later.toml")
    assert any("'Brass Bell'" in p for p in check_file(later))
    earlier = broken(tmp_path, ('{ gain_item = "Red Ribbon" }', '{ gain_item = "Brass Bell" }'))
    carried = dict(saga([earlier, later]))
    assert carried[later] == {"Brass Bell"} and carried[earlier] == frozenset()
    assert check_file(later, carried[later]) == []


# 7. a trigger on a word not in the grid

def test_a_trigger_on_a_word_not_in_the_grid_is_refused(tmp_path: Path) -> None:
    found = problems(tmp_path, ('on = "stop"', 'on = "word:GLOVES"'))
    assert "tiny.toml: card HOR, instruction 2: waits for word:GLOVES, but GLOVES is not a word of " \
           "the grid (did you mean 'GLOVED'?)" in found


# When the proof fails, it names the cause

def test_a_lock_box_that_never_opens_is_named(tmp_path: Path) -> None:
    found = problems(tmp_path, ('gate = ["H3"]', 'gate = ["C4"]'))
    assert len(found) == 1
    assert found[0].startswith("tiny.toml: playthrough: the automatic player could not reach the "
                               "Epilogue (no useful move left after ")
    assert found[0].endswith(" commands): the Lock box gate over GLOVED never opened (no card opens it)")


def test_an_item_never_gained_is_named_with_the_step_it_blocked(tmp_path: Path) -> None:
    found = problems(tmp_path, (Z01_DO, 'do = [ { steps = [ { note = "A toast.", if = { item = '
                                        '"Silver Spoon" } }, { epilogue = 3 } ] } ]'),
                     ("do = [ { steps = [ { utopia = 1 }",
                      'do = [ { steps = [ { gain_item = "Silver Spoon" }, { utopia = 1 }'))
    assert len(found) == 1 and found[0].startswith("tiny.toml: playthrough: ")
    assert found[0].endswith("card Z01: the step 'the Epilogue (3 Quest Points)' never ran: it needs "
                             "the item Silver Spoon, never gained (card clover gives it, unread)")


def test_too_little_currency_is_named_with_the_step_it_blocked(tmp_path: Path) -> None:
    found = problems(tmp_path, (Z01_DO, 'do = [ { steps = [ { currency = -1, if = { currency = 5 } }, '
                                        '{ epilogue = 3 } ] } ]'))
    assert len(found) == 1
    assert found[0].endswith("card Z01: the step 'the Epilogue (3 Quest Points)' never ran: it needs "
                             "5 buttons, the route had 2 buttons")


# The margin of a sound chapter

def test_the_report_of_a_sound_chapter_gives_its_margin_and_commands() -> None:
    report = examine("tiny.toml", TINY.read_text()).report
    assert re.fullmatch(r"tiny\.toml: proof ok: 9 hourglasses left, \d+ commands "
                        r"\(1 route: no choice to try\)", report), report


# every shipped chapter's proof: about a minute on 2 quiet cores; the first of the tests that run
# `content check` pays it, the others reuse it (examine is cached per process)
@pytest.mark.timeout(480)
def test_the_shipped_chapters_pass_and_report_their_margin(capsys) -> None:
    assert main(["content", "check"]) == 0
    out = capsys.readouterr().out.splitlines()
    names = [p.name for p in chapter_files()]
    reports = [line for line in out if ": proof ok: " in line]
    assert [r.split(": ")[1] for r in reports] == names
    for line in reports:
        assert re.match(r"once-upon-a-line: \S+\.toml: proof ok: \d+ hourglass(es)? left, \d+ "
                        r"commands \(\d+ routes?: ", line), line
    assert "once-upon-a-line: " + proof_reports()[names.index("prologue.toml")] in out
    assert out[-1].startswith("content ok: ")


def test_the_automatic_player_returns_its_tiles_when_only_that_and_a_move_would_help() -> None:
    """A hero with every compartment full, in a zone with nothing left to find: neither returning
    its tiles nor moving helps alone, both together do, so it returns them first (it used to stop
    there and call the chapter stuck)."""
    from games.once_upon_a_line.commands import ReplaceTiles
    from games.once_upon_a_line.content import load_chapter
    from games.once_upon_a_line.proof import Solver
    from games.once_upon_a_line.setup import new_chapter

    chapter = load_chapter("prologue-2")
    state = new_chapter(chapter)
    hero = state.in_play()[0]
    board = state.heroes[hero]
    board.compartments = [[tile] for tile in board.reserve[:4]]
    board.reserve = board.reserve[4:]
    home = board.zone

    class ElsewhereOnly(Solver):
        def best_play(self, state, heroes):  # only a hero with a free compartment, moved away
            b = state.heroes[heroes[0]]
            useful = heroes[0] == hero and b.zone != home and b.free_compartment() is not None
            return (5.0, None) if useful else (0.0, None)

    assert ElsewhereOnly(chapter).refresh(state, [hero]) == ReplaceTiles(hero)
