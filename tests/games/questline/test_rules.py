"""Questline rules: setup, the draw/discard cycle, completing, the last player, solo, views."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from games.core.seats import Seat
from games.core.table import Table
from games.questline import apply, solo
from games.questline.commands import (
    ChooseFirstDiscard, CompleteHand, Discard, DrawFromDeck, Reset, TakeFromDiscard,
)
from games.questline.events import CardTaken
from games.questline.decks import (
    ADVENTURE_IDS, CARDS, CLASS_IDS, EPILOGUE_BY_STARS, deal, is_epilogue, shuffle,
)
from games.questline.game import GAME
from games.questline.state import EPILOGUES_BY_PLAYERS, Phase


def table(players: int, seed: int = 3, **options) -> Table:
    seats = tuple(Seat(f"P{i + 1}") for i in range(players))
    return Table(GAME, seats, seed, options)


def open_game(players: int, seed: int = 3, **options) -> Table:
    """A table past the opening: every seat discarded its first hand card."""
    t = table(players, seed, **options)
    for seat in range(players):
        assert t.dispatch(seat, ChooseFirstDiscard(t.state.hands[seat][0]))
    return t


def all_cards(state) -> Counter:
    places = [state.class_deck, state.adventure_deck, state.epilogues, state.out_of_play,
              [c for c in state.opening if c], [c for c in state.epilogue_of if c]]
    places += state.hands + state.discards
    return Counter(card for place in places for card in place)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup(players):
    state = table(players).state
    assert state.phase is Phase.OPENING
    for hand in state.hands:
        kinds = Counter(CARDS[c].kind.value for c in hand)
        assert kinds == {"class": 2, "adventure": 6}
    stars = [CARDS[c].stars for c in state.epilogues]
    assert stars == sorted(EPILOGUES_BY_PLAYERS[players])  # highest on top (the end)
    assert len(state.class_deck) == 18 - 2 * players
    assert len(state.adventure_deck) == 72 - 6 * players
    counts = all_cards(state)
    assert all(n == 1 for n in counts.values())
    assert len(counts) == 90 + players


def test_first_discards_are_hidden_until_everyone_chose():
    t = table(3)
    first = t.state.hands[0][0]
    t.dispatch(0, ChooseFirstDiscard(first))
    assert t.view(1).discards == ((), (), ())
    assert t.view(0).my_first_discard == first and t.view(1).my_first_discard is None
    assert t.view(1).chosen_first == (True, False, False)
    assert t.to_act() == (1, 2)
    rejected = t.dispatch(0, ChooseFirstDiscard(t.state.hands[0][0]))
    assert not rejected and "not your turn" in rejected.reason
    t.dispatch(1, ChooseFirstDiscard(t.state.hands[1][0]))
    t.dispatch(2, ChooseFirstDiscard(t.state.hands[2][0]))
    assert t.state.phase is Phase.PLAY
    assert t.view(1).discards[0] == (first,)
    assert all(len(h) == 7 for h in t.state.hands)


def test_draw_then_discard_and_the_hand_limit():
    t = open_game(3)
    assert t.dispatch(0, DrawFromDeck("adventure"))
    assert len(t.state.hands[0]) == 8
    for command in (DrawFromDeck("class"), CompleteHand(), TakeFromDiscard(1, t.state.discards[1][0])):
        rejected = t.dispatch(0, command)
        assert not rejected and "discard one first" in rejected.reason
    assert t.legal_commands(0) == [Discard(c) for c in t.state.hands[0]]
    card = t.state.hands[0][3]
    assert t.dispatch(0, Discard(card))
    assert t.state.discards[0][-1] == card and len(t.state.hands[0]) == 7
    rejected = t.dispatch(0, Discard(t.state.hands[0][0]))
    assert not rejected and "Draw a card before" in rejected.reason


def test_neighbours_only():
    t = open_game(4)
    assert t.state.neighbours(0) == (3, 1)
    far = t.state.discards[2][0]
    rejected = t.dispatch(0, TakeFromDiscard(2, far))
    assert not rejected and "neighbours" in rejected.reason
    assert t.dispatch(0, TakeFromDiscard(1, t.state.discards[1][0]))


def test_two_players_are_each_others_neighbours_on_both_sides():
    t = open_game(2)
    assert t.state.neighbours(0) == (1,) and t.state.neighbours(1) == (0,)


def test_a_full_discard_area_limits_its_owner_until_someone_takes_from_it():
    t = open_game(3)
    state = t.state
    while len(state.discards[0]) < 7:
        assert t.dispatch(0, DrawFromDeck("adventure"))
        assert t.dispatch(0, Discard(state.hands[0][-1]))
    assert state.blocked(0)
    rejected = t.dispatch(0, DrawFromDeck("adventure"))
    assert not rejected and "7 cards" in rejected.reason
    assert all(c.owner == 0 for c in t.legal_commands(0) if isinstance(c, TakeFromDiscard))
    assert t.dispatch(1, TakeFromDiscard(0, state.discards[0][0]))  # someone else takes one
    assert not state.blocked(0)
    assert t.dispatch(0, DrawFromDeck("adventure"))


def test_completing_removes_the_discard_area_and_takes_the_top_epilogue():
    t = open_game(3)
    discards = list(t.state.discards[0])
    assert t.dispatch(0, CompleteHand())
    assert t.state.epilogue_of[0] == EPILOGUE_BY_STARS[6]
    assert t.state.discards[0] == [] and set(discards) <= set(t.state.out_of_play)
    rejected = t.dispatch(1, TakeFromDiscard(0, discards[0]))
    assert not rejected and rejected.reason.startswith("Your left neighbour has completed their questline")
    assert t.dispatch(1, CompleteHand())
    assert t.state.epilogue_of[1] == EPILOGUE_BY_STARS[4]


def test_with_two_players_the_discard_area_stays_in_play():
    t = open_game(2)
    kept = t.state.discards[0][0]
    assert t.dispatch(0, CompleteHand())
    assert t.state.discards[0] == [kept]
    assert t.dispatch(1, TakeFromDiscard(0, kept))


def test_the_last_player_draws_and_discards_twice_then_must_complete():
    t = open_game(3)
    t.dispatch(0, CompleteHand())
    t.dispatch(1, CompleteHand())
    assert t.to_act() == (2,) and t.state.final_cycles == 2
    for _ in range(2):
        assert t.dispatch(2, DrawFromDeck("adventure"))
        assert t.dispatch(2, Discard(t.state.hands[2][0]))
    assert t.legal_commands(2) == [CompleteHand()]
    rejected = t.dispatch(2, DrawFromDeck("class"))
    assert not rejected and "complete now" in rejected.reason
    assert t.dispatch(2, CompleteHand())
    assert t.outcome() is not None and t.state.phase is Phase.OVER


def test_a_discard_owed_when_the_others_finish_does_not_count_as_a_final_cycle():
    t = open_game(2)
    assert t.dispatch(1, DrawFromDeck("adventure"))  # player 2 holds 8
    assert t.dispatch(0, CompleteHand())
    assert t.dispatch(1, Discard(t.state.hands[1][0]))  # the owed discard
    for _ in range(2):  # still two full draw-and-discard cycles
        assert t.dispatch(1, DrawFromDeck("adventure"))
        assert t.dispatch(1, Discard(t.state.hands[1][0]))
    assert t.legal_commands(1) == [CompleteHand()]


@pytest.mark.parametrize(("scores", "epilogues", "winner"), [
    ([30, 30], [4, 6], 1), ([30, 30], [6, 4], 0), ([31, 30], [4, 6], 0), ([28, 29, 29], [6, 4, 3], 1),
])
def test_most_stars_wins_and_a_tie_goes_to_the_higher_epilogue(scores, epilogues, winner):
    state = open_game(len(scores)).state
    state.scores = scores
    state.epilogue_of = [EPILOGUE_BY_STARS[n] for n in epilogues]
    assert apply.winner(state) == winner


def test_in_turn_play_goes_round_the_table():
    t = open_game(3, in_turn=True)
    assert t.to_act() == (0,)
    t.dispatch(0, DrawFromDeck("adventure"))
    assert t.to_act() == (0,)
    t.dispatch(0, Discard(t.state.hands[0][0]))
    assert t.to_act() == (1,)
    t.dispatch(1, CompleteHand())
    assert t.to_act() == (2,)
    t.dispatch(2, DrawFromDeck("class"))
    t.dispatch(2, Discard(t.state.hands[2][0]))
    assert t.to_act() == (0,)


def test_views_hide_other_hands_and_the_decks():
    t = open_game(3)
    view = t.view(1)
    assert view.hand == tuple(t.state.hands[1])
    assert view.hand_sizes == (7, 7, 7)
    assert view.hands == ()
    text = repr(view)
    for card in t.state.hands[0] + t.state.adventure_deck[-3:]:
        assert card not in text
    assert view.adventure_left == len(t.state.adventure_deck)


# -- solo -------------------------------------------------------------------------------

def test_solo_setup():
    state = solo.new_game(11)
    assert state.solo and state.phase is Phase.PLAY
    deck = state.adventure_deck
    assert deck[0] == EPILOGUE_BY_STARS[1]  # the bottom card
    epilogues = [CARDS[c].stars for c in deck if is_epilogue(c)]
    assert sorted(epilogues) == [1, 2, 3, 4]
    assert len(deck) == 24 - 2  # two adventures revealed into the discard area
    assert state.epilogues == [EPILOGUE_BY_STARS[6]]
    assert EPILOGUE_BY_STARS[5] not in all_cards(state)
    kinds = Counter(CARDS[c].kind.value for c in state.discards[0])
    assert kinds == {"class": 1, "adventure": 2}
    hand_kinds = Counter(CARDS[c].kind.value for c in state.hands[0])
    assert hand_kinds == {"class": 2, "adventure": 5}
    assert Counter(c for c in all_cards(state) if c in ADVENTURE_IDS) == Counter(ADVENTURE_IDS)
    assert Counter(c for c in all_cards(state) if c in CLASS_IDS) == Counter(CLASS_IDS)
    # each pile keeps its epilogue in its own stretch of the deck: 1 at the bottom, then 2, 3, 4
    positions = {CARDS[c].stars: i for i, c in enumerate(deck) if is_epilogue(c)}
    assert positions[1] < positions[2] < positions[3] < positions[4]
    assert 1 <= positions[2] <= 6 and 7 <= positions[3] <= 12 and 13 <= positions[4] <= 18


def test_solo_actions():
    t = Table(GAME, (Seat("Solo"),), 5)
    state = t.state
    rejected = t.dispatch(0, DrawFromDeck("adventure"))
    assert not rejected and "never draw from the decks" in rejected.reason
    card = state.discards[0][0]
    assert t.dispatch(0, TakeFromDiscard(0, card))
    assert not t.dispatch(0, Reset())
    assert t.dispatch(0, Discard(state.hands[0][0]))
    assert len(state.discards[0]) == 3 and len(state.hands[0]) == 7
    before = list(state.discards[0])
    assert t.dispatch(0, Reset())
    assert set(before) <= set(state.out_of_play) and len(state.discards[0]) <= 3


def test_solo_resets_reveal_epilogues_and_stop_when_the_deck_is_empty():
    t = Table(GAME, (Seat("Solo"),), 8)
    state = t.state
    while state.adventure_deck:
        assert t.dispatch(0, Reset())
    assert sorted(CARDS[c].stars for c in state.epilogues) == [1, 2, 3, 4, 6]
    rejected = t.dispatch(0, Reset())
    assert not rejected and "no more resets" in rejected.reason
    assert Reset() not in t.legal_commands(0)
    assert t.dispatch(0, CompleteHand())
    assert t.state.epilogue_of[0] == EPILOGUE_BY_STARS[1]  # the lowest revealed epilogue
    outcome = t.outcome()
    assert outcome.summary.endswith(solo.rank(t.state.scores[0]))


@pytest.mark.parametrize(("stars", "rank"), [
    (60, "Keeper of a Thousand Tales"), (48, "Keeper of a Thousand Tales"), (47, "Hearth-Hall Laureate"),
    (44, "Hearth-Hall Laureate"), (43, "Market-Square Teller"), (40, "Market-Square Teller"),
    (39, "Tavern-Bench Yarner"), (36, "Tavern-Bench Yarner"), (35, "Nursery Rhymer"), (28, "Nursery Rhymer"),
    (27, "Mumbling Apprentice"), (0, "Mumbling Apprentice"), (-3, "Mumbling Apprentice"),
])
def test_rank_chart(stars, rank):
    assert solo.rank(stars) == rank


@pytest.mark.parametrize("seed", range(200))
def test_a_deck_dealt_as_it_is_shuffled_comes_in_the_order_of_a_whole_shuffle(seed):
    """decks.deal settles only the places dealt: the cards, and the generator's draws, are those of
    rng.shuffle on the whole deck, however the deal is split; a copied state settles the rest."""
    for ids in (ADVENTURE_IDS, CLASS_IDS, ADVENTURE_IDS[:2]):
        whole, rng = list(ids), random.Random(seed)
        rng.shuffle(whole)
        eager, eager_rng = list(ids), random.Random(seed)
        shuffle(eager_rng, eager)
        assert eager == whole and eager_rng.getstate() == rng.getstate()
        deck, deck_rng, sizes, dealt = list(ids), random.Random(seed), random.Random(-seed), []
        while deck:
            dealt += deal(deck_rng, deck, min(len(deck), sizes.randrange(1, 4)))
        assert dealt == whole[::-1] and deck_rng.getstate() == rng.getstate()
    lazy, settled = apply.new_game(seed, 2, False), apply.new_game(seed, 2, False).copy()
    assert settled.adventure_rng is None and lazy.adventure_rng is not None
    for deck in ("class", "adventure") * 70:
        if lazy.adventure_deck and lazy.class_deck:
            assert apply.draw_from_deck(lazy, 0, deck) == apply.draw_from_deck(settled, 0, deck)


def test_same_seed_same_game():
    a, b = open_game(4, seed=21), open_game(4, seed=21)
    assert GAME.snapshot(a.state) == GAME.snapshot(b.state)
    assert a.state.adventure_deck == b.state.adventure_deck
    assert apply.new_game(1, 3, False).adventure_deck != apply.new_game(2, 3, False).adventure_deck


def test_a_take_is_told_in_the_reader_s_words():
    card = ADVENTURE_IDS[0]
    name = CARDS[card].name
    assert CardTaken(0, 0, card).describe(["You", "Ann"]) == (
        f"You took {name} from your own discard area.")
    assert CardTaken(1, 1, card).describe(["You", "Ann"]) == (
        f"Ann took {name} from their own discard area.")
    assert CardTaken(1, 0, card).describe(["You", "Ann"]) == f"Ann took {name} from your discard area."
    assert CardTaken(0, 1, card).describe(["You", "Ann"]) == f"You took {name} from Ann's discard area."


def test_no_rank_name_is_the_rulebook_s():
    """The rulebook's solo chart (its names, quoted only to keep them out of ours)."""
    theirs = {"legendary", "storyteller", "ulos", "bardsong", "favorite", "favourite", "local",
              "historian", "rumor", "rumour", "recounter", "campfire", "myth", "forgotten", "fibber"}
    for name in [name for _, name in solo.RANKS] + [solo.LOWEST_RANK]:
        assert not set(name.lower().replace("-", " ").split()) & theirs, name


def test_the_end_is_told_in_the_reader_s_words():
    from games.questline.events import GameScored, HandCompleted

    epilogue = EPILOGUE_BY_STARS[3]
    assert HandCompleted(0, epilogue).describe(["You", "Ann"]).startswith("You completed your questline")
    assert HandCompleted(1, epilogue).describe(["You", "Ann"]).startswith("Ann completed their questline")
    assert GameScored((30, 20), 0).describe(["You", "Ann"]).endswith("You tell the finest tale.")
    assert GameScored((30, 40), 1).describe(["You", "Ann"]).endswith("Ann tells the finest tale.")
    assert GameScored((16,), 0).describe(["You"]) == "Final score: 16 stars."  # solo: no rival


def test_setup_tells_how_the_game_begins():
    from games.core.seats import Seat as S
    from games.questline.events import HandsDealt

    solo_table = Table(GAME, (S("You"),), 3)
    (dealt,) = solo_table.opening
    assert isinstance(dealt, HandsDealt) and dealt.hand == 7 and len(dealt.shown) == 3
    four = Table(GAME, tuple(S(f"P{i}") for i in range(4)), 3)
    assert four.opening[0].describe(four.names).startswith("Each storyteller holds 8 cards")


SECOND_PERSON_SLIPS = re.compile(r"\bYou (is|was|has|holds|tells|takes|completes|draws)\b|\bYou's\b"
                                 r"|^You\b.*\btheir\b")


def test_every_event_and_refusal_reads_in_the_reader_s_words():
    """Random games, solo and four seats with the reader named "You": every log line (the public
    wording too) and every refusal of anything the reader might try says "you", never "You is" or
    "You completed their"; every kind of event turns up."""
    import random
    from games.questline import events

    kinds = {cls for cls in vars(events).values()
             if isinstance(cls, type) and cls.__module__ == events.__name__}
    seen, lines = set(), []
    for players, seed in ((1, 5), (4, 5), (4, 6)):
        names = ("You", "Ann", "Bo", "Cy")[:players]
        t = Table(GAME, tuple(Seat(n) for n in names), seed)
        rng = random.Random(seed)
        while t.outcome() is None:
            state = t.state
            tries = [DrawFromDeck("adventure"), DrawFromDeck("class"), Reset(), CompleteHand()]
            tries += [TakeFromDiscard(o, c) for o in range(players) for c in state.discards[o][:1]]
            tries += [Discard(state.hands[0][0]), ChooseFirstDiscard(state.hands[0][0])]
            lines += [r.reason for c in tries if (r := t.check(0, c)) is not None]
            seat = rng.choice(t.to_act())
            t.dispatch(seat, rng.choice([c for c in t.legal_commands(seat) if not (
                isinstance(c, CompleteHand) and len(t.legal_commands(seat)) > 1 and rng.random() < .97)]))
        for event in list(t.opening) + [e for _, _, evs in t.history() for e in evs]:
            seen.add(type(event))
            lines.append(event.describe(names))
            if hasattr(event, "public"):
                lines.append(event.public(names))
    assert seen == kinds
    assert any(line.startswith("You ") for line in lines)
    for line in lines:
        assert not SECOND_PERSON_SLIPS.search(line), line
