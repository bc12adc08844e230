"""Dice Upon a Time's dialogs: your Magic Item cards (read them, play one that acts in your turn)
and a trade offer to a player met on your field."""
from __future__ import annotations

from string import ascii_lowercase
from typing import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from games.dice_upon_a_time.board import RESOURCES, TOKEN_NAMES
from games.dice_upon_a_time.cards import MAGIC_TRIGGERS
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.view import DiceView

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{ width: 76; height: auto; max-height: 22; border: thick $primary;
                     padding: 0 1; background: $surface; }}
{name} .hint {{ color: $text-muted; }}
"""


class MagicItems(ModalScreen[str | None]):
    """Your Magic Item cards with what they do; a digit plays one that acts in your own turn."""

    DEFAULT_CSS = DIALOG_CSS.format(name="MagicItems")
    BINDINGS = [Binding("escape,enter,m", "close", "Close")]

    def __init__(self, view: DiceView, playable: set[str]) -> None:
        super().__init__()
        self.cards = list(view.players[view.seat].magic)
        self.playable = playable

    def compose(self) -> ComposeResult:
        content = game_content()
        text = Text()
        for i, card in enumerate(self.cards, 1):
            item = content.magic[card]
            when = "now: press its number" if card in self.playable else MAGIC_TRIGGERS[item.when]
            text.append(f"{i} {item.title}", style="bold")
            text.append(f": {item.text}\n   ({when})\n")
        with Vertical():
            yield Static("Your Magic Items", classes="title")
            yield Static(text if self.cards else "You hold no Magic Item card: the Magic Items field "
                         "and the Magic face deal them.", markup=False)
            yield Static("a number plays that card · escape close", classes="hint")

    def on_key(self, event: events.Key) -> None:
        key = event.character
        if key and key.isdigit() and 1 <= int(key) <= len(self.cards):
            event.stop()
            card = self.cards[int(key) - 1]
            if card in self.playable:
                self.dismiss(card)
            else:
                self.notify("That card acts only when its moment comes.", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class TradeOffer(ModalScreen[tuple | None]):
    """An offer: what you give and what you ask, item by item. A letter adds one token of that line
    (back to none past what is held) or picks a card; tab the next player met; enter offers."""

    DEFAULT_CSS = DIALOG_CSS.format(name="TradeOffer")
    BINDINGS = [Binding("enter", "offer", "Offer"), Binding("escape", "cancel", "Cancel"),
                Binding("tab", "partner", "Next player")]

    def __init__(self, view: DiceView, met: Sequence[int], names: Sequence[str]) -> None:
        super().__init__()
        self.view, self.met, self.names = view, list(met), list(names)
        self.partner = self.met[0]
        self.counts: dict[tuple[bool, str], int] = {}

    def lines(self) -> list[tuple[bool, str, int, str]]:
        """(given by you, item, most, words) for each line of the offer."""
        content = game_content()
        out = []
        for giving, seat in ((True, self.view.seat), (False, self.partner)):
            player = self.view.players[seat]
            tokens = dict(player.tokens)
            out += [(giving, t, tokens[t], TOKEN_NAMES[t]) for t in RESOURCES if tokens.get(t)]
            out += [(giving, f"quest:{q}", 1, f"quest {content.quests[q].title}") for q in player.quests]
            out += [(giving, f"side:{q}", 1, f"side quest {content.stories[q].title}") for q in player.side]
            if giving:
                out += [(True, f"magic:{c}", 1, f"Magic Item {content.magic[c].title}")
                        for c in dict.fromkeys(player.magic)]
            elif player.magic_count:
                out.append((False, "magic", 1, "a Magic Item card (they choose which)"))
        return out[:len(ascii_lowercase)]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="trade-title", classes="title", markup=False)
            yield Static(id="trade-lines", markup=False)
            yield Static("a letter: one more (or pick a card) · tab: the next player met · "
                         "enter: offer · escape: cancel", classes="hint")

    def on_mount(self) -> None:
        self.redraw()

    def redraw(self) -> None:
        title = f"A trade with {self.names[self.partner]}"
        if len(self.met) > 1:
            title += " (tab: another player)"
        self.query_one("#trade-title", Static).update(Text(title))
        text = Text()
        heading = None
        for key, (giving, item, most, words) in zip(ascii_lowercase, self.lines()):
            if giving != heading:
                heading = giving
                text.append("You give:\n" if giving else "You ask for:\n", style="bold")
            count = self.counts.get((giving, item), 0)
            held = f" (of {most})" if item in RESOURCES else ""
            mark = f"{count}×" if item in RESOURCES else ("✓ " if count else "  ")
            text.append(f" {key} {mark} {words}{held}\n", style="bold" if count else "")
        if heading is None:
            text.append("Neither of you has anything to trade.")
        self.query_one("#trade-lines", Static).update(text)

    def on_key(self, event: events.Key) -> None:
        key = event.character
        lines = self.lines()
        if not key or key not in ascii_lowercase[:len(lines)]:
            return
        event.stop()
        giving, item, most, _ = lines[ascii_lowercase.index(key)]
        now = self.counts.get((giving, item), 0)
        self.counts[(giving, item)] = 0 if now >= most else now + 1
        self.redraw()

    def action_partner(self) -> None:
        self.partner = self.met[(self.met.index(self.partner) + 1) % len(self.met)]
        self.counts = {k: v for k, v in self.counts.items() if k[0]}  # what you asked was theirs
        self.redraw()

    def action_offer(self) -> None:
        give, take = [], []
        for (giving, item), count in sorted(self.counts.items()):
            (give if giving else take).extend([item] * count)
        self.dismiss((self.partner, tuple(give), tuple(take)))

    def action_cancel(self) -> None:
        self.dismiss(None)
