"""Every game is described once, by its manifest; the README's game table says the same."""
from __future__ import annotations

import re
from pathlib import Path

from games.core.registry import all_games, find

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_games() -> list[tuple[str, str, str]]:
    """The rows of the README's game table: (game, players, status)."""
    rows = re.findall(r"^\| (?!game \||---)(.+?) \| (.+?) \| (.+?) \|$", README.read_text(), re.M)
    return [tuple(cell.strip() for cell in row) for row in rows]


def test_the_readme_game_table_agrees_with_the_manifests():
    expected = [(m.title, m.players_text, "playable" if m.playable else "coming soon")
                for m in all_games()]
    assert readme_games() == expected


def test_every_playable_game_names_its_rules_and_screen_and_its_rules_agree():
    for manifest in all_games():
        if not manifest.playable:
            continue
        game = manifest.load()
        assert game.manifest is manifest
        assert (game.id, game.title, game.seat_counts) == (manifest.id, manifest.title, manifest.players)
        assert manifest.screen and ":" in manifest.screen
        for preset in manifest.presets:
            seats = preset.build("Ada")
            assert manifest.seat_problem(seats) is None, preset.key
            assert all(seat.bot in game.bots for seat in seats if seat.is_bot), preset.key
        assert set(manifest.bot_levels) <= set(game.bots)


def test_preset_seats_are_named_as_the_menus_name_them():
    questline = {p.key: p for p in find("questline").presets}
    names = [seat.name for seat in questline["mixed5"].build("Ada")]
    assert names == ["Ada", "Hard bot 1", "Hard bot 2", "Easy bot 1", "Easy bot 2", "Easy bot 3"]
    names = [seat.name for seat in questline["people2bots"].build("Ada")]
    assert names == ["Player 1", "Player 2", "Easy bot 1", "Easy bot 2"]
    assert [seat.name for seat in questline["hard1"].build("Ada")] == ["Ada", "Hard bot"]


def test_a_coming_soon_game_cannot_be_loaded_and_its_rules_say_so(coming_soon):
    soon = [m for m in all_games() if not m.playable]
    assert soon
    for manifest in soon:
        assert "coming soon" in manifest.rules_text()
