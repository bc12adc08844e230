"""What a Dice Upon a Time player can do: commands, in the imperative."""
from __future__ import annotations

from dataclasses import dataclass

from games.core.messages import Command


@dataclass(frozen=True, slots=True)
class PlaceDie(Command):
    """Place one of your unused dice on a socket: a route ("r3") or a Spirit Animal."""

    die: int
    socket: str


@dataclass(frozen=True, slots=True)
class UseRabbit(Command):
    """Spend a Rabbit token instead of a die: move along an adjacent route, even a full one."""

    route: int


@dataclass(frozen=True, slots=True)
class Pass(Command):
    """Place no more dice this chapter."""


@dataclass(frozen=True, slots=True)
class Move(Command):
    """Walk the route you have just activated."""


@dataclass(frozen=True, slots=True)
class Stay(Command):
    """Do not walk the route you activated (or there is none to walk)."""


@dataclass(frozen=True, slots=True)
class Answer(Command):
    """Answer the question put to you (a deck, a card to keep, a token, a die, an effect)."""

    choice: str


@dataclass(frozen=True, slots=True)
class CompleteQuest(Command):
    """Complete an active quest, or rid yourself of an unlucky side quest, whose terms you meet."""

    card: str


@dataclass(frozen=True, slots=True)
class PlayMagic(Command):
    """Play a Magic Item card of yours that acts in your own turn."""

    card: str


@dataclass(frozen=True, slots=True)
class UseAbility(Command):
    """Use your character's ability (once a chapter, in your own turn)."""


@dataclass(frozen=True, slots=True)
class OfferTrade(Command):
    """Offer a player on your field a trade: what you give for what you ask (games/dice_upon_a_time/
    trades.py names the items: "coin", "quest:<id>", "side:<id>", "magic:<id>", and "magic" asked)."""

    partner: int
    give: tuple[str, ...]
    take: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EndTurn(Command):
    """End your turn; the next player with dice goes."""


COMMANDS = (PlaceDie, UseRabbit, Pass, Move, Stay, Answer, CompleteQuest, PlayMagic, UseAbility, OfferTrade,
            EndTurn)
