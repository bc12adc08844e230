"""Seeded randomness: every draw in a game comes from an RNG derived from the game's seed."""
from __future__ import annotations

import hashlib
import random


def derive_rng(seed: int, *labels: object) -> random.Random:
    """An independent, reproducible RNG for one purpose (e.g. the deal of round 3)."""
    text = ":".join([str(seed), *map(str, labels)])
    digest = hashlib.sha256(text.encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def new_seed() -> int:
    """A fresh seed for a new game, small enough to read aloud and to store in TOML."""
    return random.SystemRandom().randrange(1, 2**31)
