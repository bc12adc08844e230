"""The table service over its Unix socket: sessions as clients, JSON in, frames out."""
from __future__ import annotations

import asyncio

import pytest

from games.core.messages import encode_command
from tui.tables.client import TableClient
from tui.tables.local import LocalTables
from tui.tables.server import TableSocket
from tui.tables.service import ServiceError, TableInfo


async def until(check, what, timeout=5.0):
    for _ in range(int(timeout / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"gave up waiting for {what}")


@pytest.fixture
async def socket(tmp_path):
    service = LocalTables(tmp_path / "tables", seat_wait=30, bot_pace=0)
    await service.start()
    server = TableSocket(service, tmp_path / "tables.sock")
    await server.start()
    yield server
    await server.stop()


async def client(socket, player):
    connected = await TableClient.connect(socket.path, player, player.capitalize())
    got = []
    connected.on_notice = lambda kind, data: got.append((kind, data))
    connected.notices = got
    return connected


async def test_two_sessions_share_a_table_through_the_socket(socket):
    alice, bob = await client(socket, "alice"), await client(socket, "bob")
    table_id = await alice.request("create", game="fluttering-souls", seats=["you", "open"])
    listed = [TableInfo.from_json(t) for t in await bob.request("list")]
    assert [(t.table_id, [s.kind for s in t.seats]) for t in listed] == [(table_id, ["person", "open"])]
    await bob.request("join", table=table_id)
    frames = {"alice": [], "bob": []}
    alice.handlers[table_id] = lambda kind, data: frames["alice"].append(data) if kind == "frame" else None
    bob.handlers[table_id] = lambda kind, data: frames["bob"].append(data) if kind == "frame" else None
    await alice.request("watch", table=table_id)
    await bob.request("watch", table=table_id)
    await until(lambda: frames["alice"] and frames["bob"], "first frames")
    first = frames["alice"][-1]
    seat = first.to_act[0]
    mover, sink = (alice, frames["alice"]) if seat == 0 else (bob, frames["bob"])
    other = bob if mover is alice else alice
    with pytest.raises(ServiceError, match="not your seat"):
        await other.request("submit", table=table_id, seat=seat, command={"type": "Collect", "slot": 0})
    count = len(frames["alice"])
    await mover.request("submit", table=table_id, seat=seat, command=encode_command(sink[-1].legal[seat][0]))
    await until(lambda: len(frames["alice"]) > count, "the frame after the move")
    assert frames["alice"][-1].version == 1 and frames["alice"][-1].step[0] == seat
    await bob.close()
    await until(lambda: any("Bob dropped out" in n for f in frames["alice"] for n in f.notes),
                "alice to hear bob dropped")
    assert socket.service.tables[table_id].away.keys() == {1}
    await alice.close()


async def test_a_session_must_say_who_it_is(socket):
    reader, writer = await asyncio.open_unix_connection(str(socket.path))
    from tui.tables.wire import pack
    writer.write(pack({"id": 1, "op": "list"}))
    assert await reader.read() == b""  # the service hung up
    writer.close()


async def test_a_seat_takes_the_name_a_session_gives_cleaned_like_a_settings_name(socket):
    alice = await TableClient.connect(socket.path, "alice", "Al\x1b[2Jice\u200b [b]")
    table_id = await alice.request("create", game="fluttering-souls", seats=["you", "open"])
    assert socket.service.tables[table_id].table.names[0] == "Al [2Jice [b]"
    await alice.close()
