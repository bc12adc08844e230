"""A hero's tiles as the rules see them: each tile by id, the sets that may be played together,
where they can go, and the zones of the chapter."""
from __future__ import annotations

from itertools import combinations
from typing import Sequence

from games.once_upon_a_line import flow  # noqa: F401 (registers every kind of job)
from games.once_upon_a_line.heroes import Tile, standard_tile
from games.once_upon_a_line.layout import grid_layout
from games.once_upon_a_line.placement import (
    Placement,
    placements,
)
from games.once_upon_a_line.state import LineState


def tile(state: LineState, hero: str, tile_id: str) -> Tile:
    if tile_id in state.heroes[hero].standard:
        return standard_tile(state.heroes[hero].standard[tile_id])
    return state.chapter.tiles[tile_id]


def tile_sets(state: LineState, hero: str, reserve: Sequence[str] | None = None
              ) -> list[tuple[str, ...]]:
    """Tiles that may be played together: any combinable tiles in a line, or one other tile (of
    the hero's Reserve, in its order, or of `reserve`)."""
    reserve = state.heroes[hero].reserve if reserve is None else reserve
    combinable = [t for t in reserve if tile(state, hero, t).symbol == "combinable"]
    sets = [c for n in range(1, len(combinable) + 1) for c in combinations(combinable, n)]
    return sets + [(t,) for t in reserve if tile(state, hero, t).kind == "shaped"
                   and tile(state, hero, t).symbol != "combinable"]


def placements_for(state: LineState, hero: str, tile_ids: tuple[str, ...]) -> list[Placement]:
    return placements(state, hero, [tile(state, hero, t) for t in tile_ids])


def zones(state: LineState) -> list[int]:
    return list(grid_layout(state.chapter.grid).zones)
