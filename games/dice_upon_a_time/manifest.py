"""Dice Upon a Time in the collection: listed as coming soon until its bots and screen exist."""
from games.core.manifest import Manifest

MANIFEST = Manifest(
    id="dice-upon-a-time",
    title="Dice Upon a Time",
    blurb="Place dice to travel a fairy-tale map and complete quests.",
    order=2,
    players=(2, 3, 4),
    players_text="2-4",
    package="games.dice_upon_a_time",
    playable=False,  # the rules run (selfplay); bots and the screen are still to come (issue 18)
    options={"length": "normal"},
    rules_module="games.dice_upon_a_time.game",
)
