"""What the arrangement search knows about a hand, worked out once: each card's numbers (kept per card
object, as the decks never change) and the hand's tables: who pays whom, masteries, shortcuts, skills.

Bit k of a card mask is the hand's card k; bit v of a levels mask is level v. "Most earned" is what a
card can earn at best when a given set of cards scores, order aside: the bound the search prunes with.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

from games.questline.cards import SKILLS, TAGS, TERRAINS, Card, Feature
from games.questline.scoring import spend_order

# Every terrain, tag and skill a quest, mastery or shortcut can name, as an index into CardNumbers.shows.
FEATURES = {**{("terrain", t): i for i, t in enumerate(TERRAINS)},
            **{("tag", t): len(TERRAINS) + i for i, t in enumerate(TAGS)},
            **{("skill", s): len(TERRAINS) + len(TAGS) + i for i, s in enumerate(SKILLS)}}
FIRST_SKILL = len(TERRAINS) + len(TAGS)
# Every kind of shortcut (the terrain or tag the card after the skip must show, or any card), in the
# order unused shortcuts are spent (scoring.spend_order), and the FEATURES index each asks for.
SHORTCUT_KINDS = sorted([Feature("any")] + [Feature(*key) for key in FEATURES if key[0] != "skill"],
                        key=spend_order)
_KIND = {spend_order(f): i for i, f in enumerate(SHORTCUT_KINDS)}
_KIND_SHOWS = [-1 if f.axis == "any" else FEATURES[f.axis, f.value] for f in SHORTCUT_KINDS]


class CardNumbers(NamedTuple):
    """What the search needs of one card."""

    card: Card
    wild: bool
    low: int  # lowest level (0 for a "?" card)
    top: int  # highest level (0 for a "?" card)
    below: int  # levels mask of 1 .. low-1: what must be present for the card to score
    levels: int  # levels mask of the card's own levels
    stars: int
    shows: tuple[int, ...]  # count per FEATURES index
    quests: tuple[tuple[int, int], ...]  # (feature, stars per match to the right)
    masteries: tuple[tuple[int, int, int, int], ...]  # (feature, skill or -1, stars, at least)
    shortcuts: tuple[int, ...]  # per shortcut, its SHORTCUT_KINDS index
    fits_kinds: int  # mask of the SHORTCUT_KINDS that may skip the level below this card
    uniques: tuple[tuple[str, int, int], ...]  # (effect, stars, threshold)
    finale: int
    icons: tuple[int, ...]  # skill icons per SKILLS
    cuts: tuple[bool, ...]  # setback per SKILLS
    touches_skills: bool
    terrain: str
    held_kinds: int  # mask of the SHORTCUT_KINDS its shortcuts are
    held_one: tuple[int, ...]  # HandFacts.held and .shortcut_gain in a hand with one kind of shortcut
    gain_one: tuple[int] | None
    rank: float  # its place in level order: its lowest level ("?" cards between levels 1 and 2)


_numbers: dict[int, CardNumbers] = {}  # by id(card): each entry keeps its card alive (.card)


def card_numbers(card: Card) -> CardNumbers:
    """A card's numbers, worked out once per card object."""
    hit = _numbers.get(id(card))
    if hit is not None and hit.card is card:
        return hit
    if not card.wild and not card.levels:
        raise ValueError(f"{card.name} has no level and cannot be laid in a questline")
    shows = [0] * len(FEATURES)
    for key in [("terrain", card.terrain)] * bool(card.terrain) + [("tag", t) for t in card.tags] \
            + [("skill", s) for s in card.skills]:
        shows[FEATURES[key]] += 1
    abilities = card.abilities
    low, top = (0, 0) if card.wild else (card.levels[0], card.levels[-1])
    icons = tuple(card.skills.count(s) for s in SKILLS)
    cuts = tuple(any(a.kind == "setback" and a.skill == s for a in abilities) for s in SKILLS)
    shortcuts = tuple(_KIND[spend_order(a.feature)] for a in abilities if a.kind == "shortcut")
    hit = CardNumbers(
        card, card.wild, low, top, (1 << low) - 2 if low else 0,
        sum(1 << v for v in range(low, top + 1)), card.stars, tuple(shows),
        tuple((FEATURES[a.feature.axis, a.feature.value], a.stars) for a in abilities if a.kind == "quest"),
        tuple((FEATURES[a.feature.axis, a.feature.value],
               FEATURES[a.feature.axis, a.feature.value] - FIRST_SKILL if a.feature.axis == "skill" else -1,
               a.stars, a.at_least) for a in abilities if a.kind == "mastery"),
        shortcuts,
        sum(1 << i for i, f in enumerate(_KIND_SHOWS) if f < 0 or shows[f]),
        tuple((a.effect, a.stars, a.threshold) for a in abilities if a.kind == "unique"),
        sum(a.stars for a in abilities if a.kind == "unique" and a.effect == "finale"),
        icons, cuts, any(icons) or any(cuts), card.terrain,
        sum(1 << kind for kind in {_KIND[spend_order(a.feature)] for a in abilities if a.kind == "shortcut"}),
        (0,) * len(shortcuts), (len(shortcuts),) if shortcuts else None, low or 1.5)
    if len(_numbers) > 4096:  # random test cards come and go; the real decks hold 96
        _numbers.clear()
    _numbers[id(card)] = hit
    return hit


_BITS = [tuple(i for i in range(12) if mask >> i & 1) for mask in range(1 << 12)]


def bits(mask: int) -> tuple[int, ...]:
    """The card indices (levels, shortcut kinds) set in a mask, lowest first."""
    if mask < 4096:
        return _BITS[mask]
    return tuple(i for i in range(mask.bit_length()) if mask >> i & 1)


class HandFacts:
    """Per-card tables for one hand and its epilogue (tuples and lists indexed by card)."""

    # Slots: the search reads these tables hundreds of times a hand, and a plain instance of more
    # than 30 attributes keeps them in a dict of its own (no shared keys), slower to fill and read.
    __slots__ = ("epilogue", "n", "bits", "wild", "low", "top", "below", "levels", "stars", "uniques",
                 "finale", "icons", "cuts", "twins", "twin", "wild_cards", "wild_mask", "most_with_all",
                 "depends", "pay_in", "pairs", "masteries", "alone", "skill_masteries", "holders", "kinds",
                 "fits", "fitting", "held", "shortcut_gain", "touches", "terrain", "any_uniques", "order",
                 "_endings", "skip_reach", "ending_bound", "best_finale",
                 "pays_finale")

    def __init__(self, hand: Sequence[Card], epilogue: Card | None) -> None:
        self.epilogue = epilogue
        ids = list(map(id, hand))
        numbers = list(map(_numbers.get, ids))  # each card's, in C: a call each costs more
        # An entry found is this very card's: the entry holds its card, so no other object can
        # have that id while it is there (card_numbers checks it anyway, on its slower path).
        if None in numbers:
            numbers = list(map(card_numbers, hand))
        n = self.n = len(numbers)
        self.bits = _BITS.__getitem__ if n <= 12 else bits  # every mask of its cards or levels
        (_, self.wild, self.low, self.top, self.below, self.levels, self.stars, shows, quests, masteries,
         shortcuts, fits_kinds, self.uniques, self.finale, self.icons, self.cuts, touches, terrain,
         held_kinds, held_one, gain_one, ranks) \
            = zip(*numbers) if n else ((),) * len(CardNumbers._fields)
        self.twins = len(set(ids)) < n
        self.twin = self._twins(hand) if self.twins else [-1] * n
        if True in self.wild:  # (a loop: two comprehensions were two Python calls)
            wild_cards, wild_mask, most = [], 0, []
            for k, (w, s) in enumerate(zip(self.wild, self.stars)):
                if w:
                    wild_cards.append(k)
                    wild_mask |= 1 << k
                most.append(0 if w else s)
            self.wild_cards, self.wild_mask, self.most_with_all = wild_cards, wild_mask, most
        else:
            self.wild_cards, self.wild_mask, self.most_with_all = [], 0, list(self.stars)
        self.depends = [0] * n  # cards whose scoring can change what card k earns at best
        self._pay_ins(quests, shows)
        self._masteries(masteries, shows)
        self._shortcuts(shortcuts, fits_kinds, held_kinds, held_one, gain_one)
        self.touches = list(touches) if self.skill_masteries else [False] * n
        self.terrain = terrain
        self.any_uniques = any(self.uniques)
        self.order = sorted(range(n), key=ranks.__getitem__)  # level order
        self._endings: dict[int, int] = {}
        self.skip_reach: dict[int, list[int]] = {}  # scoring_sets' shortcut reaches, by scoring mask
        self.ending_bound = self._ending_bound() if self.any_uniques else 0
        # whether some card of the hand pays a finale (rare), and the best (max(finale, default=0)):
        # told by a count in C, then one loop only for a hand that has one (not any() and max():
        # builtin calls)
        self.pays_finale, self.best_finale = False, 0
        if self.finale.count(0) < n:
            self.best_finale = self.finale[0]
            for stars in self.finale:
                if stars > self.best_finale:
                    self.best_finale = stars
                if stars:
                    self.pays_finale = True

    @staticmethod
    def _twins(hand: Sequence[Card]) -> list[int]:
        """Per card, the index of an identical card before it in the hand, or -1."""
        first: dict[int, int] = {}
        twin = [first.setdefault(id(c), k) for k, c in enumerate(hand)]
        return [-1 if j == k else j for k, j in enumerate(twin)]

    def _pay_ins(self, quests: tuple, shows: tuple) -> None:
        """pay_in[k]: (bit of d, stars) for each card d whose quests pay when k scores to its right;
        pairs pay each other, so only one of the two can be paid. Adds the positive pay-ins to what
        each card earns at best when every card scores."""
        n = self.n
        self.pay_in = pay_in = [()] * n  # a list only for a card that is paid (most are not)
        pays: dict[tuple[int, int], int] = {}
        for d, asked in enumerate(quests):
            if not asked:
                continue  # most cards ask nothing
            for f, each in asked:
                for k, shown in enumerate(shows):
                    if shown[f] and k != d:
                        pays[d, k] = pays.get((d, k), 0) + each * shown[f]
        self.pairs = []  # (mask of both, stars of the smaller side: they cannot both be paid)
        for (d, k), stars in pays.items():
            if stars:
                if pay_in[k]:
                    pay_in[k].append((1 << d, stars))
                else:
                    pay_in[k] = [(1 << d, stars)]
                self.depends[k] |= 1 << d
            if stars > 0:
                self.most_with_all[k] += stars
                back = pays.get((k, d), 0)
                if back > 0 and d < k:
                    self.pairs.append(((1 << d) | (1 << k), min(stars, back)))

    def _masteries(self, masteries: tuple, shows: tuple) -> None:
        """masteries[k]: (skill index or -1, stars, at least, ((bit of d, matches on d), ...)). Adds the
        masteries met when every card scores to what each card earns at best."""
        n, depends, most_with_all = self.n, self.depends, self.most_with_all
        self.masteries = rows = [()] * n
        self.alone = alone = list(self.stars)  # what each fixed card earns with no card to its left
        self.skill_masteries = False
        for k, asked in enumerate(masteries):
            if asked:
                row, on = [], 0  # its rows, and the cards they match
                for f, skill, stars, at_least in asked:
                    matches, count = [], 0  # (a loop, not generators: each is a Python call)
                    for d, shows_d in enumerate(shows):
                        shown = shows_d[f]
                        if shown and d != k:
                            matches.append((1 << d, shown))
                            on |= 1 << d
                            count += shown
                    row.append((skill, stars, at_least, tuple(matches)))
                    if stars > 0 and count >= at_least:
                        most_with_all[k] += stars
                    if at_least <= 0:
                        alone[k] += stars
                    self.skill_masteries |= skill >= 0
                rows[k] = tuple(row)
                depends[k] |= on

    def _shortcuts(self, shortcuts: tuple, fits_kinds: tuple, held_kinds: tuple, held_one: tuple,
                   gain_one: tuple) -> None:
        """The hand's shortcut kinds, in spend order (`kinds`, as SHORTCUT_KINDS indices); which of
        them each card fits and holds; which cards each fits."""
        n = self.n
        if held_kinds.count(0) == n:  # no card holds one (a third of hands): counted in C
            self.holders = 0
            self.kinds, self.fits, self.held, self.shortcut_gain = [], [()] * n, [()] * n, [None] * n
            return
        present = holders = 0  # the kinds held, and the cards holding shortcuts
        for k, held in enumerate(held_kinds):
            if held:
                holders |= 1 << k
                present |= held
        self.holders = holders
        self.kinds = kinds = bits(present)
        self.fits = [()] * n
        if len(kinds) == 1:  # the usual hand: one kind of shortcut, if any
            fitting = 0
            for k, fit in enumerate(fits_kinds):
                if fit & present:
                    self.fits[k] = (0,)
                    fitting |= 1 << k
            self.fitting = [fitting]
            self.held, self.shortcut_gain = held_one, gain_one
            return
        self.fitting = [0] * len(kinds)  # per kind, the mask of cards it fits
        for k, fit in enumerate(fits_kinds):
            if fit & present:
                fits = []
                for i, kind in enumerate(kinds):
                    if fit >> kind & 1:
                        fits.append(i)
                        self.fitting[i] |= 1 << k
                self.fits[k] = tuple(fits)
        self.held = [tuple(map(kinds.index, held)) if held else () for held in shortcuts]
        self.shortcut_gain = [tuple(map(held.count, range(len(kinds)))) if held else None
                              for held in self.held]

    def most_earned(self, k: int, scoring: int) -> int:
        """The most card k can earn when exactly the cards in `scoring` score, in the best order for it
        (a "?" card's base stars aside: they depend on its level)."""
        total = 0 if self.wild[k] else self.stars[k]
        for bit, stars in self.pay_in[k]:
            if scoring & bit and stars > 0:
                total += stars
        for _, stars, at_least, matches in self.masteries[k]:
            if stars > 0:
                count = 0
                for bit, m in matches:
                    if scoring & bit:
                        count += m
                if count >= at_least:
                    total += stars
        return total

    def ending(self, scored: int) -> int:
        """Stars of variety, kinship and herald effects, which depend only on the set of scored cards."""
        if not self.any_uniques:
            return 0
        hit = self._endings.get(scored)
        if hit is None:  # (loops, not comprehensions: each of those is a Python call)
            cards, terrains, hit = self.bits(scored), [], 0
            for k in cards:
                terrains.append(self.terrain[k])
            for k in cards:
                for effect in self.uniques[k]:
                    hit += self._unique(k, effect, terrains)
            self._endings[scored] = hit
        return hit

    def _ending_bound(self) -> int:
        """At least ending(scored), whichever cards score."""
        bound = 0
        for k, effects in enumerate(self.uniques):  # (loops: a generator is a call more)
            for effect in effects:
                stars = self._unique(k, effect, self.terrain)
                if stars > 0:
                    bound += stars
        return bound

    def _unique(self, k: int, effect: tuple[str, int, int], terrains: list[str]) -> int:
        """Stars of one unique effect of card k among scored cards of these terrains (k's included)."""
        name, stars, threshold = effect
        if name == "variety":
            return stars * len(set(terrains))
        if name == "kinship":
            return stars * (terrains.count(self.terrain[k]) - 1)
        if name == "herald":
            return stars if self.epilogue and self.epilogue.stars >= threshold else 0
        return 0  # finale: paid by the search, to the last scored card
