"""The fairy-tale map in 57 columns and 14 lines: fields on their 6x5 layout, each with the figures
standing there (seat numbers) on the line below, and a socket on every route between neighbours.

A socket is three characters: an empty route shows its value ("─3─" across, "│3│" down); a tower
shows its dice bottom to top, a dot for each die more it may take ("35·": a 3, then a 5 on top,
room for one more), each die in its owner's colour, a special face by its initial (worth 6). The
Spirit Animals sit in the corners, their sockets under their names ("[ ]" empty, "[4]" a die).
Highlights: the cursor in reverse, legal sockets bold and underlined (the others dimmed while
choosing), the field a move would reach in reverse, your quests' fields underlined with a dot.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text

from games.dice_upon_a_time.board import Board
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.dice import socket_height
from games.dice_upon_a_time.view import DiceView, Placed
from tui.games.dice_upon_a_time.text import face_char
from tui.seats import seat_style

CELL, GAP = 7, 3
COLUMNS, ROWS = 6, 5
WIDTH = COLUMNS * CELL + (COLUMNS - 1) * GAP
SHORT = {"huntsman": "Huntsmn", "woodsman": "Woodsmn", "old-woman": "OldWomn",
         "big-mountains": "Mountns", "coin": "Coin", "magic": "Magic", "steed-north": "Steed",
         "steed-east": "Steed", "steed-south": "Steed"}
SPIRIT_SOCKETS = {"rabbit": ("rabbit",), "snake": ("snake",), "wolf": ("wolf",), "fox": ("fox1", "fox2")}


def short_name(board: Board, field_id: str) -> str:
    return SHORT.get(field_id, board.fields[field_id].name)[:CELL]


@dataclass
class Marks:
    """What to light on the map."""

    cursor: str | None = None  # the socket the arrows are on
    legal: frozenset[str] = frozenset()  # sockets the chosen die (or a Rabbit token) may take
    reach: frozenset[str] = frozenset()  # fields the figure would reach
    quests: frozenset[str] = frozenset()  # fields where the viewer's quests are completed
    here: str | None = None  # the viewer's field
    no_color: bool = False
    dim_others: bool = field(default=False)  # choosing: sockets not legal are dimmed


def layout(board: Board) -> tuple[dict[tuple[int, int], str], dict[tuple[int, int], str]]:
    """(x, y) -> field id, and (x, y) -> spirit id."""
    fields = {f.at: f.id for f in board.fields.values()}
    spirits = {s.at: s.id for s in board.spirits.values()}
    return fields, spirits


def socket_places(board: Board) -> dict[str, tuple[int, int]]:
    """Where each socket's middle character is: (line, column) on the map."""
    fields, spirits = layout(board)
    places: dict[str, tuple[int, int]] = {}
    for route in board.routes:
        (ax, ay), (bx, by) = (board.fields[e].at for e in route.ends)
        x, y = min(ax, bx), min(ay, by)
        if ay == by:
            places[f"r{route.index}"] = (3 * y, x * (CELL + GAP) + CELL + 1)
        else:
            places[f"r{route.index}"] = (3 * y + 2, x * (CELL + GAP) + CELL // 2)
    for (x, y), spirit in spirits.items():
        sockets = SPIRIT_SOCKETS[spirit]
        left = x * (CELL + GAP) + (CELL - 4 * len(sockets) + 1) // 2
        for i, socket in enumerate(sockets):
            places[socket] = (3 * y + 1, left + 4 * i + 1)
    return places


def map_text(view: DiceView, marks: Marks) -> Text:
    board = game_content().board
    fields, spirits = layout(board)
    sockets = dict(view.sockets)
    figures: dict[str, list[int]] = {}
    for seat, player in enumerate(view.players):
        figures.setdefault(player.field, []).append(seat)
    across: dict[tuple[int, int], str] = {}
    down: dict[tuple[int, int], str] = {}
    for route in board.routes:
        (ax, ay), (bx, by) = (board.fields[e].at for e in route.ends)
        (across if ay == by else down)[(min(ax, bx), min(ay, by))] = f"r{route.index}"
    values = board.socket_values

    def socket(text: Text, sid: str, bar: str) -> None:
        tower: tuple[Placed, ...] = sockets.get(sid, ())
        limit = socket_height(sid, len(view.players))
        lit = sid == marks.cursor
        legal = sid in marks.legal
        base = Style(bold=legal, underline=legal and not lit, reverse=lit,
                     dim=marks.dim_others and not legal and not lit)
        if not tower:
            inner = str(values[sid]) if sid in values else " "
            text.append(bar if sid in values else "[", base)
            text.append(inner, base + Style(bold=True))
            text.append(bar if sid in values else "]", base)
            return
        dice = [(face_char(d.face), seat_style(d.seat, marks.no_color)) for d in tower[:3]]
        if limit == 1:
            dice = [("[", Style()), *dice, ("]", Style())]
        for char, style in dice:
            text.append(char, style + base)
        room = max(0, limit - len(tower)) if limit > 1 else 0
        text.append(("·" * room).ljust(3 - len(dice)), base)

    lines: list[Text] = []
    for y in range(ROWS):
        names, people = Text(), Text()
        for x in range(COLUMNS):
            here = fields.get((x, y))
            spirit = spirits.get((x, y))
            if here is not None:
                name = short_name(board, here)
                style = Style(bold=here == marks.here, reverse=here in marks.reach,
                              underline=here in marks.quests)
                mark = "•" if here in marks.quests and len(name) < CELL else ""
                names.append(name, style)
                names.append(mark + " " * (CELL - len(name) - len(mark)))
                seats = figures.get(here, [])
                pad = CELL - (2 * len(seats) - 1 if seats else 0)
                people.append(" " * (pad // 2))
                for i, seat in enumerate(seats):
                    people.append(("" if i == 0 else " ") + str(seat + 1),
                                  seat_style(seat, marks.no_color))
                people.append(" " * (pad - pad // 2))
            elif spirit is not None:
                title = board.spirits[spirit].name
                names.append(title.center(CELL), Style(italic=True))
                ids = SPIRIT_SOCKETS[spirit]
                width = 4 * len(ids) - 1
                left = (CELL - width) // 2
                people.append(" " * left)
                for i, sid in enumerate(ids):
                    if i:
                        people.append(" ")
                    socket(people, sid, " ")
                people.append(" " * (CELL - width - left))
            else:
                names.append(" " * CELL)
                people.append(" " * CELL)
            if x < COLUMNS - 1:
                sid = across.get((x, y))
                if sid is None:
                    names.append(" " * GAP)
                else:
                    socket(names, sid, "─")
                people.append(" " * GAP)
        lines += [names, people]
        if y < ROWS - 1:
            between = Text()
            for x in range(COLUMNS):
                sid = down.get((x, y))
                left = (CELL - 3) // 2
                between.append(" " * left)
                if sid is None:
                    between.append("   ")
                else:
                    socket(between, sid, "│")
                between.append(" " * (CELL - 3 - left) + (" " * GAP if x < COLUMNS - 1 else ""))
            lines.append(between)
    text = Text("\n").join(lines)
    text.no_wrap = True
    return text


def step(places: dict[str, tuple[int, int]], targets: list[str], cursor: str | None,
         direction: str) -> str | None:
    """The nearest target from the cursor in that direction (arrow keys), or the cursor itself."""
    if not targets:
        return None
    if cursor not in places:
        return targets[0]
    cy, cx = places[cursor]
    dy, dx = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}[direction]

    def score(sid: str) -> tuple[float, str]:
        y, x = places[sid]
        ahead = (y - cy) * dy * 3 + (x - cx) * dx  # a line is about three columns
        side = abs(x - cx) if dy else abs(y - cy) * 3
        return (side * 2 + ahead, sid)

    ahead = [t for t in targets if t != cursor and
             ((places[t][0] - cy) * dy > 0 if dy else (places[t][1] - cx) * dx > 0)]
    return min(ahead, key=score) if ahead else cursor
