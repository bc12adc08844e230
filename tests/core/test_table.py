"""The command bus and table, with Fluttering Souls as the example game."""
from __future__ import annotations

import copy
import random
import tomllib
from dataclasses import dataclass

import pytest
import tomli_w

from games.core.messages import Command, decode_command, encode_command
from games.core.seats import Seat
from games.core.table import Table
from games.fluttering_souls.apply import open_slots
from games.fluttering_souls.commands import COMMANDS, ChooseOrder, Collect, KeepEggfly, PlaceEggfly
from games.fluttering_souls.events import RoundScored
from games.fluttering_souls.game import GAME
from games.fluttering_souls.state import FlutterState, Phase

SEATS = (Seat("Ada"), Seat("Bo"))


@dataclass(frozen=True, slots=True)
class Shout(Command):
    """A command from no game at all."""

    word: str = "hello"


def new_table(seed: int = 1) -> Table:
    return Table(GAME, SEATS, seed)


def picture(table: Table) -> tuple:
    """Everything that must stay the same after a rejection."""
    fields = {name: copy.deepcopy(getattr(table.state, name)) for name in FlutterState.__slots__}
    return (GAME.snapshot(table.state), table.view(0), table.view(1), table.view(None), fields,
            list(table.log), table.undo_floor)


def rejected(table: Table, seat: int, command: Command) -> str:
    before = picture(table)
    heard = []
    stop = table.subscribe(lambda *args: heard.append(args))
    result = table.dispatch(seat, command)
    stop()
    assert not result and result.reason
    assert picture(table) == before, "a rejected command must not change anything"
    assert heard == [], "a rejected command must not be published"
    return result.reason


def play_random(table: Table, moves: int | None = None, rng_seed: int = 0) -> Table:
    rng = random.Random(rng_seed)
    n = 0
    while table.outcome() is None and (moves is None or n < moves):
        seat = table.to_act()[0]
        assert table.dispatch(seat, rng.choice(table.legal_commands(seat)))
        n += 1
    return table


def covered_slot(table: Table) -> int:
    state = table.state
    return next(i for i, c in enumerate(state.cards) if c >= 0 and i not in open_slots(state))


def quiet_collects(table: Table, seat: int) -> list[Command]:
    """The seat's legal commands that reveal nothing (tried on a copy of the state)."""
    quiet = []
    for command in table.legal_commands(seat):
        trial = GAME.copy_state(table.state)
        if not any(event.reveals for event in GAME.apply(trial, seat, command)):
            quiet.append(command)
    return quiet


def revealing_collects(table: Table, seat: int) -> list[Command]:
    quiet = quiet_collects(table, seat)
    return [c for c in table.legal_commands(seat) if c not in quiet]


def table_where(condition) -> Table:
    for seed in range(1, 200):
        table = new_table(seed)
        if condition(table):
            return table
    raise AssertionError("no seed found for the scenario")


# -- the order of checks ------------------------------------------------------------------------------

def test_game_over_is_checked_first() -> None:
    table = play_random(new_table(3))
    assert table.outcome() is not None
    for seat in (0, 1, 5):
        for command in (Shout(), Collect(0), ChooseOrder(True)):
            assert rejected(table, seat, command) == "The game is over."


def test_wrong_seat_is_checked_before_the_command_type() -> None:
    table = new_table(1)
    mover = table.to_act()[0]
    other = 1 - mover
    expected = f"It is not your turn: waiting for {SEATS[mover].name} to collect a butterfly."
    assert rejected(table, other, Shout()) == expected
    assert rejected(table, other, Collect(covered_slot(table))) == expected
    assert rejected(table, 7, Collect(0)) == "There is no such seat at this table."
    assert rejected(table, -1, Collect(0)) == "There is no such seat at this table."


def test_wrong_seat_names_what_the_game_waits_for() -> None:
    table = table_where(lambda t: True)
    while table.state.phase is not Phase.EGGFLY:
        play_random(table, 1)
    holder = table.to_act()[0]
    assert rejected(table, 1 - holder, KeepEggfly()) == (
        f"It is not your turn: waiting for {SEATS[holder].name} to decide about the Great Eggfly.")
    while table.state.phase is not Phase.CHOOSE_ORDER:
        play_random(table, 1)
    chooser = table.to_act()[0]
    assert rejected(table, 1 - chooser, ChooseOrder(True)) == (
        f"It is not your turn: waiting for {SEATS[chooser].name} to choose who goes first.")


def test_unknown_command_type_is_checked_before_legality() -> None:
    table = new_table(1)
    mover = table.to_act()[0]
    assert rejected(table, mover, Shout()) == "Fluttering Souls has no such move."


def test_illegal_move_gets_the_games_reason() -> None:
    table = new_table(1)
    mover = table.to_act()[0]
    slot = covered_slot(table)
    reason = rejected(table, mover, Collect(slot))
    assert "is not open" in reason and reason == GAME.rejection(table.state, mover, Collect(slot))
    assert "do not hold" in rejected(table, mover, PlaceEggfly())
    assert "only between rounds" in rejected(table, mover, ChooseOrder(False))


# -- publishing ------------------------------------------------------------------------------------

def test_listeners_receive_seat_command_and_events() -> None:
    table = new_table(2)
    heard, also = [], []
    stop = table.subscribe(lambda *args: heard.append(args))
    table.subscribe(lambda seat, command, events: also.append(command))
    sent = []
    for _ in range(6):
        seat = table.to_act()[0]
        command = table.legal_commands(seat)[0]
        result = table.dispatch(seat, command)
        sent.append((seat, command, result.events))
    assert heard == sent
    assert also == [command for _, command, _ in sent]
    assert all(isinstance(events, tuple) and events for _, _, events in heard)
    stop()
    seat = table.to_act()[0]
    table.dispatch(seat, table.legal_commands(seat)[0])
    assert len(heard) == 6 and len(also) == 7


# -- replay ----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("seed", "moves"), [(4, 25), (5, None)])
def test_replay_reproduces_the_state(seed: int, moves: int | None) -> None:
    table = play_random(new_table(seed), moves, rng_seed=seed)
    again = Table.replay(GAME, SEATS, seed, {}, table.log)
    assert again.log == table.log
    assert picture(again)[:5] == picture(table)[:5]
    assert again.outcome() == table.outcome()


def test_replay_of_an_illegal_entry_names_the_move() -> None:
    table = play_random(new_table(6), 12)
    # the shortest prefix of at least 2 moves after which someone must collect
    k = next(k for k in range(2, 12)
             if Table.replay(GAME, SEATS, 6, {}, table.log[:k]).state.phase is Phase.COLLECT)
    log = table.log[:k]
    replayed = Table.replay(GAME, SEATS, 6, {}, log)
    mover = replayed.to_act()[0]
    bad = log + [(mover, Collect(covered_slot(replayed))), *table.log[k:]]
    with pytest.raises(ValueError, match=rf"^move {k + 1} \(Collect\([A-R]\)\) is not legal: "
                                         r".+ is not open: .+ on it\.$"):
        Table.replay(GAME, SEATS, 6, {}, bad)
    with pytest.raises(ValueError, match=rf"^move {k + 1} .*It is not your turn"):
        Table.replay(GAME, SEATS, 6, {}, log + [(1 - mover, Collect(0))])


@pytest.mark.parametrize(("slot", "reason"), [(99, "no card"), (-3, "no card"),
                                              ("x", "Collect.slot must be a whole number, not 'x'")])
def test_replay_of_a_slot_that_does_not_exist_is_a_value_error(slot, reason) -> None:
    table = new_table(1)
    mover = table.to_act()[0]
    with pytest.raises(ValueError, match=rf"move 1 .*{reason}"):
        Table.replay(GAME, SEATS, 1, {}, [(mover, Collect(slot))])


# -- undo ------------------------------------------------------------------------------------------

def test_nothing_to_undo_at_the_start() -> None:
    table = new_table(1)
    assert not table.can_undo(0) and not table.can_undo(1)
    assert table.undo(0) is False and table.undo(1) is False


def test_take_back_a_quiet_command() -> None:
    table = table_where(lambda t: bool(quiet_collects(t, t.to_act()[0])))
    before = picture(table)
    mover = table.to_act()[0]
    heard = []
    table.subscribe(lambda *args: heard.append(args))
    table.dispatch(mover, quiet_collects(table, mover)[0])
    assert table.can_undo(mover) and not table.can_undo(1 - mover)
    assert table.undo(1 - mover) is False
    assert table.undo(mover) is True
    assert picture(table) == before
    assert heard[-1] == (mover, None, ())


def test_no_undo_after_a_card_turned_up() -> None:
    table = table_where(lambda t: bool(revealing_collects(t, t.to_act()[0])))
    mover = table.to_act()[0]
    result = table.dispatch(mover, revealing_collects(table, mover)[0])
    assert any(type(e).__name__ == "CardTurnedUp" for e in result.events)
    assert not table.can_undo(mover)
    assert table.undo(mover) is False and len(table.log) == 1
    reason = table.undo_refusal(mover)  # names what was revealed, not a general sentence
    assert reason.startswith("That move cannot be taken back: it revealed something (") and "turned" in reason


def test_no_undo_after_the_other_seat_acted() -> None:
    def ok(t: Table) -> bool:
        mover = t.to_act()[0]
        quiet = quiet_collects(t, mover)
        if not quiet:
            return False
        t.dispatch(mover, quiet[0])
        return bool(quiet_collects(t, 1 - mover))

    table = table_where(ok)
    first, _ = table.log[0]
    assert table.can_undo(first)
    second = 1 - first
    table.dispatch(second, quiet_collects(table, second)[0])
    assert not table.can_undo(first) and table.undo(first) is False
    assert table.state.phase is Phase.EGGFLY  # the second player holds the Eggfly in round 1
    # the second player's own collect and Eggfly decision can both be taken back
    middle = picture(table)
    table.dispatch(second, KeepEggfly())
    assert table.can_undo(second)
    assert table.undo(second) and picture(table) == middle
    assert table.undo(second)
    assert len(table.log) == 1 and table.state.phase is Phase.COLLECT
    assert table.to_act() == (second,)
    assert not table.can_undo(first), "the first command was settled when the other seat acted"
    settled = f"That move cannot be taken back: {table.names[second]} has moved since."
    assert table.undo_refusal(first) == settled


def test_no_undo_once_the_round_is_scored() -> None:
    table = new_table(8)
    rng = random.Random(8)
    while table.state.phase is not Phase.CHOOSE_ORDER:
        seat = table.to_act()[0]
        result = table.dispatch(seat, rng.choice(table.legal_commands(seat)))
    assert any(isinstance(e, RoundScored) for e in result.events)
    last, _ = table.log[-1]
    assert not table.can_undo(last), "the round's result and the next layout are now known"
    assert table.undo(last) is False


def test_undo_then_play_on() -> None:
    table = table_where(lambda t: len(quiet_collects(t, t.to_act()[0])) >= 2)
    mover = table.to_act()[0]
    one, two = quiet_collects(table, mover)[:2]
    table.dispatch(mover, one)
    table.undo(mover)
    table.dispatch(mover, two)
    fresh = Table.replay(GAME, SEATS, table.seed, {}, [(mover, two)])
    assert picture(table)[:5] == picture(fresh)[:5]


# -- encoding commands -------------------------------------------------------------------------------

EVERY_COMMAND = [Collect(0), Collect(17), PlaceEggfly(), KeepEggfly(), ChooseOrder(True),
                 ChooseOrder(False)]


def test_every_command_class_is_covered() -> None:
    assert {type(c) for c in EVERY_COMMAND} == set(COMMANDS)


@pytest.mark.parametrize("command", EVERY_COMMAND, ids=repr)
def test_encode_decode_round_trip(command: Command) -> None:
    data = encode_command(command)
    assert data["type"] == type(command).__name__
    assert decode_command(data, COMMANDS) == command
    through_toml = tomllib.loads(tomli_w.dumps({"log": [data]}))["log"][0]
    assert decode_command(through_toml, COMMANDS) == command


def test_encoded_fields() -> None:
    assert encode_command(Collect(5)) == {"type": "Collect", "slot": 5}
    assert encode_command(ChooseOrder(False)) == {"type": "ChooseOrder", "go_first": False}
    assert encode_command(KeepEggfly()) == {"type": "KeepEggfly"}


@pytest.mark.parametrize(("data", "message"), [
    ({"type": "Fly", "slot": 1}, "unknown command type 'Fly'"),
    ({"slot": 1}, "unknown command type None"),
    ({"type": "Shout", "word": "hi"}, "unknown command type 'Shout'"),
    ({"type": "Collect"}, "Collect needs fields ['slot'], got []"),
    ({"type": "Collect", "slot": 1, "row": 2}, "Collect needs fields ['slot'], got ['row', 'slot']"),
    ({"type": "KeepEggfly", "slot": 1}, "KeepEggfly needs fields [], got ['slot']"),
    ({"type": "ChooseOrder", "first": True}, "ChooseOrder needs fields ['go_first']"),
    ({"type": "Collect", "slot": "B"}, "Collect.slot must be a whole number, not 'B'"),
    ({"type": "Collect", "slot": True}, "Collect.slot must be a whole number, not True"),
    ({"type": "ChooseOrder", "go_first": 1}, "ChooseOrder.go_first must be true or false, not 1"),
])
def test_decode_names_what_is_wrong(data: dict, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        decode_command(data, COMMANDS)
    assert message in str(caught.value)
