"""The work stack of a chapter: jobs pushed and done in order until the player must decide.

Each kind of job has a handler, registered in HANDLERS by games.once_upon_a_line.flow (which knows
every kind); the modules that push work import only this one, so none imports another in a circle.
"""
from __future__ import annotations

from typing import Callable

from games.core.messages import Event
from games.once_upon_a_line.chapter import Chapter
from games.once_upon_a_line.events import WordCompleted
from games.once_upon_a_line.grid import Cell
from games.once_upon_a_line.state import Job, LineState
from games.once_upon_a_line.story import Card, Instruction

Handler = Callable[[LineState, Job, list[Event]], None]
HANDLERS: dict[str, Handler] = {}  # job kind -> what does it (filled by flow.py)


def proceed(state: LineState, out: list[Event]) -> None:
    """Do the waiting work until it is done, the chapter ends, or the player must decide."""
    while state.jobs and state.pending is None and not state.ended:
        job = state.jobs.pop()
        HANDLERS[job.kind](state, job, out)
    if state.ended:
        state.jobs.clear()
        state.pending = None


def nothing_waits(state: LineState, since: int) -> bool:
    """No job pushed since the stack held `since`, no decision asked and the chapter not over:
    the next piece of work may be done at once rather than pushed and popped."""
    return len(state.jobs) == since and state.pending is None and not state.ended


def push(state: LineState, *jobs: Job) -> None:
    """Jobs to do next, the first given done first."""
    state.jobs.extend(reversed(jobs))


def read_job(card: str) -> Job:
    """The job of reading a card: made once for each card (jobs are immutable, so one serves every
    game: a Job made by keywords costs some 4.8k instructions, a lookup far less)."""
    found = _READS.get(card)
    if found is None:
        found = _READS[card] = Job("read", card=card)
    return found


_READS: dict[str, Job] = {}  # by card key: a chapter's cards, a few dozen


def instruction_jobs(card: Card, instructions: list[tuple[int, Instruction]]) -> tuple[Job, ...]:
    jobs = []
    for index, ins in instructions:
        if ins.must and not ins.options:
            jobs.append(Job("steps", card=card.key, steps=ins.steps, index=index))
        else:
            jobs.append(Job("offer", card=card.key, index=index))
    return tuple(jobs)


def fire(state: LineState, trigger: str) -> None:
    """Ongoing instructions of cards in play that answer this trigger."""
    by_trigger = state.ongoing  # card_jobs, kept in the state: asked at every hourglass and
    if by_trigger is None:  # move, mostly to find that no card answers (-0.7k a move)
        by_trigger = state.ongoing = card_jobs(state.chapter)
    answering = by_trigger.get(trigger)
    if not answering:  # no card of the chapter answers it
        return
    jobs: list[Job] = []
    for key in state.read:
        ongoing = answering.get(key)
        if ongoing and key not in state.discarded:
            jobs += ongoing
    if jobs:  # most often no card read answers it (a move in the chapters that answer moves)
        push(state, *jobs)


def card_jobs(chapter: Chapter) -> dict[str | None, dict[str, tuple[Job, ...]]]:
    """By trigger (None: as the card is read), the jobs of each card's instructions for it (card
    key -> its jobs, in the card's order): made once per chapter, which is read-only in play, as
    jobs are immutable."""
    found = _CARD_JOBS.get(id(chapter))
    if found is None or found[0] is not chapter:
        by_trigger: dict[str | None, dict[str, list[tuple[int, Instruction]]]] = {}
        for key, card in chapter.cards.items():
            for i, ins in enumerate(card.instructions):
                by_trigger.setdefault(None if ins.now else ins.on, {}).setdefault(key, []).append((i, ins))
        if len(_CARD_JOBS) >= 64:
            _CARD_JOBS.clear()
        found = _CARD_JOBS[id(chapter)] = (chapter, {
            trigger: {key: instruction_jobs(chapter.cards[key], numbered) for key, numbered in cards.items()}
            for trigger, cards in by_trigger.items()})
    return found[1]


_CARD_JOBS: dict[int, tuple[Chapter, dict]] = {}  # by id of the chapter (kept alive here)


def complete_words(state: LineState, cells: list[Cell], out: list[Event]) -> None:
    """Words whose last square was just uncovered, in the order they were finished."""
    by_cell, uncovered, jobs = state.chapter.grid.completing, state.uncovered, None
    for cell in cells:
        words = by_cell.get(cell)
        if words is None:  # a blank, Stop or Skull: no word through it
            continue
        for word, squares in words:
            if uncovered.issuperset(squares) and word.text not in state.completed:
                state.completed.append(word.text)
                state.changed()  # new anchor words in its zone: every hero listed afresh
                told = _WORDS.get((word.text, word.power))  # its event and job, made once for
                if told is None:  # each word, as read_job's (frozen values, handed out again)
                    told = _WORDS[word.text, word.power] = (WordCompleted(word.text, word.power),
                                                            Job("word", word=word.text))
                out.append(told[0])
                if jobs is None:
                    jobs = []
                jobs.append(told[1])
    if jobs is not None:
        for job in reversed(jobs):
            fire(state, f"word:{job.word}")
            push(state, job)


_WORDS: dict[tuple[str, bool], tuple[WordCompleted, Job]] = {}  # complete_words' event and job
# by word and whether it is a Word of Power (the same text may be one in another chapter): a few hundred
