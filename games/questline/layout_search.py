"""The best questline for one plan (which cards score, which go face down): branch and bound over laying
the hand out left to right, with the steps of scoring.lay_out, never scoring a card meant to go face
down nor turning a scoring card face down.

A state is what the rest of the line can still earn from: cards to come, levels present, unused
shortcuts per kind, skill icons counted per skill, a pending finale and the caps on "?" levels (the
scored cards are the plan's cards no longer to come). Cards turned face down by a later card's gap can
sit at the end of the line without changing any score (docs/rulings.md). A branch stops when the stars
earned so far plus what the cards to come can earn at best (hand.py's "most earned", less what a
pair paying each other cannot both get, and the best finale still to come) cannot beat the best line
found; the plan's search stops as soon as a line reaches the plan's bound.

Cost is per node, in the interpreter (a searched random-play hand visits ~17 nodes): the state is small
ints where it can be (unused shortcuts packed KIND_BITS a kind), a lay that cannot fill its gap is not
tried, and the "?" cards' bound (scoring_sets.wild_bound, a few hundred different questions in play)
is remembered across searches.
"""
from __future__ import annotations

from operator import add

from games.questline.cards import MAX_LEVEL
from games.questline.hand import HandFacts
from games.questline.scoring_sets import Bound, Plan, wild_bound


KIND_BITS, KIND_COUNT = 8, 255  # a hand holds fewer than 256 shortcuts of a kind


WILD_BOUNDS: dict[tuple[int, int, int, int], int] = {}  # wild_bound's answers, by its arguments


class Best:
    """The best line found so far: its total (epilogue aside) and its steps, (card, "?" level, the
    cards filled face down by its gaps as (card, "?" level)). None and no steps until one is found:
    read from the class until then (one is made for every hand scored; an __init__ is a call)."""

    total: int | None = None
    steps: list | tuple = ()


class _Reached(Exception):
    """A line reached the plan's bound: nothing in this plan can beat it."""


def search(f: HandFacts, plan: Plan, bound: Bound, best: Best) -> None:
    """Improve `best` with the plan's best line, if it beats it."""
    try:
        _lay_out(f, plan, bound, best)
    except _Reached:
        pass


def _capped(caps: tuple, cards, level: int) -> tuple:
    out = list(caps)
    for j in cards:
        if level < out[j]:  # (not min(): a builtin call is ~1,200 instructions)
            out[j] = level
    return tuple(out)


def _lay_out(f: HandFacts, plan: Plan, plan_bound: Bound, best: Best) -> None:
    """The search itself: the hand's tables are bound to locals and the steps recurse through
    closures, which keeps the hot path free of attribute look-ups."""
    bound, most = plan_bound.total, plan_bound.most
    rest = sum(most)  # what the scoring cards to come can earn at best
    mutual = [()] * f.n  # per card, the pairs it is in: (bit of the other, stars)
    if plan_bound.pairs:
        mutual = [[] for _ in range(f.n)]
        for both, stars_both in plan_bound.pairs:
            low_bit = both & -both
            mutual[low_bit.bit_length() - 1].append((both ^ low_bit, stars_both))
            mutual[(both ^ low_bit).bit_length() - 1].append((low_bit, stars_both))
            rest -= stars_both
    scoring, face_down, cap = plan.scoring, plan.face_down, plan.cap
    wild, low, top, below, levels, stars = f.wild, f.low, f.top, f.below, f.levels, f.stars
    pay_in, masteries, twin, twins = f.pay_in, f.masteries, f.twin, f.twins
    fits, fitting = f.fits, f.fitting if f.kinds else ()
    # unused shortcuts: KIND_BITS bits for each kind, counting those of that kind
    held, fit_shifts = [0] * f.n, fits  # what each card adds; the shifts of the kinds it fits
    if len(fitting) == 1:  # the usual hand: one kind, at shift 0
        held = [gain[0] if gain else 0 for gain in f.shortcut_gain]
    elif fitting:
        held = [sum(count << KIND_BITS * i for i, count in enumerate(gain)) if gain else 0
                for gain in f.shortcut_gain]
        fit_shifts = [tuple(KIND_BITS * i for i in kinds) for kinds in fits]
    icons, cuts, touches, finale, order = f.icons, f.cuts, f.touches, f.finale, f.order
    setback = [any(row) for row in cuts] if f.skill_masteries else None
    bits = f.bits
    ending = f.ending(scoring)
    by_finale = sorted([k for k in bits(scoring) if finale[k]], key=finale.__getitem__, reverse=True) \
        if f.pays_finale else None  # the scoring cards paying a finale, the best first
    wild_mask = f.wild_mask
    scoring_wilds = scoring & wild_mask
    gainers = scoring & f.holders  # scoring cards holding shortcuts
    fixed = ((1 << f.n) - 1) & ~wild_mask
    plain = [None if pay_in[k] or masteries[k] else stars[k] for k in range(f.n)]  # gain, needing no one
    ordinary = scoring & ~f.wild_mask
    steps = [(k, 1 << k, below[k]) for k in order]
    seen: dict[tuple, int] = {}
    path: list = []

    def dfs(come, present, unused, skills, pending, caps, earned, rest, bounded=False):
        if not come:
            total = earned + ending + pending
            if best.total is None or total > best.total:
                best.total, best.steps = total, list(path)
                if total >= bound:
                    raise _Reached
            return
        if not bounded and best.total is not None:
            at_most = earned + rest + ending
            if by_finale:
                at_most += last_finale(come, pending)
            if come & scoring_wilds:
                at_most += wilds_at_most(come, present, unused)
            if at_most <= best.total:
                return
        key = (come, present, unused, skills, pending, caps)
        if seen.get(key, earned - 1) >= earned:
            return
        seen[key] = earned
        # first the scoring cards that need no gap filled, those losing least of their most first
        scored = scoring & ~come
        ready, later = [], []
        for k, bit, need in steps:
            if not come & bit or twins and twin[k] >= 0 and come >> twin[k] & 1 \
                    and scoring >> twin[k] & 1 == scoring >> k & 1:
                continue
            if ordinary & bit and present & need == need:
                gain = plain[k]
                if gain is None:
                    gain = gain_of_card(k, scored, skills, stars[k])
                ready.append((most[k] - gain, low[k], k, gain))
            else:
                later.append(k)
        if len(ready) > 1:
            ready.sort()
        for _, _, k, gain in ready:
            score(k, None, come & ~(1 << k), present, unused, skills, caps, earned, rest, (), gain)
        if later:
            lay_later(later, come, present, unused, skills, pending, caps, earned, rest)

    def gain_of_card(k, scored, skills, base):
        # (line_value.line_total counts the same, written out in its walk: change the two together)
        gain = base
        for bit, s in pay_in[k]:
            if scored & bit:
                gain += s
        for skill, s, at_least, matches in masteries[k]:
            if skill >= 0:
                count = skills[skill]
            else:
                count = 0
                for bit, m in matches:
                    if scored & bit:
                        count += m
            if count >= at_least:
                gain += s
        return gain

    def last_finale(come, pending):
        """The most the line's finale can pay: the last scored card's, one of the scoring cards to
        come (`pending` when none is left)."""
        left = come & scoring
        if not left:
            return pending
        for k in by_finale:
            if left >> k & 1:
                return finale[k]
        return 0

    def wilds_at_most(come, present, unused):
        """What the scoring "?" cards to come can take at best: a shortcut (unused, or held by a
        scoring card to come) adds a level only before a card to come it fits that is a "?" card or
        misses a level below it."""
        free, spare = (come & face_down).bit_count(), unused
        for k in bits(come & gainers):
            spare += held[k]
        if spare:
            for i, cards in enumerate(fitting):
                more, cards = spare >> KIND_BITS * i & KIND_COUNT, cards & come
                if not more or not cards:
                    continue
                if cards & wild_mask:
                    free += more
                    continue
                for k in bits(cards):
                    if present & below[k] != below[k]:
                        free += more
                        break
        for k in bits(come & ordinary):
            present |= levels[k]
        key = ((come & scoring_wilds).bit_count(), cap, present, free)
        at_most = WILD_BOUNDS.get(key)
        if at_most is None:
            if len(WILD_BOUNDS) > 4096:
                WILD_BOUNDS.clear()
            at_most = WILD_BOUNDS[key] = wild_bound(*key)
        return at_most

    def lay_later(later, come, present, unused, skills, pending, caps, earned, rest):
        """Moves with a gap below the card, and "?" cards: a face-down card goes only while it
        is above every scoring card to come, and a gap no shortcut skips needs a face-down card
        at least as high as every scoring one."""
        top_scoring = 0
        for k in bits(come & ordinary):
            if top[k] > top_scoring:
                top_scoring = top[k]
        fills = 0  # gaps a scoring card may have
        for k in bits(come & face_down):
            if (caps[k] if wild[k] else top[k]) >= top_scoring:
                fills += 1
        for k in later:
            if scoring >> k & 1:
                if wild[k]:
                    lay_wild(k, fills, come, present, unused, skills, pending, caps, earned, rest)
                elif fits[k] and unused or (below[k] & ~present).bit_count() <= fills:
                    gapped(k, None, low[k], top[k], come, present, unused, skills, pending, caps,
                           earned, rest)
            elif wild[k]:
                for level in range(caps[k], top_scoring, -1):
                    if present & (1 << level) - 2 != (1 << level) - 2:
                        gapped(k, level, level, level, come, present, unused, skills, pending, caps,
                               earned, rest)
            elif top[k] > top_scoring and present & below[k] != below[k]:
                gapped(k, None, low[k], top[k], come, present, unused, skills, pending, caps,
                       earned, rest)

    def lay_wild(k, fills, come, present, unused, skills, pending, caps, earned, rest):
        """A scoring "?" card: first the level just above those present, then from the highest
        down; at a gapped level only while the face-down cards that may fill (`fills` of them)
        or shortcuts can fill the gap."""
        runs = present >> 1
        reach = ((runs + 1) & ~runs).bit_length() - 1  # levels 1 .. reach are all present
        highest = caps[k] if caps[k] < cap else cap  # (not min(): a builtin call)
        if reach and highest >= 2:  # it can score at some level without a gap
            after, uncapped = come & ~(1 << k), caps[:k] + (MAX_LEVEL,) + caps[k + 1:]
            more = gain_of_card(k, scoring & ~come, skills, 0)  # what it earns beyond its level
            alone = not after & scoring_wilds  # then a lower level's line is bounded lower
            if reach < highest:
                score(k, reach + 1, after, present, unused, skills, uncapped, earned, rest, (),
                      reach + 1 + more)
        skips = fits[k] and unused  # else its missing levels all take face-down cards
        if skips or fills:
            for level in range(highest, reach + 1, -1):
                if skips or ((1 << level) - 2 & ~present).bit_count() <= fills:
                    gapped(k, level, level, level, come, present, unused, skills, pending, caps,
                           earned, rest)
        for level in range(reach if reach < highest else highest, 1, -1):
            if score(k, level, after, present, unused, skills, uncapped, earned, rest, (), level + more) \
                    and alone:
                break

    def gapped(k, level, lo, hi, come, present, unused, skills, pending, caps, earned, rest):
        """Lay card k with levels missing below it: shortcuts first, then face-down fills."""
        scores = scoring >> k & 1
        come &= ~(1 << k)
        gap = lo - 1
        if fits[k] and not present >> gap & 1:
            while gap >= 1 and not present >> gap & 1:
                for shift in fit_shifts[k]:
                    if unused >> shift & KIND_COUNT:
                        break
                else:
                    break  # no shortcut left that fits
                unused -= 1 << shift
                present |= 1 << gap
                gap -= 1
        missing = bits((1 << lo) - 2 & ~present)
        if scores and len(missing) > (come & face_down).bit_count():
            return  # each missing level takes a face-down card
        if level is not None:
            caps = caps[:k] + (MAX_LEVEL,) + caps[k + 1:]
        if not missing:
            if scores:
                score(k, level, come, present, unused, skills, caps, earned, rest, (),
                      gain_of_card(k, scoring & ~come, skills, stars[k] if level is None else level))
            return
        ways: list = []
        fill(hi, scores, missing, 0, come, present, caps, (), ways)
        for come2, present2, caps2, flips, buried in ways:
            if buried:
                path.append((k, level, flips))
                dfs(come2, present2, unused, skills, pending, caps2, earned, rest)
                path.pop()
            else:  # the face-down cards leave what it earns as it is
                score(k, level, come2, present2, unused, skills, caps2, earned, rest, flips,
                      gain_of_card(k, scoring & ~come, skills, stars[k] if level is None else level))

    def fill(hi, scores, missing, i, come, present, caps, flips, ways):
        """Each way the missing levels can be filled face down, lowest first, added to `ways`: by
        the card laid when it is strictly the highest (then it goes face down, and the other gaps
        wait), else by a highest face-down card still to come (a "?" one at the level it fills
        with; the "?" cards still to come are capped at or below it)."""
        if i == len(missing):
            if scores:
                ways.append((come, present, caps, flips, False))
            return
        present |= 1 << missing[i]
        highest = 0
        for j in bits(come & fixed):
            if top[j] > highest:
                highest = top[j]
        wilds = bits(come & wild_mask)
        if not scores and hi > highest and (not wilds or hi > 2 and all(caps[j] >= 2 for j in wilds)):
            ways.append((come, present, _capped(caps, wilds, hi - 1), flips, True))
        if hi > highest:
            highest = hi
        for j in bits(come & face_down):
            if twins and twin[j] >= 0 and come >> twin[j] & 1 and face_down >> twin[j] & 1:
                continue
            level = caps[j] if wild[j] else top[j]
            if level < highest:
                continue
            others = [w for w in wilds if w != j] if wilds else wilds
            if others and (level < 2 or any(caps[w] < 2 for w in others)):
                continue
            caps2 = _capped(caps, others, level) if others else caps
            if wild[j]:
                caps2 = caps2[:j] + (MAX_LEVEL,) + caps2[j + 1:]
            fill(hi, scores, missing, i + 1, come & ~(1 << j), present, caps2,
                 flips + ((j, level if wild[j] else None),), ways)

    def score(k, level, come, present, unused, skills, caps, earned, rest, flips, gain):
        """Card k scores `gain` stars: its levels become present, its shortcuts and skills count.
        True when the line cannot beat the best found."""
        present |= levels[k] if level is None else 1 << level
        unused += held[k]
        rest -= most[k]
        if mutual[k]:  # (asked first: a loop over an empty tuple costs more than the question)
            for bit, stars_both in mutual[k]:
                if come & scoring & bit:
                    rest += stars_both  # the pair's other card can still earn its side
        earned += gain
        if come and best.total is not None:  # dfs's own bound, checked before going down
            at_most = earned + rest + ending
            if by_finale:
                at_most += last_finale(come, finale[k])
            if come & scoring_wilds:
                at_most += wilds_at_most(come, present, unused)
            if at_most <= best.total:
                return True  # bounded off
        if touches[k]:
            if setback[k]:
                skills = tuple(own if cut else had + own for had, own, cut in zip(skills, icons[k], cuts[k]))
            else:
                skills = tuple(map(add, skills, icons[k]))
        path.append((k, level, flips))
        dfs(come, present, unused, skills, finale[k], caps, earned, rest, True)
        path.pop()

    try:
        dfs((1 << f.n) - 1, 0, 0, (0,) * len(icons[0]) if f.skill_masteries else (),
            0, (MAX_LEVEL,) * f.n, 0, rest)
    finally:  # the closures call each other: unlinked, they go at once, not at a garbage collection
        dfs = fill = None
