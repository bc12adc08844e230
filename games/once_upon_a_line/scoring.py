"""The chapter score: Quest Points, success points by the chapter's criteria, Utopia and Dystopia."""
from __future__ import annotations

from typing import Iterable

from games.core.words import counted
from games.once_upon_a_line.riddles import lightbulbs
from games.once_upon_a_line.state import LineState
from games.once_upon_a_line.story import Criterion

# Short enough for the side pane (27 columns with the points): "+2 8+ hourglasses left".
LABELS = {"talents": "talents completed", "blanks_below": "fewer than {limit} blanks",
          "no_riddle_penalty": "no ? square scratched", "stops_below": "fewer than {limit} Stops",
          "hourglasses_left": "{limit}+ hourglasses left", "unread_at_most": "at most {unread} unread",
          "missions": "{limit} missions", "currency": "at least {limit} {currency}",
          "no_skull": "no Skull uncovered", "lightbulbs": "riddle lightbulbs left"}


def success_points(state: LineState, criteria: Iterable[Criterion]) -> list[int]:
    """Each criterion's points, in order: a criterion met earns its points (talents: per talent
    won, lightbulbs: those left on solved riddles). One loop of tests, not a function called for
    each criterion: the score is asked at the end of every game (Game.outcome), and the calls cost
    more than the tests (chapter_score ~23k -> ~6k instructions a game)."""
    points = []
    for c in criteria:
        kind, limit = c.kind, c.limit
        if kind == "talents":
            points.append(c.points * len(state.talents_won))
            continue
        if kind == "lightbulbs":
            points.append(sum(map(lightbulbs, state.riddles.values())))
            continue
        if kind == "no_skull":
            met = state.skulls == 0
        elif kind == "no_riddle_penalty":
            met = state.penalty_squares == 0
        elif kind == "hourglasses_left":
            met = state.tragedy_left() >= limit
        elif kind == "stops_below":
            met = state.stops < limit
        elif kind == "blanks_below":
            met = state.blanks < limit
        elif kind == "unread_at_most":
            met = len(state.chapter.cards) - len(state.read) <= limit
        elif kind == "missions":
            met = len(state.missions) >= limit
        elif kind == "currency":
            met = state.currency >= limit
        else:
            raise KeyError(kind)  # (chapter.CRITERIA: a chapter names no other)
        points.append(c.points if met else 0)
    return points


def criterion_points(state: LineState, c: Criterion) -> int:
    return success_points(state, (c,))[0]


def score_lines(state: LineState) -> list[tuple[str, int]]:
    """Each part of the score with its points; Tragedy earns no Quest Points."""
    lines = [("Quest Points" + (" (Tragedy: none)" if state.ended == "tragedy" else ""),
              state.quest_points if state.ended == "epilogue" else 0)]
    success = state.chapter.success
    for c, points in zip(success, success_points(state, success)):
        label = LABELS[c.kind].format(limit=c.limit, currency=state.chapter.currency,
                                      unread=counted(c.limit, "card"))
        lines.append((label, points))
    lines.append(("Utopia points from the story", state.utopia))
    lines.append(("Dystopia points", -state.dystopia))
    return lines


def chapter_score(state: LineState) -> int:
    """The sum of score_lines' points, without wording them (asked at the end of every game)."""
    quest = state.quest_points if state.ended == "epilogue" else 0
    return quest + sum(success_points(state, state.chapter.success)) + state.utopia - state.dystopia
