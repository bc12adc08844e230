"""Wording shared by every game's sentences: counts, and the reader addressed as "you".

A seat shown to its own reader is named YOU (the menus name the one person at the terminal so by
default); sentences about it then read in the second person: "You are", "your hand".
"""
from __future__ import annotations

YOU = "You"


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """'1 point', '3 points', '1 hourglass', '2 hourglasses' (with plural= for odd plurals)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def their(name: str) -> str:
    """The possessive for what a named player owns: "your" for the reader, else "their"."""
    return "your" if name == YOU else "their"


def agrees(name: str, singular: str, plural: str) -> str:
    """The verb that goes with a name: "You are" but "Ada is"."""
    return plural if name == YOU else singular
