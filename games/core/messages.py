"""Commands (imperative), events (past tense) and rejections: the words the bus speaks."""
from __future__ import annotations

import dataclasses
from dataclasses import MISSING, dataclass
from types import MemberDescriptorType
from typing import Any, ClassVar, Sequence

from games.core.shape import field_types, fits, from_plain, malformed, shown, to_plain


def quick_init(cls: type) -> None:
    """Give a frozen slots dataclass an __init__ that stores each field through its slot's own
    setter (the member descriptor's __set__, bound once) instead of the dataclass's
    object.__setattr__(self, name, value), which looks the name up and checks the class at every
    field: a field costs ~680 machine instructions less (SquaresScratched, five fields: 9.4k ->
    6.0k a construction, valgrind). Events are made at nearly every move of every game. The same
    parameters, defaults and annotations; instances stay frozen (the class's __setattr__ still
    refuses), equal, hashed, pickled and shown as before. A class it cannot serve as plainly (its
    own __init__ or __post_init__, a default_factory, a keyword-only or non-init field, a field
    not in a slot) keeps the dataclass's __init__."""
    own, params = cls.__dict__, cls.__dict__.get("__dataclass_params__")
    if params is None or not params.frozen or "__slots__" not in own or hasattr(cls, "__post_init__"):
        return
    init = own.get("__init__")
    if init is None or getattr(init, "__code__", None) is None or init.__code__.co_filename != "<string>":
        return  # the class wrote its own __init__ (dataclass leaves it): keep it
    fields = dataclasses.fields(cls)
    setters = []
    for field in fields:
        slot = next((k.__dict__[field.name] for k in cls.__mro__ if field.name in k.__dict__), None)
        if (not field.init or field.kw_only or field.default_factory is not MISSING
                or field.name == "self" or not isinstance(slot, MemberDescriptorType)):
            return
        setters.append(slot.__set__)
    names = [field.name for field in fields]
    source = (f"def make({', '.join(f'_set_{n}' for n in names)}):\n"
              f" def __init__(self, {', '.join(names)}):\n"
              + "".join(f"  _set_{n}(self, {n})\n" for n in names)
              + ("  pass\n" if not names else "") + " return __init__\n")
    made: dict[str, Any] = {}
    exec(source, {}, made)  # as dataclasses makes its __init__: a function of these names
    quick = made["make"](*setters)
    quick.__defaults__ = tuple(f.default for f in fields if f.default is not MISSING) or None
    quick.__annotations__ = dict(init.__annotations__)
    quick.__qualname__, quick.__module__, quick.__doc__ = init.__qualname__, init.__module__, init.__doc__
    cls.__init__ = quick


@dataclass(frozen=True, slots=True)
class Command:
    """Something a seat asks the game to do. Subclasses are frozen dataclasses of plain values
    (made with quick_init's __init__)."""

    def __init_subclass__(cls) -> None:
        # a frozen slots dataclass is made twice: once by the class statement, once more by
        # @dataclass(slots=True), which is when its fields and slots are there to read. (No
        # super(): the class @dataclass remade is not the one the method was written in, and
        # object's does nothing.)
        quick_init(cls)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. `visible_to` None means every seat may see it."""

    visible_to: ClassVar[frozenset[int] | None] = None
    reveals: ClassVar[bool] = False  # True: it shows hidden information or draws randomness (ends undo)

    def __init_subclass__(cls) -> None:  # as Command's
        quick_init(cls)

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
