"""The collection: one line per game. Modules are imported only when a game is opened."""
from __future__ import annotations

import importlib
from dataclasses import dataclass

from games.core.protocol import Game


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    title: str
    blurb: str
    module: str | None  # the game's package, once one exists
    playable: bool = False  # False: listed as "coming soon" and cannot be started

    def load(self) -> Game:
        """The game, for a table a person plays at."""
        if not self.playable:
            raise LookupError(f"{self.title} is coming soon and cannot be played yet.")
        return self.rules()

    def rules(self) -> Game:
        """The rules layer alone (for selfplay and content checks), playable on screen or not."""
        if self.module is None:
            raise LookupError(f"{self.title} has no rules yet.")
        return importlib.import_module(self.module).GAME


GAMES: tuple[GameInfo, ...] = (
    GameInfo("once-upon-a-line", "Once Upon a Line",
             "Scratch words out of the Grid of Destiny: a story campaign.",
             "games.once_upon_a_line", playable=True),
    GameInfo("dice-upon-a-time", "Dice Upon a Time",
             "Place dice to travel a fairy-tale map and complete quests.", None),
    GameInfo("fluttering-souls", "Fluttering Souls",
             "Two players draft butterflies from overlapping layouts.", "games.fluttering_souls",
             playable=True),
    GameInfo("questline", "Questline",
             "Build a 7-card level sequence for the best hero's tale.", "games.questline",
             playable=True),
    GameInfo("otherworld", "Otherworld",
             "Storytellers on a card grid draft into a three-row tableau.", "games.otherworld",
             playable=True),
)


def find(game_id: str) -> GameInfo:
    for info in GAMES:
        if info.id == game_id:
            return info
    known = ", ".join(info.id for info in GAMES)
    raise LookupError(f"unknown game {game_id!r} (known games: {known})")
