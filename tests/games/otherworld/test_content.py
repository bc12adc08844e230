"""Otherworld content: the 72 cards and the Geas deck load cleanly, and the checker names every fault."""
from __future__ import annotations

import subprocess
import sys
from collections import Counter
from importlib import resources

from games.otherworld.cards import COLOURS
from games.otherworld.content import CARDS, GEAS
from games.otherworld.content import load_all


def _read(name: str) -> str:
    return (resources.files("games.otherworld") / "content" / name).read_text(encoding="utf-8")


def with_file(name: str, text: str):
    return lambda wanted: text if wanted == name else _read(wanted)


def test_the_deck_has_two_of_each_colour_and_value():
    assert len(CARDS) == 72
    counts = Counter((c.colour, c.value) for c in CARDS.values())
    assert counts == Counter({(k, v): 2 for k in COLOURS for v in range(9)})
    assert len({c.name for c in CARDS.values()}) == 72
    assert all(c.flavour for c in CARDS.values())


def test_about_a_quarter_carry_the_ailm_and_at_least_eight_geas():
    assert sum(c.ailm for c in CARDS.values()) == 18
    assert len(GEAS) >= 8
    assert all(g.balor > 0 and g.text for g in GEAS.values())


def test_the_shipped_content_has_no_problems():
    assert load_all()[2] == []


def test_a_broken_card_is_named_with_file_entry_and_fault():
    text = _read("cards.toml").replace('value = 8', 'value = 9', 1)
    problems = load_all(with_file("cards.toml", text))[2]
    assert any(p.startswith("cards.toml: card") and "value must be a whole number from 0 to 8" in p
               for p in problems)


def test_a_missing_copy_and_a_bad_ability_are_named():
    text = _read("cards.toml").replace('ability = "swap"', 'ability = "teleport"', 1)
    problems = load_all(with_file("cards.toml", text))[2]
    assert any("(ash-wifes-kettle): ability must be one of" in p for p in problems)
    cut = _read("cards.toml").split("[[card]]")
    problems = load_all(with_file("cards.toml", "[[card]]".join(cut[:-1])))[2]
    assert "cards.toml: has 71 cards; the game has 72" in problems


def test_a_broken_geas_is_named():
    text = _read("geas.toml").replace('kind = "pairs"', 'kind = "triples"')
    problems = load_all(with_file("geas.toml", text))[2]
    assert any(p.startswith("geas.toml: geas 5 (twin-souls): kind must be one of") for p in problems)
    text = _read("geas.toml").replace("table = [0, 4, 10, 16]", "table = [0, 10, 4]")
    problems = load_all(with_file("geas.toml", text))[2]
    assert any("table points must never fall" in p for p in problems)


def test_fabletop_content_check_runs_the_otherworld_checks():
    done = subprocess.run([sys.executable, "-m", "tui.cli", "content", "check", "otherworld"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    from games.core.registry import find

    game = find("otherworld").rules()
    assert game.content_checks and game.content_checks[0]() == []
