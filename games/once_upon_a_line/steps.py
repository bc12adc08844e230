"""The instruction vocabulary: each step a card may ask for, and the conditions on steps."""
from __future__ import annotations

from games.core.messages import Event
from games.core.words import counted
from games.once_upon_a_line.actions import free_scratch
from games.once_upon_a_line.events import happened
from games.once_upon_a_line.grid import parse_cell
from games.once_upon_a_line.jobs import nothing_waits, push, read_job
from games.once_upon_a_line.state import STANDARD_SIZES, HeroBoard, Job, LineState, Pending, Riddle
from games.once_upon_a_line.story import Condition, Step
from games.once_upon_a_line.telling import money


def condition_met(state: LineState, cond: Condition) -> bool:
    if cond.kind == "item":
        return cond.value in state.inventory
    if cond.kind == "no_item":
        return cond.value not in state.inventory
    if cond.kind == "hero":
        return cond.value in state.in_play()
    if cond.kind == "guild":
        return any(state.chapter.roster[h].guild == cond.value for h in state.in_play())
    if cond.kind == "currency":
        return state.currency >= int(cond.value)
    return False


def run_step(state: LineState, job: Job, out: list[Event]) -> None:
    """An instruction's steps in order; an unmet condition skips it and every later step. A step
    that leaves work (a card to read, words completed, hourglasses), a decision or the chapter's
    end pauses the rest, which waits on the stack beneath that work."""
    steps, jobs = job.steps, state.jobs
    for pos in range(job.pos, len(steps)):
        step = steps[pos]
        if step.condition is not None and not condition_met(state, step.condition):
            return
        waiting = len(jobs)
        do_step(state, step, job.card, out)
        if not nothing_waits(state, waiting):
            if pos + 1 < len(steps):
                jobs.insert(waiting, job._replace(pos=pos + 1))
            return


def do_step(state: LineState, step: Step, card: str, out: list[Event]) -> None:
    action, value = step.action, step.value  # the actions met most often asked first (200
    if action == "note":  # seeded games, a move: note 0.12, currency 0.08, gain_item 0.02)
        out.append(happened(str(value)))
    elif action == "currency":
        state.currency = max(0, state.currency + int(value))
        out.append(currency_told(value, state.chapter.currency))
    elif action == "scratch":
        if value == "start":  # the start word, in reading order
            cells = state.chapter.grid.starting
        else:
            cells = [parse_cell(c) for c in value]
        free_scratch(state, cells, out)
    elif action == "unlock":
        state.unlocked.add(value)
        out.append(happened(f"The Lock box {value} opens."))
        free_scratch(state, sorted(state.chapter.grid.locks.get(value, ()), key=lambda c: (c[1], c[0])),
                     out)
    elif action == "take":
        push(state, read_job(str(value)))
    elif action == "discard":
        key = card if value == "this" else str(value)
        state.discarded.add(key)
        out.append(happened(f"Card {key} is discarded."))
    elif action == "gain_item":
        state.inventory.append(value)
        out.append(happened(f"{value} goes into the inventory."))
    elif action == "lose_item":
        if value in state.inventory:
            state.inventory.remove(value)
            out.append(happened(f"{value} leaves the inventory."))
    elif action in ("utopia", "dystopia"):
        setattr(state, action, getattr(state, action) + int(value))
        out.append(happened(f"{counted(int(value), action.title() + ' point')}."))
    elif action == "hourglass":
        push(state, *[Job("hourglass") for _ in range(int(value))])
    elif action in ("mission", "milestone", "close_mission"):
        missions(state, action, value, step.title, out)
    elif action in ("deactivate", "reactivate", "reset", "retire", "gain_hero", "companion"):
        hero_change(state, action, value, out)
    elif action == "challenge":
        state.riddles.setdefault(value, Riddle(value))
        state.pending = Pending("riddle", card=value)
    elif action == "epilogue":
        state.ended, state.quest_points = "epilogue", int(value)
        out.append(happened(f"The Epilogue: {value} Quest Points."))


def currency_told(value: int, currency: str) -> Event:
    """What a currency step tells ('You gain 2 fins.'): made once for each sum and currency, its
    text with it (0.08 a move: the lookup costs less than wording it, counted() and money()
    calls, and looking its event up: 80,361 -> 79,970 instructions a move)."""
    found = _CURRENCY_TOLD.get((value, currency))
    if found is None:
        verb = "gain" if value >= 0 else "pay"
        found = _CURRENCY_TOLD[value, currency] = happened(
            f"You {verb} {money(abs(value), currency)}.")
    return found


_CURRENCY_TOLD: dict[tuple[int, str], Event] = {}  # by sum and currency: a few dozen


def missions(state: LineState, action: str, value: str, title: str, out: list[Event]) -> None:
    mission = state.missions.get(value)
    if action == "mission" and mission is None:
        state.missions[value] = {"title": title or value, "milestones": 0, "closed": False}
        out.append(happened(f"Mission started: {title or value}."))
    elif mission is None or mission["closed"]:
        return
    elif action == "milestone":
        mission["milestones"] += 1
        out.append(happened(f"Mission {mission['title']}: milestone {mission['milestones']}."))
    elif action == "close_mission":
        mission["closed"] = True
        state.utopia += mission["milestones"]
        out.append(happened(f"Mission {mission['title']} closed: {mission['milestones']} Utopia."))


def hero_change(state: LineState, action: str, hero: str, out: list[Event]) -> None:
    roster = state.chapter.roster
    if action == "companion":
        companion = roster[hero].companion if hero in roster else None
        if companion is not None and hero not in state.companions:
            state.companions.append(hero)
            out.append(happened(f"{companion.name} joins {roster[hero].name}: "
                                f"{counted(len(companion.talents), 'talent')} more to win."))
        return
    if action == "gain_hero":
        if hero not in state.gained_heroes:
            state.gained_heroes.append(hero)
        name = roster[hero].name if hero in roster else hero
        out.append(happened(f"{name} joins you for the chapters to come."))
        return
    board = state.heroes.get(hero)
    if board is None:
        return
    name = roster[hero].name
    state.changed(hero)
    if action == "deactivate":
        board.active = False
        out.append(happened(f"{name} is out of play until told otherwise."))
    elif action == "reactivate":
        board.active = True
        out.append(happened(f"{name} is back in play."))
    elif action == "retire":
        board.retired = True
        out.append(happened(f"{name} retires for this chapter."))
    elif action == "reset":
        reset_board(board)
        out.append(happened(f"{name} is reset: every tile back in the Reserve, at full size."))


def reset_board(board: HeroBoard) -> None:
    for i, tiles in enumerate(board.compartments):
        if tiles:
            board.reserve.extend(tiles)
            board.compartments[i] = []
    for tile_id, size in STANDARD_SIZES.items():  # every tile at full size again
        board.resize(tile_id, size)
