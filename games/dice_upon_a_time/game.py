"""Dice Upon a Time behind the shared game protocol."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.core.messages import Command, Event
from games.core.protocol import Game, Outcome
from games.dice_upon_a_time import apply, legal
from games.dice_upon_a_time.chapters import LENGTHS, new_game
from games.dice_upon_a_time.commands import COMMANDS
from games.dice_upon_a_time.content import check_content, game_content
from games.dice_upon_a_time.legal import legal_commands, to_act
from games.dice_upon_a_time.listing import listing
from games.dice_upon_a_time.manifest import MANIFEST
from games.dice_upon_a_time.state import MOVE, OVER, PLACE, QUESTS, DiceState
from games.dice_upon_a_time.view import DiceView, view_of


class DiceUponATime(Game[DiceState, DiceView]):
    manifest = MANIFEST
    commands = COMMANDS
    content_checks = (check_content,)
    bots_module = "games.dice_upon_a_time.bots"

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> tuple[DiceState, list[Event]]:
        if seats not in self.seat_counts:
            raise ValueError("Dice Upon a Time is for 2 to 4 players.")
        length = str(options.get("length", "normal"))
        if length not in LENGTHS:
            raise ValueError(f"a game is {', '.join(LENGTHS)}, not {length!r}")
        content = game_content()
        state, events = new_game(content, seed, seats, length)
        apply.settle(state, content, events)
        return state, events

    to_act = staticmethod(to_act)  # the rules' own functions where a move calls them: no wrapper

    def waiting_for(self, state: DiceState, names: Sequence[str]) -> str:
        if state.phase is OVER:
            return "nobody: the game is over"
        if state.questions:
            question = state.questions[0]
            return f"{names[question.seat]} to {legal.WAITING[question.kind]}"
        doing = {PLACE: "place a die", MOVE: "move", QUESTS: "complete quests"}
        return f"{names[state.turn]} to {doing.get(state.phase, 'play')}"

    @staticmethod
    def legal_commands(state: DiceState, seat: int) -> list[Command]:
        return legal_commands(state, game_content(), seat)

    listing = staticmethod(listing)

    def rejection(self, state: DiceState, seat: int, command: Command) -> str | None:
        return legal.rejection(state, game_content(), seat, command)

    @staticmethod
    def apply(state: DiceState, seat: int, command: Command) -> list[Event]:
        return apply.apply(state, game_content(), seat, command)

    def outcome(self, state: DiceState) -> Outcome | None:
        if state.phase is not OVER:
            return None
        best = max(state.scores)
        winners = tuple(s for s, p in enumerate(state.scores) if p == best)
        return Outcome(winners, ", ".join(map(str, state.scores)) + " AP", tuple(state.scores))

    def view(self, state: DiceState, seat: int | None) -> DiceView:
        return view_of(state, seat)

    def progress(self, state: DiceState) -> str:
        if state.phase is OVER:
            return f"finished, {max(state.scores)} AP"
        total = state.chapters or "?"
        return f"chapter {state.chapter} of {total}"

    def snapshot(self, state: DiceState) -> dict[str, Any]:
        return {"chapter": state.chapter, "phase": state.phase.value,
                "fields": [p.field for p in state.players],
                "done": [list(p.done) for p in state.players], "scores": list(state.scores)}

    def copy_state(self, state: DiceState) -> DiceState:
        return state.copy()


GAME = DiceUponATime()
