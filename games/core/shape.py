"""Whether a command is well formed: every field holds a value of the type its annotation names.

The table refuses a malformed command before the rules see it, and a save's log is read through
the same check, so no game has to guard its rules against a slot that is a string.
"""
from __future__ import annotations

import dataclasses
import enum
import functools
import reprlib
import types
import typing
from typing import Any

_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother = 40, 60
_SHORT.maxlist = _SHORT.maxtuple = _SHORT.maxdict = 4


def shown(value: Any) -> str:
    """A value as a player may read it in a reason: its repr, cut short (a save may hold 200 KB)."""
    return _SHORT.repr(value)


@functools.cache
def field_types(cls: type) -> dict[str, Any]:
    """The resolved annotation of each field of a command class (annotations are strings here)."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}


@functools.cache
def _parts(hint: Any) -> tuple[Any, tuple]:
    """An annotation's origin and arguments (asked for every field of every command sent)."""
    return typing.get_origin(hint), typing.get_args(hint)


def fits(value: Any, hint: Any) -> bool:
    """Whether `value` is of the annotated type: plain types, enums, tuples, Optional and unions,
    Literal."""
    origin, args = _parts(hint)
    if hint is Any:
        return True
    if origin in (typing.Union, types.UnionType):
        return any(fits(value, arg) for arg in args)
    if origin is typing.Literal:
        return any(type(value) is type(arg) and value == arg for arg in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(fits(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(fits, value, args))
    if hint is None or hint is type(None):
        return value is None
    if hint in (int, float):  # True is an int to Python, never to a player
        return isinstance(value, hint if hint is int else (int, float)) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    raise TypeError(f"a command field annotated {hint!r} cannot be checked")


def wanted(hint: Any) -> str:
    """What an annotation asks for, in a player's words."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(wanted(arg) for arg in args)
    if origin is typing.Literal or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        choices = args if origin is typing.Literal else [member.value for member in hint]
        return "one of " + ", ".join(map(repr, choices))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return f"a list, each item {wanted(args[0])}"
    if origin is tuple:
        return f"a list of {len(args)}: " + ", ".join(map(wanted, args))
    words = {int: "a whole number", float: "a number", bool: "true or false", str: "text",
             type(None): "nothing"}
    return words.get(hint, f"a {getattr(hint, '__name__', hint)}")


def malformed(command: Any) -> str | None:
    """Why a command's fields do not match its annotations, or None when every one does."""
    kind = type(command).__name__
    for name, hint in field_types(type(command)).items():
        value = getattr(command, name, None)
        if not fits(value, hint):
            return f"{kind}.{name} must be {wanted(hint)}, not {shown(value)}"
    return None


def from_plain(value: Any, hint: Any) -> Any:
    """A value read from TOML in the annotated type where it has one: lists become tuples, enum
    values become members. Anything else is left for `fits` to judge."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        for arg in args:
            converted = from_plain(value, arg)
            if fits(converted, arg):
                return converted
        return value
    if origin is tuple and isinstance(value, list):
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_plain(item, args[0]) for item in value)
        return tuple(map(from_plain, value, args)) if len(args) == len(value) else tuple(value)
    enum_value = not isinstance(value, bool) and isinstance(hint, type) and issubclass(hint, enum.Enum)
    if enum_value and not isinstance(value, hint):
        try:
            return hint(value)
        except (ValueError, TypeError):
            return value
    return value


def to_plain(value: Any) -> Any:
    """A field value TOML can hold: enum members by their value, tuples as lists."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [to_plain(item) for item in value]
    return value
