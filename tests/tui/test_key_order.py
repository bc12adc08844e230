"""Keys arriving together (a paste, a fast typist over SSH) are acted on in the order they came:
Textual's own Input acts on its bound keys (backspace, end, ...) only after typed characters that
arrived later, so "end, backspace x3, [/]" on "You" typed "[/]" first and deleted it again."""
from __future__ import annotations

from textual import events
from textual.app import App
from textual.widgets import Input

from tests.tui.helpers import SIZE, make_app, wait_until
from tui.key_order import TextField

TOGETHER = [("end", None)] + [("backspace", "\x7f")] * 3 + [
    ("left_square_bracket", "["), ("slash", "/"), ("right_square_bracket", "]")]


def send_together(app: App, keys) -> None:
    """Post the keys at once, as the driver does for bytes that arrive in one read."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


async def typed(field_class) -> str:
    class One(App):
        def compose(self):
            yield field_class(value="You")

    app = One()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        send_together(app, TOGETHER)
        for _ in range(3):
            await pilot.pause()
        return app.query_one(Input).value


async def test_textuals_input_loses_keys_that_arrive_together_and_ours_does_not():
    assert await typed(Input) != "[/]"  # why TextField exists: if this fails, Textual fixed it
    assert await typed(TextField) == "[/]"


async def test_a_name_typed_in_one_read_in_settings_is_kept_whole(isolated_folders):
    app = make_app(isolated_folders)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: app.screen.query("#name"), "the Settings screen")
        name = app.screen.query_one("#name", Input)
        assert isinstance(name, TextField) and name.has_focus
        send_together(app, TOGETHER)
        await wait_until(pilot, lambda: name.value == "[/]", "the name typed whole")
