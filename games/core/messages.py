"""Commands (imperative), events (past tense) and rejections: the words the bus speaks."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

from games.core.shape import field_types, fits, from_plain, malformed, shown, to_plain


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


class Shared(dict):
    """Commands of one kind made once and handed out again (they are frozen values, so one object
    serves every legal list): keyed by the command's one field, or by the tuple of its fields with
    `spread`. Legal lists are built for every move of a game; a lookup is cheaper than a new object.
    Past `keep` commands it starts afresh (a long-running server meets many)."""

    def __init__(self, kind: type[Command], spread: bool = False, keep: int = 20_000) -> None:
        super().__init__()
        self.kind, self.spread, self.keep = kind, spread, keep

    def __missing__(self, key: Any) -> Command:
        if len(self) >= self.keep:
            self.clear()
        made = self[key] = self.kind(*key) if self.spread else self.kind(key)
        return made


def encode_command(command: Command) -> dict[str, Any]:
    """A command as a TOML-friendly table: its class name under `type` plus its fields (a field that
    is None is left out: TOML has no None)."""
    data = {"type": type(command).__name__}
    for field in dataclasses.fields(command):
        value = getattr(command, field.name)
        if value is not None:
            data[field.name] = to_plain(value)
    return data


def decode_command(data: dict[str, Any], known: Sequence[type[Command]]) -> Command:
    """The command a table describes, checked like any sent command; raises ValueError naming what
    is wrong."""
    by_name = {cls.__name__: cls for cls in known}
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in by_name:
        raise ValueError(f"unknown command type {shown(kind)}")
    cls = by_name[kind]
    types = field_types(cls)
    args = {k: v for k, v in data.items() if k != "type"}
    needed = {name for name, hint in types.items() if not fits(None, hint)}
    if not needed <= set(args) <= set(types):
        raise ValueError(f"{kind} needs fields {sorted(types)}, got {shown(sorted(args))}")
    command = cls(**{name: from_plain(args.get(name), hint) for name, hint in types.items()})
    problem = malformed(command)
    if problem:
        raise ValueError(problem)
    return command
