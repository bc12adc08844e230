"""bench/questline_growth.py deals the same solitaire for every rule, so two rules compare deal by deal."""
from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).parents[3] / "bench"


def load_growth(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))  # it reads the override parser of questline_bots.py beside it
    spec = importlib.util.spec_from_file_location("questline_growth", BENCH / "questline_growth.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_deal_is_the_same_for_every_rule_and_the_best_seven_never_shrinks(monkeypatch):
    growth = load_growth(monkeypatch)
    best = growth.deal(7, 4, "best")
    assert best == growth.deal(7, 4, "best")
    assert len(best) == 5
    assert best == sorted(best)  # the drawn card may always be let go again
    kept = growth.deal(7, 4, "keep")
    assert len(kept) == 5 and kept[0] <= best[0]  # the first discard: nothing keeps more than the best seven
