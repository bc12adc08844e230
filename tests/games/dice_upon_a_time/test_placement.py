"""Placing dice: values, towers (3, or 2 with two players), special faces worth 6, the Ban face, the
Spirit Animals' sockets; and the rulebook's tower of 5, 5 and a special face."""
from __future__ import annotations

import random

import pytest

from games.dice_upon_a_time.commands import Move, PlaceDie, Stay
from games.dice_upon_a_time.dice import placement_problem, placements, worth
from games.dice_upon_a_time.state import Phase
from tests.games.dice_upon_a_time.helpers import BOARD, route, set_turn, stack, table


def problem(t, seat, die, socket):
    return placement_problem(t.state, BOARD, seat, die, socket)


@pytest.mark.parametrize(("face", "value"), [(1, 1), (5, 5), (6, 6), ("magic", 6), ("story", 6),
                                             ("ban", 6), ("double", 6)])
def test_special_faces_are_worth_six(face, value):
    assert worth(face) == value


@pytest.mark.parametrize(("face", "ok"), [(2, False), (3, True), (5, True), ("story", True)])
def test_a_die_needs_at_least_the_socket_value(face, ok):
    t = table()
    set_turn(t, 0, "town", {0: face})
    socket = route("well", "woodsman")  # value 3
    assert (problem(t, 0, 0, socket) is None) == ok


@pytest.mark.parametrize(("below", "face", "ok"), [(4, 3, False), (4, 4, True), (5, 6, True),
                                                   ("magic", 5, False), ("magic", 6, True),
                                                   ("story", "double", True)])
def test_a_die_on_a_tower_needs_at_least_the_top_die(below, face, ok):
    t = table(players=3)
    set_turn(t, 0, "town", {0: face})
    socket = route("well", "woodsman")
    stack(t, socket, (1, below))
    assert (problem(t, 0, 0, socket) is None) == ok


@pytest.mark.parametrize(("players", "limit"), [(2, 2), (3, 3), (4, 3)])
def test_towers_hold_three_dice_or_two_with_two_players(players, limit):
    t = table(players=players)
    set_turn(t, 0, "town", {0: 6})
    socket = route("well", "woodsman")
    stack(t, socket, *[(1, 3)] * (limit - 1))
    assert problem(t, 0, 0, socket) is None
    stack(t, socket, *[(1, 3)] * limit)
    assert "no more fit" in problem(t, 0, 0, socket)
    for spirit in ("rabbit", "snake"):  # the Rabbit and the Snake hold towers of the same height
        stack(t, spirit, *[(1, 1)] * limit)
        assert "no more fit" in problem(t, 0, 0, spirit)


def test_the_ban_face_can_be_covered_only_by_another_ban_or_by_its_owner():
    t = table(players=3)
    socket = route("well", "woodsman")
    stack(t, socket, (1, "ban"))
    set_turn(t, 0, "town", {0: 6, 1: "ban"})
    assert "Ban" in problem(t, 0, 0, socket)
    assert problem(t, 0, 1, socket) is None  # a Ban of your own covers another player's Ban
    set_turn(t, 1, "town", {0: 6, 1: 5})
    assert problem(t, 1, 0, socket) is None  # its owner may cover it with a 6
    assert "asks for 6" in problem(t, 1, 1, socket)


def test_the_wolf_and_the_fox_take_one_die_per_socket_and_the_wolf_once_a_chapter():
    t = table(players=3)
    set_turn(t, 0, "town", {0: 1, 1: 1})
    stack(t, "fox1", (1, 2))
    assert "no more fit" in problem(t, 0, 0, "fox1")
    assert problem(t, 0, 0, "fox2") is None and problem(t, 0, 0, "wolf") is None
    t.state.wolf_used = True
    assert "once" not in problem(t, 0, 0, "wolf") and "gobbled" in problem(t, 0, 0, "wolf")


def test_the_rulebooks_tower_five_five_and_a_special_face_activates_the_route():
    """Red places a 5 on a value-5 socket, White a 5 on it, Green a special face on top: the special
    face counts 6, so the route is Green's to walk."""
    t = table(players=3)
    socket = route("steed-east", "big-sea")  # value 5
    set_turn(t, 0, "town", {0: 5})
    assert problem(t, 0, 0, socket) is None
    stack(t, socket, (0, 5), (1, 5))
    set_turn(t, 2, "steed-east", {0: "ban"})
    assert t.dispatch(2, PlaceDie(0, socket))
    assert t.state.phase is Phase.MOVE and t.state.activated == int(socket[1:])
    assert t.dispatch(2, Move())
    assert t.state.players[2].field == "big-sea"


def test_a_route_placed_far_from_the_figure_activates_nothing():
    t = table()
    set_turn(t, 0, "town", {0: 5})
    assert t.dispatch(0, PlaceDie(0, route("steed-east", "big-sea")))
    assert t.state.phase is Phase.QUESTS and t.state.activated is None  # placed to block, no move
    assert Move() not in t.legal_commands(0)


def test_a_player_may_stay_instead_of_walking_the_route():
    t = table()
    set_turn(t, 0, "town", {0: 2})
    assert t.dispatch(0, PlaceDie(0, route("town", "soldier")))
    assert t.dispatch(0, Stay())
    assert t.state.players[0].field == "town" and t.state.phase is Phase.QUESTS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_placements_are_exactly_those_without_a_refusal(players):
    """The legal list is built fast, socket by socket; it must agree with placement_problem, the
    rule told to players, for every die and socket of random games."""
    t = table(players=players, seed=players)
    rng = random.Random(players)
    checked = 0
    while t.outcome() is None:
        seat = t.to_act()[0]
        state = t.state
        if state.phase is Phase.PLACE and not state.questions:
            fast = {(c.die, c.socket) for c in placements(state, BOARD, seat)}
            slow = {(d, s) for d in state.players[seat].pool for s in state.sockets
                    if placement_problem(state, BOARD, seat, d, s) is None}
            assert fast == slow
            checked += 1
        t.dispatch(seat, rng.choice(t.legal_commands(seat)))
    assert checked > 20
