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
        np.testing.assert_allclose(
            numerical_gradient(f, x), A @ x - b, rtol=1e-7, atol=1e-7
        )


def test_numerical_gradient_is_accurate_to_about_1e_10():
    """The docstring's figure: on a mean logistic loss with weights of
    order one, the default eps errs by about 1e-10, far below 1e-8."""
    rng = np.random.default_rng(0)
    X, y = rng.standard_normal((200, 5)), rng.choice([-1.0, 1.0], 200)

    def loss(w):
        return np.mean(np.logaddexp(0.0, -y * (X @ w)))

    def gradient(w):
        return -(X * (y / (1.0 + np.exp(y * (X @ w))))[:, None]).mean(axis=0)

    errors = [
        np.abs(numerical_gradient(loss, w) - gradient(w)).max()
        for w in rng.standard_normal((20, 5))
    ]
    assert 1e-12 < max(errors) < 1e-9


def test_numerical_gradient_keeps_the_shape_of_x():
    rng = np.random.default_rng(1)
    W = rng.normal(size=(3, 4))
    f = lambda W: np.sum(np.sin(W) * W**2)
    g = numerical_gradient(f, W)
    assert g.shape == (3, 4)
    np.testing.assert_allclose(
        g, np.cos(W) * W**2 + 2 * W * np.sin(W), atol=1e-7
    )
    T = rng.normal(size=(2, 3, 2))
    assert numerical_gradient(lambda T: np.sum(T**3), T).shape == (2, 3, 2)
    np.testing.assert_allclose(
        numerical_gradient(lambda T: np.sum(T**3), T), 3 * T**2, atol=1e-7
    )


def test_numerical_gradient_of_scalar_and_list_inputs():
    g = numerical_gradient(lambda t: np.exp(t), 0.5)
    assert np.shape(g) == ()
    assert abs(float(g) - math.exp(0.5)) < 1e-8
    np.testing.assert_allclose(
        numerical_gradient(lambda v: v[0] * v[1], [2, 3]),
        [3.0, 2.0],
        atol=1e-8,
    )


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
    with pytest.raises(
        ValueError, match="'f' parameter of numerical_gradient"
    ):
        numerical_gradient(3.0, [1.0])
    with pytest.raises(ValueError, match="Input x contains NaN"):
        numerical_gradient(np.sum, [1.0, np.nan])
    with pytest.raises(ValueError, match="'eps' parameter"):
        numerical_gradient(np.sum, [1.0], eps=0)
    with pytest.raises(ValueError, match="0 feature"):
        numerical_gradient(np.sum, [])
    with pytest.raises(ValueError, match="single number"):
        numerical_gradient(lambda v: v * 2, [1.0, 2.0])
    with pytest.raises(
        ValueError, match="'x' parameter of numerical_gradient"
    ):
        numerical_gradient(np.sum, "abc")


# --------------------------------------------------------------------------------------
# schedules
# --------------------------------------------------------------------------------------


def test_schedule_values():
    np.testing.assert_array_equal(
        Constant(0.3).values(4), [0.3, 0.3, 0.3, 0.3]
    )
    np.testing.assert_allclose(
        InverseLinear(2.0).values(4), [2.0, 1.0, 2 / 3, 0.5]
    )
    np.testing.assert_allclose(
        InverseSqrt(2.0).values(4), 2.0 / np.sqrt([1, 2, 3, 4])
    )
    assert Constant(0.3)(7) == 0.3
    assert InverseLinear(1.0)(1) == 1.0
    assert InverseLinear(1.5)(3) == 0.5
    assert InverseSqrt(3.0)(9) == 1.0
    # numpy integers are accepted as step numbers; extra arguments are ignored
    assert (
        InverseLinear(1.0)(
            np.int64(4), x=np.zeros(2), gradient=np.ones(2), objective=np.sum
        )
        == 0.25
    )


def test_schedule_bad_input():
    for cls in (Constant, InverseLinear, InverseSqrt):
        with pytest.raises(ValueError, match="parameter of \\w+.__init__"):
            cls(-1.0)
        with pytest.raises(ValueError, match="must be a float"):
            cls("0.1")
        with pytest.raises(ValueError, match="whole number 1, 2, 3"):
            cls(1.0)(0)
        with pytest.raises(ValueError, match="whole number 1, 2, 3"):
            cls(1.0)(1.5)
    with pytest.raises(ValueError, match="'shrink' parameter"):
        Backtracking(shrink=1.5)
    with pytest.raises(ValueError, match="'c' parameter"):
        Backtracking(c=1.0)


def test_as_schedule():
    assert (
        isinstance(as_schedule(0.1), Constant) and as_schedule(0.1)(5) == 0.1
    )
    s = InverseSqrt(1.0)
    assert as_schedule(s) is s
    f = as_schedule(lambda k: 1.0 / k**2)
    np.testing.assert_allclose(f.values(3), [1.0, 0.25, 1 / 9])
    with pytest.raises(ValueError, match="above zero; got -1.0 for k=1"):
        as_schedule(lambda k: -1.0)(1)
    with pytest.raises(ValueError, match="'learning_rate' parameter"):
        as_schedule("constant")


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
    assert (
        Backtracking(eta0=0.25)(
            1, x=np.array([1.0]), gradient=np.array([2.0]), objective=f
        )
        == 0.25
    )
    g = lambda x: float(np.exp(np.sum(x)))
    eta = Backtracking(eta0=1e6)(
        1,
        x=np.array([1.0]),
        gradient=np.array([-1.0]),
        objective=lambda x: np.exp(-x[0]) + np.exp(10 * x[0]),
    )
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


# --------------------------------------------------------------------------------------
# gradient_descent
# --------------------------------------------------------------------------------------


def _quadratic(eigenvalues, seed=0):
    """f(x) = 1/2 x^T A x - b^T x with a random rotation and the given eigenvalues."""
    rng = np.random.default_rng(seed)
    Q, _ = np.linalg.qr(rng.normal(size=(len(eigenvalues), len(eigenvalues))))
    A = Q @ np.diag(eigenvalues) @ Q.T
    b = rng.normal(size=len(eigenvalues))
    f = lambda x: 0.5 * x @ A @ x - b @ x
    grad = lambda x: A @ x - b
    return A, b, f, grad


def test_gradient_descent_converges_to_the_minimizer_of_a_quadratic():
    A, b, f, grad = _quadratic([1.0, 3.0, 10.0])
    x_star = np.linalg.solve(A, b)
    result = gd.gradient_descent(
        grad, np.zeros(3), learning_rate=0.1, tol=1e-12, max_iter=5000
    )
    assert result.converged and not result.diverged
    assert "step length" in result.reason
    np.testing.assert_allclose(result.x, x_star, atol=1e-10)
    assert result.path.shape == (result.n_iter + 1, 3)
    np.testing.assert_array_equal(result.path[0], np.zeros(3))
    np.testing.assert_array_equal(result.path[-1], result.x)
    np.testing.assert_array_equal(
        result.step_sizes, np.full(result.n_iter, 0.1)
    )
    assert result.objective_path is None


def test_gradient_descent_iterates_follow_the_closed_form():
    A, b, f, grad = _quadratic([0.5, 2.0, 4.0], seed=3)
    x_star = np.linalg.solve(A, b)
    x0 = np.array([1.0, -2.0, 0.5])
    eta = 0.3
    result = gd.gradient_descent(
        grad, x0, learning_rate=eta, tol=1e-300, max_iter=20
    )
    assert not result.converged and "max_iter" in result.reason
    M = np.eye(3) - eta * A
    for k in range(21):
        expected = x_star + np.linalg.matrix_power(M, k) @ (x0 - x_star)
        np.testing.assert_allclose(result.path[k], expected, atol=1e-12)


def test_gradient_descent_one_step_when_eta_is_one_over_curvature():
    f = lambda x: 2.0 * np.sum((x - 3.0) ** 2)  # Hessian 4 I
    grad = lambda x: 4.0 * (x - 3.0)
    result = gd.gradient_descent(
        grad, np.array([10.0, -5.0]), learning_rate=0.25, objective=f, tol=1e-9
    )
    np.testing.assert_allclose(result.path[1], [3.0, 3.0], atol=1e-15)
    assert result.converged and result.n_iter == 2


def test_gradient_descent_matches_a_plain_loop():
    A, b, f, grad = _quadratic([1.0, 5.0], seed=4)
    x = np.array([2.0, 2.0])
    result = gd.gradient_descent(
        grad,
        x,
        learning_rate=gd.InverseLinear(0.3),
        tol=1e-300,
        max_iter=50,
        objective=f,
        stopping="step",
    )
    for k in range(1, 51):
        x = x - 0.3 / k * grad(x)
        np.testing.assert_array_equal(result.path[k], x)
    np.testing.assert_allclose(
        result.objective_path, [f(p) for p in result.path], rtol=1e-14
    )


@pytest.mark.parametrize("L", [1.0, 4.0, 25.0])
def test_divergence_threshold_is_two_over_L(L):
    A, b, f, grad = _quadratic([0.5, L / 2, L], seed=5)
    x0 = np.ones(3)

    def diverges(eta):
        result = gd.gradient_descent(
            grad, x0, learning_rate=eta, objective=f, tol=1e-10, max_iter=4000
        )
        return result.diverged

    assert not diverges(0.99 * 2 / L)
    assert diverges(1.01 * 2 / L)
    low, high = 1.0 / L, 3.0 / L
    for _ in range(10):
        middle = (low + high) / 2
        if diverges(middle):
            high = middle
        else:
            low = middle
    assert abs(high - 2 / L) < 0.01 * 2 / L


def test_divergence_is_reported_not_nan():
    grad = lambda x: 2 * x
    f = lambda x: float(np.sum(x**2))
    result = gd.gradient_descent(
        grad, [1.0], learning_rate=5.0, objective=f, max_iter=10000
    )
    assert result.diverged and not result.converged
    assert "objective grew" in result.reason
    assert np.all(np.isfinite(result.path)) and np.all(
        np.isfinite(result.objective_path)
    )
    # without an objective, it runs until overflow and stops there
    result = gd.gradient_descent(
        grad, [1.0], learning_rate=5.0, max_iter=10000
    )
    assert result.diverged and "overflowed" in result.reason
    assert np.all(np.isfinite(result.path))


def test_stopping_rules():
    f = lambda x: float(np.sum(x**2))
    grad = lambda x: 2 * x
    by_step = gd.gradient_descent(
        grad, [1.0], learning_rate=0.1, objective=f, tol=1e-4, stopping="step"
    )
    by_objective = gd.gradient_descent(
        grad,
        [1.0],
        learning_rate=0.1,
        objective=f,
        tol=1e-4,
        stopping="objective",
    )
    both = gd.gradient_descent(
        grad, [1.0], learning_rate=0.1, objective=f, tol=1e-4, stopping="both"
    )
    for r in (by_step, by_objective, both):
        assert r.converged
    # step length 0.2 * 0.8**(k-1); objective change 0.36 * 0.64**(k-1): closed-form stopping steps
    k_step = next(k for k in range(1, 200) if 0.2 * 0.8 ** (k - 1) < 1e-4)
    k_obj = next(k for k in range(1, 200) if 0.36 * 0.64 ** (k - 1) < 1e-4)
    assert by_step.n_iter == k_step
    assert by_objective.n_iter == k_obj
    assert both.n_iter == max(k_step, k_obj)
    assert "change in objective" in by_objective.reason


def test_backtracking_descends_where_a_fixed_step_diverges():
    A, b, f, grad = _quadratic([1.0, 100.0], seed=6)
    x_star = np.linalg.solve(A, b)
    fixed = gd.gradient_descent(
        grad, np.zeros(2), learning_rate=0.05, objective=f, max_iter=500
    )
    assert fixed.diverged
    result = gd.gradient_descent(
        grad,
        np.zeros(2),
        learning_rate=gd.Backtracking(eta0=1.0),
        objective=f,
        tol=1e-14,
        max_iter=5000,
    )
    assert result.converged
    assert np.all(np.diff(result.objective_path) <= 1e-15)
    np.testing.assert_allclose(result.x, x_star, atol=1e-6)


def test_gradient_descent_on_matrix_shaped_x():
    target = np.arange(6.0).reshape(2, 3)
    result = gd.gradient_descent(
        lambda W: W - target, np.zeros((2, 3)), learning_rate=0.5, tol=1e-12
    )
    assert result.path.shape[1:] == (2, 3)
    np.testing.assert_allclose(result.x, target, atol=1e-11)


def test_gradient_stopping_matches_the_closed_form():
    # f = x^2 from x0 = 1 with the step 1/4: x_k = 2**-k and the gradient
    # 2 x_k = 2**(1 - k), exact in floating point: below 1e-3 first at k = 11
    grad = lambda x: 2 * x
    run = gd.gradient_descent(
        grad, [1.0], learning_rate=0.25, tol=1e-3, stopping="gradient"
    )
    k_grad = next(k for k in range(200) if 2.0 ** (1 - k) < 1e-3)
    assert run.converged and run.n_iter == k_grad == 11
    assert run.x[0] == 2.0**-11 and "gradient norm" in run.reason
    # the step rule stops one step sooner: the step to x_k has length
    # 0.25 * 2 x_{k-1} = 2**-k, already below 1e-3 at k = 10
    by_step = gd.gradient_descent(grad, [1.0], learning_rate=0.25, tol=1e-3)
    assert by_step.n_iter == k_grad - 1
    # on a diagonal quadratic the largest surviving coordinate sets it:
    # gradient (x_1, 10 x_2) at step 0.1 is (0.9**k, 0) from step 1 on
    A = np.array([1.0, 10.0])
    run = gd.gradient_descent(
        lambda x: A * x,
        [1.0, 1.0],
        learning_rate=0.1,
        tol=1e-6,
        stopping="gradient",
        objective=lambda x: 0.5 * float(np.sum(A * x * x)),
    )
    k_grad = math.ceil(math.log(1e-6) / math.log(0.9))
    assert run.n_iter == k_grad == 132 and run.converged
    assert np.linalg.norm(A * run.x) < 1e-6 <= np.linalg.norm(A * run.path[-2])
    # a stationary start takes no step; the gradient at the last iterate
    # counts; a decaying step does not fool the test (the step test stops)
    assert gd.gradient_descent(grad, [0.0], stopping="gradient").n_iter == 0
    for max_iter, converged in ((11, True), (10, False)):
        capped = gd.gradient_descent(
            grad,
            [1.0],
            learning_rate=0.25,
            tol=1e-3,
            max_iter=max_iter,
            stopping="gradient",
        )
        assert capped.converged == converged and capped.n_iter == max_iter
    fooled = dict(learning_rate=gd.InverseLinear(1e-4), tol=1e-3)
    assert gd.gradient_descent(grad, [1.0], **fooled).converged
    honest = gd.gradient_descent(
        grad, [1.0], stopping="gradient", max_iter=50, **fooled
    )
    assert not honest.converged and honest.n_iter == 50


def test_gradient_descent_bad_input():
    grad = lambda x: 2 * x
    with pytest.raises(ValueError, match="'grad' parameter"):
        gd.gradient_descent("grad", [1.0])
    with pytest.raises(ValueError, match="'learning_rate' parameter"):
        gd.gradient_descent(grad, [1.0], learning_rate=-0.1)
    with pytest.raises(ValueError, match="Input x0 contains infinity"):
        gd.gradient_descent(grad, [np.inf])
    with pytest.raises(ValueError, match="'max_iter' parameter"):
        gd.gradient_descent(grad, [1.0], max_iter=0)
    with pytest.raises(ValueError, match="'tol' parameter"):
        gd.gradient_descent(grad, [1.0], tol=0)
    with pytest.raises(ValueError, match="pass objective"):
        gd.gradient_descent(grad, [1.0], learning_rate=gd.Backtracking())
    with pytest.raises(ValueError, match="pass objective"):
        gd.gradient_descent(grad, [1.0], stopping="objective")
    with pytest.raises(ValueError, match="pass objective"):
        gd.gradient_descent(grad, [1.0], stopping="both")
    with pytest.raises(ValueError, match="'stopping' parameter"):
        gd.gradient_descent(grad, [1.0], objective=np.sum, stopping="never")
    with pytest.raises(ValueError, match="shape of x"):
        gd.gradient_descent(lambda x: np.ones(3), [1.0, 2.0])
    with pytest.raises(ValueError, match="single number"):
        gd.gradient_descent(grad, [1.0, 2.0], objective=lambda x: x)
    with pytest.raises(ValueError, match="'objective' parameter"):
        gd.gradient_descent(grad, [1.0], objective=3)


# --------------------------------------------------------------------------------------
# sgd
# --------------------------------------------------------------------------------------


def _logistic_problem(n=60, d=3, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    y = np.where(
        X @ np.array([1.0, -2.0, 0.5])[:d] + 3.0 * rng.normal(size=n) > 0,
        1.0,
        -1.0,
    )
    loss = lambda w: float(np.mean(np.logaddexp(0.0, -y * (X @ w))))

    def grad_sample(w, idx):
        margins = y[idx] * (X[idx] @ w)
        return -(X[idx].T @ (y[idx] / (1.0 + np.exp(margins)))) / len(idx)

    return X, y, loss, grad_sample


def test_sgd_full_batch_equals_gradient_descent():
    X, y, loss, grad_sample = _logistic_problem()
    n = len(y)
    full = lambda w: grad_sample(w, np.arange(n))
    result = gd.sgd(
        grad_sample,
        np.zeros(3),
        n,
        learning_rate=0.5,
        batch_size=n,
        max_iter=40,
        shuffle=False,
    )
    reference = gd.gradient_descent(
        full, np.zeros(3), learning_rate=0.5, tol=1e-300, max_iter=40
    )
    np.testing.assert_array_equal(result.path, reference.path)
    assert (
        result.steps_per_pass == 1
        and result.n_steps == 40
        and result.n_iter == 40
    )
    # with shuffling, the mean over a permutation agrees to rounding
    shuffled = gd.sgd(
        grad_sample,
        np.zeros(3),
        n,
        learning_rate=0.5,
        batch_size=n,
        max_iter=40,
        random_state=0,
    )
    np.testing.assert_allclose(shuffled.path, reference.path, atol=1e-12)


def test_sgd_single_sample_matches_a_plain_loop():
    X, y, loss, grad_sample = _logistic_problem(n=20)
    result = gd.sgd(
        grad_sample,
        np.zeros(3),
        20,
        learning_rate=gd.InverseSqrt(0.5),
        max_iter=3,
        random_state=7,
        average=True,
    )
    rng = np.random.default_rng(7)
    w = np.zeros(3)
    t = 0
    numerator, denominator = np.zeros(3), 0.0
    for _ in range(3):
        for i in rng.permutation(20):
            t += 1
            eta = 0.5 / math.sqrt(t)
            numerator += eta * w
            denominator += eta
            w = w - eta * grad_sample(w, np.array([i]))
    np.testing.assert_allclose(result.x_last, w, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(
        result.x_average, numerator / denominator, rtol=1e-13, atol=1e-15
    )
    np.testing.assert_array_equal(result.x, result.x_average)
    assert result.n_steps == 60 and result.average_path.shape == (60, 3)
    np.testing.assert_allclose(
        result.step_sizes, 0.5 / np.sqrt(np.arange(1, 61))
    )
    # the first averaged point is the starting point itself
    np.testing.assert_array_equal(result.average_path[0], np.zeros(3))


def test_sgd_minibatches_cover_every_sample_once_per_pass():
    seen = []

    def grad_sample(x, idx):
        seen.append(np.array(idx))
        return np.zeros_like(x)

    result = gd.sgd(
        grad_sample, [0.0], 10, batch_size=4, max_iter=2, random_state=1
    )
    assert result.steps_per_pass == 3 and result.n_steps == 6
    assert [len(s) for s in seen] == [4, 4, 2, 4, 4, 2]
    for first in (0, 3):
        assert sorted(
            np.concatenate(seen[first : first + 3]).tolist()
        ) == list(range(10))
    seen.clear()
    gd.sgd(
        grad_sample,
        [0.0],
        10,
        batch_size=4,
        max_iter=1,
        replace=True,
        random_state=1,
    )
    assert [len(s) for s in seen] == [4, 4, 4]


def test_sgd_is_reproducible_and_reaches_the_optimum_on_average():
    X, y, loss, grad_sample = _logistic_problem(n=100)
    full = lambda w: grad_sample(w, np.arange(100))
    w_star = gd.gradient_descent(
        full, np.zeros(3), learning_rate=1.0, tol=1e-13, max_iter=100000
    ).x

    def run():
        return gd.sgd(
            grad_sample,
            np.zeros(3),
            100,
            learning_rate=gd.InverseSqrt(0.5),
            max_iter=30,
            random_state=3,
            average=True,
            objective=loss,
        )

    a, b = run(), run()
    np.testing.assert_array_equal(a.path, b.path)
    assert a.objective_path.shape == (31,)
    assert loss(a.x_average) - loss(w_star) < 1e-2
    assert loss(a.x_average) >= loss(w_star) - 1e-12


def test_sgd_tol_and_divergence():
    X, y, loss, grad_sample = _logistic_problem(n=50)
    r = gd.sgd(
        grad_sample,
        np.zeros(3),
        50,
        learning_rate=0.5,
        batch_size=50,
        shuffle=False,
        max_iter=10000,
        objective=loss,
        tol=1e-10,
    )
    assert r.converged and r.n_iter < 10000
    explode = lambda x, idx: np.exp(np.abs(x)) * 1e300
    d = gd.sgd(
        explode, [1.0], 5, learning_rate=10.0, max_iter=3, random_state=0
    )
    assert d.diverged and not d.converged and np.all(np.isfinite(d.path))


def test_sgd_bad_input():
    g = lambda x, idx: x
    with pytest.raises(ValueError, match="batch_size must be at most"):
        gd.sgd(g, [1.0], 5, batch_size=6)
    with pytest.raises(ValueError, match="'n_samples' parameter"):
        gd.sgd(g, [1.0], 0)
    with pytest.raises(ValueError, match="'n_samples' parameter"):
        gd.sgd(g, [1.0], 2.5)
    with pytest.raises(ValueError, match="line search"):
        gd.sgd(g, [1.0], 5, learning_rate=gd.Backtracking())
    with pytest.raises(ValueError, match="pass objective"):
        gd.sgd(g, [1.0], 5, tol=1e-3)
    with pytest.raises(ValueError, match="'average' parameter"):
        gd.sgd(g, [1.0], 5, average="yes")
    with pytest.raises(ValueError, match="'random_state' parameter"):
        gd.sgd(g, [1.0], 5, random_state="seed")
    with pytest.raises(ValueError, match="'grad_sample' parameter"):
        gd.sgd(None, [1.0], 5)


def test_sgd_max_steps_stops_inside_a_pass():
    X, y, loss, grad_sample = _logistic_problem(n=50)
    full = gd.sgd(
        grad_sample,
        np.zeros(3),
        50,
        learning_rate=0.1,
        max_iter=3,
        random_state=4,
        average=True,
    )
    short = gd.sgd(
        grad_sample,
        np.zeros(3),
        50,
        learning_rate=0.1,
        max_iter=3,
        random_state=4,
        average=True,
        max_steps=70,
        objective=loss,
    )
    assert (
        short.n_steps == 70
        and short.n_iter == 1
        and "max_steps" in short.reason
    )
    np.testing.assert_array_equal(short.path, full.path[:71])
    np.testing.assert_array_equal(short.average_path, full.average_path[:70])
    assert short.objective_path.shape == (2,)
    exact = gd.sgd(
        grad_sample,
        np.zeros(3),
        50,
        learning_rate=0.1,
        max_iter=3,
        random_state=4,
        max_steps=100,
    )
    assert exact.n_steps == 100 and exact.n_iter == 2
    with pytest.raises(ValueError, match="'max_steps' parameter"):
        gd.sgd(grad_sample, np.zeros(3), 50, max_steps=0)


# --------------------------------------------------------------------------------------
# the explorer's drawing function (mlcourse.widgets.gradient_descent)
# --------------------------------------------------------------------------------------


def test_draw_descent_runs_the_schedules_and_flags_divergence():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from mlcourse.widgets.gradient_descent import (
        SCHEDULES,
        descent_explorer,
        draw_descent,
        quadratic_2d,
    )

    f, grad = quadratic_2d(10.0)
    np.testing.assert_allclose(
        grad(np.array([1.0, 1.0])),
        numerical_gradient(f, np.array([1.0, 1.0])),
        atol=1e-8,
    )
    diverged = {
        s: draw_descent(0.25, s, curvature=10.0)[0].diverged for s in SCHEDULES
    }
    assert diverged == {
        "constant": True,
        "inverse-linear": False,
        "inverse-sqrt": False,
        "backtracking": False,
    }
    result, ax = draw_descent(0.1, "constant", max_iter=15)
    assert (
        result.n_iter == 15
        and len(ax.lines) >= 2
        and "constant" in ax.get_title()
    )
    with pytest.raises(ValueError, match="schedule must be one of"):
        draw_descent(0.1, "adam")
    plt.close("all")
    assert descent_explorer() is not None


def test_learning_rate_takes_a_number_or_a_function_of_k():
    """One learning_rate contract: a number or k -> eta_k, as the estimators."""

    def grad(x):
        return 2 * x

    by_schedule = gd.gradient_descent(
        grad, [1.0], learning_rate=InverseLinear(0.4), tol=1e-300, max_iter=5
    )
    by_function = gd.gradient_descent(
        grad, [1.0], learning_rate=lambda k: 0.4 / k, tol=1e-300, max_iter=5
    )
    np.testing.assert_array_equal(by_function.path, by_schedule.path)
    np.testing.assert_allclose(by_schedule.step_sizes, 0.4 / np.arange(1, 6))
    with pytest.raises(ValueError, match="'learning_rate' parameter"):
        gd.gradient_descent(grad, [1.0], learning_rate="fast")
    with pytest.raises(ValueError, match="'learning_rate' parameter"):
        gd.gradient_descent(grad, [1.0], learning_rate=-0.1)
