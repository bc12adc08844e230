"""Questline on screen at 80x24: solo from the menu to a rank, play against a bot, hotseat privacy."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from games.questline.arrange import score_hand
from games.questline.commands import CompleteHand, TakeFromDiscard
from games.questline.events import CardDrawn
from games.questline.decks import CARDS
from games.questline.state import Phase
from tests.tui.helpers import SIZE, make_app, pick_game, screen_text, wait_until
from tui.screens.dialogs import Confirm, Message, PassTerminal
from tui.screens.menu import MainMenu
from tui.games.questline.screen import QuestlineScreen
from tui.screens.saves import SaveMenu, describe


async def open_questline(pilot, preset_index: int) -> QuestlineScreen:
    await pick_game(pilot, "questline")
    seats = pilot.app.screen.query_one("#seat-choices")
    seats.highlighted = preset_index
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, QuestlineScreen)
    return pilot.app.screen


async def past_the_first_discards(pilot) -> QuestlineScreen:
    """Questline against one easy bot, card 8 chosen as the first discard and every first discard in."""
    screen = await open_questline(pilot, 1)  # you and 1 easy bot
    await pilot.press("8")
    await wait_until(pilot, lambda: screen.table.view(0).phase is Phase.PLAY, "every first discard is in")
    return screen


def shown(screen: QuestlineScreen, box: str) -> str:
    """The text of one of the screen's boxes as last drawn, without its markup."""
    return Text.from_markup(screen.query_one(box, Static).content).plain


async def test_solo_from_the_menu_to_a_rank(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 0)  # solo
        table = screen.table
        assert table.view(0).solo and len(table.view(0).hand) == 7
        assert "Your hand (7 cards, best layout" in screen_text(app)
        hand = [CARDS[c] for c in table.view(0).hand]
        lowest = min((CARDS[c] for c in table.view(0).epilogues), key=lambda card: card.stars)
        assert (f"best layout {score_hand(hand)} stars; {score_hand(hand, lowest)} if you "
                f"complete now, with ★{lowest.stars})") in screen_text(app)
        await pilot.press("A")  # take the first discard-area card
        _, logged = table.log[-1]
        assert isinstance(logged, TakeFromDiscard)
        await pilot.press("1")  # and discard the lowest card of the hand
        assert len(table.view(0).hand) == 7 and len(table.log) == 2
        await pilot.press("r")  # reset the discard area
        _, logged = table.log[-1]
        assert logged.__class__.__name__ == "Reset"
        assert "A-C take" in screen_text(app)  # nobody else acts: the new cards are lettered from A
        hand = [CARDS[c] for c in table.view(0).hand]
        lowest = min((CARDS[c] for c in table.view(0).epilogues), key=lambda card: card.stars)
        await pilot.press("x")
        assert isinstance(app.screen, Confirm)
        assert (f"You take the ★{lowest.stars} epilogue and score {score_hand(hand, lowest)} stars "
                f"({score_hand(hand)} before the epilogue)") in app.screen.question
        await pilot.press("y")
        await pilot.pause()
        _, logged = table.log[-1]
        assert isinstance(logged, CompleteHand)
        assert isinstance(app.screen, Message)
        summary = screen_text(app)
        assert "Final scoring" in summary and "stars" in summary
        assert any(rank in summary for rank in ("Mumbling Apprentice", "Nursery Rhymer",
                                                "Tavern-Bench Yarner", "Market-Square Teller",
                                                "Hearth-Hall Laureate", "Keeper of a Thousand Tales"))
        await pilot.press("enter", "b")  # the layout card by card
        assert "Total" in screen_text(app) and "card by card" in screen_text(app)
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, MainMenu)
        [info] = app.store.list()
        assert info.progress.startswith("finished")


async def test_rearranging_changes_the_total_and_b_restores_the_best(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_questline(pilot, 0)
        await pilot.press("b")
        layout = app.screen
        best = layout.best_total
        assert f"Total {best} stars" in screen_text(app)
        await pilot.press("]", "]", "]")  # move the class card three places right
        moved = screen_text(app)
        assert "Total" in moved
        await pilot.press("b")
        assert f"Total {best} stars" in screen_text(app) and "the best possible" in screen_text(app)


async def test_playing_against_an_easy_bot_and_continuing(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 1)  # you and 1 easy bot
        table = screen.table
        assert table.view(0).phase is Phase.OPENING
        await pilot.press("8")  # the highest card as the first discard
        await wait_until(pilot, lambda: table.view(0).phase is Phase.PLAY, "every first discard is in")
        assert table.view(0).phase is Phase.PLAY
        screen.pause_bots()  # the bot waits, so the hand sizes below are only ours to change
        await pilot.press("a")  # draw from the adventure deck
        assert len(table.view(0).hand) == 8 or table.outcome() is not None
        await pilot.press("a")
        assert "discard one first" in screen.problem
        await pilot.press("3")
        assert len(table.view(0).hand) == 7
        card = table.view(0).hand[0]  # the log names your own draws and hides the bot's
        mine, theirs = CardDrawn(0, "adventure", card), CardDrawn(1, "adventure", card)
        assert screen.describe(1, [mine, theirs]) == [mine.describe(screen.names),
                                                      theirs.public(screen.names)]
        assert theirs.public(screen.names) != theirs.describe(screen.names)
        log = list(table.log)
        await pilot.press("escape", "c", "enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, QuestlineScreen)
        assert resumed.table.log[:len(log)] == log


async def test_hotseat_hides_the_table_between_people(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pick_game(pilot, "questline")
        app.screen.query_one("#seat-choices").highlighted = 6  # two people
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassTerminal) and "Player 1" in screen_text(app)
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, QuestlineScreen) and screen.table.state.in_turn
        await pilot.press("1")  # Player 1 chooses a first discard
        await pilot.pause()
        assert isinstance(app.screen, PassTerminal) and "Player 2" in screen_text(app)
        await pilot.press("enter")
        assert screen.viewer() == 1
        await pilot.press("1")  # Player 2's first discard: the draws begin
        await pilot.pause()
        if isinstance(app.screen, PassTerminal):
            await pilot.press("enter")
        drawer = screen.viewer()
        await pilot.press("a")  # which card came off the deck is the drawer's secret
        drawn = next(e for e in screen.table.history()[-1][2] if isinstance(e, CardDrawn))
        await pilot.pause()
        marked = [line for line in screen_text(app).splitlines() if line.rstrip().endswith(" new")]
        assert len(marked) == 1 and CARDS[drawn.card].name[:20] in marked[0]  # the drawer sees it
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, PassTerminal)
        await pilot.press("enter")
        assert screen.viewer() == 1 - drawer
        shown = screen_text(app)  # the log stays on screen when the terminal is passed on
        assert drawn.public(screen.names) in shown and drawn.describe(screen.names) not in shown
        assert drawn.describe(screen.names) not in screen.log_lines


async def open_custom_table(pilot) -> None:
    from tui.screens.custom_table import CustomTable

    await pick_game(pilot, "questline")
    choices = pilot.app.screen.query_one("#seat-choices")
    choices.highlighted = choices.option_count - 1  # the last preset: custom table
    await pilot.press("enter")
    assert isinstance(pilot.app.screen, CustomTable)


async def test_a_custom_table_mixes_people_and_bots(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_custom_table(pilot)
        await pilot.press("down", "left")  # seat 3: empty -> hard bot
        await pilot.press("down", "right")  # seat 4: empty -> person
        assert app.screen.kinds[:4] == ["person", "easy bot", "hard bot", "person"]
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, PassTerminal):
            await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, QuestlineScreen)
        kinds = [(s.kind.value, s.bot) for s in screen.table.seats]
        assert kinds == [("person", None), ("bot", "easy"), ("bot", "hard"), ("person", None)]
        assert screen.table.state.in_turn  # two people at one terminal take turns


async def test_a_custom_table_needs_a_person_and_allows_solo(isolated_folders):
    from tui.screens.custom_table import CustomTable

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_custom_table(pilot)
        await pilot.press("up", "right")  # seat 1: person -> easy bot: only bots are left
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, CustomTable) and "must be a person" in screen.problem
        await pilot.press("left", "down", "left", "left")  # seat 1 person again, seat 2 empty
        assert screen.kinds[:2] == ["person", "empty"]  # a solo table is allowed
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, QuestlineScreen) and app.screen.table.view(0).solo


async def test_full_discard_areas_fit_80_columns(isolated_folders):
    """Seven cards in each area you may take from, the longest names: no line wraps at 80x24."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 2)  # you and 3 easy bots
        screen.pause_bots()
        state = screen.table.state
        longest = sorted(state.adventure_deck, key=lambda c: -len(CARDS[c].name))
        for seat in (3, 0, 1):  # left neighbour, yours, right neighbour
            state.discards[seat] = [longest.pop(0) for _ in range(7)]
        screen.redraw()
        text = shown(screen, "#ql-areas")
        assert "U " in text  # 21 cards lettered A-U
        assert max(len(line) for line in text.splitlines()) <= SIZE[0] - 2  # the panel's padding


async def test_a_four_seat_save_keeps_its_time_on_one_line_at_80_columns(isolated_folders):
    """The save menu at 80x24: with four seats beside it, the time wrapped mid-date."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 4)  # you and 3 hard bots
        screen.pause_bots()
        await pilot.press("escape", "c")
        assert isinstance(app.screen, SaveMenu)
        (info,) = app.screen.saves
        width = app.screen.query_one("#save-list").content_size.width
        when = info.updated.astimezone().strftime("%d %b %H:%M")
        lines = Text.from_markup(describe(info)).plain.splitlines()
        assert when in lines[0] and "Hard bot 3" in lines[1]
        assert all(len(line) < width for line in lines)


async def test_a_discard_into_one_area_never_moves_another_areas_letters(isolated_folders):
    """Bots discard in real time: with one run of letters over all areas, a card landing in the left
    neighbour's area moved every letter after it, and the letter pressed a moment later took another
    card (seen in tmux). Each area keeps its own seven letters: left A-G, yours H-N, right O-U."""
    from games.questline.commands import ChooseFirstDiscard
    from tui.games.questline.screen import TAKE_KEYS, letter_runs
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 2)  # you and 3 easy bots
        screen.pause_bots()
        table = screen.table
        state = table.state
        for seat in range(4):  # the bots may have chosen theirs already
            if state.phase is Phase.OPENING and state.opening[seat] is None:
                assert table.dispatch(seat, ChooseFirstDiscard(table.view(seat).hand[0]))
        assert state.phase is Phase.PLAY
        wanted = state.adventure_deck.pop()
        state.discards[1].append(wanted)  # the right neighbour's area
        letter = TAKE_KEYS[14 + len(state.discards[1]) - 1]
        screen.redraw()
        assert screen.take_targets(table.view(0))[letter] == (1, wanted)
        state.discards[3].append(state.adventure_deck.pop())  # the left neighbour discards meanwhile
        screen.redraw()
        assert f"{letter_runs(screen.take_targets(table.view(0)))} take" in screen_text(app)
        assert letter_runs("ABHIJO") == "A-B,H-J,O"  # the status line names the letters in use
        await pilot.press(letter)
        _, logged = table.log[-1]
        assert logged == TakeFromDiscard(1, wanted)
        assert wanted in table.view(0).hand


async def test_a_letter_that_just_passed_to_a_new_card_asks_before_taking_it(isolated_folders):
    """A full area must hand a freed letter to the next card at once: a key pressed a moment later
    was meant for the card that left, so the screen says what the letter marks now and waits for a
    second press instead of taking a card the player never chose."""
    from games.questline.commands import ChooseFirstDiscard
    from tui.games.questline.letters import GRACE
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 2)  # you and 3 easy bots
        screen.pause_bots()
        clock = [100.0]
        screen.clock = lambda: clock[0]
        table, state = screen.table, screen.table.state
        for seat in range(4):
            if state.phase is Phase.OPENING and state.opening[seat] is None:
                assert table.dispatch(seat, ChooseFirstDiscard(table.view(seat).hand[0]))
        state.discards[1][:] = [state.adventure_deck.pop() for _ in range(7)]  # a full area
        screen.redraw()
        letters = {card: letter for letter, (_, card) in screen.take_targets(table.view(0)).items()}
        gone = state.discards[1].pop(2)  # someone takes a card
        arrived = state.adventure_deck.pop()
        state.discards[1].append(arrived)  # and discards another there
        clock[0] += 0.1
        screen.redraw()
        key = letters[gone]
        assert screen.take_targets(table.view(0))[key] == (1, arrived)
        clock[0] += GRACE / 2
        await pilot.press(key)
        assert arrived in state.discards[1] and arrived not in table.view(0).hand
        assert f"{key} now marks" in screen_text(app) and "again to take it" in screen_text(app)
        await pilot.press(key)
        _, logged = table.log[-1]
        assert logged == TakeFromDiscard(1, arrived)


async def test_a_continued_game_still_marks_the_card_just_drawn(isolated_folders):
    """Leaving between a draw and its discard: on continuing, the hand of eight still shows which
    card came in (the screen's memory of the seven is gone, so it is read from the log)."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await past_the_first_discards(pilot)
        table = screen.table
        before = set(table.view(0).hand)
        await pilot.press("a")
        [drawn] = set(table.view(0).hand) - before
        await pilot.press("escape", "c", "enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, QuestlineScreen) and resumed is not screen
        [line] = [row for row in screen_text(app).splitlines()
                  if CARDS[drawn].name[:20] in row and "★" in row]  # its line in the hand
        assert line.rstrip().endswith("new")


async def test_a_card_keeps_its_letter_when_another_card_of_its_area_is_taken(isolated_folders):
    """A card taken from the middle of an area (by a neighbour, in real time) must not hand its
    letter to the next card: the letter pressed a moment later would take a card not chosen."""
    from games.questline.commands import ChooseFirstDiscard
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 2)  # you and 3 easy bots
        screen.pause_bots()
        table, state = screen.table, screen.table.state
        for seat in range(4):
            if state.phase is Phase.OPENING and state.opening[seat] is None:
                assert table.dispatch(seat, ChooseFirstDiscard(table.view(seat).hand[0]))
        state.discards[1][:] = [state.adventure_deck.pop() for _ in range(3)]  # the right neighbour's
        screen.redraw()
        letters = {card: letter for letter, (_, card) in screen.take_targets(table.view(0)).items()}
        first, middle, last = state.discards[1]
        assert {letters[first], letters[middle], letters[last]} <= set("OPQRSTU")
        state.discards[1].remove(middle)  # someone else takes it
        arrived = state.adventure_deck.pop()
        state.discards[1].append(arrived)  # and a new card arrives
        screen.redraw()
        now = {card: letter for letter, (_, card) in screen.take_targets(table.view(0)).items()}
        assert now[first] == letters[first] and now[last] == letters[last]
        assert now[arrived] not in letters.values()  # not the letter the taken card had a moment ago
        await pilot.press(letters[last])
        _, logged = table.log[-1]
        assert logged == TakeFromDiscard(1, last)


async def test_every_visible_card_can_be_read_in_full(isolated_folders):
    """i, then a hand card's number or a discard-area card's letter, opens everything it says; the
    discard areas list each card's level and stars; a quick number after i never discards."""
    from tui.games.questline.text import card_details

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 0)  # solo: a hand of seven and a discard area
        await pilot.press("A")  # a hand of eight: a number now would discard
        third = screen.hand_order(screen.table.view(0))[2]
        await pilot.press("i", "3")
        assert isinstance(app.screen, Message) and len(screen.table.view(0).hand) == 8
        assert CARDS[third].name in screen_text(app)
        assert card_details(CARDS[third]).splitlines()[0] in screen_text(app)
        await pilot.press("escape")
        letter, (_, card) = next(iter(screen.take_targets(screen.table.view(0)).items()))
        areas = shown(screen, "#ql-areas")
        [row] = [row for row in areas.splitlines() if f" {letter} " in row]
        assert CARDS[card].level_text() in row and f"★{CARDS[card].stars}" in row
        await pilot.press("i", letter.lower())
        assert isinstance(app.screen, Message) and CARDS[card].name in screen_text(app)
        await pilot.press("escape", "i", "9")
        assert "No card is marked 9" in screen.problem


async def test_hand_names_and_the_header_are_whole_at_80_columns(isolated_folders):
    from tui.games.questline.text import card_line, features

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 2)  # you and 3 easy bots
        screen.pause_bots()
        state = screen.table.state
        longest = sorted(CARDS, key=lambda c: -len(CARDS[c].name))[:8]
        state.hands[0] = longest
        screen.redraw()
        hand = shown(screen, "#ql-hand")
        for card in longest:
            assert CARDS[card].name in hand
        assert max(len(line) for line in hand.splitlines()) <= SIZE[0] - 2
        top = Text.from_markup(screen._top(screen.table.view(0))).plain
        assert len(top) <= SIZE[0] - 2
        for card in state.epilogues:
            assert f"★{CARDS[card].stars}" in top
        width = max(len(CARDS[c].name) for c in longest)
        assert len(card_line(CARDS[longest[0]], width, max(len(features(CARDS[c])) for c in longest))) <= 74


async def test_the_best_layout_dialog_shows_whole_names(isolated_folders):
    from tui.games.questline.arrangement import ArrangementScreen

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_questline(pilot, 0)  # solo
        longest = sorted(CARDS, key=lambda c: -len(CARDS[c].name))[:7]
        screen.table.state.hands[0] = longest
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, ArrangementScreen)
        lines = Text.from_markup(str(app.screen.query_one("#ql-lines").render())).plain
        for card in longest:
            assert CARDS[card].name in lines


async def test_a_refusal_stays_on_screen_while_a_bot_moves(isolated_folders):
    """A person's refused key is answered until that person's next accepted move: a bot's move
    meanwhile (within a fraction of a second at the normal pace) does not wipe the answer away."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await past_the_first_discards(pilot)
        await pilot.press("9")  # seven cards in hand: there is no card 9
        assert "There is no card 9" in screen.problem
        screen._on_command(1, CompleteHand(), ())  # the table telling the screen of a bot's move
        assert "There is no card 9" in screen.problem
        screen._on_command(0, CompleteHand(), ())  # and of the person's own
        assert screen.problem == ""
