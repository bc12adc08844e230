"""Who sits in a seat: a person at this terminal, a bot, or (later) a remote connection."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from games.core.shape import shown

NAME_LIMIT = 40  # a save's seat names: the settings allow 16, bots and hotseat players fewer


class SeatKind(str, Enum):
    PERSON = "person"
    BOT = "bot"
    REMOTE = "remote"


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    kind: SeatKind = SeatKind.PERSON
    bot: str | None = None  # the bot's level when kind is BOT

    @property
    def is_bot(self) -> bool:
        return self.kind is SeatKind.BOT

    def label(self) -> str:
        if not self.is_bot or "bot" in self.name.lower():
            return self.name
        return f"{self.name} ({self.bot} bot)"

    def to_dict(self) -> dict:
        data = {"name": self.name, "kind": self.kind.value}
        if self.bot:
            data["bot"] = self.bot
        return data

    @classmethod
    def from_dict(cls, data: object) -> "Seat":
        """The seat a save's table describes; raises ValueError saying in a player's words what is
        wrong with it."""
        if not isinstance(data, dict):
            raise ValueError(f"it is {shown(data)}, not a table with a name")
        name, kind, bot = data.get("name"), data.get("kind", "person"), data.get("bot")
        if not isinstance(name, str) or not 0 < len(name.strip()) <= NAME_LIMIT:
            raise ValueError(f"its name must be text of 1 to {NAME_LIMIT} characters, not {shown(name)}")
        kinds = [k.value for k in SeatKind]
        if kind not in kinds:
            raise ValueError(f"its kind must be one of {', '.join(kinds)}, not {shown(kind)}")
        if kind == SeatKind.BOT.value and not isinstance(bot, str):
            given = "" if bot is None else f", not {shown(bot)}"
            raise ValueError(f"a bot seat must name the bot's level{given}")
        return cls(name=name, kind=SeatKind(kind), bot=bot if kind == SeatKind.BOT.value else None)
