"""Letters for a Questline discard area's cards (tui/games/questline/letters.py)."""
from tui.games.questline.letters import GRACE, AreaLetters


def test_cards_keep_their_letters_and_a_just_freed_letter_rests_while_others_are_free():
    area = AreaLetters("OPQRSTU")
    assert area.update(["a", "b", "c"], 0.0) == {"O": "a", "P": "b", "Q": "c"}
    assert area.update(["a", "c", "d"], 1.0) == {"O": "a", "Q": "c", "R": "d"}  # P rests
    assert area.just_changed("R", 1.1) is None  # R marked no card before
    later = 1.0 + GRACE
    assert area.update(["a", "c", "d", "e"], later) == {"O": "a", "P": "e", "Q": "c", "R": "d"}
    assert area.just_changed("P", later) is None  # P had rested: no card just left it


def test_among_resting_letters_the_one_freed_longest_ago_is_used_first():
    area = AreaLetters("ABC")
    area.update(["a", "b", "c"], 0.0)
    area.update(["a", "b"], 0.2)  # C freed
    area.update(["b"], 0.4)  # A freed later
    assert area.update(["b", "x"], 0.5) == {"B": "b", "C": "x"}


def test_a_letter_passed_on_in_a_full_area_asks_once_within_the_grace_time():
    area = AreaLetters("AB")
    area.update(["a", "b"], 0.0)
    assert area.update(["b", "c"], 5.0) == {"A": "c", "B": "b"}  # full: A passes to c at once
    assert area.just_changed("B", 5.1) is None  # B never changed card
    assert area.just_changed("A", 5.1) == "a"
    assert area.just_changed("A", 5.2) is None  # the second press takes c


def test_a_letter_passed_on_a_while_ago_takes_at_once():
    area = AreaLetters("AB")
    area.update(["a", "b"], 0.0)
    area.update(["b", "c"], 5.0)
    assert area.just_changed("A", 5.0 + GRACE) is None


def test_where_nobody_else_acts_letters_never_rest():
    area = AreaLetters("ABCDEFG", rest=0.0)  # solo: a reset replaces the whole area
    area.update(["a", "b", "c"], 0.0)
    assert area.update(["x", "y", "z"], 0.0) == {"A": "x", "B": "y", "C": "z"}
    assert area.just_changed("A", 0.0) is None
