"""`fabletop selfplay otherworld` as the other games: JSON with wins per seat, --players checked."""
from __future__ import annotations

import json

from tui.cli import main


def test_selfplay_three_players_hard_easy_easy_json(capsys):
    code = main(["selfplay", "otherworld", "--players", "3", "--bots", "hard,easy,easy",
                 "--games", "2", "--json"])
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "otherworld" and data["games"] == 2
    assert data["bots"] == ["hard", "easy", "easy"] and len(data["wins"]) == 3
    assert sum(data["wins"]) <= 2 and data["moves"] > 0


def test_selfplay_solo_and_a_player_count_mismatch(capsys):
    assert main(["selfplay", "otherworld", "--bots", "easy", "--games", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == ["easy"]
    assert main(["selfplay", "otherworld", "--players", "4", "--bots", "hard,easy",
                 "--games", "1"]) == 2
    assert main(["selfplay", "otherworld", "--bots", "easy,easy,easy,easy,easy"]) == 2
