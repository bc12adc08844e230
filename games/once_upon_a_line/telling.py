"""Instructions told in a player's words, for the reading pane and the ongoing list."""
from __future__ import annotations

from games.core.words import counted
from games.once_upon_a_line.story import Condition, Instruction, Step

TRIGGER_WORDS = {"stop": "a Stop is uncovered", "skull": "a Skull is uncovered",
                 "hourglass": "an hourglass is scratched", "move": "a hero changes zone"}


def money(amount: int, currency: str) -> str:
    """'1 fin', '3 fins': a chapter names its currency in the plural."""
    return counted(amount, currency[:-1] if currency.endswith("s") else currency, currency)


def tell_condition(condition: Condition, currency: str) -> str:
    v = condition.value
    return {"item": f"if you have {v}", "no_item": f"if you do not have {v}",
            "hero": f"if {v} is in play", "guild": f"if a {v} hero is in play",
            "currency": f"if you have at least {money(v, currency)}"}[condition.kind]


def tell_step(step: Step, currency: str) -> str:
    a, v = step.action, step.value
    text = {
        "scratch": "scratch the Starting boxes for free" if v == "start"
        else f"scratch {', '.join(v) if isinstance(v, list) else v} for free",
        "unlock": f"open the Lock box {v}", "take": f"take card {v}",
        "discard": "discard this card" if v == "this" else f"discard card {v}",
        "gain_item": f"add {v} to the inventory", "lose_item": f"remove {v} from the inventory",
        "currency": f"gain {money(v, currency)}" if isinstance(v, int) and v >= 0
        else f"pay {money(abs(v), currency)}" if isinstance(v, int) else f"pay {v} {currency}",
        "utopia": counted(v, "Utopia point"), "dystopia": counted(v, "Dystopia point"),
        "hourglass": f"scratch {counted(v, 'hourglass', 'hourglasses')}",
        "mission": f"start the mission {step.title or v}",
        "milestone": f"check a milestone of {v}", "close_mission": f"close the mission {v}",
        "deactivate": f"{v} is out of play", "reactivate": f"{v} is back in play",
        "reset": f"reset {v}", "retire": f"{v} retires", "gain_hero": f"{v} joins you",
        "companion": f"{v}'s companion joins them",
        "challenge": f"solve riddle {v}", "epilogue": f"the Epilogue ({v} Quest Points)",
        "note": str(v),
    }[a]
    if step.condition is not None:
        text = f"{tell_condition(step.condition, currency)}: {text}"
    return text


def tell(ins: Instruction, currency: str) -> str:
    kind = ("MUST" if ins.must else "MAY") + ("" if ins.now else ", ONGOING")
    if ins.options:
        body = " OR ".join(f"{label}: " + " -> ".join(tell_step(s, currency) for s in opt)
                           for label, opt in zip(ins.labels, ins.options))
    else:
        body = " -> ".join(tell_step(s, currency) for s in ins.steps)
    when = "" if ins.now else f"whenever {TRIGGER_WORDS.get(ins.on, ins.on.replace('word:', ''))}"
    if ins.on.startswith("word:"):
        when = f"when {ins.on[5:]} is uncovered"
    return f"[{kind}] " + (f"{when}: " if when else "") + body
