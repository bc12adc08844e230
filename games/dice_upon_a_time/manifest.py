"""Dice Upon a Time in the collection: how it is listed, who may sit at it, where its parts live."""
from games.core.manifest import Manifest, SeatPreset, TableChoice

MANIFEST = Manifest(
    id="dice-upon-a-time",
    title="Dice Upon a Time",
    blurb="Place dice to travel a fairy-tale map and complete quests.",
    order=2,
    players=(2, 3, 4),
    players_text="2-4: you and 1-3 bots, or people at one terminal",
    package="games.dice_upon_a_time",
    playable=True,
    presets=(
        SeatPreset("easy1", "You and 1 easy bot", ("you", "easy")),
        SeatPreset("hard1", "You and 1 hard bot", ("you", "hard")),
        SeatPreset("easy3", "You and 3 easy bots", ("you", "easy", "easy", "easy")),
        SeatPreset("hard3", "You and 3 hard bots", ("you", "hard", "hard", "hard")),
        SeatPreset("mixed3", "You, 1 hard and 2 easy bots", ("you", "hard", "easy", "easy")),
        SeatPreset("people2", "Two people at this terminal (hotseat)", ("person", "person")),
        SeatPreset("people4", "Four people at this terminal (hotseat)", ("person",) * 4),
    ),
    custom_table=True,
    bot_levels=("easy", "hard"),
    options={"length": "normal"},
    choices=(TableChoice("length", "how long a story?", (
        ("normal", "Normal: 6 chapters"),
        ("short", "Short: 3 chapters"),
        ("extra long", "Extra long: until the chapter in which the last Quest card is drawn"),
    )),),
    rules_module="games.dice_upon_a_time.game",
    screen="tui.games.dice_upon_a_time.screen:DiceUponATimeScreen",
)
