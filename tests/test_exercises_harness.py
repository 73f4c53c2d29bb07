"""The guarantees of the shared checker, one by one: structural stubs,
print instead of return, read-only arguments, time limits, constraints on
the answer's code, full precision, numbers only, hashed answers."""

import threading

import numpy as np
import pytest
from mlcourse import exercises
from mlcourse.exercises import (
    Case,
    answer_digest,
    check_answer,
    check_function,
    check_value,
    forbidden_in,
    is_stub_function,
    loop_in,
    own_code_problem,
)


def double(x):
    return 2 * x


CASES = [
    Case((np.array([1.0, 2.0]),), description="two numbers"),
    Case((np.array([3.0, -1.0, 0.5]),), description="three", random=True),
]


def check(candidate, **kwargs):
    return check_function(candidate, double, CASES, name="double", **kwargs)


# ------------------------------------------------------------------- stubs


def stub_docstring_only(x):
    """Your answer."""


def stub_comment_and_ellipsis(x):
    # Your answer goes here
    ...


def stub_raises(x):
    """Write me."""
    raise NotImplementedError()


def not_a_stub_returns_none(x):
    x.sum()


@pytest.mark.parametrize(
    "func", [stub_docstring_only, stub_comment_and_ellipsis, stub_raises]
)
def test_stubs_are_recognised_from_their_code(func):
    assert is_stub_function(func)
    assert check(func).status == "not attempted"


def test_bytecode_fallback_recognises_a_stub_without_source():
    scope = {}
    exec(compile("def f(x):\n    ...\n", "<no source>", "exec"), scope)
    assert is_stub_function(scope["f"])
    exec(compile("def g(x):\n    return 2 * x\n", "<none>", "exec"), scope)
    assert not is_stub_function(scope["g"])


def test_a_function_returning_none_is_an_attempt():
    assert not is_stub_function(not_a_stub_returns_none)
    result = check(not_a_stub_returns_none)
    assert result.status == "wrong"
    assert "forget the `return`" in result.message


def test_print_instead_of_return():
    def printer(x):
        print(2 * x)

    result = check(printer)
    assert result.status == "wrong"
    assert "Use `return` instead of `print`" in result.message
    assert "[2. 4.]" in result.message  # what it printed


# ------------------------------------------------------------ read-only


def test_in_place_change_of_an_array_is_reported():
    def doubles_in_place(x):
        x *= 2
        return x

    result = check(doubles_in_place)
    assert result.status == "wrong"
    assert "in place" in result.message


def test_in_place_change_of_a_list_is_reported():
    def appends(items):
        items.append(0)
        return len(items)

    result = check_function(appends, len, [Case(([1, 2],))], name="appends")
    assert "changed its argument `items` in place" in result.message


def test_original_cases_are_untouched():
    def mutates(x):
        x.setflags(write=True)
        x[0] = 99.0
        return 2 * x

    check(mutates)
    assert CASES[0].args[0][0] == 1.0


# ------------------------------------------------------------ time limit


def test_a_loop_that_never_ends_is_stopped(monkeypatch):
    monkeypatch.setattr(exercises, "TIME_LIMIT", 0.3)

    def forever(x):
        while True:
            try:
                pass
            except Exception:  # cannot swallow the time limit
                pass

    result = check(forever)
    assert result.status == "error"
    assert "was stopped" in result.message


def test_time_limit_off_the_main_thread(monkeypatch):
    monkeypatch.setattr(exercises, "TIME_LIMIT", 0.3)
    box = {}

    def forever(x):
        while True:
            pass

    before = threading.active_count()
    worker = threading.Thread(target=lambda: box.update(r=check(forever)))
    worker.start()
    worker.join(10)
    assert "was stopped" in box["r"].message
    # the answer's own thread is stopped too, not left spinning
    assert threading.active_count() == before


# ------------------------------------------------------------ constraints


def test_loops_are_found():
    def with_for(x):
        return sum(v for v in x)

    def with_while(x):
        i = 0
        while i < 1:
            i += 1
        return x

    def helper(x):
        return [v for v in x]

    def calls_helper(x):
        return np.array(helper(x))

    def vectorized(x):
        return np.vectorize(lambda v: 2 * v)(x)

    assert "comprehension" in loop_in(with_for)
    assert "while" in loop_in(with_while)
    assert loop_in(calls_helper)
    assert "vectorize" in loop_in(vectorized)
    assert loop_in(double) == ""
    result = check(with_while, no_loops=True)
    assert "no Python loop" in result.message


def test_forbidden_functions_by_name_and_alias():
    import numpy

    fit = numpy.polyfit

    def by_attribute(x, y):
        return np.polyfit(x, y, 1)

    def by_alias(x, y):
        return fit(x, y, 1)

    assert forbidden_in(by_attribute, ["numpy.polyfit"]) == "numpy.polyfit"
    assert forbidden_in(by_alias, ["numpy.polyfit"]) == "numpy.polyfit"
    assert forbidden_in(double, ["numpy.polyfit"]) == ""
    assert forbidden_in(np.polyfit, ["numpy.polyfit"]) == "numpy.polyfit"


def test_own_code():
    assert own_code_problem(double) == ""
    assert "library function" in own_code_problem(np.sum)
    assert "not a function" in own_code_problem(len)


# ------------------------------------------------------------ messages


def test_values_that_look_equal_are_printed_in_full():
    def nearly(x):
        return 2 * x + 1e-6

    result = check(nearly)
    assert "2.000001" in result.message
    assert "differ by" in result.message


def test_a_random_case_shows_its_arguments():
    def wrong_on_three(x):
        return 2 * x if len(x) == 2 else x

    result = check(wrong_on_three)
    assert "The arguments were" in result.message
    assert "0.5" in result.message


def test_numbers_only():
    result = check_value("4810", 4810, name="n")
    assert result.status == "wrong" and "not a string" in result.message
    assert check_value(4810, 4810, name="n").passed
    result = check_function(
        lambda x: str(2 * x[0]), lambda x: 2 * x[0], CASES[:1], name="f"
    )
    assert "not a string" in result.message
    assert not check_value(True, 1, name="n").passed


def test_value_checks_never_print_the_expected_value():
    result = check_value(41, 42, name="n", hint="count again")
    assert "42" not in result.message
    assert result.message == "Not quite: `n` is not right.\nHint: count again"


def test_hashed_answers():
    digest = answer_digest([1.5, -2])
    assert check_answer([1.5, -2.0], digest, name="a", shape=(2,)).passed
    assert check_answer(np.array([1.5, -2]), digest, name="a", shape=(2,))
    wrong = check_answer([1.5, 2], digest, name="a", shape=(2,))
    assert wrong.status == "wrong" and "-2" not in wrong.message
    assert (
        "shape (2,)" in check_answer(1.5, digest, name="a", shape=(2,)).message
    )
    assert check_answer(..., digest, name="a").status == "not attempted"
    assert not check_answer(
        4810.5, answer_digest(4810), name="n", integer=True
    ).passed
