"""Turning a tableau value into a choice for every kind of Otherworld decision. A bot supplies
`value(view, seat, tableau)` and `rng`; the shared logic here scores each legal command with it."""
from __future__ import annotations

from typing import Sequence

from games.core.messages import Command
from games.otherworld.bots.evaluate import my_tableau, with_card
from games.otherworld.commands import (
    ChooseDifficulty,
    DiscardCard,
    MoveStoryteller,
    PlaceCard,
    PlaceStoryteller,
    RecallCard,
    ShiftCard,
    SkipAbility,
    StrikeCard,
    SwapCards,
    TakeCard,
)
from games.otherworld.grid import edges
from games.otherworld.scoring import score_all
from games.otherworld.tableau import accepts, find, put, take_out
from games.otherworld.view import OtherView


def best(bot, view: OtherView, legal: Sequence[Command], seat: int) -> Command:
    scored = [(score(bot, view, c, seat), bot.rng.random(), c) for c in legal]
    return max(scored, key=lambda t: (t[0], t[1]))[2]


def placement_value(bot, view: OtherView, seat: int, card: str) -> float:
    """The best the seat could make of this card placed now (its tableau's value afterwards)."""
    tableau = my_tableau(view, seat)
    rows = [r for r in range(3) if accepts(tableau[r], card)]
    if not rows:
        return bot.value(view, seat, tableau)
    return max(bot.value(view, seat, with_card(tableau, card, r)) for r in rows)


def hand_value(bot, view: OtherView, seat: int, hand: Sequence[str]) -> float:
    return max((placement_value(bot, view, seat, c) for c in hand), default=0.0)


def score(bot, view: OtherView, command: Command, seat: int) -> float:
    if isinstance(command, PlaceStoryteller):
        return bot.edge_value(view, seat, command.edge) if hasattr(bot, "edge_value") else max(
            placement_value(bot, view, seat, view.grid[c])
            for c in edges(view.rows, view.cols)[command.edge].cells)
    if isinstance(command, TakeCard):
        return hand_value(bot, view, seat, [*view.hand, view.grid[command.cell]])
    if isinstance(command, PlaceCard):
        return bot.value(view, seat, with_card(my_tableau(view, seat), command.card, command.row))
    if isinstance(command, DiscardCard):
        rest = list(view.hand)
        rest.remove(command.card)
        return hand_value(bot, view, seat, rest)
    if isinstance(command, (SwapCards, ShiftCard, RecallCard)):
        return bot.value(view, seat, _after_ability(view, seat, command)) + (
            getattr(bot, "recall_bonus", 0.0) if isinstance(command, RecallCard) else 0.0)
    if isinstance(command, SkipAbility):
        return bot.value(view, seat, my_tableau(view, seat)) + 0.01
    if isinstance(command, MoveStoryteller):
        return _wander_value(bot, view, seat, command)
    if isinstance(command, ChooseDifficulty):
        return -command.strikes  # bots play the hardest level unless told otherwise
    if isinstance(command, StrikeCard):
        return -_balor_after(view, command.card)
    return 0.0


def _after_ability(view: OtherView, seat: int, command: Command):
    tableau = my_tableau(view, seat)
    if isinstance(command, SwapCards):
        (r1, i1), (r2, i2) = find(tableau, command.first), find(tableau, command.second)
        tableau[r1][i1], tableau[r2][i2] = command.second, command.first
    elif isinstance(command, ShiftCard):
        r, i = find(tableau, command.card)
        take_out(tableau[r], i)
        put(tableau[command.row], command.card)
    else:
        r, i = find(tableau, command.card)
        take_out(tableau[r], i)
    return tableau


def _wander_value(bot, view: OtherView, seat: int, command: MoveStoryteller) -> float:
    cells = edges(view.rows, view.cols)
    here = [view.grid[c] for c in cells[command.edge].cells if view.grid[c]]
    there = [view.grid[c] for c in cells[command.to].cells if view.grid[c]]
    old = max((placement_value(bot, view, seat, c) for c in here), default=0.0)
    return max(placement_value(bot, view, seat, c) for c in there) - old + bot.value(
        view, seat, my_tableau(view, seat))


def _balor_after(view: OtherView, card: str) -> int:
    pile = list(view.balor)
    pile.remove(card)
    you, balor = score_all([my_tableau(view, 0)], view.geas, pile)
    return balor.total - you.total



