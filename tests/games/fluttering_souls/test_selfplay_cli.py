"""The headless command line: selfplay, content check, --version and --help without loading Textual."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tui.cli import main

ROOT = Path(__file__).resolve().parents[3]
SELFPLAY = ["selfplay", "fluttering-souls", "--games", "3", "--seed", "5", "--bots", "random,random"]


def test_selfplay_json(capsys) -> None:
    assert main([*SELFPLAY, "--json"]) == 0
    out = capsys.readouterr().out
    assert len(out.strip().splitlines()) == 1
    report = json.loads(out)
    assert {"game", "games", "seconds", "moves", "wins"} <= set(report)
    assert report["game"] == "fluttering-souls" and report["games"] == 3
    assert isinstance(report["seconds"], (int, float)) and report["seconds"] >= 0
    assert report["moves"] >= 3 * 3 * 18  # at least 3 rounds of 18 cards per game
    assert len(report["wins"]) == 2 and sum(report["wins"]) == 3


def test_selfplay_is_reproducible(capsys) -> None:
    main([*SELFPLAY, "--json"])
    first = json.loads(capsys.readouterr().out)
    main([*SELFPLAY, "--json"])
    second = json.loads(capsys.readouterr().out)
    assert (first["moves"], first["wins"]) == (second["moves"], second["wins"])


def test_selfplay_text(capsys) -> None:
    assert main(SELFPLAY) == 0
    out = capsys.readouterr().out
    assert re.search(r"^games:\s+3$", out, re.M)
    assert re.search(r"^seconds:\s+\d+\.\d\d$", out, re.M)
    assert re.search(r"^moves:\s+\d+", out, re.M)
    wins = [float(w) for w in re.findall(r"^seat [12] \(random\): (\d+(?:\.\d+)?) wins", out, re.M)]
    assert len(wins) == 2 and sum(wins) == 3


def test_content_check_of_one_game_and_of_an_unknown_one(capsys) -> None:
    assert main(["content", "check", "fluttering-souls"]) == 0
    assert capsys.readouterr().out.strip() == "content ok: 1 game(s) checked."
    assert main(["content", "check", "chess"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "no game 'chess' has content to check" in captured.err


@pytest.mark.parametrize(("args", "words"), [
    (["selfplay", "no-such-game", "--bots", "random,random"], "unknown game 'no-such-game'"),
    (["selfplay", "dice-upon-a-time", "--bots", "random"], "takes 2 or 3 or 4 seats"),
    (["selfplay", "fluttering-souls", "--bots", "random,genius"], "unknown bot 'genius'"),
    (["selfplay", "fluttering-souls", "--bots", "random"], "takes 2 seats"),
    (["selfplay", "fluttering-souls", "--bots", "random,random,random"], "takes 2 seats"),
    (["selfplay", "fluttering-souls", "--games", "0", "--bots", "random,random"], "at least 1"),
])
def test_selfplay_errors_exit_2_with_a_message(capsys, args: list[str], words: str) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("fabletop selfplay: ") and words in captured.err


# every shipped chapter's proof: about a minute on 2 quiet cores; the first of the tests that run
# `content check` pays it, the others reuse it (examine is cached per process)
@pytest.mark.timeout(480)
def test_content_check(capsys) -> None:
    assert main(["content", "check"]) == 0
    out = capsys.readouterr().out
    from games.core.registry import all_games

    checked = sum(g.rules_module is not None for g in all_games())
    assert "content ok" in out and f"{checked} game(s) checked" in out


def run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=30)


@pytest.mark.parametrize(("flag", "expected"), [("--version", r"^fabletop \S+$"),
                                                ("--help", r"selfplay")])
def test_version_and_help_are_headless(flag: str, expected: str) -> None:
    done = run(["-X", "importtime", "-m", "tui.cli", flag])
    assert done.returncode == 0, done.stderr
    assert re.search(expected, done.stdout.strip(), re.M)
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines()
                if line.startswith("import time:")}
    assert "tui" in imported and "argparse" in imported  # importtime did record the run
    assert not {m for m in imported if m.split(".")[0] in ("textual", "rich")}


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["content", "check", "fluttering-souls"]])
def test_main_does_not_load_textual(argv: list[str]) -> None:
    script = textwrap.dedent(f"""
        import sys
        from tui.cli import main
        try:
            code = main({argv!r})
        except SystemExit as exc:
            code = exc.code
        assert code in (0, None), code
        loaded = [m for m in sys.modules if m.split(".")[0] in ("textual", "rich")]
        assert not loaded, loaded
        print("headless")
    """)
    done = run(["-c", script])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("headless")
