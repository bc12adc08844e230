"""Questline: build a 7-card level sequence for the best hero's tale."""


def __getattr__(name: str):
    """GAME loads on first use, so reading the package's manifest stays cheap."""
    if name == "GAME":
        from games.questline.game import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
