"""The in-process table service without SSH: seats, frames per seat, saving, seat waits, chat."""
from __future__ import annotations

import asyncio
import pickle

import pytest

from games.core.messages import encode_command
from tui.tables.local import LocalTables
from tui.tables.service import ServiceError
from tui.tables.shared import PublicEvent


class Sink:
    """What a watcher was sent."""

    def __init__(self) -> None:
        self.got: list[tuple[str, object]] = []

    def __call__(self, kind, data) -> None:
        pickle.dumps(data)  # everything sent must travel on the socket
        self.got.append((kind, data))

    def frames(self):
        return [data for kind, data in self.got if kind == "frame"]

    @property
    def last(self):
        return self.frames()[-1]

    def of(self, kind):
        return [data for k, data in self.got if k == kind]


async def two_player_table(service, game="fluttering-souls", seats=("you", "open")):
    table_id = await service.create("alice", "Alice", game, list(seats), {})
    await service.join(table_id, "bob", "Bob")
    alice, bob = Sink(), Sink()
    service.watch(table_id, "alice", alice)
    service.watch(table_id, "bob", bob)
    return table_id, alice, bob


async def play_out(service, table_id, watchers, limit=500):
    """Each person sends the first legal command of their seat until the game ends."""
    for _ in range(limit):
        if watchers["alice"].last.outcome is not None:
            return
        for player, sink in watchers.items():
            frame = sink.last
            for seat, legal in frame.legal.items():
                if legal:
                    await service.submit(table_id, player, seat, encode_command(legal[0]))
                    break
            else:
                continue
            break
        else:
            await asyncio.sleep(0.01)
    raise AssertionError("the game did not end")


async def test_a_whole_game_between_two_people_each_seeing_only_their_seat(tmp_path):
    service = LocalTables(tmp_path, bot_pace=0)
    table_id, alice, bob = await two_player_table(service)
    assert alice.last.mine == (0,) and bob.last.mine == (1,)
    await play_out(service, table_id, {"alice": alice, "bob": bob})
    for sink, own in ((alice, 0), (bob, 1)):
        for frame in sink.frames():
            assert set(frame.views) <= {None, own}
            assert set(frame.legal) <= {own}
    assert alice.last.outcome == bob.last.outcome
    assert alice.last.version == len(service.tables[table_id].table.log)
    assert [s.name for s in alice.last.seats] == ["Alice", "Bob"]


async def test_a_table_is_saved_after_every_command_and_reloaded(tmp_path):
    service = LocalTables(tmp_path, bot_pace=0)
    table_id, alice, bob = await two_player_table(service)
    frame = alice.last
    seat = frame.to_act[0]
    sink, player = (alice, "alice") if seat == 0 else (bob, "bob")
    await service.submit(table_id, player, seat, encode_command(sink.last.legal[seat][0]))
    log = list(service.tables[table_id].table.log)
    await service.close()

    again = LocalTables(tmp_path, seat_wait=60, bot_pace=0)
    await again.start()
    shared = again.tables[table_id]
    assert shared.table.log == log
    assert shared.holders == ["alice", "bob"]
    assert set(shared.away) == {0, 1}  # nobody is connected after a restart
    assert (await again.create("carol", "Carol", "fluttering-souls", ["you", "open"], {})) != table_id
    await again.close()


async def test_a_dropped_seat_waits_then_a_bot_plays_it_until_its_person_returns(tmp_path):
    service = LocalTables(tmp_path, seat_wait=0.2, bot_pace=0)
    table_id = await service.create("alice", "Alice", "fluttering-souls", ["you", "open"], {})
    await service.join(table_id, "bob", "Bob")
    alice = Sink()
    service.watch(table_id, "alice", alice)
    stop_bob = service.watch(table_id, "bob", Sink())
    stop_bob()
    assert any("Bob dropped out" in note for f in alice.frames() for note in f.notes)
    shared = service.tables[table_id]
    assert shared.stand_in == set()
    await asyncio.sleep(0.4)
    assert shared.stand_in == {1}
    assert any("a bot plays their seat" in note for f in alice.frames() for note in f.notes)
    assert alice.last.seats[1].is_bot
    # alice plays; the stand-in answers for bob
    for _ in range(6):
        frame = alice.last
        if 0 in frame.legal:
            await service.submit(table_id, "alice", 0, encode_command(frame.legal[0][0]))
        await asyncio.sleep(0.05)
    assert any(seat == 1 for seat, _, _ in shared.steps)
    with pytest.raises(ServiceError, match="bot plays"):
        await service.submit(table_id, "bob", 1, {"type": "Collect", "slot": 0})
    told = Sink()
    service.notices("bob", told)  # bob logs in again: told where his seat is
    assert told.of("table-notice") == [(table_id, "Your seat at Fluttering Souls "
                                                  f"({table_id}) waits for you: Tables to go back.")]
    bob = Sink()
    service.watch(table_id, "bob", bob)
    assert shared.stand_in == set()
    assert any("Bob is back" in note for f in alice.frames() for note in f.notes)
    assert not bob.last.seats[1].is_bot
    await service.close()


async def test_commands_for_another_seat_or_out_of_turn_are_refused(tmp_path):
    service = LocalTables(None, bot_pace=0)
    table_id, alice, bob = await two_player_table(service)
    with pytest.raises(ServiceError, match="not your seat"):
        await service.submit(table_id, "alice", 1, {"type": "Collect", "slot": 0})
    idle = "bob" if alice.last.to_act == (0,) else "alice"
    seat = 1 if idle == "bob" else 0
    with pytest.raises(ServiceError, match="not your turn"):
        await service.submit(table_id, idle, seat, {"type": "Collect", "slot": 0})
    with pytest.raises(ServiceError, match="not well formed"):
        await service.submit(table_id, "alice", 0, {"type": "Collect", "slot": "x"})
    with pytest.raises(ServiceError, match="no open seat"):
        await service.join(table_id, "carol", "Carol")


async def test_another_seats_secret_reaches_it_only_in_public_words(tmp_path):
    service = LocalTables(None, bot_pace=0)
    table_id, alice, bob = await two_player_table(service, "otherworld")
    shared = service.tables[table_id]
    hidden = [e for e in shared.table.opening if e.visible_to is not None]
    for sink, own in ((alice, 0), (bob, 1)):
        opening = sink.frames()[0].opening
        secret = [e for e in hidden if own not in e.visible_to]
        assert not any(e in opening for e in secret)
        for event in opening:
            assert isinstance(event, PublicEvent) or event.visible_to is None or own in event.visible_to
    spectator = Sink()
    service.watch(table_id, "carol", spectator, spectate=True)
    frame = spectator.last
    assert frame.mine == () and set(frame.views) == {None} and frame.legal == {}


async def test_chat_is_one_line_limited_in_length_and_rate(tmp_path):
    service = LocalTables(None, bot_pace=0)
    table_id, alice, bob = await two_player_table(service)
    await service.chat(table_id, "alice", "hello\n[b]bob[/b]\x1b[2J")
    assert bob.of("chat") == ["Alice: hello [b]bob[/b] [2J"]
    with pytest.raises(ServiceError, match="at most 200"):
        await service.chat(table_id, "bob", "x" * 201)
    for _ in range(5):  # the refused message did not count
        await service.chat(table_id, "bob", "hi")
    with pytest.raises(ServiceError, match="Slow down"):
        await service.chat(table_id, "bob", "hi")
    with pytest.raises(ServiceError, match="Only people at the table"):
        await service.chat(table_id, "dave", "hi")


async def test_invitations_and_turn_notices_reach_the_player_anywhere(tmp_path):
    service = LocalTables(None, bot_pace=0)
    table_id = await service.create("alice", "Alice", "dice-upon-a-time", ["you", "open", "easy"], {})
    bob = Sink()
    service.notices("bob", bob)
    await service.invite(table_id, "alice", "Bob")
    assert "Alice invites you to Dice Upon a Time" in bob.of("notice")[0]
    listed = await service.list_tables("bob")
    assert listed[0].invited == ("bob",) and [s.kind for s in listed[0].seats] == ["person", "open", "bot"]
    alice = Sink()
    service.notices("alice", alice)
    await service.join(table_id, "bob", "Bob")
    assert alice.of("table-notice") == [(table_id, f"Bob joined your Dice Upon a Time table ({table_id}).")]


async def test_a_new_table_needs_a_seat_for_you_and_one_open(tmp_path):
    service = LocalTables(None)
    with pytest.raises(ServiceError, match="open to other people"):
        await service.create("alice", "Alice", "fluttering-souls", ["you", "easy"], {})
    with pytest.raises(ServiceError, match="cannot be played at a shared table"):
        await service.create("alice", "Alice", "once-upon-a-line", ["you"], {})
    with pytest.raises(ServiceError, match="takes 2 players"):
        await service.create("alice", "Alice", "fluttering-souls", ["you", "open", "open"], {})


SHARED_GAMES = [("fluttering-souls", ["you", "open"]),
                ("otherworld", ["you", "open", "easy"]),
                ("dice-upon-a-time", ["you", "open", "easy"]),
                ("questline", ["you", "open", "easy"])]


@pytest.mark.parametrize("game_id, seats", SHARED_GAMES)
async def test_each_shared_game_is_played_to_its_end_by_two_sessions_and_a_bot(game_id, seats):
    import random

    service = LocalTables(None, bot_pace=0)
    table_id = await service.create("alice", "Alice", game_id, seats, {})
    await service.join(table_id, "bob", "Bob")
    sinks = {"alice": Sink(), "bob": Sink()}
    for player, sink in sinks.items():
        service.watch(table_id, player, sink)
    rng = random.Random(7)
    shared = service.tables[table_id]
    together = False
    for _ in range(5000):
        if shared.table.outcome() is not None:
            break
        acting = set(shared.table.to_act())
        together = together or {0, 1} <= acting  # Questline: both people act at once
        moved = False
        for player, seat in (("alice", 0), ("bob", 1)):
            legal = sinks[player].last.legal.get(seat)
            if legal:
                try:
                    await service.submit(table_id, player, seat, encode_command(rng.choice(legal)))
                    moved = True
                except ServiceError:
                    pass  # the other person's command changed what is legal
        if not moved:
            await asyncio.sleep(0.001)  # the bot's turn
    assert shared.table.outcome() is not None, (f"{game_id} did not end: {len(shared.table.log)} "
                                                f"moves, waiting for {shared.table.waiting_for()}")
    assert sinks["alice"].last.outcome == shared.table.outcome()
    if game_id == "questline":
        assert together
    for player, own in (("alice", 0), ("bob", 1)):
        for frame in sinks[player].frames():
            assert set(frame.views) <= {None, own} and set(frame.legal) <= {own}
    await service.close()


async def test_people_sharing_one_terminal_at_a_shared_table_hold_two_seats():
    service = LocalTables(None, bot_pace=0)
    table_id = await service.create("alice", "Alice", "otherworld", ["you", "person", "open"], {})
    shared = service.tables[table_id]
    assert shared.holders == ["alice", "alice", None]
    assert shared.table.options.get("in_turn") is True
    sink = Sink()
    service.watch(table_id, "alice", sink)
    assert sink.last.mine == (0, 1) and set(sink.last.views) == {None, 0, 1}
    assert [s.name for s in sink.last.seats][:2] == ["Alice", "Player 2"]


async def test_undo_takes_back_only_your_own_last_move():
    service = LocalTables(None, bot_pace=0)
    table_id, alice, bob = await two_player_table(service)
    seat = alice.last.to_act[0]
    player, other = ("alice", "bob") if seat == 0 else ("bob", "alice")
    sink = alice if seat == 0 else bob
    legal = sink.last.legal[seat]
    await service.submit(table_id, player, seat, encode_command(legal[0]))
    with pytest.raises(ServiceError, match="only your own moves"):
        await service.undo(table_id, other)
    shared = service.tables[table_id]
    if shared.table.undo_refusal(seat) is None:
        await service.undo(table_id, player)
        assert shared.table.log == [] and shared.steps == []
        assert alice.last.step == (seat, None, ())


async def test_a_bot_due_first_moves_as_soon_as_someone_seated_is_at_the_table(monkeypatch):
    monkeypatch.setattr("tui.tables.local.new_seed", lambda: 2)  # Otherworld seed 2: seat 3 starts
    service = LocalTables(None, bot_pace=0)
    table_id = await service.create("alice", "Alice", "otherworld", ["you", "open", "easy"], {})
    shared = service.tables[table_id]
    assert shared.table.to_act() == (2,)
    await asyncio.sleep(0.05)
    assert shared.table.log == []  # nobody is there yet: the bot waits
    service.watch(table_id, "alice", Sink())
    for _ in range(100):
        if shared.table.log:
            break
        await asyncio.sleep(0.01)
    assert shared.table.log and shared.table.log[0][0] == 2  # the first entry's seat
