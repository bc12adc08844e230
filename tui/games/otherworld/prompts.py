"""What the Otherworld status line asks of the player, and how the arrow keys step between choices."""
from __future__ import annotations

from typing import Sequence

from games.core.messages import Command
from games.otherworld.cards import ABILITY_TEXT
from games.otherworld.content import CARDS
from games.otherworld.commands import DiscardCard, PlaceCard
from games.otherworld.scoring import score_all
from games.otherworld.view import Phase
from games.otherworld.tableau import put
from games.otherworld.view import OtherView
from tui.games.otherworld.text import ROW_KEYS, card_label

STRIKE_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DELTAS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
PROMPTS = {
    Phase.JOURNEY: "Journey: arrows pick a free edge (its two cards light up) · enter places a "
                   "storyteller",
    Phase.TAKE: "Saga: arrows pick a card your storytellers touch · enter takes it",
    Phase.DIFFICULTY: "Difficulty: press 0-4 to strike that many of Balor's cards (0 hardest)",
}


def step(points: dict, current, direction: str):
    """The nearest point from `current` in an arrow direction (points: key -> (y, x))."""
    if current not in points:
        return next(iter(points), None)
    dy, dx = DELTAS[direction]
    y0, x0 = points[current]
    best, best_key = current, None
    for key, (y, x) in points.items():
        along = (y - y0) * dy + (x - x0) * dx
        if key == current or along <= 0:
            continue
        across = abs((y - y0) * dx) + abs((x - x0) * dy)
        rank = (across * 2 + along, across)
        if best_key is None or rank < best_key:
            best, best_key = key, rank
    return best


def prompt(view: OtherView, legal: Sequence[Command], selected: str | None, marked) -> str:
    if view.phase is Phase.PLACE:
        return place_prompt(view, legal, selected)
    if view.phase is Phase.ABILITY:
        return ability_prompt(view, marked)
    if view.phase is Phase.CLEANUP:
        return f"Cleanup: keep {5 - view.round}: pick a card with its number, x discards it"
    if view.phase is Phase.STRIKE:
        cards = " ".join(f"[b]{STRIKE_KEYS[i]}[/b] {card_label(c)}"
                         for i, c in enumerate(view.balor))
        return f"Strike: press the letter of one of Balor's cards\n{cards}"
    return PROMPTS.get(view.phase, "")


def gains(view: OtherView, legal: Sequence[Command], card: str) -> list[tuple[int, int]]:
    """(row, change in your projected score) for each row the card may be played to."""
    def total(tableaus) -> int:
        return score_all(tableaus, view.geas, view.balor if view.solo else None)[view.seat].total

    before = total(view.tableaus)
    found = []
    for row in range(3):
        if PlaceCard(card, row) in legal:
            tableaus = list(view.tableaus)
            mine = [list(r) for r in tableaus[view.seat]]
            put(mine[row], card)
            tableaus[view.seat] = mine
            found.append((row, total(tableaus) - before))
    return found


def place_prompt(view: OtherView, legal: Sequence[Command], selected: str | None) -> str:
    if all(isinstance(c, DiscardCard) for c in legal):
        return "No card fits your tableau: pick a card with its number, x discards it"
    if selected is None:
        return f"Saga: pick a hand card with its number (1-{len(view.hand)}), then t, m or b"
    card = CARDS[selected]
    ability = f" ({ABILITY_TEXT[card.ability]})" if card.ability else ""
    shown = " · ".join(f"[b]{ROW_KEYS[r]}[/b] {d:+d}" for r, d in gains(view, legal, selected))
    return f"Place {card.name}{ability}:\n{shown}  (change in your score)"


def ability_prompt(view: OtherView, marked) -> str:
    card = CARDS[view.pending]
    ability = card.ability
    if ability == "swap":
        what = "enter marks a card, enter on another swaps them" if marked is None else \
            "enter on a second card swaps them"
    elif ability == "shift":
        what = "enter marks a card" if marked is None else "t, m or b: the row to move it to"
    elif ability == "recall":
        what = "enter takes the card back"
    else:
        what = "enter picks your storyteller" if marked is None else \
            "arrows pick a free edge, enter moves it there"
    return f"{card.name} {ABILITY_TEXT[ability]}.\nArrows walk, {what} · n skips"
