"""The Redis table service: several `fabletop serve` hosts share the lobby and the tables.

A table is its setup (the save document of tui.tables.store, without a log, under KEY:setup) and
its stream (KEY:stream): every change (a move, an undo, a join, a chat line, a player arriving or
gone) is appended there, and every host applies the stream in order to its own replica with the
very rules of the in-process service (tui.tables.local). A change is refused or made at its
place in the stream, the same way on every host, and the host that asked hears which. Each host
sends its own sessions their frames from its replica; a host that starts (or restarts) rebuilds
every table from its setup and stream. One host at a time runs a table's bots: the one holding
its lease (KEY:bots, expiring), among the hosts where someone holding a seat is at the table.

    fabletop:next            the last table number given out
    fabletop:ids             the tables' ids
    fabletop:lobby           a stream: "created" TABLE_ID
    fabletop:t-N:setup       the table's setup (TOML)
    fabletop:t-N:stream      the table's changes, in order (one JSON field "e" each)
    fabletop:t-N:bots        the host running its bots (expires unless renewed)
    fabletop:host:ID         a host's heartbeat (expires): people it held at tables are gone
    fabletop:chat:PLAYER     when the player's last chat lines were sent (the rate limit)
"""
from __future__ import annotations

import asyncio
import itertools
import json
import logging
import tomllib
import uuid
from typing import Any, Callable, Mapping, Sequence
from urllib.parse import urlsplit

import tomli_w

from games.core.messages import Command, decode_command, encode_command
from saves.format import now
from tui.tables.local import LocalTables, Watcher, deliver, new_table, sent_command
from tui.tables.service import CHAT_RATE, ServiceError, Sink, TablesUnavailable
from tui.tables.shared import SharedTable
from tui.tables.store import shared_table, table_document

log = logging.getLogger("fabletop.tables")
PREFIX = "fabletop:"
LEASE_MS = 6000  # a table's bots move on at another host this long after their host died
BEAT_MS = 9000  # a host silent this long is dead: the people it held at tables are gone
TICK = 2.0  # seconds between a host's heartbeats, lease renewals and checks of the others
_LEASE = """
local holder = redis.call('GET', KEYS[1])
if holder == false or holder == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
return 0
"""

_CHAT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
"""


class RedisUnavailable(TablesUnavailable):
    """The URL is not a Redis URL, or Redis does not answer there; the message says which."""


def check_url(url: str) -> str:
    """The URL as redis-py takes it; RedisUnavailable says what is wrong with it."""
    parts = urlsplit(url or "")
    if parts.scheme not in ("redis", "rediss") or not parts.hostname:
        raise RedisUnavailable(f"{url!r} is not a Redis URL (redis://HOST:PORT/N)")
    try:
        parts.port
        number = parts.path.strip("/") or "0"
        int(number)
    except ValueError:
        raise RedisUnavailable(f"{url!r} is not a Redis URL (redis://HOST:PORT/N)") from None
    return url


class RedisTables(LocalTables):
    def __init__(self, url: str, *, seat_wait: float = 120.0, bot_pace: float = 0.6,
                 prefix: str = PREFIX) -> None:
        super().__init__(None, seat_wait=seat_wait, bot_pace=bot_pace)
        self.url, self.prefix = check_url(url), prefix
        self.host_id = uuid.uuid4().hex[:12]
        self.bot_play.play = self._bot_move
        self.cursors: dict[str, str] = {}  # stream key -> the last entry applied
        self.pending: dict[str, asyncio.Future] = {}  # request id -> its result (None: done)
        self.presence: dict[tuple[str, str], set[str]] = {}  # (table, player) -> hosts they are at
        self.buried: set[str] = set()  # hosts found dead
        self.requests = itertools.count(1)
        self.tasks: set[asyncio.Task] = set()
        self.replaying = False
        self.redis = self.reader = None
        self.loops: list[asyncio.Task] = []

    # -- start and stop -------------------------------------------------------------------
    async def start(self) -> None:
        """Connect (RedisUnavailable if Redis does not answer), rebuild every table, then follow."""
        import redis.asyncio as aioredis
        from redis.exceptions import RedisError

        try:  # no retries: a host that cannot reach Redis says so at once
            self.redis = aioredis.from_url(self.url, decode_responses=True)
            self.reader = aioredis.from_url(self.url, decode_responses=True)
            await self.redis.ping()
        except (RedisError, OSError, ValueError) as exc:
            raise RedisUnavailable(f"Redis does not answer at {self.where} ({exc})") from exc
        await self._beat()
        lobby = self.prefix + "lobby"
        last = await self.redis.xrevrange(lobby, count=1)
        self.cursors[lobby] = last[0][0] if last else "0-0"
        self.replaying = True
        try:
            for table_id in sorted(await self.redis.smembers(self.prefix + "ids"), key=_number):
                await self._load(table_id)
        finally:
            self.replaying = False
        for shared in self.tables.values():
            self._schedule_bots(shared)
        self.loops = [self._spawn(self._follow()), self._spawn(self._tick())]
        log.info("tables: %d shared table(s) in Redis at %s (host %s)", len(self.tables),
                 self.where, self.host_id)

    async def close(self) -> None:
        """Stop following; what this host still had to tell (people gone) is told first, and its
        heartbeat is removed so the other hosts know at once that its people left."""
        await super().close()
        for task in self.loops:
            task.cancel()
        if self.tasks - set(self.loops):
            await asyncio.wait(list(self.tasks - set(self.loops)), timeout=2)
        for task in list(self.tasks):
            task.cancel()
        if self.redis is not None:
            try:
                await self.redis.delete(f"{self.prefix}host:{self.host_id}")
            except Exception:
                pass  # Redis gone too: the heartbeat expires by itself
        for client in (self.redis, self.reader):
            if client is not None:
                await client.aclose()

    async def _load(self, table_id: str) -> None:
        """Adopt a table from its setup and replay its stream (nothing is sent: nobody watches)."""
        if table_id in self.tables:
            return
        text = await self.redis.get(self._key(table_id, "setup"))
        if text is None:
            return
        try:
            shared = shared_table(tomllib.loads(text), table_id)
        except (ValueError, KeyError, TypeError, tomllib.TOMLDecodeError) as exc:
            log.warning("table %s cannot be read from Redis: %s", table_id, exc)
            return
        self._adopt(shared)
        stream = self._key(table_id, "stream")
        self.cursors[stream] = "0-0"
        replaying, self.replaying = self.replaying, True
        try:
            for entry_id, fields in await self.redis.xrange(stream):
                await self._apply(stream, entry_id, fields)
        finally:
            self.replaying = replaying

    # -- requests: appended to the table's stream, answered once applied -------------------------
    async def create(self, player: str, name: str, game_id: str, seats: Sequence[str],
                     options: Mapping[str, Any]) -> str:
        table, holders = new_table(player, name, game_id, seats, options)
        table_id = f"t-{await self.redis.incr(self.prefix + 'next')}"
        shared = SharedTable(table_id, table, player, holders, now())
        await self.redis.set(self._key(table_id, "setup"), tomli_w.dumps(table_document(shared)))
        await self.redis.sadd(self.prefix + "ids", table_id)
        await self._request(self.prefix + "lobby", {"op": "created", "table": table_id})
        log.info("table %s: %s created %s", table_id, player, table.game.title)
        return table_id

    async def join(self, table_id: str, player: str, name: str, seat: int | None = None) -> None:
        self._table(table_id)
        await self._ask(table_id, {"op": "join", "player": player, "name": name, "seat": seat})

    async def leave(self, table_id: str, player: str) -> None:
        self._table(table_id)
        await self._ask(table_id, {"op": "leave", "player": player})

    async def invite(self, table_id: str, player: str, invitee: str) -> None:
        self._table(table_id)
        await self._ask(table_id, {"op": "invite", "player": player, "invitee": invitee})

    async def submit(self, table_id: str, player: str, seat: int, command: Mapping) -> None:
        shared = self._table(table_id)
        decoded = sent_command(shared, player, seat, command)  # the plain refusals before the stream
        refusal = shared.table.check(seat, decoded)
        if refusal is not None:
            raise ServiceError(refusal.reason)
        await self._ask(table_id, {"op": "submit", "player": player, "seat": seat,
                                   "command": encode_command(decoded)})

    async def undo(self, table_id: str, player: str) -> None:
        self._table(table_id)
        await self._ask(table_id, {"op": "undo", "player": player})

    async def chat(self, table_id: str, player: str, text: str) -> None:
        shared = self._table(table_id)
        said = self._chat_line(shared, player, text)
        count, seconds = CHAT_RATE  # counted over every host, on Redis's clock
        if not await self.redis.eval(_CHAT, 1, f"{self.prefix}chat:{player}", int(seconds * 1000), count,
                                     f"{self.host_id}:{next(self.requests)}"):
            raise ServiceError("Slow down: a few messages at a time.")
        await self._ask(table_id, {"op": "chat", "said": said})

    def watch(self, table_id: str, player: str, sink: Sink, spectate: bool = False) -> Callable[[], None]:
        shared = self._table(table_id)
        watcher = Watcher(player, sink, spectate or not shared.seats_of(player))
        self.watchers[table_id].append(watcher)
        deliver(sink, "frame", shared.frame(self._mine(shared, watcher), first=True))
        if not watcher.spectate:
            self._tell(table_id, {"op": "here", "player": player, "host": self.host_id})

        def unwatch() -> None:
            if watcher in self.watchers.get(table_id, []):
                self.watchers[table_id].remove(watcher)
                if not watcher.spectate and not any(
                        w.player == player and not w.spectate for w in self.watchers[table_id]):
                    self._tell(table_id, {"op": "gone", "player": player, "host": self.host_id})
        return unwatch

    async def _bot_move(self, shared: SharedTable, seat: int, command: Command) -> None:
        await self._ask(shared.table_id, {"op": "bot", "seat": seat, "command": encode_command(command)},
                        quiet=True)

    async def _ask(self, table_id: str, change: dict, quiet: bool = False) -> None:
        refusal = await self._request(self._key(table_id, "stream"), change)
        if refusal is not None and not quiet:
            raise ServiceError(refusal)

    async def _request(self, stream: str, change: dict) -> str | None:
        """Append a change and wait until this host has applied it: None, or why it was refused."""
        request = f"{self.host_id}:{next(self.requests)}"
        answer = self.pending[request] = asyncio.get_running_loop().create_future()
        try:
            await self.redis.xadd(stream, {"e": json.dumps({**change, "rid": request})})
            return await asyncio.wait_for(answer, 30)
        except asyncio.TimeoutError:
            raise ServiceError("The table service did not answer in time.") from None
        finally:
            self.pending.pop(request, None)

    def _tell(self, table_id: str, change: dict) -> None:
        """Append a change nobody waits for (presence, a stand-in)."""
        self._spawn(self._append(table_id, change))

    async def _append(self, table_id: str, change: dict) -> None:
        try:
            await self.redis.xadd(self._key(table_id, "stream"), {"e": json.dumps(change)})
        except Exception as exc:  # Redis gone: a dead host's people are found gone by heartbeat
            log.warning("tables: %s at %s could not be told to Redis (%s)", change.get("op"),
                        table_id, exc)

    # -- following the streams ------------------------------------------------------------------
    async def _follow(self) -> None:
        while True:
            try:
                got = await self.reader.xread(dict(self.cursors), block=1000, count=100)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("tables: reading Redis failed (%s); trying again", exc)
                await asyncio.sleep(1)
                continue
            for stream, entries in got or ():
                for entry_id, fields in entries:
                    if stream in self.cursors:
                        await self._apply(stream, entry_id, fields)

    async def _apply(self, stream: str, entry_id: str, fields: Mapping[str, str]) -> None:
        self.cursors[stream] = entry_id
        try:
            change = json.loads(fields["e"])
            refusal = await self._change(stream, change)
        except ServiceError as exc:
            refusal = str(exc)
        except Exception:
            log.exception("tables: a change in %s could not be applied", stream)
            refusal, change = "The table service met an error.", {}
        answer = self.pending.get(change.get("rid"))
        if answer is not None and not answer.done():
            answer.set_result(refusal)

    async def _change(self, stream: str, change: dict) -> str | None:
        """One change, by the in-process service's own rules; returns why it was refused."""
        op = change["op"]
        if op == "created":
            await self._load(change["table"])
            return None
        table_id = stream[len(self.prefix):-len(":stream")]
        shared = self._table(table_id)
        player = change.get("player", "")
        if op == "join":
            await LocalTables.join(self, table_id, player, change["name"], change.get("seat"))
        elif op == "leave":
            await LocalTables.leave(self, table_id, player)
        elif op == "invite":
            await LocalTables.invite(self, table_id, player, change["invitee"])
        elif op == "submit":
            await LocalTables.submit(self, table_id, player, change["seat"], change["command"])
        elif op == "undo":
            await LocalTables.undo(self, table_id, player)
        elif op == "chat":
            self._said(shared, change["said"])
        elif op == "bot":
            seat = change["seat"]
            if seat in shared.bot_driven():
                command = decode_command(change["command"], shared.table.game.commands)
                result = shared.table.dispatch(seat, command)
                return None if result else result.reason
        elif op == "here":
            self.presence.setdefault((table_id, player), set()).add(change["host"])
            self._changed(shared, notes=self._back(shared, player))
        elif op == "gone":
            hosts = self.presence.get((table_id, player), set())
            if change["host"] in hosts:  # several hosts may tell of a dead one
                hosts.discard(change["host"])
                if not hosts:
                    self._dropped_out(shared, player)
        elif op == "stand-in":
            seat = change["seat"]
            if seat not in shared.stand_in:
                LocalTables._stand_in(self, shared, seat)
        return None

    # -- the in-process service's hooks, made shared ---------------------------------------------
    def _stand_in(self, shared: SharedTable, seat: int) -> None:
        """A seat's wait is over on this host's clock: every host hears it from the stream."""
        self.waits.pop((shared.table_id, seat), None)
        if seat in shared.away and seat not in shared.stand_in:
            self._tell(shared.table_id, {"op": "stand-in", "seat": seat})

    def _someone_here(self, shared: SharedTable) -> bool:
        return any(self.presence.get((shared.table_id, player)) for player in shared.players())

    def _schedule_bots(self, shared: SharedTable) -> None:
        """The bots move at the host holding the table's lease (taken when someone is here)."""
        if self.replaying or shared.table_id not in self.tables or not self._someone_here(shared):
            return
        if shared.table.outcome() is None and set(shared.table.to_act()) & shared.bot_driven():
            self._spawn(self._bots_if_leased(shared))

    async def _bots_if_leased(self, shared: SharedTable) -> None:
        if await self.redis.eval(_LEASE, 1, self._key(shared.table_id, "bots"), self.host_id, LEASE_MS):
            self.bot_play.schedule(shared)

    def _remove(self, shared: SharedTable) -> None:
        super()._remove(shared)
        self.cursors.pop(self._key(shared.table_id, "stream"), None)
        if not self.replaying:
            self._spawn(self._forget(shared.table_id))

    async def _forget(self, table_id: str) -> None:
        await self.redis.srem(self.prefix + "ids", table_id)
        await self.redis.delete(*(self._key(table_id, part) for part in ("setup", "stream", "bots")))

    # -- every TICK: heartbeat, leases, the people of hosts that died ----------------------------
    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(TICK)
            try:
                await self._beat()
                for shared in list(self.tables.values()):
                    self._schedule_bots(shared)
                await self._bury()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("tables: Redis did not answer (%s)", exc)

    async def _beat(self) -> None:
        await self.redis.set(f"{self.prefix}host:{self.host_id}", "1", px=BEAT_MS)

    async def _bury(self) -> None:
        """People at tables through a host that stopped beating are gone from there."""
        hosts = {h for seen in self.presence.values() for h in seen} - {self.host_id} - self.buried
        for host in hosts:
            if not await self.redis.exists(f"{self.prefix}host:{host}"):
                self.buried.add(host)  # told once; the stream says it to every host
                log.info("tables: host %s stopped: its people are gone from their tables", host)
                for (table_id, player), seen in list(self.presence.items()):
                    if host in seen and table_id in self.tables:
                        self._tell(table_id, {"op": "gone", "player": player, "host": host})

    # -- helpers -----------------------------------------------------------------------------
    @property
    def where(self) -> str:
        """The URL without its password, for the log."""
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.hostname}:{parts.port or 6379}{parts.path or '/0'}"

    def _key(self, table_id: str, part: str) -> str:
        return f"{self.prefix}{table_id}:{part}"

    def _spawn(self, work) -> asyncio.Task:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task


def _number(table_id: str) -> int:
    tail = table_id.split("-")[-1]
    return int(tail) if tail.isdigit() else 0
