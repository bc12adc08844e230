"""The Questline card files: they load cleanly, and the deck is the shape the design asks for."""
from collections import Counter

import pytest

from games.questline import content
from games.questline.cards import SKILLS, TAGS, TERRAINS, UNIQUE_EFFECTS, Kind
from games.questline.content import check_content, load_all, parse_file


@pytest.fixture(scope="module")
def decks():
    loaded, problems = load_all()
    assert problems == []
    return loaded


@pytest.fixture(scope="module")
def adventures(decks):
    return decks[Kind.ADVENTURE]


def all_cards(decks):
    return [card for cards in decks.values() for card in cards]


def test_content_checks_clean():
    assert check_content() == []


def test_counts(decks):
    assert len(decks[Kind.CLASS]) == 18
    assert len(decks[Kind.ADVENTURE]) == 72
    assert len(decks[Kind.EPILOGUE]) == 6


def test_class_cards_are_level_one_with_modest_stars(decks):
    for card in decks[Kind.CLASS]:
        assert card.levels == (1,) and not card.wild
        assert 0 <= card.stars <= 2, card.id
        assert 1 <= len(card.tags) + len(card.skills) <= 3, card.id
    with_ability = [c for c in decks[Kind.CLASS] if c.abilities]
    assert len(with_ability) >= 12
    kinds = Counter(a.kind for c in with_ability for a in c.abilities)
    assert kinds["quest"] >= 6 and kinds["mastery"] >= 1 and kinds["shortcut"] >= 1


def test_question_mark_and_two_level_cards(adventures):
    wild = [c for c in adventures if c.wild]
    assert len(wild) == 6
    assert all(c.stars == 0 and c.levels == () for c in wild)
    double = [c for c in adventures if len(c.levels) == 2]
    assert len(double) == 8
    for card in double:
        low, high = card.levels
        assert high == low + 1 and 2 <= low and high <= 7, card.id


def test_single_levels_spread_evenly(adventures):
    single = Counter(c.levels[0] for c in adventures if len(c.levels) == 1)
    assert sum(single.values()) == 58
    assert set(single) == {2, 3, 4, 5, 6, 7}
    assert all(9 <= n <= 10 for n in single.values()), single


def test_base_stars_rise_with_level(adventures):
    single = [c for c in adventures if len(c.levels) == 1]
    for card in single:
        assert -3 <= card.stars <= 6, card.id
    assert all(c.stars <= 2 for c in single if c.levels == (2,))
    assert all(c.stars >= 3 for c in single if c.levels == (7,))
    mean = {lvl: sum(c.stars for c in single if c.levels == (lvl,))
            / sum(1 for c in single if c.levels == (lvl,)) for lvl in range(2, 8)}
    assert mean[2] < mean[4] < mean[6] < mean[7]


def test_every_terrain_tag_and_skill_appears_often(adventures):
    terrains = Counter(c.terrain for c in adventures)
    tags = Counter(t for c in adventures for t in c.tags)
    skills = Counter(s for c in adventures for s in c.skills)
    for terrain in TERRAINS:
        assert 15 <= terrains[terrain] <= 25, (terrain, terrains[terrain])
    for tag in TAGS:
        assert 8 <= tags[tag] <= 16, (tag, tags[tag])
    for skill in SKILLS:
        assert 10 <= skills[skill] <= 20, (skill, skills[skill])


def test_ability_mix(adventures):
    kinds = Counter(a.kind for c in adventures for a in c.abilities)
    assert set(kinds) == {"quest", "mastery", "shortcut", "setback", "unique"}
    assert 15 <= kinds["quest"] <= 21 and 15 <= kinds["mastery"] <= 21, kinds
    assert 6 <= kinds["shortcut"] <= 10 and 4 <= kinds["setback"] <= 8, kinds
    assert 5 <= kinds["unique"] <= 8, kinds
    effects = {a.effect for c in adventures for a in c.abilities if a.kind == "unique"}
    assert effects == set(UNIQUE_EFFECTS)
    with_ability = sum(1 for c in adventures if c.abilities)
    assert 44 <= with_ability <= 56, with_ability
    assert 4 <= sum(1 for c in adventures if len(c.abilities) == 2) <= 8
    shortcuts = [a.feature for c in adventures for a in c.abilities if a.kind == "shortcut"]
    assert any(f.axis == "any" for f in shortcuts)
    assert sum(f.axis != "any" for f in shortcuts) > len(shortcuts) / 2
    for card in adventures:
        for ability in card.abilities:
            if ability.kind == "quest":
                assert 1 <= ability.stars <= 3, card.id
            if ability.kind == "mastery":
                assert 2 <= ability.stars <= 5, card.id
    assert any(a.at_least >= 2 for c in adventures for a in c.abilities if a.kind == "mastery")


def test_epilogue_stars_one_to_six(decks):
    epilogues = decks[Kind.EPILOGUE]
    assert sorted(c.stars for c in epilogues) == [1, 2, 3, 4, 5, 6]
    assert all(c.levels == () and not c.abilities and not c.terrain for c in epilogues)


def test_ids_and_names_unique(decks):
    cards = all_cards(decks)
    assert len({c.id for c in cards}) == len(cards)
    assert len({c.name for c in cards}) == len(cards)


def test_flavour_distinct_and_short(decks):
    lines = [c.flavour for c in all_cards(decks)]
    assert len(set(lines)) == len(lines)
    assert all(len(line) < 90 for line in lines), max(lines, key=len)


def test_scoring_example_cards(decks):
    """The cards of the rulebook's two worked examples (ids listed atop adventures.toml)."""
    by_id = {c.id: c for c in all_cards(decks)}

    def ability(card_id, kind):
        return [a for a in by_id[card_id].abilities if a.kind == kind]

    thief = by_id["cutpurse"]
    assert thief.stars == 0 and "agility" in thief.skills
    [quest] = ability("cutpurse", "quest")
    assert (str(quest.feature), quest.stars) == ("gold tag", 2)
    moths = by_id["raised-lantern-moths"]
    assert moths.stars == 0 and [a.feature.axis for a in moths.abilities] == ["any"]
    carts = by_id["drove-the-bone-carts-from-kettlebrook"]
    assert carts.stars == 4 and not carts.abilities
    sword = by_id["took-up-the-leaden-greatsword"]
    assert sword.stars == 2 and [(a.kind, a.skill) for a in sword.abilities] == [
        ("setback", "agility")]
    assert sum(by_id[i].tags.count("gold") for i in (moths.id, carts.id, sword.id)) == 2

    warren = by_id["purged-the-rat-kings-warren"]
    assert warren.stars == 5
    assert [(str(a.feature), a.at_least, a.stars) for a in warren.abilities] == [
        ("might skill", 1, 2)]
    assert ability("wintered-with-the-highcrag-scribes", "setback")[0].skill == "might"
    oracle = by_id["sought-the-well-speakers-counsel"]
    assert oracle.stars == 3
    assert [(str(a.feature), a.at_least, a.stars) for a in oracle.abilities] == [
        ("mountain terrain", 1, 2), ("village terrain", 2, 4)]
    usurper = by_id["unseated-the-usurper-of-highcrag"]
    assert usurper.stars == 5
    assert [(str(a.feature), a.at_least, a.stars) for a in usurper.abilities] == [
        ("village terrain", 2, 3), ("forest terrain", 2, 3)]
    assert by_id["shield-of-the-valley"].stars == 4
    opening = ["stonecutter", "won-the-harvest-wrestling", "held-the-wendle-tollbridge",
               "wintered-with-the-highcrag-scribes"]
    assert [by_id[i].terrain for i in opening] == ["mountain", "village", "village", "mountain"]
    assert sum(by_id[i].stars for i in opening) == 10
    assert not any(by_id[i].abilities for i in opening[:3])


# -- parse errors name the file and the card --------------------------------------------------

GOOD = '''
[[card]]
id = "tested-the-checker"
name = "Tested the Checker"
level = 3
terrain = "forest"
tags = ["beast"]
skills = ["magic"]
stars = 1
flavour = "A line of our own."
'''


def problems_for(text, kind=Kind.ADVENTURE):
    cards, problems = parse_file(text, kind, "adventures.toml")
    return cards, problems


def test_good_snippet_parses():
    cards, problems = problems_for(GOOD)
    assert problems == [] and cards[0].levels == (3,)


@pytest.mark.parametrize("old, new, fault", [
    ("level = 3", "level = 8", "level must be"),
    ("level = 3", "level = [3, 5]", "level must be"),
    ("level = 3", 'level = "three"', "level must be"),
    ("level = 3", "level = 1", "levels 2-7"),
    ("level = 3", 'level = "?"', '"?" card has stars = 0'),
    ('tags = ["beast"]', 'tags = ["dragon"]', "tags"),
    ('skills = ["magic"]', 'skills = ["luck"]', "skills"),
    ('terrain = "forest"', 'terrain = "swamp"', "terrain"),
    ('id = "tested-the-checker"', 'id = "Tested The Checker"', "`id`"),
    ("stars = 1", "stars = 1\nabilities = [{ kind = \"boast\", stars = 2 }]",
     "unknown ability kind 'boast'"),
    ("stars = 1", "stars = 1\nabilities = [{ kind = \"mastery\", stars = 2 }]", "'None'"),
    ("stars = 1", "stars = 1\nabilities = [{ kind = \"mastery\", needs = \"tag:beast\", "
     "atleast = 2, stars = 2 }]", "unknown keys ['atleast']"),
    ("stars = 1", "stars = 1\nabilities = [{ kind = \"quest\", per = \"skill:magic\", "
     "stars = 2 }]", "skill:magic"),
    ("stars = 1", "stars = 1\nabilities = [{ kind = \"unique\", effect = \"herald\" }]",
     "threshold"),
])
def test_parse_errors_name_file_and_card(old, new, fault):
    assert old in GOOD
    cards, problems = problems_for(GOOD.replace(old, new))
    assert cards == []
    assert len(problems) == 1
    assert problems[0].startswith("adventures.toml: card 1 (")
    assert fault in problems[0], problems[0]
    if "id =" not in new:
        assert "(tested-the-checker)" in problems[0]


def test_class_and_epilogue_faults():
    _, problems = problems_for(GOOD, Kind.CLASS)
    assert problems and "class card is level 1" in problems[0]
    _, problems = problems_for(GOOD, Kind.EPILOGUE)
    assert problems and "epilogue has only" in problems[0]


def test_second_card_is_named_by_position_and_id():
    second = GOOD.replace("tested-the-checker", "checked-again").replace(
        "Tested the Checker", "Checked Again").replace("level = 3", "level = 0")
    cards, problems = problems_for(GOOD + second)
    assert len(cards) == 1
    assert len(problems) == 1 and problems[0].startswith("adventures.toml: card 2 (checked-again)")


def test_not_toml_and_not_tables():
    _, problems = problems_for("[[card]\nid = ")
    assert problems and problems[0].startswith("adventures.toml: not valid TOML")
    _, problems = problems_for('card = ["x"]')
    assert problems == ["adventures.toml: card 1: not a [[card]] table"]


def test_load_all_names_duplicate_ids_and_names():
    real = {name: content._read(name) for name in content.FILES.values()}
    first_adventure = next(c for c in load_all()[0][Kind.ADVENTURE])
    clone = real["adventures.toml"].replace(
        f'id = "{first_adventure.id}"', 'id = "cutpurse"', 1)
    _, problems = load_all(read=lambda name: clone if name == "adventures.toml" else real[name])
    assert problems == ["adventures.toml: card cutpurse: id also used in classes.toml"]

    renamed = real["adventures.toml"].replace(
        f'name = "{first_adventure.name}"', 'name = "Pedlar"', 1)
    _, problems = load_all(read=lambda name: renamed if name == "adventures.toml" else real[name])
    assert problems == [f"adventures.toml: card {first_adventure.id}: name 'Pedlar' also used by "
                        "pedlar"]


def test_load_all_names_missing_files_and_wrong_counts():
    real = {name: content._read(name) for name in content.FILES.values()}

    def read(name):
        if name == "epilogues.toml":
            raise FileNotFoundError(name)
        return real[name] + GOOD if name == "adventures.toml" else real[name]

    _, problems = load_all(read=read)
    assert "epilogues.toml: missing" in problems
    assert "adventures.toml: has 73 cards; the game has 72" in problems


def test_setup_shuffle_deals_as_random_shuffle_does():
    """decks.shuffle inlines Random.shuffle for speed: the same draws, so every seeded deal stays
    the deal it was (saves replay their logs from the seed)."""
    import random

    from games.questline.decks import ADVENTURE_IDS, shuffle

    for seed in range(50):
        for size in (0, 1, 2, 7, len(ADVENTURE_IDS)):
            ours, theirs = list(ADVENTURE_IDS[:size]), list(ADVENTURE_IDS[:size])
            shuffle(random.Random(seed), ours)
            random.Random(seed).shuffle(theirs)
            assert ours == theirs
