"""Otherworld in the collection: how it is listed, who may sit at it, where its parts live."""
from games.core.manifest import Manifest, SeatPreset

MANIFEST = Manifest(
    id="otherworld",
    title="Otherworld",
    blurb="Storytellers on a card grid draft into a three-row tableau.",
    order=5,
    players=(1, 2, 3, 4),
    players_text="1-4: solo against Balor, you and 1-3 bots, or people at one terminal",
    package="games.otherworld",
    playable=True,
    presets=(
        SeatPreset("solo", "Solo: you against Balor", ("you",)),
        SeatPreset("easy1", "You and 1 easy bot", ("you", "easy")),
        SeatPreset("hard1", "You and 1 hard bot", ("you", "hard")),
        SeatPreset("easy2", "You and 2 easy bots", ("you", "easy", "easy")),
        SeatPreset("hard3", "You and 3 hard bots", ("you", "hard", "hard", "hard")),
        SeatPreset("mixed3", "You, 1 hard and 2 easy bots", ("you", "hard", "easy", "easy")),
        SeatPreset("people2", "Two people at this terminal (hotseat)", ("person", "person")),
        SeatPreset("people4", "Four people at this terminal (hotseat)", ("person",) * 4),
    ),
    custom_table=True,
    bot_levels=("easy", "hard"),
    rules_module="games.otherworld.game",
    screen="tui.games.otherworld.screen:OtherworldScreen",
)
