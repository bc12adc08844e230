"""Shared helpers for the Dice Upon a Time tests: a table past its opening questions, hand-set dice,
tokens and cards, and routes named by their fields."""
from __future__ import annotations

from games.core.seats import Seat
from games.core.table import Table
from games.dice_upon_a_time.commands import Answer
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.game import GAME
from games.dice_upon_a_time.state import Phase

CONTENT = game_content()
BOARD = CONTENT.board


def table(players: int = 2, seed: int = 1, length: str = "normal") -> Table:
    """A table whose opening draws are done (every question answered with its first answer)."""
    t = Table(GAME, tuple(Seat(f"P{i}") for i in range(players)), seed, {"length": length})
    answer_all(t)
    return t


def answer_all(t: Table, pick=lambda options: options[0]) -> None:
    """Answer every waiting question (each with `pick` of its answers)."""
    while t.state.questions and t.state.phase is not Phase.OVER:
        seat = t.to_act()[0]
        options = t.view(seat).options
        assert t.dispatch(seat, Answer(pick(options))), options


def route(a: str, b: str) -> str:
    """The socket of the route between two fields, "r<index>"."""
    found = BOARD.route_between(a, b)
    assert found is not None, f"no route {a}-{b}"
    return f"r{found.index}"


def set_turn(t: Table, seat: int, field: str | None = None, pool: dict | None = None) -> None:
    """Make it `seat`'s turn to place a die, standing on `field` with these dice."""
    state = t.state
    state.turn, state.phase, state.questions = seat, Phase.PLACE, []
    state.activated, state.doubling, state.acted = None, False, False
    if field is not None:
        state.players[seat].field = field
    if pool is not None:
        state.players[seat].pool = dict(pool)


def stack(t: Table, socket: str, *dice: tuple[int, object]) -> None:
    """Put dice (seat, face) on a socket, bottom first."""
    from games.dice_upon_a_time.state import Placed
    t.state.sockets[socket] = tuple(Placed(seat, 90 + i, face) for i, (seat, face) in enumerate(dice))


def top_story(t: Table, card: str) -> None:
    """Put a Story card on top of the deck."""
    deck = t.state.story_deck
    if card in deck:
        deck.remove(card)
    deck.append(card)


def top_magic(t: Table, card: str) -> None:
    deck = t.state.magic_deck
    if card in deck:
        deck.remove(card)
    deck.append(card)


def take_magic(t: Table, seat: int, card: str) -> None:
    """Give a seat a Magic Item card (taken from wherever it lies)."""
    state = t.state
    for pile in [state.magic_deck, state.magic_discard] + [p.magic for p in state.players]:
        if card in pile:
            pile.remove(card)
    state.players[seat].magic.append(card)
