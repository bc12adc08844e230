"""Who may act in Otherworld, the commands each may send now, and why anything else is refused,
in a player's words: together, in one place."""
from __future__ import annotations

from games.core.messages import Command
from games.otherworld import abilities
from games.otherworld.apply import can_place
from games.otherworld.balor import MAX_STRIKES
from games.otherworld.cards import ABILITY_TEXT
from games.otherworld.commands import (
    ABILITY_COMMANDS,
    ChooseDifficulty,
    DiscardCard,
    PlaceCard,
    PlaceStoryteller,
    SkipAbility,
    StrikeCard,
    SwapCards,
    TakeCard,
)
from games.otherworld.content import CARDS
from games.otherworld.events import row_text
from games.otherworld.grid import edges
from games.otherworld.state import NOBODY, OtherState, Phase
from games.otherworld.storytellers import any_live, free_edges, live, touched
from games.otherworld.tableau import accepts, limit

WAITING = {
    Phase.JOURNEY: "It is the journey: place a storyteller on a free edge first.",
    Phase.TAKE: "First take a card that one of your storytellers touches.",
    Phase.PLACE: "First place the card: choose a card from your hand and a row.",
    Phase.CLEANUP: "It is cleanup: discard a card from your hand.",
    Phase.DIFFICULTY: "The game is scored once you choose how many of Balor's cards to strike.",
    Phase.STRIKE: "Strike one of Balor's cards first.",
}


def rejection(state: OtherState, seat: int, command: Command) -> str | None:
    phase = state.phase
    if phase is Phase.ABILITY:
        if not isinstance(command, ABILITY_COMMANDS):
            card = CARDS[state.pending]
            return (f"First use or skip the ability of {card.name}: it "
                    f"{ABILITY_TEXT[card.ability]}.")
        return _ability_problem(state, seat, command)
    if isinstance(command, ABILITY_COMMANDS):
        return "There is no ability to use now: abilities act right after their card is placed."
    expected = {Phase.JOURNEY: PlaceStoryteller, Phase.TAKE: TakeCard, Phase.PLACE: PlaceCard,
                Phase.CLEANUP: DiscardCard, Phase.DIFFICULTY: ChooseDifficulty,
                Phase.STRIKE: StrikeCard}[phase]
    if isinstance(command, DiscardCard) and phase is Phase.PLACE:
        return _saga_discard_problem(state, seat, command.card)
    if not isinstance(command, expected):
        return WAITING[phase]
    if isinstance(command, PlaceStoryteller):
        return _edge_problem(state, command.edge)
    if isinstance(command, TakeCard):
        return _take_problem(state, seat, command.edge, command.cell)
    if isinstance(command, PlaceCard):
        return _place_problem(state, seat, command.card, command.row)
    if isinstance(command, DiscardCard):
        return None if command.card in state.hands[seat] else "That card is not in your hand."
    if isinstance(command, ChooseDifficulty):
        if not isinstance(command.strikes, int) or not 0 <= command.strikes <= MAX_STRIKES:
            return f"Strike from 0 to {MAX_STRIKES} of Balor's cards (0 is the hardest)."
        return None
    return None if command.card in state.balor else "That card is not in Balor's pile."


def _edge_problem(state: OtherState, edge) -> str | None:
    if not isinstance(edge, int) or not 0 <= edge < len(state.tellers):
        return "There is no such edge on this grid."
    if state.tellers[edge] != NOBODY:
        return "A storyteller already sits on that edge: one storyteller per edge."
    if len(touched(state, edge)) < 2:
        return "A storyteller must touch two cards, and one of that edge's cards is gone."
    return None


def _take_problem(state: OtherState, seat: int, edge, cell) -> str | None:
    if not isinstance(edge, int) or not 0 <= edge < len(state.tellers) \
            or state.tellers[edge] != seat:
        return "You have no storyteller on that edge."
    if not isinstance(cell, int) or not 0 <= cell < len(state.grid) or state.grid[cell] is None:
        return "There is no card in that place on the grid."
    if touched(state, edge):
        if cell not in edges(state.rows, state.cols)[edge].cells:
            return "A storyteller takes only one of the two cards it touches."
        return None
    if any_live(state):
        return ("That storyteller is lost (its cards are gone): it picks any card once every "
                "storyteller still touching a card has picked.")
    return None


def _place_problem(state: OtherState, seat: int, card, row) -> str | None:
    if card not in state.hands[seat]:
        return "That card is not in your hand."
    if not isinstance(row, int) or not 0 <= row < len(state.tableaus[seat]):
        return "Your tableau has three rows: top, middle and bottom."
    target = state.tableaus[seat][row]
    if not accepts(target, card):
        return f"{row_text(row).capitalize()} is full: it holds at most {limit(target)} cards."
    return None


def _saga_discard_problem(state: OtherState, seat: int, card) -> str | None:
    if can_place(state, seat):
        return "You can still place a card: discard only when no card fits your tableau."
    return None if card in state.hands[seat] else "That card is not in your hand."


def _ability_problem(state: OtherState, seat: int, command: Command) -> str | None:
    if isinstance(command, SkipAbility):
        return None
    ability = CARDS[state.pending].ability
    if isinstance(command, SwapCards) and command.first != command.second:
        command = SwapCards(*sorted((command.first, command.second),
                                    key=lambda c: _reading_order(state, seat, c)))
    if command in abilities.options(state, seat, state.pending):
        return None
    reasons = {
        "swap": "Swap two different cards of your own tableau.",
        "shift": "Move a card of your tableau to another row that has room for it.",
        "recall": "Take back a card of your tableau other than the one just placed.",
        "wander": "Move one of your storytellers still on the grid to a free edge between two "
                  "cards.",
    }
    return f"{CARDS[state.pending].name} {ABILITY_TEXT[ability]}: {reasons[ability]}"


def _reading_order(state: OtherState, seat: int, card: str) -> tuple[int, int]:
    for r, row in enumerate(state.tableaus[seat]):
        if card in row:
            return r, row.index(card)
    return 99, 99


def to_act(state: OtherState) -> tuple[int, ...]:
    return () if state.phase is Phase.OVER else (state.turn,)


def legal_commands(state: OtherState, seat: int) -> list[Command]:
    if seat not in to_act(state):
        return []
    phase, hand = state.phase, state.hands[seat]
    if phase is Phase.JOURNEY:
        return [PlaceStoryteller(e) for e in free_edges(state)]
    if phase is Phase.TAKE:
        return _takes(state, seat)
    if phase is Phase.PLACE:
        places: list[Command] = [PlaceCard(c, r) for c in hand
                                 for r, row in enumerate(state.tableaus[seat]) if accepts(row, c)]
        return places or [DiscardCard(c) for c in hand]
    if phase is Phase.ABILITY:
        return abilities.options(state, seat, state.pending) + [SkipAbility()]
    if phase is Phase.CLEANUP:
        return [DiscardCard(c) for c in hand]
    if phase is Phase.DIFFICULTY:
        return [ChooseDifficulty(n) for n in range(MAX_STRIKES + 1)]
    return [StrikeCard(c) for c in dict.fromkeys(state.balor)]


def _takes(state: OtherState, seat: int) -> list[Command]:
    if any_live(state):
        return [TakeCard(e, c) for e in live(state, seat) for c in touched(state, e)]
    cells = [c for c, card in enumerate(state.grid) if card is not None]
    return [TakeCard(e, c) for e in state.storytellers_of(seat) for c in cells]
