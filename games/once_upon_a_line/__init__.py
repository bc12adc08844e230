"""Once Upon a Line: scratch words out of the Grid of Destiny, chapter by chapter."""


def __getattr__(name: str):
    """GAME loads on first use, so reading the package's manifest stays cheap."""
    if name == "GAME":
        from games.once_upon_a_line.game import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
