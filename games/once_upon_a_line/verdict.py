"""The proof's verdict in a chapter writer's words: each route that never reached the Epilogue,
named by the option that led there and its likeliest cause (the step that was skipped for an item
never gained, too little currency or a hero not in play; the Lock box that never opened; the words
on the way that stayed covered), and the margin of a sound chapter."""
from __future__ import annotations

from games.once_upon_a_line.chapter import Chapter
from games.once_upon_a_line.grid import ZONE_NAMES
from games.once_upon_a_line.proof import Playthrough, Proof, goal_cards
from games.once_upon_a_line.state import LineState
from games.once_upon_a_line.steps import condition_met
from games.once_upon_a_line.story import Condition, Problems, Step
from games.once_upon_a_line.telling import money, tell_step


def check_proof(chapter: Chapter, proof: Proof, problems: Problems) -> None:
    """Every route must reach the Epilogue; a failed one is named by its last choice and cause."""
    goals, named = goal_cards(chapter), set()
    for route in proof.routes:
        if route.won or route.choices[-1:] in named:
            continue
        named.add(route.choices[-1:])
        problems.add(*failure(route, goals))


def failure(route: Playthrough, goals: set[str]) -> tuple[str, str]:
    cause = blocker(route.final, goals)
    ending = "the Line of Tragedy ran out" if route.ending == "tragedy" else route.ending
    told = (f"the automatic player could not reach the Epilogue ({ending} after "
            f"{len(route.commands)} commands): {cause}")
    if not route.choices:
        return "playthrough", told
    *before, (card, label) = route.choices
    earlier = "".join(f"; chosen before: {was!r} on card {c}" for c, was in before)
    return f"card {card}", f"option {label!r} leads to no Epilogue: {told}{earlier}"


def proof_report(name: str, proof: Proof) -> str:
    """'prologue.toml: proof ok: 13 hourglasses left, 16 commands (2 routes: ...)'."""
    best, routes, choices = proof.best, len(proof.routes), proof.choice_points()
    tried = (f"every option of {choices} choice{'s' * (choices != 1)} tried" if choices
             else "no choice to try")
    if proof.capped:
        tried = f"at most {proof.limit}, so later choices were tried by their first option only"
    return (f"{name}: proof ok: {best.hourglasses_left} hourglass{'es' * (best.hourglasses_left != 1)}"
            f" left, {len(best.commands)} commands ({routes} route{'s' * (routes != 1)}: {tried})")


def blocker(state: LineState, goals: set[str]) -> str:
    """The likeliest cause, in one clause. `goals`: the cards that lead to the Epilogue."""
    unread = {g for g in goals if g not in state.read} | {"@epilogue"}
    return (_skipped_step(state, unread) or _closed_lock(state, goals)
            or _covered_words(state, goals) or _untaken_card(state, unread))


def _leads(chapter: Chapter, step: Step, unread: set[str]) -> bool:
    if step.action == "epilogue":
        return True
    if step.action == "take":
        return str(step.value) in unread
    return step.action == "challenge" and step.value in chapter.challenges and \
        chapter.challenges[step.value].solved in unread


def _skipped_step(state: LineState, unread: set[str]) -> str:
    """A step on the way to the Epilogue that never ran, its condition (or an earlier one) unmet."""
    chapter = state.chapter
    lists = [("[chapter] start", chapter.start)]
    for key in state.read:
        if key not in state.discarded:
            for ins in chapter.cards[key].instructions:
                lists += [(f"card {key}", s) for s in (ins.steps, *ins.options)]
    for place, steps in lists:
        for i, step in enumerate(steps):
            if step.condition is None or condition_met(state, step.condition):
                continue
            target = next((s for s in steps[i:] if _leads(chapter, s, unread)), None)
            if target is not None:
                return (f"{place}: the step '{tell_step(target, chapter.currency)}' never ran: "
                        f"{_unmet(state, step.condition)}")
            break  # the rest of this list was skipped, and leads nowhere needed
    return ""


def _unmet(state: LineState, cond: Condition) -> str:
    chapter, v = state.chapter, cond.value
    if cond.kind == "item":
        givers = sorted({k for k, c in chapter.cards.items() for ins in c.instructions
                         for s in (*ins.steps, *(s for o in ins.options for s in o))
                         if s.action == "gain_item" and s.value == v})
        if not givers:
            return f"it needs the item {v}, which no card of this chapter gives"
        if not set(givers) & set(state.read):
            return f"it needs the item {v}, never gained (card {', '.join(givers)} gives it, unread)"
        return f"it needs the item {v}, which the route lost before"
    if cond.kind == "no_item":
        return f"it needs the inventory without {v}"
    if cond.kind == "hero":
        return f"it needs {v} in play"
    if cond.kind == "guild":
        return f"it needs a hero of the {v} guild in play"
    return (f"it needs {money(int(v), chapter.currency)}, the route had "
            f"{money(state.currency, chapter.currency)}")


def _goal_words(state: LineState, goals: set[str]):
    return [w for w in state.chapter.grid.words
            if not w.power and w.key in goals and w.text not in state.completed]


def _closed_lock(state: LineState, goals: set[str]) -> str:
    chapter = state.chapter
    for word in _goal_words(state, goals):
        for name, cells in chapter.grid.locks.items():
            if name in state.unlocked or not cells & set(word.cells):
                continue
            openers = sorted({k for k, c in chapter.cards.items() for ins in c.instructions
                              for s in (*ins.steps, *(s for o in ins.options for s in o))
                              if s.action == "unlock" and s.value == name})
            why = (f"card {', '.join(openers)} opens it and was never read" if openers
                   else "no card opens it")
            return f"the Lock box {name} over {word.text} never opened ({why})"
    return ""


def _covered_words(state: LineState, goals: set[str]) -> str:
    words = _goal_words(state, goals)
    if not words:
        return ""
    shown = ", ".join(f"{w.text} (zone {w.zone} {ZONE_NAMES[w.zone]})" for w in words[:4])
    return f"still covered on the way to the Epilogue: {shown}"


def _untaken_card(state: LineState, unread: set[str]) -> str:
    """A card on the way that no followed step took: the route chose or declined past it."""
    chapter = state.chapter
    for key in sorted(unread - {"@epilogue"}):
        leading = sorted({k for k, c in chapter.cards.items() for ins in c.instructions
                          for s in (*ins.steps, *(s for o in ins.options for s in o))
                          if s.action != "epilogue" and _leads(chapter, s, {key})})
        if leading:
            return (f"card {key} was never taken: card {', '.join(leading)} leads to it, by a step "
                    f"this route did not follow")
    return "no card left to read leads to the Epilogue"
