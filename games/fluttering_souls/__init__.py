"""Fluttering Souls: two players draft butterflies from overlapping layouts."""
from games.fluttering_souls.game import GAME

__all__ = ["GAME"]
