"""Dice: faces and their worth, where a die may go (sockets, towers, the Ban face), rolling."""
from __future__ import annotations

from typing import Any, Sequence

from games.core.rng import derive_rng
from games.dice_upon_a_time.board import Board
from games.dice_upon_a_time.content import SPECIAL_FACES
from games.dice_upon_a_time.state import SNAKE_DIE, DiceState, Placed

SPIRIT_SOCKETS = ("rabbit", "snake", "wolf", "fox1", "fox2")
FACE_NAMES = {"magic": "Magic Item", "story": "Story Card", "ban": "Ban", "double": "Token Doubling",
              "snake": "Snake", "coin": "Gold Coin", "bread": "Bread", "apple": "Apple"}


def worth(face: Any) -> int:
    """What a face counts as when placed: its number, or 6 for a special face."""
    return 6 if face in SPECIAL_FACES else int(face)


def face_text(face: Any) -> str:
    return FACE_NAMES.get(face, str(face))


def is_route(socket: str) -> bool:
    """A route's socket ("r3"), not a Spirit Animal's."""
    return socket[:1] == "r" and socket[1:].isdigit()


def socket_ids(board: Board) -> list[str]:
    return [f"r{r.index}" for r in board.routes] + list(SPIRIT_SOCKETS)


def base_value(board: Board, socket: str) -> int:
    """The value printed on a socket: a route's value; the Spirit Animals' sockets are worth 1."""
    return board.routes[int(socket[1:])].value if is_route(socket) else 1


def height_limit(state: DiceState, socket: str) -> int:
    return socket_height(socket, len(state.players))


def socket_height(socket: str, players: int) -> int:
    """Dice a socket may hold: a tower (3, or 2 with two players) on routes, Rabbit and Snake; one
    die on the Wolf and on each Fox socket."""
    return 1 if socket in ("wolf", "fox1", "fox2") else (2 if players == 2 else 3)


def placement_problem(state: DiceState, board: Board, seat: int, die: int, socket: str) -> str | None:
    """Why this die may not go on this socket now, in a player's words; None when it may."""
    player = state.players[seat]
    if die not in player.pool:
        return "That die is not in your pool: it is used, set aside, or not yours."
    if socket not in state.sockets:
        return f"There is no socket {socket!r} on the board."
    return socket_refusal(board, socket, state.sockets[socket], height_limit(state, socket), seat,
                          player.pool[die], state.wolf_used)


def socket_refusal(board: Board, socket: str, tower: Sequence[Placed], limit: int, seat: int, face: Any,
                   wolf_used: bool) -> str | None:
    """Why a die showing `face` may not go on this socket holding `tower`; None when it may. What a
    placement asks, from what lies on the table only (the bots weigh their plans with it too)."""
    if socket == "wolf" and wolf_used:
        return "The Wolf has already gobbled this chapter: its socket is closed until the next."
    if len(tower) >= limit:
        return f"That socket already holds {limit} {'die' if limit == 1 else 'dice'}: no more fit."
    if face not in SPECIAL_FACES and not isinstance(face, int):
        return "That face cannot be placed."
    need = max([base_value(board, socket)] + [worth(p.face) for p in tower[-1:]])
    if worth(face) < need:
        on = "the die on top" if tower else "the socket"
        return f"A {face_text(face)} is worth {worth(face)}; {on} asks for {need} or more."
    top = tower[-1] if tower else None
    if top is not None and top.face == "ban" and top.seat != seat and face != "ban":
        return "A Ban face lies on top: only a Ban face of your own may cover another player's Ban."
    return None


def roll(state: DiceState, faces: tuple[Any, ...], why: str) -> Any:
    """One roll from the table's seed: every roll of the game is numbered, so replays agree."""
    state.draws += 1
    return derive_rng(state.seed, "roll", why, state.draws).choice(list(faces))


def roll_pool(state: DiceState, seat: int, dice: tuple[tuple[Any, ...], ...]) -> dict[int, Any]:
    """A player's dice for a new chapter: every die not left on the Fox is rolled."""
    player = state.players[seat]
    return {n: roll(state, faces, f"seat {seat} die {n}") for n, faces in enumerate(dice)
            if n not in player.fox}


def placed(seat: int, die: int, face: Any) -> Placed:
    return Placed(seat, die, face)


def is_snake(die: int) -> bool:
    return die == SNAKE_DIE
