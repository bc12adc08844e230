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


def criterion_points(state: LineState, c: Criterion) -> int:
    unread = len(state.chapter.cards) - len(state.read)
    met = {"blanks_below": state.blanks < c.limit, "no_riddle_penalty": state.penalty_squares == 0,
           "stops_below": state.stops < c.limit, "hourglasses_left": state.tragedy_left() >= c.limit,
           "unread_at_most": unread <= c.limit, "missions": len(state.missions) >= c.limit,
           "currency": state.currency >= c.limit, "no_skull": state.skulls == 0}
    if c.kind == "talents":
        return c.points * len(state.talents_won)
    if c.kind == "lightbulbs":
        return sum(lightbulbs(r) for r in state.riddles.values())
    return c.points if met[c.kind] else 0


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
    return sum(points for _, points in score_lines(state))
