"""What each field does on arrival, the special faces, Story cards of every kind, Magic Items that
answer a moment (also in another player's turn), quests; and the rulebook's examples."""
from __future__ import annotations

import pytest

from games.dice_upon_a_time.commands import Answer, CompleteQuest, Move, PlaceDie, PlayMagic
from games.dice_upon_a_time.state import QUEST_LIMIT, Phase
from tests.games.dice_upon_a_time.helpers import (
    CONTENT, answer_all, route, set_turn, take_magic, top_magic, top_story, table,
)


def walk(t, seat, a, b, face=6):
    """Seat stands on `a`, places `face` on the route a-b and walks it."""
    set_turn(t, seat, a, {0: face})
    t.state.sockets[route(a, b)] = ()  # an empty socket, whatever earlier steps left there
    assert t.dispatch(seat, PlaceDie(0, route(a, b)))
    while t.state.questions:  # a card read on the way
        return
    assert t.dispatch(seat, Move())


def test_a_resource_field_gives_its_token_and_token_doubling_one_more():
    t = table()
    walk(t, 0, "bridge", "coin", 3)
    assert t.state.players[0].tokens["coin"] == 1
    set_turn(t, 0, "bridge", {0: "double"})
    assert t.dispatch(0, PlaceDie(0, route("bridge", "coin")))
    assert t.dispatch(0, Move())
    assert t.state.players[0].tokens["coin"] == 3


def test_the_fairy_gives_a_token_of_your_choice_and_doubling_two_of_the_same():
    t = table()
    set_turn(t, 0, "soldier", {0: "double"})
    assert t.dispatch(0, PlaceDie(0, route("soldier", "fairy")))
    assert t.dispatch(0, Move())
    assert t.state.questions[0].kind == "fairy token"
    assert t.dispatch(0, Answer("apple"))
    answer_all(t)
    assert t.state.players[0].tokens["apple"] == 2 and sum(t.state.players[0].tokens.values()) == 2


def test_the_king_draws_three_keeps_one_and_puts_the_rest_under_their_decks():
    t = table()
    decks = {v: list(d) for v, d in t.state.quest_decks.items()}
    walk(t, 0, "well", "king")
    for choice in ("2", "3", "4"):
        assert t.state.questions[0].kind == "king deck"
        assert t.dispatch(0, Answer(choice))
    keep = t.state.questions[0]
    assert keep.kind == "king keep" and len(keep.options) == 3
    kept = keep.options[1]
    assert t.dispatch(0, Answer(kept))
    assert kept in t.state.players[0].quests
    for card in keep.options:
        if card != kept:
            value = CONTENT.quests[card].value
            assert t.state.quest_decks[value][0] == card  # at the bottom
            assert len(t.state.quest_decks[value]) == len(decks[value])


def test_the_king_with_five_active_quests_asks_nothing_and_puts_all_three_back():
    """docs/rulings.md: the three drawn all go back; a keep question then would be no choice (and
    the card chosen was lost: seed 2097 of the property test)."""
    t = table()
    player = t.state.players[0]
    player.quests = list(CONTENT.quests)[:QUEST_LIMIT]
    decks = {v: len(d) for v, d in t.state.quest_decks.items()}
    walk(t, 0, "well", "king")
    drawn = []
    for choice in ("2", "3", "4"):
        assert t.state.questions[0].kind == "king deck"
        drawn.append(t.state.quest_decks[int(choice)][-1])
        assert t.dispatch(0, Answer(choice))
    assert not any(q.kind == "king keep" for q in t.state.questions) and not t.state.king_hand
    assert player.quests == list(CONTENT.quests)[:QUEST_LIMIT]
    for card in drawn:
        assert t.state.quest_decks[CONTENT.quests[card].value][0] == card  # at the bottom
    assert {v: len(d) for v, d in t.state.quest_decks.items()} == decks


def test_a_kings_quest_chosen_when_a_fifth_came_meanwhile_goes_back_too():
    t = table()
    walk(t, 0, "well", "king")
    for choice in ("2", "3", "4"):
        assert t.dispatch(0, Answer(choice))
    keep = t.state.questions[0]
    assert keep.kind == "king keep"
    player = t.state.players[0]
    player.quests = [c for c in CONTENT.quests if c not in keep.options][:QUEST_LIMIT]
    assert t.dispatch(0, Answer(keep.options[0]))
    assert keep.options[0] not in player.quests and not t.state.king_hand
    for card in keep.options:
        assert card in t.state.quest_decks[CONTENT.quests[card].value][:3]  # at the bottom


def test_the_town_gives_a_quest_from_the_deck_of_your_choice_up_to_five_active():
    t = table()
    player = t.state.players[0]
    before = len(player.quests)
    walk(t, 0, "well", "town", 1)
    assert t.state.questions[0].kind == "quest deck"
    assert t.dispatch(0, Answer("4"))
    assert len(player.quests) == before + 1 and CONTENT.quests[player.quests[-1]].value == 4
    player.quests = list(CONTENT.quests)[:QUEST_LIMIT]
    walk(t, 0, "well", "town", 1)
    assert not t.state.questions  # no Quest card beyond five active quests


def test_a_steed_carries_you_to_another_steed_or_you_stay():
    t = table()
    walk(t, 0, "inn", "steed-east", 3)
    steed = t.state.questions[0]
    assert steed.kind == "steed" and set(steed.options) == {"stay", "steed-north", "steed-south"}
    assert t.dispatch(0, Answer("steed-south"))
    assert t.state.players[0].field == "steed-south" and not t.state.questions  # no second ride


def test_the_magic_items_field_and_face_draw_a_hidden_card():
    t = table()
    before = len(t.state.players[0].magic)
    walk(t, 0, "church", "magic", 3)
    assert len(t.state.players[0].magic) == before + 1
    assert t.view(1).players[0].magic == () and t.view(1).players[0].magic_count == before + 1


def test_a_special_item_is_picked_up_only_by_its_quests_owner_where_it_waits():
    t = table()
    t.state.players[0].quests = ["bow-for-the-huntsman"]  # the Bow waits at the Woodsman
    t.state.players[1].quests = []
    walk(t, 1, "huntsman", "woodsman", 2)
    assert t.state.players[1].tokens["bow"] == 0
    walk(t, 0, "huntsman", "woodsman", 2)
    assert t.state.players[0].tokens["bow"] == 1
    top_story(t, "kind-baker")  # the Huntsman's Story card: a harmless loaf
    walk(t, 0, "woodsman", "huntsman", 2)
    answer_all(t)
    assert CompleteQuest("bow-for-the-huntsman") in t.legal_commands(0)
    assert t.dispatch(0, CompleteQuest("bow-for-the-huntsman"))
    assert t.state.players[0].tokens["bow"] == 0 and t.state.players[0].done == ["bow-for-the-huntsman"]


def test_a_quest_names_what_it_lacks():
    t = table()
    t.state.players[0].quests = ["loaf-for-the-huntsman"]
    set_turn(t, 0, "huntsman")
    t.state.phase = Phase.QUESTS
    reason = t.check(0, CompleteQuest("loaf-for-the-huntsman")).reason
    assert "asks for 1 bread" in reason


# -- story cards -----------------------------------------------------------------------------------

def test_a_good_luck_card_acts_at_once():
    t = table()
    top_story(t, "windfall")
    walk(t, 0, "town", "soldier", 2)
    answer_all(t)
    assert t.state.players[0].tokens["apple"] == 2


def test_a_bad_luck_card_takes_the_misfortune_that_can_happen_or_none():
    t = table()
    player = t.state.players[0]
    player.magic = []  # "a hole in the pocket": lose a token, or discard a Magic Item
    player.tokens.clear()
    player.tokens["bread"] = 1
    top_story(t, "hole-in-pocket")
    walk(t, 0, "town", "soldier", 2)
    answer_all(t)
    assert player.tokens["bread"] == 0  # the only possible misfortune, no question asked
    player.tokens.clear()
    top_story(t, "hole-in-pocket")
    walk(t, 0, "town", "soldier", 2)
    assert not [q for q in t.state.questions if q.kind == "bad luck"]  # neither can happen


def test_a_you_choose_card_gives_every_opponent_the_readers_pick():
    t = table(players=3)
    top_story(t, "generous-mood")
    walk(t, 0, "town", "soldier", 2)
    assert t.state.questions[0].kind == "choose"
    assert t.dispatch(0, Answer("1"))  # an Apple for every opponent
    assert [p.tokens["apple"] for p in t.state.players] == [0, 1, 1]


def test_side_quests_are_kept_and_scored_at_the_end():
    from games.dice_upon_a_time.chapters import side_points

    t = table()
    top_story(t, "home-by-nightfall")  # +2 if in the Town at the end
    walk(t, 0, "town", "soldier", 2)
    assert "home-by-nightfall" in t.state.players[0].side
    assert side_points(t.state, CONTENT, 0) == 0
    t.state.players[0].field = "town"
    assert side_points(t.state, CONTENT, 0) == 2
    t.state.players[0].side.append("cursed-ring")  # -3 until thrown in the Well
    assert side_points(t.state, CONTENT, 0) == -1
    set_turn(t, 0, "well")
    t.state.phase = Phase.QUESTS
    assert t.dispatch(0, CompleteQuest("cursed-ring"))
    assert "cursed-ring" not in t.state.players[0].side


# -- magic items and the rulebook's examples -------------------------------------------------------

def test_red_riding_hood_walks_from_the_town_to_a_character_and_reads_a_story_card():
    """The rulebook: from the Town she places a 3 on the route to a character, walks there, and the
    field gives her a Story card (our map: the Soldier, behind a value-2 socket)."""
    t = table()
    before = len(t.state.story_deck)
    walk(t, 0, "town", "soldier", 3)
    assert t.state.players[0].field == "soldier" and len(t.state.story_deck) == before - 1


def test_snow_whites_chain():
    """She places the Story Card face on the route to the Huntsman; the card would send her to the
    Big Sea, so she cancels it with a Magic Item; she walks to the Huntsman, whose Story card makes
    her lose the one loaf she carried for his quest."""
    t = table()
    player = t.state.players[0]
    player.quests, player.magic = ["loaf-for-the-huntsman"], []
    player.tokens.clear()
    player.tokens["bread"] = 1
    take_magic(t, 0, "four-leaf-clover")
    top_story(t, "stale-bread")  # read second: lose two Bread, or lose a token
    top_story(t, "shipwreck-rumour")  # read first: go to the Big Sea, or lose a token
    set_turn(t, 0, "woodsman", {0: "story"})
    assert t.dispatch(0, PlaceDie(0, route("woodsman", "huntsman")))
    cancel = t.state.questions[0]
    assert cancel.kind == "magic cancel"
    assert t.dispatch(0, Answer("four-leaf-clover"))
    assert player.field == "woodsman" and t.state.phase is Phase.MOVE
    assert t.dispatch(0, Move())
    answer_all(t)  # the Huntsman's card: both misfortunes take her bread
    assert player.field == "huntsman" and player.tokens["bread"] == 0
    assert CompleteQuest("loaf-for-the-huntsman") not in t.legal_commands(0)


def test_sleeping_beautys_doubled_apples_and_puss_in_boots_taking_them():
    """She places the doubling face and arrives on the Apple field: 2 Apples, 3 with her Magic Item;
    Puss in Boots waits for the end of her action and takes all three with his."""
    t = table(players=3)
    beauty, puss = t.state.players[0], t.state.players[2]
    beauty.magic, puss.magic, t.state.players[1].magic = [], [], []
    take_magic(t, 0, "cornucopia")
    take_magic(t, 2, "goblin-sack")
    set_turn(t, 0, "huntsman", {0: "double"})
    assert t.dispatch(0, PlaceDie(0, route("huntsman", "apple")))
    assert t.dispatch(0, Move())
    assert t.state.questions[0].kind == "magic more" and t.state.questions[0].seat == 0
    assert t.dispatch(0, Answer("cornucopia"))
    steal = t.state.questions[0]
    assert steal.kind == "magic steal" and t.to_act() == (2,)  # out of turn: Puss in Boots answers
    assert t.dispatch(2, Answer("goblin-sack"))
    assert beauty.tokens["apple"] == 0 and puss.tokens["apple"] == 3


def test_a_ward_turns_a_steal_away_and_a_player_without_a_card_is_not_asked():
    t = table(players=3)
    for p in t.state.players:
        p.magic = []
    take_magic(t, 0, "rowan-charm")
    take_magic(t, 1, "goblin-sack")
    walk(t, 0, "bridge", "coin", 3)
    assert [q.seat for q in t.state.questions[:1]] == [1]  # seat 2 holds nothing: not asked
    assert t.dispatch(1, Answer("goblin-sack"))
    assert t.state.questions[0].kind == "magic ward"
    assert t.dispatch(0, Answer("rowan-charm"))
    answer_all(t)
    assert t.state.players[0].tokens["coin"] == 1 and t.state.players[1].tokens["coin"] == 0


def test_an_own_turn_magic_item_and_the_character_ability():
    t = table()
    player = t.state.players[0]
    player.magic = []
    take_magic(t, 0, "golden-goose")
    set_turn(t, 0, "town", {0: 2})
    assert t.dispatch(0, PlayMagic("golden-goose"))
    assert player.tokens["coin"] == 2 and "golden-goose" in t.state.magic_discard
    from games.dice_upon_a_time.commands import UseAbility
    assert t.dispatch(0, UseAbility())
    answer_all(t)
    assert "used" in t.check(0, UseAbility()).reason


@pytest.mark.parametrize("seat", [0, 1])
def test_the_magic_item_face_draws_one(seat):
    t = table()
    top_magic(t, "hares-foot")
    set_turn(t, seat, "town", {0: "magic"})
    assert t.dispatch(seat, PlaceDie(0, route("town", "soldier")))
    assert "hares-foot" in t.state.players[seat].magic


def test_a_magic_item_that_draws_never_draws_itself_back():
    """The Talking Mirror played with every other card in hands: it goes to the discard pile after
    drawing, so it is not reshuffled into the empty deck and drawn again (a bot once played it
    forever this way)."""
    t = table()
    state = t.state
    for player in state.players:
        player.magic = []
    take_magic(t, 0, "talking-mirror")
    state.magic_deck, state.magic_discard = [], []
    set_turn(t, 0, "town", {0: 2})
    assert t.dispatch(0, PlayMagic("talking-mirror"))
    assert state.players[0].magic == [] and state.magic_discard == ["talking-mirror"]
    assert "talking-mirror" not in state.magic_deck
