"""Once Upon a Line in the collection: how it is listed, who may sit at it, where its parts live."""
from games.core.manifest import Manifest, SeatPreset

MANIFEST = Manifest(
    id="once-upon-a-line",
    title="Once Upon a Line",
    blurb="Scratch words out of the Grid of Destiny: a story campaign.",
    order=1,
    players=(1,),
    players_text="1: the Prologue, solo or friends side by side at one screen",
    package="games.once_upon_a_line",
    playable=True,
    presets=(SeatPreset("prologue", "Prologue — solo, or friends side by side", ("you",)),),
    options={"chapter": "prologue"},
    rules_module="games.once_upon_a_line.game",
    screen="tui.games.once_upon_a_line.screen:OnceUponALineScreen",
)
