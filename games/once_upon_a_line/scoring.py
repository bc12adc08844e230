"""The chapter score: Quest Points, success points by the chapter's criteria, Utopia and Dystopia."""
from __future__ import annotations

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


MET = {"blanks_below": lambda state, limit: state.blanks < limit,
       "no_riddle_penalty": lambda state, limit: state.penalty_squares == 0,
       "stops_below": lambda state, limit: state.stops < limit,
       "hourglasses_left": lambda state, limit: state.tragedy_left() >= limit,
       "unread_at_most": lambda state, limit: len(state.chapter.cards) - len(state.read) <= limit,
       "missions": lambda state, limit: len(state.missions) >= limit,
       "currency": lambda state, limit: state.currency >= limit,
       "no_skull": lambda state, limit: state.skulls == 0}  # whether a criterion is met


def criterion_points(state: LineState, c: Criterion) -> int:
    if c.kind == "talents":
        return c.points * len(state.talents_won)
    if c.kind == "lightbulbs":
        return sum(lightbulbs(r) for r in state.riddles.values())
    return c.points if MET[c.kind](state, c.limit) else 0


def score_lines(state: LineState) -> list[tuple[str, int]]:
    """Each part of the score with its points; Tragedy earns no Quest Points."""
    lines = [("Quest Points" + (" (Tragedy: none)" if state.ended == "tragedy" else ""),
              state.quest_points if state.ended == "epilogue" else 0)]
    for c in state.chapter.success:
        label = LABELS[c.kind].format(limit=c.limit, currency=state.chapter.currency,
                                      unread=counted(c.limit, "card"))
        lines.append((label, criterion_points(state, c)))
    lines.append(("Utopia points from the story", state.utopia))
    lines.append(("Dystopia points", -state.dystopia))
    return lines


def chapter_score(state: LineState) -> int:
    """The sum of score_lines' points, without wording them (asked at the end of every game)."""
    quest = state.quest_points if state.ended == "epilogue" else 0
    return quest + sum(criterion_points(state, c) for c in state.chapter.success) \
        + state.utopia - state.dystopia
