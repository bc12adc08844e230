"""The chapter checker names the file, the place and the problem; the solver proves a chapter winnable."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.once_upon_a_line.chapter import parse_chapter
from games.once_upon_a_line.content import check_file
from games.once_upon_a_line.proof import goal_cards, play_through

TINY = Path(__file__).with_name("tiny.toml")


def check(tmp_path: Path, old: str, new: str) -> list[str]:
    text = TINY.read_text()
    assert old in text, old
    path = tmp_path / "tiny.toml"
    path.write_text(text.replace(old, new, 1))
    return check_file(path)


def test_tiny_chapter_is_sound() -> None:
    assert check_file(TINY) == []


def test_solver_reaches_the_epilogue_of_the_tiny_chapter() -> None:
    run = play_through(parse_chapter(TINY.read_text(), "tiny.toml"))
    assert run.won and run.ending == "epilogue"
    assert run.hourglasses_left == 9  # it never needed an hourglass
    assert goal_cards(parse_chapter(TINY.read_text(), "tiny.toml")) == {"GLO", "Z01"}


@pytest.mark.parametrize("old, new, expected", [
    ('"..G.G.....",\n  "..L.A.....",\n', '"..G.G.....",\n  "..L.A...Q.",\n',
     "tiny.toml: [grid] row 2, square I2: the letter Q needs a zone digit 1-6"),
    ('zones = [\n  "..2.1.....",\n  "..2.1.....",', 'zones = [\n  "..2.1.....",\n  "..2.1...1.",',
     "tiny.toml: [grid] row 2, square I2: only letters have a zone"),
    ('story_words = ["HORSE", "GLOVED"]', 'story_words = ["HORSE", "CLOSET"]',
     "tiny.toml: word CLOSET: not found in the grid in any direction"),
    ('[cards.GLO]', '[cards.CLX]', "tiny.toml: word GLOVED: has no card GLO"),
    ('[cards.clover]', '[cards.GAS]', "tiny.toml: card GAS: Word of Power GASKETS must have no card"),
    ('The [~GLOVED@2] groom', 'The [~GLOVED@2] groom by the [~GASKETS]',
     None),
    ('until the water sings.', 'until the [~GASKETS@1] sings.',
     "tiny.toml: card GLO: underlines GASKETS, which does not cross GLOVED"),
    ('The [~GLOVED@2] groom', 'The [~GLOVED@3] groom',
     "tiny.toml: card HOR: says GLOVED is in zone 3, the grid has it in zone 2"),
    ('pours the tea', 'pours the [DRAGON] tea',
     "tiny.toml: card Z01: mentions DRAGON, which is not in the grid"),
    ('solved = "Z01"', 'solved = "Z09"', "tiny.toml: challenge R1: solved names card Z09"),
    ('{ challenge = "R1" }', '{ challenge = "R7" }', "tiny.toml: card GLO: starts challenge R7"),
    ('brace = true', 'brace = false',
     "tiny.toml: card HOR: brace = false, but a Word of Power crosses HORSE"),
    ('{ take = 1 }', '{ take = "Z02" }',
     "tiny.toml: card clover: takes card Z02, which does not exist"),
    ('{ take = 1 }', '{ take = 7 }',
     "tiny.toml: card clover: takes card number 7, which no card has"),
    ('tragedy = ["empty", "-1"', 'tragedy = ["empty", "-3"',
     "tiny.toml: [chapter]: tragedy must list squares of"),
])
def test_each_problem_is_named(tmp_path: Path, old: str, new: str, expected: str | None) -> None:
    problems = check(tmp_path, old, new)
    if expected is None:  # GASKETS does cross HORSE, so underlining it is fine
        assert problems == []
    else:
        assert any(p.startswith(expected) for p in problems), problems


def test_an_unreachable_card_is_named(tmp_path: Path) -> None:
    extra = '\n[cards.Z77]\nnumber = 9\ntitle = "Lost"\nzone = 1\ntext = "Nobody reads me."\n'
    path = tmp_path / "tiny.toml"
    path.write_text(TINY.read_text().replace("[challenges.R1]", extra + "\n[challenges.R1]"))
    assert "tiny.toml: card Z77: can never be taken: no word, card or riddle leads to it" \
        in check_file(path)


def test_a_chapter_that_cannot_be_won_is_named(tmp_path: Path) -> None:
    # a Lock box nothing opens walls off the S of GLOVED: the riddle and the Epilogue stay out of reach
    problems = check(tmp_path, 'gate = ["H3"]', 'gate = ["C4"]')
    assert len(problems) == 1
    assert problems[0].startswith("tiny.toml: playthrough: the automatic player could not reach "
                                  "the Epilogue")


def test_a_card_taken_by_number_is_named_by_its_key() -> None:
    clover = parse_chapter(TINY.read_text(), "tiny.toml").cards["clover"]
    assert [(s.action, s.value) for s in clover.instructions[0].steps] == [("utopia", 1), ("take", "HOR")]


# The rulebook's own examples and the publisher's names: our chapters, test chapters, docs and code
# tell their own stories instead (a grey mare and a gloved groom, KETTLE 17, OX CART). Grid words
# and card keys are in capitals; in code and rulings only those and the names are looked for, since
# "Key" is also Textual's key event and "House rulings" our own heading. The saga's own Salt Key
# (docs/saga-of-the-wend.md: Chapter 4 gives it, Chapter 5 asks for it) is no rulebook example.
RULEBOOK_WORDS = (r"HOUSE|HOU|HERMIT|HAMMER|HAMSTER|CLOSED|BASKETS|BASEMENT|SECRET DOOR|DOOR|DOO|BARN|"
                  r"FLOOR|KEY|YEK|TRAP|CONTRACT|CAVE|042|Z098|A002|Z028|Arystea|Meloes|Nectara|Vespar|"
                  r"Skeeter|Zephyrhymes?|Kell|Tegenaria|pollentanyl")
RULEBOOK_EXAMPLES = re.compile(rf"\b({RULEBOOK_WORDS}|(?<!Salt )Key|House|Hermit|Hammer|Door)\b")
RULEBOOK_CAPITALS = re.compile(rf"\b({RULEBOOK_WORDS})\b")
ROOT = Path(__file__).resolve().parents[3]
OUR_TEXTS = [*(ROOT / "games/once_upon_a_line/content").rglob("*.toml"),
             *Path(__file__).parent.glob("*.toml"), ROOT / "docs/writing-chapters.md"]
OUR_CODE = [*(ROOT / "games/once_upon_a_line").rglob("*.py"),
            *(ROOT / "tui/games/once_upon_a_line").glob("*.py"),
            *(p for p in Path(__file__).parent.glob("*.py") if p.name != Path(__file__).name),
            ROOT / "tests/tui/test_once_upon_a_line_screen.py", ROOT / "tests/saves/test_oual_saves.py",
            ROOT / "docs/rulings.md"]


@pytest.mark.parametrize("path", OUR_TEXTS, ids=lambda p: p.name)
def test_chapters_and_the_chapter_guide_use_none_of_the_rulebooks_examples(path: Path) -> None:
    found = [m.group(0) for m in RULEBOOK_EXAMPLES.finditer(path.read_text())]
    assert found == [], f"{path.name}: {found}"


@pytest.mark.parametrize("path", OUR_CODE, ids=lambda p: str(p.relative_to(ROOT)))
def test_code_tests_and_rulings_use_none_of_the_rulebooks_examples(path: Path) -> None:
    found = [m.group(0) for m in RULEBOOK_CAPITALS.finditer(path.read_text())]
    assert found == [], f"{path.relative_to(ROOT)}: {found}"
