"""Shared helpers for the Fluttering Souls tests."""
from __future__ import annotations

from collections import Counter

from games.fluttering_souls.state import EMPTY, FlutterState


def census(state: FlutterState) -> Counter:
    """Every card of the game: on the layout, set aside and in both collections."""
    counts = Counter(c for c in state.cards if c != EMPTY)
    counts.update(state.set_aside)
    for held in state.held:
        for species, n in enumerate(held):
            counts[species] += n
    return counts
