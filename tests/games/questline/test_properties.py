"""Hypothesis playouts of Questline: random legal games (solo to 6 players, simultaneous or in turn)
keep every invariant and end; random illegal commands are refused with a reason and change nothing."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.messages import Command
from games.core.seats import Seat
from games.core.table import Table
from games.questline import apply, solo
from games.questline.arrange import score_hand
from games.questline.commands import (
    ChooseFirstDiscard, CompleteHand, Discard, DrawFromDeck, Reset, TakeFromDiscard,
)
from games.questline.decks import ADVENTURE_IDS, CARDS, CLASS_IDS, EPILOGUE_BY_STARS
from games.questline.game import GAME
from games.questline.state import (
    DISCARD_LIMIT, EPILOGUES_BY_PLAYERS, FINAL_CYCLES, HAND, HAND_LIMIT, Phase, QuestState,
)

SOLO_EPILOGUES = (1, 2, 3, 4, 6)  # the 5 is not used in solo play
MOVES_PER_PLAYER = 40  # the most a patient random player plays before completing
LOW_DECK = 8  # the most adventure cards left at which an impatient player completes
# After this many moves every seat completes as soon as it may: enough to empty both decks.
LATE_MOVES = 2 * (len(CLASS_IDS) + len(ADVENTURE_IDS))


def max_moves(players: int) -> int:
    """Past LATE_MOVES each seat at most discards and completes: a bound that catches a loop."""
    return LATE_MOVES + 2 * players + 2 * FINAL_CYCLES + 2


PLAYOUT = settings(max_examples=10, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def table_for(players: int, seed: int, in_turn: bool) -> Table:
    seats = tuple(Seat(f"P{i + 1}") for i in range(players))
    return Table(GAME, seats, seed, {"in_turn": True} if in_turn else {})


# -- invariants --------------------------------------------------------------------------

def census(state: QuestState) -> Counter:
    places = [state.class_deck, state.adventure_deck, state.out_of_play,
              [c for c in state.opening if c is not None], *state.hands, *state.discards]
    return Counter(card for place in places for card in place)


def epilogue_census(state: QuestState) -> Counter:
    places = [state.epilogues, [c for c in state.epilogue_of if c is not None]]
    if state.solo:
        places.append([c for c in state.adventure_deck if CARDS[c].kind.value == "epilogue"])
    return Counter(card for place in places for card in place)


def expected_epilogues(players: int) -> Counter:
    stars = SOLO_EPILOGUES if players == 1 else EPILOGUES_BY_PLAYERS[players]
    return Counter(EPILOGUE_BY_STARS[n] for n in stars)


def check_cards(state: QuestState) -> None:
    counts = census(state)
    playing_cards = Counter({c: n for c, n in counts.items() if CARDS[c].kind.value != "epilogue"})
    assert playing_cards == Counter(CLASS_IDS) + Counter(ADVENTURE_IDS), "a card was lost or copied"
    assert epilogue_census(state) == expected_epilogues(state.players)
    # epilogues appear nowhere else (only a solo adventure deck carries them)
    stray = [c for place in (state.out_of_play, *state.hands, *state.discards) for c in place
             if CARDS[c].kind.value == "epilogue"]
    assert stray == []
    if not state.solo:
        assert all(CARDS[c].kind.value != "epilogue" for c in state.adventure_deck)


def check_invariants(table: Table, holding: list[bool], order: list[int]) -> None:
    """`holding` is the test's own model (drew and not yet discarded); `order` who completed when."""
    state = table.state
    check_cards(state)
    for seat, hand in enumerate(state.hands):
        assert len(hand) <= HAND_LIMIT
        if state.phase is Phase.OPENING:
            assert len(hand) == (HAND if state.opening[seat] is not None else HAND_LIMIT)
        else:
            assert len(hand) == (HAND_LIMIT if holding[seat] else HAND), (seat, len(hand))
            assert state.holding(seat) == holding[seat]
        assert len(state.discards[seat]) <= DISCARD_LIMIT
    if state.solo:
        assert len(state.discards[0]) <= 3
    assert [s for s in range(state.players) if state.done[s]] == sorted(order)
    for seat in range(state.players):
        assert (state.epilogue_of[seat] is not None) == state.done[seat]
        if state.done[seat]:
            assert len(state.hands[seat]) == HAND
            if state.players > 2:  # a completed player's discard area leaves play (kept with 2)
                assert state.discards[seat] == []
    if not state.solo:  # the stack is taken from the top: highest first, in completing order
        taken = [CARDS[state.epilogue_of[s]].stars for s in order]
        assert taken == sorted(EPILOGUES_BY_PLAYERS[state.players], reverse=True)[:len(order)]
    playing = state.still_playing()
    if len(playing) >= 2 or state.solo:
        assert state.final_cycles == -1
    elif len(playing) == 1:  # one more while a discard is still owed from an earlier draw
        owed = state.holding(playing[0])
        assert 0 <= state.final_cycles <= FINAL_CYCLES + owed
    acting = table.to_act()
    if state.phase is Phase.OVER:
        assert acting == () and not playing
        assert table.outcome() is not None
    else:
        assert playing and table.outcome() is None
        if state.phase is Phase.OPENING:
            assert acting == tuple(s for s in range(state.players) if state.opening[s] is None)
        elif state.in_turn:
            assert acting == (state.turn,) and not state.done[state.turn]
            assert [s for s in range(state.players) if holding[s]] in ([], [state.turn])
        else:
            assert acting == tuple(playing)
        for seat in range(state.players):
            legal = table.legal_commands(seat)
            assert bool(legal) == (seat in acting)
            if legal:  # the list of legal commands is exactly what the rules accept
                accepted = [c for c in candidates(state, seat) if table.check(seat, c) is None]
                assert sorted(map(repr, accepted)) == sorted(map(repr, legal))
    snapshot = GAME.snapshot(state)
    assert snapshot["hand_sizes"] == [len(h) for h in state.hands]
    assert snapshot["complete"] == state.done


def candidates(state: QuestState, seat: int) -> set[Command]:
    """Every command that could make sense for the seat: drawing, taking any card in any area,
    discarding or first-discarding any card in hand, completing, resetting."""
    found: set[Command] = {DrawFromDeck("adventure"), DrawFromDeck("class"), CompleteHand(),
                           Reset()}
    found |= {TakeFromDiscard(owner, c) for owner, area in enumerate(state.discards)
              for c in area}
    found |= {Discard(c) for c in state.hands[seat]}
    found |= {ChooseFirstDiscard(c) for c in state.hands[seat]}
    return found


def check_end(table: Table) -> None:
    state = table.state
    assert state.phase is Phase.OVER
    assert all(len(hand) == HAND for hand in state.hands)
    assert all(epilogue is not None for epilogue in state.epilogue_of)
    assert len(state.scores) == state.players
    expected = [score_hand([CARDS[c] for c in state.hands[s]], CARDS[state.epilogue_of[s]])
                for s in range(state.players)]
    assert state.scores == expected
    outcome = table.outcome()
    assert outcome.scores == tuple(state.scores)
    if state.solo:
        assert outcome.winners == (0,)
        assert outcome.summary == f"{state.scores[0]} stars: {solo.rank(state.scores[0])}"
        assert state.discards[0] == []  # the discard area is removed on completing
    else:
        best = max(state.scores)
        tied = [s for s in range(state.players) if state.scores[s] == best]
        champion = max(tied, key=lambda s: CARDS[state.epilogue_of[s]].stars)
        assert outcome.winners == (champion,) == (apply.winner(state),)
    for seat in range(state.players):
        view = table.view(seat)
        assert view.hands == tuple(tuple(h) for h in state.hands)  # every hand shown for scoring
        assert view.scores == tuple(state.scores)


# -- illegal commands --------------------------------------------------------------------

def illegal_commands(table: Table) -> list[tuple[int, Command, str]]:
    """Commands the rules must refuse now, each with a fragment its reason must contain ("" any)."""
    state = table.state
    acting = table.to_act()
    players = state.players
    some_card = state.hands[0][0]
    found: list[tuple[int, Command, str]] = [
        (players, DrawFromDeck("adventure"), ""),  # no such seat
        (players, CompleteHand(), ""),
    ]
    if state.phase is Phase.OVER:
        for seat in range(players):
            found += [(seat, CompleteHand(), "over"), (seat, DrawFromDeck("class"), "over"),
                      (seat, Discard(state.hands[seat][0]), "over")]
        return found
    for seat in range(players):
        if seat not in acting:
            found += [(seat, CompleteHand(), ""), (seat, DrawFromDeck("adventure"), ""),
                      (seat, ChooseFirstDiscard(state.hands[seat][0]), "")]
            if state.phase is Phase.PLAY and not state.done[seat]:
                found.append((seat, TakeFromDiscard(seat, some_card), ""))
    for seat in acting:
        hand = state.hands[seat]
        outside = next(c for c in (*state.class_deck, *state.adventure_deck, *state.out_of_play,
                                   *CLASS_IDS) if c not in hand)
        if state.phase is Phase.OPENING:
            found += [(seat, ChooseFirstDiscard(outside), "not in your hand"),
                      (seat, DrawFromDeck("adventure"), "First choose"),
                      (seat, CompleteHand(), "First choose"),
                      (seat, Discard(hand[0]), "First choose"),
                      (seat, TakeFromDiscard(seat, hand[0]), "First choose")]
            continue
        found += [(seat, ChooseFirstDiscard(hand[0]), "already revealed"),
                  (seat, Discard(outside), "")]
        if not state.solo:
            found.append((seat, Reset(), ""))
        if state.holding(seat):
            found += [(seat, CompleteHand(), "discard one first"),
                      (seat, DrawFromDeck("adventure"), "discard one first"),
                      (seat, DrawFromDeck("class"), "discard one first"),
                      (seat, TakeFromDiscard(seat, state.discards[seat][0] if state.discards[seat]
                                             else outside), "discard one first"),
                      (seat, Discard(outside), "not in your hand")]
            continue
        found += [(seat, Discard(hand[0]), "Draw a card before"),
                  (seat, Discard(outside), "Draw a card before"),
                  (seat, DrawFromDeck("tavern"), ""),
                  (seat, TakeFromDiscard(seat, hand[0]), ""),  # in hand, not in the discard area
                  (seat, TakeFromDiscard(players, outside), ""),
                  (seat, TakeFromDiscard(-1, outside), "")]
        if state.solo:
            found += [(seat, DrawFromDeck("adventure"), "never draw"),
                      (seat, DrawFromDeck("class"), "never draw")]
            if not state.adventure_deck:
                found.append((seat, Reset(), "no more resets"))
            continue
        # the reason names the first problem: the last player's cycles, a full area, the deck
        if state.final_cycles == 0:
            first = "complete now"
        elif state.blocked(seat):
            first = "7 cards"
        else:
            first = ""
        for deck, pile in (("class", state.class_deck), ("adventure", state.adventure_deck)):
            if not pile or first:
                found.append((seat, DrawFromDeck(deck), first or "is empty"))
        if state.final_cycles == 0:
            for owner in range(players):
                for card in state.discards[owner][:1]:
                    found.append((seat, TakeFromDiscard(owner, card), first))
        neighbours = state.neighbours(seat)
        for owner in range(players):
            if owner == seat:
                continue
            area = state.discards[owner]
            card = area[0] if area else outside
            if owner not in neighbours:
                found.append((seat, TakeFromDiscard(owner, card), first or "neighbours"))
            elif state.done[owner] and players > 2:
                found.append((seat, TakeFromDiscard(owner, card), first or "completed"))
            elif state.blocked(seat) and area:
                found.append((seat, TakeFromDiscard(owner, card), first))
    return found


def state_lists(state: QuestState):
    return state.copy()  # a deep copy of every list; QuestState compares field by field


def check_refused(table: Table, seat: int, command: Command, fragment: str) -> None:
    state = table.state
    before = (GAME.snapshot(state), [table.view(s) for s in (None, *range(state.players))],
              state_lists(state), list(table.log), table.outcome())
    result = table.dispatch(seat, command)
    assert not result, (seat, command)
    assert result.reason.strip(), (seat, command)
    assert fragment in result.reason, (seat, command, result.reason)
    after = (GAME.snapshot(state), [table.view(s) for s in (None, *range(state.players))],
             state_lists(state), list(table.log), table.outcome())
    assert after == before, (seat, command)


# -- the playout -------------------------------------------------------------------------

class Player:
    """The random players' habits, drawn once a game from the data."""

    def __init__(self, players: int, data) -> None:
        # moves each seat makes before it would complete: 0 (at once) up to a long game
        self.patience = data.draw(st.lists(st.integers(0, 2 * MOVES_PER_PLAYER),
                                           min_size=players, max_size=players), label="patience")
        # deck lovers draw from a deck (solo: reset) whenever they may and complete only when
        # they no longer can, so the decks run dry
        self.deck_lover = data.draw(st.booleans(), label="deck lover")
        # the others complete as soon as they may once the adventure deck is this low
        self.low_deck = data.draw(st.integers(0, LOW_DECK), label="low deck")

    def choose(self, table: Table, seat: int, data) -> Command:
        """A random legal command; completing (legal whenever the seat is not holding) when the
        seat's habits say so, and always once the game has gone on long."""
        legal = table.legal_commands(seat)
        state = table.state
        assert legal
        others = [c for c in legal if not isinstance(c, CompleteHand)]
        refills = [c for c in others if isinstance(c, (DrawFromDeck, Reset))]
        if CompleteHand() in legal:
            if self.deck_lover:
                done = not refills
            else:
                done = len(state.adventure_deck) < self.low_deck or self.patience[seat] <= 0
            if done or not others or len(table.log) >= LATE_MOVES:
                return CompleteHand()
        self.patience[seat] -= 1
        if self.deck_lover and refills:
            others = refills
        return others[data.draw(st.integers(0, len(others) - 1), label="move")]


def playout(table: Table, data, illegal: bool = True) -> None:
    state = table.state
    players = state.players
    holding = [False] * players
    order: list[int] = []
    last_cycles = None  # discards by the last player after the others finished
    player = Player(players, data)
    check_invariants(table, holding, order)
    while table.outcome() is None:
        assert len(table.log) < max_moves(players), "the game does not end"
        acting = table.to_act()
        seat = acting[data.draw(st.integers(0, len(acting) - 1), label="seat")]
        command = player.choose(table, seat, data)
        result = table.dispatch(seat, command)
        assert result, (seat, command, getattr(result, "reason", None))
        if isinstance(command, (DrawFromDeck, TakeFromDiscard)):
            holding[seat] = True
        elif isinstance(command, Discard):
            holding[seat] = False
            if last_cycles is not None:
                last_cycles += 1
                assert last_cycles <= FINAL_CYCLES, "the last player drew and discarded too often"
        elif isinstance(command, CompleteHand):
            order.append(seat)
            if not state.solo and len(state.still_playing()) == 1:
                # a discard still owed from an earlier draw is not one of the two final cycles
                last_cycles = -1 if holding[state.still_playing()[0]] else 0
        check_invariants(table, holding, order)
        if illegal:
            mistakes = illegal_commands(table)
            pick = data.draw(st.integers(0, len(mistakes) - 1), label="illegal")
            check_refused(table, *mistakes[pick])
    check_end(table)
    assert sorted(order) == list(range(players))


GAMES = [(1, False)] + [(players, in_turn) for players in range(2, 7) for in_turn in (False, True)]


@pytest.mark.parametrize(("players", "in_turn"), GAMES,
                         ids=["solo" if p == 1 else f"{p}-{'in-turn' if t else 'simultaneous'}"
                              for p, t in GAMES])
@PLAYOUT
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_random_legal_games_keep_every_invariant_and_end(players, in_turn, seed, data):
    """Solo has no turns to take, so it is played only once."""
    table = table_for(players, seed, in_turn)
    assert table.state.solo == (players == 1)
    assert table.state.in_turn == (in_turn and players > 1)
    playout(table, data)


@settings(PLAYOUT, max_examples=40)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 6), data=st.data())
def test_every_illegal_command_is_refused_at_any_point(seed, players, data):
    """Play a random stretch, then try every illegal command we know of at that point."""
    table = table_for(players, seed, data.draw(st.booleans(), label="in turn"))
    moves = data.draw(st.integers(0, 80), label="moves")
    player = Player(players, data)
    for _ in range(moves):
        if table.outcome() is not None:
            break
        acting = table.to_act()
        seat = acting[data.draw(st.integers(0, len(acting) - 1), label="seat")]
        assert table.dispatch(seat, player.choose(table, seat, data))
    for seat, command, fragment in illegal_commands(table):
        check_refused(table, seat, command, fragment)


@settings(PLAYOUT, max_examples=20)
@given(seed=st.integers(0, 2**31 - 1), data=st.data())
def test_solo_illegal_commands_are_refused_at_any_point(seed, data):
    table = table_for(1, seed, False)
    player = Player(1, data)
    for _ in range(data.draw(st.integers(0, 40), label="moves")):
        if table.outcome() is not None:
            break
        assert table.dispatch(0, player.choose(table, 0, data))
    for seat, command, fragment in illegal_commands(table):
        check_refused(table, seat, command, fragment)


def test_the_illegal_list_covers_every_kind_of_mistake():
    """The generator really produces every kind of mistake: this position has them all."""
    kinds: set[str] = set()
    table = table_for(4, 5, False)
    for seat in range(4):
        assert table.dispatch(seat, ChooseFirstDiscard(table.state.hands[seat][0]))
    table.state.class_deck.clear()  # an empty deck (the cards leave the census on purpose)
    assert table.dispatch(1, CompleteHand())
    assert table.dispatch(2, DrawFromDeck("adventure"))
    for seat, command, fragment in illegal_commands(table):
        state = table.state
        if isinstance(command, DrawFromDeck) and command.deck == "class":
            kinds.add("empty deck")
        if isinstance(command, DrawFromDeck) and command.deck == "tavern":
            kinds.add("unknown deck")
        if isinstance(command, TakeFromDiscard) and 0 <= command.owner < 4:
            if command.owner not in state.neighbours(seat) and command.owner != seat:
                kinds.add("not a neighbour")
            elif state.done[command.owner]:
                kinds.add("completed player")
            elif command.card not in state.discards[command.owner]:
                kinds.add("card not there")
        if isinstance(command, Discard) and not state.holding(seat):
            kinds.add("discard without drawing")
        if isinstance(command, Discard) and command.card not in state.hands[seat]:
            kinds.add("discard a card not in hand")
        if isinstance(command, CompleteHand) and seat in table.to_act() and state.holding(seat):
            kinds.add("complete while holding")
        if isinstance(command, Reset):
            kinds.add("reset in multiplayer")
        if isinstance(command, ChooseFirstDiscard) and seat in table.to_act():
            kinds.add("first discard after the opening")
        if seat not in table.to_act():
            kinds.add("seat not acting")
        check_refused(table, seat, command, fragment)
    assert kinds == {"empty deck", "unknown deck", "not a neighbour", "completed player",
                     "card not there", "discard without drawing", "discard a card not in hand",
                     "complete while holding", "reset in multiplayer",
                     "first discard after the opening", "seat not acting"}
