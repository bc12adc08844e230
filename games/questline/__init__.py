"""Questline: build a 7-card level sequence for the best hero's tale (not playable yet)."""
from games.questline.game import GAME

__all__ = ["GAME"]
