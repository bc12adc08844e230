"""Fluttering Souls in the collection: how it is listed, who may sit at it, where its parts live."""
from games.core.manifest import Manifest, SeatPreset

MANIFEST = Manifest(
    id="fluttering-souls",
    title="Fluttering Souls",
    blurb="Two players draft butterflies from overlapping layouts.",
    order=3,
    players=(2,),
    players_text="2: you against a bot (easy or hard) or two people at one terminal",
    package="games.fluttering_souls",
    playable=True,
    presets=(
        SeatPreset("easy", "Play against the easy bot", ("you", "easy")),
        SeatPreset("hard", "Play against the hard bot", ("you", "hard")),
        SeatPreset("hotseat", "Two people at this terminal (hotseat)", ("person", "person")),
    ),
    bot_levels=("easy", "hard"),
    rules_module="games.fluttering_souls.game",
    screen="tui.games.fluttering_souls.screen:FlutteringSoulsScreen",
)
