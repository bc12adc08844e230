"""Shared helpers for the Otherworld tests: find cards, build hand-made states, play commands."""
from __future__ import annotations

from games.otherworld.content import CARDS
from games.otherworld.game import GAME
from games.otherworld.state import OtherState


def card(colour: str, value: int, ability: str | None = None, copy: int = 0) -> str:
    """A card id by colour and value; `ability` picks the ability copy ("" the plain one)."""
    found = [c.id for c in CARDS.values() if c.colour == colour and c.value == value
             and (ability is None or c.ability == ability)]
    return found[copy]


def plain(colour: str, value: int) -> str:
    """A copy without an ability."""
    return card(colour, value, "")


def new_state(players: int, seed: int = 1) -> OtherState:
    return GAME.setup(seed, players, {})[0]


def play(state: OtherState, seat: int, command):
    reason = GAME.rejection(state, seat, command)
    assert reason is None, reason
    assert seat in GAME.to_act(state)
    return GAME.apply(state, seat, command)


def row(*labels: str | None) -> list[str | None]:
    """A tableau row from labels like '3r' (plain cards) or None for a gap."""
    colours = {"r": "red", "y": "yellow", "b": "blue", "g": "green"}
    out, used = [], set()
    for label in labels:
        if label is None:
            out.append(None)
            continue
        colour, value = colours[label[-1]], int(label[:-1])
        options = [c.id for c in CARDS.values() if c.colour == colour and c.value == value
                   and c.id not in used]
        plain_first = sorted(options, key=lambda c: bool(CARDS[c].ability))
        used.add(plain_first[0])
        out.append(plain_first[0])
    return out
