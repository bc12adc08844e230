"""What each job of the work stack does: cards read at once, instructions step by step, words,
decisions (hourglasses and penalties: tragedy.py). Importing this module registers every kind of
job (jobs.HANDLERS)."""
from __future__ import annotations

from games.core.messages import Event
from games.once_upon_a_line import actions, riddles, steps, tragedy
from games.once_upon_a_line.events import CardTaken, Happened
from games.once_upon_a_line.jobs import HANDLERS, card_jobs, push, read_job
from games.once_upon_a_line.letters import letter_places
from games.once_upon_a_line.state import Job, LineState, Pending
from games.once_upon_a_line.steps import condition_met


def read_card(state: LineState, job: Job, out: list[Event]) -> None:
    card = state.chapter.cards.get(job.card)
    if card is None:
        out.append(Happened(f"There is no card {job.card} in this chapter."))
        return
    if job.card in state.read or job.card in state.discarded:
        return
    state.read.append(job.card)
    taken = _TAKEN.get((card.key, card.title))  # made once for each card: a frozen value handed
    if taken is None:  # out again, as read_job's job (0.09 a move; a lookup costs less)
        taken = _TAKEN[card.key, card.title] = CardTaken(card.key, card.title)
    out.append(taken)
    push(state, *card_jobs(state.chapter).get(None, {}).get(card.key, ()))


_TAKEN: dict[tuple[str, str], CardTaken] = {}  # by card key and title (a key may be another card
# in another chapter): the cards of the chapters, a few hundred


def offer(state: LineState, job: Job, out: list[Event]) -> None:
    """An optional instruction or a choice: the player decides."""
    ins = state.chapter.cards[job.card].instructions[job.index]
    if not ins.options:
        first = ins.steps[0].condition
        if first is None or condition_met(state, first):  # offered only if it can be followed
            state.pending = Pending("optional", job.card, job.index, ("yes", "no"),
                                    ("Do it", "Decline"))
        return
    open_options = [str(i) for i, opt in enumerate(ins.options)
                    if not opt or opt[0].condition is None or condition_met(state, opt[0].condition)]
    labels = [ins.labels[int(i)] for i in open_options]
    if not ins.must:
        open_options.append("no")
        labels.append("Decline")
    if open_options and open_options != ["no"]:
        state.pending = Pending("choice", job.card, job.index, tuple(open_options), tuple(labels))


def word_effect(state: LineState, job: Job, out: list[Event]) -> None:
    word = state.chapter.grid.word(job.word)
    if not word.power:  # its card is read at once: a read job pushed here would be the next
        read_card(state, read_job(word.key), out)  # popped (no decision, the chapter goes on)
    elif letter_places(state, word.text):
        state.pending = Pending("letters", word=word.text)
    else:
        out.append(Happened(f"No hero in play can use a letter of {word.text}: all are lost."))


HANDLERS.update({"read": read_card, "offer": offer, "word": word_effect, "hourglass": tragedy.hourglass,
                 "penalty": tragedy.penalty, "steps": steps.run_step, "scratch": actions.run_scratch,
                 "return": actions.return_tiles, "zone": actions.change_zone,
                 "riddle": riddles.reopen})
