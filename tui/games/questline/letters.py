"""The letters that mark the cards of one Questline discard area, for taking them by key.

Bots act in real time, so an area changes while the player reads it. Each area has its own seven
letters and a card keeps its letter while it stays. A new card gets the first free letter, but not
one whose card left less than GRACE seconds ago while another is free: a letter pressed a moment after
its card was taken must not land on the card discarded right after. Only a full area must hand a
letter on at once; pressing it within GRACE seconds of the change asks again instead of taking the
new card. Where nobody else acts (solo, people taking turns at one terminal) letters never rest.
"""
from __future__ import annotations

import math
from typing import Sequence

GRACE = 1.0  # seconds after a letter passes to another card during which pressing it asks again


class AreaLetters:
    """Which of its seven letters marks each card of one discard area, as the area changes."""

    def __init__(self, keys: str, rest: float = GRACE) -> None:
        self.keys = keys
        self.rest = rest  # seconds a freed letter waits before it marks another card (if others are free)
        self.letter_of: dict[str, str] = {}  # card -> letter
        self.freed: dict[str, tuple[float, str]] = {}  # letter -> (when its card left, that card)
        self.changed: dict[str, tuple[float, str]] = {}  # letter -> (when it passed on, the card before)

    def update(self, cards: Sequence[str], now: float) -> dict[str, str]:
        """Letter -> card for the area's cards now, in letter order."""
        for card in [c for c in self.letter_of if c not in cards]:
            self.freed[self.letter_of.pop(card)] = (now, card)
        taken = set(self.letter_of.values())
        free = sorted((k for k in self.keys if k not in taken), key=lambda k: self._order(k, now))
        for card in cards:
            if card not in self.letter_of and free:
                letter = self.letter_of[card] = free.pop(0)
                if self._resting(letter, now):
                    self.changed[letter] = (now, self.freed[letter][1])
        return dict(sorted((letter, card) for card, letter in self.letter_of.items()))

    def _resting(self, letter: str, now: float) -> bool:
        """Whether the letter's last card left less than `rest` seconds ago."""
        return now - self.freed.get(letter, (-math.inf, ""))[0] < self.rest

    def _order(self, letter: str, now: float) -> tuple[bool, float, str]:
        """Which free letter a new card gets first: letters not resting, in letter order; then the
        resting ones, the one freed longest ago first."""
        resting = self._resting(letter, now)
        return (resting, self.freed[letter][0] if resting else 0.0, letter)

    def just_changed(self, letter: str, now: float) -> str | None:
        """The card this letter marked until a moment ago, if it passed to another card less than
        GRACE seconds ago. Asked once: the next press of the letter takes the new card."""
        when, before = self.changed.pop(letter, (-math.inf, ""))
        return before if now - when < GRACE else None
