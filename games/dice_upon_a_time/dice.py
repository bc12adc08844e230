"""Dice: faces and their worth, where a die may go (sockets, towers, the Ban face), rolling."""
from __future__ import annotations

from bisect import bisect_left
from itertools import compress
from typing import Any, Sequence

from games.core.rng import derive_rng
from games.dice_upon_a_time.board import Board
from games.dice_upon_a_time.commands import PlaceDie
from games.dice_upon_a_time.content import SPECIAL_FACES
from games.dice_upon_a_time.state import DiceState, Placed

SPIRIT_SOCKETS = ("rabbit", "snake", "wolf", "fox1", "fox2")
FACE_NAMES = {"magic": "Magic Item", "story": "Story Card", "ban": "Ban", "double": "Token Doubling",
              "snake": "Snake", "coin": "Gold Coin", "bread": "Bread", "apple": "Apple"}


WORTH: dict[Any, int] = {n: n for n in range(1, 7)} | {f: 6 for f in SPECIAL_FACES}


def worth(face: Any) -> int:
    """What a face counts as when placed: its number, or 6 for a special face."""
    return WORTH[face]


def face_text(face: Any) -> str:
    return FACE_NAMES.get(face, str(face))


def is_route(socket: str) -> bool:
    """A route's socket ("r3"), not a Spirit Animal's."""
    return socket[:1] == "r" and socket[1:].isdigit()


def socket_ids(board: Board) -> list[str]:
    return list(board.socket_values) + list(SPIRIT_SOCKETS)


def base_value(board: Board, socket: str) -> int:
    """The value printed on a socket: a route's value; the Spirit Animals' sockets are worth 1."""
    return board.socket_values.get(socket, 1)


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
    if face not in WORTH:
        return "That face cannot be placed."
    need, ban = asks(board, socket, tower, seat)
    if WORTH[face] < need:
        on = "the die on top" if tower else "the socket"
        return f"A {face_text(face)} is worth {WORTH[face]}; {on} asks for {need} or more."
    if ban and face != "ban":
        return "A Ban face lies on top: only a Ban face of your own may cover another player's Ban."
    return None


def asks(board: Board, socket: str, tower: Sequence[Placed], seat: int) -> tuple[int, bool]:
    """What a socket asks of the next die: the worth it must reach (the socket's value, or the top
    die's if more), and whether only a Ban face will do (another player's Ban lies on top)."""
    if not tower:
        return base_value(board, socket), False
    top = tower[-1]
    return max(base_value(board, socket), WORTH[top.face]), top.face == "ban" and top.seat != seat


def placements(state: DiceState, board: Board, seat: int) -> list[PlaceDie]:
    """Every die the seat may place now on every socket, die by die (open_sockets' sockets for each)."""
    codes, names = open_sockets(state, board, seat)
    out: list[PlaceDie] = []
    for die, face in sorted(state.players[seat].pool.items()):
        worth_ = WORTH.get(face)
        if worth_:
            made = PLACINGS[die]
            out += [made[names[code & PLACE_MASK]] for code in codes[:reachable(codes, worth_)]]
            if face == "ban":
                out += [made[names[code & PLACE_MASK]] for code in codes[slice(*ban_covered(codes))]]
    return out


FULL, BAN_ONLY = 7, 8  # what a socket asks that no die may go on, and one only a Ban face may cover
PLACE_BITS, PLACE_MASK = 6, 63  # a socket's code: what it asks << PLACE_BITS | its place in the order


def open_sockets(state: DiceState, board: Board, seat: int) -> tuple[list[int], tuple[str, ...]]:
    """Where the seat's dice may go now: each socket's code (what it asks, 1-6, or BAN_ONLY: another
    player's Ban on top, or FULL; shifted, plus its place in the table's order), sorted, so those
    asking least come first and then go in the table's order; and the sockets' names by place. A die
    worth w may go on the first reachable(codes, w). socket_refusal's rule (asks) written out, and
    only for the sockets holding dice (what the empty ones ask is known per board): the legal
    commands are listed for every move of a game."""
    towers = state.sockets
    spots, codes, names = _sockets(board, len(state.players), tuple(towers), state.wolf_used)
    codes = list(codes)  # the empty sockets' codes
    held = list(towers.values())
    for i in compress(range(len(held)), held):  # the sockets holding dice
        tower = held[i]
        _, value, limit = spots[i]
        if len(tower) >= limit:
            codes[i] = FULL << PLACE_BITS | i
            continue
        top = tower[-1]
        face = top.face
        if face == "ban" and top.seat != seat:
            codes[i] = BAN_ONLY << PLACE_BITS | i
            continue
        need = WORTH[face]
        if need > value:
            codes[i] = need << PLACE_BITS | i
    codes.sort()
    return codes, names


def reachable(codes: list[int], worth: int) -> int:
    """How many of open_sockets' sorted codes a die of this worth may go on (they come first)."""
    return bisect_left(codes, worth + 1 << PLACE_BITS)


def ban_covered(codes: list[int]) -> tuple[int, int]:
    """Where in open_sockets' sorted codes the sockets only a Ban face may cover lie (start, end)."""
    return bisect_left(codes, BAN_ONLY << PLACE_BITS), bisect_left(codes, BAN_ONLY + 1 << PLACE_BITS)


def _sockets(board: Board, players: int, order: tuple[str, ...], wolf_closed: bool) -> tuple:
    """Each socket in the table's order with its printed value and the dice it may hold now (the
    Wolf's none once it has gobbled this chapter); each one's code while empty (open_sockets); the
    names by place. Worked out once per board, table size and order."""
    key = (id(board), players, order, wolf_closed)
    if key not in _SOCKETS:
        if len(order) > PLACE_MASK + 1:
            raise ValueError(f"a board of {len(order)} sockets: codes number at most {PLACE_MASK + 1}")
        values = board.socket_values
        spots = tuple((s, values.get(s, 1), 0 if wolf_closed and s == "wolf" else socket_height(s, players))
                      for s in order)
        empty = tuple((value if limit else FULL) << PLACE_BITS | i
                      for i, (_, value, limit) in enumerate(spots))
        _SOCKETS[key] = (board, (spots, empty, order))
    return _SOCKETS[key][1]


_SOCKETS: dict[tuple, tuple[Board, tuple]] = {}  # the board kept alive


class _Placings(dict):
    """PlaceDie commands made once and shared (they are frozen), by die then socket."""

    def __init__(self, die: int | None = None) -> None:
        super().__init__()
        self.die = die

    def __missing__(self, key):
        self[key] = _Placings(key) if self.die is None else PlaceDie(self.die, key)
        return self[key]


PLACINGS = _Placings()


def roll(state: DiceState, faces: tuple[Any, ...], why: str) -> Any:
    """One roll from the table's seed: every roll of the game is numbered, so replays agree."""
    state.draws += 1
    return derive_rng(state.seed, "roll", why, state.draws).choice(list(faces))


def roll_pool(state: DiceState, seat: int, dice: tuple[tuple[Any, ...], ...]) -> dict[int, Any]:
    """A player's dice for a new chapter: every die not left on the Fox is rolled (one numbered
    draw of the table's seed for the whole pool)."""
    player = state.players[seat]
    state.draws += 1
    rng = derive_rng(state.seed, "pool", seat, state.draws)
    return {n: rng.choice(faces) for n, faces in enumerate(dice) if n not in player.fox}
