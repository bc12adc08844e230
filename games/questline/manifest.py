"""Questline in the collection: how it is listed, who may sit at it, where its parts live."""
from games.core.manifest import Manifest, SeatPreset

MANIFEST = Manifest(
    id="questline",
    title="Questline",
    blurb="Build a 7-card level sequence for the best hero's tale.",
    order=4,
    players=(1, 2, 3, 4, 5, 6),
    players_text="1-6: solo against the rank chart, you and up to 5 bots, or people at one terminal",
    package="games.questline",
    playable=True,
    presets=(
        SeatPreset("solo", "Solo: you against the rank chart", ("you",)),
        SeatPreset("easy1", "You and 1 easy bot", ("you", "easy")),
        SeatPreset("easy3", "You and 3 easy bots", ("you", "easy", "easy", "easy")),
        SeatPreset("hard1", "You and 1 hard bot", ("you", "hard")),
        SeatPreset("hard3", "You and 3 hard bots", ("you", "hard", "hard", "hard")),
        SeatPreset("mixed5", "You, 2 hard and 3 easy bots (6 players)",
                   ("you", "hard", "hard", "easy", "easy", "easy")),
        SeatPreset("people2", "Two people at this terminal (hotseat)", ("person", "person")),
        SeatPreset("people3", "Three people at this terminal (hotseat)", ("person",) * 3),
        SeatPreset("people2bots", "Two people and two easy bots", ("person", "person", "easy", "easy")),
    ),
    custom_table=True,
    bot_levels=("easy", "hard"),
    rules_module="games.questline.game",
    screen="tui.games.questline.screen:QuestlineScreen",
)
