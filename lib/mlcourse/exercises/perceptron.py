"""Checkers for the exercises of chapter 4, "The perceptron".

- :func:`check_perceptron_update` (exercise ``ex-pc-update``): one step of
  the single-sample rule, ``perceptron_update(w, b, x, y, eta)``;
- :func:`check_first_mistake` (exercise ``ex-pc-first-mistake``): the index
  of the first mistake of a pass, ``first_mistake(X, y, w, b)``;
- :func:`check_students_from_zero` (exercise ``ex-pc-students-zero``): the
  students example run by hand from the zero vector, ``a_final``.

Each returns a :class:`~mlcourse.exercises.CheckResult` and never raises.
The value exercise is checked against a digest of its answer: the answer
is written nowhere in the library, and a wrong attempt is told only that
it is wrong, with a hint.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_answer, check_function, fresh_rng

__all__ = [
    "check_perceptron_update",
    "check_first_mistake",
    "check_students_from_zero",
]


def _is_mistake(w, b, x, y):
    # a tie (score 0) counts as a mistake
    return not y * (float(np.dot(w, x)) + b) > 0


def _expected_update(w, b, x, y, eta=1.0):
    if _is_mistake(w, b, x, y):
        return np.asarray(w + eta * y * x, dtype=float), float(b + eta * y)
    return np.asarray(w, dtype=float), float(b)


def _pair_compare(given, expected):
    if not isinstance(given, (tuple, list)) or len(given) != 2:
        return False, "expected a pair (w_new, b_new)"
    from . import _close

    agrees, reason = _close(tuple(given), expected, 1e-9, 1e-12)
    return agrees, reason.replace("entry 0 of the result", "w_new").replace(
        "entry 1 of the result", "b_new"
    )


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


def _update_hints():
    def no_update_when_right(outcomes) -> bool:
        return all(
            o.agrees or not _is_mistake(*o.case.args[:4]) for o in outcomes
        )

    def always(given, expected, case, outcomes):
        w, b, x, y, eta = case.args
        return not _is_mistake(w, b, x, y) and np.allclose(
            given[0], w + eta * y * x
        )

    def strict(given, expected, case, outcomes):
        w, b, x, y, eta = case.args
        return y * (w @ x + b) == 0 and np.allclose(given[0], w)

    def without_bias(given, expected, case, outcomes):
        w, b, x, y, eta = case.args
        by_wx = (w + eta * y * x, b + eta * y) if y * (w @ x) <= 0 else (w, b)
        return np.allclose(given[0], by_wx[0]) and np.isclose(
            float(given[1]), by_wx[1]
        )

    def sign(given, expected, case, outcomes):
        w, b, x, y, eta = case.args
        return _is_mistake(w, b, x, y) and np.allclose(
            given[0], w - eta * y * x
        )

    def bias(given, expected, case, outcomes):
        return np.allclose(given[0], expected[0]) and not np.isclose(
            float(given[1]), expected[1]
        )

    def no_eta(given, expected, case, outcomes):
        w, b, x, y, eta = case.args
        return eta != 1 and np.allclose(given[0], w + y * x)

    return [
        (
            always,
            "update only on a mistake: a correctly classified sample leaves "
            "w and b unchanged.",
        ),
        (
            strict,
            "a score of exactly 0 is a mistake: test y * (w @ x + b) <= 0, "
            "not < 0.",
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
    ]


def check_perceptron_update(perceptron_update) -> CheckResult:
    """Check ``perceptron_update(w, b, x, y, eta) -> (w_new, b_new)``."""
    return check_function(
        perceptron_update,
        _expected_update,
        _update_cases(fresh_rng()),
        name="perceptron_update",
        compare=_pair_compare,
        hints=_update_hints(),
    )


def _expected_first_mistake(X, y, w, b):
    mistakes = np.flatnonzero(~(y * (X @ w + b) > 0))
    return int(mistakes[0]) if mistakes.size else -1


def _first_mistake_cases(rng):
    from ..datasets import students

    X, y = students()
    X, y = np.asarray(X, dtype=float), np.asarray(y)
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
        X_, y_, w_, b_ = case.args
        return expected >= 0 and y_[expected] * (X_[expected] @ w_ + b_) == 0

    def without_bias(given, expected, case, outcomes):
        X_, y_, w_, b_ = case.args
        return given == _expected_first_mistake(X_, y_, w_, 0.0)

    def last_one(given, expected, case, outcomes):
        X_, y_, w_, b_ = case.args
        mistakes = np.flatnonzero(~(y_ * (X_ @ w_ + b_) > 0))
        return mistakes.size > 1 and given == mistakes[-1]

    def compare(given, expected):
        if isinstance(given, (bool, np.bool_)) or not isinstance(
            given, (int, np.integer)
        ):
            return False, (
                "expected a whole number (an index, or -1), got "
                f"{given!r} of type {type(given).__name__}"
            )
        if given == expected:
            return True, ""
        return False, f"expected {expected}, got {given}"

    return check_function(
        first_mistake,
        _expected_first_mistake,
        _first_mistake_cases(fresh_rng()),
        name="first_mistake",
        compare=compare,
        none_hint="return -1 (not None) when no sample is a mistake.",
        hints=[
            (strict, "a score of exactly 0 is a mistake: use <= 0, not < 0."),
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


#: Digest of the answer ``[b, w1, w2, w3, w4]`` (see ``answer_digest``).
_STUDENTS_DIGEST = (
    "82231eb602fb55f3710093ad43868c33ad7b37c0db8b5925b61f9c1297cfbdc2"
)


def check_students_from_zero(a_final) -> CheckResult:
    """Check the augmented weights ``[b, w1, ..., w4]`` the students reach from 0."""
    if a_final is not None and np.shape(a_final) == (4,):
        return CheckResult(
            "wrong",
            "Not quite: give five numbers [b, w1, w2, w3, w4]: the bias "
            "first, then one weight per feature.",
        )
    return check_answer(
        a_final,
        _STUDENTS_DIGEST,
        name="a_final",
        shape=(5,),
        hint=(
            "visit Jane, Steve, Mary, Peter in this order; at a = 0 Jane's "
            "score is 0, which is a mistake; add y * [1, x] for each mistake "
            "and keep going until a whole pass makes no mistake."
        ),
    )
