"""Gather the code a session runs onto pages of its own, before the zygote forks.

Python 3.11 writes to a code object each time it runs it (its reference count, its specialised
bytecode), and a session's write copies the whole 4 KiB page holding it from the zygote. Code
objects are made module by module at import, the few a session runs scattered among the many it
never does; so the zygote notes which code the rehearsal runs (`noting`) and gives every function
whose code ran a fresh copy of it, made one after another (`gather`): a session then copies those
pages, not a page per function. The old code objects are kept: freed, they would leave holes
across the zygote's pages for each session's new objects to fill (and so copy).
"""
from __future__ import annotations

import gc
import sys
import threading
from collections.abc import Callable
from types import CodeType, FunctionType

_kept: list[CodeType] = []


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
    """Give every function whose code is in `ran` a fresh copy of it (code made inside it, such
    as comprehensions and closures, copied too); returns how many functions were given one."""
    copies: dict[CodeType, CodeType] = {}

    def copy(code: CodeType) -> CodeType:
        if code not in copies:
            inner = tuple(copy(c) if isinstance(c, CodeType) and c in ran else c
                          for c in code.co_consts)
            copies[code] = code.replace(co_consts=inner)
        return copies[code]

    given = 0
    for thing in gc.get_objects():
        if isinstance(thing, FunctionType) and thing.__code__ in ran:
            thing.__code__ = copy(thing.__code__)
            given += 1
    _kept.extend(copies)
    return given
