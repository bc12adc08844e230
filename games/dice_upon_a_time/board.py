"""The map: fields a figure stands on, routes between them each with one dice socket of a value 1-6,
and the four Spirit Animals in the corners (sockets for dice, not places to go)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

FIELD_KINDS = ("town", "king", "fairy", "resource", "character", "building", "place", "steed", "magic")
RESOURCES = ("coin", "bread", "apple")  # tokens from resource fields, the Fairy and the Snake die
ITEMS = ("bow", "sword", "lock", "flute")  # special items: only for the quest that asks for one
TOKENS = RESOURCES + ITEMS
TOKEN_NAMES = {"coin": "Gold Coin", "bread": "Bread", "apple": "Apple", "bow": "Bow",
               "sword": "Sword", "lock": "Golden Lock", "flute": "Flute"}
SPIRITS = ("rabbit", "snake", "wolf", "fox")


@dataclass(frozen=True, slots=True)
class Field:
    id: str
    name: str
    kind: str
    at: tuple[int, int]
    token: str = ""  # a resource field's token


@dataclass(frozen=True, slots=True)
class Route:
    """A route between two fields; its socket is named by its index in the map's routes."""

    index: int
    ends: tuple[str, str]
    value: int

    def other(self, field: str) -> str:
        return self.ends[1] if field == self.ends[0] else self.ends[0]


@dataclass(frozen=True, slots=True)
class Spirit:
    id: str
    name: str
    at: tuple[int, int]
    sockets: int  # the Fox has two
    tower: bool  # dice may be stacked (Rabbit, Snake)


@dataclass(frozen=True)
class Board:
    fields: dict[str, Field]
    routes: tuple[Route, ...]
    spirits: dict[str, Spirit]

    @cached_property
    def routes_from(self) -> dict[str, tuple[Route, ...]]:
        out: dict[str, list[Route]] = {f: [] for f in self.fields}
        for route in self.routes:
            for end in route.ends:
                out[end].append(route)
        return {f: tuple(rs) for f, rs in out.items()}

    @cached_property
    def socket_values(self) -> dict[str, int]:
        """Each route's socket ("r3": the route of index 3) and the value printed on it."""
        return {f"r{r.index}": r.value for r in self.routes}

    def neighbours(self, field: str) -> list[str]:
        return [r.other(field) for r in self.routes_from[field]]

    def of_kind(self, kind: str) -> list[str]:
        return [f.id for f in self.fields.values() if f.kind == kind]

    def route_between(self, a: str, b: str) -> Route | None:
        return next((r for r in self.routes_from[a] if r.other(a) == b), None)


def problems(board: Board) -> list[str]:
    """What is wrong with a map: unreachable fields, King and Fairy not dead ends behind value-6
    sockets, missing field kinds, routes naming unknown fields or out-of-range values."""
    found = []
    for route in board.routes:
        for end in route.ends:
            if end not in board.fields:
                found.append(f"route {route.index} ({'-'.join(route.ends)}): no field {end!r}")
        if not 1 <= route.value <= 6:
            found.append(f"route {route.index} ({'-'.join(route.ends)}): value {route.value} is not 1-6")
    if found:
        return found
    seen, todo = {"town"}, ["town"]
    while todo:
        for nxt in board.neighbours(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    found += [f"field {f}: cannot be reached from the Town" for f in board.fields if f not in seen]
    for kind in ("king", "fairy"):
        for field in board.of_kind(kind):
            routes = board.routes_from[field]
            if len(routes) != 1 or routes[0].value != 6:
                found.append(f"field {field}: the {kind.capitalize()} must be a dead end behind one "
                             "value-6 socket")
    need = {"town": 1, "king": 1, "fairy": 1, "character": 4, "building": 4, "place": 4, "magic": 1}
    for kind, count in need.items():
        if len(board.of_kind(kind)) != count:
            found.append(f"the map needs {count} field(s) of kind {kind}, has {len(board.of_kind(kind))}")
    if len(board.of_kind("steed")) < 3:
        found.append("the map needs at least 3 Steed fields")
    tokens = {board.fields[f].token for f in board.of_kind("resource")}
    if tokens != set(RESOURCES):
        found.append(f"the resource fields must give {', '.join(RESOURCES)}, not {sorted(tokens)}")
    if set(board.spirits) != set(SPIRITS):
        found.append(f"the Spirit Animals must be {', '.join(SPIRITS)}")
    return found
