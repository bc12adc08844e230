"""A partial redraw renders only the widgets it touches (installed by every FabletopApp, at home and
in each SSH session).

Textual 8.2's compositor, to redraw a changed region, renders every widget whose *clip* (the
visible area of its parent) overlaps that region, so a key that moves the menu's highlight renders
the title, subtitle, hint and Footer too (all share the screen's or the box's clip), and throws
their lines away. Here a widget is rendered only when its visible part overlaps the region: the
bytes sent are the same (tests/serve/test_redraw.py compares them); the work per key is less
(callgrind, one session at the menu: see the commit). With 30 SSH sessions on 2 cores, each key's CPU
is what their latency is made of.
"""
from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import Compositor
from textual.geometry import Region
from textual.strip import Strip

_textual_renders = Compositor._get_renders


def _renders(self: Compositor, crop: Region | None = None
             ) -> Iterable[tuple[Region, Region, list[Strip]]]:
    """Compositor._get_renders, skipping widgets whose visible part misses `crop`."""
    if crop is None:
        yield from _textual_renders(self, crop)
        return
    overlaps = crop.overlaps
    for widget, (region, clip) in self.visible_widgets.items():
        shown = region.intersection(clip)
        if shown.width and shown.height and overlaps(shown):
            yield region, clip, widget.render_lines(
                Region(shown.x - region.x, shown.y - region.y, shown.width, shown.height))


def render_only_what_changed() -> None:
    """Install the lean partial redraw (idempotent)."""
    Compositor._get_renders = _renders


def render_as_textual_does() -> None:
    """Put Textual's own back (for tests comparing the two)."""
    Compositor._get_renders = _textual_renders
