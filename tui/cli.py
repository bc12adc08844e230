"""The `fabletop` command. Sub-commands and flags here are a public interface: keep them stable."""
from __future__ import annotations

import argparse
import json
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path


def _version() -> str:
    try:
        return version("fabletop")
    except PackageNotFoundError:
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fabletop",
        description="Five tabletop games in the terminal. Run without a sub-command to play.",
    )
    parser.add_argument("--version", action="version", version=f"fabletop {_version()}")
    parser.add_argument("--saves-dir", type=Path, metavar="DIR",
                        help="folder for save files (default: $FABLETOP_SAVES_DIR or your data folder)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("selfplay", help="bots play each other headless and report the results")
    play.add_argument("game", help="game id, e.g. fluttering-souls")
    play.add_argument("--games", type=int, default=10, metavar="N", help="games to play (default 10)")
    play.add_argument("--seed", type=int, default=1, metavar="S",
                      help="seed of the first game; game i uses S+i (default 1)")
    play.add_argument("--bots", required=True, metavar="A,B",
                      help="one bot level per seat, comma-separated (random, easy, hard)")
    play.add_argument("--players", type=int, metavar="N",
                      help="number of players; optional, but when given it must equal the "
                           "number of bots named in --bots")
    play.add_argument("--json", action="store_true", help="print one JSON object")

    content = sub.add_parser("content", help="work with the games' content files")
    content_sub = content.add_subparsers(dest="content_command", metavar="ACTION", required=True)
    content_sub.add_parser("check", help="validate every content file and name each problem")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "selfplay":
        return _selfplay(args)
    if args.command == "content":
        return _content_check()
    return _play(args)


def _selfplay(args: argparse.Namespace) -> int:
    from games.core.registry import find
    from games.core.selfplay import selfplay

    try:
        game = find(args.game).rules()
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        bots = [b.strip() for b in args.bots.split(",")]
        if args.players is not None and args.players != len(bots):
            raise ValueError(f"--players {args.players} does not match --bots, which names "
                             f"{len(bots)} bot(s): name one bot per player")
        result = selfplay(game, bots, args.games, args.seed)
    except (LookupError, ValueError) as exc:
        print(f"fabletop selfplay: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # a bot broke the rules or never finished
        print(f"fabletop selfplay: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    print(f"game:    {game.title}")
    print(f"games:   {result.games}")
    print(f"seconds: {result.seconds:.2f}")
    print(f"moves:   {result.moves} ({result.moves / max(result.seconds, 1e-9):,.0f} per second)")
    for seat, (bot, wins) in enumerate(zip(result.bots, result.wins), 1):
        share = 100 * wins / result.games
        print(f"seat {seat} ({bot}): {wins:g} wins ({share:.1f}%), "
              f"slowest move {result.bot_seconds[seat - 1]:.3f} s")
    return 0


def _content_check() -> int:
    from games.core.content import check_all

    problems, checked = check_all()
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in the content of {checked} game(s).")
        return 1
    print(f"content ok: {checked} game(s) checked.")
    return 0


def _play(args: argparse.Namespace) -> int:
    from saves.store import SaveStore
    from tui.app import FabletopApp

    FabletopApp(store=SaveStore(args.saves_dir)).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
