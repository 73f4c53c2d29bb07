"""The checkers of the gradient-descent chapter accept the reference and explain typical mistakes."""

import numpy as np
from mlcourse.exercises.gradient_descent import (
    check_logistic_gradient,
    check_max_stable_step,
    reference_logistic_gradient,
    reference_max_stable_step,
)
from mlcourse.gradient_descent import numerical_gradient


def test_reference_logistic_gradient_matches_numerical_gradient():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(25, 3))
    y = np.where(rng.random(25) < 0.5, -1.0, 1.0)
    w = rng.normal(size=3)
    loss = lambda v: np.mean(np.logaddexp(0.0, -y * (X @ v)))
    np.testing.assert_allclose(
        reference_logistic_gradient(w, X, y),
        numerical_gradient(loss, w),
        atol=1e-8,
    )


def test_reference_max_stable_step():
    assert reference_max_stable_step(np.diag([1.0, 10.0])) == 0.2
    assert (
        abs(
            reference_max_stable_step(np.array([[2.0, 1.0], [1.0, 2.0]]))
            - 2 / 3
        )
        < 1e-12
    )


def test_logistic_gradient_checker():
    assert check_logistic_gradient(reference_logistic_gradient).passed
    stub = check_logistic_gradient(lambda w, X, y: None)
    assert stub.status == "not attempted"
    wrong_sign = check_logistic_gradient(
        lambda w, X, y: -reference_logistic_gradient(w, X, y)
    )
    assert not wrong_sign.passed and "wrong sign" in wrong_sign.message
    summed = check_logistic_gradient(
        lambda w, X, y: len(y) * reference_logistic_gradient(w, X, y)
    )
    assert (
        not summed.passed
        and "divide by the number of samples" in summed.message
    )

    def naive(w, X, y):
        return -(X.T @ (y / (1 + np.exp(y * (X @ w))))) / len(y)

    assert check_logistic_gradient(
        naive
    ).passed  # a direct formula is fine on these cases
    crash = check_logistic_gradient(lambda w, X, y: X @ y @ w)
    assert crash.status in ("error", "wrong")


def test_max_stable_step_checker():
    assert check_max_stable_step(reference_max_stable_step).passed
    assert check_max_stable_step(lambda A: ...).status == "not attempted"
    half = check_max_stable_step(lambda A: 1.0 / np.linalg.eigvalsh(A).max())
    assert not half.passed and "twice as large" in half.message
    smallest = check_max_stable_step(
        lambda A: 2.0 / np.linalg.eigvalsh(A).min()
    )
    assert not smallest.passed and "largest eigenvalue" in smallest.message
    diagonal = check_max_stable_step(lambda A: 2.0 / np.max(np.diag(A)))
    assert not diagonal.passed and "eigvalsh" in diagonal.message
    crash = check_max_stable_step(lambda A: A.nonexistent)
    assert crash.status == "error" and "AttributeError" in crash.message
