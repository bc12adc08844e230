"""The hard Otherworld bot: values each row by the Geas points it can still expect when full, grows
colour regions, and places storytellers where two good cards give a fallback if one is taken."""
from __future__ import annotations

import random
from typing import Sequence

from games.core.messages import Command
from games.core.protocol import Bot
from games.otherworld.bots import choices
from games.otherworld.bots.evaluate import Tableau, colour_points, geas_expected, rival_sizes
from games.otherworld.grid import edges
from games.otherworld.view import OtherView

GROWTH = 0.6  # points per card of a colour's largest region, for the regions still to come
FALLBACK = 0.35  # weight of an edge's second-best card


class HardBot(Bot):
    name = "hard"
    recall_bonus = 1.0  # a card back in hand is a card to place again

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def value(self, view: OtherView, seat: int, tableau: Tableau) -> float:
        late = view.round >= 5
        growth = 0.0 if late else GROWTH * (5 - view.round) / 4
        return geas_expected(tableau, view.geas) + colour_points(
            tableau, rival_sizes(view, seat), growth)

    def edge_value(self, view: OtherView, seat: int, edge: int) -> float:
        values = sorted((choices.placement_value(self, view, seat, view.grid[c])
                         for c in edges(view.rows, view.cols)[edge].cells), reverse=True)
        return values[0] + FALLBACK * values[1]

    def choose(self, view: OtherView, legal: Sequence[Command], seat: int) -> Command:
        if len(legal) == 1:
            return legal[0]
        return choices.best(self, view, legal, seat)
