"""Fluttering Souls behind the shared game protocol."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.core.messages import Command, Event
from games.core.protocol import Game, Outcome
from games.fluttering_souls import apply, legal
from games.fluttering_souls.cards import Species
from games.fluttering_souls.commands import COMMANDS
from games.fluttering_souls.content import check_content
from games.fluttering_souls.events import RoundDealt
from games.fluttering_souls.manifest import MANIFEST
from games.fluttering_souls.state import FlutterState, Phase
from games.fluttering_souls.view import FlutterView, view_of


class FlutteringSouls(Game[FlutterState, FlutterView]):
    manifest = MANIFEST
    commands = COMMANDS
    content_checks = (check_content,)
    bots_module = "games.fluttering_souls.bots"

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> tuple[FlutterState, list[Event]]:
        if seats != 2:
            raise ValueError("Fluttering Souls is a game for exactly 2 players.")
        state = apply.new_game(seed)
        return state, [RoundDealt(state.round_no, state.layout.name, state.first)]

    def to_act(self, state: FlutterState) -> tuple[int, ...]:
        return legal.to_act(state)

    def waiting_for(self, state: FlutterState, names: Sequence[str]) -> str:
        if state.phase is Phase.OVER:
            return "nobody: the game is over"
        if state.phase is Phase.CHOOSE_ORDER:
            return f"{names[state.chooser]} to choose who goes first"
        if state.phase is Phase.EGGFLY:
            return f"{names[state.turn]} to decide about the Great Eggfly"
        return f"{names[state.turn]} to collect a butterfly"

    def legal_commands(self, state: FlutterState, seat: int) -> list[Command]:
        return legal.legal_commands(state, seat)

    def rejection(self, state: FlutterState, seat: int, command: Command) -> str | None:
        return legal.rejection(state, seat, command)

    def apply(self, state: FlutterState, seat: int, command: Command) -> list[Event]:
        return apply.apply(state, seat, command)

    def outcome(self, state: FlutterState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        winner = state.results[-1].winner
        return Outcome((winner,), f"{max(state.tokens)}-{min(state.tokens)}", tuple(state.tokens))

    def view(self, state: FlutterState, seat: int | None) -> FlutterView:
        return view_of(state, seat)

    def progress(self, state: FlutterState) -> str:
        a, b = state.tokens
        if state.phase is Phase.OVER:
            return f"finished, {a}-{b}"
        return f"round {state.round_no}, {a}-{b}"

    def snapshot(self, state: FlutterState) -> dict[str, Any]:
        return {
            "round": state.round_no,
            "layout": state.layout.name,
            "phase": state.phase.value,
            "tokens": list(state.tokens),
            "collections": [_collection_text(h) for h in state.held],
        }

    def copy_state(self, state: FlutterState) -> FlutterState:
        return state.copy()


def _collection_text(held: Sequence[int]) -> str:
    parts = [f"{n} {Species(s)}" for s, n in enumerate(held) if n]
    return ", ".join(parts) or "nothing yet"


GAME = FlutteringSouls()
