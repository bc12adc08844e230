"""Every event of random games read by each seat as "You": the verb agrees ("You drew", never "You
plays"), "you" inside a sentence is lower case, and another seat's Magic Item card is never named
to a reader it is hidden from."""
from __future__ import annotations

import random
import re

import pytest

from games.core.seats import Seat
from games.core.table import Table
from games.core.words import YOU
from games.dice_upon_a_time.game import GAME
from tests.games.dice_upon_a_time.helpers import CONTENT

THIRD_PERSON = re.compile(r"\bYou (is|has|was|\w+s)\b")
MID_SENTENCE = re.compile(r"(?<=[a-z] )You\b")  # "P0 2, You 3" lists scores: fine


def read(event, seat: int, players: int) -> str:
    names = [YOU if s == seat else f"P{s}" for s in range(players)]
    shown = event.visible_to is None or seat in event.visible_to
    return event.describe(names) if shown else event.public(names)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_event_reads_right_for_you(players):
    rng = random.Random(players)
    table = Table(GAME, tuple(Seat(f"P{i}") for i in range(players)), 40 + players, {"length": "short"})
    events = list(table.opening)
    table.subscribe(lambda seat, command, happened: events.extend(happened))
    while table.outcome() is None:
        seat = table.to_act()[0]
        assert table.dispatch(seat, rng.choice(table.legal_commands(seat)))
    kinds = set()
    titles = {card.title for card in CONTENT.magic.values()}
    for event in events:
        kinds.add(type(event).__name__)
        for seat in range(players):
            text = read(event, seat, players)
            assert not THIRD_PERSON.search(text), text
            assert not MID_SENTENCE.search(text), text
            if event.visible_to is not None and seat not in event.visible_to:
                assert not any(title in text for title in titles), text
    assert {"ChapterBegan", "DiePlaced", "Told", "GameScored"} <= kinds
