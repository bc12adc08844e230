"""Fluttering Souls behind the shared game protocol."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.core.messages import Command, Event
from games.core.protocol import Game, Outcome
from games.fluttering_souls.manifest import MANIFEST
from games.fluttering_souls import rules
from games.fluttering_souls.cards import Species
from games.fluttering_souls.commands import (
    COMMANDS, ChooseOrder, Collect, KeepEggfly, PlaceEggfly, RoundDealt,
)
from games.fluttering_souls.layouts import LABELS, check_content
from games.fluttering_souls.state import FlutterState, Phase
from games.fluttering_souls.view import FlutterView, view_of

PLACE, KEEP = PlaceEggfly(), KeepEggfly()
ORDER = (ChooseOrder(True), ChooseOrder(False))



class FlutteringSouls(Game[FlutterState, FlutterView]):
    manifest = MANIFEST
    commands = COMMANDS
    content_checks = (check_content,)
    bots_module = "games.fluttering_souls.bots"

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> tuple[FlutterState, list[Event]]:
        if seats != 2:
            raise ValueError("Fluttering Souls is a game for exactly 2 players.")
        state = rules.new_game(seed)
        return state, [RoundDealt(state.round_no, state.layout.name, state.first)]

    def to_act(self, state: FlutterState) -> tuple[int, ...]:
        if state.phase is Phase.OVER:
            return ()
        return (state.chooser,) if state.phase is Phase.CHOOSE_ORDER else (state.turn,)

    def waiting_for(self, state: FlutterState, names: Sequence[str]) -> str:
        if state.phase is Phase.OVER:
            return "nobody: the game is over"
        if state.phase is Phase.CHOOSE_ORDER:
            return f"{names[state.chooser]} to choose who goes first"
        if state.phase is Phase.EGGFLY:
            return f"{names[state.turn]} to decide about the Great Eggfly"
        return f"{names[state.turn]} to collect a butterfly"

    def legal_commands(self, state: FlutterState, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        if state.phase is Phase.COLLECT:
            return [Collect(slot) for slot in rules.open_slots(state)]
        if state.phase is Phase.EGGFLY:
            return [PLACE, KEEP]
        return list(ORDER)

    def rejection(self, state: FlutterState, seat: int, command: Command) -> str | None:
        phase = state.phase
        if isinstance(command, Collect):
            if phase is Phase.EGGFLY:
                return (f"First decide about the Great Eggfly: put it on "
                        f"{LABELS[state.emptied]} or keep it.")
            if phase is not Phase.COLLECT:
                return "The round is over: choose whether to go first or second."
            return self._collect_problem(state, command.slot)
        if isinstance(command, (PlaceEggfly, KeepEggfly)):
            if phase is Phase.EGGFLY:
                return None
            if not state.held[seat][Species.GREAT_EGGFLY]:
                return "You do not hold the Great Eggfly."
            return ("The Great Eggfly can only be put down right after you collect a card, "
                    "into the spot that card left.")
        if isinstance(command, ChooseOrder):
            if phase is not Phase.CHOOSE_ORDER:
                return "Choosing who goes first happens only between rounds, by the round's loser."
            return None
        return "Fluttering Souls has no such move."

    @staticmethod
    def _collect_problem(state: FlutterState, slot: int) -> str | None:
        if not isinstance(slot, int) or not 0 <= slot < len(state.cards):
            return f"There is no card {slot!r} here: the layout's cards are A to {LABELS[-1]}."
        if state.cards[slot] == rules.EMPTY:
            return f"The card at {LABELS[slot]} has already been collected."
        if rules.is_open(state, slot):
            return None
        covering = [j for j in state.layout.slots[slot].covered_by if state.cards[j] != rules.EMPTY]
        names = " and ".join(_card_name(state, j) for j in covering)
        verb = "lies" if len(covering) == 1 else "lie"
        return f"{LABELS[slot]} is not open: {names} {verb} on it."

    def apply(self, state: FlutterState, seat: int, command: Command) -> list[Event]:
        if isinstance(command, Collect):
            return rules.collect(state, command.slot)
        if isinstance(command, PlaceEggfly):
            return rules.place_eggfly(state)
        if isinstance(command, KeepEggfly):
            return rules.keep_eggfly(state)
        return rules.choose_order(state, command.go_first)

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



def _card_name(state: FlutterState, slot: int) -> str:
    card = state.cards[slot]
    what = f"the {Species(card)}" if state.face_up[slot] else "a face-down card"
    return f"{what} at {LABELS[slot]}"


def _collection_text(held: Sequence[int]) -> str:
    parts = [f"{n} {Species(s)}" for s, n in enumerate(held) if n]
    return ", ".join(parts) or "nothing yet"


GAME = FlutteringSouls()
