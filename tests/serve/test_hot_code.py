"""The zygote gathers the code its rehearsal ran into fresh copies; the functions work as before."""
from __future__ import annotations

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
