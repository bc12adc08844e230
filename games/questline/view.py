"""What one Questline seat may see: its own hand, every discard area, counts of the rest."""
from __future__ import annotations

from dataclasses import dataclass

from games.questline.state import DISCARD_LIMIT, Phase, QuestState


@dataclass(frozen=True, slots=True)
class QuestView:
    seat: int | None
    players: int
    solo: bool
    in_turn: bool
    phase: Phase
    turn: int
    hand: tuple[str, ...]  # this seat's own hand (every hand once the game is over: see `hands`)
    hand_sizes: tuple[int, ...]
    discards: tuple[tuple[str, ...], ...]
    chosen_first: tuple[bool, ...]  # opening: who has chosen (not what)
    my_first_discard: str | None
    class_left: int
    adventure_left: int
    epilogues: tuple[str, ...]  # multiplayer: the stack (top last); solo: the revealed ones
    epilogue_of: tuple[str | None, ...]
    done: tuple[bool, ...]
    final_cycles: int
    hands: tuple[tuple[str, ...], ...]  # only when the game is over: every hand, for scoring
    scores: tuple[int, ...]


def view_of(state: QuestState, seat: int | None) -> QuestView:
    over = state.phase is Phase.OVER
    return QuestView(
        seat, state.players, state.solo, state.in_turn, state.phase, state.turn,
        tuple(state.hands[seat]) if seat is not None else (),
        tuple(len(h) for h in state.hands), tuple(tuple(d) for d in state.discards),
        tuple(c is not None for c in state.opening),
        state.opening[seat] if seat is not None else None,
        len(state.class_deck), len(state.adventure_deck), tuple(state.epilogues),
        tuple(state.epilogue_of), tuple(state.done), state.final_cycles,
        tuple(tuple(h) for h in state.hands) if over else (), tuple(state.scores))

# Screens read views and never the state: what they need of the game's types comes from here.
__all__ = ['DISCARD_LIMIT', 'Phase', 'QuestView', 'view_of']
