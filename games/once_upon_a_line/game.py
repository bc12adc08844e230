"""Once Upon a Line behind the shared protocol: one seat (solo or friends side by side), a chapter.

(Issue 21's ninth pass, per-game costs and the engine; bench/random_play_instructions.py
once-upon-a-line --games 200 --no-gc: 95,474 on 8437540. Where it goes (valgrind, after 30 warm-up
games, the collector off): a game's Table and Runtime 155.5k instructions (1,000 made, none
played): the Table 98.6k (load_chapter 20.9k, of which chapter_files 9.5k and the two stat_results
~4.1k each; new_chapter 58.4k, of which the first state's copy 50.1k: each board ~10k, the crossed
rows 11.6k; saga_of 5.3k), the Runtime 56.3k (the bot 35.5k, its seed 13.3k). The engine, selfplay
against a bare loop over the same games (LegalListing(state).sample, then seat_applies): 8.8k a
move, 7.5k of it Runtime.run, Table.carry_out, RandomBot.choose, to_act and listing (~240 bytecodes
and four calls), 1.3k the decision's timing and selfplay's own per game, where game.outcome cost
28.7k a game (0.84k a move: the score's nine criteria, each a call and a lambda). Kept: listing
hands out the same LegalListing again for the same state, reset (a new one made and freed a move:
~1.8k, 5,000 made and dropped under cachegrind): 94,642 and 94,585; the score's criteria by one
loop of tests (scoring.success_points: chapter_score 23.1k -> 14.3k, outcome 28.7k -> 21.9k a
game): 94,444 and 94,403 (3,251k -> 3,243k a game); Table.carry_out calling the game's apply looked
up once per table (a staticmethod read through the game instance: ~250 a move): 94,174 and 94,183;
why undo stops kept as two fields of the Table, not a tuple made at nearly every move: 93,990 and
94,047. Dropped: run's move limit as a countdown range, not len(table.log) a move, 94,809 (in 3.11
a range's ints past 256 are made at each turn); the bots' reads_view and picks_listed read once per
run into sets, 94,687 (noise); HeroBoard.copy's compartments by list(map(list.copy)) when none is
locked, 10.0k -> 10.0k a board (making and freeing the lists is the cost, not the loop; `None in
compartments` is ~0.8k of rich compares); saga_of as one dict display, 5.25k -> 4.47k a game (0.02k
a move, and the saga's keys saved in another order); LineState.copy storing each field into a bare
object, not through __init__'s 34 parameters, 50.4k -> 50.6k a copy (the containers made and freed
are the cost). Weighed, not built: LogEntry made by tuple.__new__ costs ~1.35k a move (a tuple
subclass through tp_new_wrapper); one without a Python __new__, made from a tuple, ~0.95k, but
every LogEntry(seat, command) would change (the tenth pass made entries plain pairs: table.py);
the crossed rows as tuples replaced on change (their copy ~11.6k -> ~4.8k a game, 0.2k a move)
need give_letters to replace a row (letters.py; tried by the tenth pass: no gain a move);
load_chapter's stats: no cheaper exact test (an edit in place leaves the folder's stamp, and tests
hand load_chapter their own chapter_files).)"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.core.messages import Command, Event
from games.core.protocol import Game, Outcome
from games.once_upon_a_line import apply, legal
from games.once_upon_a_line.commands import COMMANDS
from games.once_upon_a_line.content import check_chapters, load_chapter, proof_reports
from games.once_upon_a_line.events import ChapterOpened
from games.once_upon_a_line.listing import LegalListing
from games.once_upon_a_line.manifest import MANIFEST
from games.once_upon_a_line import saga
from games.once_upon_a_line.saga import saga_of
from games.once_upon_a_line.scoring import chapter_score
from games.once_upon_a_line.setup import campaign_of, new_chapter
from games.once_upon_a_line.state import LineState
from games.once_upon_a_line.view import LineView, view_of

FIRST_CHAPTER = "prologue"


class OnceUponALine(Game[LineState, LineView]):
    manifest = MANIFEST
    commands = COMMANDS
    bots_module = "games.once_upon_a_line.bots"

    content_checks = (check_chapters,)
    content_reports = (proof_reports,)

    def setup(self, seed: int, seats: int, options: Mapping[str, Any]) -> tuple[LineState, list[Event]]:
        if seats != 1:
            raise ValueError("Once Upon a Line is played at one screen: one seat.")
        chapter = load_chapter(str(options.get("chapter", FIRST_CHAPTER)))
        heroes = tuple(options.get("heroes") or chapter.heroes)
        unknown = [h for h in heroes if h not in chapter.roster]
        if unknown or len(heroes) != len(chapter.heroes) or len(set(heroes)) != len(heroes):
            raise ValueError(f"{chapter.title} is played by {len(chapter.heroes)} different heroes "
                             f"of the saga, not {', '.join(heroes)}")
        state = new_chapter(chapter, options.get("campaign"), seed, heroes, saga_of(options, seed))
        return state, [ChapterOpened(chapter.title, tuple(state.completed))]

    def to_act(self, state: LineState) -> tuple[int, ...]:
        return () if state.ended else (0,)

    def waiting_for(self, state: LineState, names: Sequence[str]) -> str:
        if state.ended:
            return "nobody: the chapter is over"
        if state.pending is not None:
            return f"you to {legal.WAITING[state.pending.kind]}"
        return "you to play a hero"

    def legal_commands(self, state: LineState, seat: int) -> list[Command]:
        return legal.legal(state) if seat == 0 else []

    _listed: LegalListing | None = None  # the listing handed out last (see listing)

    def listing(self, state: LineState, seat: int) -> Sequence[Command]:
        """The state's LegalListing. Headless play asks once a move of the same state (changed in
        place): the listing handed out last is handed out again when it is of this very state,
        with what it built or drew for the last ask forgotten (a new one a move, made and freed,
        cost ~1.8k instructions, ~1.9% of a move). (Kept here, not on the state: a listing holds
        its state, and a cycle would outlive the game until a full collection.)"""
        if seat != 0:
            return []
        listing = self._listed
        if listing is not None and listing.state is state:
            listing._full = listing._drawn = None  # (Listing's: as a new one has them)
            return listing
        self._listed = listing = LegalListing(state)
        return listing

    def rejection(self, state: LineState, seat: int, command: Command) -> str | None:
        return legal.rejection(state, command)

    apply = staticmethod(apply.seat_applies)  # the rules' own function: no wrapper call a move

    def outcome(self, state: LineState) -> Outcome | None:
        if not state.ended:
            return None
        score = chapter_score(state)
        if state.ended == "tragedy":
            return Outcome((), f"Tragedy: the Line of Tragedy ran out. Score {score}.", (score,))
        return Outcome((0,), f"The Epilogue: {score} Utopia points.", (score,))

    def view(self, state: LineState, seat: int | None) -> LineView:
        return view_of(state)

    def progress(self, state: LineState) -> str:
        title = state.chapter.title
        if state.ended:
            return f"{title}: {'Tragedy' if state.ended == 'tragedy' else 'finished'}, " \
                   f"{chapter_score(state)} points"
        cards, left = len(state.read), state.tragedy_left()
        return (f"{title}: {cards} card{'s' * (cards != 1)} read, "
                f"{left} hourglass{'es' * (left != 1)} left")

    def save_group(self, state: LineState) -> dict[str, Any]:
        return saga.save_group(state)

    def fork_options(self, state: LineState, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
        return saga.fork_options(state, options, seed)

    def snapshot(self, state: LineState) -> dict[str, Any]:
        return {"chapter": state.chapter.id, "cards_read": list(state.read),
                "words": list(state.completed), "hourglasses_left": state.tragedy_left(),
                "ended": state.ended, "campaign": campaign_of(state)}

    def copy_state(self, state: LineState) -> LineState:
        return state.copy()



GAME = OnceUponALine()
