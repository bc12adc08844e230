"""The malformed-command fuzz: every command class of every game, sent through Table.dispatch with
fields of the wrong type or from a seat that is not a seat number, is refused with a reason like any
illegal command, and the table is exactly as it was (the rules never see such a command)."""
from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.messages import Command
from games.core.registry import all_games
from games.core.seats import Seat
from games.core.shape import field_types, fits
from games.core.table import Table

RULES = {info.id: info.rules() for info in all_games() if info.rules_module}
OPTIONS = {"once-upon-a-line": {"chapter": "prologue"}}  # the first chapter, as the new-game menu
CASES = [(game_id, cls) for game_id, game in RULES.items() for cls in game.commands
         if field_types(cls)]
ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=6), st.binary(max_size=3),
    st.lists(st.integers(), max_size=2), st.tuples(st.text(max_size=2)), st.sets(st.integers(), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=1), st.just(object()),
    st.sampled_from(["0", "yes", "A", "[/]", "x" * 10_000]),
)
# a field of the right type where no legal command shows one
RIGHT = {int: 0, str: "", bool: False, tuple[str, ...]: ()}


@cache
def tables(game_id: str) -> tuple[tuple[Table, dict[int, list[Command]]], ...]:
    """Tables of the game at its fewest and most seats, at the start and some random moves in, each
    with the legal commands of the seats to act."""
    game, made = RULES[game_id], []
    for seats in sorted({min(game.seat_counts), max(game.seat_counts)}):
        for moves in (0, 6, 30):
            table = Table(game, tuple(Seat(f"P{i}") for i in range(seats)), 16 + moves,
                          OPTIONS.get(game_id, {}))
            rng = random.Random(moves)
            while table.outcome() is None and len(table.log) < moves:
                seat = rng.choice(table.to_act())
                table.dispatch(seat, rng.choice(table.legal_commands(seat)))
            if table.outcome() is None:
                made.append((table, {seat: table.legal_commands(seat) for seat in table.to_act()}))
    return tuple(made)


def picture(table: Table) -> tuple:
    """Everything a refused command must leave as it was."""
    game = table.game
    views = [table.view(seat) for seat in (*range(len(table.seats)), None)]
    return (game.copy_state(table.state), game.snapshot(table.state), views, list(table.log),
            table.undo_floor)


def refused(table: Table, seat, command) -> str:
    before = picture(table)
    heard = []
    stop = table.subscribe(lambda *args: heard.append(args))
    result = table.dispatch(seat, command)
    stop()
    assert not result and result.reason, (seat, command)
    assert picture(table) == before and heard == [], "a refused command must change nothing"
    return result.reason


@st.composite
def malformed(draw, cls: type[Command], legal: list[Command]) -> Command:
    """A command of the class with at least one field of the wrong type, the rest as a legal one."""
    types = field_types(cls)
    like = [c for c in legal if type(c) is cls]
    args = ({name: getattr(draw(st.sampled_from(like)), name) for name in types} if like
            else {name: RIGHT[hint] for name, hint in types.items()})
    wrong = draw(st.lists(st.sampled_from(sorted(types)), min_size=1, unique=True))
    for name in wrong:
        args[name] = draw(ANY_VALUE.filter(lambda value, hint=types[name]: not fits(value, hint)))
    return cls(**args)


@pytest.mark.parametrize(("game_id", "cls"), CASES, ids=[f"{g}-{c.__name__}" for g, c in CASES])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_field_of_the_wrong_type_is_refused_with_a_reason_and_changes_nothing(game_id, cls, data):
    table, legal = data.draw(st.sampled_from(tables(game_id)))
    seat = data.draw(st.sampled_from(sorted(legal)))
    command = data.draw(malformed(cls, legal[seat]))
    reason = refused(table, seat, command)
    assert reason.startswith(f"That move is not well formed: {cls.__name__}."), reason
    assert len(reason) < 200


@pytest.mark.parametrize("game_id", RULES)
@pytest.mark.parametrize("seat", [None, "0", 0.0, True, -1, 99, [0]], ids=repr)
def test_a_seat_that_is_not_a_seat_number_is_refused(game_id, seat):
    for table, legal in tables(game_id):
        command = next(iter(legal.values()))[0]
        assert refused(table, seat, command) == "There is no such seat at this table."


def test_choosing_to_go_first_with_yes_is_refused():
    """The issue's example: Fluttering Souls accepted ChooseOrder(go_first="yes")."""
    from games.fluttering_souls.commands import ChooseOrder
    from games.fluttering_souls.state import Phase

    table, rng = Table(RULES["fluttering-souls"], (Seat("Ada"), Seat("Bo")), 1), random.Random(1)
    while table.state.phase is not Phase.CHOOSE_ORDER:  # the loser of round 1 chooses
        seat = table.to_act()[0]
        table.dispatch(seat, rng.choice(table.legal_commands(seat)))
    reason = refused(table, table.to_act()[0], ChooseOrder(go_first="yes"))
    assert reason == ("That move is not well formed: ChooseOrder.go_first must be true or false, "
                      "not 'yes'.")
