"""What a Fluttering Souls seat may do now, and why anything else is refused, in one place."""
from __future__ import annotations

from games.core.messages import Command
from games.fluttering_souls.apply import EMPTY, is_open, open_slots
from games.fluttering_souls.cards import Species
from games.fluttering_souls.commands import ChooseOrder, Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.layouts import LABELS
from games.fluttering_souls.state import FlutterState, Phase

PLACE, KEEP = PlaceEggfly(), KeepEggfly()


ORDER = (ChooseOrder(True), ChooseOrder(False))


def to_act(state: FlutterState) -> tuple[int, ...]:
    if state.phase is Phase.OVER:
        return ()
    return (state.chooser,) if state.phase is Phase.CHOOSE_ORDER else (state.turn,)


def legal_commands(state: FlutterState, seat: int) -> list[Command]:
    if seat not in to_act(state):
        return []
    if state.phase is Phase.COLLECT:
        return [Collect(slot) for slot in open_slots(state)]
    if state.phase is Phase.EGGFLY:
        return [PLACE, KEEP]
    return list(ORDER)


def rejection(state: FlutterState, seat: int, command: Command) -> str | None:
    phase = state.phase
    if isinstance(command, Collect):
        if phase is Phase.EGGFLY:
            return (f"First decide about the Great Eggfly: put it on "
                    f"{LABELS[state.emptied]} or keep it.")
        if phase is not Phase.COLLECT:
            return "The round is over: choose whether to go first or second."
        return _collect_problem(state, command.slot)
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


def _collect_problem(state: FlutterState, slot: int) -> str | None:
    if not isinstance(slot, int) or not 0 <= slot < len(state.cards):
        return f"There is no card {slot!r} here: the layout's cards are A to {LABELS[-1]}."
    if state.cards[slot] == EMPTY:
        return f"The card at {LABELS[slot]} has already been collected."
    if is_open(state, slot):
        return None
    covering = [j for j in state.layout.slots[slot].covered_by if state.cards[j] != EMPTY]
    names = " and ".join(_card_name(state, j) for j in covering)
    verb = "lies" if len(covering) == 1 else "lie"
    return f"{LABELS[slot]} is not open: {names} {verb} on it."


def _card_name(state: FlutterState, slot: int) -> str:
    card = state.cards[slot]
    what = f"the {Species(card)}" if state.face_up[slot] else "a face-down card"
    return f"{what} at {LABELS[slot]}"
