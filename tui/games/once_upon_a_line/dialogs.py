"""Decisions a chapter asks for: optional and choice instructions, penalties, dotted tiles, zones,
and where the letters of a Word of Power go. Escape closes a dialog to look at the board first;
enter on the game screen opens it again.
"""
from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from games.once_upon_a_line.view import Pending
from games.once_upon_a_line.telling import tell
from games.once_upon_a_line.tragedy import EFFECT_WORDS
from games.once_upon_a_line.view import LineView

DIALOG_CSS = """
{name} {{ align: center {where}; }}
{name} > Vertical {{ width: 72; height: auto; max-height: 22; border: thick $primary;
                     padding: 0 2; background: $surface; margin-bottom: 1; }}
{name} .hint {{ padding-top: 1; }}
{name} .dialog-title {{ text-style: bold; color: $accent; width: 100%; text-align: center; }}
"""


def decision(view: LineView, pending: Pending) -> tuple[str, str, tuple[str, ...]]:
    """Title, question and option labels for a waiting decision (not letters, not a riddle)."""
    if pending.kind in ("optional", "choice"):
        card = next((c for c in view.cards if c.key == pending.card), None)
        if card is None:
            return "An instruction", "Follow it?", pending.labels
        told = tell(card.instructions[pending.index], view.currency[0])
        return f"{card.key} · {card.title}", told, pending.labels
    if pending.kind == "penalty":
        names = {h.id: h.name for h in view.heroes}
        what = EFFECT_WORDS.get(pending.effect, pending.effect)
        return ("A penalty", f"Penalty: {what}. Which hero bears it?",
                tuple(names.get(label, label) for label in pending.labels))
    return ("The dotted tile", "A dotted tile may stop early: scratch the next square, or stop here?",
            pending.labels)


class DecisionDialog(ModalScreen[str | None]):
    """Pick one option by its number; returns the option (not the label), None if closed."""

    DEFAULT_CSS = DIALOG_CSS.format(name="DecisionDialog", where="bottom")  # the grid stays in sight
    BINDINGS = [*(Binding(str(n), f"pick({n})", show=False) for n in range(1, 10)),
                Binding("escape", "close", "Later")]

    def __init__(self, title: str, question: str, options: tuple[str, ...],
                 labels: tuple[str, ...]) -> None:
        super().__init__()
        self.title_text, self.question, self.options, self.labels = title, question, options, labels

    def compose(self) -> ComposeResult:
        choices = "\n".join(f"[b]{n}[/b] {label}" for n, label in enumerate(self.labels, 1))
        with Vertical():
            yield Static(Text(self.title_text), classes="dialog-title")
            yield Static(Text(self.question))
            yield Static(choices, id="decision-options", classes="hint")
            keys = "1" if len(self.options) == 1 else f"1-{len(self.options)}"
            yield Static(f"press {keys} · esc look at the board first", classes="hint")

    def on_mount(self) -> None:
        self.styles.background = "transparent"  # the board above stays readable while deciding

    def action_pick(self, n: int) -> None:
        if n <= len(self.options):
            self.dismiss(self.options[n - 1])

    def action_close(self) -> None:
        self.dismiss(None)


class LettersDialog(ModalScreen[str | None]):
    """Where each letter of a Word of Power goes: ↑↓ a letter, ←→ its talent (or lost), enter."""

    DEFAULT_CSS = DIALOG_CSS.format(name="LettersDialog", where="middle") + """
    LettersDialog #letters-told { padding-bottom: 1; }
    """
    BINDINGS = [
        Binding("up", "select(-1)", "Letter", show=False),
        Binding("down", "select(1)", "Letter", show=False),
        Binding("left", "cycle(-1)", "Talent", show=False),
        Binding("right", "cycle(1)", "Talent", show=False),
        Binding("enter", "confirm", "Give"),
        Binding("escape", "close", "Later"),
    ]

    def __init__(self, view: LineView, word: str, plan: str, problem: str = "") -> None:
        super().__init__()
        self.view, self.word, self.problem = view, word, problem
        self.letters = [ch for ch in word if ch.isalpha()]
        self.targets = plan.split()
        self.selected = 0
        self.heroes = [h for h in view.heroes if h.in_play]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Word of Power {self.word}", classes="dialog-title")
            yield Static("Each letter crosses off the same letter of a talent of a hero in play; "
                         "a talent crossed off entirely gives its tile. Letters with no place "
                         "are lost.")
            yield Static(id="letters-rows")
            yield Static(id="letters-told")
            yield Static(id="letters-talents")
            if self.problem:
                yield Static(Text(f"✗ {self.problem}", Style(bold=True)), id="letters-problem")
            yield Static("↑↓ letter · ←→ talent or lost · enter give them · esc later",
                         classes="hint")

    def on_mount(self) -> None:
        self.redraw()

    def room(self, i: int, target: str) -> bool:
        """Whether letter i can still be crossed off on this talent, the other letters placed."""
        hero_id, _, index = target.partition(".")
        hero = next(h for h in self.heroes if h.id == hero_id)
        word, _, crossed, _ = hero.talents[int(index)]
        ch = self.letters[i]
        free = sum(1 for c, done in zip(word, crossed) if c == ch and not done)
        taken = sum(1 for j, t in enumerate(self.targets)
                    if j != i and t == target and self.letters[j] == ch)
        return free > taken

    def choices(self, i: int) -> list[str]:
        places = [f"{h.id}.{t}" for h in self.heroes for t in range(len(h.talents))]
        return ["-"] + [p for p in places if self.room(i, p)]

    def talent(self, target: str) -> tuple[str, str, str]:
        """The hero's name, the talent's word and what it does."""
        hero_id, _, index = target.partition(".")
        hero = next(h for h in self.heroes if h.id == hero_id)
        word, text, _, _ = hero.talents[int(index)]
        return hero.name, word, text

    def label(self, target: str) -> str:
        if target == "-":
            return "lost"
        name, word, _ = self.talent(target)
        return f"{name}: {word}"

    def redraw(self) -> None:
        """One line per letter; what the chosen letter's talent does is told once below them (told
        on every row, GLOW's four rows ran past the dialog at 80x24)."""
        rows = []
        for i, (ch, target) in enumerate(zip(self.letters, self.targets)):
            mark = "▸" if i == self.selected else " "
            rows.append(Text(f"{mark} {ch} → {self.label(target)}", Style(bold=i == self.selected)))
        self.query_one("#letters-rows", Static).update(Text("\n").join(rows))
        target = self.targets[self.selected]
        if target == "-":
            told = Text(f"{self.letters[self.selected]} is lost.", Style(italic=True))
        else:
            _, word, text = self.talent(target)
            told = Text.assemble((word, Style(bold=True)), f": {text}")
        self.query_one("#letters-told", Static).update(told)
        self.query_one("#letters-talents", Static).update(self.talents())

    def talents(self) -> Text:
        """Each hero's talents: crossed letters reversed, letters planned now underlined."""
        text = Text()
        for hero in self.heroes:
            text.append(f"{hero.name}: ", Style(bold=True))
            for t, (word, _, crossed, won) in enumerate(hero.talents):
                planned = [ch for ch, tg in zip(self.letters, self.targets) if tg == f"{hero.id}.{t}"]
                for ch, done in zip(word, crossed):
                    new = not done and ch in planned
                    if new:
                        planned.remove(ch)
                    text.append(ch, Style(reverse=done, underline=new, bold=done or new))
                text.append("✓ " if won else "  ")
            text.append("\n")
        text.rstrip()
        return text

    def action_select(self, step: int) -> None:
        self.selected = (self.selected + step) % len(self.letters)
        self.redraw()

    def action_cycle(self, step: int) -> None:
        options = self.choices(self.selected)
        now = self.targets[self.selected]
        at = options.index(now) if now in options else 0
        self.targets[self.selected] = options[(at + step) % len(options)]
        self.redraw()

    def action_confirm(self) -> None:
        self.dismiss(" ".join(self.targets))

    def action_close(self) -> None:
        self.dismiss(None)


class ReadDialog(ModalScreen[None]):
    """A card, the introduction or the heroes in full, scrolled with the arrows; enter closes."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ReadDialog", where="middle") + """
    ReadDialog VerticalScroll { height: auto; max-height: 18; }
    """
    BINDINGS = [Binding("enter,escape,space", "close", "Close"),
                Binding("up", "scroll(-1)", show=False), Binding("down", "scroll(1)", show=False),
                Binding("pageup", "scroll(-8)", show=False),
                Binding("pagedown", "scroll(8)", show=False)]

    def __init__(self, title: str, body: Text | str) -> None:
        super().__init__()
        self.title_text, self.body = title, body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.title_text), classes="dialog-title")
            with VerticalScroll():
                yield Static(self.body if isinstance(self.body, Text) else Text(self.body))
            yield Static("↑↓ scroll · enter to go on", classes="hint")

    def action_scroll(self, lines: int) -> None:
        self.query_one(VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
