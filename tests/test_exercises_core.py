"""Tests of the exercise harness (mlcourse.exercises): stubs are "Not attempted yet", crashes
are reported and never raised, wrong answers say what was expected and give a hint."""

import io
from contextlib import redirect_stdout

import numpy as np
import pytest
from mlcourse.exercises import (
    Case,
    CheckResult,
    check_function,
    check_value,
    is_stub,
)


def reference(x, y):
    """Least-squares line through (x, y): (intercept, slope)."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    slope = np.sum((x - x.mean()) * (y - y.mean())) / np.sum(
        (x - x.mean()) ** 2
    )
    return y.mean() - slope * x.mean(), slope


CASES = [
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
]


def check(candidate, **kwargs):
    return check_function(
        candidate, reference, CASES, name="least_squares_line", **kwargs
    )


# --------------------------------------------------------------------------- stubs


def stub_ellipsis(x, y):
    """Your answer."""
    ...


def stub_pass(x, y):
    pass


def stub_raise(x, y):
    raise NotImplementedError


def stub_returns_ellipsis(x, y):
    return ...


@pytest.mark.parametrize(
    "candidate",
    [stub_ellipsis, stub_pass, stub_raise, stub_returns_ellipsis, None, ...],
)
def test_stubs_are_not_attempted(candidate):
    result = check(candidate)
    assert result.status == "not attempted"
    assert not result.passed and not result
    assert result.message.startswith("Not attempted yet")
    assert "least_squares_line" in result.message


@pytest.mark.parametrize("value", [None, ..., NotImplemented])
def test_check_value_stub(value):
    result = check_value(value, 1.0, name="slope")
    assert result.status == "not attempted"
    assert (
        result.message
        == "Not attempted yet: set `slope` in the cell above, then run this cell again."
    )


def test_is_stub():
    assert is_stub(None) and is_stub(...) and is_stub(NotImplemented)
    assert (
        not is_stub(0)
        and not is_stub(np.zeros(2))
        and not is_stub("")
        and not is_stub(stub_pass)
    )


# --------------------------------------------------------------------------- correct


def test_correct_function():
    result = check(reference)
    assert result.passed and bool(result) is True
    assert result.status == "correct"
    assert (
        result.message
        == "Correct: `least_squares_line` passed all 2 cases (2 worked examples)."
    )


def test_correct_within_tolerance_and_list_for_tuple():
    result = check(lambda x, y: [v + 1e-12 for v in reference(x, y)])
    assert result.passed, result.message


def test_check_value_correct():
    result = check_value(43 / 37, 43 / 37, name="slope")
    assert result.passed
    assert result.message == "Correct: `slope` is right."
    assert check_value(np.array([1.0, 2.0]), [1.0, 2.0], name="w").passed
    assert check_value("A", "A", name="grade").passed
    assert check_value(True, True, name="separable").passed


# --------------------------------------------------------------------------- crashes


def test_a_crash_is_reported_not_raised():
    def crashes(x, y):
        return x / undefined_name  # noqa: F821

    result = check(crashes)
    assert result.status == "error"
    assert not result.passed
    assert "Your `least_squares_line` raised NameError" in result.message
    assert "undefined_name" in result.message
    assert "on case 1 of 2 (five points)" in result.message


def test_a_crash_on_a_later_case_names_that_case():
    def fails_on_three_points(x, y):
        if len(x) == 3:
            raise ZeroDivisionError("division by zero")
        return reference(x, y)

    result = check(fails_on_three_points)
    assert result.status == "error"
    assert (
        "raised ZeroDivisionError: division by zero\non case 2 of 2 (a perfect line)"
        in result.message
    )


def test_student_changes_to_the_arguments_do_not_leak():
    seen = []

    def mutates(x, y):
        x -= x.mean()
        seen.append(x.copy())
        return reference(x, y)

    check(mutates)
    np.testing.assert_array_equal(CASES[0].args[0], [1.0, 2.0, -1.0, 3.0, 4.0])


def test_not_callable():
    result = check(3.0)
    assert result.status == "wrong"
    assert "should be a function, but it is a float" in result.message


# --------------------------------------------------------------------------- wrong answers


def swapped(x, y):
    intercept, slope = reference(x, y)
    return slope, intercept


def test_wrong_answer_says_expected_and_given():
    result = check(swapped)
    assert result.status == "wrong"
    assert result.message.startswith(
        "Not quite: on case 1 of 2 (five points), entry 0 of the result:"
    )
    assert (
        "expected 1.10811, got 1.16216" in result.message
    )  # 41/37 expected, 43/37 given
    assert "Hint" not in result.message


def test_wrong_answer_gets_the_matching_hint():
    def is_swapped(given, expected, case):
        return np.allclose(given, expected[::-1])

    def never(given, expected, case):
        return False

    def broken(given, expected, case):
        raise RuntimeError("a faulty diagnosis is skipped")

    hints = [
        (broken, "never shown"),
        (never, "never shown either"),
        (
            is_swapped,
            "you returned (slope, intercept); the order is (intercept, slope).",
        ),
        (lambda g, e, c: True, "only the first matching hint is shown"),
    ]
    result = check(swapped, hints=hints)
    assert result.message.endswith(
        "\nHint: you returned (slope, intercept); the order is (intercept, slope)."
    )
    assert (
        "never shown" not in result.message
        and "only the first" not in result.message
    )


def test_tuple_length_mismatch():
    result = check(lambda x, y: reference(x, y)[1])
    assert result.status == "wrong"
    assert "expected a tuple of 2 values, got" in result.message
    result = check(lambda x, y: (1.0, 2.0, 3.0))
    assert "expected a tuple of 2 values, got a tuple of 3" in result.message


def test_shape_mismatch():
    result = check_value(np.zeros((2, 1)), np.zeros(2), name="w")
    assert result.status == "wrong"
    assert (
        result.message
        == "Not quite: `w` should have shape (2,) (2 numbers), but it has "
        "shape (2, 1)."
    )
    result = check_value(np.zeros(3), 0.0, name="loss")
    assert "should have shape ()" in result.message


def test_non_numeric_answer_is_wrong_not_a_crash():
    result = check_value({"slope": 1}, 1.0, name="slope")
    assert result.status == "wrong"
    assert "should be a number, but it is a dict" in result.message
    result = check(lambda x, y: ("a", "b"))
    assert result.status == "wrong"


def test_nan_is_never_correct():
    result = check_value(np.nan, np.nan, name="loss")
    assert result.status == "wrong"


def test_flag_and_string_answers():
    result = check_value(
        False, True, name="separable", hint="look at the plot again"
    )
    assert result.status == "wrong"
    assert (
        result.message
        == "Not quite: `separable` is not right.\nHint: look at the plot again"
    )
    result = check_value("F", "A", name="grade")
    assert "'A'" not in result.message and result.status == "wrong"
    # an array where one flag is expected is a wrong answer, not a crash
    result = check_value(np.array([True, False]), True, name="separable")
    assert result.status == "wrong"


def test_check_value_tolerances():
    assert check_value(1.0 + 1e-3, 1.0, name="x", rtol=1e-2).passed
    assert not check_value(1.0 + 1e-3, 1.0, name="x").passed


def test_custom_compare():
    def same_sign(given, expected):
        agrees = np.sign(given[1]) == np.sign(expected[1])
        return agrees, "" if agrees else "the slope has the wrong sign"

    result = check(lambda x, y: (0.0, 5.0), compare=same_sign)
    assert result.passed
    result = check(lambda x, y: (0.0, -5.0), compare=same_sign)
    assert (
        result.message
        == "Not quite: on case 1 of 2 (five points), the slope has the wrong sign."
    )


# --------------------------------------------------------------------------- display


def test_result_displays_its_message():
    result = CheckResult("correct", "Correct: well done.")
    assert repr(result) == "Correct: well done."
    buffer = io.StringIO()
    with redirect_stdout(buffer):
        result._ipython_display_()
    assert buffer.getvalue() == "Correct: well done.\n"
