"""Fluttering Souls: two players draft butterflies from overlapping layouts."""


def __getattr__(name: str):
    """GAME loads on first use, so reading the package's manifest stays cheap."""
    if name == "GAME":
        from games.fluttering_souls.game import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
