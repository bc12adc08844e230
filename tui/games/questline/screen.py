"""The Questline screen: your hand by level with gaps, the discard areas you can reach, the decks."""
from __future__ import annotations

import textwrap
import time
from functools import lru_cache
from typing import Sequence


from rich.text import Text
from textual import events as textual_events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from games.core.messages import Event
from games.questline.arrange import score_hand
from games.questline.commands import (
    ChooseFirstDiscard, CompleteHand, Discard, DrawFromDeck, Reset, TakeFromDiscard,
)
from games.questline.events import CardDrawn, GameScored
from games.questline.decks import CARDS
from games.questline.solo import rank
from games.questline.view import DISCARD_LIMIT, Phase, QuestView
from tui.screens.dialogs import Confirm, Message
from tui.screens.game_screen import GameScreen
from tui.games.questline.letters import GRACE, AreaLetters
from tui.games.questline.areas import area_lines, others_lines
from tui.games.questline.text import card_details, card_rows, columns
from tui.player_text import markup_safe

# Cards in discard areas (at most seven each): each area on screen has its own seven letters (left
# neighbour A-G, yours H-N, right neighbour O-U) and a card keeps its letter while it stays, so bots
# acting in real time never move the letter the player is about to press (letters.py).
TAKE_KEYS = "ABCDEFGHIJKLMNOPQRSTU"
# The hand's box and the areas' box share the rows between the header and the log. The hand keeps
# HAND_ROWS (its title, eight cards, the gap line) unless it needs more for a long card's second row
# and the areas can spare them, or the areas need more and the hand can spare them.
BOARD_ROWS = 18
HAND_ROWS = 10
HAND_LINE = 75  # a hand card's line after its number (" 1 "); " new" takes 4 of it
LOG_ROWS = 2  # the newest lines of the log, under the areas
WHOLE_LOG = "… (w: the whole log)"
# Without turns, each bot acts about this often (seconds), like a person at the table.
REALTIME_PACE = {"fast": 0.0, "normal": 3.0, "relaxed": 6.0}


@lru_cache(maxsize=256)
def best_total(hand: tuple[str, ...], epilogue: str | None = None) -> int:
    """The hand's best layout score, with an epilogue if given (scored together: an epilogue may
    pay a card's ability too); cached, as redraws are frequent."""
    return score_hand([CARDS[c] for c in hand], CARDS[epilogue] if epilogue else None)


def epilogue_now(view: QuestView) -> str | None:
    """The epilogue this seat holds, or would take by completing now (solo: the lowest revealed)."""
    if view.seat is not None and view.epilogue_of and view.epilogue_of[view.seat]:
        return view.epilogue_of[view.seat]
    if view.solo:
        return min(view.epilogues, key=lambda c: CARDS[c].stars, default=None)
    return view.epilogues[-1] if view.epilogues else None


def sort_key(card_id: str) -> tuple:
    card = CARDS[card_id]
    return (min(card.levels) if card.levels else 8, card.name)


class QuestlineScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    PRIVATE_HANDS = True
    BINDINGS = [
        Binding("a", "draw('adventure')", "Adventure deck", show=False),
        Binding("c", "draw('class')", "Class deck", show=False),
        Binding("x", "complete", "Complete"),
        Binding("r", "reset", "Reset", show=False),
        Binding("b", "arrangement", "Layout"),
        Binding("i", "inspect", "Read card"),
    ]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._sevens: dict[int, frozenset[str]] = {}  # per seat, the last hand of seven it saw
        self._letters: dict[tuple[int, int], AreaLetters] = {}  # per (viewer, area's seat)
        self.clock = time.monotonic  # when letters change card (a test may set its own)
        self.inspecting = False  # i was pressed: the next number or letter opens that card

    def compose(self) -> ComposeResult:
        yield Static(id="ql-top")
        yield Static(id="ql-hand")
        yield Static(id="ql-areas")
        yield Static(id="ql-log")
        yield Static(id="ql-status")
        yield Footer()

    def bot_pace(self) -> float:
        public = self.table.view(None)
        if public.in_turn or public.solo:
            return super().bot_pace()
        pace = REALTIME_PACE.get(self.app.settings.bot_pace, 3.0)
        return pace / max(1, len(self.bots))  # bots take turns, so each keeps the pace

    # -- what the viewer sees ---------------------------------------------------------------
    @property
    def view(self) -> QuestView:
        return self.table.view(self.viewer())

    def hand_order(self, view: QuestView) -> list[str]:
        return sorted(view.hand, key=sort_key)

    def areas(self, view: QuestView) -> list[tuple[int, str, int]]:
        """The discard areas the viewer may take from, in screen order, with their titles and their
        place among the three (which seven letters they use, kept when another area closes)."""
        me = view.seat
        if me is None:
            return []
        left, right = (me - 1) % view.players, (me + 1) % view.players
        order = [(left, "left"), (me, "yours"), (right, "right")] if view.players > 2 else (
            [(me, "yours"), (1 - me, "theirs")] if view.players == 2 else [(me, "yours")])
        return [(seat, label, block) for block, (seat, label) in enumerate(order)
                if not view.done[seat] or view.players == 2 or seat == me]

    def take_targets(self, view: QuestView) -> dict[str, tuple[int, str]]:
        """Letter -> (area's seat, card) for every card the viewer may take, in letter order. A card
        keeps its letter while it stays in its area (ql_letters.AreaLetters)."""
        targets, now = {}, self.clock()
        realtime = not view.solo and (self.shared or any(seat.is_bot for seat in self.table.seats))
        for seat, _, block in self.areas(view):
            letters = self._letters.setdefault((view.seat, seat), AreaLetters(
                TAKE_KEYS[block * DISCARD_LIMIT:(block + 1) * DISCARD_LIMIT], GRACE if realtime else 0.0))
            targets.update((letter, (seat, card))
                           for letter, card in letters.update(view.discards[seat], now).items())
        return targets

    def redraw(self) -> None:
        if not self.ready:
            return
        view = self.view
        self.query_one("#ql-top", Static).update(self._top(view))
        hand, areas = self._hand(view, BOARD_ROWS), self._areas(view, BOARD_ROWS)
        rows = hand_box_rows(len(hand), len(areas))
        if len(hand) > rows:
            hand = self._hand(view, rows)
        if len(areas) > BOARD_ROWS - rows:
            areas = self._areas(view, BOARD_ROWS - rows)
        for box, lines, height in (("#ql-hand", hand, rows), ("#ql-areas", areas, BOARD_ROWS - rows)):
            widget = self.query_one(box, Static)
            widget.styles.height = height
            widget.update("\n".join(lines))
        self.query_one("#ql-log", Static).update(Text("\n".join(log_rows(self.log_lines))))
        self.query_one("#ql-status", Static).update(self._status(view))

    @staticmethod
    def _worth(view: QuestView, hand: tuple[str, ...]) -> str:
        """The line's best score, and with the epilogue it holds or would take now."""
        text = f"best layout {best_total(hand)} stars"
        epilogue = epilogue_now(view)
        if epilogue is None or view.phase is Phase.OVER:
            return text
        done = view.epilogue_of[view.seat] == epilogue
        when = "with your" if done else "if you complete now, with"
        return f"{text}; {best_total(hand, epilogue)} {when} ★{CARDS[epilogue].stars}"

    def _top(self, view: QuestView) -> str:
        stars = " ".join(f"★{CARDS[c].stars}" for c in view.epilogues) or "none"
        # at most 77 characters: 78 columns inside the padding, with all six epilogues listed
        decks = f"adventure {view.adventure_left} · class {view.class_left}"
        if view.solo:
            return f"[b]Questline[/b] solo · {decks} · epilogues shown: {stars}"
        stack = [f"★{CARDS[c].stars}" for c in reversed(view.epilogues)]
        upcoming = f"epilogues: {stack[0]} next" + (f", then {' '.join(stack[1:])}" if stack[1:]
                                                    else "") if stack else "no epilogues left"
        return f"[b]Questline[/b] · {decks} · {upcoming}"

    def _hand(self, view: QuestView, rows: int) -> list[str]:
        """The hand's rows in markup: a card too long for one row takes two while `rows` allow."""
        if view.seat is None:
            return ["[dim]Hands are hidden until the next player is at the keyboard.[/]"]
        hand = self.hand_order(view)
        lines = []
        if len(hand) == 7 and view.phase is not Phase.OPENING:
            lines.append(f"[b]Your hand[/b] (7 cards, {self._worth(view, tuple(sorted(hand)))})")
        elif len(hand) == 8 and view.phase is not Phase.OPENING:
            lines.append("[b]Your hand[/b] (8 cards, draw done: discard one)")
        else:
            lines.append(f"[b]Your hand[/b] ({len(hand)} cards)")
        new = self._just_drawn(view, hand)
        shown = {level for c in hand for level in CARDS[c].levels}
        top = max(shown, default=1)
        wild = sum(CARDS[c].wild for c in hand)
        name_width, feature_width = columns([CARDS[c] for c in hand], HAND_LINE)
        missing = [lvl for lvl in range(1, top) if lvl not in shown]
        fill = f" ({wild} ? card{'s' if wild != 1 else ''} can fill)" if wild else ""
        gap = [f" [yellow]gap: level {', '.join(map(str, missing))} missing{fill}[/]"] if missing else []
        spare = rows - len(lines) - len(hand) - len(gap)  # for a card too long for one row
        for n, card in enumerate(hand, 1):
            mark = " [green]new[/]" if card == new else ""
            width = HAND_LINE - 4 if mark else HAND_LINE
            shown = card_rows(CARDS[card], name_width, feature_width, width, 2 if spare > 0 else 1)
            spare -= len(shown) - 1
            lines.append(f" [b]{n}[/b] {shown[0]}{mark}")
            lines += [f"   {row}" for row in shown[1:]]
        return lines + gap

    def _just_drawn(self, view: QuestView, hand: Sequence[str]) -> str | None:
        """The card this seat just drew (its hand of eight against the seven it last saw), marked
        "new" in its own hand only: with several people at one terminal the log names no card."""
        seen = self._sevens
        if len(hand) == 7:
            seen[view.seat] = frozenset(hand)
            return None
        if len(hand) != 8 or view.phase is not Phase.PLAY:
            return None
        if view.seat not in seen:  # a game continued from its save: the log says what was drawn
            seen[view.seat] = frozenset(hand) - {self._last_drawn(view.seat)}
        added = set(hand) - seen[view.seat]
        return added.pop() if len(added) == 1 else None

    def _last_drawn(self, seat: int) -> str | None:
        """The card the seat's last command brought into its hand, found by replaying the log."""
        for who, command, events in reversed(self.table.history()):
            if who != seat:
                continue
            if isinstance(command, TakeFromDiscard):
                return command.card
            return next((e.card for e in events if isinstance(e, CardDrawn) and e.seat == seat), None)
        return None

    def _areas(self, view: QuestView, rows: int) -> list[str]:
        """Each reachable discard area, its cards lettered (TAKE_KEYS), then the others' hands, in
        `rows` rows of markup."""
        targets = self.take_targets(view)
        areas = [(label, [(letter, CARDS[c]) for letter, (owner, c) in targets.items() if owner == seat])
                 for seat, label, _ in self.areas(view)]
        others = others_lines(self._others(view))
        return area_lines(areas, rows - len(others)) + others

    def _others(self, view: QuestView) -> list[str]:
        """Each other player's hand or epilogue, the neighbours first: theirs are the areas you take from."""
        sides = {s: label for s, label, _ in self.areas(view) if s != view.seat}
        others = sorted((s for s in range(view.players) if s != view.seat), key=lambda s: s not in sides)
        entries = []
        for seat in others:
            state = f"done ★{CARDS[view.epilogue_of[seat]].stars}" if view.done[seat] else (
                f"{view.hand_sizes[seat]} cards")
            side = f" ({sides[seat]})" if seat in sides else ""
            entries.append(f"{self.table.names[seat]}{side} {state}")
        return entries

    def _status(self, view: QuestView) -> str:
        if self.inspecting:
            return "Read which card? Its number (your hand) or its letter (a discard area)."
        if self.problem:
            return self.problem_line()
        outcome = self.table.outcome()
        if outcome is not None:
            return f"[b]Game over: {markup_safe(outcome.summary)}.[/] b: the layouts · escape: menu"
        if view.seat is None:
            return f"[i]{markup_safe(self.table.waiting_for())}…[/]"
        who = f"{self.names[view.seat]}: " if len(self.runtime.people) > 1 else ""
        if view.phase is Phase.OPENING:
            if view.my_first_discard:
                return "Waiting for the others to choose their first discard…"
            return f"{who}choose your first discard: press its number (1-8)"
        if view.done[view.seat]:
            return "You completed your questline. Waiting for the others…"
        if len(view.hand) > 7:
            return f"{who}discard a card: press its number (1-8)"
        if view.final_cycles == 0:
            return f"{who}no more draws: press x to complete"
        keys = letter_runs(self.take_targets(view))
        letters = f"{keys} take · " if keys else ""
        if view.solo:
            reset = "r reset · " if view.adventure_left else ""
            return f"{who}{letters}{reset}x complete · b best layout"
        draws = f"{view.final_cycles} draw{'s' if view.final_cycles > 1 else ''}"
        last = f" ({draws} left)" if view.final_cycles > 0 else ""
        return f"{who}a adventure deck · c class deck · {letters}x complete{last}"

    # -- keys -------------------------------------------------------------------------------
    def on_key(self, event: textual_events.Key) -> None:
        if self.inspecting:
            event.stop()
            self.inspecting = False
            self.read_card(event.character or "")
            return
        key = event.character
        if not key or len(key) != 1:
            return
        if key == "i":  # here, not only by binding: a binding runs after the next key arrives
            event.stop()
            self.action_inspect()
            return
        view = self.view
        if key.isdigit() and view.seat is not None:
            event.stop()
            hand = self.hand_order(view)
            n = int(key)
            if not 1 <= n <= len(hand):
                self.problem = f"There is no card {n} in your hand."
                self.redraw()
                return
            card = hand[n - 1]
            self.send(ChooseFirstDiscard(card) if view.phase is Phase.OPENING else Discard(card))
        elif key in TAKE_KEYS:
            event.stop()
            target = self.take_targets(view).get(key)
            if target is None:
                self.problem = f"No discard-area card is marked {key}."
                self.redraw()
                return
            owner, card = target
            before = self._letters[(view.seat, owner)].just_changed(key, self.clock())
            if before is not None:
                self.problem = (f"{key} now marks {CARDS[card].name}, not {CARDS[before].name}: "
                                f"press {key} again to take it.")
                self.redraw()
                return
            self.send(TakeFromDiscard(owner, card))

    def action_inspect(self) -> None:
        """i, then a hand card's number or a discard-area card's letter: that card in full."""
        self.inspecting = True
        self.problem = ""
        self.redraw()

    def read_card(self, key: str) -> None:
        view = self.view
        card = None
        if key.isdigit() and view.seat is not None and 1 <= int(key) <= len(view.hand):
            card = self.hand_order(view)[int(key) - 1]
        elif key.upper() in self.take_targets(view):
            card = self.take_targets(view)[key.upper()][1]
        if card is None:
            self.problem = f"No card is marked {key}." if key.isprintable() and key.strip() else ""
            self.redraw()
            return
        self.redraw()
        self.app.push_screen(Message(CARDS[card].name, Text(card_details(CARDS[card]))))

    def action_draw(self, deck: str) -> None:
        self.send(DrawFromDeck(deck))

    def action_reset(self) -> None:
        self.send(Reset())

    def action_complete(self) -> None:
        view = self.view
        if view.seat is None or len(view.hand) != 7 or view.phase is not Phase.PLAY:
            self.send(CompleteHand())  # the bus explains why not
            return
        hand, taken = tuple(sorted(view.hand)), epilogue_now(view)
        if taken is None:
            question = f"Complete your questline now? It scores {best_total(hand)} stars."
        else:
            question = (f"Complete your questline now? You take the ★{CARDS[taken].stars} epilogue "
                        f"and score {best_total(hand, taken)} stars ({best_total(hand)} before "
                        "the epilogue).")
        question += " You cannot change it afterwards."
        self.app.push_screen(Confirm(question), lambda yes: yes and self.send(CompleteHand()))

    def action_arrangement(self) -> None:
        from tui.games.questline.arrangement import ArrangementScreen

        view = self.view
        if view.seat is None or not view.hand:
            return
        hand = list(view.hands[view.seat]) if view.hands else list(view.hand)
        epilogue = view.epilogue_of[view.seat]
        self.app.push_screen(ArrangementScreen([CARDS[c] for c in hand],
                                               CARDS[epilogue] if epilogue else None))

    # -- events ---------------------------------------------------------------------------
    def after_events(self, events: Sequence[Event]) -> None:
        scored = next((e for e in events if isinstance(e, GameScored)), None)
        if scored is None:
            return
        view = self.table.view(None)
        rows = []
        for seat, stars in enumerate(scored.scores):
            epilogue = CARDS[view.epilogue_of[seat]]
            extra = f" · {rank(stars)}" if view.solo else ""
            rows.append(f"[b]{self.names[seat]}[/b]: {stars} stars (epilogue ★{epilogue.stars}){extra}")
        summary = markup_safe(scored.describe(self.table.names))
        rows += ["", summary, "", "b shows each layout card by card."]
        self.pause_bots()
        self.app.push_screen(Message("Final scoring", "\n".join(rows)), lambda _: self.resume_bots())


def hand_box_rows(hand: int, areas: int) -> int:
    """The hand's box's share of BOARD_ROWS, given the rows each box would fill whole: HAND_ROWS,
    more while the areas leave them free, fewer while the areas need them and the hand does not."""
    low, high = sorted((hand, HAND_ROWS))
    return min(max(BOARD_ROWS - areas, low), high)


def log_rows(lines: Sequence[str], rows: int = LOG_ROWS, width: int = 78) -> list[str]:
    """The newest log lines that fit whole in `rows` rows, wrapped at words; a newest line too long
    for all of them ends by saying where it is whole."""
    shown: list[str] = []
    for line in reversed(lines):
        wrapped = textwrap.wrap(line, width, break_on_hyphens=False) or [""]
        if len(shown) + len(wrapped) <= rows:
            shown = wrapped + shown
            continue
        if not shown:
            last = " ".join(wrapped[rows - 1:])[:width - len(WHOLE_LOG)].rstrip()
            shown = wrapped[:rows - 1] + [last + WHOLE_LOG]
        break
    return shown


def letter_runs(letters) -> str:
    """The letters in use, each run of neighbours shortened: "A-C,H,O-P"."""
    runs: list[list[str]] = []
    for letter in sorted(letters):
        if runs and ord(letter) == ord(runs[-1][-1]) + 1:
            runs[-1].append(letter)
        else:
            runs.append([letter])
    return ",".join(run[0] if len(run) == 1 else f"{run[0]}-{run[-1]}" for run in runs)
