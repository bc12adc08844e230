"""Once Upon a Line: scratch words out of the Grid of Destiny, chapter by chapter."""
from games.once_upon_a_line.game import GAME

__all__ = ["GAME"]
