"""Encounters: players met on one field trade tokens, quests, side quests and Magic Item cards when
both accept; nothing changes hands otherwise, and an offer that cannot be kept is refused with why."""
from __future__ import annotations

import pytest

from games.dice_upon_a_time.commands import Answer, EndTurn, OfferTrade, Pass
from games.dice_upon_a_time.events import TradeOffered
from games.dice_upon_a_time.state import Phase
from tests.games.dice_upon_a_time.helpers import answer_all, set_turn, table, take_magic

QUEST = "loaf-for-the-huntsman"
SIDE = "home-by-nightfall"


def met(players: int = 3):
    """Seat 0's turn in the Town with seats 1 (met) and 2 (at the Inn) around; no cards, no tokens."""
    t = table(players=players)
    for p in t.state.players:
        p.magic, p.quests, p.side = [], [], []
        p.tokens.clear()
        p.field = "town"
    t.state.players[2 % players].field = "inn" if players > 2 else "town"
    set_turn(t, 0, "town", {0: 2})
    return t


def test_a_swap_accepted_changes_hands_and_is_told():
    t = met()
    me, them = t.state.players[0], t.state.players[1]
    me.tokens["coin"], them.tokens["apple"] = 2, 1
    assert OfferTrade(1, ("coin",), ("apple",)) in t.legal_commands(0)
    result = t.dispatch(0, OfferTrade(1, ("coin",), ("apple",)))
    assert result and t.to_act() == (1,)  # out of turn: the partner answers
    offered = next(e for e in result.events if isinstance(e, TradeOffered))
    assert offered.describe(["You", "Ada", "Bo"]) == "You offered Ada 1 Gold Coin for 1 Apple."
    assert t.view(1).options == ("accept", "refuse")
    assert t.dispatch(1, Answer("accept"))
    assert (me.tokens["coin"], me.tokens["apple"], them.tokens["coin"], them.tokens["apple"]) == (1, 1, 1, 0)
    assert t.to_act() == (0,) and t.state.phase is Phase.PLACE  # the turn goes on


def test_a_refused_offer_changes_nothing_and_is_made_once_a_turn():
    t = met()
    t.state.players[0].tokens["coin"] = 1
    t.state.players[1].tokens["bread"] = 1
    assert t.dispatch(0, OfferTrade(1, ("coin",), ("bread",)))
    assert t.dispatch(1, Answer("refuse"))
    assert t.state.players[0].tokens["coin"] == 1 and t.state.players[1].tokens["bread"] == 1
    assert "this turn already" in t.check(0, OfferTrade(1, ("coin",), ())).reason
    assert not [c for c in t.legal_commands(0) if isinstance(c, OfferTrade)]


def test_quests_side_quests_and_magic_items_change_hands():
    t = met()
    me, them = t.state.players[0], t.state.players[1]
    me.quests = [QUEST]
    them.side = [SIDE]
    take_magic(t, 0, "golden-goose")
    take_magic(t, 1, "rowan-charm")
    take_magic(t, 1, "salt-circle")
    offer = OfferTrade(1, (f"quest:{QUEST}", "magic:golden-goose"), ("magic", f"side:{SIDE}"))
    assert t.dispatch(0, offer)
    # the partner sees which card they would get; a third player does not
    assert "magic:golden-goose" in t.view(1).question.data[1]
    assert t.view(2).question.data[1] == (f"quest:{QUEST}", "magic")
    assert t.view(0).question.data[2] == ("magic", f"side:{SIDE}")
    assert t.view(1).options == ("accept:rowan-charm", "accept:salt-circle", "refuse")
    assert t.dispatch(1, Answer("accept:salt-circle"))
    assert me.quests == [] and them.quests == [QUEST] and me.side == [SIDE] and them.side == []
    assert me.magic == ["salt-circle"] and sorted(them.magic) == ["golden-goose", "rowan-charm"]


def test_the_table_sees_a_magic_item_given_but_not_which():
    t = met()
    take_magic(t, 0, "golden-goose")
    t.state.players[1].tokens["coin"] = 1
    result = t.dispatch(0, OfferTrade(1, ("magic:golden-goose",), ("coin",)))
    offered = next(e for e in result.events if isinstance(e, TradeOffered))
    assert offered.visible_to == {0, 1}
    assert "Golden Goose" in offered.describe(["A", "B", "C"])
    assert offered.public(["A", "B", "C"]) == "A offered B a Magic Item card for 1 Gold Coin."


@pytest.mark.parametrize(("offer", "why"), [
    (OfferTrade(2, ("coin",), ()), "not on your field"),
    (OfferTrade(0, ("coin",), ()), "another player"),
    (OfferTrade(1, (), ()), "Offer something"),
    (OfferTrade(1, ("coin", "coin"), ()), "You have 1 Gold Coin, not 2"),
    (OfferTrade(1, (), ("bread",)), "They have 0 Bread"),
    (OfferTrade(1, ("ruby",), ()), "not something to trade"),
    (OfferTrade(1, ("magic",), ()), "Name the Magic Item card"),
    (OfferTrade(1, (), ("magic:golden-goose",)), "without naming it"),
    (OfferTrade(1, (), ("magic",)), "no Magic Item card"),
    (OfferTrade(1, (f"quest:{QUEST}",), ()), "do not hold that active quest"),
])
def test_an_offer_that_cannot_be_kept_says_why(offer, why):
    t = met()
    t.state.players[0].tokens["coin"] = 1
    assert why in t.check(0, offer).reason


def test_no_one_holds_more_than_five_active_quests_after_a_trade():
    t = met()
    them = t.state.players[1]
    them.quests = ["apples-for-the-old-woman", "coin-in-the-well", "toll-at-the-bridge",
                   "bread-for-the-choir", "supper-at-the-inn"]
    t.state.players[0].quests = [QUEST]
    reason = t.check(0, OfferTrade(1, (f"quest:{QUEST}",), ())).reason
    assert "they would hold 6 active quests" in reason


def test_offers_wait_for_the_answer_and_are_made_afresh_next_turn():
    t = met(players=2)
    t.state.players[0].tokens["coin"] = 1
    t.state.players[1].tokens["apple"] = 1
    assert t.dispatch(0, OfferTrade(1, ("coin",), ("apple",)))
    assert "First answer a trade offer" in t.check(1, EndTurn()).reason
    assert t.dispatch(1, Answer("refuse"))
    assert t.dispatch(0, Pass())  # seat 1's turn: it may make seat 0 an offer
    answer_all(t)
    assert t.to_act() == (1,) and t.state.offered == []
    assert t.check(1, OfferTrade(0, ("apple",), ("coin",))) is None
