"""Seeded randomness: every draw in a game comes from an RNG derived from the game's seed."""
from __future__ import annotations

import hashlib
import random


def _digest(seed: int, labels: tuple[object, ...]) -> bytes:
    return hashlib.sha256(":".join([str(seed), *map(str, labels)]).encode()).digest()


def derive_rng(seed: int, *labels: object) -> random.Random:
    """An independent, reproducible RNG for one purpose (e.g. the deal of round 3)."""
    return random.Random(int.from_bytes(_digest(seed, labels)[:8], "big"))


def derive_seed(seed: int, *labels: object) -> int:
    """A reproducible seed below 2**31 for one purpose (a bot's): from the same digest as
    derive_rng, without building a generator to draw one number (~40k instructions each)."""
    return int.from_bytes(_digest(seed, labels)[:4], "big") >> 1


def new_seed() -> int:
    """A fresh seed for a new game, small enough to read aloud and to store in TOML."""
    return random.SystemRandom().randrange(1, 2**31)
