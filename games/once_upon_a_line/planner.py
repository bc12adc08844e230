"""The view's answers to what a player composing an action may ask: their tiles, which go
together, where they can go, the zones, how a Word of Power's letters could be shared.

Answered by the rules on a private copy of the chapter taken with the view, so a screen learns what
is legal without reading the state; nothing here hides information the view shows (the player sees
the whole grid's ink, the uncovered squares and every tile).
"""
from __future__ import annotations

from games.once_upon_a_line import hero_tiles, letters
from games.once_upon_a_line.grid import Cell
from games.once_upon_a_line.placement import Placement
from games.once_upon_a_line.state import LineState


def tile_label(state: LineState, hero: str, tile_id: str) -> str:
    t = hero_tiles.tile(state, hero, tile_id)
    if t.kind == "standard":
        return f"{t.size}"
    if t.kind == "special":
        return f"({t.effect})"
    return f"{t.symbol} {t.size}"


class Planner:
    def __init__(self, state: LineState) -> None:
        self._state = state.copy()

    def tiles(self, hero: str) -> list[tuple[str, str, bool]]:
        """Every tile the hero owns, in a fixed order so each keeps its number: Standard Tiles
        (largest first), then talent tiles. Each with its label and whether it is in the Reserve."""
        state, board = self._state, self._state.heroes[hero]
        owned = sorted(board.standard, key=lambda t: -int(t[1:])) + list(board.talent_tiles)
        return [(t, tile_label(state, hero, t), t in board.reserve) for t in owned]

    def toggle(self, hero: str, chosen: list[str], tile_id: str) -> tuple[list[str], str]:
        """The tiles chosen after pressing one tile's key, with a note when the others were dropped."""
        state = self._state
        if tile_id in chosen:
            return [t for t in chosen if t != tile_id], ""
        reserve = state.heroes[hero].reserve
        wanted = sorted([*chosen, tile_id], key=reserve.index)
        if not chosen or hero_tiles.tile(state, hero, tile_id).kind == "special":
            return [tile_id], ""
        if tuple(wanted) in set(hero_tiles.tile_sets(state, hero)):
            return wanted, ""
        return [tile_id], "Only tiles with the combinable arrow go together: this tile goes alone."

    def special_effect(self, hero: str, tiles: list[str]) -> str:
        """The effect of a lone special tile ('mend', 'free_move', 'hint'), else ''."""
        if len(tiles) != 1:
            return ""
        return hero_tiles.tile(self._state, hero, tiles[0]).effect

    def placements(self, hero: str, tile_ids: tuple[str, ...]) -> list[Placement]:
        """Every legal placement of these tiles with an outcome of its own: placements that would
        scratch the same squares in the same order, differing only in where their lost squares lie
        (past the edge or on scratched squares), are offered once, the first found. Each is legal."""
        outcomes: dict[tuple[Cell, ...], Placement] = {}
        for placement in hero_tiles.placements_for(self._state, hero, tile_ids):
            outcomes.setdefault(self.scratched_by(placement), placement)
        return list(outcomes.values())

    def scratched_by(self, placement: Placement) -> tuple[Cell, ...]:
        """The squares a placement would scratch, in order (until a Stop or Skull ends it)."""
        grid, uncovered = self._state.chapter.grid, self._state.uncovered
        return tuple(c for seg in placement.segments for c in seg
                     if grid.inside(c) and c not in uncovered)

    def zones(self) -> list[int]:
        return hero_tiles.zones(self._state)

    def suggested_plan(self, word: str) -> str:
        """Where each letter of a completed Word of Power could go (letters.suggested_plan)."""
        return letters.suggested_plan(self._state, word)

    def word_cells(self, word: str) -> frozenset[Cell]:
        """The squares of a word the player can see complete on the grid."""
        if word not in self._state.completed:
            return frozenset()
        return frozenset(self._state.chapter.grid.word(word).cells)
