"""Which cards of a hand can score together, and the most each such set can earn, order aside.

A card turned face down is the highest of the cards still to come when its gap is filled, and every
card scored before it lies below the missing level; so no scored card is above a face-down card ("?"
cards at their chosen level). The face-down cards are therefore the top of the hand: every fixed card
above some level, some of the cards at it, and any of the "?" cards. Face-down cards go highest first,
each filling the lowest missing level, so the i-th of them (from 1) must be above level i.
"""
from __future__ import annotations

from typing import NamedTuple

from games.questline.cards import MAX_LEVEL
from games.questline.hand import HandFacts, bits

ALL_LEVELS = (1 << MAX_LEVEL + 1) - 2


class Plan(NamedTuple):
    """The cards that score and the cards laid face down, with what bounds their stars."""

    quick: int  # at least the plan's best total; cheap to work out
    scoring: int  # card mask
    face_down: int  # card mask
    cover: int  # levels mask shown by the scoring fixed cards
    free: int  # levels that face-down fills and shortcut skips may add
    cap: int  # the highest level a scoring "?" card may take: the lowest fixed face-down card


def plans(f: HandFacts) -> list[Plan]:
    """Every split of the hand the rules may allow, highest quick bound first."""
    fixed = sorted((k for k in range(f.n) if not f.wild[k]), key=lambda k: -f.top[k])
    quick = [max(0, v) if f.wild[k] else v for k, v in enumerate(f.most_with_all)]
    total = sum(quick) + f.ending_bound + max(f.finale, default=0)
    # levels shown, and the highest lowest level, by the fixed cards from position i of `fixed` on
    cover, low = [0] * (len(fixed) + 1), [0] * (len(fixed) + 1)
    for i in range(len(fixed) - 1, -1, -1):
        cover[i] = cover[i + 1] | f.levels[fixed[i]]
        low[i] = max(low[i + 1], f.low[fixed[i]])
    out: list[Plan] = []
    i = 0
    while True:
        j = i
        while j < len(fixed) and f.top[fixed[j]] == f.top[fixed[i]]:
            j += 1
        # face down: the cards before i, and some (not all) of the cards i..j-1 at the same level
        for pick in range((1 << (j - i)) - 1 if j > i else 1):
            down, shown, lowest, tops = 0, cover[j], low[j], [f.top[k] for k in fixed[:i]]
            for b, k in enumerate(fixed[i:j]):
                if pick >> b & 1:
                    down |= 1 << k
                    tops.append(f.top[k])
                else:
                    shown |= f.levels[k]
                    lowest = max(lowest, f.low[k])
            for k in fixed[:i]:
                down |= 1 << k
            _with_wilds(f, fixed, down, tops, shown, lowest, quick, total, out)
        if j == i or not _can_bury([f.top[k] for k in fixed[:j]], 0):
            break
        i = j
    out.sort(key=lambda p: -p.quick)
    return out


def _can_bury(tops: list[int], wild: int) -> bool:
    """Whether face-down cards at these levels (highest first), after `wild` "?" ones, can each fill a
    level below them."""
    if wild >= MAX_LEVEL:
        return False
    for i, top in enumerate(tops):
        if top < wild + i + 2:
            return False
    return True


def _with_wilds(f: HandFacts, fixed: list[int], down: int, tops: list[int], cover: int, low: int,
                quick: list[int], total: int, out: list[Plan]) -> None:
    """The plans with these fixed cards face down, for each way the "?" cards split."""
    needed = (1 << low) - 2 & ~cover if low > 1 else 0  # levels below a scoring card, none shows
    missing = needed.bit_count()
    wilds = f.wild_cards
    everyone = (1 << f.n) - 1
    cap = tops[-1] if tops else MAX_LEVEL
    for pick in range(1 << len(wilds)):
        face_down, buried_wilds = down, 0
        for b, k in enumerate(wilds):
            if pick >> b & 1:
                face_down |= 1 << k
                buried_wilds += 1
        if f.twins and any(t >= 0 and face_down >> t & 1 and not face_down >> k & 1
                           for k, t in enumerate(f.twin)):
            continue  # of two identical cards, the later one goes face down
        if not _can_bury(tops, buried_wilds):
            continue
        scoring = everyone & ~face_down
        scoring_wilds = len(wilds) - buried_wilds
        reaches = _skip_reach(f, scoring) if f.kinds else []
        if missing > len(tops) + buried_wilds + _skippable(reaches, needed) + scoring_wilds:
            continue  # a level nothing shows, fills, skips or takes
        # levels that fills and skips may add, for the "?" cards' bound
        free = len(tops) + buried_wilds + _skippable(reaches, ALL_LEVELS & ~cover)
        bound = total + (wild_bound(scoring_wilds, cap, cover, free) if scoring_wilds else 0)
        for k in bits(face_down):
            bound -= quick[k]
        out.append(Plan(bound, scoring, face_down, cover, free, cap))


def _skip_reach(f: HandFacts, scoring: int) -> list[int]:
    """Per shortcut of a scoring card, the levels it may skip. A shortcut is there once its card has
    scored, so it skips only a level above that card, in the run of missing levels directly below
    another card it fits (a face-down card laid may be one); each level of the run takes a shortcut
    fitting that card."""
    runs = [0] * f.n  # shortcuts of scoring cards that fit each card
    for k in bits(scoring):
        for kind in f.held[k]:
            for target in bits(f.fitting[kind] & ~(1 << k)):
                runs[target] += 1
    out = []
    for k in bits(scoring):
        floor = f.top[k] or 1
        for kind in f.held[k]:
            reach = 0
            for target in bits(f.fitting[kind] & ~(1 << k)):
                lowest = max(floor + 1, f.low[target] - runs[target])
                if f.wild[target]:
                    reach |= ALL_LEVELS >> floor + 1 << floor + 1
                elif f.low[target] > lowest:
                    reach |= (1 << f.low[target]) - (1 << lowest)
            out.append(reach)
    return out


def _skippable(reaches: list[int], levels: int) -> int:
    """How many of these levels shortcuts may skip: one level each, each level once."""
    count, union = 0, 0
    for reach in reaches:
        reach &= levels
        count += reach > 0
        union |= reach
    return min(count, union.bit_count())


def plan_bound(f: HandFacts, plan: Plan) -> tuple[int, list[int]]:
    """The most the plan can score in any order, and the most each card earns: each card's most
    earned, less one side of each pair of quests paying each other, the set's ending, the best finale
    and the "?" cards' levels."""
    scoring, face_down = plan.scoring, plan.face_down
    most = [0] * f.n
    total, finale, wilds = f.ending(scoring), 0, 0
    for k in bits(scoring):
        most[k] = f.most_earned(k, scoring) if f.depends[k] & face_down else f.most_with_all[k]
        total += most[k]
        finale = max(finale, f.finale[k])
        wilds += f.wild[k]
    for both, stars in f.pairs:
        if scoring & both == both:
            total -= stars
    return total + finale + (wild_bound(wilds, plan.cap, plan.cover, plan.free) if wilds else 0), most


def wild_bound(count: int, cap: int, present: int, free: int) -> int:
    """The most `count` scoring "?" cards can take together at levels up to `cap`, when the levels in
    `present` are there anyway and `free` more can be filled or skipped: free levels go lowest first,
    then "?" cards fill the next gaps, and the rest all take the level above."""
    level, total = 0, 0
    while level < cap:
        if present >> (level + 1) & 1:
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
    return total + count * max(2, min(level + 1, cap))
