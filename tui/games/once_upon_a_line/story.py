"""The chapter at a glance: quest, inventory, currency, ongoing instructions, missions and score."""
from __future__ import annotations

from rich.style import Style
from rich.text import Text

from games.core.words import counted
from games.once_upon_a_line.view import LineView
from tui.games.once_upon_a_line.grid import LEGEND as GRID_LEGEND
from tui.games.once_upon_a_line.heroes import TILE_LEGEND
from tui.games.once_upon_a_line.tragedy import LEGEND as TRAGEDY_LEGEND


def score_total(view: LineView) -> int:
    return sum(points for _, points in view.score)


def story_pane(view: LineView, whole: bool = False) -> Text:
    """Everything that is not the grid, the heroes or a card: the quest and what is carried, then
    what the chapter has earned so far (whole: every criterion, met or not, as the reader shows)."""
    bold = Style(bold=True)
    name, amount = view.currency
    text = Text.assemble(("Quest ", bold), view.main_quest, "\n",
                         ("Inventory ", bold), ", ".join(view.inventory) or "nothing", "\n",
                         (f"{name.capitalize()} ", bold), str(amount))
    for title, milestones, closed in view.missions:
        text.append(f"\nMission {title}: {counted(milestones, 'milestone')}"
                    + (" (closed)" if closed else ""))
    if view.ongoing:
        text.append("\nOngoing", bold)
        for key, told in view.ongoing:
            text.append(f"\n {key}: {told.split('] ', 1)[-1]}")
    text.append_text(score_text(view, whole))
    return text


def criteria_met(view: LineView) -> tuple[int, int]:
    """How many of the chapter's success criteria hold now, out of how many (view.score lists the
    Quest Points first and the Utopia and Dystopia points last)."""
    criteria = view.score[1:-2]
    return sum(points > 0 for _, points in criteria), len(criteria)


def standing(view: LineView) -> str:
    """The header's word on the score: the criteria met while the chapter runs (a total before
    any move read like a final score), the score once it is over."""
    if view.ended:
        return f"score {score_total(view)}"
    met, total = criteria_met(view)
    return f"criteria met {met}/{total}"


def score_text(view: LineView, whole: bool = False) -> Text:
    """The points earned so far, line by line; while the chapter runs, how many criteria hold."""
    if view.ended:
        text = Text(f"\nScore {score_total(view)}", Style(bold=True))
    else:
        met, total = criteria_met(view)
        text = Text(f"\nSo far: {met} of {total} criteria met", Style(bold=True))
        if whole:
            text.append(" (the Epilogue adds its Quest Points)")
    for label, points in view.score:
        if points or whole:
            text.append(f"\n {points:+d} {label}" if points else f"\n  0 {label}")
    return text


ZONES_LINE = "~blue ^green +red =purple %brown &orange"
SHORT_KEY = """~blue ^green +red =purple
%brown &orange
░░░ ink     ░#░ Lock box
░»░ Start   ░a░ pencilled
|H~ bar     E} brace
▔ ▁ bar above/below
⌒ ‿ brace above/below
 ·  blank ⊘ Stop ☠ Skull
 1  order  ‹›▲▼ more
» combinable › single
┄ dotted ✦ star ◯ special
v: the whole key"""


def key_pane(whole: bool = False) -> Text:
    """What the glyphs mean (NO_COLOR players rely on the marks, not the colours)."""
    if not whole:
        return Text(SHORT_KEY)
    text = Text(f"Zones: {ZONES_LINE}\n", Style(bold=True))
    for glyph, meaning in GRID_LEGEND:
        text.append(f"{glyph:>3} {meaning}\n")
    text.append(f"Tiles: {TILE_LEGEND}\nTragedy: {TRAGEDY_LEGEND}")
    return text
