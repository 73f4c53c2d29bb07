"""The machinery every checker is built on (``mlcourse.exercises``), one
guarantee at a time: stubs are "Not attempted yet", a loop that never ends
is stopped (inside a bare ``except:`` too), errors name the student's
line, arguments are read-only, printing is not returning, numbers and
arrays are taken only as such, the library calls an exercise allows are
read from the code, a value taken from the notebook is reported, checks
are seeded, and a value check never shows its answer."""

from __future__ import annotations

import time

import numpy as np
import pytest
from assignments.wrong import run_cell
from mlcourse.exercises import (
    Calls,
    Case,
    check_function,
    check_value,
    checking,
    hidden_check,
    is_stub,
    is_stub_function,
    with_cases,
)


def line(x, y):
    """Least-squares line through (x, y): (intercept, slope), by lstsq."""
    design = np.column_stack([np.ones_like(x), x])
    (intercept, slope), *_ = np.linalg.lstsq(design, y, rcond=None)
    return float(intercept), float(slope)


def cases(rng):
    return [
        Case(
            (
                np.array([1.0, 2.0, -1.0, 3.0, 4.0]),
                np.array([2.0, 4.0, 0.0, 4.0, 6.0]),
            ),
            description="five points",
        ),
        Case(
            (np.array([0.0, 1.0, 2.0]), np.array([1.0, 3.0, 5.0])),
            description="a perfect line",
        ),
        Case(
            (np.round(rng.normal(size=6), 3), np.round(rng.normal(size=6), 3)),
            description="6 random points",
            random=True,
        ),
    ]


SOLUTION = """
def least_squares_line(x, y):
    x_bar, y_bar = np.mean(x), np.mean(y)
    slope = np.sum((x - x_bar) * (y - y_bar)) / np.sum((x - x_bar) ** 2)
    return y_bar - slope * x_bar, slope
"""


def answer(code: str, extra: str = "") -> object:
    """The function ``least_squares_line`` a notebook cell defines."""
    scope = {"__name__": "__main__"}
    run_cell("import numpy as np\n" + extra, scope, "<setup>")
    return run_cell(code, scope, f"<cell {abs(hash(code))}>")[
        "least_squares_line"
    ]


def check(candidate, **settings):
    settings.setdefault("calls", Calls(forbidden=("numpy.polyfit",)))
    return check_function(
        candidate, line, cases, name="least_squares_line", **settings
    )


# ------------------------------------------------------------------ stubs


@pytest.mark.parametrize(
    "body",
    [
        '    """Your answer."""\n    ...',
        "    pass",
        "    # Your answer\n    ...",
        "    raise NotImplementedError",
        "    return ...",
    ],
)
def test_stubs_are_not_attempted(body):
    stub = answer(f"def least_squares_line(x, y):\n{body}\n")
    assert is_stub_function(stub)
    result = check(stub)
    assert result.status == "not attempted" and not result
    assert result.message == (
        "Not attempted yet.\nWrite `least_squares_line` in the cell above,\n"
        "then run this cell again."
    )


def test_blank_values_are_stubs():
    assert is_stub(None) and is_stub(...) and is_stub(NotImplemented)
    assert not is_stub(0) and not is_stub("") and not is_stub(np.zeros(2))


def test_a_stub_without_source_is_read_from_its_bytecode():
    scope = {}
    exec(compile("def f(x):\n    ...\n", "<none>", "exec"), scope)
    assert is_stub_function(scope["f"])
    exec(compile("def g(x):\n    return 2 * x\n", "<none>", "exec"), scope)
    assert not is_stub_function(scope["g"])


# ---------------------------------------------------------------- correct


def test_the_solution_passes_with_seeded_random_cases():
    result = check(answer(SOLUTION))
    assert result.passed, result.message
    assert result.message == (
        "Correct: `least_squares_line` passed\n"
        "all 3 cases (2 worked examples, 1 random)."
    )
    given = [o.given for o in result.outcomes]
    again = [o.given for o in check(answer(SOLUTION)).outcomes]
    assert np.array_equal(given[-1], again[-1]), "same seed, same cases"


def test_a_list_is_accepted_for_a_tuple():
    code = SOLUTION.replace(
        "return y_bar - slope * x_bar, slope",
        "return [y_bar - slope * x_bar, slope]",
    )
    assert check(answer(code)).passed


# ------------------------------------------------------- time and errors


@pytest.mark.parametrize(
    "body",
    [
        "    while True:\n        pass",
        "    while True:\n        try:\n            while True:\n"
        "                pass\n        except:\n            pass",
        "    k = 0\n    while True:\n        try:\n            k += 1\n"
        "        except BaseException:\n            continue",
    ],
    ids=["plain", "bare except", "except BaseException"],
)
def test_a_loop_that_never_ends_is_stopped(body):
    endless = answer(f"def least_squares_line(x, y):\n{body}\n")
    start = time.perf_counter()
    with checking(time_limit=0.3):
        result = check(endless)
    assert time.perf_counter() - start < 5
    assert result.status == "error"
    assert "took longer than 0.3 seconds on case 1 of 3" in result.message


def test_a_limit_of_one_second_is_said_in_the_singular():
    endless = answer(
        "def least_squares_line(x, y):\n    while True:\n        pass\n"
    )
    with checking(time_limit=1):
        result = check(endless)
    assert "took longer than 1 second on case 1 of 3" in result.message


def test_a_loop_that_never_ends_in_a_thread():
    """Where the system cannot fork, a plain endless loop is stopped too."""
    endless = answer(
        "def least_squares_line(x, y):\n    while True:\n        pass\n"
    )
    with checking(time_limit=0.3, isolate=False):
        result = check(endless)
    assert result.status == "error" and "was stopped" in result.message


def test_an_error_names_the_line_of_the_answer():
    code = (
        "def least_squares_line(x, y):\n"
        "    x_bar = np.mean(x)\n"
        "    slope = x[10] / x_bar\n"
        "    return 0.0, slope\n"
    )
    result = check(answer(code))
    assert result.status == "error"
    assert result.message.startswith(
        "Your `least_squares_line` raised IndexError: index 10 is out of "
        "bounds for axis 0 with size 5\non case 1 of 3 (five points)."
    )
    assert (
        "The error is at line 3 of `least_squares_line`: slope = x[10] / x_bar"
        in (result.message)
    )


def test_an_error_in_a_helper_names_the_helper():
    code = (
        "def slope_of(x, y):\n"
        "    return np.sum(x * y) / np.sum(x[x > 100] ** 2, initial=0.0) + x[9]\n"
        "\n"
        "def least_squares_line(x, y):\n"
        "    return 0.0, slope_of(x, y)\n"
    )
    result = check(answer(code))
    assert "at line 2 of `slope_of`" in result.message


def test_exit_is_reported():
    code = "def least_squares_line(x, y):\n    raise SystemExit(1)\n"
    assert "called `exit`" in check(answer(code)).message


# ------------------------------------------------ arguments and returns


def test_changing_an_argument_in_place_is_reported():
    code = SOLUTION.replace("    x_bar, y_bar", "    x -= 0\n    x_bar, y_bar")
    result = check(answer(code))
    assert result.status == "wrong"
    assert "tries to change one of its arguments in place" in result.message
    assert "line 2 of `least_squares_line`: x -= 0" in result.message


def test_printing_is_not_returning():
    code = SOLUTION.replace("return ", "print(") + ")\n"
    code = code.replace("slope\n)", "slope)")
    result = check(answer(code))
    assert (
        "printed" in result.message and "instead of `print`" in result.message
    )


def test_a_missing_return_is_reported():
    code = SOLUTION.replace("return ", "result = ")
    assert "forget the `return`" in check(answer(code)).message


def test_text_is_not_a_number():
    code = "def least_squares_line(x, y):\n    return '1.1', '1.2'\n"
    message = check(answer(code)).message
    assert "entry 0 of the result: expected a number or an array" in message
    assert "give a number, not a string" in message


def test_a_value_given_as_text_is_told_what_it_should_be():
    message = check_value("[0, 2]", np.array([0.0, 2.0]), name="a").message
    assert "`a` should be 2 numbers, but it contains the text" in message
    message = check_value("1.5", 1.5, name="r").message
    assert "`r` should be one number, but it contains the text" in message


def test_a_list_is_not_an_array():
    def twice(x):
        return 2 * x

    code = "def least_squares_line(x):\n    return list(2 * x)\n"
    given = answer(code)
    result = check_function(
        given,
        twice,
        [Case((np.array([1.0, 2.0]),), description="two numbers")],
        name="least_squares_line",
    )
    assert not result.passed
    assert "expected a numpy array, got a list of 2 values" in result.message


def test_a_value_hint_is_not_given_for_a_wrong_shape():
    code = SOLUTION.replace(
        "return y_bar - slope * x_bar, slope",
        "return y_bar - slope * x_bar, (x - x_bar) * (y - y_bar)",
    )
    result = check(
        answer(code),
        hints=[(lambda g, e, c: True, "a hint about a formula")],
    )
    assert (
        "entry 1 of the result: expected a single number, got shape (5,)"
        in (result.message)
    )
    assert "a hint about a formula" not in result.message


# --------------------------------------------------------- what it calls


@pytest.mark.parametrize(
    "body,message",
    [
        (
            "    s, i = np.polyfit(x, y, 1)\n    return i, s",
            "uses `np.polyfit` (`numpy.polyfit`), which this exercise does "
            "not allow",
        ),
        (
            "    p = np.polynomial.Polynomial.fit(x, y, 1).convert()\n"
            "    return p.coef[0], p.coef[1]",
            "`numpy.polynomial.Polynomial.fit` is not among them",
        ),
        (
            "    from scipy import stats\n"
            "    fit = stats.linregress(x, y)\n"
            "    return fit.intercept, fit.slope",
            "is not among them",
        ),
        (
            "    return lsl(x, y)",
            "`mlcourse.linear_regression.least_squares_line` is not among "
            "them",
        ),
        (
            "    return reference(x, y)",
            "the checker's own code",
        ),
        (
            "    return eval('np.polyfit')(x, y, 1)[::-1]",
            "(`builtins.eval`), which reaches code by a name computed",
        ),
        (
            "    return getattr(np, 'poly' + 'fit')(x, y, 1)[::-1]",
            "(`builtins.getattr`), which reaches code by a name computed",
        ),
        (
            "    import operator\n"
            "    return operator.attrgetter('polyfit')(np)(x, y, 1)[::-1]",
            "`operator.attrgetter`, which reaches code by a name computed",
        ),
        (
            "    return np.__dict__['poly' + 'fit'](x, y, 1)[::-1]",
            "(`numpy.__dict__`), which reaches code by a name computed",
        ),
    ],
    ids=[
        "numpy",
        "submodule",
        "scipy inside",
        "library",
        "checker",
        "eval",
        "getattr",
        "attrgetter",
        "dict",
    ],
)
def test_a_call_the_exercise_does_not_allow_is_refused(body, message):
    extra = (
        "from mlcourse.linear_regression import least_squares_line as lsl\n"
        "from mlcourse.exercises.linear_regression import _regression\n"
        "def reference(x, y):\n"
        "    fit = _regression(x, y)\n"
        "    return fit.intercept, fit.slope\n"
    )
    result = check(answer(f"def least_squares_line(x, y):\n{body}\n", extra))
    assert result.status == "wrong"
    assert message in result.message


def test_allowed_calls_are_named_in_the_refusal():
    code = (
        "def least_squares_line(x, y):\n"
        "    from scipy import special\n"
        "    return special.expit(0.0), 1.0\n"
    )
    result = check(
        answer(code), calls=Calls(allowed=("scipy.stats.t",), reason="Why.")
    )
    assert "(and `scipy.stats.t`)" in result.message
    assert result.message.endswith("Why.")


def test_a_value_from_the_notebook_is_not_taken_silently():
    code = (
        "def least_squares_line(x, y):\n"
        "    return y.mean() - slope * x.mean(), slope\n"
    )
    result = check(answer(code, "slope = 43 / 37\n"))
    assert result.status == "wrong"
    assert "uses `slope`, which it does not define" in result.message
    assert "(now a float)" in result.message


def test_a_name_nowhere_defined_is_an_error_with_a_hint():
    code = (
        "def least_squares_line(x, y):\n"
        "    return y.mean() - slop * x.mean(), slop\n"
    )
    result = check(answer(code))
    assert "NameError: name 'slop' is not defined" in result.message
    assert "Hint: a name your function uses is not defined" in result.message


def test_a_library_function_passed_as_the_answer_is_refused():
    from mlcourse.linear_regression import least_squares_line

    result = check(least_squares_line)
    assert "should be your own function" in result.message


# ----------------------------------------------------------------- seeds


def test_hidden_mode_draws_more_cases_and_hides_them():
    wrong = answer(SOLUTION.replace("slope * x_bar", "slope * x_bar + 1e-3"))
    public = check(wrong)
    assert "The arguments were" not in public.message  # a worked example
    with checking(seed=1, hidden=True):
        hidden = check(answer(SOLUTION))
    assert hidden.passed and hidden.message.endswith("passed\nall 5 cases.")
    seeds = {tuple(o.case.args[0]) for o in hidden.outcomes if o.case.random}
    assert len(seeds) == 3, "three rounds of random cases"


def test_a_random_case_shows_its_arguments_unless_hidden():
    def nearly(x, y):
        intercept, slope = line(x, y)
        return intercept + (0.1 if len(x) == 6 else 0.0), slope

    code = SOLUTION.replace(
        "return y_bar", "return (0.1 if len(x) == 6 else 0.0) + y_bar"
    )
    result = check(answer(code))
    assert "on case 3 of 3 (6 random points)" in result.message
    assert "The arguments were:\n  x = [" in result.message
    with checking(seed=5, hidden=True):
        hidden = check(answer(code))
    assert "on hidden case 3 (6 random points)" in hidden.message
    assert "The arguments were" not in hidden.message
    assert "x = [" not in hidden.message


def test_hidden_check_holds_the_answer_against_the_reference():
    scope = run_cell(SOLUTION, {"__name__": "__main__", "np": np}, "<ref>")
    reference = scope["least_squares_line"]

    @with_cases(cases)
    def checker(candidate):
        return check(candidate)

    assert hidden_check(checker, answer(SOLUTION), seed=3, reference=reference)

    def other(x, y):
        return 0.0, 0.0

    refused = hidden_check(checker, answer(SOLUTION), seed=3, reference=other)
    assert "differs from the reference solution" in refused.message


# ------------------------------------------------------------ a value


def test_a_value_check_never_shows_the_answer():
    assert check_value(..., 4810, name="n").status == "not attempted"
    for value, part in [
        (4809, "is not right"),
        ("4810", "not a string"),
        (4810.5, "whole number"),
        ([4810, 1], "shape"),
        (True, "True or False"),
    ]:
        result = check_value(
            value, 4810, name="n", integer=True, hint="count again."
        )
        assert not result.passed and part in result.message
        assert "4810" not in result.message.replace("'4810'", "")
    assert check_value(4810, 4810, name="n", integer=True).passed
