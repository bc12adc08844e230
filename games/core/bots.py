"""Bot plumbing shared by every game: the random bot and the loop that lets bots play a table."""
from __future__ import annotations

from typing import Any, Sequence

from games.core.messages import Command
from games.core.protocol import Bot, Listing
from games.core.rng import seeded


class RandomBot(Bot):
    """Plays a uniformly random legal command: the baseline every other bot must beat."""

    name = "random"
    reads_view = False  # so random play measures the rules, not views nobody reads
    picks_listed = True  # it returns legal[r]: one of the listing's own objects

    def __init__(self, seed: int = 0) -> None:
        self.rng = seeded(seed)  # random.Random(seed), made without its Python-level calls
        self._below = self.rng._randbelow  # what rng.choice draws with: the same picks, one call less
        self._bits = self.rng.getrandbits
        self.draws = (self._below, self._bits)  # what choose hands a Listing (Bot.draws)

    def choose(self, view: Any, legal: Sequence[Command], seat: int) -> Command:
        if legal.__class__ is not list and Listing in legal.__class__.__mro__:  # no ABC isinstance hook
            return legal.sample(self._below, self._bits)  # drawn, not listed in full
        # rng.choice(legal), its _randbelow inlined (one Python call less a move): the same draws
        n = len(legal)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        k, bits = n.bit_length(), self._bits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return legal[r]
