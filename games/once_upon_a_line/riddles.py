"""Challenges: typed guesses checked left to right, clues, giving up, and the ? penalty squares."""
from __future__ import annotations

from games.core.messages import Event
from games.once_upon_a_line.events import Happened
from games.once_upon_a_line.jobs import proceed, push, read_job
from games.once_upon_a_line.state import Job, LineState, Pending, Riddle
from games.once_upon_a_line.story import ANSWER_SQUARES

BLANK_SQUARE = " "  # how a scratched blank answer square is kept in Riddle.revealed


def answer_squares(answer: str) -> str:
    """The eight answer squares as they are under the ink: the answer, then blank squares."""
    return answer.ljust(ANSWER_SQUARES, BLANK_SQUARE)


def current(state: LineState) -> Riddle:
    return state.riddles[state.pending.card]


def normalise(guess: str) -> str:
    return "".join(ch for ch in guess.upper() if ch.isalpha())


def reopen(state: LineState, job: Job, out: list[Event]) -> None:
    """Back to the riddle once the penalties it caused are paid."""
    state.pending = Pending("riddle", card=job.card)


def penalty_jobs(state: LineState, riddle: Riddle, squares: int, out: list[Event]) -> list[Job]:
    """Scratch the next ? squares of this riddle; each hides nothing or a penalty."""
    challenge = state.chapter.challenges[riddle.key]
    jobs = []
    for _ in range(squares):
        if riddle.penalties >= len(challenge.penalties):
            out.append(Happened("No ? square is left to scratch."))
            break
        effect = challenge.penalties[riddle.penalties]
        riddle.penalties += 1
        state.penalty_squares += 1
        out.append(Happened(f"? square {riddle.penalties}: {effect}"))
        if effect == "dystopia":
            state.dystopia += 1
        elif effect == "hourglass":
            jobs.append(Job("hourglass"))
        elif effect == "-1":
            jobs.append(Job("penalty", word="-1"))
    return jobs


def after(state: LineState, riddle: Riddle, jobs: list[Job], out: list[Event]) -> None:
    state.pending = None
    if riddle.solved or riddle.given_up:
        push(state, *jobs, read_job(state.chapter.challenges[riddle.key].solved))
    else:
        push(state, *jobs, Job("riddle", card=riddle.key))
    proceed(state, out)


def guess(state: LineState, text: str, out: list[Event]) -> None:
    """Scratch the answer squares left to right against the guess; at the first square that
    differs stop, that square scratched (the rulebook). Past the guess's last letter a square
    differs unless it is blank; past the answer's, squares are blank."""
    riddle = current(state)
    answer, word = state.chapter.challenges[riddle.key].answer, normalise(text)
    squares = answer_squares(answer)
    if word == answer:
        riddle.solved = True
        riddle.revealed = squares
        out.append(Happened(f"{answer} is right: the riddle is solved."))
        after(state, riddle, [], out)
        return
    written = word.ljust(ANSWER_SQUARES, BLANK_SQUARE)
    differs = next(i for i in range(ANSWER_SQUARES) if squares[i] != written[i])
    if differs + 1 > len(riddle.revealed):
        riddle.revealed = squares[:differs + 1]
    out.append(Happened(f"{word} is wrong at square {differs + 1}: {told_squares(riddle.revealed)} "
                        f"{'are' if riddle.revealed.endswith(BLANK_SQUARE) else 'is'} scratched."))
    after(state, riddle, penalty_jobs(state, riddle, 1, out), out)


def told_squares(revealed: str) -> str:
    """The scratched answer squares in words: 'KETT', 'KETTLE and a blank square'."""
    letters = revealed.rstrip(BLANK_SQUARE)
    blanks = len(revealed) - len(letters)
    if not blanks:
        return letters
    blank_words = "a blank square" if blanks == 1 else f"{blanks} blank squares"
    return f"{letters} and {blank_words}" if letters else blank_words


def take_clue(state: LineState, free: bool, out: list[Event]) -> None:
    riddle = current(state)
    riddle.clues += 1
    clue = state.chapter.challenges[riddle.key].clues[riddle.clues - 1]
    out.append(Happened(f"Clue {riddle.clues}: {clue}"))
    after(state, riddle, [] if free else penalty_jobs(state, riddle, 1, out), out)


def give_up(state: LineState, out: list[Event]) -> None:
    riddle = current(state)
    riddle.given_up = True
    answer = state.chapter.challenges[riddle.key].answer
    riddle.revealed = answer_squares(answer)
    out.append(Happened(f"The answer was {answer}."))
    after(state, riddle, penalty_jobs(state, riddle, 2, out), out)


def lightbulbs(riddle: Riddle) -> int:
    """Lightbulbs left on a solved riddle: the first clue square shows 1, the second 2."""
    if not riddle.solved:
        return 0
    return 3 - (1 if riddle.clues >= 1 else 0) - (2 if riddle.clues >= 2 else 0)
