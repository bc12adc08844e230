"""Questline scoring tables: sequence rules, each ability kind, "?" and two-level cards, rulebook examples."""
from __future__ import annotations

import pytest

from games.questline.cards import Ability, Card, Feature, Kind
from games.questline.scoring import Placement, evaluate

AXES = ("any", "terrain", "tag", "skill")
AGILE = ("agility",)


def agile_mastery(level: int) -> Card:
    return card("M", level, "forest", (), (), 0, Ability("mastery", Feature("skill", "agility"), 3))


def card(name: str, level, terrain: str = "dungeon", tags=(), skills=(), stars: int = 0, *abilities) -> Card:
    """A card built inline: level is 1-7, "?" or a pair like (3, 4); level 1 makes a class card."""
    levels = () if level == "?" else tuple(level) if isinstance(level, tuple) else (level,)
    kind = Kind.CLASS if levels == (1,) else Kind.ADVENTURE
    return Card(name.lower().replace(" ", "-"), kind, name, levels, level == "?", terrain, tuple(tags),
                tuple(skills), stars, tuple(abilities))


def quest(per: str, stars: int) -> Ability:
    return Ability("quest", Feature.parse(per, AXES), stars)


def mastery(needs: str, stars: int, at_least: int = 1) -> Ability:
    return Ability("mastery", Feature.parse(needs, AXES), stars, at_least=at_least)


def shortcut(before: str = "any") -> Ability:
    return Ability("shortcut", Feature.parse(before, AXES))


def setback(skill: str) -> Ability:
    return Ability("setback", skill=skill)


def unique(effect: str, stars: int, threshold: int = 0) -> Ability:
    return Ability("unique", stars=stars, effect=effect, threshold=threshold)


EPILOGUE = {n: Card(f"epilogue-{n}", Kind.EPILOGUE, f"Epilogue {n}", stars=n) for n in range(1, 7)}


def lay(*cards) -> list[Placement]:
    """Placements from cards, or (card, level) pairs for "?" cards."""
    return [Placement(*c) if isinstance(c, tuple) else Placement(c) for c in cards]


def plain(level, stars: int = 1, terrain: str = "dungeon") -> Card:
    return card(f"L{level}", level, terrain, (), (), stars)


def face_down(line, epilogue=None) -> dict[int, int]:
    return {s.position: s.filled_level for s in evaluate(line, epilogue).cards if s.face_down}


# -- the sequence rules: which cards score, which go face down into which gap -------------------------

WILD = card("Wanderer", "?")
SEQUENCES = [
    ("1..7 all score", lay(*(plain(n) for n in range(1, 8))), {}),
    ("rulebook: 1, ?, 3, 2, 4, 5, 5 all score",
     lay(plain(1), (WILD, 2), plain(3), plain(2), plain(4), plain(5), plain(5)), {}),
    ("gap at 3 filled by the highest card", lay(plain(1), plain(2), plain(4), plain(6), plain(5)), {3: 3}),
    ("a tie goes to the rightmost", lay(plain(1), plain(3), plain(3), plain(2)), {2: 2}),
    ("the card itself when it is the highest", lay(plain(1), plain(3), plain(2)), {1: 2}),
    ("two gaps, two cards face down", lay(plain(1), plain(3), plain(5), plain(6), plain(7)), {4: 2, 3: 4}),
    ("no class card: level 1 is a gap", lay(plain(2), plain(3), plain(4)), {2: 1}),
    ("the card itself stops filling its own gaps", lay(plain(1), plain(7), plain(2)), {1: 2}),
    ("a two-level card shows both levels", lay(plain(1), plain(2), plain((3, 4)), plain(5)), {}),
    ("a two-level card needs the level below its lower one", lay(plain(1), plain((3, 4)), plain(2)), {1: 2}),
]


@pytest.mark.parametrize("line, down", [s[1:] for s in SEQUENCES], ids=[s[0] for s in SEQUENCES])
def test_sequence_face_down_cards(line, down):
    tally = evaluate(line)
    assert face_down(line) == down
    assert tally.total == sum(p.level or p.card.stars for i, p in enumerate(line) if i not in down)


def test_face_down_card_scores_and_shows_nothing():
    gold = card("Gold Hoard", 7, "village", ("gold", "gold"), (), 6)
    line = lay(card("Miser", 1, "village", (), (), 0, quest("tag:gold", 3), quest("terrain:village", 1)),
               plain(3), gold)
    tally = evaluate(line)
    assert face_down(line) == {2: 2}
    assert tally.cards[2].reasons == (("face down: fills level 2", 0),)
    assert tally.total == 0 + 1


# -- abilities, one row each: the line and the stars the named card scores -----------------------------

C1 = card("Ranger", 1, "forest")
ABILITIES = [
    ("quest terrain", [card("Q", 1, "forest", (), (), 1, quest("terrain:village", 2)),
                       plain(2, 0, "village"), plain(3, 0, "forest"), plain(4, 0, "village")], 0, 1 + 4),
    ("quest counts a repeated tag twice", [card("Q", 1, "forest", (), (), 0, quest("tag:gold", 2)),
                                           card("Hoard", 2, "forest", ("gold", "gold"))], 0, 4),
    ("quest looks only right", [card("G", 2, "forest", ("gold",)), C1,
                                card("Q", 3, "forest", (), (), 0, quest("tag:gold", 2))], 2, 0),
    ("mastery at_least met", [card("V", 1, "village"), card("W", 2, "village"),
                              card("M", 3, "forest", (), (), 1, mastery("terrain:village", 4, 2))], 2, 5),
    ("mastery at_least missed", [card("V", 1, "village"), card("W", 2, "forest"),
                                 card("M", 3, "forest", (), (), 1, mastery("terrain:village", 4, 2))], 2, 1),
    ("mastery pays once", [card("V", 1, "village"), card("W", 2, "village"),
                           card("M", 3, "forest", (), (), 0, mastery("terrain:village", 3))], 2, 3),
    ("skill mastery", [card("A", 1, "forest", (), ("magic", "magic")),
                       card("M", 2, "forest", (), (), 0, mastery("skill:magic", 3, 2))], 1, 3),
    ("setback cancels icons to its left", [card("A", 1, "forest", (), AGILE),
                                           card("S", 2, "forest", (), (), 2, setback("agility")),
                                           agile_mastery(3)], 2, 0),
    ("setback leaves icons to its right", [card("A", 1, "forest", (), AGILE),
                                           card("S", 2, "forest", (), (), 2, setback("agility")),
                                           card("B", 3, "forest", (), AGILE),
                                           agile_mastery(4)], 3, 3),
    ("setback leaves masteries to its left", [card("A", 1, "forest", (), AGILE),
                                              agile_mastery(2),
                                              card("S", 3, "forest", (), (), 2, setback("agility"))], 1, 3),
    ("setback of another skill", [card("A", 1, "forest", (), AGILE),
                                  card("S", 2, "forest", (), (), 2, setback("might")),
                                  agile_mastery(3)], 2, 3),
    ("shortcut and setback score nothing themselves", [C1, card("S", 2, "forest", (), (), 0, shortcut(),
                                                                 setback("magic"))], 1, 0),
    ("variety: terrains among scored cards", [card("V", 1, "forest", (), (), 0, unique("variety", 2)),
                                              plain(2, 0, "village"), plain(3, 0, "village"),
                                              plain(4, 0, "mountain")], 0, 6),
    ("kinship: other scored cards of its terrain", [card("K", 1, "forest", (), (), 0, unique("kinship", 2)),
                                                    plain(2, 0, "forest"), plain(3, 0, "forest"),
                                                    plain(4, 0, "village")], 0, 4),
    ("finale: the last scored card", [C1, card("F", 2, "forest", (), (), 1, unique("finale", 3))], 1, 4),
    ("finale: not last", [C1, card("F", 2, "forest", (), (), 1, unique("finale", 3)), plain(3)], 1, 1),
    ("finale: the card after it went face down", [C1, card("F", 2, "forest", (), (), 1, unique("finale", 3)),
                                                   plain(7)], 1, 4),
]


@pytest.mark.parametrize("cards, at, stars", [a[1:] for a in ABILITIES], ids=[a[0] for a in ABILITIES])
def test_ability_stars(cards, at, stars):
    assert evaluate(lay(*cards)).cards[at].stars == stars


@pytest.mark.parametrize("epilogue, stars", [(None, 0), (EPILOGUE[3], 0), (EPILOGUE[4], 5), (EPILOGUE[6], 5)])
def test_herald_reads_the_epilogue(epilogue, stars):
    tally = evaluate(lay(card("H", 1, "forest", (), (), 0, unique("herald", 5, threshold=4))), epilogue)
    assert tally.cards[0].stars == stars
    assert tally.total == stars + (epilogue.stars if epilogue else 0)


# -- shortcuts: which levels they skip ------------------------------------------------------------

ANY2 = card("Any Road", 2, "forest", (), (), 0, shortcut())
SHORTCUTS = [
    ("any skips the level below", [C1, ANY2, plain(4)], {2: (3,)}, {}),
    ("terrain shortcut fits", [C1, card("T", 2, "forest", (), (), 0, shortcut("terrain:village")),
                               plain(4, 1, "village")], {2: (3,)}, {}),
    ("terrain shortcut does not fit", [C1, card("T", 2, "forest", (), (), 0, shortcut("terrain:village")),
                                       plain(4, 1, "forest")], {}, {2: 3}),
    ("tag shortcut fits", [C1, card("T", 2, "forest", (), (), 0, shortcut("tag:undead")),
                           card("Ghoul", 4, "dungeon", ("undead",), (), 1)], {2: (3,)}, {}),
    ("two shortcuts skip two levels before one card",
     [C1, ANY2, card("B", 3, "forest", (), (), 0, shortcut()), plain(6)], {3: (5, 4)}, {}),
    ("each shortcut is used once", [C1, ANY2, plain(4), plain(6)], {2: (3,)}, {3: 5}),
    ("a shortcut to the right of the gap does not help", [C1, plain(4), ANY2], {}, {1: 2}),
    ("a level skipped stays skipped when the card goes face down", [C1, ANY2, plain(5), plain(3)],
     {2: (4,)}, {2: 3}),
]


@pytest.mark.parametrize("cards, skipped, down", [s[1:] for s in SHORTCUTS], ids=[s[0] for s in SHORTCUTS])
def test_shortcuts(cards, skipped, down):
    tally = evaluate(lay(*cards))
    assert {s.position: s.skipped for s in tally.cards if s.skipped} == skipped
    assert face_down(lay(*cards)) == down


def test_shortcut_reason_names_the_level_and_card():
    tally = evaluate(lay(C1, ANY2, plain(4)))
    assert tally.cards[1].reasons == (("shortcut: skips level 3 before L4", 0),)


def test_named_shortcut_is_spent_before_any():
    named = card("Named", 2, "forest", (), (), 0, shortcut("terrain:village"))
    line = lay(C1, ANY2, named, plain(4, 1, "village"), plain(6, 1, "forest"))
    assert face_down(line) == {}
    assert [s.skipped for s in evaluate(line).cards] == [(), (), (), (3,), (5,)]


# -- "?" and two-level cards, the epilogue ---------------------------------------------------------

@pytest.mark.parametrize("level", [2, 5, 7])
def test_wild_card_scores_its_level(level):
    line = lay(*(plain(n, 0) for n in range(1, level)), (WILD, level))
    assert evaluate(line).cards[-1].stars == level


def test_wild_card_needs_a_level():
    with pytest.raises(ValueError, match="needs a level"):
        Placement(WILD)


def test_epilogue_adds_its_stars_and_no_tags():
    line = lay(card("Q", 1, "forest", (), (), 0, quest("terrain:dungeon", 2)), plain(2, 0))
    tally = evaluate(line, EPILOGUE[5])
    assert tally.cards[0].stars == 2
    assert tally.total == 7
    assert tally.lines()[-2:] == ["Epilogue Epilogue 5: 5", "Total: 7"]


def test_lines_add_up():
    tally = evaluate(lay(C1, ANY2, plain(4), plain(7)), EPILOGUE[2])
    assert len(tally.lines()) == 4 + 2
    assert sum(s.stars for s in tally.cards) + tally.epilogue.stars == tally.total


# -- the rulebook's two scoring examples ------------------------------------------------------------

def test_rulebook_example_one():
    """Thief, Familiars (shortcut), Skeleton Raid, Wyvern Lance (agility setback), then fillers.

    The rulebook's shortcut skips level 7; with no level 8 here it skips level 6 before the last card."""
    thief = card("Thief", 1, "village", (), ("agility",), 0, quest("tag:gold", 2))
    familiars = card("Tamed and Trained Familiars", 2, "forest", ("beast",), (), 0, shortcut())
    raid = card("Withstood a Skeleton Raid", 3, "dungeon", ("undead", "gold"), (), 4)
    lance = card("Inherited the Wyvern Lance", 4, "mountain", ("gold",), (), 2, setback("agility"))
    ride = card("Rode the Rooftops", 7, "village", (), (), 3, mastery("skill:agility", 3))
    tally = evaluate(lay(thief, familiars, raid, lance, plain(5, 2), plain(5, 1), ride))
    assert [s.stars for s in tally.cards] == [4, 0, 4, 2, 2, 1, 3]
    assert tally.cards[1].reasons == (("shortcut: skips level 6 before Rode the Rooftops", 0),)
    assert tally.cards[6].reasons[0][1] == 0  # the Thief's agility is cancelled by the Lance


def test_rulebook_example_two_totals_36():
    knight = card("Knight", 1, "village", (), ("might",), 3)
    ambush = card("Ambushed on the Pass", 2, "mountain", (), (), 3, setback("might"))
    infestation = card("Eradicated an Infestation", 3, "forest", (), (), 5, mastery("skill:might", 2))
    market = card("Market Day", 4, "village", (), (), 2)
    oracle = card("Consulted a Village Oracle", 5, "village", (), (), 3, mastery("terrain:mountain", 2),
                  mastery("terrain:village", 4, 2))
    kingdom = card("Conquered a Rebel Kingdom", 6, "dungeon", (), (), 5, mastery("terrain:village", 3, 2),
                   mastery("terrain:forest", 3, 2))
    crypt = card("Sealed the Crypt", 7, "dungeon", (), (), 2)
    defender = Card("defender", Kind.EPILOGUE, "Defender", stars=4)
    tally = evaluate(lay(knight, ambush, infestation, market, oracle, kingdom, crypt), defender)
    assert [s.stars for s in tally.cards] == [3, 3, 5, 2, 9, 8, 2]
    assert tally.cards[5].reasons[1] == ("mastery: 2 forest terrain to the left (only 1, not met)", 0)
    assert tally.total == 36


def test_evaluate_is_deterministic():
    line = lay(C1, ANY2, plain(4), plain(7), (WILD, 3))
    assert evaluate(line, EPILOGUE[1]) == evaluate(line, EPILOGUE[1])
