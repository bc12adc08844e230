"""A chapter set up for play: hero boards, campaign carried over, the start instructions done."""
from __future__ import annotations

from typing import Any, Mapping

from games.core.messages import Event
from games.once_upon_a_line import flow  # noqa: F401 (registers every kind of job)
from games.once_upon_a_line.chapter import Chapter
from games.once_upon_a_line.jobs import proceed, push
from games.once_upon_a_line.listing import blocked_now, drawing
from games.once_upon_a_line.state import STANDARD_SIZES, HeroBoard, Job, LineState


def new_chapter(chapter: Chapter, campaign: Mapping[str, Any] | None = None, seed: int = 0,
                heroes: tuple[str, ...] | None = None, saga: Mapping[str, Any] | None = None) -> LineState:
    """The chapter's first state. `campaign` carries inventory, currency, missions and talents;
    `heroes` are those chosen to play it (else the chapter's own); `saga` the saga it belongs to.
    Without a campaign it is the same for every seed (nothing in the rules draws at random: the
    seed and the saga are only kept), so it is worked out once for the chapter and heroes and
    copied for each game (the copy costs a third of the start instructions)."""
    heroes = tuple(heroes or chapter.heroes)
    if campaign:
        state = first_state(chapter, campaign, heroes)
    else:
        found = _FIRST.get((id(chapter), heroes))
        if found is None or found[0] is not chapter:
            if len(_FIRST) >= 16:
                _FIRST.clear()
            first = first_state(chapter, {}, heroes)
            if first.pending is None and not first.ended:
                drawing(first)  # what the draw keeps of it (first.drawn), handed to each copy
                blocked_now(first)
            found = _FIRST[id(chapter), heroes] = (chapter, first)
        state = found[1].copy()  # never handed out itself: every game changes its own
        if found[1].drawn is not None:  # the copy's first draw finds every hero's part at once
            state.drawn = found[1].drawn.copy()
    state.seed, state.saga = seed, dict(saga or {})
    return state


_FIRST: dict[tuple, tuple[Chapter, LineState]] = {}  # by id of the chapter (kept alive here), heroes


def first_state(chapter: Chapter, campaign: Mapping[str, Any], heroes: tuple[str, ...]) -> LineState:
    """new_chapter's state worked out: the hero boards, the campaign carried over, the chapter's
    start instructions done."""
    campaign = dict(campaign)
    crossed = {h: [list(x) for x in v] for h, v in campaign.get("crossed", {}).items()}
    won = campaign.get("talent_tiles", {})
    boards = {}
    for hero_id in heroes:
        hero = chapter.roster[hero_id]
        board = HeroBoard(hero_id)
        board.talent_tiles = [t for t in won.get(hero_id, [])]
        board.reserve = [*reversed(STANDARD_SIZES), *board.talent_tiles]  # s5 to s1: the very ids
        # of STANDARD_SIZES, the same str objects every game (the draw's keys compare by identity)
        boards[hero_id] = board
        rows = crossed.setdefault(hero_id, [])
        for talent in hero.all_talents()[len(rows):]:  # a companion's talents too, crossed or not
            rows.append([False] * len(talent.word))
    state = LineState(chapter, boards, crossed=crossed,
                      inventory=list(campaign.get("inventory", [])),
                      currency=int(campaign.get("currency", chapter.start_currency)),
                      missions={k: dict(v) for k, v in campaign.get("missions", {}).items()},
                      gained_heroes=list(campaign.get("gained_heroes", [])),
                      kept_tiles={h: list(t) for h, t in won.items()},
                      companions=list(campaign.get("companions", [])))
    out: list[Event] = []
    push(state, Job("steps", card="", steps=chapter.start))
    proceed(state, out)
    return state


def campaign_of(state: LineState) -> dict[str, Any]:
    """What outlives the chapter, ready for the next one."""
    tiles = {**{h: list(t) for h, t in state.kept_tiles.items()},  # heroes not in this chapter too
             **{h: list(b.talent_tiles) for h, b in state.heroes.items() if b.talent_tiles}}
    return {"inventory": list(state.inventory), "currency": state.currency,
            "missions": {k: dict(v) for k, v in state.missions.items()},
            "crossed": {h: [list(x) for x in v] for h, v in state.crossed.items()},
            "talent_tiles": tiles, "gained_heroes": list(state.gained_heroes),
            "companions": list(state.companions)}
