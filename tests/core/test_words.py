"""Shared wording: counts agree with their number, the reader is addressed as "you"."""
from games.core.words import agrees, counted, their


def test_counts_agree_with_their_number():
    assert counted(1, "pt") == "1 pt" and counted(0, "pt") == "0 pts" and counted(2, "point") == "2 points"
    assert counted(1, "hourglass", "hourglasses") == "1 hourglass"
    assert counted(3, "hourglass", "hourglasses") == "3 hourglasses"


def test_the_reader_reads_in_the_second_person():
    assert their("You") == "your" and their("Ada") == "their"
    assert agrees("You", "is", "are") == "are" and agrees("Ada", "is", "are") == "is"
