"""Questline bot strength and speed: hard against three easy bots, and both bots in solo.

Prints (1) the hard bot's win share over seeded 4-player games against three easy bots, its seat
rotated across games, with a 95% Wilson interval against the 25% chance level; (2) the solo average
score and rank distribution of the hard bot and of the easy bot on the same seeds; (3) seconds per
decision (average and worst) per bot. With the 4-player games come where the hard bot completed (by the
epilogue it took) and how it fared from there, how many cards each side drew before completing,
and by how many stars it fell short in the games it lost.
A script, not a test: `python bench/questline_bots.py`.

For trying a change to the hard bot: `--set keep.MARGIN=2` overrides a tuning constant of a module
of games/questline/bots in every worker, `--record FILE` keeps one JSON line per 4-player game, and
`--against FILE` compares with such a record game by game (same seeds, so only the games the change
turned count: the deal decides most games either way). `--seat-bot easy` puts another bot in the hard
bot's seat on the same seeds: paired `--against` a hard record, it shows which deals that bot wins
where the hard one loses, and the other way round. `--no-feed` bars the easy bots from taking
from the hard bot's discard area: what denying them cards could win at most.
"""
from __future__ import annotations

import argparse
import ast
import collections
import importlib
import json
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this tree's games, not an installed copy

from games.questline import GAME
from games.questline.bots import BOTS
from games.questline.commands import ChooseFirstDiscard, Discard, DrawFromDeck, TakeFromDiscard
from games.questline.bots import estimate
from games.questline.decks import CARDS
from games.questline.solo import rank

from common import TIMES, merge_times, play_game, time_bots, wilson


SEAT_BOT = "hard"  # the bot in the rotated seat (--seat-bot): another bot on the same deals


def _init_worker(settings: list[tuple[str, str, object]], no_feed: bool, seat_bot: str) -> None:
    global SEAT_BOT
    SEAT_BOT = seat_bot
    for module, name, value in settings:
        setattr(importlib.import_module(f"games.questline.bots.{module}"), name, value)
    time_bots(BOTS, ("easy", "hard"))
    if no_feed:
        BOTS["unfed"] = unfed(BOTS["easy"])


def unfed(cls):
    """An easy bot that never takes from the hard bot's discard area (seat n % 4 of game n)."""
    class Unfed(cls):
        hard_seat = -1

        def choose(self, view, legal, seat):
            allowed = [c for c in legal if not (isinstance(c, TakeFromDiscard)
                                                and c.owner == Unfed.hard_seat)]
            return super().choose(view, allowed or legal, seat)
    return Unfed


def setting(text: str) -> tuple[str, str, object]:
    """'keep.MARGIN=2' as (module, constant, value); the module must have the constant."""
    target, sep, value = text.partition("=")
    module, _, name = target.rpartition(".")
    try:
        parsed = ast.literal_eval(value)
        found = hasattr(importlib.import_module(f"games.questline.bots.{module}"), name)
    except (ValueError, SyntaxError, ImportError) as exc:
        raise argparse.ArgumentTypeError(f"{text}: {exc}") from None
    if not sep or not found:
        raise argparse.ArgumentTypeError(
            f"{text}: write MODULE.CONSTANT=VALUE for a constant of games/questline/bots")
    return module, name, parsed


def play(job: tuple[str, int, int]) -> tuple[str, int, int, dict, dict]:
    """One seeded game. 'table': hard in seat n % 4 against easy; 'solo-<bot>': one solo game.
    Returns the job kind, the hard seat's win (table) or the score (solo), the game number, the
    timings and the game's record line."""
    kind, seed, n = job
    TIMES.clear()
    if kind == "table":
        names = ["unfed" if "unfed" in BOTS else "easy"] * 4
        names[n % 4] = SEAT_BOT
        if "unfed" in BOTS:
            BOTS["unfed"].hard_seat = n % 4
    else:
        names = [kind.removeprefix("solo-")]
    table = play_game(GAME, names, seed + n)
    outcome = table.outcome()
    value = int(outcome.winners == (n % 4,)) if kind == "table" else outcome.scores[0]
    record = {"game": n, "seed": seed + n, "hard_seat": n % 4, "won": value,
              "scores": list(outcome.scores),
              "epilogues": [CARDS[e].stars for e in table.view(None).epilogue_of],
              "draws": draws_of(table), "lines": lines_of(table)} if kind == "table" else {}
    return kind, value, n, dict(TIMES), record


def draws_of(table) -> list[int]:
    """How many cards each seat drew (decks and discard areas) before it completed."""
    counts = [0] * len(table.seats)
    for seat, command in table.log:
        counts[seat] += isinstance(command, (DrawFromDeck, TakeFromDiscard))
    return counts


def lines_of(table) -> list[list[int]]:
    """Each seat's line (best seven's stars, epilogue aside) after its first discard and after each
    of its later discards: how fast each line grew, draw by draw. Replayed from the seed and the log."""
    state, _ = GAME.setup(table.seed, len(table.seats), table.options)
    lines: list[list[int]] = [[] for _ in table.seats]
    for seat, command in table.log:
        GAME.apply(state, seat, command)
        if isinstance(command, (ChooseFirstDiscard, Discard)):
            lines[seat].append(estimate.score(state.hands[seat]))
    return lines


def places(records: dict[int, dict]) -> str:
    """How often the hard bot completed first, second... (by the epilogue it took) and won from there."""
    by_place: dict[int, list[int]] = collections.defaultdict(list)
    for r in records.values():
        mine = r["epilogues"][r["hard_seat"]]
        by_place[sum(e > mine for e in r["epilogues"]) + 1].append(r["won"])
    return "  hard completed " + ", ".join(
        f"{place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'} "
        f"{len(won) / len(records):.0%} (won {sum(won) / len(won):.0%})"
        for place, won in sorted(by_place.items()))


def pace(records: dict[int, dict]) -> str:
    """Cards drawn before completing and the line's stars (epilogue aside): the hard seat against the
    easy ones. The hard bot completing last while the easy ones stop early shows here."""
    hard: dict[str, list[int]] = {"draws": [], "line": []}
    easy: dict[str, list[int]] = {"draws": [], "line": []}
    for r in records.values():
        for seat, (drawn, score, epilogue) in enumerate(zip(r["draws"], r["scores"], r["epilogues"])):
            side = hard if seat == r["hard_seat"] else easy
            side["draws"].append(drawn)
            side["line"].append(score - epilogue)

    def mean(values: list[int]) -> float:
        return sum(values) / len(values) if values else 0.0
    return (f"  cards drawn before completing: hard {mean(hard['draws']):.1f}, "
            f"easy {mean(easy['draws']):.1f}; "
            f"line stars (epilogue aside): hard {mean(hard['line']):.1f}, easy {mean(easy['line']):.1f}")


def growth(records: dict[int, dict]) -> str:
    """The line after each draw (the last one carried on once a seat has completed), hard seat
    against easy seats, and in the games the hard bot lost to someone who completed first: its
    line when that player completed (after as many draws), against that player's line."""
    hard: dict[int, list[int]] = collections.defaultdict(list)
    easy: dict[int, list[int]] = collections.defaultdict(list)
    behind, ahead = [], []
    for r in records.values():
        seat = r["hard_seat"]
        for s, line in enumerate(r["lines"]):
            for k in range(1, 7):
                (hard if s == seat else easy)[k].append(line[min(k, len(line) - 1)])
        first = max(range(len(r["epilogues"])), key=lambda s: r["epilogues"][s])
        if not r["won"] and first != seat:
            mine = r["lines"][seat]
            behind.append(mine[min(r["draws"][first], len(mine) - 1)])
            ahead.append(r["scores"][first] - r["epilogues"][first])

    def mean(values: list[int]) -> float:
        return sum(values) / len(values) if values else 0.0
    return ("  line after draws 1-6: hard " + " ".join(f"{mean(hard[k]):.1f}" for k in range(1, 7))
            + ", easy " + " ".join(f"{mean(easy[k]):.1f}" for k in range(1, 7))
            + f"\n  lost to a first completer ({len(behind)}): hard's line then {mean(behind):.1f}, "
            f"theirs {mean(ahead):.1f}")


def margins(records: dict[int, dict]) -> str:
    """How far the hard bot fell short in the games it lost ("tied": lost on the epilogue): the
    close losses are the games a small gain in strength can turn."""
    short = collections.Counter()
    for r in records.values():
        if not r["won"]:
            mine = r["scores"][r["hard_seat"]]
            short[min(4, max(s for i, s in enumerate(r["scores"]) if i != r["hard_seat"]) - mine)] += 1
    names = ["tied", "1 short", "2 short", "3 short", "4+ short"]
    return f"  hard lost {sum(short.values())}: " + ", ".join(
        f"{name} {short[gap]}" for gap, name in enumerate(names))


def compare(records: dict[int, dict], path: str) -> str:
    """Game by game against an earlier record of the same seeds."""
    with open(path, encoding="utf-8") as f:
        before = {r["game"]: r for r in map(json.loads, f) if r}
    common = sorted(set(records) & set(before))
    now_only = sum(records[n]["won"] and not before[n]["won"] for n in common)
    then_only = sum(before[n]["won"] and not records[n]["won"] for n in common)
    return (f"  against {path}: {len(common)} games in both; won now but not then {now_only}, "
            f"then but not now {then_only} (net {now_only - then_only:+d})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400,
                        help="4-player games, hard against three easy (default 400)")
    parser.add_argument("--solo", type=int, default=400, help="solo games per bot (default 400)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--set", type=setting, action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="override a hard or easy bot constant, e.g. keep.MARGIN=2 (repeatable)")
    parser.add_argument("--record", metavar="FILE", help="write one JSON line per 4-player game")
    parser.add_argument("--against", metavar="FILE", help="compare game by game with a --record file")
    parser.add_argument("--seat-bot", default="hard", choices=sorted(BOTS),
                        help="the bot in the rotated seat (default hard): e.g. easy, to see which deals "
                             "an easy bot wins there")
    parser.add_argument("--no-feed", action="store_true",
                        help="easy bots may not take from the hard bot's discard area")
    args = parser.parse_args()
    jobs = [("table", args.seed, n) for n in range(args.games)]
    jobs += [(f"solo-{bot}", args.seed, n) for bot in ("hard", "easy") for n in range(args.solo)]
    wins = 0
    solo: dict[str, list[int]] = collections.defaultdict(list)
    times: dict[str, list[float]] = collections.defaultdict(list)
    started = time.perf_counter()
    records: dict[int, dict] = {}
    with multiprocessing.Pool(args.workers, initializer=_init_worker,
                              initargs=(args.set, args.no_feed, args.seat_bot)) as pool:
        for kind, value, n, spent, record in pool.imap_unordered(play, jobs, chunksize=1):
            if kind == "table":
                wins += value
                records[n] = record
            else:
                solo[kind.removeprefix("solo-")].append(value)
            merge_times(times, spent)
    elapsed = time.perf_counter() - started
    changed = [f"{m}.{name}={value!r}" for m, name, value in args.set] + ["no feed"] * args.no_feed
    changed += [f"{args.seat_bot} in the hard seat"] * (args.seat_bot != "hard")
    print(f"Questline bots: seeds {args.seed}..{args.seed + max(args.games, args.solo) - 1}, "
          f"{args.workers} workers, {elapsed:.0f} s" + (f"; {', '.join(changed)}" if changed else ""))
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(records[n]) + "\n" for n in sorted(records))
    if args.games:
        low, high = wilson(wins, args.games)
        verdict = "above" if low > 0.25 else "not clearly above"
        print(f"  4 players, hard vs 3 easy (hard's seat rotated): hard won {wins}/{args.games} = "
              f"{wins / args.games:.1%} (95% CI {low:.1%} .. {high:.1%}; chance 25%, {verdict} "
              f"chance; twice chance = 50%)")
        print(places(records))
        print(pace(records))
        print(growth(records))
        print(margins(records))
        if args.against:
            print(compare(records, args.against))
    for bot in ("hard", "easy"):
        scores = solo.get(bot)
        if not scores:
            continue
        ranks = collections.Counter(rank(s) for s in scores)
        shown = ", ".join(f"{name} {count / len(scores):.0%}" for name, count in ranks.most_common())
        print(f"  solo {bot}: average {sum(scores) / len(scores):.2f} stars over {len(scores)} "
              f"games (min {min(scores)}, max {max(scores)}); ranks: {shown}")
    for bot in ("hard", "easy"):
        spent = times.get(bot)
        if spent:
            print(f"  {bot} seconds per decision (real choices, all games): average "
                  f"{sum(spent) / len(spent):.3f}, worst {max(spent):.3f} over {len(spent)} decisions")


if __name__ == "__main__":
    main()
