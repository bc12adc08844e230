"""The `fabletop` command. Sub-commands and flags here are a public interface: keep them stable."""
from __future__ import annotations

import argparse
import json
import math
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

    serve = sub.add_parser("serve", help="host fabletop over SSH: each player gets the menu and "
                                         "their own saves (see docs/ssh.md)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)")
    serve.add_argument("--port", type=int, default=2222, help="port to listen on (default 2222)")
    serve.add_argument("--data-dir", type=Path, metavar="DIR",
                       help="host key, keys file and every player's saves (default: "
                            "server/ in your data folder)")
    serve.add_argument("--auth", choices=("keys", "open"), default="keys",
                       help="keys: only keys listed in the keys file, each as its player "
                            "(default); open: anyone, under their SSH user name (trusted "
                            "networks only)")
    serve.add_argument("--keys", type=Path, metavar="FILE",
                       help="the keys file, lines 'NAME KEYTYPE KEY [comment]' "
                            "(default: DIR/authorized_keys)")
    serve.add_argument("--max-sessions", type=int, default=30, metavar="N",
                       help="sessions at once; a newcomer beyond is told the server is full "
                            "(default 30)")
    serve.add_argument("--rate", type=int, default=10, metavar="N",
                       help="new connections per address per minute (default 10)")
    serve.add_argument("--idle-timeout", type=float, default=1800, metavar="SECONDS",
                       help="end a session after this long without a key press, with a warning "
                            "a minute before; 0 never (default 1800)")
    serve.add_argument("--seat-wait", type=float, default=120, metavar="SECONDS",
                       help="how long a dropped player's seat at a shared table waits for them "
                            "before a bot plays it until they are back (default 120)")
    serve.add_argument("--tables", metavar="URL", default="",
                       help="where shared tables live: in this process (default), or "
                            "redis://HOST:PORT/N so that several fabletop serve hosts share "
                            "them (pip install 'fabletop[tables-redis]'; see docs/ssh.md)")
    serve.add_argument("--mouse", action="store_true",
                       help="let players use the mouse (off by default: mouse reports cost "
                            "traffic and block copying text)")

    web = sub.add_parser("web", help="serve the collection to web browsers: each tab plays its "
                                     "own session (see docs/web.md)")
    web.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1; 0.0.0.0 for every interface)")
    web.add_argument("--port", type=int, default=8000,
                     help="port to listen on (default 8000; 0: any free port)")
    web.add_argument("--saves-dir", dest="web_saves_dir", type=Path, metavar="DIR",
                     help="folder for save files, shared by every tab (default: as when playing "
                          "in the terminal)")

    content = sub.add_parser("content", help="work with the games' content files")
    content_sub = content.add_subparsers(dest="content_command", metavar="ACTION", required=True)
    check = content_sub.add_parser("check", help="validate every content file and name each problem")
    check.add_argument("games", nargs="*", metavar="GAME",
                       help="check only these games (ids as `fabletop selfplay` takes them; "
                            "default: every game)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "selfplay":
        return _selfplay(args)
    if args.command == "content":
        return _content_check(args.games)
    if args.command == "serve":
        return _serve(args)
    if args.command == "web":
        return _web(args)
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


def _content_check(only: list[str]) -> int:
    from games.core.content import check_all, report_all, unknown

    missing = unknown(only)
    if missing:
        print(f"fabletop content check: no game {', '.join(map(repr, missing))} has content to "
              "check (try once-upon-a-line, dice-upon-a-time, fluttering-souls, questline, "
              "otherworld)", file=sys.stderr)
        return 2
    problems, checked = check_all(only)
    for line in report_all(only):
        print(line)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in the content of {checked} game(s).")
        return 1
    print(f"content ok: {checked} game(s) checked.")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from tui.serve.limits import Limits

    problem = ("--max-sessions must be at least 1" if args.max_sessions < 1
               else "--rate must be at least 1" if args.rate < 1
               else "--port must be 0-65535 (0: any free port)" if not 0 <= args.port <= 65535
               else "--idle-timeout must be a number of seconds, 0 (never) or more"
               if not math.isfinite(args.idle_timeout) or args.idle_timeout < 0
               else "--seat-wait must be a number of seconds, 0 or more"
               if not math.isfinite(args.seat_wait) or args.seat_wait < 0
               else _tables_problem(args.tables))
    if problem:
        print(f"fabletop serve: {problem}", file=sys.stderr)
        return 2
    try:
        from tui.serve.server import ServeConfig, serve
    except ImportError as exc:
        print(f"fabletop serve needs asyncssh ({exc}); install fabletop with pip again",
              file=sys.stderr)
        return 1
    if args.data_dir is None:
        from tui.tables.client import default_server_dir

        args.data_dir = default_server_dir()
    limits = Limits(args.max_sessions, args.rate, args.idle_timeout)
    return serve(ServeConfig(args.data_dir.expanduser(), args.host, args.port, args.auth,
                             args.keys, limits, args.mouse, args.seat_wait, args.tables))


def _tables_problem(url: str) -> str | None:
    """What is wrong with --tables URL (it must be a Redis URL, and redis-py installed), or None."""
    if not url:
        return None
    from tui.tables.redis_service import RedisUnavailable, check_url

    try:
        check_url(url)
    except RedisUnavailable as exc:
        return f"--tables: {exc}"
    try:
        import redis.asyncio  # noqa: F401
    except ImportError:
        return "--tables redis://... needs the redis package: pip install 'fabletop[tables-redis]'"
    return None


def _web(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        print("fabletop web: --port must be 0-65535 (0: any free port)", file=sys.stderr)
        return 2
    try:
        from tui.web.server import WebConfig, serve
    except ImportError as exc:
        print(f"fabletop web needs textual-serve ({exc}); install fabletop with pip again",
              file=sys.stderr)
        return 1
    saves_dir = args.web_saves_dir or args.saves_dir
    saves_dir = saves_dir.expanduser().resolve() if saves_dir is not None else None
    return serve(WebConfig(args.host, args.port, saves_dir))


def _play(args: argparse.Namespace) -> int:
    """Play at this terminal; an unexpected error ends with an apology and status 1, its traceback
    in crash.log beside the settings."""
    from tui.crash import CrashGuard
    from tui.settings import settings_path

    guard = CrashGuard(settings_path().parent / "crash.log", "The details are in {path}.")
    try:
        from saves.store import SaveStore
        from tui.app import FabletopApp

        app = FabletopApp(store=SaveStore(args.saves_dir))
        guard.watch(app)
        app.run()
    except Exception as exc:  # outside the app's own handling: same apology, same log
        return guard.failed(exc)
    return guard.finish(app)


if __name__ == "__main__":
    sys.exit(main())
