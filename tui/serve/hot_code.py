"""Gather the code a session runs, and the functions holding it, onto pages of their own, before
the zygote forks.

Python 3.11 writes to every object it runs or reads (a code object's reference count and
specialised bytecode, a function's reference count at each call), and a session's write copies
the whole 4 KiB page holding it from the zygote. Code and functions are made module by module at
import, the few a session runs scattered among the many it never does; so the zygote notes which
code the rehearsal runs (`noting`) and gives each function whose code ran a fresh copy of it and of
its code, made one after another (`gather`), put where its module or class holds it: a session
then copies those few dense pages, not a page per function. The old objects are kept (anything
else holding one still works, and freed they would leave holes across the zygote's pages for each
session's new objects to fill, and so copy).
"""
from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable
from types import CodeType, FunctionType

_kept: list[object] = []
_WRAPPERS = (classmethod, staticmethod)


def noting(run: Callable[[], None]) -> set[CodeType]:
    """Run `run`; return the code objects of every Python function it called, in any thread."""
    ran: set[CodeType] = set()

    def note(frame, event: str, arg) -> None:
        if event == "call":
            ran.add(frame.f_code)

    sys.setprofile(note)
    threading.setprofile(note)
    try:
        run()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    return ran


def gather(ran: set[CodeType]) -> int:
    """Give every function whose code is in `ran` a fresh copy of itself and of its code (code
    made inside it, such as comprehensions and closures, copied too), in the modules and classes
    that hold it; returns how many functions were copied."""
    copies: dict[CodeType, CodeType] = {}

    def copy(code: CodeType) -> CodeType:
        if code not in copies:
            inner = tuple(copy(c) if isinstance(c, CodeType) and c in ran else c
                          for c in code.co_consts)
            copies[code] = code.replace(co_consts=inner)
        return copies[code]

    fresh: dict[int, FunctionType] = {}
    held: list[FunctionType] = []
    gc.collect()  # functions in the rehearsal's garbage: neither copied nor kept alive (0.37 MiB)
    for thing in gc.get_objects():
        if isinstance(thing, FunctionType) and thing.__code__ in ran:
            thing.__code__ = copy(thing.__code__)  # whoever else holds it runs the copy too
            fresh[id(thing)] = copy_function(thing)
            held.append(thing)
    _kept.extend(copies)
    _kept.extend(held)
    put_in_place(fresh)
    return len(fresh)


def copy_function(function: FunctionType) -> FunctionType:
    """A new function object that is `function` in all but identity (its attributes shared).
    Its annotations are left out (a session asking gets an empty dict): nothing reads them while
    the menu runs (checked), and handing the copies the old ones measured 0.5 MiB more per session."""
    twin = FunctionType(function.__code__, function.__globals__, function.__name__,
                        function.__defaults__, function.__closure__)
    twin.__kwdefaults__ = function.__kwdefaults__
    twin.__qualname__ = function.__qualname__
    twin.__module__ = function.__module__
    twin.__doc__ = function.__doc__
    twin.__dict__ = function.__dict__  # one dict for both: an attribute set on either is on both
    return twin


def put_in_place(fresh: dict[int, FunctionType]) -> None:
    """Hand the fresh functions to the classes (as methods, class and static methods, properties)
    and modules that hold the old ones."""
    for cls in [thing for thing in gc.get_objects() if isinstance(thing, type)]:
        for name, value in list(vars(cls).items()):
            twin = rewrapped(value, fresh)
            if twin is not None:
                try:
                    setattr(cls, name, twin)
                except (AttributeError, TypeError):  # a class that refuses: it keeps the old one
                    pass
    for module in list(sys.modules.values()):
        names = getattr(module, "__dict__", None)
        if isinstance(names, dict):
            for name, value in list(names.items()):
                if type(value) is FunctionType and id(value) in fresh:
                    names[name] = fresh[id(value)]


def rewrapped(value: object, fresh: dict[int, FunctionType]) -> object | None:
    """What a class should hold instead of `value` (None: keep it)."""
    kind = type(value)
    if kind is FunctionType:
        return fresh.get(id(value))
    if kind in _WRAPPERS and id(value.__func__) in fresh:
        return kind(fresh[id(value.__func__)])
    if kind is property and id(value.fget) in fresh:
        parts = [fresh.get(id(part), part) for part in (value.fget, value.fset, value.fdel)]
        return property(*parts, value.__doc__)
    return None
