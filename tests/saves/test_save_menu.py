"""The Continue menu with damaged saves beside good ones: every file is listed, the damaged ones with
their reason, and the good ones still continue (at 80x24, through the keys a player presses)."""
from __future__ import annotations

import tomllib

import tomli_w
from textual.content import Content

from games.core.registry import find
from games.core.seats import Seat, SeatKind
from games.core.table import Table
from saves.store import SaveStore
from tests.tui.helpers import SIZE, make_app
from tui.games.fluttering_souls.screen import FlutteringSoulsScreen
from tui.games.otherworld.screen import OtherworldScreen
from tui.screens.saves import SaveMenu

# (what breaks, the save's change, what the menu says)
DAMAGE = [
    ("log", lambda d: d["log"][0].update(type=["Collect"]), "unknown command type ['Collect']"),
    ("options", lambda d: d["setup"].update(options=3), "[setup.options] must be a table"),
    ("level", lambda d: d["meta"]["seats"][1].update(bot="??"), "a bot of a level"),
    ("markup", lambda d: d["log"][0].update(type="[/]"), "unknown command type '[/]'"),
]


def good_saves(store: SaveStore) -> dict[str, tuple[type, list]]:
    """A Fluttering Souls and an Otherworld game against bots, a few moves in: save id -> (screen,
    moves)."""
    made = {}
    for game_id, screen in (("fluttering-souls", FlutteringSoulsScreen), ("otherworld", OtherworldScreen)):
        game = find(game_id).load()
        table = Table(game, (Seat("Ada"), Seat("Hard bot", SeatKind.BOT, "hard")), 9)
        while table.to_act() == (0,) and len(table.log) < 3:
            table.dispatch(0, table.legal_commands(0)[0])
        made[store.create(table).save_id] = screen, table.log
    return made


def damaged_saves(store: SaveStore, template: str) -> None:
    document = tomllib.loads(store.path_of(template).read_text(encoding="utf-8"))
    for name, change, _ in DAMAGE:
        broken = tomllib.loads(tomli_w.dumps(document))
        change(broken)
        store.path_of(f"broken-{name}").write_text(tomli_w.dumps(broken), encoding="utf-8")


async def test_damaged_saves_are_listed_with_reasons_and_good_ones_continue(isolated_folders):
    app = make_app(isolated_folders)
    good = good_saves(app.store)
    damaged_saves(app.store, next(iter(good)))
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        menu = app.screen
        assert isinstance(menu, SaveMenu)
        listed = {info.save_id: info for info in menu.saves}
        assert set(listed) == set(good) | {f"broken-{name}" for name, _, _ in DAMAGE}
        options = menu.query_one("#save-list")
        lines = [Content.from_markup(options.get_option_at_index(i).prompt).plain
                 for i in range(options.option_count)]
        for name, _, reason in DAMAGE:
            info = listed[f"broken-{name}"]
            assert not info.readable and reason in info.problem
            assert any(reason in line for line in lines), reason
            options.highlighted = menu.saves.index(info)
            await pilot.press("enter")
            assert app.screen is menu  # refused with the reason: nothing crashed
        for save_id, (screen, moves) in good.items():
            menu.query_one("#save-list").highlighted = menu.saves.index(listed[save_id])
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, screen)
            assert app.screen.table.log[:len(moves)] == moves
            await pilot.press("escape")
            await pilot.press("c")
            menu = app.screen
            assert isinstance(menu, SaveMenu)
