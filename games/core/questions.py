"""Decisions owed out of turn, for any game: a queue of questions, each put to one seat.

While a question waits, the seat it is put to is the one to act (Table.check lets exactly that seat
answer, whoever's turn it is): a reaction window offered in seat order, a demand made of every
player, a trade offer, a card to keep. Whatever an answer sets off is asked before older questions.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True, slots=True)
class Question:
    """A decision `seat` owes: `kind` says what (the game words it), `options` the answers (empty:
    the game works them out when the question comes up), `data` what it is about."""

    seat: int
    kind: str
    options: tuple[str, ...]
    data: tuple = ()


def asked(questions: list[Question]) -> tuple[int, ...]:
    """The seat that must answer now, if any: the game's to_act while questions wait."""
    return (questions[0].seat,) if questions else ()


def answer_first(questions: list[Question], resolve: Callable[[Question], None]) -> None:
    """Take the first question off the queue and resolve it; the questions its answer sets off come
    next, before the older ones (depth first, like the story it tells)."""
    question = questions.pop(0)
    waiting = len(questions)
    resolve(question)
    questions[:] = questions[waiting:] + questions[:waiting]
