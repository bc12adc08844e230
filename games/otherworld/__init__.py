"""Otherworld: storytellers on a card grid draft cards into a three-row tableau scored by Geas."""


def __getattr__(name: str):
    """GAME loads on first use, so reading the package's manifest stays cheap."""
    if name == "GAME":
        from games.otherworld.game import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
