"""The work stack: cards read at once, instructions step by step, words, hourglasses, decisions."""
from __future__ import annotations

from games.core.messages import Event
from games.once_upon_a_line import tragedy
from games.once_upon_a_line.events import CardTaken, Happened, HourglassScratched, WordCompleted
from games.once_upon_a_line.grid import Cell
from games.once_upon_a_line.state import Job, LineState, Pending
from games.once_upon_a_line.story import Card, Instruction


def proceed(state: LineState, out: list[Event]) -> None:
    """Do the waiting work until it is done, the chapter ends, or the player must decide."""
    from games.once_upon_a_line import actions, riddles, steps
    handlers = {"read": read_card, "offer": offer, "word": word_effect, "hourglass": hourglass,
                "penalty": penalty, "steps": steps.run_step, "scratch": actions.run_scratch,
                "return": actions.return_tiles, "zone": actions.change_zone,
                "riddle": riddles.reopen}
    while state.jobs and state.pending is None and not state.ended:
        job = state.jobs.pop()
        handlers[job.kind](state, job, out)
    if state.ended:
        state.jobs.clear()
        state.pending = None


def push(state: LineState, *jobs: Job) -> None:
    """Jobs to do next, the first given done first."""
    state.jobs.extend(reversed(jobs))


def instruction_jobs(card: Card, instructions: list[tuple[int, Instruction]]) -> list[Job]:
    jobs = []
    for index, ins in instructions:
        if ins.must and not ins.options:
            jobs.append(Job("steps", card=card.key, steps=ins.steps, index=index))
        else:
            jobs.append(Job("offer", card=card.key, index=index))
    return jobs


def read_card(state: LineState, job: Job, out: list[Event]) -> None:
    card = state.chapter.cards.get(job.card)
    if card is None:
        out.append(Happened(f"There is no card {job.card} in this chapter."))
        return
    if job.card in state.read or job.card in state.discarded:
        return
    state.read.append(job.card)
    out.append(CardTaken(card.key, card.title))
    now = [(i, ins) for i, ins in enumerate(card.instructions) if ins.now]
    push(state, *instruction_jobs(card, now))


def fire(state: LineState, trigger: str) -> None:
    """Ongoing instructions of cards in play that answer this trigger."""
    jobs = []
    for key in state.read:
        if key in state.discarded:
            continue
        card = state.chapter.cards[key]
        ongoing = [(i, ins) for i, ins in enumerate(card.instructions)
                   if not ins.now and ins.on == trigger]
        jobs += instruction_jobs(card, ongoing)
    push(state, *jobs)


def offer(state: LineState, job: Job, out: list[Event]) -> None:
    """An optional instruction or a choice: the player decides."""
    from games.once_upon_a_line.steps import condition_met
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


def complete_words(state: LineState, cells: list[Cell], out: list[Event]) -> None:
    """Words whose last square was just uncovered, in the order they were finished."""
    grid, jobs = state.chapter.grid, []
    for cell in cells:
        for word in grid.words_at(cell):
            if word.text not in state.completed and all(c in state.uncovered for c in word.cells):
                state.completed.append(word.text)
                out.append(WordCompleted(word.text, word.power))
                jobs.append(Job("word", word=word.text))
    for job in reversed(jobs):
        fire(state, f"word:{job.word}")
        push(state, job)


def word_effect(state: LineState, job: Job, out: list[Event]) -> None:
    from games.once_upon_a_line.letters import letter_places
    word = state.chapter.grid.word(job.word)
    if not word.power:
        push(state, Job("read", card=word.key))
    elif letter_places(state, word.text):
        state.pending = Pending("letters", word=word.text)
    else:
        out.append(Happened(f"No hero in play can use a letter of {word.text}: all are lost."))


def hourglass(state: LineState, job: Job, out: list[Event]) -> None:
    """Scratch the next Line of Tragedy square and apply it to the hero who caused it."""
    line = state.chapter.tragedy
    if state.tragedy_scratched >= len(line):
        return
    effect = line[state.tragedy_scratched]
    state.tragedy_scratched += 1
    if state.bell:
        state.dystopia += 1
    result = tragedy.EFFECT_WORDS[effect]
    fire(state, "hourglass")  # pushed first, so done after the square's own effect
    if effect == "bell":
        state.bell = True
    elif effect == "tragedy":
        state.ended = "tragedy"
    elif effect == "clover":
        push(state, Job("read", card="clover"))
    out.append(HourglassScratched(state.tragedy_scratched, effect, result))
    if effect in ("-1", "-2", "lock"):
        push(state, Job("penalty", hero=job.hero, word=effect))


def penalty(state: LineState, job: Job, out: list[Event]) -> None:
    effect = job.word
    able = tragedy.bearers(state, effect, job.hero)
    if len(able) == 1:
        out.append(Happened(f"{able[0]}: {tragedy.apply_penalty(state, effect, able[0])}"))
    elif able:
        names = tuple(state.heroes[h].id for h in able)
        state.pending = Pending("penalty", options=names, labels=names, effect=effect)
