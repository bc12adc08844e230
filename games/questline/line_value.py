"""The total of one questline of a hand, from the hand's tables (hand.HandFacts): scoring.evaluate's
total (epilogue aside) without building placements or wording, so that a likely best line can be
checked against the hand's bound for the price of one walk."""
from __future__ import annotations

from operator import add
from typing import Sequence

from games.questline.cards import MAX_LEVEL
from games.questline.hand import HandFacts
from games.questline.scoring_sets import Plan


def line_total(f: HandFacts, line: Sequence[int], chosen: Sequence[int]) -> int:
    """The stars of the hand's cards laid in this order (`line`: card indices), "?" cards at the
    levels in `chosen` (by card index), laid out as scoring.lay_out does: base stars, quests,
    masteries, the finale and the set's ending, each card's counted as it scores (one walk)."""
    wild, low, top, below, levels = f.wild, f.low, f.top, f.below, f.levels
    fits, gain_of, pay_in, masteries, touches = f.fits, f.shortcut_gain, f.pay_in, f.masteries, f.touches
    high = None  # the level each card is ranked by, once a gap needs a card turned face down
    n = len(line)
    down = 0  # positions turned face down
    present, unused, scored, last = 0, [0] * len(f.kinds), 0, -1
    total, skills = 0, [0] * len(f.icons[0]) if f.skill_masteries else ()
    for i in range(n):
        if down >> i & 1:
            continue
        k = line[i]
        need = (1 << chosen[k]) - 2 if wild[k] else below[k]
        if present & need != need:
            lowest = chosen[k] if wild[k] else low[k]
            gap = lowest - 1
            if fits[k]:
                while gap >= 1 and not present >> gap & 1:
                    for kind in fits[k]:
                        if unused[kind]:
                            break
                    else:
                        break  # no unused shortcut fits this card
                    unused[kind] -= 1
                    present |= 1 << gap
                    gap -= 1
            for level in range(1, lowest):
                if present >> level & 1:
                    continue
                present |= 1 << level
                if high is None:
                    high = []  # (a loop: a comprehension is a call more)
                    for j in line:
                        high.append(chosen[j] if wild[j] else top[j])
                flip, rank = -1, -1
                for j in range(i, n):  # the highest card still open, the rightmost on a tie
                    if not down >> j & 1 and high[j] >= rank:
                        flip, rank = j, high[j]
                down |= 1 << flip
                if flip == i:
                    break
            if down >> i & 1:
                continue
        present |= 1 << chosen[k] if wild[k] else levels[k]
        if gain_of[k]:
            for kind, more in enumerate(gain_of[k]):
                unused[kind] += more
        # card k scores, after the cards in `scored`
        total += chosen[k] if wild[k] else f.stars[k]
        # (most cards are paid by no quest and have no mastery: asking is cheaper than a loop over
        # an empty tuple, ~300 instructions). The quests and masteries counted as layout_search's
        # gain_of_card counts them, written out: this walk totals every likely line of final
        # scoring, and a call a card would cost ~1k instructions; change the two together.
        if pay_in[k]:
            for bit, stars in pay_in[k]:
                if scored & bit:
                    total += stars
        if masteries[k]:
            for skill, stars, at_least, matches in masteries[k]:
                if skill >= 0:
                    count = skills[skill]
                else:
                    count = 0
                    for bit, m in matches:
                        if scored & bit:
                            count += m
                if count >= at_least:
                    total += stars
        if touches[k]:
            if True in f.cuts[k]:  # a setback: (a loop: a comprehension is a call more)
                counted = []
                for had, own, cut in zip(skills, f.icons[k], f.cuts[k]):
                    counted.append(own if cut else had + own)
                skills = counted
            else:
                skills = list(map(add, skills, f.icons[k]))
        scored |= 1 << k
        last = k
    if f.any_uniques:  # (asked first: most hands have no ending to count, and ending() is a call)
        total += f.ending(scored)
    return total + (f.finale[last] if last >= 0 else 0)


def likely_line(f: HandFacts, plan: Plan, most: Sequence[int]) -> tuple[list[int], list[int]]:
    """A line the plan's best often is: fixed scoring cards as soon as the levels below them are
    there or face-down cards and unused shortcuts fitting them can fill their gap, the one losing
    least of its most earned first (a card without a gap on a tie); else the lowest, its gap skipped
    by shortcuts and filled by face-down cards, and if they do not suffice a "?" card before it, as
    high as the shortcuts fitting the "?" card and the fills let it go (up to the card's level: a
    "?" card's level is its stars), else "?" cards at its highest missing levels the face-down
    cards leave (lowest first: a "?" card needs the levels below its own); the other
    scoring "?" cards at the highest level the rest allows (as scoring_sets.wild_bound counts
    them); the face-down cards last, highest first."""
    wild, below, stars, fits, gain_of, depends = f.wild, f.below, f.stars, f.fits, f.shortcut_gain, f.depends
    alone = f.alone
    chosen = [0] * f.n
    scoring = plan.scoring
    if not plan.face_down and not f.wild_mask:  # every card scores, none a "?" card (usual)
        come, wilds = f.order[:], []
    else:  # the scoring fixed and "?" cards, in level order (a loop: no comprehension calls)
        come, wilds = [], []
        for k in f.order:
            if scoring >> k & 1:
                (wilds if wild[k] else come).append(k)
    fills, unused = plan.face_down.bit_count(), [0] * len(f.kinds)
    line, present, before = [], 0, 0
    while come:
        pick = least = gapped = -1
        for k in come:
            gap = (below[k] & ~present).bit_count()
            if gap > fills:
                if not fits[k]:
                    continue
                short = gap - fills  # unused shortcuts fitting it may skip the rest
                for kind in fits[k]:
                    short -= unused[kind]
                if short > 0:
                    continue
            # with none of the cards it depends on laid yet, a card earns what it earns alone
            loss = most[k] - (_gain(f, k, before, stars[k]) if depends[k] & before else alone[k])
            if pick < 0 or loss < least or loss == least and gapped and not gap:
                pick, least, gapped = k, loss, gap
                if loss <= 0 and not gap:
                    break  # taken at once: only a card earning more than its most could beat it
        if pick < 0 or gapped:
            pick = come[0] if pick < 0 else pick
            lowest = f.low[pick]
            spent = unused[:]
            skipped = _skip(lowest, fits[pick], present, spent)
            missing = below[pick] & ~skipped
            count = missing.bit_count()
            if count > fills and wilds:
                # a "?" card as high as the card's level, the shortcuts fitting it skipping the levels
                # below it, when the face-down cards can fill the rest
                k = wilds[0]
                for level in range(min(lowest, plan.cap), max(1, missing.bit_length() - 2), -1):
                    trial = unused[:]
                    skips = _skip(level, fits[k], present, trial) | 1 << level
                    skips = _skip(lowest, fits[pick], skips, trial)
                    if (below[pick] & ~skips).bit_count() <= fills:
                        wilds.pop(0)
                        chosen[k] = level
                        line.append(k)
                        before |= 1 << k
                        spent, skipped = trial, skips
                        missing = below[pick] & ~skipped
                        count = missing.bit_count()
                        break
            if fills < count <= fills + len(wilds) and missing.bit_length() > 2:
                # "?" cards at the highest missing levels the face-down cards leave, lowest first
                taken = []
                while count > fills and missing.bit_length() > 2:
                    level = missing.bit_length() - 1
                    taken.append(level)
                    missing &= ~(1 << level)
                    count -= 1
                for level in reversed(taken):
                    k = wilds.pop(0)
                    chosen[k] = level
                    line.append(k)
                    before |= 1 << k
            present, unused = skipped, spent
            fills = fills - count if count < fills else 0  # (not min(): a builtin call)
            present |= below[pick]
        present |= f.levels[pick]
        if gain_of[pick]:
            for kind, more in enumerate(gain_of[pick]):
                unused[kind] += more
        come.remove(pick)
        line.append(pick)
        before |= 1 << pick
    for k in wilds:
        level = 0  # the highest level below which every level can be there
        while level < plan.cap:
            if not present >> level + 1 & 1:
                skips = _skip(level + 2, fits[k], present, unused)
                if skips != present:
                    present = skips
                elif fills:
                    fills -= 1
                    present |= 1 << level + 1
                else:
                    break
            level += 1
        at = level + 1 if level + 1 < plan.cap else plan.cap  # (not max() and min(): builtin calls)
        chosen[k] = at if at > 2 else 2
        present |= 1 << chosen[k]
        line.append(k)
    if not plan.face_down:
        return line, chosen  # (no sorted() of no cards: a builtin call)
    if plan.face_down & f.wild_mask:  # a face-down "?" card ranks as the highest level
        down = sorted(f.bits(plan.face_down), key=lambda k: f.top[k] or MAX_LEVEL, reverse=True)
    else:
        down = sorted(f.bits(plan.face_down), key=f.top.__getitem__, reverse=True)
    for k in down:
        chosen[k] = MAX_LEVEL if wild[k] else 0
    return line + down, chosen


def _skip(lowest: int, fits: tuple[int, ...], present: int, unused: list[int]) -> int:
    """The levels there once unused shortcuts fitting a card skip the run missing right below
    `lowest` (spent from `unused`)."""
    gap = lowest - 1
    while gap >= 1 and not present >> gap & 1:
        for kind in fits:
            if unused[kind]:
                break
        else:
            break
        unused[kind] -= 1
        present |= 1 << gap
        gap -= 1
    return present


def _gain(f: HandFacts, k: int, before: int, base: int) -> int:
    """What card k earns scoring after the cards in `before`, skills aside (a loss estimate only)."""
    gain = base
    for bit, stars in f.pay_in[k]:
        if before & bit:
            gain += stars
    for skill, stars, at_least, matches in f.masteries[k]:
        count = 0
        for bit, m in matches:
            if before & bit:
                count += m
        if count >= at_least:
            gain += stars
    return gain
