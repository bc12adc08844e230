"""The Dice Upon a Time screen: the map with its sockets and figures, the players, your dice and
quests, the log, and a prompt line that says which keys act now.

Digits pick a die (then the arrows walk only the sockets it may take, and the map lights the field
the figure could reach); enter places it. Digits also answer questions and complete quests, as the
prompt numbers them. r a Rabbit token, p pass, g/s go or stay, e end the turn, a your character's
ability, m your Magic Items, t a trade, i everything on the table in full.
"""
from __future__ import annotations

from typing import Sequence

from rich.text import Text
from textual import events as textual_events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import Footer, Static

from games.core.messages import Command, Event
from games.core.words import counted
from games.dice_upon_a_time.commands import (
    Answer, CompleteQuest, EndTurn, Move, OfferTrade, Pass, PlaceDie, PlayMagic, Stay, UseAbility,
    UseRabbit,
)
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.dice import is_route
from games.dice_upon_a_time.events import GameScored
from games.dice_upon_a_time.view import DiceView, Phase
from tui.games.dice_upon_a_time import panels
from tui.games.dice_upon_a_time.map import Marks, map_text, socket_places, step
from tui.games.dice_upon_a_time.text import (
    die_name, face_word, option_label, question_text, socket_words,
)
from tui.player_text import markup_safe
from tui.screens.game_screen import GameScreen


class DiceUponATimeScreen(GameScreen):
    CSS_PATH = "screen.tcss"
    PRIVATE_HANDS = True  # Magic Item cards are hidden from the other players
    BINDINGS = [
        Binding("up", "move('up')", "Move", show=False),
        Binding("down", "move('down')", "Move", show=False),
        Binding("left", "move('left')", "Move", show=False),
        Binding("right", "move('right')", "Move", show=False),
        Binding("tab", "cycle", "Next socket", show=False),
        Binding("enter,space", "choose", "Choose", show=False),
        Binding("r", "rabbit", "Rabbit", show=False),
        Binding("p", "pass_chapter", "Pass", show=False),
        Binding("g", "go(True)", "Go", show=False),
        Binding("s", "go(False)", "Stay", show=False),
        Binding("e", "end_turn", "End turn", show=False),
        Binding("a", "ability", "Ability", show=False),
        Binding("m", "magic", "Magic"),
        Binding("t", "trade", "Trade"),
        Binding("i", "details", "Table"),
    ]

    def __init__(self, table, handle) -> None:
        super().__init__(table, handle)
        self.die: int | None = None  # the die picked with its digit
        self.rabbit = False  # choosing a route for a Rabbit token
        self.cursor: str | None = None  # the socket the arrows are on
        self.places = socket_places(game_content().board)

    def compose(self) -> ComposeResult:
        yield Static(id="dt-top")
        with Horizontal(id="dt-middle"):
            yield Static(id="dt-map")
            yield Static(id="dt-side")
        yield Static(id="dt-dice")
        yield Static(id="dt-quests")
        yield Static(id="dt-log")
        yield Static(id="dt-status")
        yield Footer()

    # -- what the viewer may do -------------------------------------------------------------
    def placing(self, view: DiceView) -> bool:
        return self.my_turn(view) and view.question is None and view.phase is Phase.PLACE

    def targets(self, view: DiceView) -> list[str]:
        """The sockets the arrows walk now: the chosen die's legal ones, or a Rabbit token's routes."""
        if not self.placing(view):
            return []
        legal = self.legal(view)
        if self.rabbit:
            return [f"r{c.route}" for c in legal if isinstance(c, UseRabbit)]
        if self.die is None:
            return []
        found = [c.socket for c in legal if isinstance(c, PlaceDie) and c.die == self.die]
        return sorted(found, key=lambda s: self.places[s])

    def fix_choice(self, view: DiceView) -> None:
        """Keep the picked die and cursor meaningful as the table changes."""
        pool = dict(view.players[view.seat].pool) if view.seat is not None else {}
        if not self.placing(view):
            self.die, self.rabbit = None, False
        elif self.die not in pool:
            self.die = next(iter(pool)) if len(pool) == 1 and not self.rabbit else None
        targets = self.targets(view)
        if self.cursor not in targets:
            here = view.players[view.seat].field if view.seat is not None else None
            board = game_content().board
            mine = [t for t in targets if is_route(t) and here in board.routes[int(t[1:])].ends]
            self.cursor = (mine or targets or [None])[0]

    # -- drawing ------------------------------------------------------------------------------
    def redraw(self) -> None:
        if not self.ready:
            return
        view = self.view
        self.fix_choice(view)
        no_color = self.app.no_color
        names = self.table.names
        self.query_one("#dt-top", Static).update(panels.header(view, names))
        self.query_one("#dt-map", Static).update(map_text(view, self.marks(view, no_color)))
        self.query_one("#dt-side", Static).update(
            panels.players(view, names, self.table.to_act(), no_color))
        self.query_one("#dt-dice", Static).update(panels.dice_line(view, self.die, self.rabbit))
        self.query_one("#dt-quests", Static).update(panels.quests(view))
        self.query_one("#dt-log", Static).update(Text("\n".join(list(self.log_lines)[-2:])))
        self.query_one("#dt-status", Static).update(self._status(view))

    def marks(self, view: DiceView, no_color: bool) -> Marks:
        content = game_content()
        me = view.players[view.seat] if view.seat is not None else None
        targets = self.targets(view)
        reach: set[str] = set()
        if me is not None and self.cursor and is_route(self.cursor):
            route = content.board.routes[int(self.cursor[1:])]
            if me.field in route.ends:
                reach.add(route.other(me.field))
        if me is not None and view.phase is Phase.MOVE and view.activated is not None:
            route = content.board.routes[view.activated]
            if me.field in route.ends and self.my_turn(view):
                reach.add(route.other(me.field))
        quests = frozenset(content.quests[q].at for q in me.quests if content.quests[q].at) \
            if me is not None else frozenset()
        return Marks(cursor=self.cursor, legal=frozenset(targets), reach=frozenset(reach),
                     quests=quests, here=me.field if me else None, no_color=no_color,
                     dim_others=bool(targets))

    def _status(self, view: DiceView) -> str:
        outcome = self.table.outcome()
        if outcome is not None:
            return f"[b]The story is told: {markup_safe(outcome.summary)}.[/] i: the table · escape: menu"
        if self.problem:
            return self.problem_line()
        if not self.my_turn(view):
            who = markup_safe(self.table.waiting_for())
            thinking = " (thinking)" if self.thinking is not None else ""
            return f"[i]Waiting for {who}{thinking}…[/]"
        if view.question is not None:
            return self._question_prompt(view)
        if view.phase is Phase.PLACE:
            return self._place_prompt(view)
        if view.phase is Phase.MOVE:
            content = game_content()
            route = content.board.routes[view.activated] if view.activated is not None else None
            me = view.players[view.seat]
            if route is not None and me.field in route.ends:
                there = content.board.fields[route.other(me.field)].name
                return f"Go to [b]{there}[/b] along the route? [b]g[/b] or enter: go · [b]s[/b] stay"
            return "The route does not start where you stand. [b]s[/b] or enter: go on"
        if view.phase is Phase.QUESTS:
            done = [c for c in self.legal(view) if isinstance(c, CompleteQuest)]
            if not done:
                return "No quest can be completed here. [b]e[/b] or enter: end your turn"
            titles = " · ".join(f"[b]{i}[/b] {markup_safe(panels.card_title(c.card))}"
                                for i, c in enumerate(done, 1))
            return f"Complete: {titles} · [b]e[/b] end your turn"
        return ""

    def _place_prompt(self, view: DiceView) -> str:
        me = view.players[view.seat]
        if self.rabbit:
            if self.cursor is None:
                return "No route starts here. [b]r[/b] back to your dice"
            words = markup_safe(socket_words(view, self.cursor, me.field))
            return f"Rabbit token: {words}. Arrows choose, enter uses it · [b]r[/b] back"
        if self.die is None:
            keys = " ".join(str(d + 1) for d in sorted(dict(me.pool)))
            extra = " · [b]r[/b] Rabbit token" if me.rabbit else ""
            return f"Pick a die: [b]{keys}[/b]{extra} · [b]p[/b] pass for the chapter"
        face = face_word(dict(me.pool)[self.die])
        if self.cursor is None:
            return f"{die_name(self.die).capitalize()} ({face}) fits no socket now: pick another or pass."
        words = markup_safe(socket_words(view, self.cursor, me.field))
        return (f"{die_name(self.die).capitalize()} ({face}) on {words}. "
                "Arrows/tab: legal sockets · enter: place")

    def _question_prompt(self, view: DiceView) -> str:
        about = markup_safe(question_text(view, self.table.names))
        options = " · ".join(f"[b]{i}[/b] {markup_safe(option_label(view, view.question, o))}"
                             for i, o in enumerate(view.options, 1))
        return f"{about}: {options}"

    # -- keys -----------------------------------------------------------------------------------
    def on_key(self, event: textual_events.Key) -> None:
        """Digits: a die while placing, an answer while asked, a quest to complete."""
        key = event.character
        if not key or len(key) != 1 or not key.isdigit():
            return
        event.stop()
        view = self.view
        if not self._ready(view):
            return
        n = int(key)
        if view.question is not None:
            if 1 <= n <= len(view.options):
                self.send(Answer(view.options[n - 1]))
            else:
                self.refuse(f"Answer with a number from 1 to {len(view.options)}.")
            return
        if view.phase is Phase.PLACE:
            pool = dict(view.players[view.seat].pool)
            if n - 1 not in pool:
                held = " ".join(str(d + 1) for d in sorted(pool))
                self.refuse(f"You have no die {n} to place: yours are {held or 'all used'}.")
                return
            self.die, self.rabbit, self.cursor, self.problem = n - 1, False, None, ""
            self.redraw()
            return
        if view.phase is Phase.QUESTS:
            done = [c for c in self.legal(view) if isinstance(c, CompleteQuest)]
            if 1 <= n <= len(done):
                self.send(done[n - 1])
            else:
                self.refuse("No quest of that number can be completed here and now.")
            return
        self.refuse("Digits pick a die, answer a question or complete a quest: not now.")

    def refuse(self, reason: str) -> None:
        self.problem = reason
        self.redraw()
        self.app.bell()

    def _ready(self, view: DiceView) -> bool:
        """Whether keys may act now; says why not when it is someone else's turn."""
        if self.table.outcome() is not None:
            self.refuse("The game is over: escape for the menu, i for the table.")
            return False
        if not self.my_turn(view):
            self.refuse(f"It is not your turn: waiting for {self.table.waiting_for()}.")
            return False
        return True

    def _in_phase(self, view: DiceView, phase: Phase, why: str) -> bool:
        if not self._ready(view):
            return False
        if view.question is not None:
            self.refuse(f"First {view.waiting}.")
            return False
        if view.phase is not phase:
            self.refuse(why)
            return False
        return True

    def action_move(self, direction: str) -> None:
        view = self.view
        targets = self.targets(view)
        if targets:
            self.cursor = step(self.places, targets, self.cursor, direction)
            self.redraw()

    def action_cycle(self) -> None:
        targets = self.targets(self.view)
        if targets:
            at = targets.index(self.cursor) if self.cursor in targets else -1
            self.cursor = targets[(at + 1) % len(targets)]
            self.redraw()

    def action_choose(self) -> None:
        view = self.view
        if not self._ready(view):
            return
        if view.question is not None:
            if len(view.options) == 1:
                self.send(Answer(view.options[0]))
            else:
                self.refuse(f"Choose with a number from 1 to {len(view.options)}.")
        elif view.phase is Phase.PLACE:
            if self.cursor is None:
                self.refuse("First pick a die with its number." if self.die is None and not self.rabbit
                            else "That die fits no socket now: pick another, or p to pass.")
            elif self.rabbit:
                self.send(UseRabbit(int(self.cursor[1:])))
            else:
                self.send(PlaceDie(self.die, self.cursor))
        elif view.phase is Phase.MOVE:
            legal = self.legal(view)
            self.send(Move() if Move() in legal and self._can_walk(view) else Stay())
        elif view.phase is Phase.QUESTS:
            self.send(EndTurn())

    def _can_walk(self, view: DiceView) -> bool:
        if view.activated is None:
            return False
        route = game_content().board.routes[view.activated]
        return view.players[view.seat].field in route.ends

    def action_rabbit(self) -> None:
        view = self.view
        if not self._in_phase(view, Phase.PLACE, "A Rabbit token is used instead of placing a die."):
            return
        if not view.players[view.seat].rabbit and not self.rabbit:
            self.refuse("You have no Rabbit token: the Rabbit's highest tower wins one each chapter.")
            return
        self.rabbit, self.die, self.cursor, self.problem = not self.rabbit, None, None, ""
        self.redraw()

    def action_pass_chapter(self) -> None:
        view = self.view
        if not self._in_phase(view, Phase.PLACE, "You pass instead of placing a die, as a turn begins."):
            return
        from tui.screens.dialogs import Confirm

        left = len(view.players[view.seat].pool)
        question = (f"Pass for the rest of this chapter? Your {counted(left, 'unused die', 'unused dice')} "
                    "stay out of play until the next chapter.")
        self.app.push_screen(Confirm(question), lambda yes: self.send(Pass()) if yes else None)

    def action_go(self, go: bool) -> None:
        view = self.view
        if not self._in_phase(view, Phase.MOVE, "You move just after placing a die on a route."):
            return
        self.send(Move() if go else Stay())

    def action_end_turn(self) -> None:
        view = self.view
        if self._in_phase(view, Phase.QUESTS, "First place a die (or pass), then move."):
            self.send(EndTurn())

    def action_ability(self) -> None:
        if self._ready(self.view):
            self.send(UseAbility())

    def action_magic(self) -> None:
        from tui.games.dice_upon_a_time.dialogs import MagicItems

        view = self.view
        if view.seat is None:
            self.refuse("Magic Item cards are hidden until a player is at the keyboard.")
            return
        playable = {c.card for c in self.legal(view) if isinstance(c, PlayMagic)}
        self.app.push_screen(MagicItems(view, playable),
                             lambda card: self.send(PlayMagic(card)) if card else None)

    def action_trade(self) -> None:
        from tui.games.dice_upon_a_time.dialogs import TradeOffer

        view = self.view
        if not self._ready(view):
            return
        if view.question is not None:
            self.refuse(f"First {view.waiting}.")
            return
        here = view.players[view.seat].field
        met = [s for s, p in enumerate(view.players) if s != view.seat and p.field == here]
        if not met:
            self.refuse("No other figure stands on your field: trades are made where figures meet.")
            return
        self.app.push_screen(TradeOffer(view, met, self.table.names),
                             lambda offer: self.send(OfferTrade(*offer)) if offer else None)

    def action_details(self) -> None:
        from tui.screens.dialogs import GameLog

        lines = panels.details(self.view, self.table.names)
        self.app.push_screen(GameLog(lines, title="The table in full", scroll_to_end=False))

    # -- events -------------------------------------------------------------------------------------
    def send(self, command: Command) -> bool:
        done = super().send(command)
        if done and isinstance(command, (PlaceDie, UseRabbit, Pass)):
            self.die, self.rabbit, self.cursor = None, False, None
            self.redraw()
        return done

    def after_events(self, events: Sequence[Event]) -> None:
        scored = next((e for e in events if isinstance(e, GameScored)), None)
        if scored is not None:
            from tui.screens.dialogs import Message

            self.pause_bots()
            body = panels.final_scores(self.table.view(self.viewer()), self.table.names, scored)
            self.app.push_screen(Message("The end of the story", body), lambda _: self.resume_bots())
