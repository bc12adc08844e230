"""What one host holds at shared tables: the in-process table service against the Redis one (one
host, or two hosts sharing a redis-server), side by side in one run.

For each service: N Fluttering Souls tables, alice and bob seated and watching (a frame is built
for each watcher after every change, as for a session); each person plays the first legal move
as soon as it is their turn, every table at once, until every game ends. Prints the commands per
second through the service, the frames per second built for watchers, the time from a submit to
its answer (median, p95), and the memory each table takes (Python allocations while the tables
are created and watched, on every host, / N). Then M Otherworld
tables with an easy bot each: bot moves per second (bots think in threads, after no pace).

Redis: a redis-server started here on a free loopback port (or --redis URL). The sessions
themselves (one forked process each) are measured by bench/ssh_sessions.py.

    python bench/tables_load.py [--tables 50] [--bot-tables 10] [--redis URL]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.core.messages import encode_command  # noqa: E402


class Count:
    frames = 0

    def __call__(self, kind, data) -> None:
        if kind == "frame":
            Count.frames += 1


async def people_play(hosts, tables: int, game: str = "fluttering-souls") -> dict:
    """N tables between alice (on the first host) and bob (on the last), played to the end."""
    first, last = hosts[0], hosts[-1]
    warm = await first.create("alice", "Alice", game, ["you", "open"], {})  # loads the game's content
    while warm not in last.tables:
        await asyncio.sleep(0.005)
    tracemalloc.start()
    ids = []
    for _ in range(tables):
        table_id = await first.create("alice", "Alice", game, ["you", "open"], {})
        while table_id not in last.tables:
            await asyncio.sleep(0.005)
        await last.join(table_id, "bob", "Bob")
        first.watch(table_id, "alice", Count())
        last.watch(table_id, "bob", Count())
        ids.append(table_id)
    grown = tracemalloc.get_traced_memory()[0] / 1024  # every host's replicas, watchers and frames
    tracemalloc.stop()
    waits: list[float] = []
    Count.frames = 0

    async def play(table_id: str) -> int:
        made = 0
        while True:
            table = first.tables[table_id].table
            if table.outcome() is not None:
                return made
            seat = table.to_act()[0]
            where = (first, last)[seat]
            mine = where.tables[table_id].table
            if len(mine.log) != len(table.log):  # the other host has not applied it yet
                await asyncio.sleep(0.002)
                continue
            command = encode_command(mine.legal_commands(seat)[0])
            started = time.perf_counter()
            await where.submit(table_id, ("alice", "bob")[seat], seat, command)
            waits.append(time.perf_counter() - started)
            made += 1

    started = time.perf_counter()
    made = sum(await asyncio.gather(*(play(t) for t in ids)))
    spent = time.perf_counter() - started
    waits.sort()
    return {"commands/s": made / spent, "frames/s": Count.frames / spent,
            "submit median ms": 1000 * statistics.median(waits),
            "submit p95 ms": 1000 * waits[int(0.95 * (len(waits) - 1))],
            "KiB per table": grown / tables, "commands": made}


async def bots_play(service, tables: int, seconds: float = 5.0) -> dict:
    ids = []
    for _ in range(tables):
        table_id = await service.create("alice", "Alice", "otherworld", ["you", "open", "easy"], {})
        await service.join(table_id, "bob", "Bob")
        ids.append(table_id)
    bot_moves = 0
    done = asyncio.Event()

    async def person(table_id: str, player: str, seat: int) -> None:
        nonlocal bot_moves
        while not done.is_set():
            table = service.tables[table_id].table
            if table.outcome() is not None:
                return
            if seat in table.to_act():
                try:
                    await service.submit(table_id, player, seat,
                                         encode_command(table.legal_commands(seat)[0]))
                except Exception:
                    pass  # the table moved on meanwhile
            else:
                await asyncio.sleep(0.002)

    for table_id in ids:
        service.watch(table_id, "alice", Count())
        service.watch(table_id, "bob", Count())
    started = time.perf_counter()
    runs = [asyncio.create_task(person(t, p, s)) for t in ids for p, s in (("alice", 0), ("bob", 1))]
    await asyncio.sleep(seconds)
    done.set()
    await asyncio.gather(*runs)
    spent = time.perf_counter() - started
    bot_moves = sum(1 for t in ids for step in service.tables[t].steps if step[0] == 2)
    return {"bot moves/s": bot_moves / spent}


def start_redis(folder: str) -> tuple[subprocess.Popen, str]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", folder],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    return proc, f"redis://127.0.0.1:{port}/0"


async def run(args: argparse.Namespace) -> None:
    from tui.tables.local import LocalTables

    rows: list[tuple[str, dict]] = []
    local = LocalTables(None, bot_pace=0)
    rows.append(("in-process", await people_play([local], args.tables)))
    rows.append(("in-process bots", await bots_play(local, args.bot_tables)))
    await local.close()

    url, proc = args.redis, None
    if url is None and shutil.which("redis-server"):
        proc, url = start_redis(tempfile.mkdtemp(prefix="fabletop-bench-redis-"))
    if url is not None:
        from tui.tables.redis_service import RedisTables

        try:
            for label, count in (("redis, 1 host", 1), ("redis, 2 hosts", 2)):
                prefix = f"bench{time.time_ns()}:"  # a fresh lobby for each run
                hosts = [RedisTables(url, bot_pace=0, prefix=prefix) for _ in range(count)]
                for host in hosts:
                    await host.start()
                rows.append((label, await people_play(hosts, args.tables)))
                if count == 1:
                    rows.append(("redis bots", await bots_play(hosts[0], args.bot_tables)))
                for host in hosts:
                    await host.close()
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait()
    else:
        print("(no redis-server: only the in-process service is measured)")

    print(f"{args.tables} tables of Fluttering Souls, two people each, played to the end; "
          f"{args.bot_tables} Otherworld tables with a bot; {os.cpu_count()} cores")
    base = rows[0][1]["commands/s"]
    for label, row in rows:
        shown = ", ".join(f"{k} {v:.1f}" if isinstance(v, float) else f"{k} {v}" for k, v in row.items())
        ratio = f" (x{row['commands/s'] / base:.2f} of in-process)" if "commands/s" in row else ""
        print(f"  {label:16} {shown}{ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--bot-tables", type=int, default=10)
    parser.add_argument("--redis", metavar="URL", help="an existing Redis (default: start one)")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
