"""The save fuzzer's seeded short run: a few hundred damaged saves of every playable game, opened as
the Continue menu does, crash neither the list nor a continued game (bench/save_fuzz.py runs 4000)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

FUZZER = Path(__file__).parents[2] / "bench" / "save_fuzz.py"


def load_fuzzer():
    spec = importlib.util.spec_from_file_location("save_fuzz", FUZZER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_damaged_saves_crash_neither_the_list_nor_a_continued_game(tmp_path):
    fuzzer = load_fuzzer()
    figures = fuzzer.fuzz(300, seed=16, folder=tmp_path)
    assert figures["saves"] == 300
    assert fuzzer.crashes(figures) == 0, fuzzer.report(figures)
    assert figures["unreadable"] > 100 and figures["continued"] > 30  # both paths were exercised
