"""A Listing (games.core.protocol) reads like the list of legal commands it stands for, builds it
once, and tells the runtime which command it handed out; the random bot draws from it."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from games.core.bots import RandomBot
from games.core.messages import Command
from games.core.protocol import Listing, listed


@dataclass(frozen=True, slots=True)
class Take(Command):
    n: int


class Counted(Listing):
    def __init__(self, commands: list[Command]) -> None:
        self.commands, self.builds = commands, 0

    def build(self) -> list[Command]:
        self.builds += 1
        return list(self.commands)


def test_a_listing_reads_like_its_list_and_is_built_once():
    commands = [Take(1), Take(2), Take(3)]
    listing = Counted(commands)
    assert len(listing) == 3 and listing[1] is commands[1] and listing[-1] is commands[2]
    assert list(listing) == commands and Take(2) in listing and Take(9) not in listing
    assert listing[0:2] == commands[:2]
    assert listing.builds == 1


def test_the_runtime_knows_the_command_handed_out_and_no_other():
    commands = [Take(1), Take(2)]
    listing = Counted(commands)
    drawn = listing.sample(lambda n: 1)
    assert drawn is commands[1] and listed(listing, drawn)
    assert not listed(listing, Take(2))  # an equal command not taken from it is checked as sent
    assert listed(commands, commands[0]) and not listed(commands, Take(1))


def test_the_random_bot_samples_a_listing_and_picks_from_a_list_as_before():
    commands = [Take(n) for n in range(20)]
    from_list = [RandomBot(5).choose(None, commands, 0) for _ in range(1)]
    bot = RandomBot(5)
    assert bot.choose(None, Counted(commands), 0) is from_list[0]  # the same draw either way
    with pytest.raises(IndexError):
        RandomBot(1).choose(None, Counted([]), 0)


def test_the_random_bot_picks_from_a_list_as_rng_choice_does():
    """Its draw is rng.choice's, inlined: seeded games stay as they were."""
    for seed in range(40):
        bot, rng = RandomBot(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 9, 17, 100):
            commands = [Take(i) for i in range(n)]
            assert bot.choose(None, commands, 0) is rng.choice(commands)
    with pytest.raises(IndexError):
        RandomBot(1).choose(None, [], 0)
