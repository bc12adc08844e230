"""The placing phase's Listing (listing.py): a random bot drawing from it picks exactly the command it
would pick from the full legal list with the same generator, and the list it builds is that list."""
from __future__ import annotations

import random

from games.core.protocol import Listing
from games.core.selfplay import SelfplayResult, play_one
from games.dice_upon_a_time import GAME
from games.dice_upon_a_time.commands import PlaceDie
from games.dice_upon_a_time.content import game_content
from games.dice_upon_a_time.dice import is_route
from games.dice_upon_a_time.legal import legal_commands
from games.dice_upon_a_time.listing import PlaceListing, listing
from games.dice_upon_a_time.state import PLACE, Placed


def placing_states(games: int) -> list:
    """Copies of every state of a few seeded random games in which a seat may act."""
    seen = []
    original = GAME.apply

    def apply(state, seat, command):
        seen.append((state.copy(), seat))
        return original(state, seat, command)

    GAME.apply = apply
    try:
        for seed in range(games):
            result = SelfplayResult(GAME.id, ["random"] * 3, wins=[0.0] * 3, bot_seconds=[0.0] * 3)
            play_one(GAME, ["random"] * 3, seed, result)
    finally:
        del GAME.apply
    return seen


def test_a_draw_is_the_full_lists_pick_with_the_same_numbers():
    content, placing = game_content(), 0
    for n, (state, seat) in enumerate(placing_states(6)):
        found = listing(state, seat)
        full = legal_commands(state, content, seat)
        if state.phase is not PLACE or state.questions:
            assert found == full and found.__class__ is list
            continue
        placing += 1
        assert isinstance(found, PlaceListing) and list(found) == full
        drawn, listed = random.Random(n), random.Random(n)
        for _ in range(5):
            fresh = PlaceListing(state, content, seat)
            by_bits = fresh.sample(drawn._randbelow, drawn.getrandbits)
            assert by_bits is full[listed._randbelow(len(full))]  # the very object, the same draw
            assert fresh.handed(by_bits) and not fresh.handed(PlaceDie(-1, "nowhere"))
        assert drawn.getstate() == listed.getstate()
        assert PlaceListing(state, content, seat).sample(random.Random(n)._randbelow) is \
            full[random.Random(n)._randbelow(len(full))]
    assert placing > 100  # the games did reach many placing phases


def test_the_game_hands_bots_the_listing_only_where_they_place():
    state, _ = GAME.setup(3, 3, {})
    seat = GAME.to_act(state)[0]
    found = GAME.listing(state, seat)
    assert isinstance(found, Listing) == (state.phase is PLACE and not state.questions)
    assert list(found) == GAME.legal_commands(state, seat)
    assert list(GAME.listing(state, (seat + 1) % 3)) == []


def test_ban_faces_reach_the_sockets_under_another_players_ban():
    content = game_content()
    states = [(s, seat) for s, seat in placing_states(2)
              if s.phase is PLACE and not s.questions and s.turn == seat and s.players[seat].pool]
    for n, (state, seat) in enumerate(states[:20]):
        state = state.copy()
        pool = state.players[seat].pool
        for die in list(pool)[::2]:
            pool[die] = "ban"  # every other die shows a Ban
        other = (seat + 1) % len(state.players)
        banned = [socket for socket, tower in state.sockets.items() if not tower and is_route(socket)][::3]
        for socket in banned:
            state.sockets[socket] = (Placed(other, 99, "ban"),)
        full = legal_commands(state, content, seat)
        assert {c.socket for c in full if isinstance(c, PlaceDie) and pool[c.die] == "ban"} >= set(banned)
        drawn, listed = random.Random(n), random.Random(n)
        for _ in range(30):
            assert PlaceListing(state, content, seat).sample(drawn._randbelow, drawn.getrandbits) is \
                full[listed._randbelow(len(full))]
