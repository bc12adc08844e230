"""The whole state of a Dice Upon a Time table: small and flat, with a cheap copy for bots."""
from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from games.core.questions import Question

SNAKE_DIE = 5  # the index of the Snake die in a pool (a set's own dice are 0-4)
CHAPTERS = 6
SHORT_CHAPTERS = 3
QUEST_LIMIT = 5  # active main quests a player may hold


class Phase(str, Enum):
    SET_FOX = "set fox"  # players whose dice lay on the Fox set them to a face of their choice
    PLACE = "place"  # the active player places a die, uses a Rabbit token, or passes
    MOVE = "move"  # the active player may move along the route just activated
    DECIDE = "decide"  # someone must answer a question (a card to keep, a token, a die for the Wolf)
    QUESTS = "quests"  # the active player may complete quests, then ends the turn
    OVER = "over"


# The phases as plain names for the rules' hot paths: reading Phase.X goes through the enum
# metaclass's attribute hook every time (about 8x the cost of a module global).
(SET_FOX, PLACE, MOVE, DECIDE, QUESTS, OVER) = (
    Phase.SET_FOX, Phase.PLACE, Phase.MOVE, Phase.DECIDE, Phase.QUESTS, Phase.OVER)


@dataclass(frozen=True, slots=True)
class Placed:
    """A die on the board: whose, which of their dice, and the face it shows."""

    seat: int
    die: int
    face: Any  # 1-6 or a special face ("magic", "story", "ban", "double")


@dataclass
class Player:
    character: str
    field: str = "town"
    pool: dict[int, Any] = dataclasses.field(default_factory=dict)  # die -> face, unused this chapter
    fox: dict[int, Any] = dataclasses.field(default_factory=dict)  # dice left on the Fox, set next chapter
    tokens: Counter = dataclasses.field(default_factory=Counter)
    quests: list[str] = dataclasses.field(default_factory=list)  # active main quests, open to all
    done: list[str] = dataclasses.field(default_factory=list)  # completed quests (their AP count at the end)
    side: list[str] = dataclasses.field(default_factory=list)  # side quests held (lucky and unlucky)
    magic: list[str] = dataclasses.field(default_factory=list)  # magic items, hidden from the others
    rabbit: int = 0  # Rabbit tokens
    snake: bool = False  # holds the Snake die for the next chapter
    passed: bool = False
    ability_used: bool = False

    def copy(self) -> "Player":
        twin = copy.copy(self)
        twin.pool, twin.fox, twin.tokens = dict(self.pool), dict(self.fox), Counter(self.tokens)
        twin.quests, twin.done, twin.side, twin.magic = (list(self.quests), list(self.done),
                                                         list(self.side), list(self.magic))
        return twin


@dataclass
class DiceState:
    seed: int
    players: list[Player]
    chapters: int  # how many chapters this game has (0: until the quest decks run out)
    chapter: int = 1
    first: int = 0  # the starting player of this chapter
    turn: int = 0  # the active player
    phase: Phase = Phase.PLACE
    sockets: dict[str, tuple[Placed, ...]] = field(default_factory=dict)  # "r3", "rabbit", "fox1", ...
    wolf_used: bool = False  # the Wolf gobbles once per chapter
    activated: int | None = None  # the route just activated this turn (a move may follow)
    doubling: bool = False  # the active player's Token Doubling face is in play this turn
    acted: bool = False  # the active player has placed a die or used a Rabbit token this turn
    questions: list[Question] = field(default_factory=list)  # owed answers, first first
    quest_decks: dict[int, list[str]] = field(default_factory=dict)  # value -> cards, top last
    magic_deck: list[str] = field(default_factory=list)
    magic_discard: list[str] = field(default_factory=list)
    story_deck: list[str] = field(default_factory=list)
    story_discard: list[str] = field(default_factory=list)
    draws: int = 0  # cards drawn or dice rolled so far: each draw's randomness derives from it
    decks_ran_out_in: int = 0  # extra long: the chapter in which the last quest card was drawn
    king_hand: list[str] = field(default_factory=list)  # quests drawn at the King, one to keep
    gobbled: list[Placed] = field(default_factory=list)  # dice the Wolf took this chapter
    scores: list[int] = field(default_factory=list)  # Adventure Points, once the game is over
    taking: tuple | None = None  # tokens being taken from a field: (taker, token, count, receiver)
    offered: list[int] = field(default_factory=list)  # players made a trade offer this turn

    def copy(self) -> "DiceState":
        twin = copy.copy(self)
        twin.players = [p.copy() for p in self.players]
        twin.sockets = dict(self.sockets)  # towers are tuples: shared, never changed in place
        twin.questions, twin.king_hand, twin.gobbled = (list(self.questions), list(self.king_hand),
                                                        list(self.gobbled))
        twin.scores, twin.offered = list(self.scores), list(self.offered)
        twin.quest_decks = {k: list(v) for k, v in self.quest_decks.items()}
        for name in ("magic_deck", "magic_discard", "story_deck", "story_discard"):
            setattr(twin, name, list(getattr(self, name)))
        return twin
