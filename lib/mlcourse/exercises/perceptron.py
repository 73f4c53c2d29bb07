"""Checkers for the exercises of chapter 4, "The perceptron".

- :func:`check_perceptron_update` (exercise ex-pc-update): one step of the single-sample rule;
- :func:`check_first_mistake` (exercise ex-pc-first-mistake): the first mistake of a pass;
- :func:`check_students_from_zero` (exercise ex-pc-students-zero): the students example run
  by hand from the zero vector.

Each returns a :class:`~mlcourse.exercises.CheckResult` and never raises.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function, check_value
from ..datasets import students
from ..perceptron import Perceptron

__all__ = ["check_perceptron_update", "check_first_mistake", "check_students_from_zero",
           "reference_update", "reference_first_mistake", "STUDENTS_FROM_ZERO"]


def reference_update(w, b, x, y, eta=1.0):
    """One step of the single-sample rule: update when ``y (w @ x + b) <= 0``."""
    w = np.asarray(w, dtype=float)
    x = np.asarray(x, dtype=float)
    if y * (float(w @ x) + b) <= 0:
        return w + eta * y * x, float(b + eta * y)
    return w.copy(), float(b)


def reference_first_mistake(X, y, w, b):
    """Index of the first sample with ``y_i (w @ x_i + b) <= 0``, or -1 if there is none."""
    X = np.asarray(X, dtype=float)
    for i in range(len(X)):
        if y[i] * (float(X[i] @ w) + b) <= 0:
            return i
    return -1


def _pair_compare(given, expected):
    if not isinstance(given, (tuple, list)) or len(given) != 2:
        return False, f"expected a pair (w_new, b_new), got {given!r}"
    w_given, b_given = given
    try:
        w_given = np.asarray(w_given, dtype=float)
        b_given = float(b_given)
    except (TypeError, ValueError):
        return False, f"expected an array and a number, got {given!r}"
    if w_given.shape != expected[0].shape:
        return False, f"w_new should have shape {expected[0].shape}, got {w_given.shape}"
    if not np.allclose(w_given, expected[0]) or not np.isclose(b_given, expected[1]):
        return False, (f"expected w_new = {np.round(expected[0], 4).tolist()}, b_new = {expected[1]:g}; "
                       f"got w_new = {np.round(w_given, 4).tolist()}, b_new = {b_given:g}")
    return True, ""


def _update_cases():
    return [
        Case((np.array([0.0, 0.0]), 0.0, np.array([1.0, 2.0]), 1, 1.0), description="w = 0: the score is 0, a mistake"),
        Case((np.array([1.0, -1.0]), 0.5, np.array([2.0, 1.0]), -1, 1.0), description="a mistake on a sample with y = -1"),
        Case((np.array([1.0, -1.0]), 0.5, np.array([2.0, 1.0]), 1, 1.0), description="a correctly classified sample"),
        Case((np.array([1.0, 1.0]), 0.0, np.array([1.0, -1.0]), -1, 1.0), description="a sample exactly on the line"),
        Case((np.array([0.5, 0.0, 2.0]), -1.0, np.array([1.0, 1.0, -1.0]), 1, 0.25), description="learning rate 0.25"),
    ]


def _update_hints():
    def strict(given, expected, case):
        w, b, x, y, eta = case.args
        return y * (w @ x + b) == 0 and np.allclose(given[0], w)

    def sign(given, expected, case):
        w, b, x, y, eta = case.args
        return np.allclose(given[0], w - eta * y * x)

    def bias(given, expected, case):
        return np.allclose(given[0], expected[0]) and not np.isclose(given[1], expected[1])

    def no_eta(given, expected, case):
        w, b, x, y, eta = case.args
        return eta != 1 and np.allclose(given[0], w + y * x)

    def always(given, expected, case):
        w, b, x, y, eta = case.args
        return y * (w @ x + b) > 0 and np.allclose(given[0], w + eta * y * x)

    return [
        (always, "update only on a mistake: a correctly classified sample leaves w and b unchanged."),
        (strict, "a score of exactly 0 is a mistake: test y * (w @ x + b) <= 0, not < 0."),
        (sign, "the update moves w towards y * x: add eta * y * x, do not subtract it."),
        (bias, "the bias is updated too: b + eta * y."),
        (no_eta, "multiply the step by the learning rate eta."),
    ]


def check_perceptron_update(perceptron_update) -> CheckResult:
    """Check ``perceptron_update(w, b, x, y, eta) -> (w_new, b_new)``."""
    return check_function(perceptron_update, reference_update, _update_cases(), name="perceptron_update",
                          compare=_pair_compare, hints=_update_hints())


def check_first_mistake(first_mistake) -> CheckResult:
    """Check ``first_mistake(X, y, w, b) -> index`` (or -1 when every sample is correct)."""
    X, y = students()
    Xa = np.array([[2.0, 1.0], [4.0, 3.0], [3.0, 5.0], [1.0, 3.0], [5.0, 6.0]])
    ya = np.array([1, 1, 1, -1, -1])
    cases = [
        Case((X, y, np.full(4, 0.25), 0.25), description="the students from a = [0.25]*5"),
        Case((X, y, np.array([1.25, -0.75, -0.75, -0.75]), -0.75), description="the students' final weights: no mistake"),
        Case((Xa, ya, np.array([1.0, 2.0]), 1.0), description="five points, w = (1, 2), b = 1"),
        Case((Xa, ya, np.array([2.0, -1.0]), 1.0), description="five points: a sample exactly on the line"),
        Case((Xa, ya, np.zeros(2), 0.0), description="w = 0: every score is 0"),
    ]

    def strict(given, expected, case):
        X_, y_, w_, b_ = case.args
        return expected >= 0 and y_[expected] * (X_[expected] @ w_ + b_) == 0

    def one_based(given, expected, case):
        return given == expected + 1

    def none_left(given, expected, case):
        return expected == -1 and given == "None"

    def compare(given, expected):
        if given == "None":
            return False, f"expected {expected}, got None"
        if isinstance(given, (bool, np.bool_)) or not isinstance(given, (int, np.integer)):
            return False, f"expected an int index, got {given!r}"
        if given == expected:
            return True, ""
        return False, f"expected {expected}, got {given!r}"

    candidate = first_mistake
    if callable(first_mistake):
        answered = []

        def candidate(*args):
            # A None after real answers is a wrong answer, not a blank stub.
            result = first_mistake(*args)
            if result is None and answered:
                return "None"
            answered.append(result)
            return result

    return check_function(candidate, reference_first_mistake, cases, name="first_mistake", compare=compare,
                          hints=[(none_left, "return -1 (not None) when no sample is a mistake."),
                                 (strict, "a score of exactly 0 is a mistake: use <= 0, not < 0."),
                                 (one_based, "Python counts from 0: the first row has index 0.")])


def _students_from_zero():
    X, y = students()
    model = Perceptron().fit(X, y)
    return np.r_[model.intercept_, model.coef_]


#: The answer of exercise ex-pc-students-zero, ``[b, w1, w2, w3, w4]``.
STUDENTS_FROM_ZERO = _students_from_zero()


def check_students_from_zero(a_final) -> CheckResult:
    """Check the augmented weights ``[b, w1, ..., w4]`` the students example ends with from 0."""
    hint = ("visit Jane, Steve, Mary, Peter in this order; at a = 0 Jane's score is 0, which is a "
            "mistake; add y * [1, x] for each mistake and keep going until a whole pass is clean.")
    if a_final is not None and np.shape(a_final) == (4,):
        return CheckResult("wrong", "Not quite: give five numbers [b, w1, w2, w3, w4]: the bias first, "
                           "then one weight per feature.")
    return check_value(a_final, STUDENTS_FROM_ZERO, name="a_final", hint=hint)
