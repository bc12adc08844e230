"""What one seat may see: everything on the table (dice pools, quests, tokens, side quests are open),
its own Magic Item cards, the others' only as a count, and never the order of a deck."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.legal import WAITING, question_options
from games.dice_upon_a_time.state import DiceState, Phase, Placed, Question


@dataclass(frozen=True, slots=True)
class PlayerView:
    character: str
    field: str
    pool: tuple[tuple[int, Any], ...]  # (die, face), open: dice are rolled for all to see
    tokens: tuple[tuple[str, int], ...]
    quests: tuple[str, ...]
    done: tuple[str, ...]
    side: tuple[str, ...]
    magic: tuple[str, ...]  # the seat's own cards; another player's are hidden
    magic_count: int
    rabbit: int
    snake: bool
    passed: bool
    ability_used: bool


@dataclass(frozen=True, slots=True)
class DiceView:
    seat: int | None
    chapter: int
    chapters: int
    first: int
    turn: int
    phase: Phase
    players: tuple[PlayerView, ...]
    sockets: tuple[tuple[str, tuple[Placed, ...]], ...]
    wolf_used: bool
    activated: int | None
    doubling: bool
    question: Question | None  # the question now asked, and of whom
    options: tuple[str, ...]  # its answers
    quest_decks: tuple[tuple[int, int], ...]  # (value, cards left): counts only
    scores: tuple[int, ...]

    @property
    def waiting(self) -> str:
        return WAITING[self.question.kind] if self.question else ""


def view_of(state: DiceState, seat: int | None) -> DiceView:
    content = game_content()
    players = tuple(PlayerView(
        p.character, p.field, tuple(sorted(p.pool.items())),
        tuple(sorted((t, n) for t, n in p.tokens.items() if n)), tuple(p.quests), tuple(p.done),
        tuple(p.side), tuple(p.magic) if s == seat else (), len(p.magic), p.rabbit, p.snake,
        p.passed, p.ability_used) for s, p in enumerate(state.players))
    question = _seen(state.questions[0], seat) if state.questions else None
    # the answers are shown to the one asked: another's may name their hidden Magic Item cards
    options = question_options(state, content, question) if question and question.seat == seat else ()
    return DiceView(seat, state.chapter, state.chapters, state.first, state.turn, state.phase, players,
                    tuple(state.sockets.items()), state.wolf_used,
                    state.activated, state.doubling, question, options,
                    tuple((v, len(d)) for v, d in sorted(state.quest_decks.items())), tuple(state.scores))


def _seen(question: Question, seat: int | None) -> Question:
    """A trade offer names a Magic Item card given only to the two players trading."""
    if question.kind != "trade" or seat in (question.seat, question.data[0]):
        return question
    offerer, give, take = question.data
    give = tuple("magic" if item.startswith("magic:") else item for item in give)
    return Question(question.seat, question.kind, question.options, (offerer, give, take))


# Screens read views and never the state: what they need of the game's types comes from here.
__all__ = ["DiceView", "Phase", "Placed", "PlayerView", "Question", "view_of"]
