"""The saga (the Tales of the Wend): its chapters in order, what a finished chapter hands the next
(the campaign: inventory, currency, missions, talents, heroes gained), the score sheet, the heroes
the players may choose from, and the ending its total earns.

A chapter's table options carry the saga: {"chapter": id, "campaign": what the last chapter left,
"heroes": those chosen, "saga": {"id", "sheet": one entry per chapter played before, "played":
heroes played before}}. Each chapter is its own save, so replaying one from its start (a fork, with
a saga id of its own) never touches the chapters saved after it.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Mapping

from games.core.words import counted
from games.once_upon_a_line import content
from games.once_upon_a_line.scoring import chapter_score
from games.once_upon_a_line.setup import campaign_of
from games.once_upon_a_line.state import LineState

SAGA_TITLE = "Tales of the Wend"


def saga_order() -> tuple[str, ...]:
    """The chapters in the order they are played: by their number, then their file name."""
    return _order(tuple(content.chapter_files()))


@cache
def _order(paths: tuple) -> tuple[str, ...]:
    found = []
    for path in paths:
        head = tomllib.loads(path.read_text(encoding="utf-8")).get("chapter", {})
        found.append((int(head.get("number", 0)), path.stem))
    return tuple(stem for _, stem in sorted(found))


def next_chapter(chapter_id: str) -> str | None:
    order = saga_order()
    at = order.index(chapter_id) if chapter_id in order else len(order)
    return order[at + 1] if at + 1 < len(order) else None


def saga_of(options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The saga a table belongs to; a first chapter opens one, named by its seed."""
    saga = dict(options.get("saga") or {})
    saga.setdefault("id", f"wend-{seed}")
    saga.setdefault("sheet", [])
    saga.setdefault("played", [])
    return saga


def result(state: LineState) -> dict[str, Any]:
    """This chapter's line of the score sheet."""
    return {"chapter": state.chapter.id, "title": state.chapter.title, "ended": state.ended,
            "score": chapter_score(state)}


def entry_line(entry: Mapping[str, Any]) -> str:
    """'Lantern Night: 12 points', 'Lantern Night: Tragedy, 3 points', 'Lantern Night: in progress'."""
    if not entry.get("ended"):
        return f"{entry['title']}: in progress"
    tragedy = "Tragedy, " if entry["ended"] == "tragedy" else ""
    return f"{entry['title']}: {tragedy}{counted(int(entry['score']), 'point')}"


def sheet(state: LineState) -> list[dict[str, Any]]:
    """The score sheet so far: the chapters before this one, then this one."""
    return [*state.saga.get("sheet", []), result(state)]


def total(entries: list[Mapping[str, Any]]) -> int:
    return sum(int(e["score"]) for e in entries if e.get("ended"))


def save_group(state: LineState) -> dict[str, Any]:
    """The saga's chapters shown together in the save menu (Game.save_group)."""
    order = saga_order()
    at = order.index(state.chapter.id) if state.chapter.id in order else len(order)
    return {"id": state.saga.get("id", f"wend-{state.seed}"), "title": SAGA_TITLE, "order": at,
            "line": entry_line(result(state)),
            "sheet": [entry_line(e) for e in state.saga.get("sheet", [])], "total": total(sheet(state))}


def available_heroes(state: LineState) -> list[str]:
    """Heroes the players may choose for the next chapter: those played so far in the saga and
    those gained, not retired."""
    retired = {h for h, board in state.heroes.items() if board.retired}
    played = [*state.saga.get("played", []), *state.heroes, *state.gained_heroes]
    return [h for h in dict.fromkeys(played) if h not in retired]


def next_options(state: LineState, heroes: tuple[str, ...] | None = None) -> dict[str, Any] | None:
    """The options of the next chapter's table, carrying on from this one; None after the last."""
    following = next_chapter(state.chapter.id)
    if following is None or not state.ended:
        return None
    saga = {"id": state.saga.get("id", f"wend-{state.seed}"), "sheet": sheet(state),
            "played": available_heroes(state)}
    options: dict[str, Any] = {"chapter": following, "campaign": campaign_of(state), "saga": saga}
    if heroes:
        options["heroes"] = list(heroes)
    return options


def fork_options(state: LineState, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """A finished chapter replayed from its start: the same options, in a saga of its own."""
    return {**options, "saga": {**state.saga, "id": f"{state.saga['id']}-fork-{seed}"}}


@cache
def endings() -> tuple[dict[str, Any], ...]:
    """The saga's endings, best first: each earned by a total of at least `at_least` points."""
    path = resources.files("games.once_upon_a_line") / "content" / "saga.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return tuple(sorted(data["ending"], key=lambda e: -int(e["at_least"])))


def ending(entries: list[Mapping[str, Any]]) -> dict[str, Any]:
    """The ending the saga's total earns (the last one whatever the total, even below 0)."""
    points = total(entries)
    return next((e for e in endings() if points >= int(e["at_least"])), endings()[-1])


@dataclass(frozen=True)
class SagaView:
    """What the end of a chapter shows of the saga: its score sheet, the ending once the last
    chapter is told, and how to carry on (the next chapter, the heroes to choose from)."""

    sheet: tuple[str, ...]
    total: int
    next_title: str = ""
    choose: bool = False  # the players choose the next chapter's heroes
    heroes_needed: int = 0
    available: tuple[tuple[str, str], ...] = ()  # (hero id, name)
    carry_on: Mapping[str, Any] | None = None  # the next chapter's table options, heroes not chosen
    ending: tuple[str, str] | None = None  # (title, text)


def saga_view(state: LineState) -> SagaView | None:
    """The saga at the end of a chapter (None while it is played)."""
    if not state.ended:
        return None
    entries = sheet(state)
    lines, points = tuple(entry_line(e) for e in entries), total(entries)
    options = next_options(state)
    if options is None:
        told = ending(entries)
        return SagaView(lines, points, ending=(told["title"], told["text"].strip()))
    following = content.load_chapter(options["chapter"])
    heroes = [h for h in available_heroes(state) if h in following.roster]
    for hero in following.heroes:  # a chapter's own heroes may always play it
        if hero not in heroes:
            heroes.append(hero)
    return SagaView(lines, points, following.title, following.choose, len(following.heroes),
                    tuple((h, following.roster[h].name) for h in heroes), options)
