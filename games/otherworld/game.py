"""Otherworld behind the shared game protocol: 2-4 players, or solo against Balor."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.core.messages import Command, Event
from games.core.protocol import Game, Outcome
from games.otherworld import apply, legal
from games.otherworld.commands import COMMANDS
from games.otherworld.content import CARDS, GEAS, check_content
from games.otherworld.events import FirstPlayerChosen, GeasDrawn
from games.otherworld.manifest import MANIFEST
from games.otherworld.state import (ABILITY, CLEANUP, DIFFICULTY, JOURNEY, OVER, PLACE, STRIKE, TAKE,
                                    OtherState)
from games.otherworld.view import OtherView, view_of

DOING = {JOURNEY: "to place a storyteller", TAKE: "to take a card",
         PLACE: "to place a card", ABILITY: "to use an ability",
         CLEANUP: "to discard a card", DIFFICULTY: "to choose the difficulty",
         STRIKE: "to strike Balor's cards"}


class Otherworld(Game[OtherState, OtherView]):
    manifest = MANIFEST
    commands = COMMANDS
    content_checks = (check_content,)
    bots_module = "games.otherworld.bots"

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> tuple[OtherState, list[Event]]:
        if seats not in self.seat_counts:
            raise ValueError("Otherworld is for 1 to 4 players.")
        state, _dealt = apply.new_game(seed, seats)
        return state, [GeasDrawn(tuple(state.geas)), FirstPlayerChosen(state.first)]

    def to_act(self, state: OtherState) -> tuple[int, ...]:
        return legal.to_act(state)

    def waiting_for(self, state: OtherState, names: Sequence[str]) -> str:
        if state.phase is OVER:
            return "nobody: the game is over"
        return f"{names[state.turn]} {DOING[state.phase]}"

    def legal_commands(self, state: OtherState, seat: int) -> list[Command]:
        return legal.legal_commands(state, seat)

    def rejection(self, state: OtherState, seat: int, command: Command) -> str | None:
        return legal.rejection(state, seat, command)

    def apply(self, state: OtherState, seat: int, command: Command) -> list[Event]:
        return apply.apply(state, seat, command)

    def outcome(self, state: OtherState) -> Outcome | None:
        if state.phase is not OVER:
            return None
        if state.solo:
            you, balor = state.scores
            verdict = "you beat Balor" if you > balor else (
                "tied with Balor" if you == balor else "Balor wins")
            return Outcome(apply.winners(state), f"{you} to Balor's {balor}: {verdict}",
                           tuple(state.scores))
        return Outcome(apply.winners(state), ", ".join(map(str, state.scores)),
                       tuple(state.scores))

    def view(self, state: OtherState, seat: int | None) -> OtherView:
        return view_of(state, seat)

    def progress(self, state: OtherState) -> str:
        if state.phase is OVER:
            return f"finished, {'-'.join(map(str, state.scores))}"
        who = "solo against Balor" if state.solo else f"{state.players} players"
        return f"{who}, round {state.round} of 5, {state.phase.value}"

    def snapshot(self, state: OtherState) -> dict[str, Any]:
        return {
            "round": state.round,
            "phase": state.phase.value,
            "geas": [GEAS[g].name for g in state.geas],
            "tableaus": [[[CARDS[c].label if c else "gap" for c in row] for row in t]
                         for t in state.tableaus],
            "balor": [CARDS[c].label for c in state.balor],
            "scores": list(state.scores),
        }

    def copy_state(self, state: OtherState) -> OtherState:
        return state.copy()



GAME = Otherworld()
