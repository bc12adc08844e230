"""The zygote gathers the code its rehearsal ran into fresh copies; the functions work as before."""
from __future__ import annotations

import gc
import weakref

from tui.serve.hot_code import gather, noting


def ran_in_rehearsal(values):
    def doubled(v):
        return 2 * v

    return [doubled(v) for v in values]


def never_ran(values):
    return sum(values)


def test_gather_copies_the_code_that_ran_and_only_it():
    before_ran, before_not = ran_in_rehearsal.__code__, never_ran.__code__
    ran = noting(lambda: ran_in_rehearsal([1, 2]))
    assert before_ran in ran and before_not not in ran

    assert gather(ran) >= 1
    assert ran_in_rehearsal.__code__ is not before_ran  # a fresh copy ...
    assert ran_in_rehearsal.__code__.co_code == before_ran.co_code  # ... of the same code
    assert never_ran.__code__ is before_not
    assert ran_in_rehearsal([3, 4]) == [6, 8] and never_ran([3, 4]) == 7


def test_code_made_inside_a_gathered_function_is_copied_with_it():
    ran = noting(lambda: ran_in_rehearsal([1]))
    inner = [c for c in ran_in_rehearsal.__code__.co_consts if hasattr(c, "co_name")
             and c.co_name == "doubled"][0]
    gather(ran)
    copied = [c for c in ran_in_rehearsal.__code__.co_consts if hasattr(c, "co_name")
              and c.co_name == "doubled"][0]
    assert copied is not inner and copied.co_code == inner.co_code


class Counter:
    """A class whose methods the rehearsal below runs."""

    def __init__(self, start):
        self.start = start

    def next(self):
        return self.start + 1

    @classmethod
    def zero(cls):
        return cls(0)

    @property
    def doubled(self):
        return 2 * self.start


def test_the_module_and_class_hold_fresh_functions_that_work_the_same():
    old_function, old_method = ran_in_rehearsal, Counter.__dict__["next"]
    old_classmethod, old_property = Counter.__dict__["zero"], Counter.__dict__["doubled"]
    old_function.tag = "kept"
    ran = noting(lambda: (ran_in_rehearsal([1]), Counter.zero().next(), Counter(2).doubled))

    gather(ran)
    fresh = globals()["ran_in_rehearsal"]
    assert fresh is not old_function and fresh.__qualname__ == old_function.__qualname__
    assert fresh.tag == "kept"  # one attribute dict for both
    assert Counter.__dict__["next"] is not old_method
    assert Counter.__dict__["zero"] is not old_classmethod
    assert Counter.__dict__["doubled"] is not old_property
    assert fresh([5]) == [10] and old_function([5]) == [10]
    assert Counter.zero().next() == 1 and Counter(4).doubled == 8


def test_gather_keeps_nothing_alive_that_the_rehearsal_dropped():
    class Table:
        """Stands for the rehearsal's app: only a closure (in a cycle) holds it after the run."""

    def rehearsal():
        table = Table()
        table.callback = lambda: table  # a cycle: only the collector frees it
        table.callback()
        return weakref.ref(table)

    dropped = []
    ran = noting(lambda: dropped.append(rehearsal()))
    gather(ran)
    gc.collect()
    assert dropped[0]() is None
