"""Questline at 80x24 in every table size, with the longest card names: nothing a player needs is
cut. The screen is read as drawn (every widget composited), not from the widgets' text."""
from __future__ import annotations

import io

import pytest
from rich.console import Console

from games.questline.commands import ChooseFirstDiscard
from games.questline.decks import CARDS
from games.questline.state import Phase
from tests.tui.helpers import SIZE, highlight, make_app, pick_game, wait_until
from tui.games.questline.screen import QuestlineScreen
from tui.settings import Settings

LONGEST = sorted((c for c in CARDS if CARDS[c].levels), key=lambda c: -len(CARDS[c].name))
NAME = "Sixteen letters!"  # the longest name Settings keeps


def drawn(app) -> list[str]:
    """The screen's rows as the terminal shows them."""
    console = Console(width=SIZE[0], height=SIZE[1], file=io.StringIO(), force_terminal=True,
                      record=True, legacy_windows=False, safe_box=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text().splitlines()


async def open_table(pilot, preset: str) -> QuestlineScreen:
    await pick_game(pilot, "questline")
    highlight(pilot.app.screen.query_one("#seat-choices"), preset)
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, QuestlineScreen), "the table opens")
    return pilot.app.screen


async def crowded_table(pilot, preset: str) -> QuestlineScreen:
    """A table of that preset just past the opening: the longest names in your hand, every area you
    may take from full of the next longest, the players after the first two done."""
    screen = await open_table(pilot, preset)
    screen.pause_bots()
    table, state = screen.table, screen.table.state
    for seat in range(state.players):
        if state.phase is Phase.OPENING and state.opening[seat] is None:
            assert table.dispatch(seat, ChooseFirstDiscard(table.view(seat).hand[0]))
    state.hands[0] = LONGEST[:8]
    pool = LONGEST[8:]
    for seat in {seat for seat, _, _ in screen.areas(table.view(0))}:
        state.discards[seat] = [pool.pop(0) for _ in range(7)]
    for seat in range(3, state.players):  # neither you nor your right neighbour
        state.done[seat], state.epilogue_of[seat] = True, state.epilogues.pop()
    screen.redraw()
    await pilot.pause()
    return screen


@pytest.mark.parametrize("preset", ["solo", "easy1", "easy3", "mixed5"])
async def test_nothing_a_player_needs_is_cut_at_80x24(isolated_folders, preset):
    app = make_app(isolated_folders, Settings(name=NAME, bot_pace="fast"))
    async with app.run_test(size=SIZE) as pilot:
        screen = await crowded_table(pilot, preset)
        view = screen.table.view(0)
        rows = drawn(app)
        shown = "\n".join(rows)
        for card in view.hand:
            assert CARDS[card].name in shown
        for card in view.epilogues:
            assert f"★{CARDS[card].stars}" in rows[0]
        for seat in range(1, view.players):  # every other player, their hand or epilogue, whole
            state = f"done ★{CARDS[view.epilogue_of[seat]].stars}" if view.done[seat] else "cards"
            assert any(screen.names[seat] in row and state in row.split(screen.names[seat])[1]
                       for row in rows)
        footer = rows[-1]
        shown = [active.binding for active in screen.active_bindings.values() if active.binding.show]
        assert len(shown) >= 7  # the screen's own keys and every game's: menu, rules, undo, log
        for binding in shown:
            assert f"{app.get_key_display(binding)} {binding.description}" in footer
        assert "palette" in footer


async def test_discard_cards_are_whole_while_their_rows_allow(isolated_folders):
    """Solo's area of three shows each card as the hand does (name, terrain, stars, ability); full
    areas share rows, their names cut to fit (i and a letter read them)."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, "solo")
        view = app.screen.table.view(0)
        areas = drawn(app)[11:19]  # under the header and the hand's ten rows
        for card in view.discards[0]:
            [row] = [row for row in areas if CARDS[card].name in row]
            assert f"★{CARDS[card].stars}" in row.split(CARDS[card].name)[1]


def test_the_log_shows_its_newest_lines_whole_and_says_where_a_longer_one_is():
    from tui.games.questline.screen import log_rows

    short, long = "Easy bot discarded Pedlar.", " ".join(["Ferryman"] * 15)  # 134 characters
    assert log_rows([short, "You drew Beekeeper from the adventure deck."]) == [
        short, "You drew Beekeeper from the adventure deck."]
    rows = log_rows([short, long])
    assert len(rows) == 2 and " ".join(rows) == long and all(len(r) <= 78 for r in rows)
    rows = log_rows([short, long * 2])
    assert len(rows) == 2 and rows[-1].endswith("(w: the whole log)") and len(rows[-1]) <= 78


async def test_the_best_layout_keys_pick_cards_and_keep_the_picked_one_in_sight(isolated_folders):
    """With reasons longer than the box, the arrows scrolled the box and never moved ▶ (the scroll
    had the focus); the picked card must stay in sight, and the total with it."""
    from textual.containers import VerticalScroll
    from tui.games.questline.arrangement import ArrangementScreen

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await open_table(pilot, "solo")
        wordy = sorted(LONGEST, key=lambda c: -len(CARDS[c].abilities))[:8]
        app.screen.table.state.hands[0] = wordy
        await pilot.press("b")
        await wait_until(pilot, lambda: isinstance(app.screen, ArrangementScreen), "the layout opens")
        layout = app.screen
        scroll = layout.query_one(VerticalScroll)
        assert scroll.virtual_size.height > scroll.size.height  # the box must scroll
        await pilot.press(*["down"] * 7)
        assert layout.selected == 7
        await wait_until(pilot, lambda: any("▶" in row for row in drawn(app)), "the pick is in sight")
        last = layout.line[7].card.name
        assert any("▶" in row and last in row for row in drawn(app))
        assert any("Total" in row for row in drawn(app))
        inside = [row[3:] for row in drawn(app) if row.startswith(" █ ")]
        for row in inside:  # a card's reasons wrap under it, indented, clear of the scrollbar
            assert row[0] in " ▶T↑", row


async def test_the_solo_header_says_when_no_epilogue_is_shown(isolated_folders):
    """Once the last shown epilogue was taken the header ended in "epilogues shown:" and nothing."""
    from dataclasses import replace

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, "solo")
        assert screen._top(replace(screen.table.view(0), epilogues=())).endswith("epilogues shown: none")


async def test_a_card_too_long_for_its_row_takes_two_while_rows_are_left(isolated_folders):
    """The longest cards' abilities were cut with "…" in the hand and the areas although rows were
    free: with a row to spare, a card's abilities go on a second row under its name."""
    from tui.games.questline.screen import HAND_LINE
    from tui.games.questline.text import abilities_text, too_long

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, "solo")
        state = screen.table.state
        wordy = [c for c in LONGEST if too_long(CARDS[c], HAND_LINE)]
        assert len(wordy) >= 2
        state.hands[0] = [wordy[0]] + [c for c in state.hands[0] if c not in wordy][:6]
        state.discards[0] = [wordy[1]] + [c for c in state.discards[0] if c not in wordy][:2]
        screen.redraw()
        await pilot.pause()
        rows = drawn(app)
        for card in wordy[:2]:
            assert any(row.strip() == abilities_text(CARDS[card]) for row in rows), card
        assert not any("…" in row for row in rows[:19])


def test_an_ability_of_one_star_says_star():
    from tui.games.questline.text import ability_words

    ability = next(a for c in CARDS.values() for a in c.abilities if a.stars == 1 and a.kind == "quest")
    assert ability_words(ability).startswith("+1 star for each")


async def test_escape_after_i_stops_reading_without_a_refusal(isolated_folders):
    """Escape after i said "✗ No card is marked" and an invisible escape character."""
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, "solo")
        await pilot.press("i", "escape")
        assert app.screen is screen and not screen.inspecting and screen.problem == ""
        await pilot.press("i", "z")
        assert screen.problem == "No card is marked z."


def gapped_hand_with(wordy: str, shown: list[str]) -> list[str]:
    """Eight cards, one of them `wordy`, none of level 4 or in a discard area (`shown`): the hand
    needs its gap line."""
    level = min(CARDS[wordy].levels)
    plain = [c for c in LONGEST if 4 not in CARDS[c].levels and c != wordy and c not in shown
             and not CARDS[c].wild and level not in CARDS[c].levels]
    return [wordy] + plain[:7]


async def test_the_hand_borrows_a_row_the_areas_can_spare(isolated_folders):
    """Eight cards, a gap and one card too long for its row filled the hand's ten rows, so that card
    was cut with "…" while the areas had rows to spare: the hand takes one of them."""
    from tui.games.questline.screen import HAND_LINE
    from tui.games.questline.text import abilities_text, too_long

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_table(pilot, "solo")
        wordy = next(c for c in LONGEST if too_long(CARDS[c], HAND_LINE) and 4 not in CARDS[c].levels)
        state = screen.table.state
        state.hands[0] = gapped_hand_with(wordy, [c for area in state.discards for c in area])
        screen.redraw()
        await pilot.pause()
        rows = drawn(app)
        assert any(row.strip().startswith("gap: level") and "4" in row for row in rows)
        assert any(row.strip() == abilities_text(CARDS[wordy]) for row in rows)
        assert not any("…" in row for row in rows[:19])
        for card in screen.table.view(0).discards[0]:
            assert CARDS[card].name in "\n".join(rows)


async def test_full_areas_keep_their_rows_from_a_long_hand(isolated_folders):
    """Every area full: the hand keeps its ten rows (its long card cut, i reads it) and every card
    of the areas stay lettered on screen."""
    from tui.games.questline.screen import HAND_LINE
    from tui.games.questline.text import too_long

    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        screen = await crowded_table(pilot, "easy3")
        wordy = next(c for c in LONGEST if too_long(CARDS[c], HAND_LINE) and 4 not in CARDS[c].levels)
        state = screen.table.state
        state.hands[0] = gapped_hand_with(wordy, [c for area in state.discards for c in area])
        screen.redraw()
        await pilot.pause()
        rows = drawn(app)
        for card in screen.table.view(0).hand:
            assert CARDS[card].name in "\n".join(rows[:11])
        area_rows = "\n".join(rows[11:19])
        letters = screen.take_targets(screen.table.view(0))
        assert len(letters) == 14  # yours and your right neighbour's (the left one is done)
        for letter in letters:
            assert f" {letter} " in area_rows, letter
