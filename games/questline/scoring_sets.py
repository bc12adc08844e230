"""Which cards of a hand can score together, and the most each such set can earn, order aside.

A card turned face down is the highest of the cards still to come when its gap is filled, and every
card scored before it lies below the missing level; so no scored card is above a face-down card ("?"
cards at their chosen level). The face-down cards are therefore the top of the hand: every fixed card
above some level, some of the cards at it, and any of the "?" cards. Face-down cards go highest first,
each filling the lowest missing level, so the i-th of them (from 1) must be above level i.
"""
from __future__ import annotations

from typing import Iterator, NamedTuple

from games.questline.cards import MAX_LEVEL
from games.questline.hand import HandFacts

ALL_LEVELS = (1 << MAX_LEVEL + 1) - 2


class Plan(NamedTuple):
    """The cards that score and the cards laid face down, with what bounds their stars."""

    quick: int  # at least the plan's best total; cheap to work out
    scoring: int  # card mask
    face_down: int  # card mask
    cover: int  # levels mask shown by the scoring fixed cards
    free: int  # levels that face-down fills and shortcut skips may add
    cap: int  # the highest level a scoring "?" card may take: the lowest fixed face-down card
    needed: int  # levels mask below a scoring fixed card that no scoring fixed card shows
    spare: int  # face-down cards and scoring "?" cards beyond those `needed` takes (shortcuts aside)
    skips: int  # levels mask that shortcuts may skip (of the `free` ones beyond the face-down fills)


def plans(f: HandFacts) -> list[tuple]:
    """Every split of the hand the rules may allow, highest quick bound first, as tuples of Plan's
    fields (Plan._make names them; most are never looked at)."""
    out: list[tuple] = []
    for _ in plan_batches(f, out):
        pass
    out.sort(reverse=True)
    return out


def plan_batches(f: HandFacts, out: list[tuple]) -> Iterator[int]:
    """plans(), a batch at a time, for a search that stops once no split left can beat its best:
    yields a bound on the quick bound of every split not yet added to `out`, and when resumed adds
    the next batch of splits to `out` (unsorted). Each batch lays face down more of the hand's top
    than the one before (their quick stars lost, a card with negative stars aside: `ahead` starts
    with those added back), and its "?" cards can go no higher than the lowest of them."""
    top, low, levels = f.top, f.low, f.levels
    fixed = sorted([k for k in f.order if not f.wild[k]] if f.wild_mask else f.order, key=top.__getitem__,
                   reverse=True)
    # each card's quick bound: its most earned with every card scoring, read as it is (a "?" card's
    # is never below 0: its level is counted apart and only gains are added to it), and what the
    # cards below 0 take
    quick, lost = f.most_with_all, 0
    total = f.ending_bound + f.best_finale  # and the cards' quick bounds, summed as they come
    for v in quick:
        total += v
        if v < 0:
            lost -= v
    ahead = total + lost  # what no split can beat, "?" levels aside
    wilds = len(f.wild_cards)
    # levels shown, and the highest lowest level, by the fixed cards from position i of `fixed` on
    # (running values: no list read back a card)
    shown, lowest = [0] * (len(fixed) + 1), [0] * (len(fixed) + 1)
    levels_from = lowest_from = 0
    for i in range(len(fixed) - 1, -1, -1):
        k = fixed[i]
        levels_from |= levels[k]
        if low[k] > lowest_from:
            lowest_from = low[k]
        shown[i], lowest[i] = levels_from, lowest_from
    i, down, tops = 0, 0, []
    while True:
        # face down: the cards before i, and some (not all) of the cards i..j-1 at the same level
        # (conditional expressions, not max() or min(): a builtin call is ~1,200 instructions more)
        cap = tops[-1] if tops else MAX_LEVEL
        yield ahead + wilds * (cap if cap > 2 else 2)
        _with_wilds(f, down, tops, shown[i], lowest[i], quick, total, out)
        if i == len(fixed):
            return
        j = i + 1
        while j < len(fixed) and top[fixed[j]] == top[fixed[i]]:
            j += 1
        group = fixed[i:j]  # the fixed cards at the next level down
        if j - i > 1:
            cap, least = top[fixed[i]], quick[group[0]]
            for k in group:  # (a loop over a few cards: min() of a map costs more)
                if quick[k] < least:
                    least = quick[k]
            yield ahead - least + wilds * (cap if cap > 2 else 2)
        for pick in range(1, (1 << (j - i)) - 1):
            more, cover, most_low, more_tops = down, shown[j], lowest[j], tops[:]
            rest = pick  # the pick's bits, one a card (walked by shifts: no enumerate() a pick)
            for k in group:
                if rest & 1:
                    more |= 1 << k
                    more_tops.append(top[k])
                else:
                    cover |= levels[k]
                    most_low = most_low if most_low > low[k] else low[k]
                rest >>= 1
            if _can_bury(more_tops, 0):
                _with_wilds(f, more, more_tops, cover, most_low, quick, total, out)
        for k in group:
            down |= 1 << k
            tops.append(top[k])
            ahead -= quick[k]
        if not _can_bury(tops, 0):
            return  # and neither can any larger set of face-down cards
        i = j


def _can_bury(tops: list[int], wild: int) -> bool:
    """Whether face-down cards at these levels (highest first), after `wild` "?" ones, can each fill a
    level below them: the i-th (from 0) fills level wild + i + 1, so the last, the lowest, is the one
    to check."""
    return wild < MAX_LEVEL and (not tops or tops[-1] >= wild + len(tops) + 1)


def _with_wilds(f: HandFacts, down: int, tops: list[int], cover: int, low: int, quick: list[int],
                total: int, out: list[tuple]) -> None:
    """The plans with these fixed cards face down (they can each fill a level), for each way the
    "?" cards split."""
    needed = (1 << low) - 2 & ~cover if low > 1 else 0  # levels below a scoring card, none shows
    missing = needed.bit_count()
    short = missing - len(tops) - len(f.wild_cards)  # levels neither fills nor "?" cards can take,
    if short > 0:                                     # however the "?" cards split
        for k in f.bits(f.holders & ~down):
            short -= len(f.held[k])  # a shortcut skips one level at most
        if short > 0:
            return  # the loop below would find no split: it is cheaper not to try (about a third)
    everyone = (1 << f.n) - 1
    cap = tops[-1] if tops else MAX_LEVEL
    for k in f.bits(down):
        total -= quick[k]
    wilds = f.wild_cards
    for pick in range(1 << len(wilds)):
        face_down, buried_wilds, bound = down, 0, total
        rest = pick  # the pick's bits, one a "?" card (walked by shifts: no enumerate() a pick)
        if rest:  # (none for the first pick, the only one of a hand without "?" cards)
            for k in wilds:
                if rest & 1:
                    face_down |= 1 << k
                    buried_wilds += 1
                    bound -= quick[k]
                rest >>= 1
        if f.twins and any(t >= 0 and face_down >> t & 1 and not face_down >> k & 1
                           for k, t in enumerate(f.twin)):
            continue  # of two identical cards, the later one goes face down
        if buried_wilds and not _can_bury(tops, buried_wilds):
            continue
        scoring = everyone & ~face_down
        scoring_wilds = len(wilds) - buried_wilds
        fills = len(tops) + buried_wilds
        spare = fills + scoring_wilds - missing
        reaches = _skip_reach(f, scoring) if f.kinds and (spare < 0 or scoring_wilds) else ()
        if spare < 0 and spare + _skippable(reaches, needed) < 0:
            continue  # a level nothing shows, fills, skips or takes
        free, skips = fills, 0  # levels that fills and skips may add, for the "?" cards' bound
        if scoring_wilds:
            if reaches and scoring_wilds == 1:  # its own shortcuts skip only levels above it
                reaches = _reach_without(f, scoring, reaches, scoring & f.wild_mask)
            if reaches:
                free += _skippable(reaches, ALL_LEVELS & ~cover)
                for reach in reaches:
                    skips |= reach
            bound += wild_bound(scoring_wilds, cap, cover, free, fills, skips)
        out.append((bound, scoring, face_down, cover, free, cap, needed, spare, skips))  # Plan's fields


def _skip_reach(f: HandFacts, scoring: int) -> list[int]:
    """_reach_of(f, scoring), worked out once per set of scoring cards of the hand."""
    hit = f.skip_reach.get(scoring)
    if hit is None:
        hit = f.skip_reach[scoring] = _reach_of(f, scoring)
    return hit


def _reach_of(f: HandFacts, scoring: int) -> list[int]:
    """Per shortcut of a scoring card, the levels it may skip. A shortcut is there once its card has
    scored, so it skips only a level above that card, in the run of missing levels directly below
    another card it fits; each level of the run takes a shortcut fitting that card. That card may be
    one going face down, laid only while it is above every scoring card still to come: the scoring
    cards as high as it have scored, and the skipped level is above them."""
    held, fitting, low, top, wild = f.held, f.fitting, f.low, f.top, f.wild
    holders = f.bits(scoring & f.holders)
    runs = [0] * f.n  # shortcuts of scoring cards that fit each card
    for k in holders:
        for kind in held[k]:
            for target in f.bits(fitting[kind] & ~(1 << k)):
                runs[target] += 1
    scoring_fixed = f.bits(scoring & ~f.wild_mask)
    out = []
    for k in holders:
        floor = top[k] or 1
        for kind in held[k]:
            reach = 0
            for target in f.bits(fitting[kind] & ~(1 << k)):
                lowest = low[target] - runs[target]  # (no max(): a builtin call in a hot loop)
                if lowest <= floor:
                    lowest = floor + 1
                if wild[target]:
                    reach |= ALL_LEVELS >> floor + 1 << floor + 1
                    continue
                if not scoring >> target & 1:
                    for c in scoring_fixed:
                        if top[c] >= top[target] and top[c] >= lowest:
                            lowest = top[c] + 1  # c has scored: the skip is above it
                if low[target] > lowest:
                    reach |= (1 << low[target]) - (1 << lowest)
            out.append(reach)
    return out


def _reach_without(f: HandFacts, scoring: int, reaches: list[int], cards: int) -> list[int]:
    """_skip_reach's reaches (one per shortcut of a scoring card, in card order) less those of
    these cards' shortcuts."""
    if not scoring & cards & f.holders:
        return reaches
    out, at = [], 0
    for k in f.bits(scoring & f.holders):
        held = len(f.held[k])
        if not cards >> k & 1:
            out += reaches[at:at + held]
        at += held
    return out


def _skippable(reaches: list[int], levels: int) -> int:
    """How many of these levels shortcuts may skip: one level each, each level once."""
    count, union = 0, 0
    for reach in reaches:
        reach &= levels
        count += reach > 0
        union |= reach
    levels = union.bit_count()
    return count if count < levels else levels  # (not min(): a builtin call is ~1,200 instructions)


class Bound(NamedTuple):
    """The most a plan can score in any order, what each card earns at best, and the pairs of quests
    paying each other of which only one can be paid."""

    total: int
    most: list[int]
    pairs: list[tuple[int, int]]  # (mask of both cards, stars of the smaller side)


def set_bound(f: HandFacts, plan: Plan, most: list[int] | None = None) -> int:
    """The plan's quick bound with the ending of its own scoring set, not the hand's best, and one
    side of each pair of quests paying each other taken off (as plan_bound takes them), and with
    `most` (plan_most's, when already worked out) what the face-down cards no longer pay: a few
    operations where plan_bound is some tens of thousands of instructions."""
    bound = plan.quick
    if most is not None and plan.face_down:
        with_all = f.most_with_all
        for k in f.bits(plan.scoring):
            bound -= with_all[k] - most[k]
    if f.any_uniques:
        bound -= f.ending_bound - f.ending(plan.scoring)
    for both, stars in f.pairs:
        if plan.scoring & both == both:
            bound -= stars
    return bound


def plan_bound(f: HandFacts, plan: Plan, most: list[int] | None = None) -> Bound:
    """Each card's most earned (from cards that can lie to its left), less one side of each pair of
    quests paying each other and what the first scoring card cannot earn, plus the set's ending, the
    best finale and the "?" cards' levels. `most`: plan_most(f, plan), when already worked out (it
    is the plan's unless some card must follow another)."""
    scoring = plan.scoring
    tight, after = False, None
    if plan.spare <= 0:
        reaches = _skip_reach(f, scoring) if f.kinds else ()
        tight = plan.spare + _skippable(reaches, plan.needed) == 0
        after = _must_follow(f, plan, reaches) if tight else None
    if most is None or after is not None:
        most = plan_most(f, plan, after)
    total = (f.ending(scoring) if f.any_uniques else 0) + sum(most)  # (ending(): a call)
    finale = max(map(f.finale.__getitem__, f.bits(scoring)), default=0) if f.pays_finale else 0
    wilds = (scoring & f.wild_mask).bit_count()
    pairs = []
    for both, stars in f.pairs:
        if scoring & both == both and not (after and any(after[k] & both for k in f.bits(both))):
            pairs.append((both, stars))
            total -= stars
    total -= _first_loss(f, plan, tight, most, pairs)
    total += finale + (wild_bound(wilds, plan.cap, plan.cover, plan.free, plan.face_down.bit_count(),
                                  plan.skips) if wilds else 0)
    return tuple.__new__(Bound, (total, most, pairs))  # Bound(): its __new__ is a Python call


def plan_most(f: HandFacts, plan: Plan, after: list[int] | None = None) -> list[int]:
    """What each scoring card of the split earns at best ("most earned" from the scoring cards that
    can lie to its left: with `after`, not those that must follow it), 0 for the others."""
    scoring, face_down, depends = plan.scoring, plan.face_down, f.depends
    if not face_down and not after:
        return list(f.most_with_all)  # every card scores, with every other to its left at best
    most = [0] * f.n
    for k in f.bits(scoring):
        if after and after[k] & depends[k]:
            most[k] = f.most_earned(k, scoring & ~after[k])
        elif depends[k] & face_down:
            most[k] = f.most_earned(k, scoring)
        else:
            most[k] = f.most_with_all[k]
    return most


def _first_loss(f: HandFacts, plan: Plan, tight: bool, most: list[int], pairs: list) -> int:
    """The least the first scoring card forgoes: nothing lies to its left but face-down cards, so it
    earns its base stars and no more. It can only be a card whose missing levels face-down cards
    fill (in a tight plan, levels no scoring card shows)."""
    fills, needed = plan.face_down.bit_count(), plan.needed
    wild, below_of, stars_of, masteries = f.wild, f.below, f.stars, f.masteries
    least = None
    for k in f.bits(plan.scoring):
        below = 2 if wild[k] else below_of[k]  # a "?" card needs level 1 at least
        if below.bit_count() > fills or tight and below & ~needed:
            continue
        loss = most[k] - (0 if wild[k] else stars_of[k])
        if masteries[k]:  # (asked first: a loop over an empty tuple costs more than the question)
            for _, stars, at_least, _ in masteries[k]:  # (a loop: a generator is a call more)
                if stars > 0 and at_least <= 0:
                    loss -= stars
        if pairs:
            for both, stars in pairs:
                if both >> k & 1:
                    loss -= stars  # already taken off
        if least is None or loss < least:  # (not min(): a builtin call is ~1,200 instructions)
            least = loss
    return least or 0


def _must_follow(f: HandFacts, plan: Plan, reaches) -> list[int]:
    """Per scoring card, the scoring cards that must lie to its right: when no fill, skip or "?" card
    is left to spare, a level only one scoring card shows and no shortcut can skip comes from that
    card alone, so every scoring card above that level follows it."""
    skippable = 0
    for reach in reaches:
        skippable |= reach
    fixed = f.bits(plan.scoring & ~f.wild_mask)
    levels, low, bits = f.levels, f.low, f.bits
    once = twice = 0  # levels shown by one scoring fixed card, by more
    for k in fixed:
        twice |= once & levels[k]
        once = (once | levels[k]) & ~twice
    after = [0] * f.n
    for level in bits(once & ~skippable):
        for shower in fixed:
            if levels[shower] >> level & 1:
                break
        for k in fixed:
            if low[k] > level:
                after[shower] |= 1 << k
    return after


def wild_bound(count: int, cap: int, present: int, free: int, fills: int = -1, skips: int = 0) -> int:
    """The most `count` scoring "?" cards can take together at levels up to `cap`, when the levels in
    `present` are there anyway and `free` more can be filled or skipped: free levels go lowest first,
    then "?" cards fill the next gaps, and the rest all take the level above. With `fills` given, only
    that many of the free levels are face-down fills (any level); the others are shortcut skips,
    each only at a level in `skips` (a skip is taken before a fill where both can go)."""
    level, total = 0, 0
    skipping = free - fills if fills >= 0 else 0
    if fills >= 0:
        free = fills
    while level < cap:
        if present >> (level + 1) & 1:
            level += 1
        elif skipping and skips >> (level + 1) & 1:
            skipping -= 1
            level += 1
        elif free:
            free -= 1
            level += 1
        elif count > 1 and level + 1 >= 2:
            total += level + 1
            count -= 1
            level += 1
        else:
            break
    level = level + 1 if level + 1 < cap else cap  # (not max() and min(): builtin calls)
    return total + count * (level if level > 2 else 2)
