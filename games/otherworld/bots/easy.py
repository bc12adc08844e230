"""The easy Otherworld bot: every choice goes where it scores most right now, no looking ahead."""
from __future__ import annotations

import random
from typing import Sequence

from games.core.messages import Command
from games.core.protocol import Bot
from games.otherworld.bots import choices
from games.otherworld.bots.evaluate import Tableau, colour_points, geas_now, rival_sizes
from games.otherworld.view import OtherView


class EasyBot(Bot):
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def value(self, view: OtherView, seat: int, tableau: Tableau) -> float:
        return geas_now(tableau, view.geas) + colour_points(tableau, rival_sizes(view, seat))

    def choose(self, view: OtherView, legal: Sequence[Command], seat: int) -> Command:
        if len(legal) == 1:
            return legal[0]
        return choices.best(self, view, legal, seat)
