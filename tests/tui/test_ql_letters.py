"""Letters for a Questline discard area's cards (tui/screens/ql_letters.py)."""
from tui.screens.ql_letters import GRACE, AreaLetters


def test_cards_keep_their_letters_and_new_ones_take_unused_letters_first():
    area = AreaLetters("OPQRSTU")
    assert area.update(["a", "b", "c"], 0.0) == {"O": "a", "P": "b", "Q": "c"}
    assert area.update(["a", "c", "d"], 1.0) == {"O": "a", "Q": "c", "R": "d"}  # P rests
    assert area.update(["a", "c", "d", "e", "f", "g", "h"], 2.0) == {
        "O": "a", "P": "h", "Q": "c", "R": "d", "S": "e", "T": "f", "U": "g"}


def test_the_letter_freed_longest_ago_is_used_first():
    area = AreaLetters("ABC")
    area.update(["a", "b", "c"], 0.0)
    area.update(["b"], 1.0)  # A and C freed together
    area.update([], 2.0)  # B freed later
    assert area.update(["x", "y"], 3.0) == {"A": "x", "C": "y"}


def test_a_letter_passed_on_asks_once_within_the_grace_time():
    area = AreaLetters("AB")
    area.update(["a", "b"], 0.0)
    assert area.update(["b", "c"], 5.0) == {"A": "c", "B": "b"}  # full: A passes to c at once
    assert area.just_changed("B", 5.1) is None  # B never changed card
    assert area.just_changed("A", 5.1) == "a"
    assert area.just_changed("A", 5.2) is None  # the second press takes c


def test_a_letter_passed_on_long_ago_takes_at_once():
    area = AreaLetters("AB")
    area.update(["a", "b"], 0.0)
    area.update(["b", "c"], 5.0)
    assert area.just_changed("A", 5.0 + GRACE) is None
