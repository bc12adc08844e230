"""The SSH server: connections, logins and refusals, sessions within the limits, clean shutdown.

Each event is one log line on stderr: connect, login, refused, start, end, disconnect.
"""
from __future__ import annotations

import asyncio
import itertools
import logging
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from tui.serve.auth import KeyBook, PlayerConnection, load_host_key
from tui.serve.limits import Limits, RateLimiter, SessionSlots
from tui.serve.players import name_problem, player_folder
from tui.serve.sessions import PlayerSession, refuse
from tui.serve.starter import Zygote
from tui.tables.service import TablesUnavailable

log = logging.getLogger("fabletop.serve")

SHUTDOWN_MESSAGE = "fabletop: the server is shutting down. Your game is saved; come back later."


@dataclass(frozen=True)
class ServeConfig:
    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 2222
    auth: str = "keys"  # "keys": players listed in the keys file; "open": anyone, by user name
    keys_file: Path | None = None
    limits: Limits = field(default_factory=Limits)
    mouse: bool = False
    seat_wait: float = 120.0  # seconds a dropped player's seat at a shared table waits for them
    tables: str = ""  # "": shared tables in this process; redis://HOST:PORT/N: shared by hosts

    @property
    def keys_path(self) -> Path:
        return self.keys_file or self.data_dir / "authorized_keys"


def judge_user_names_as_sent() -> None:
    """asyncssh prepares each user name with SASLprep, whose NFKC step turns 'Kate' typed with the
    Kelvin sign into 'Kate': that player would play in kate's folder. The name as the client sent
    it goes to the name rule instead, which refuses any name NFKC would change (and says why)."""
    asyncssh.connection.saslprep = lambda name: name


class FabletopService:
    """What all connections share: the keys, the limits and the running sessions."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.keys = KeyBook(config.keys_path)
        self.rate = RateLimiter(config.limits.per_minute)
        self.slots = SessionSlots(config.limits.max_sessions)
        self.sessions: dict[PlayerSession, asyncio.Task] = {}
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.numbers = itertools.count(1)
        self.port = config.port
        self.zygote = Zygote()
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self.tables = None  # the shared tables' socket (tui.tables), started with the server

    async def start(self) -> None:
        config = self.config
        judge_user_names_as_sent()
        config.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)
        host_key = load_host_key(config.data_dir)
        await self._start_tables()
        if config.auth == "keys":
            self.keys.ensure()
        await self.zygote.start()  # before listening: the first player finds it warm
        self._acceptor = await asyncssh.create_server(
            lambda: PlayerConnection(self), config.host, config.port,
            server_host_keys=[host_key], process_factory=self.run_session,
            encoding=None, line_editor=False, agent_forwarding=False, x11_forwarding=False,
            allow_scp=False, login_timeout=30, keepalive_interval=30, keepalive_count_max=3)
        self.port = self._acceptor.get_port()
        where = f"{config.host}:{self.port}"
        if config.auth == "open":
            log.warning("!! --auth open: ANYONE who can reach %s can play, under any name they "
                        "choose,", where)
            log.warning("!! and read or change that player's saves. Use it only on a trusted "
                        "network.")
        else:
            log.info("players: %d key(s) in %s", self.keys.count(), config.keys_path)
        limits = config.limits
        log.info("host key %s; data in %s; at most %d sessions, %d new connections per address "
                 "per minute, idle timeout %s", host_key.get_fingerprint(), config.data_dir,
                 limits.max_sessions, limits.per_minute,
                 f"{limits.idle_timeout:g} s" if limits.idle_timeout else "off")
        log.info("listening on %s (auth %s)", where, config.auth)

    async def _start_tables(self) -> None:
        from tui.tables.local import LocalTables
        from tui.tables.server import SOCKET, TableSocket

        if self.config.tables:
            from tui.tables.redis_service import RedisTables

            service = RedisTables(self.config.tables, seat_wait=self.config.seat_wait)
        else:
            service = LocalTables(self.config.data_dir / "tables", seat_wait=self.config.seat_wait)
        self.tables = TableSocket(service, self.config.data_dir / SOCKET)
        await self.tables.start()

    async def stop(self) -> None:
        """Stop listening, end every session after its autosave, close every connection."""
        if self._acceptor is not None:
            self._acceptor.close()
        log.info("stopping: ending %d session(s)", len(self.sessions))
        for session in list(self.sessions):
            session.stop(SHUTDOWN_MESSAGE)
        if self.sessions:
            await asyncio.wait(list(self.sessions.values()))
        for conn in list(self.connections):
            conn.close()
        await self.zygote.stop()
        if self.tables is not None:
            await self.tables.stop()
        log.info("stopped")

    async def run_session(self, process: asyncssh.SSHServerProcess) -> None:
        """The process factory: check the request and the limits, then run the player's app."""
        conn = process.channel.get_connection()
        label = conn.get_extra_info("fabletop_label", "?")
        player = conn.get_extra_info("fabletop_player")
        problem = self._session_problem(process, player, conn.get_extra_info("username", ""))
        if problem is None and not self.slots.take():
            problem = "server full", (f"fabletop is full right now (at most {self.slots.limit} "
                                      "at once). Please try again later.")
        if problem is not None:
            log.info("refused %s %s: %s", label, player or "-", problem[0])
            refuse(process, problem[1])
            return
        try:
            await self._play(process, label, player)
        finally:
            self.slots.give_back()

    async def _play(self, process: asyncssh.SSHServerProcess, label: str, player: str) -> None:
        try:
            folder = player_folder(self.config.data_dir, player)
            folder.prepare()
            session = PlayerSession(process, folder, self.config.limits, self.zygote,
                                    self.config.mouse,
                                    tables=str(self.tables.path) if self.tables else None)
            await session.start()
        except (OSError, ValueError) as exc:
            log.warning("refused %s %s: cannot start a session (%s)", label, player, exc)
            refuse(process, "fabletop could not start your session; please tell the host.")
            return
        self.sessions[session] = asyncio.current_task()
        started, reason = time.monotonic(), "error"
        log.info("start %s %s: pid %s, %sx%s %s", label, player, session.pid,
                 *process.get_terminal_size()[:2], process.get_terminal_type())
        try:
            reason = await session.run()
        finally:
            self.sessions.pop(session, None)
            level = logging.ERROR if reason == "crashed" else logging.INFO
            log.log(level, "end %s %s: %s after %.0f s%s", label, player, reason,
                    time.monotonic() - started,
                    f" (traceback in {session.crash_log})" if reason == "crashed" else "")

    def _session_problem(self, process, player: str | None,
                         username: str) -> tuple[str, str] | None:
        """Why this session cannot start: (for the log, for the player); None if it can."""
        addr = f"-p {self.port} NAME@HOST" if self.port != 22 else "NAME@HOST"
        if process.command is not None or process.subsystem is not None:
            return "asked to run a command", ("fabletop runs no commands here: connect with "
                                              f"plain ssh {addr}")
        if process.get_terminal_type() is None:
            return "no terminal", ("fabletop needs a terminal and your client did not ask for "
                                   f"one: connect with ssh -t {addr}")
        if player is None:
            return "not a player name", (f"fabletop: {name_problem(username)}: connect with "
                                         f"ssh {addr}, e.g. alice@HOST")
        return None


async def _serve(config: ServeConfig) -> int:
    service = FabletopService(config)
    try:
        await service.start()
    except (OSError, asyncssh.Error) as exc:
        log.error("cannot serve on %s:%s: %s", config.host, config.port, exc)
        await service.zygote.stop()
        return 1
    except TablesUnavailable as exc:
        log.error("cannot serve: %s", exc)
        await service.zygote.stop()
        return 2
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    await service.stop()
    return 0


def serve(config: ServeConfig) -> int:
    """Run the server until Ctrl+C or SIGTERM; returns the exit status."""
    logging.basicConfig(stream=sys.stderr, level=logging.INFO,
                        format="%(asctime)s %(message)s", datefmt="%Y-%m-%d %H:%M:%S")
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    os.umask(0o077)  # host key, players' folders, saves and settings: readable by the host only
    return asyncio.run(_serve(config))
