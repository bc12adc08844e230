"""The hard bot's searches over sampled deals: rollouts of the draw options (multiplayer) and the
value of a reset (solo). They read the seat's view only, repeat themselves for the same seed, and
play every option on the same deals."""
from __future__ import annotations

import dataclasses
import random

from games.questline.bots import estimate, rollout, solo_plan
from games.questline.bots.draws import DrawOption
from games.questline.commands import DrawFromDeck, TakeFromDiscard
from games.questline.solo import new_game as new_solo_game
from games.questline.view import view_of
from tests.games.questline.test_bots import hidden_shuffled, mid_game_state


def draw_options(view, seat):
    """A few takes from the seat's and its neighbours' areas, and both decks."""
    takes = [TakeFromDiscard(s, c) for s in sorted({seat, (seat - 1) % 4, (seat + 1) % 4})
             for c in view.discards[s]]
    options = [DrawOption(t, (0,)) for t in takes[:3]]
    decks = [DrawOption(DrawFromDeck("adventure"), (1, 2)), DrawOption(DrawFromDeck("class"), (0, 1))]
    return options + decks, decks


def test_rollouts_repeat_for_a_seed_and_meet_the_same_deals():
    state = mid_game_state()
    view = view_of(state, 0)
    options, decks = draw_options(view, 0)
    now = estimate.score(view.hand)
    first = rollout.play_out(view, 0, view.hand, now, options, decks, random.Random(4))
    again = rollout.play_out(view, 0, view.hand, now, options, decks, random.Random(4))
    assert first == again
    assert len({len(o.last) for o in first}) == 1 and len(first[0].last) >= rollout.MIN_DEALS
    for outlook in first:
        assert outlook.cycles == rollout.CYCLES
        assert all(a >= 0 and b >= a for a, b in zip(outlook.first, outlook.last))  # best seven kept
        if isinstance(outlook.option.command, TakeFromDiscard):  # a known card: the same gain each deal
            hand = [*view.hand, outlook.option.command.card]
            assert set(outlook.first) == {rollout.best_seven(hand)[1] - now}


def test_rollouts_do_not_read_hidden_cards():
    state = mid_game_state()
    other = hidden_shuffled(state, 0, seed=3)
    view = view_of(state, 0)
    assert view == view_of(other, 0)
    options, decks = draw_options(view, 0)
    now = estimate.score(view.hand)
    assert rollout.play_out(view, 0, view.hand, now, options, decks, random.Random(1)) == \
        rollout.play_out(view_of(other, 0), 0, view.hand, now, options, decks, random.Random(1))


def test_the_last_player_plays_out_only_the_cycles_left():
    view = dataclasses.replace(view_of(mid_game_state(), 0), final_cycles=1)
    options, decks = draw_options(view, 0)
    outlooks = rollout.play_out(view, 0, view.hand, estimate.score(view.hand), options, decks,
                                random.Random(2))
    assert {o.cycles for o in outlooks} == {1}
    assert all(o.first == o.last for o in outlooks)


def test_a_reset_takes_every_card_that_adds_stars():
    """In solo every card a reset lays out can be taken, one after another."""
    hand = ["falconer", "sellsword", "rat-catcher", "cartographer", "barrow-seer", "clockwright",
            "nursed-a-griffin-chick"]
    now = estimate.score(hand)
    area = ["guided-the-lost-caravan-home", "descended-to-the-deepest-vault", "answered-the-tavern-notice"]
    after = solo_plan.improve(hand, now, area)
    single = max(max(estimate.score([c for c in hand if c != out] + [card]) for out in hand)
                 for card in area)
    assert after >= max(now, single)


def test_the_reset_value_repeats_for_a_seed_and_ignores_the_deck_order():
    state = new_solo_game(11)
    view = view_of(state, 0)
    other = state.copy()
    random.Random(5).shuffle(other.adventure_deck)
    random.Random(6).shuffle(other.class_deck)
    assert view == view_of(other, 0)
    now = estimate.score(view.hand)
    value = solo_plan.reset_value(view, view.hand, now, random.Random(9))
    assert value == solo_plan.reset_value(view_of(other, 0), view.hand, now, random.Random(9))


def test_a_hand_with_question_marks_plays_out_fewer_deals():
    """Each "?" card makes a solve costlier: the rollouts' work is sized before they start."""
    from tests.games.questline.test_bots import HEAVY_HAND
    view = view_of(mid_game_state(), 0)
    options, decks = draw_options(view, 0)
    plain = rollout.play_out(view, 0, view.hand, 30, options, decks, random.Random(1))
    heavy = rollout.play_out(view, 0, HEAVY_HAND, 30, options, decks, random.Random(1))
    assert rollout.MIN_DEALS <= len(heavy[0].last) < len(plain[0].last)
    heavier = (*HEAVY_HAND[:-2], "woke-in-a-strangers-boots", "woke-in-a-strangers-boots")
    assert rollout.play_out(view, 0, heavier, 30, options, decks, random.Random(1)) == []
