"""Keys acted on in the order they arrive.

Textual acts on a widget's own (non-priority) bindings only after the key has gone down to the
focused widget and bubbled back up to the app, while a typed character is handled by the widget at
once. When several keys arrive in one read (a paste, a fast typist over SSH), a later character can
be handled before an earlier bound key: "backspace" then "a" in one read typed "a" and then deleted
it. A widget whose bindings are priority bindings acts on each key as it arrives, in order (and
with less work per key: no round trip). tests/tui/test_key_order.py shows both.
"""
from __future__ import annotations

from dataclasses import replace

from textual.binding import Binding
from textual.widgets import Input


def in_arrival_order(bindings: list[Binding]) -> list[Binding]:
    """The same bindings, acted on as their keys arrive."""
    return [replace(binding, priority=True) for binding in bindings]


class TextField(Input):
    """A text input that never loses or reorders keys arriving together."""

    BINDINGS = in_arrival_order(Input.BINDINGS)
