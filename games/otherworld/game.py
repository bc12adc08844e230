"""Otherworld behind the shared game protocol: 2-4 players, or solo against Balor."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.core.messages import Command, Event
from games.core.protocol import Game, Outcome
from games.otherworld.manifest import MANIFEST
from games.otherworld import abilities, rules
from games.otherworld.balor import MAX_STRIKES
from games.otherworld.content import CARDS, GEAS
from games.otherworld.checks import rejection
from games.otherworld.commands import (
    COMMANDS, ChooseDifficulty, DiscardCard, FirstPlayerChosen, GeasDrawn, MoveStoryteller, PlaceCard,
    PlaceStoryteller, RecallCard, ShiftCard, SkipAbility, StrikeCard, SwapCards, TakeCard,
)
from games.otherworld.content import check_content
from games.otherworld.state import OtherState, Phase
from games.otherworld.storytellers import any_live, free_edges, live, touched
from games.otherworld.tableau import accepts
from games.otherworld.view import OtherView, view_of

ABILITY_COMMANDS = (SwapCards, ShiftCard, RecallCard, MoveStoryteller, SkipAbility)
DOING = {Phase.JOURNEY: "to place a storyteller", Phase.TAKE: "to take a card",
         Phase.PLACE: "to place a card", Phase.ABILITY: "to use an ability",
         Phase.CLEANUP: "to discard a card", Phase.DIFFICULTY: "to choose the difficulty",
         Phase.STRIKE: "to strike Balor's cards"}


class Otherworld(Game[OtherState, OtherView]):
    manifest = MANIFEST
    commands = COMMANDS
    content_checks = (check_content,)
    bots_module = "games.otherworld.bots"

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> tuple[OtherState, list[Event]]:
        if seats not in self.seat_counts:
            raise ValueError("Otherworld is for 1 to 4 players.")
        state, _dealt = rules.new_game(seed, seats)
        return state, [GeasDrawn(tuple(state.geas)), FirstPlayerChosen(state.first)]

    def to_act(self, state: OtherState) -> tuple[int, ...]:
        return () if state.phase is Phase.OVER else (state.turn,)

    def waiting_for(self, state: OtherState, names: Sequence[str]) -> str:
        if state.phase is Phase.OVER:
            return "nobody: the game is over"
        return f"{names[state.turn]} {DOING[state.phase]}"

    def legal_commands(self, state: OtherState, seat: int) -> list[Command]:
        if seat not in self.to_act(state):
            return []
        phase, hand = state.phase, state.hands[seat]
        if phase is Phase.JOURNEY:
            return [PlaceStoryteller(e) for e in free_edges(state)]
        if phase is Phase.TAKE:
            return self._takes(state, seat)
        if phase is Phase.PLACE:
            places: list[Command] = [PlaceCard(c, r) for c in hand
                                     for r, row in enumerate(state.tableaus[seat])
                                     if accepts(row, c)]
            return places or [DiscardCard(c) for c in hand]
        if phase is Phase.ABILITY:
            return abilities.options(state, seat, state.pending) + [SkipAbility()]
        if phase is Phase.CLEANUP:
            return [DiscardCard(c) for c in hand]
        if phase is Phase.DIFFICULTY:
            return [ChooseDifficulty(n) for n in range(MAX_STRIKES + 1)]
        return [StrikeCard(c) for c in dict.fromkeys(state.balor)]

    @staticmethod
    def _takes(state: OtherState, seat: int) -> list[Command]:
        if any_live(state):
            return [TakeCard(e, c) for e in live(state, seat) for c in touched(state, e)]
        cells = [c for c, card in enumerate(state.grid) if card is not None]
        return [TakeCard(e, c) for e in state.storytellers_of(seat) for c in cells]

    def rejection(self, state: OtherState, seat: int, command: Command) -> str | None:
        return rejection(state, seat, command)

    def apply(self, state: OtherState, seat: int, command: Command) -> list[Event]:
        if isinstance(command, PlaceStoryteller):
            return rules.place_storyteller(state, seat, command.edge)
        if isinstance(command, TakeCard):
            return rules.take_card(state, seat, command.edge, command.cell)
        if isinstance(command, PlaceCard):
            return rules.place_card(state, seat, command.card, command.row)
        if isinstance(command, DiscardCard):
            return rules.discard(state, seat, command.card)
        if isinstance(command, ABILITY_COMMANDS):
            return rules.use_ability(state, seat, command)
        if isinstance(command, ChooseDifficulty):
            return rules.choose_difficulty(state, command.strikes)
        return rules.strike(state, command.card)

    def outcome(self, state: OtherState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        if state.solo:
            you, balor = state.scores
            verdict = "you beat Balor" if you > balor else (
                "tied with Balor" if you == balor else "Balor wins")
            return Outcome(rules.winners(state), f"{you} to Balor's {balor}: {verdict}",
                           tuple(state.scores))
        return Outcome(rules.winners(state), ", ".join(map(str, state.scores)),
                       tuple(state.scores))

    def view(self, state: OtherState, seat: int | None) -> OtherView:
        return view_of(state, seat)

    def progress(self, state: OtherState) -> str:
        if state.phase is Phase.OVER:
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
