"""The Redis table service with a real redis-server: two services are two hosts sharing the lobby
and the tables; a host that dies and a new one started find every table in Redis."""
from __future__ import annotations

import asyncio

import pytest

from games.core.messages import encode_command
from tests.fixtures.redis_server import redis_url  # noqa: F401 (a fixture)
from tests.tables.test_service import Sink
from tui.tables.service import ServiceError

pytestmark = pytest.mark.timeout(120)


async def until(check, what: str, timeout: float = 20.0):
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        if result := check():
            return result
        await asyncio.sleep(0.02)
    raise AssertionError(f"gave up waiting for {what}")


async def host(url, **kwargs):
    from tui.tables.redis_service import RedisTables

    service = RedisTables(url, bot_pace=0, **kwargs)
    await service.start()
    return service


async def seated(a, b, seats=("you", "open")):
    """Alice creates a table on host a, Bob joins it from host b; both watch from their host."""
    table_id = await a.create("alice", "Alice", "fluttering-souls", list(seats), {})
    await until(lambda: table_id in b.tables, "host b to see the new table")
    assert [t.table_id for t in await b.list_tables("bob")] == [table_id]
    alice, bob = Sink(), Sink()
    alice.stop = a.watch(table_id, "alice", alice)
    await b.join(table_id, "bob", "Bob")
    bob.stop = b.watch(table_id, "bob", bob)
    await until(lambda: a.tables[table_id].holders == ["alice", "bob"], "host a to seat Bob")
    return table_id, alice, bob


async def play(hosts, table_id, watchers, moves=None):
    """Each person moves (the first legal command) from their own host once both hosts agree on
    the table, until the game ends or `moves` were made."""
    made = 0
    while moves is None or made < moves:
        tables = [h.tables[table_id].table for h in hosts]
        await until(lambda: len({len(t.log) for t in (h.tables[table_id].table for h in hosts)}) == 1
                    and all(w.frames() and w.last.version == len(tables[0].log) for w in watchers.values()),
                    "the hosts and watchers to agree")
        if tables[0].outcome() is not None:
            return made
        seat = tables[0].to_act()[0]
        player = ("alice", "bob")[seat]
        host = hosts[seat]
        await host.submit(table_id, player, seat, encode_command(watchers[player].last.legal[seat][0]))
        made += 1
    return made


async def test_two_hosts_share_the_lobby_and_play_a_whole_game(redis_url):  # noqa: F811
    a, b = await host(redis_url), await host(redis_url)
    try:
        table_id, alice, bob = await seated(a, b)
        await until(lambda: any("Bob joined" in n for f in alice.frames() for n in f.notes),
                    "alice to hear that bob joined")
        await play([a, b], table_id, {"alice": alice, "bob": bob})
        ta, tb = a.tables[table_id].table, b.tables[table_id].table
        assert ta.outcome() is not None and ta.outcome() == tb.outcome()
        assert ta.log == tb.log and len(ta.log) > 20
        for sink, own in ((alice, 0), (bob, 1)):
            for frame in sink.frames():
                assert set(frame.views) <= {None, own} and set(frame.legal) <= {own}
        assert alice.last.outcome == bob.last.outcome
    finally:
        await a.close()
        await b.close()


async def test_commands_from_both_hosts_are_ordered_by_the_stream(redis_url):  # noqa: F811
    a, b = await host(redis_url), await host(redis_url)
    try:
        table_id, alice, bob = await seated(a, b)
        seat = a.tables[table_id].table.to_act()[0]
        mover, sink, other = (a, alice, b) if seat == 0 else (b, bob, a)
        player = ("alice", "bob")[seat]
        legal = sink.last.legal[seat]
        # the same move sent twice at once, through both hosts' streams: one stands
        results = await asyncio.gather(
            mover.submit(table_id, player, seat, encode_command(legal[0])),
            mover._ask(table_id, {"op": "submit", "player": player, "seat": seat,
                                  "command": encode_command(legal[0])}),
            return_exceptions=True)
        refused = [r for r in results if isinstance(r, ServiceError)]
        assert len(refused) == 1, results
        assert len(a.tables[table_id].table.log) == 1
        await until(lambda: len(other.tables[table_id].table.log) == 1, "the other host to apply it")
        assert a.tables[table_id].table.log == b.tables[table_id].table.log
        # refusals come back in a player's words, from either host
        with pytest.raises(ServiceError, match="not your seat"):
            await other.submit(table_id, "carol", seat, encode_command(legal[0]))
        with pytest.raises(ServiceError, match="no open seat"):
            await b.join(table_id, "carol", "Carol")
    finally:
        await a.close()
        await b.close()


async def test_chat_and_invitations_reach_the_other_host(redis_url):  # noqa: F811
    a, b = await host(redis_url), await host(redis_url)
    try:
        carol = Sink()
        b.notices("carol", carol)
        table_id, alice, bob = await seated(a, b)
        await a.chat(table_id, "alice", "hello  from\\nhost a")
        await until(lambda: bob.of("chat"), "bob to hear alice")
        assert bob.of("chat") == ["Alice: hello from\\nhost a"]
        with pytest.raises(ServiceError, match="at most"):
            await b.chat(table_id, "bob", "x" * 201)
        for n in range(4):  # five lines in ten seconds, counted over both hosts
            await a.chat(table_id, "alice", f"line {n}")
        with pytest.raises(ServiceError, match="Slow down"):
            await b.chat(table_id, "alice", "one too many")
        await a.invite(table_id, "alice", "carol")
        await until(lambda: carol.of("notice"), "carol to be invited on host b")
        assert "invites you" in carol.of("notice")[0]
    finally:
        await a.close()
        await b.close()


async def test_a_host_dies_and_a_new_one_recovers_the_table_from_redis(redis_url):  # noqa: F811
    a, b = await host(redis_url, seat_wait=0.3), await host(redis_url, seat_wait=0.3)
    table_id, alice, bob = await seated(a, b)
    await play([a, b], table_id, {"alice": alice, "bob": bob}, moves=4)
    log = list(a.tables[table_id].table.log)
    # host a dies: no goodbye, its heartbeat stops
    for task in list(a.tasks):
        task.cancel()
    a.bot_play.close()
    await a.redis.delete(f"fabletop:host:{a.host_id}")
    c = await host(redis_url, seat_wait=0.3)
    try:
        assert c.tables[table_id].table.log == log
        assert c.tables[table_id].holders == ["alice", "bob"]
        # alice was at the table through the dead host: she is found gone, a bot stands in
        await until(lambda: 0 in b.tables[table_id].stand_in, "a stand-in for alice", timeout=30)
        assert any("Alice dropped out" in n for f in bob.frames() for n in f.notes)
        # she comes back through host c and play goes on, both hosts agreeing
        alice = Sink()
        c.watch(table_id, "alice", alice)
        await until(lambda: 0 not in c.tables[table_id].stand_in, "alice to take her seat back")
        await until(lambda: c.tables[table_id].table.log == b.tables[table_id].table.log, "c and b to agree")
        await play([c, b], table_id, {"alice": alice, "bob": bob}, moves=2)
        assert c.tables[table_id].table.log[:len(log)] == log
    finally:
        await b.close()
        await c.close()
        await a.redis.aclose()
        await a.reader.aclose()


async def test_bots_at_a_table_move_at_one_host_only(redis_url):  # noqa: F811
    a, b = await host(redis_url), await host(redis_url)
    try:
        table_id = await a.create("alice", "Alice", "otherworld", ["you", "open", "easy"], {})
        await until(lambda: table_id in b.tables, "host b to see the table")
        await b.join(table_id, "bob", "Bob")
        alice, bob = Sink(), Sink()
        a.watch(table_id, "alice", alice)
        b.watch(table_id, "bob", bob)
        shared = a.tables[table_id]
        for _ in range(200):
            table = shared.table
            if table.outcome() is not None or len(table.log) > 30:
                break
            await until(lambda: len(b.tables[table_id].table.log) == len(shared.table.log)
                        and alice.last.version == bob.last.version == len(shared.table.log),
                        "the hosts to agree", timeout=20)
            seat = table.to_act()[0]
            if seat == 2:
                await asyncio.sleep(0.02)
                continue
            player, where, sink = (("alice", a, alice), ("bob", b, bob))[seat]
            await where.submit(table_id, player, seat, encode_command(sink.last.legal[seat][0]))
        assert any(step[0] == 2 for step in shared.steps), "the bot never moved"
        assert a.tables[table_id].table.log[:20] == b.tables[table_id].table.log[:20]
    finally:
        await a.close()
        await b.close()


async def test_a_host_that_stops_says_its_people_left_at_once(redis_url):  # noqa: F811
    a, b = await host(redis_url, seat_wait=60), await host(redis_url, seat_wait=60)
    try:
        table_id, alice, bob = await seated(a, b)
        await until(lambda: b.presence.get((table_id, "alice")), "host b to know alice is here")
        alice.stop()  # the socket server ends each session's watch, then closes the service
        await a.close()
        await until(lambda: 0 in b.tables[table_id].away, "alice's seat to wait for her", timeout=3)
        assert any("Alice dropped out" in n for f in bob.frames() for n in f.notes)
    finally:
        await b.close()
