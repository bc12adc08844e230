"""The best-arrangement search as it stood before issue 21 (memoised over every layout state), kept
only as the bench's baseline: bench/questline_solver.py times it against games.questline.arrange on
the same hands. The game itself has one scorer; nothing outside bench/ imports this.
"""
from __future__ import annotations

from typing import Iterator, Sequence

from games.questline.cards import MAX_LEVEL, SKILLS, Card
from games.questline.scoring import Placement, Tally, evaluate, spend_order


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class HandFacts:
    """Per-card numbers for the search: levels, who pays whom for quests, masteries, shortcuts, skills."""

    def __init__(self, hand: Sequence[Card], epilogue: Card | None) -> None:
        for card in hand:
            if not card.wild and not card.levels:
                raise ValueError(f"{card.name} has no level and cannot be laid in a questline")
        self.cards, self.epilogue = tuple(hand), epilogue
        n = len(hand)
        self.wild = [c.wild for c in hand]
        self.levels = [c.levels for c in hand]
        self.top = [max(c.levels) if c.levels else 0 for c in hand]
        self.twin = [next((j for j in range(k) if hand[j] == hand[k]), -1) for k in range(n)]
        self.order = sorted(range(n), key=lambda k: (hand[k].levels or (1.5,), k))
        kinds = sorted({a.feature for c in hand for a in c.abilities if a.kind == "shortcut"},
                       key=spend_order)
        self.shortcut_kinds = kinds
        self.fits = [tuple(i for i, f in enumerate(kinds) if c.shows(f)) for c in hand]
        self.shortcut_gain = [tuple(sum(a.kind == "shortcut" and a.feature == f for a in c.abilities)
                                    for f in kinds) for c in hand]
        self.pay_in = [self._pay_in(k) for k in range(n)]
        self.masteries = [self._masteries(k) for k in range(n)]
        self.skill_icons = [tuple(c.skills.count(s) for s in SKILLS) for c in hand]
        self.setbacks = [tuple(any(a.kind == "setback" and a.skill == s for a in c.abilities)
                               for s in SKILLS) for c in hand]
        self.touches_skills = [any(a) or any(b) for a, b in zip(self.skill_icons, self.setbacks)]
        self.finale = [sum(a.stars for a in c.abilities if a.effect == "finale" and a.kind == "unique")
                       for c in hand]
        self._endings: dict[int, int] = {}

    def _pay_in(self, k: int) -> tuple[tuple[int, int], ...]:
        """(bit of d, stars) for each card d whose quests pay when card k scores to its right."""
        card, paid = self.cards[k], []
        for d, other in enumerate(self.cards):
            stars = sum(a.stars * card.shows(a.feature) for a in other.abilities if a.kind == "quest")
            if d != k and stars:
                paid.append((1 << d, stars))
        return tuple(paid)

    def _masteries(self, k: int) -> tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...]:
        """(skill index or -1, stars, at least, (bit of d, matches on d)) per mastery of card k."""
        out = []
        for a in self.cards[k].abilities:
            if a.kind == "mastery":
                skill = SKILLS.index(a.feature.value) if a.feature.axis == "skill" else -1
                matches = tuple((1 << d, c.shows(a.feature)) for d, c in enumerate(self.cards)
                                if d != k and c.shows(a.feature))
                out.append((skill, a.stars, a.at_least, matches))
        return tuple(out)

    def ending(self, scored: int) -> int:
        """Stars of variety, kinship and herald effects, which depend only on the final scored set."""
        if scored not in self._endings:
            cards = [self.cards[k] for k in _bits(scored)]
            terrains = [c.terrain for c in cards]
            total = 0
            for card in cards:
                for a in card.abilities:
                    if a.kind != "unique":
                        continue
                    if a.effect == "variety":
                        total += a.stars * len(set(terrains))
                    elif a.effect == "kinship":
                        total += a.stars * (terrains.count(card.terrain) - 1)
                    elif a.effect == "herald" and self.epilogue and self.epilogue.stars >= a.threshold:
                        total += a.stars
            self._endings[scored] = total
        return self._endings[scored]

    def moves(self, state: tuple) -> Iterator[tuple[int, tuple, tuple]]:
        """(stars gained, next state, (card, "?" level, cards filled face down)) for each next card."""
        come = state[0]
        for k in self.order:
            if not come >> k & 1 or (self.twin[k] >= 0 and come >> self.twin[k] & 1):
                continue
            if self.wild[k]:
                for level in range(2, state[6][k] + 1):
                    yield from self._reach(k, level, (level,), state)
            else:
                yield from self._reach(k, None, self.levels[k], state)

    def _reach(self, k: int, level: int | None, levels: tuple[int, ...], state: tuple):
        come, scored, present, unused, skills, pending, caps = state
        come &= ~(1 << k)
        if level is not None:
            caps = caps[:k] + (MAX_LEVEL,) + caps[k + 1:]
        low = levels[0]
        gap = low - 1
        if gap >= 1 and not present >> gap & 1 and self.fits[k]:
            present, unused = self._skip(k, gap, present, unused)
        missing = [m for m in range(1, low) if not present >> m & 1]
        fills = self._fill(levels[-1], missing, come, present, caps, ()) if missing \
            else ((come, present, caps, (), False),)
        for come2, present2, caps2, flips, buried in fills:
            step = (k, level, flips)
            if buried:
                yield 0, (come2, scored, present2, unused, skills, pending, caps2), step
            else:
                gain, nxt = self._score(k, level, levels, come2, scored, present2, unused, skills, caps2)
                yield gain, nxt, step

    def _skip(self, k: int, gap: int, present: int, unused: tuple) -> tuple[int, tuple]:
        """Spend unused fitting shortcuts on the run of missing levels directly below card k."""
        left = list(unused)
        while gap >= 1 and not present >> gap & 1:
            kind = next((f for f in self.fits[k] if left[f]), None)
            if kind is None:
                break
            left[kind] -= 1
            present |= 1 << gap
            gap -= 1
        return present, tuple(left)

    def _fill(self, ktop: int, missing: list[int], come: int, present: int, caps: tuple, flips: tuple):
        """Each way the gaps below the current card can be filled face down, lowest gap first: by the
        current card when it is strictly the highest, else by any highest card still to come (a "?"
        card to come is capped at or below whatever highest card goes face down before it)."""
        if not missing:
            yield come, present, caps, flips, False
            return
        present |= 1 << missing[0]
        fixed = max((self.top[j] for j in _bits(come) if not self.wild[j]), default=0)
        wilds = [j for j in _bits(come) if self.wild[j]]
        if ktop > fixed and all(min(caps[j], ktop - 1) >= 2 for j in wilds):
            yield come, present, _capped(caps, wilds, ktop - 1), flips, True
        high = max(fixed, ktop)
        for j in _bits(come):
            if self.twin[j] >= 0 and come >> self.twin[j] & 1:
                continue
            level = caps[j] if self.wild[j] else self.top[j]
            if level < high:
                continue
            others = [w for w in wilds if w != j]
            if all(min(caps[w], level) >= 2 for w in others):
                caps2 = _capped(caps, others, level)
                if self.wild[j]:
                    caps2 = caps2[:j] + (MAX_LEVEL,) + caps2[j + 1:]
                yield from self._fill(ktop, missing[1:], come & ~(1 << j), present, caps2,
                                      flips + ((j, level if self.wild[j] else None),))

    def _score(self, k, level, levels, come, scored, present, unused, skills, caps) -> tuple[int, tuple]:
        gain = level if level is not None else self.cards[k].stars
        for bit, stars in self.pay_in[k]:
            if scored & bit:
                gain += stars
        for skill, stars, at_least, matches in self.masteries[k]:
            n = skills[skill] if skill >= 0 else sum(m for bit, m in matches if scored & bit)
            if n >= at_least:
                gain += stars
        for lv in levels:
            present |= 1 << lv
        if any(self.shortcut_gain[k]):
            unused = tuple(a + b for a, b in zip(unused, self.shortcut_gain[k]))
        if self.touches_skills[k]:
            skills = tuple(own if cut else had + own
                           for had, own, cut in zip(skills, self.skill_icons[k], self.setbacks[k]))
        return gain, (come, scored | 1 << k, present, unused, skills, self.finale[k], caps)


def _capped(caps: tuple, cards: list[int], level: int) -> tuple:
    if not cards:
        return caps
    out = list(caps)
    for j in cards:
        out[j] = min(out[j], level)
    return tuple(out)


def best_arrangement(hand: Sequence[Card], epilogue: Card | None = None) -> tuple[list[Placement], Tally]:
    """The arrangement of the hand with the highest total (the first found in level order on a tie)."""
    if not hand:
        return [], evaluate([], epilogue)
    search = _Search(HandFacts(hand, epilogue))
    search.best(search.start)
    line = search.replay()
    return line, evaluate(line, epilogue)


def score_hand(hand: Sequence[Card], epilogue: Card | None = None) -> int:
    """The best total the hand can reach, epilogue included."""
    if not hand:
        return epilogue.stars if epilogue else 0
    search = _Search(HandFacts(hand, epilogue))
    return search.best(search.start) + (epilogue.stars if epilogue else 0)


class _Search:
    """Memoised best future score per layout state; states are tuples, see `start`."""

    def __init__(self, facts: HandFacts) -> None:
        self.f = facts
        n = len(facts.cards)
        # (to come, scored, levels present, unused shortcuts, skill icons counted, pending finale, "?" caps)
        self.start = ((1 << n) - 1, 0, 0, (0,) * len(facts.shortcut_kinds), (0,) * len(SKILLS), 0,
                      (MAX_LEVEL,) * n)
        self.memo: dict[tuple, tuple[int, tuple | None, tuple | None]] = {}

    def best(self, state: tuple) -> int:
        hit = self.memo.get(state)
        if hit is not None:
            return hit[0]
        if not state[0]:
            value = self.f.ending(state[1]) + state[5]
            self.memo[state] = (value, None, None)
            return value
        top, choice, after = None, None, None
        for gain, nxt, step in self.f.moves(state):
            value = gain + self.best(nxt)
            if top is None or value > top:
                top, choice, after = value, step, nxt
        self.memo[state] = (top, choice, after)
        return top

    def replay(self) -> list[Placement]:
        """The line behind the best score: cards in the order reached, then the cards filled face down
        by a later card's gap, last-filled first (so each was the rightmost of the highest)."""
        cards, state = self.f.cards, self.start
        reached: list[Placement] = []
        buried: list[Placement] = []
        while state[0]:
            _, (k, level, flips), state = self.memo[state]
            reached.append(Placement(cards[k], level))
            buried += [Placement(cards[j], wild_level) for j, wild_level in flips]
        return reached + buried[::-1]
