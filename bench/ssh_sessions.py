"""fabletop over SSH against fabletop run locally: start-up, memory per session, key round trips.

Starts `fabletop serve --auth open` on a free loopback port with its own data folder, and the same
app locally (`python -m tui.serve.child`, what each SSH session runs) in pseudo-terminals made
here; both at 80x24, xterm-256color.

- start-up: from connecting (SSH) or spawning (local) to the first screen (the menu's subtitle),
  one session at a time, interleaved; then N sessions opened at once, until all show the menu.
- memory: RSS and PSS of each session's app; for SSH also the server's growth per session.
- round trip: each of N sessions presses down/up on the main menu K times, pausing 0.1-0.3 s
  between presses; the time from sending a key to the first output byte, and to the output that
  redraws the highlighted entry. The same with one session alone.

    python bench/ssh_sessions.py [--sessions 30] [--keys 30] [--runs 5]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

MENU = "five tabletop games"
SIZE = (80, 24)
KEYS = (("\x1b[B", "Continue"), ("\x1b[A", "New game"))  # down / up, and what each redraws
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()=>78]")


def plain(data: bytes) -> str:
    return _ESCAPES.sub("", data.decode("utf-8", "replace"))


class Screen:
    """A session's output as it arrives; `wait` returns when new bytes came."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.arrived = asyncio.Event()
        self.pid: int | None = None

    def feed(self, data: bytes) -> None:
        self.out += data
        self.arrived.set()

    async def until(self, marker: str, start: int = 0, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        while marker not in plain(bytes(self.out[start:])):
            self.arrived.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"{marker!r} did not appear")
            try:
                await asyncio.wait_for(self.arrived.wait(), min(left, 1.0))
            except asyncio.TimeoutError:
                pass

    async def press(self, key: str, marker: str) -> tuple[float, float]:
        """Seconds from sending the key to the first byte back, and to the marker."""
        start, sent = len(self.out), time.perf_counter()
        self.send(key.encode())
        first = None
        while True:
            if first is None and len(self.out) > start:
                first = time.perf_counter() - sent
            if marker in plain(bytes(self.out[start:])):
                return first, time.perf_counter() - sent
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), 60)


class LocalScreen(Screen):
    async def open(self, folder: Path) -> None:
        import fcntl
        import struct
        import termios

        master, slave = os.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
        env = dict(os.environ, TERM="xterm-256color", FABLETOP_SAVES_DIR=str(folder / "saves"),
                   FABLETOP_CONFIG_DIR=str(folder))
        # The very app an SSH session runs (tui.serve.child: the PTY is its controlling terminal,
        # so closing it ends the app), only without SSH in between.
        self.proc = subprocess.Popen([sys.executable, "-m", "tui.serve.child"], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, start_new_session=True)
        os.close(slave)
        self.pid, self.master = self.proc.pid, master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._read)

    def _read(self) -> None:
        try:
            self.feed(os.read(self.master, 65536))
        except OSError:
            asyncio.get_running_loop().remove_reader(self.master)

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    async def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)  # a hang-up: the app ends
        try:
            await asyncio.get_running_loop().run_in_executor(None, self.proc.wait, 10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class SshScreen(Screen):
    async def open(self, port: int, name: str) -> None:
        self.conn = await asyncssh.connect("127.0.0.1", port, username=name, known_hosts=None,
                                           client_keys=None, agent_path=None)
        self.process = await self.conn.create_process(term_type="xterm-256color", term_size=SIZE,
                                                      encoding=None)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        while data := await self.process.stdout.read(65536):
            self.feed(data)

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process, in KiB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, value = line.split(":", 1)
        fields[name] = int(value.split()[0])
    return fields["Rss"], fields["Pss"]


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Bench:
    def __init__(self, args) -> None:
        self.args = args
        self.folder = Path(tempfile.mkdtemp(prefix="fabletop-ssh-bench-"))
        self.count = 0

    def start_server(self) -> None:
        log = open(self.folder / "serve.log", "wb")
        self.server = subprocess.Popen(
            [sys.executable, "-m", "tui.cli", "serve", "--auth", "open", "--port", "0",
             "--data-dir", str(self.folder / "serve"), "--rate", "10000",
             "--max-sessions", str(self.args.sessions + 5)], stdout=log, stderr=subprocess.STDOUT)
        while not (found := re.search(r"listening on \S+:(\d+)", self.log())):
            time.sleep(0.05)
        self.port = int(found.group(1))

    def log(self) -> str:
        return (self.folder / "serve.log").read_text()

    async def open(self, kind: str) -> Screen:
        self.count += 1
        name = f"p{self.count}"
        if kind == "local":
            screen = LocalScreen()
            await screen.open(self.folder / "local" / name)
        else:
            screen = SshScreen()
            await screen.open(self.port, name)
        await screen.until(MENU)
        if kind == "ssh":
            screen.pid = int(re.search(rf"{name}: pid (\d+)", self.log()).group(1))
        return screen

    async def startup(self, kind: str) -> float:
        started = time.perf_counter()
        screen = await self.open(kind)
        took = time.perf_counter() - started
        await screen.close()
        return took

    async def crowd(self, kind: str) -> tuple[list[Screen], float]:
        started = time.perf_counter()
        screens = await asyncio.gather(*(self.open(kind) for _ in range(self.args.sessions)))
        return list(screens), time.perf_counter() - started

    async def presses(self, screens: list[Screen]) -> tuple[list[float], list[float]]:
        firsts, fulls = [], []

        async def player(screen: Screen, seed: int) -> None:
            rng = random.Random(seed)
            await asyncio.sleep(rng.uniform(0, 0.3))
            for i in range(self.args.keys):
                first, full = await screen.press(*KEYS[i % 2])
                firsts.append(first)
                fulls.append(full)
                await asyncio.sleep(rng.uniform(0.1, 0.3))

        await asyncio.gather(*(player(s, i) for i, s in enumerate(screens)))
        return firsts, fulls


def quantiles(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {1000 * statistics.median(ordered):6.1f} ms, p95 {1000 * p95:6.1f} ms"


async def run(args) -> None:
    bench = Bench(args)
    bench.start_server()
    try:
        print(f"fabletop over SSH vs local: {args.sessions} sessions, {args.keys} keys each, "
              f"{os.cpu_count()} CPUs, python {sys.version.split()[0]}, asyncssh "
              f"{asyncssh.__version__}")
        times = {"local": [], "ssh": []}
        for _ in range(args.runs):
            for kind in times:
                times[kind].append(await bench.startup(kind))
        print("\nstart-up to the first screen, one session at a time "
              f"(median of {args.runs}, min-max):")
        for kind, values in times.items():
            print(f"  {kind:5}  {statistics.median(values):.3f} s  "
                  f"({min(values):.3f}-{max(values):.3f})")
        print("\nkey to screen, one session alone:")
        for kind in ("local", "ssh"):
            screen = await bench.open(kind)
            firsts, fulls = await bench.presses([screen])
            print(f"  {kind:5}  first byte {quantiles(firsts)};  redrawn {quantiles(fulls)}")
            await screen.close()
        for kind in ("local", "ssh"):
            server_before = memory_kib(bench.server.pid)[0]
            screens, took = await bench.crowd(kind)
            print(f"\n{kind}: {args.sessions} sessions opened at once, all at the menu in "
                  f"{took:.1f} s")
            rss, pss = zip(*(memory_kib(s.pid) for s in screens))
            print(f"  memory per app: RSS {statistics.mean(rss) / 1024:.1f} MiB, "
                  f"PSS {statistics.mean(pss) / 1024:.1f} MiB")
            if kind == "ssh":
                grown = (memory_kib(bench.server.pid)[0] - server_before) / args.sessions
                print(f"  server: RSS {memory_kib(bench.server.pid)[0] / 1024:.1f} MiB, "
                      f"{grown:.0f} KiB more per session")
            cpu_before = cpu_seconds(bench.server.pid)
            firsts, fulls = await bench.presses(screens)
            print(f"  key to screen, all {args.sessions} pressing: first byte {quantiles(firsts)}")
            print(f"  {' ' * (18 + len(str(args.sessions)))}redrawn    {quantiles(fulls)}")
            if kind == "ssh":
                cpu = cpu_seconds(bench.server.pid) - cpu_before
                print(f"  server CPU while pressing: {cpu:.2f} s for {len(fulls)} keys "
                      f"({1000 * cpu / len(fulls):.2f} ms per key and its screen update)")
            await asyncio.gather(*(s.close() for s in screens))
    finally:
        bench.server.terminate()
        bench.server.wait(30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--keys", type=int, default=30, help="key presses per session")
    parser.add_argument("--runs", type=int, default=5, help="start-up runs of each kind")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
