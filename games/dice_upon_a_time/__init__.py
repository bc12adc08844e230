"""Dice Upon a Time: place dice to travel a fairy-tale map and complete quests."""


def __getattr__(name: str):
    """GAME loads on first use, so reading the package's manifest stays cheap."""
    if name == "GAME":
        from games.dice_upon_a_time.game import GAME
        return GAME
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
