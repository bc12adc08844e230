"""Questline behind the shared game protocol: 2-6 players simultaneously, or solo."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.core.messages import Event
from games.core.protocol import Game, Outcome
from games.questline import apply, legal, solo
from games.questline.commands import COMMANDS
from games.questline.content import check_content
from games.questline.decks import CARDS
from games.questline.events import HandsDealt
from games.questline.manifest import MANIFEST
from games.questline.state import Phase, QuestState
from games.questline.view import QuestView, view_of

OVER = Phase.OVER  # a module name: a class attribute of an Enum costs ~10x more to read


class Questline(Game[QuestState, QuestView]):
    """The rules' own functions stand in for the protocol's methods where a move calls them
    (to_act, listing, apply): no wrapper call on every move of headless play."""

    manifest = MANIFEST
    commands = COMMANDS
    content_checks = (check_content,)
    bots_module = "games.questline.bots"

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> tuple[QuestState, list[Event]]:
        if seats not in self.seat_counts:
            raise ValueError("Questline is for 1 to 6 players.")
        if seats == 1:
            state = solo.new_game(seed)
        else:
            state = apply.new_game(seed, seats, bool(options.get("in_turn", False)))
        shown = tuple(state.discards[0]) if state.solo else ()
        stack = state.epilogues if state.solo else reversed(state.epilogues)
        stars = []  # (a loop: a generator expression is a Python call)
        for card in stack:
            stars.append(CARDS[card].stars)
        return state, [HandsDealt(len(state.hands[0]), tuple(stars), shown)]

    to_act = staticmethod(legal.to_act)

    def waiting_for(self, state: QuestState, names: Sequence[str]) -> str:
        if state.phase is Phase.OVER:
            return "nobody: the game is over"
        if state.phase is Phase.OPENING:
            return "everyone to choose a first discard"
        if state.in_turn:
            return f"{names[state.turn]} to draw and discard"
        return "the players still building their questlines"

    legal_commands = staticmethod(legal.legal_commands)
    listing = staticmethod(legal.moves)  # headless bots are asked only when they may act
    rejection = staticmethod(legal.rejection)
    apply = staticmethod(apply.apply)

    def outcome(self, state: QuestState) -> Outcome | None:
        if state.phase is not OVER:
            return None
        if state.solo:
            stars = state.scores[0]
            return Outcome((0,), f"{stars} stars: {solo.rank(stars)}", (stars,))
        scores = ", ".join(map(str, state.scores))
        return Outcome((apply.winner(state),), scores, tuple(state.scores))

    def view(self, state: QuestState, seat: int | None) -> QuestView:
        return view_of(state, seat)

    def progress(self, state: QuestState) -> str:
        if state.phase is Phase.OVER:
            best = max(state.scores)
            return f"finished, {best} stars" + (f" ({solo.rank(best)})" if state.solo else "")
        if state.solo:
            return f"solo, {len(state.adventure_deck)} cards in the adventure deck"
        return f"{state.players} players, {sum(state.done)} complete"

    def snapshot(self, state: QuestState) -> dict[str, Any]:
        return {
            "phase": state.phase.value,
            "discards": [[CARDS[c].name for c in d] for d in state.discards],
            "hand_sizes": [len(h) for h in state.hands],
            "epilogues": [CARDS[c].name for c in state.epilogues],
            "complete": list(state.done),
            "scores": list(state.scores),
        }

    def copy_state(self, state: QuestState) -> QuestState:
        return state.copy()



GAME = Questline()
