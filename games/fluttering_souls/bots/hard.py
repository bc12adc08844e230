"""The hard bot: information-set MCTS over deals of the unseen cards, to win the current round."""
from __future__ import annotations

from typing import Sequence

from games.core.messages import Command
from games.core.protocol import Bot
from games.core.rng import derive_rng
from games.fluttering_souls.bots import ismcts
from games.fluttering_souls.bots.determinize import Determinizer, fresh_round, view_key
from games.fluttering_souls.commands import ChooseOrder, Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.state import Phase
from games.fluttering_souls.view import FlutterView

ITERATIONS = 1500  # per move: a fixed budget, so a choice depends on the view and seed only
ORDER_DEALS = 150  # random deals of the next layout tried for each choice of order


class HardBot(Bot):
    """Searches each move; picks the order of play by playing out deals of the revealed layout."""

    name = "hard"

    def __init__(self, seed: int = 0, iterations: int | None = None) -> None:
        self.seed = seed
        self.iterations = iterations or ITERATIONS

    def choose(self, view: FlutterView, legal: Sequence[Command], seat: int) -> Command:
        if len(legal) == 1:
            return legal[0]
        rng = derive_rng(self.seed, "hard", view_key(view))
        if view.phase is Phase.CHOOSE_ORDER:
            return ChooseOrder(self._first_wins_more(view, seat, rng))
        move = ismcts.search(Determinizer(view), rng, self.iterations)
        command = _command(move)
        return command if command in legal else legal[0]

    def _first_wins_more(self, view: FlutterView, seat: int, rng) -> bool:
        """Whether going first wins more rollouts than going second, on the same random deals."""
        wins = {True: 0.0, False: 0.0}
        for _ in range(ORDER_DEALS):
            deal_seed = rng.getrandbits(32)
            for go_first in (True, False):
                state = fresh_round(view, seat if go_first else 1 - seat, derive_rng(deal_seed))
                play_rng = derive_rng(deal_seed, "play")
                while state.phase is Phase.COLLECT or state.phase is Phase.EGGFLY:
                    ismcts.play(state, ismcts.rollout_move(state, play_rng))
                reward = ismcts.round_reward(state)
                wins[go_first] += reward if seat == 0 else 1.0 - reward
        return wins[True] >= wins[False]


def _command(move: int) -> Command:
    if move == ismcts.PLACE:
        return PlaceEggfly()
    if move == ismcts.KEEP:
        return KeepEggfly()
    return Collect(move)
