"""Checkers for the exercises of chapter 4, "The perceptron".

- :func:`check_perceptron_update` (:ref:`ex-pc-update`): one step of
  the single-sample rule (equation :eq:`eq-pc-update`),
  ``perceptron_update(w, b, x, y, eta)``;
- :func:`check_first_mistake` (:ref:`ex-pc-first-mistake`): the index
  of the first mistake of a pass, ``first_mistake(X, y, w, b)``;
- :func:`check_students_from_zero` (:ref:`ex-pc-students-zero`): the
  students example run by hand from the zero vector, ``a_final``.

What a case should give: the update from the mistake rule of equation
:eq:`eq-pc-mistake`, evaluated on all the rows at once; the students' final
weights from the library's ``Perceptron`` run on the students' data (a
wrong attempt is told only that it is wrong, with a hint).
"""

from __future__ import annotations

import numpy as np

from . import WRONG, Calls, Case, CheckResult, check_function, check_value
from ._values import compare, whole_number
from .checks import with_cases

__all__ = [
    "check_perceptron_update",
    "check_first_mistake",
    "check_students_from_zero",
]


def _mistakes(X, y, w, b):
    """Whether each row is a mistake: ``y (w.x + b) <= 0``, a tie included."""
    return ~(y * (np.atleast_2d(X) @ w + b) > 0)


# ------------------------------------------------------------- one update


def _update(w, b, x, y, eta=1.0):
    if _mistakes(x, y, w, b)[0]:
        return np.add(w, eta * y * x), float(b + eta * y)
    return np.array(w, dtype=float), float(b)


def _update_cases(rng):
    cases = [
        Case(
            (np.array([0.0, 0.0]), 0.0, np.array([1.0, 2.0]), 1, 1.0),
            description="w = 0: the score is 0, a mistake",
        ),
        Case(
            (np.array([1.0, -1.0]), 0.5, np.array([2.0, 1.0]), -1, 1.0),
            description="a mistake on a sample with y = -1",
        ),
        Case(
            (np.array([1.0, -1.0]), 0.5, np.array([2.0, 1.0]), 1, 1.0),
            description="a correctly classified sample",
        ),
        Case(
            (np.array([1.0, 1.0]), 0.0, np.array([1.0, -1.0]), -1, 1.0),
            description="a sample exactly on the line",
        ),
        Case(
            (np.array([1.0, 0.0]), -2.0, np.array([1.0, 3.0]), 1, 1.0),
            description="w.x > 0 but the bias makes the score negative",
        ),
        Case(
            (np.array([-1.0, 0.0]), 3.0, np.array([1.0, 0.0]), 1, 1.0),
            description="w.x < 0 but the bias makes the score positive",
        ),
        Case(
            (np.array([1.0, 0.0]), -3.0, np.array([1.0, 2.0]), -1, 1.0),
            description="y = -1 and a bias larger than w.x: y (w.x + b) > 0",
        ),
        Case(
            (
                np.array([0.5, 0.0, 2.0]),
                -1.0,
                np.array([1.0, 1.0, -1.0]),
                1,
                0.25,
            ),
            description="learning rate 0.25",
        ),
    ]
    for _ in range(2):
        d = int(rng.integers(2, 6))
        cases.append(
            Case(
                (
                    rng.integers(-3, 4, size=d).astype(float),
                    float(rng.integers(-2, 3)),
                    rng.integers(-3, 4, size=d).astype(float),
                    int(rng.choice([-1, 1])),
                    float(rng.choice([0.5, 1.0, 2.0])),
                ),
                description=f"a random sample in {d}-D",
                random=True,
            )
        )
    return cases


@with_cases(_update_cases)
def check_perceptron_update(perceptron_update) -> CheckResult:
    """Check ``perceptron_update(w, b, x, y, eta) -> (w_new, b_new)``."""

    def mistake(case):
        w, b, x, y, eta = case.args
        return bool(_mistakes(x, y, w, b)[0])

    def always(given, expected, case):
        w, b, x, y, eta = case.args
        return not mistake(case) and np.allclose(given[0], w + eta * y * x)

    def strict(given, expected, case):
        w, b, x, y, eta = case.args
        return y * (w @ x + b) == 0 and np.allclose(given[0], w)

    def without_bias(given, expected, case):
        w, b, x, y, eta = case.args
        plain = _update(w, 0.0, x, y, eta)
        return np.allclose(given[0], plain[0]) and not np.allclose(
            given[0], expected[0]
        )

    def precedence(given, expected, case):
        w, b, x, y, eta = case.args
        slipped = y * w @ x + b <= 0
        return slipped != mistake(case) and np.allclose(
            given[0], w + eta * y * x if slipped else w
        )

    def sign(given, expected, case):
        w, b, x, y, eta = case.args
        return mistake(case) and np.allclose(given[0], w - eta * y * x)

    def bias(given, expected, case):
        return np.allclose(given[0], expected[0]) and not np.isclose(
            float(given[1]), expected[1]
        )

    def no_eta(given, expected, case):
        w, b, x, y, eta = case.args
        return eta != 1 and np.allclose(given[0], w + y * x)

    return check_function(
        perceptron_update,
        _update,
        _update_cases,
        name="perceptron_update",
        rtol=1e-9,
        atol=1e-12,
        labels=("w_new", "b_new"),
        calls=Calls(),
        hints=[
            (
                precedence,
                "mind the brackets: y * w @ x + b computes (y w).x + b; the "
                "test is y * (w @ x + b) <= 0, the whole score times y.",
            ),
            (
                always,
                "update only on a mistake: a correctly classified sample "
                "leaves w and b unchanged.",
            ),
            (
                strict,
                "a score of exactly 0 is a mistake: test "
                "y * (w @ x + b) <= 0, not < 0.",
            ),
            (
                without_bias,
                "the score includes the bias: test y * (w @ x + b) <= 0, not "
                "y * (w @ x) <= 0.",
            ),
            (
                sign,
                "the update moves w towards y * x: add eta * y * x, do not "
                "subtract it.",
            ),
            (bias, "the bias is updated too: b + eta * y."),
            (no_eta, "multiply the step by the learning rate eta."),
        ],
    )


# ----------------------------------------------------- the first mistake


def _first(X, y, w, b):
    found = np.flatnonzero(_mistakes(X, y, w, b))
    return int(found[0]) if found.size else -1


def _first_mistake_cases(rng):
    from ..datasets import students

    data = students()
    X, y = np.asarray(data.X, dtype=float), np.asarray(data.y)
    Xa = np.array([[2.0, 1.0], [4.0, 3.0], [3.0, 5.0], [1.0, 3.0], [5.0, 6.0]])
    ya = np.array([1, 1, 1, -1, -1])
    cases = [
        Case(
            (X, y, np.full(4, 0.25), 0.25),
            description="the students from a = [0.25] * 5",
        ),
        Case(
            (X, y, np.array([1.25, -0.75, -0.75, -0.75]), -0.75),
            description="the students' final weights: no mistake",
        ),
        Case(
            (Xa, ya, np.array([1.0, 2.0]), 1.0),
            description="five points, w = (1, 2), b = 1",
        ),
        Case(
            (Xa, ya, np.array([2.0, -1.0]), 1.0),
            description="five points: a sample exactly on the line",
        ),
        Case(
            (Xa, ya, np.array([-1.0, 1.0]), 0.0),
            description="five points: the bias decides the first mistake",
        ),
        Case(
            (Xa, ya, np.array([0.0, 0.4]), 4.0),
            description="five points: y = -1 where the bias outweighs w.x",
        ),
        Case(
            (Xa, ya, np.zeros(2), 0.0), description="w = 0: every score is 0"
        ),
        Case(
            (Xa, ya, np.array([1.0, 0.5]), -20.0),
            description="five points: the first mistake is the first row",
        ),
    ]
    for _ in range(2):
        n, d = int(rng.integers(6, 15)), int(rng.integers(2, 4))
        Xr = rng.integers(-3, 4, size=(n, d)).astype(float)
        wr = rng.integers(-2, 3, size=d).astype(float)
        br = float(rng.integers(-2, 3))
        yr = np.where(Xr @ wr + br > 0, 1, -1)
        position = int(rng.integers(1, n))
        yr[position:] = (
            np.where(rng.random(n - position) < 0.3, -1, 1) * yr[position:]
        )
        cases.append(
            Case(
                (Xr, yr, wr, br),
                description=f"{n} random points in {d}-D",
                random=True,
            )
        )
    return cases


@with_cases(_first_mistake_cases)
def check_first_mistake(first_mistake) -> CheckResult:
    """Check ``first_mistake(X, y, w, b) -> index`` (or -1 without a mistake)."""

    def one_based(given, expected, case, outcomes):
        # every case with a mistake is off by one upwards
        return all(
            isinstance(o.given, (int, np.integer))
            and o.given == o.expected + 1
            for o in outcomes
            if o.expected >= 0
        )

    def strict(given, expected, case, outcomes):
        X, y, w, b = case.args
        return expected >= 0 and y[expected] * (X[expected] @ w + b) == 0

    def without_bias(given, expected, case, outcomes):
        X, y, w, b = case.args
        return given == _first(X, y, w, 0.0)

    def precedence(given, expected, case, outcomes):
        X, y, w, b = case.args
        slipped = np.flatnonzero((y[:, None] * X) @ w + b <= 0)
        return given == (int(slipped[0]) if slipped.size else -1)

    def last_one(given, expected, case, outcomes):
        found = np.flatnonzero(_mistakes(*case.args))
        return found.size > 1 and given == found[-1]

    def exact(given, expected):
        problem = whole_number(given, "an index, or -1")
        return problem or compare(given, expected)

    return check_function(
        first_mistake,
        _first,
        _first_mistake_cases,
        name="first_mistake",
        compare=exact,
        calls=Calls(),
        none_hint="return -1 (not None) when no sample is a mistake.",
        hints=[
            (strict, "a score of exactly 0 is a mistake: use <= 0, not < 0."),
            (
                precedence,
                "mind the brackets: y[i] * X[i] @ w + b computes "
                "(y_i x_i).w + b; the score is y_i * (X[i] @ w + b).",
            ),
            (
                without_bias,
                "the score includes the bias: y_i * (X[i] @ w + b).",
            ),
            (
                last_one,
                "return the index of the first mistake as soon as you find "
                "it, not the last one.",
            ),
            (
                one_based,
                "Python counts from 0: the first row has index 0, and your "
                "answers are one too large on every case.",
            ),
        ],
    )


# ------------------------------------------------- the students, by hand


def _bias_last(a_final, run) -> bool:
    """Whether ``a_final`` holds the run's weights with the bias last."""
    try:
        given = np.asarray(a_final, dtype=float)
    except (TypeError, ValueError):
        return False
    return given.shape == (5,) and bool(
        np.allclose(given, np.r_[run.coef_, run.intercept_])
    )


def check_students_from_zero(a_final) -> CheckResult:
    """Check the augmented weights ``[b, w1, ..., w4]`` the students reach from 0."""
    from ..datasets import students
    from ..perceptron import Perceptron

    if a_final is not None and np.shape(a_final) == (4,):
        return CheckResult(
            WRONG,
            "Not quite: give five numbers [b, w1, w2, w3, w4]: the bias "
            "first, then one weight per feature.",
        )
    data = students()
    run = Perceptron(learning_rate=1.0).fit(data.X, data.y)
    if _bias_last(a_final, run):
        return CheckResult(
            WRONG,
            "Not quite: check the order of the five numbers. a_final is "
            "[b, w1, w2, w3, w4]: the bias first, then the weights of the "
            "four features.",
        )
    return check_value(
        a_final,
        np.r_[run.intercept_, run.coef_],
        name="a_final",
        hint=(
            "visit Jane, Steve, Mary, Peter in this order; at a = 0 Jane's "
            "score is 0, which is a mistake; add y * [1, x] for each mistake "
            "and keep going until a whole pass makes no mistake."
        ),
    )
