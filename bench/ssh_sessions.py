"""fabletop serve (sessions forked from a warm zygote) against a bare Textual app served over SSH the
simple way (a fresh Python per session: bench/bare_ssh.py), side by side in one run.

Starts `fabletop serve --auth open` and bench/bare_ssh.py on free loopback ports, each with its own
data folder; clients are asyncssh at 80x24, xterm-256color.

- start-up: from connecting to the first screen (fabletop's menu subtitle, the bare app's title),
  one session at a time, interleaved; then N sessions opened at once: each session's time to its
  screen (median, max) and the time until all show it.
- memory: RSS and PSS of each session's app (/proc/PID/smaps_rollup). For fabletop also the memory
  each extra session adds: the PSS of the zygote and all its sessions, less the zygote's before,
  per session (PSS splits shared pages among the processes that share them, so the sum counts
  each page once). The servers' RSS growth per session.
- round trip: each of N sessions presses down/up on its menu K times, pausing 0.1-0.3 s between
  presses; the time from sending a key to the first output byte, and to the output that redraws
  the highlighted entry. The same with one session alone. The ratio of the p95s at the end.

    python bench/ssh_sessions.py [--sessions 30] [--keys 30] [--runs 5] [--rounds 2] [--spawned]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import asyncssh

BARE_SERVER = Path(__file__).resolve().parent / "bare_ssh.py"
ROOT = Path(__file__).resolve().parents[1]  # this tree's fabletop is served, wherever run from
FIRST_SCREEN = {"fabletop": "five tabletop games", "bare": "a bare textual app",
                "spawned": "five tabletop games"}
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


def pss_kib(pid: int) -> int:
    return memory_kib(pid)[1]


def running(pid: int) -> bool:
    """Whether the process is still there (a zombie waiting to be reaped has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def close_all(screens: list[Screen], grace: float = 15.0) -> None:
    """Close the sessions and wait until their apps have ended, so that no app left running
    loads the machine for the next crowd; one still running after `grace` seconds is ended here,
    and said (an app that outlives its client is a finding of its own)."""
    await asyncio.gather(*(s.close() for s in screens))
    pids = [s.pid for s in screens if s.pid]
    deadline = time.monotonic() + grace
    while (left := [pid for pid in pids if running(pid)]) and time.monotonic() < deadline:
        await asyncio.sleep(0.1)
    for pid in left:
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    if left:
        print(f"  ({len(left)} of {len(pids)} apps still ran {grace:.0f} s after their client "
              f"closed: ended by the bench)")


class Served:
    """One server under test, in a subprocess with its log in a file."""

    def __init__(self, kind: str, folder: Path, sessions: int) -> None:
        self.kind, self.log_path = kind, folder / f"{kind}.log"
        if kind == "fabletop":
            command = [sys.executable, "-m", "tui.cli", "serve", "--auth", "open", "--port", "0",
                       "--data-dir", str(folder / "serve"), "--rate", "10000",
                       "--max-sessions", str(sessions + 5)]
        else:
            command = [sys.executable, str(BARE_SERVER), "serve", "--port", "0",
                       *(["--fabletop"] if kind == "spawned" else [])]
        with open(self.log_path, "wb") as log:
            self.proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT)
        while not (found := re.search(r"listening on \S+:(\d+)", self.log())):
            if self.proc.poll() is not None:
                raise SystemExit(f"{kind} server ended:\n{self.log()}")
            time.sleep(0.05)
        self.port = int(found.group(1))
        ready = re.search(r"zygote ready: pid (\d+)", self.log())
        self.zygote = int(ready.group(1)) if ready else None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def pid_of(self, name: str) -> int:
        return int(re.findall(rf" {name}: pid (\d+)", self.log())[-1])

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(30)


class Bench:
    def __init__(self, args) -> None:
        self.args = args
        self.folder = Path(tempfile.mkdtemp(prefix="fabletop-ssh-bench-"))
        self.count = 0
        self.servers: dict[str, Served] = {}

    def start_servers(self) -> None:
        for kind in self.args.kinds:
            self.servers[kind] = Served(kind, self.folder, self.args.sessions)

    def stop_servers(self) -> None:
        for server in self.servers.values():
            server.stop()

    async def open(self, kind: str) -> tuple[Screen, float]:
        """A new session at its first screen, and the seconds that took."""
        self.count += 1
        name = f"p{self.count}"
        started = time.perf_counter()
        screen = SshScreen()
        await screen.open(self.servers[kind].port, name)
        await screen.until(FIRST_SCREEN[kind])
        took = time.perf_counter() - started
        screen.pid = self.servers[kind].pid_of(name)
        return screen, took

    async def startup(self, kind: str) -> float:
        screen, took = await self.open(kind)
        await close_all([screen])
        return took

    async def crowd(self, kind: str) -> tuple[list[Screen], list[float], float]:
        started = time.perf_counter()
        opened = await asyncio.gather(*(self.open(kind) for _ in range(self.args.sessions)))
        screens, times = zip(*opened)
        return list(screens), list(times), time.perf_counter() - started

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


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


async def measure_crowd(bench: Bench, kind: str) -> list[float]:
    """N sessions at once: start-up, memory, round trips; returns the keys' times to first byte."""
    args, server = bench.args, bench.servers[kind]
    server_before = memory_kib(server.proc.pid)[0]
    zygote_before = pss_kib(server.zygote) if server.zygote else 0
    load = os.getloadavg()[0]
    screens, times, took = await bench.crowd(kind)
    print(f"\n{kind} (load {load:.2f}): {args.sessions} sessions opened at once: each at its "
          f"first screen in median {statistics.median(times):.2f} s, max {max(times):.2f} s; "
          f"all in {took:.1f} s")
    rss, pss = zip(*(memory_kib(s.pid) for s in screens))
    print(f"  memory per app: RSS {statistics.mean(rss) / 1024:.1f} MiB, "
          f"PSS {statistics.mean(pss) / 1024:.1f} MiB")
    if server.zygote:
        extra = (sum(pss) + pss_kib(server.zygote) - zygote_before) / args.sessions
        print(f"  memory each extra session adds (PSS of zygote and sessions, less the zygote's "
              f"{zygote_before / 1024:.1f} MiB before): {extra / 1024:.1f} MiB")
    grown = (memory_kib(server.proc.pid)[0] - server_before) / args.sessions
    print(f"  server: RSS {memory_kib(server.proc.pid)[0] / 1024:.1f} MiB, "
          f"{grown:.0f} KiB more per session")
    cpu_before = cpu_seconds(server.proc.pid)
    apps_before = sum(cpu_seconds(s.pid) for s in screens)
    firsts, fulls = await bench.presses(screens)
    print(f"  key to screen, all {args.sessions} pressing: first byte {quantiles(firsts)}")
    print(f"  {' ' * (18 + len(str(args.sessions)))}redrawn    {quantiles(fulls)}")
    cpu = cpu_seconds(server.proc.pid) - cpu_before
    apps = sum(cpu_seconds(s.pid) for s in screens) - apps_before
    print(f"  CPU while pressing, per key and its screen update: server "
          f"{1000 * cpu / len(fulls):.2f} ms, app {1000 * apps / len(fulls):.2f} ms")
    await close_all(screens)
    return firsts


async def run(args) -> None:
    bench = Bench(args)
    bench.start_servers()
    try:
        print(f"fabletop serve vs a bare Textual app over SSH: {args.sessions} sessions, "
              f"{args.keys} keys each, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}, "
              f"python {sys.version.split()[0]}, asyncssh {asyncssh.__version__}")
        times = {kind: [] for kind in args.kinds}
        for _ in range(args.runs):
            for kind in times:
                times[kind].append(await bench.startup(kind))
        print("\nstart-up to the first screen, one session at a time "
              f"(median of {args.runs}, min-max):")
        for kind, values in times.items():
            print(f"  {kind:8}  {statistics.median(values):.3f} s  "
                  f"({min(values):.3f}-{max(values):.3f})")
        print("\nkey to screen, one session alone:")
        for kind in args.kinds:
            screen, _ = await bench.open(kind)
            firsts, fulls = await bench.presses([screen])
            print(f"  {kind:8}  first byte {quantiles(firsts)};  redrawn {quantiles(fulls)}")
            await close_all([screen])
        firsts: dict[str, list[float]] = {kind: [] for kind in args.kinds}
        rounds = []
        for number in range(args.rounds):  # alternated, so a change of load hits both
            print(f"\n-- round {number + 1} of {args.rounds}")
            got = {kind: await measure_crowd(bench, kind) for kind in args.kinds}
            rounds.append(got)
            for kind, values in got.items():
                firsts[kind] += values
        print(f"\np95 key to first byte with {args.sessions} pressing, ratio to bare:")
        for kind in args.kinds:
            if kind != "bare":
                ratios = [p95(got[kind]) / p95(got["bare"]) for got in rounds]
                each = ", ".join(f"{ratio:.2f}x" for ratio in ratios)
                print(f"  {kind}: {p95(firsts[kind]) / p95(firsts['bare']):.2f}x over all "
                      f"rounds ({1000 * p95(firsts[kind]):.1f} ms against "
                      f"{1000 * p95(firsts['bare']):.1f} ms); by round {each} "
                      f"(median {statistics.median(ratios):.2f}x)")
        print(f"load now {os.getloadavg()[0]:.2f}")
    finally:
        bench.stop_servers()


def main() -> None:
    # the servers and their apps inherit this: under nohup a hang-up would not end an app whose
    # client has gone, and it would spin on its dead terminal through the later crowds
    signal.signal(signal.SIGHUP, signal.SIG_DFL)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--keys", type=int, default=30, help="key presses per session")
    parser.add_argument("--runs", type=int, default=5, help="start-up runs of each kind")
    parser.add_argument("--rounds", type=int, default=2,
                        help="crowds of each kind, alternated (the p95s pool them)")
    parser.add_argument("--spawned", dest="kinds", action="store_const",
                        const=("fabletop", "bare", "spawned"), default=("fabletop", "bare"),
                        help="also fabletop's app served as the bare one is (a fresh Python per "
                             "session): the app's share of the difference")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
