"""Commands (imperative), events (past tense) and rejections: the words the bus speaks."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence


@dataclass(frozen=True, slots=True)
class Command:
    """Something a seat asks the game to do. Subclasses are frozen dataclasses of plain values."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `visible_to` None means every seat may see it."""

    visible_to: ClassVar[frozenset[int] | None] = None

    def describe(self, names: Sequence[str]) -> str:
        return repr(self)


@dataclass(frozen=True, slots=True)
class Rejection:
    """A command the rules refused, with the reason in a player's words."""

    reason: str

    def __bool__(self) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class Accepted:
    """A command the rules applied, with the events it caused."""

    events: tuple[Event, ...]

    def __bool__(self) -> bool:
        return True


def encode_command(command: Command) -> dict[str, Any]:
    """A command as a TOML-friendly table: its class name under `type` plus its fields."""
    data = {"type": type(command).__name__}
    for field in dataclasses.fields(command):
        data[field.name] = getattr(command, field.name)
    return data


# Field annotations are strings under `from __future__ import annotations`.
_PLAIN_TYPES: dict[Any, type] = {"int": int, "bool": bool, "str": str}


def decode_command(data: dict[str, Any], known: Sequence[type[Command]]) -> Command:
    """The command a table describes; raises ValueError naming what is wrong."""
    by_name = {cls.__name__: cls for cls in known}
    kind = data.get("type")
    if kind not in by_name:
        raise ValueError(f"unknown command type {kind!r}")
    cls = by_name[kind]
    names = {f.name: f.type for f in dataclasses.fields(cls)}
    args = {k: v for k, v in data.items() if k != "type"}
    if set(args) != set(names):
        raise ValueError(f"{kind} needs fields {sorted(names)}, got {sorted(args)}")
    for name, value in args.items():
        expected = _PLAIN_TYPES.get(names[name], names[name])
        wrong_bool = expected is not bool and isinstance(value, bool)  # True is an int too
        if isinstance(expected, type) and (not isinstance(value, expected) or wrong_bool):
            raise ValueError(f"{kind}.{name} must be {expected.__name__}, got {value!r}")
    try:
        return cls(**args)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{kind}: {exc}") from exc
