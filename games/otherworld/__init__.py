"""Otherworld: storytellers on a card grid draft cards into a three-row tableau scored by Geas."""
from games.otherworld.game import GAME

__all__ = ["GAME"]
