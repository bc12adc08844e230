"""Layout cards: where the 18 butterflies lie, face up or down, and which cards cover which.

A layout is drawn as rows of text, one character per half card: `U` starts a face-up card, `D` a
face-down card, `.` is empty. A card is two half-cards wide. Row 1 lies underneath; each later row
overlaps the row before it, so a card is covered by the cards of the next row that share a half with
it (0, 1 or 2 of them).
"""
from __future__ import annotations

import string
from dataclasses import dataclass

from games.fluttering_souls.cards import SLOTS

LABELS = string.ascii_uppercase[:SLOTS]  # slot names the player types: A (top left) .. R
MAX_ROWS = 5
MAX_START = 10  # the last card may start at half 10, so a layout is at most 6 cards wide


@dataclass(frozen=True, slots=True)
class Slot:
    index: int
    row: int
    x: int  # in half cards from the left
    face_up: bool
    covers: tuple[int, ...]  # slots of the previous row this one lies on
    covered_by: tuple[int, ...]  # slots of the next row lying on this one

    @property
    def label(self) -> str:
        return LABELS[self.index]


@dataclass(frozen=True, slots=True)
class Layout:
    number: int
    name: str
    slots: tuple[Slot, ...]

    @property
    def rows(self) -> int:
        return 1 + max(s.row for s in self.slots)

    @property
    def width(self) -> int:
        """Width in half cards."""
        return 2 + max(s.x for s in self.slots)


class LayoutError(ValueError):
    pass


def parse_layout(number: int, name: str, rows: list[str]) -> Layout:
    """Build a layout from its rows of text; raises LayoutError naming the problem."""
    if not 1 <= len(rows) <= MAX_ROWS:
        raise LayoutError(f"has {len(rows)} rows; a layout has 1 to {MAX_ROWS}")
    cells: list[tuple[int, int, bool]] = []
    for r, text in enumerate(rows):
        last = -2
        for x, ch in enumerate(text):
            if ch in ". ":
                continue
            if ch not in "UD":
                raise LayoutError(f"row {r + 1} has {ch!r}; use U (face up), D (face down) or .")
            if x - last < 2:
                raise LayoutError(f"row {r + 1}: the cards at halves {last} and {x} overlap")
            if x > MAX_START:
                raise LayoutError(f"row {r + 1}: a card starts at half {x}; the last start is "
                                  f"{MAX_START} so the layout fits the screen")
            cells.append((r, x, ch == "U"))
            last = x
    if len(cells) != SLOTS:
        raise LayoutError(f"places {len(cells)} cards; a layout places {SLOTS}")

    def overlapping(r: int, x: int) -> tuple[int, ...]:
        return tuple(i for i, (r2, x2, _) in enumerate(cells) if r2 == r and abs(x2 - x) < 2)

    slots = tuple(
        Slot(i, r, x, up, overlapping(r - 1, x), overlapping(r + 1, x))
        for i, (r, x, up) in enumerate(cells))
    for slot in slots:
        if not slot.covered_by and not slot.face_up:
            raise LayoutError(f"card {slot.label} is open from the start, so it must be face up")
    return Layout(number, name, slots)


def validate_file(data: dict, where: str) -> tuple[list[Layout], list[str]]:
    """Parse every layout in a layouts file; problems name the file, the layout and what is wrong."""
    layouts, problems, seen_shapes, seen_names = [], [], {}, set()
    entries = data.get("layout")
    if not isinstance(entries, list):
        return [], [f"{where}: no [[layout]] entries"]
    for n, entry in enumerate(entries, 1):
        name = entry.get("name", f"#{n}")
        label = f"{where}: layout {n} ({name})"
        rows = entry.get("rows")
        if not isinstance(rows, list) or not all(isinstance(r, str) for r in rows):
            problems.append(f"{label}: `rows` must be a list of strings")
            continue
        try:
            layout = parse_layout(n, name, rows)
        except LayoutError as exc:
            problems.append(f"{label}: {exc}")
            continue
        shape = tuple(r.rstrip(". ") for r in rows)
        if shape in seen_shapes:
            problems.append(f"{label}: same cards as layout {seen_shapes[shape]}")
        if name in seen_names:
            problems.append(f"{label}: the name is used twice")
        seen_shapes[shape], seen_names = n, seen_names | {name}
        layouts.append(layout)
    return layouts, problems
