"""Tests of mlcourse.gradient_descent: gradient checking, schedules, gradient descent, SGD."""

import math

import numpy as np
import pytest

from mlcourse import gradient_descent as gd
from mlcourse.gradient_descent import (
    Backtracking,
    Constant,
    InverseLinear,
    InverseSqrt,
    as_schedule,
    numerical_gradient,
)

# --------------------------------------------------------------------------------------
# numerical_gradient
# --------------------------------------------------------------------------------------


def test_numerical_gradient_of_quadratic_matches_closed_form():
    rng = np.random.default_rng(0)
    M = rng.normal(size=(5, 5))
    A = M @ M.T + np.eye(5)
    b = rng.normal(size=5)
    f = lambda x: 0.5 * x @ A @ x - b @ x
    for _ in range(5):
        x = rng.normal(size=5) * 3
        np.testing.assert_allclose(numerical_gradient(f, x), A @ x - b, rtol=1e-7, atol=1e-7)


def test_numerical_gradient_keeps_the_shape_of_x():
    rng = np.random.default_rng(1)
    W = rng.normal(size=(3, 4))
    f = lambda W: np.sum(np.sin(W) * W**2)
    g = numerical_gradient(f, W)
    assert g.shape == (3, 4)
    np.testing.assert_allclose(g, np.cos(W) * W**2 + 2 * W * np.sin(W), atol=1e-7)
    T = rng.normal(size=(2, 3, 2))
    assert numerical_gradient(lambda T: np.sum(T**3), T).shape == (2, 3, 2)
    np.testing.assert_allclose(numerical_gradient(lambda T: np.sum(T**3), T), 3 * T**2, atol=1e-7)


def test_numerical_gradient_of_scalar_and_list_inputs():
    g = numerical_gradient(lambda t: np.exp(t), 0.5)
    assert np.shape(g) == ()
    assert abs(float(g) - math.exp(0.5)) < 1e-8
    np.testing.assert_allclose(numerical_gradient(lambda v: v[0] * v[1], [2, 3]), [3.0, 2.0], atol=1e-8)


def test_numerical_gradient_of_logistic_loss_matches_closed_form():
    rng = np.random.default_rng(2)
    X = rng.normal(size=(30, 3))
    y = np.where(rng.random(30) < 0.5, -1.0, 1.0)
    loss = lambda w: np.mean(np.logaddexp(0.0, -y * (X @ w)))
    w = rng.normal(size=3)
    margins = y * (X @ w)
    exact = -(X.T @ (y / (1 + np.exp(margins)))) / len(y)
    np.testing.assert_allclose(numerical_gradient(loss, w), exact, atol=1e-8)


def test_numerical_gradient_does_not_modify_x_and_is_accurate_for_large_x():
    x = np.array([1e6, -2e5])
    before = x.copy()
    g = numerical_gradient(lambda v: np.sum(v**2), x)
    np.testing.assert_array_equal(x, before)
    np.testing.assert_allclose(g, 2 * x, rtol=1e-6)


def test_numerical_gradient_bad_input():
    with pytest.raises(TypeError, match="f must be a function"):
        numerical_gradient(3.0, [1.0])
    with pytest.raises(ValueError, match="finite"):
        numerical_gradient(np.sum, [1.0, np.nan])
    with pytest.raises(ValueError, match="eps"):
        numerical_gradient(np.sum, [1.0], eps=0)
    with pytest.raises(ValueError, match="empty"):
        numerical_gradient(np.sum, [])
    with pytest.raises(ValueError, match="single number"):
        numerical_gradient(lambda v: v * 2, [1.0, 2.0])
    with pytest.raises(TypeError, match="array of numbers"):
        numerical_gradient(np.sum, "abc")


# --------------------------------------------------------------------------------------
# schedules
# --------------------------------------------------------------------------------------


def test_schedule_values():
    np.testing.assert_array_equal(Constant(0.3).values(4), [0.3, 0.3, 0.3, 0.3])
    np.testing.assert_allclose(InverseLinear(2.0).values(4), [2.0, 1.0, 2 / 3, 0.5])
    np.testing.assert_allclose(InverseSqrt(2.0).values(4), 2.0 / np.sqrt([1, 2, 3, 4]))
    assert Constant(0.3)(7) == 0.3
    assert InverseLinear(1.0)(1) == 1.0
    assert InverseLinear(1.5)(3) == 0.5
    assert InverseSqrt(3.0)(9) == 1.0
    # numpy integers are accepted as step numbers; extra arguments are ignored
    assert InverseLinear(1.0)(np.int64(4), x=np.zeros(2), gradient=np.ones(2), objective=np.sum) == 0.25


def test_schedule_bad_input():
    for cls in (Constant, InverseLinear, InverseSqrt):
        with pytest.raises(ValueError, match="greater than 0"):
            cls(-1.0)
        with pytest.raises(TypeError):
            cls("0.1")
        with pytest.raises(ValueError, match="starts at 1"):
            cls(1.0)(0)
        with pytest.raises(TypeError, match="whole number"):
            cls(1.0)(1.5)
    with pytest.raises(ValueError, match="shrink"):
        Backtracking(shrink=1.5)
    with pytest.raises(ValueError, match="c must"):
        Backtracking(c=1.0)


def test_as_schedule():
    assert isinstance(as_schedule(0.1), Constant) and as_schedule(0.1)(5) == 0.1
    s = InverseSqrt(1.0)
    assert as_schedule(s) is s
    f = as_schedule(lambda k: 1.0 / k**2)
    np.testing.assert_allclose(f.values(3), [1.0, 0.25, 1 / 9])
    with pytest.raises(ValueError, match="positive step"):
        as_schedule(lambda k: -1.0)(1)
    with pytest.raises(TypeError, match="schedule"):
        as_schedule("constant")
    with pytest.raises(TypeError, match="schedule"):
        as_schedule(True)


def test_backtracking_satisfies_armijo_and_is_the_largest_such_trial_step():
    A = np.diag([1.0, 100.0])
    f = lambda x: 0.5 * x @ A @ x
    x = np.array([1.0, 1.0])
    g = A @ x
    bt = Backtracking(eta0=1.0, shrink=0.5, c=1e-4)
    eta = bt(1, x=x, gradient=g, objective=f)
    assert f(x - eta * g) <= f(x) - 1e-4 * eta * g @ g
    # the previous trial step (twice as large) fails the test
    assert f(x - 2 * eta * g) > f(x) - 1e-4 * 2 * eta * g @ g
    # gold value: computed by a plain loop here
    trial = 1.0
    while f(x - trial * g) > f(x) - 1e-4 * trial * g @ g:
        trial *= 0.5
    assert eta == trial


def test_backtracking_returns_eta0_when_it_already_passes_and_survives_overflow():
    f = lambda x: float(np.sum(x**2))
    assert Backtracking(eta0=0.25)(1, x=np.array([1.0]), gradient=np.array([2.0]), objective=f) == 0.25
    g = lambda x: float(np.exp(np.sum(x)))
    eta = Backtracking(eta0=1e6)(1, x=np.array([1.0]), gradient=np.array([-1.0]), objective=lambda x: np.exp(-x[0]) + np.exp(10 * x[0]))
    assert np.isfinite(eta) and eta < 1e6
    assert np.isfinite(g(np.array([0.0])))


def test_backtracking_bad_input():
    bt = Backtracking()
    with pytest.raises(ValueError, match="needs the current point"):
        bt(1)
    with pytest.raises(ValueError, match="same shape"):
        bt(1, x=np.zeros(2), gradient=np.zeros(3), objective=np.sum)
    with pytest.raises(TypeError, match="no fixed list"):
        bt.values(3)
