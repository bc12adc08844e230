"""Seeded randomness: every draw in a game comes from an RNG derived from the game's seed."""
from __future__ import annotations

import _random
import random

try:  # the C module hashlib falls back on: no OpenSSL set-up at each digest (~1.4k instructions)
    from _sha256 import sha256
except ImportError:  # (Python 3.12 renamed it)
    from hashlib import sha256

_new_random, _seed_in_c = random.Random.__new__, _random.Random.seed


def seeded(seed: int) -> random.Random:
    """random.Random(seed) for an int seed: the same generator, made without Random.__init__ and
    Random.seed, two Python calls that check the seed's type and then call the C seed called here
    (~4k instructions of a generator's ~37k; a game seeds one for each deck and each bot)."""
    rng = _new_random(random.Random)
    _seed_in_c(rng, seed)
    rng.gauss_next = None  # as Random.seed leaves it
    return rng


def _digest(seed: int, labels: tuple[object, ...]) -> bytes:
    return sha256(":".join([str(seed), *map(str, labels)]).encode()).digest()


def derive_rng(seed: int, *labels: object) -> random.Random:
    """An independent, reproducible RNG for one purpose (e.g. the deal of round 3)."""
    return seeded(int.from_bytes(_digest(seed, labels)[:8], "big"))


def derive_seed(seed: int, *labels: object) -> int:
    """A reproducible seed below 2**31 for one purpose (a bot's): from the same digest as
    derive_rng, without building a generator to draw one number (~40k instructions each)."""
    return int.from_bytes(_digest(seed, labels)[:4], "big") >> 1


def new_seed() -> int:
    """A fresh seed for a new game, small enough to read aloud and to store in TOML."""
    return random.SystemRandom().randrange(1, 2**31)
