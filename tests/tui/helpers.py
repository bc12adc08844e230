"""What the screen tests share: an app on the test's folders, the text on screen, a game from the menu."""
from __future__ import annotations

from saves.store import SaveStore
from tui.app import FabletopApp
from tui.settings import Settings

SIZE = (80, 24)  # the smallest supported terminal


def make_app(folder, settings: Settings | None = None) -> FabletopApp:
    """The app saving into the test's folder; bots move at once unless settings say otherwise."""
    return FabletopApp(store=SaveStore(folder), settings=settings or Settings(bot_pace="fast"))


def screen_text(app, widgets: str = "Static") -> str:
    """Everything the current screen shows in those widgets, as plain text."""
    return "\n".join(str(w.render()) for w in app.screen.query(widgets))


def highlight(options, option_id: str) -> None:
    """Move an OptionList's highlight to the option with that id."""
    options.highlighted = [options.get_option_at_index(i).id
                           for i in range(options.option_count)].index(option_id)


async def pick_game(pilot, game_id: str) -> None:
    """From the main menu: New game, then that game (its seat choices come next)."""
    await pilot.press("n")
    highlight(pilot.app.screen.query_one("#game-list"), game_id)
    await pilot.press("enter")


async def wait_until(pilot, condition, what: str, rounds: int = 3000) -> None:
    """Let the app run until `condition()` holds (a bot moved, a dialog opened); no fixed sleeps."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"gave up waiting until {what}")
