"""The command shape check on annotations a game may use: tuples, enums, Optional, Literal; and a
command of such fields survives the save's TOML round trip and is checked when read back."""
from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from enum import Enum
from typing import Literal, Optional

import pytest
import tomli_w

from games.core.messages import Command, decode_command, encode_command
from games.core.shape import fits, malformed, shown


class Suit(str, Enum):
    CUPS = "cups"
    SWORDS = "swords"


class Rank(Enum):
    LOW = 1
    HIGH = 2


@dataclass(frozen=True, slots=True)
class Lay(Command):
    cards: tuple[str, ...]
    suit: Suit
    rank: Rank
    spot: tuple[int, int]
    note: Optional[str]
    side: Literal["left", "right"]
    bid: int | None = None


GOOD = Lay(("a", "b"), Suit.CUPS, Rank.HIGH, (2, 3), None, "left", 4)


@pytest.mark.parametrize(("field", "value", "reason"), [
    ("cards", ["a", "b"], "Lay.cards must be a list, each item text, not ['a', 'b']"),
    ("cards", ("a", 1), "Lay.cards must be a list, each item text, not ('a', 1)"),
    ("suit", "cups", "Lay.suit must be one of 'cups', 'swords', not 'cups'"),
    ("rank", 2, "Lay.rank must be one of 1, 2, not 2"),
    ("spot", (1, 2, 3), "Lay.spot must be a list of 2: a whole number, a whole number, not (1, 2, 3)"),
    ("spot", (1, True), "Lay.spot must be a list of 2"),
    ("note", 5, "Lay.note must be text or nothing, not 5"),
    ("side", "up", "Lay.side must be one of 'left', 'right', not 'up'"),
    ("bid", 1.0, "Lay.bid must be a whole number or nothing, not 1.0"),
])
def test_a_field_of_the_wrong_shape_is_named(field, value, reason):
    assert malformed(GOOD) is None
    bad = dataclasses.replace(GOOD, **{field: value})
    assert malformed(bad).startswith(reason)


def test_bool_is_not_a_whole_number_and_a_whole_number_is_a_number():
    assert not fits(True, int) and fits(3, int) and fits(3, float) and not fits(False, float)


def test_such_a_command_survives_the_save_round_trip_and_is_checked_when_read():
    [entry] = tomllib.loads(tomli_w.dumps({"log": [encode_command(GOOD)]}))["log"]
    assert entry == {"type": "Lay", "cards": ["a", "b"], "suit": "cups", "rank": 2, "spot": [2, 3],
                     "side": "left", "bid": 4}  # TOML has no None: the note is left out
    assert decode_command(entry, [Lay]) == GOOD
    assert decode_command({**entry, "note": "hi"}, [Lay]) == dataclasses.replace(GOOD, note="hi")
    with pytest.raises(ValueError, match="Lay.rank must be one of 1, 2, not 7"):
        decode_command({**entry, "rank": 7}, [Lay])
    with pytest.raises(ValueError, match="Lay needs fields"):
        decode_command({k: v for k, v in entry.items() if k != "side"}, [Lay])


def test_a_value_quoted_in_a_reason_is_cut_short():
    assert len(shown("x" * 200_000)) < 50 and len(shown(list(range(10_000)))) < 50
