"""Who sits in a seat: a person at this terminal, a bot, or (later) a remote connection."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


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
    def from_dict(cls, data: dict) -> "Seat":
        return cls(name=str(data["name"]), kind=SeatKind(data.get("kind", "person")),
                   bot=data.get("bot"))
