"""Checkers for the exercises of chapter 6, "Voted and averaged perceptrons".

- :func:`check_lazy_average` (:ref:`ex-va-lazy`): the averaged
  perceptron with the lazy-averaging trick of :prf:ref:`alg-va-averaged`,
  ``lazy_average(X, y_signed, max_iter) -> (coef,
  intercept)``, which touches its sums only at mistakes;
- :func:`check_voted_predict` (:ref:`ex-va-voted-predict`): the voted
  prediction of equation :eq:`eq-va-voted`, ``voted_predict(weights,
  intercepts, counts, X)``, labels in {-1, +1}; a vector whose score is
  exactly 0 abstains, and a tied vote gives -1;
- :func:`check_kernel_predict` (:ref:`ex-va-kernel-predict`): the
  kernel perceptron's prediction (equation :eq:`eq-va-dual`) with the RBF
  kernel, ``kernel_predict(X_train, y_signed, alpha, b, X, beta)``.

What a case should give: the average from the library's
``AveragedPerceptron``; the vote by adding up the votes one vector at a
time; the kernel prediction with the library's ``rbf_kernel``. None of
them may be called by the answers.
"""

from __future__ import annotations

import numpy as np

from . import Calls, Case, CheckResult, check_function, isclose
from ._behaviour import loop_judge
from ._values import compare
from .checks import with_cases

__all__ = [
    "check_lazy_average",
    "check_voted_predict",
    "check_kernel_predict",
]


def _data(rng, n, d, noise=0.8):
    X = rng.integers(-3, 4, size=(n, d)).astype(float)
    w = rng.standard_normal(d)
    y = np.where(X @ w + noise * rng.standard_normal(n) > 0, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    return X, y


# -------------------------------------------------------- lazy averaging


def _averaged(X, y_signed, max_iter):
    from ..perceptron_variants import AveragedPerceptron

    model = AveragedPerceptron(max_iter=max_iter).fit(X, y_signed)
    return np.asarray(model.coef_, dtype=float), float(model.intercept_)


def _mistakes(X, y_signed, max_iter):
    from ..perceptron_variants import AveragedPerceptron

    return AveragedPerceptron(max_iter=max_iter).fit(X, y_signed).n_updates_


def _separable(n):
    """``n`` points in the plane that x_1 = 0 separates with margin 1."""
    i = np.arange(n)
    side = np.where(i % 2 == 0, 1.0, -1.0)
    X = np.column_stack([side * (1 + 0.3 * (i % 5)), 0.4 * ((7 * i) % 11 - 5)])
    return X, side


def _lazy_cases(rng):
    return [
        Case(
            (
                np.array([[2.0, 1.0], [-1.0, -2.0], [1.0, -1.0]]),
                np.array([1.0, -1.0, 1.0]),
                2,
            ),
            description="three points, two passes",
        ),
        Case(
            (
                np.array([[1.0, 1.0], [-1.0, -1.0], [2.0, 0.0]]),
                np.array([1.0, 1.0, -1.0]),
                3,
            ),
            description="three points no line separates, three passes",
        ),
        Case(
            (*_separable(40), 5),
            description="40 separable points, five passes (200 visits)",
            watch="state",
        ),
        Case(
            (*_data(rng, int(rng.integers(8, 25)), 2), 1),
            description="random points, one pass",
            random=True,
        ),
        Case(
            (*_data(rng, 60, 4), int(rng.integers(2, 5))),
            description="60 noisy random points, several passes",
            random=True,
        ),
    ]


def _judge_lazy(outcome) -> str:
    X, y, max_iter = outcome.case.args
    mistakes = _mistakes(X, y, max_iter)
    visits = max_iter * len(y)
    for name, changes in sorted((outcome.measured or {}).items()):
        if changes > 2 * mistakes + 2:
            return (
                f"your code changes `{name}` {changes} times in {visits} "
                f"visits, where the perceptron makes only {mistakes} "
                "mistakes. The lazy trick touches its sums only at a "
                "mistake: keep w, q and the visit counter t, and compute "
                "the average once, at the end (algorithm alg-va-averaged)."
            )
    return ""


@with_cases(_lazy_cases)
def check_lazy_average(lazy_average) -> CheckResult:
    """Check ``lazy_average(X, y_signed, max_iter) -> (coef, intercept)``.

    The average must be right, and computed lazily: on a watched case
    (many visits, few mistakes), no value the answer accumulates may
    change at more visits than the perceptron makes mistakes.
    """

    def agrees(given, pair):
        try:
            coef, intercept = given
            return isclose(coef, pair[0]) and isclose(intercept, pair[1])
        except Exception:
            return False

    def run(X, y, max_iter, start=0, strict=False):
        """Every (b, w) after every visit of the plain perceptron."""
        w, b, after = np.zeros(X.shape[1]), 0.0, []
        for _ in range(max_iter):
            for xi, yi in zip(X, y):
                score = yi * (xi @ w + b)
                if score < 0 or (score == 0 and not strict):
                    w, b = w + yi * xi, b + yi
                after.append(np.r_[b, w])
        return np.array([np.zeros(X.shape[1] + 1)] * start + after)

    def mean_of(rows):
        mean = rows.mean(axis=0)
        return mean[1:], float(mean[0])

    hints = [
        (
            lambda given, expected, case: agrees(
                given, (run(*case.args)[-1][1:], run(*case.args)[-1][0])
            ),
            "you returned the last weights w; the averaged perceptron "
            "returns w - q / t.",
        ),
        (
            lambda given, expected, case: agrees(
                given, mean_of(run(*case.args, start=1))
            ),
            "off by one: average over the max_iter * n weights taken after "
            "each visit, not over the starting zero vector as well (t should "
            "end at max_iter * n).",
        ),
        (
            lambda given, expected, case: agrees(
                given,
                (
                    2 * run(*case.args)[-1][1:] - expected[0],
                    2 * run(*case.args)[-1][0] - expected[1],
                ),
            ),
            "the sign is flipped: the average is w - q / t, so subtract "
            "q / t from w.",
        ),
        (
            lambda given, expected, case: agrees(
                given, mean_of(run(*case.args, strict=True))
            ),
            "a score of exactly 0 is a mistake: update when "
            "y_i (w.x_i + b) <= 0.",
        ),
    ]
    return check_function(
        lazy_average,
        _averaged,
        _lazy_cases,
        name="lazy_average",
        labels=("coef", "intercept"),
        calls=Calls(reason="Write the lazy averaging yourself."),
        hints=hints,
        judge=_judge_lazy,
    )


# ------------------------------------------------------------ the vote


def _vote(weights, intercepts, counts, X):
    """Add up the votes, one stored vector at a time."""
    votes = np.zeros(len(X))
    for w, b, c in zip(weights, intercepts, counts):
        votes += c * np.sign(X @ w + b)
    return np.where(votes > 0, 1.0, -1.0)


def _voted_cases(rng):
    from ..perceptron_variants import VotedPerceptron

    cases = [
        Case(
            (
                np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 1.0]]),
                np.array([0.0, 0.0, 0.0]),
                np.array([1.0, 2.0, 4.0]),
                np.array([[1.0, -1.0], [3.0, -1.0], [-1.0, -2.0], [2.0, 1.0]]),
            ),
            description="three hand-made vectors",
        ),
        Case(
            (
                np.array([[100.0], [-1.0]]),
                np.array([0.0, 0.0]),
                np.array([1.0, 3.0]),
                np.array([[1.0], [2.0]]),
            ),
            description="a big vector outvoted by a frequent one",
        ),
        Case(
            (
                np.array([[1.0, 0.0], [-1.0, 0.0]]),
                np.array([0.0, 0.0]),
                np.array([2.0, 2.0]),
                np.array([[1.0, 0.0], [-2.0, 1.0], [0.0, 1.0]]),
            ),
            description="tied votes (the first two rows) and a row where "
            "every score is 0",
        ),
        Case(
            (
                np.array([[1.0, 0.0], [0.0, 1.0], [0.0, -1.0]]),
                np.array([0.0, 0.0, 0.0]),
                np.array([1.0, 3.0, 2.0]),
                np.array([[0.0, 1.0], [-1.0, 0.0], [1.0, 0.0], [0.0, -1.0]]),
            ),
            description="vectors with score exactly 0 abstain",
        ),
        Case(
            (
                np.array([[1.0, 1.0], [2.0, -1.0]]),
                np.array([-3.0, 1.0]),
                np.array([2.0, 1.0]),
                np.array([[1.0, 0.0], [0.0, 3.0], [2.0, 2.0]]),
            ),
            description="intercepts that change the votes",
        ),
    ]
    X, y = _data(rng, 40, 3)
    model = VotedPerceptron(max_iter=3).fit(X, y)
    Z = rng.integers(-3, 4, size=(20, 3)).astype(float)
    cases.append(
        Case(
            (model.weights_, model.intercepts_, model.counts_, Z),
            description="a voted perceptron trained on 40 random points",
            random=True,
        )
    )
    return cases


@with_cases(_voted_cases)
def check_voted_predict(voted_predict) -> CheckResult:
    """Check ``voted_predict(weights, intercepts, counts, X)``, labels +-1."""

    def as_labels(given):
        return np.asarray(given, dtype=float)

    def zero_labels(given, expected, case):
        return bool(np.any(as_labels(given) == 0))

    def tie_positive(given, expected, case):
        weights, intercepts, counts, X = case.args
        votes = np.sign(X @ weights.T + intercepts) @ counts
        return np.array_equal(as_labels(given), np.where(votes >= 0, 1, -1))

    def zero_scores_vote(given, expected, case):
        weights, intercepts, counts, X = case.args
        scores = X @ weights.T + intercepts
        return any(
            np.array_equal(
                as_labels(given), np.where(inner @ counts > 0, 1.0, -1.0)
            )
            for inner in (
                np.where(scores > 0, 1, -1),
                np.where(scores >= 0, 1, -1),
            )
        )

    def averaged(given, expected, case):
        weights, intercepts, counts, X = case.args
        scores = X @ (counts @ weights) + counts @ intercepts
        return np.array_equal(as_labels(given), np.where(scores > 0, 1, -1))

    def flipped(given, expected, case):
        return np.array_equal(as_labels(given), -expected)

    def unweighted(given, expected, case):
        weights, intercepts, counts, X = case.args
        return np.array_equal(
            as_labels(given),
            _vote(weights, intercepts, np.ones_like(counts), X),
        )

    def no_intercepts(given, expected, case):
        weights, intercepts, counts, X = case.args
        return np.any(intercepts) and np.array_equal(
            as_labels(given), _vote(weights, 0 * intercepts, counts, X)
        )

    return check_function(
        voted_predict,
        _vote,
        _voted_cases,
        name="voted_predict",
        compare=lambda given, expected: compare(given, expected, 0, 0),
        calls=Calls(reason="Add up the votes yourself."),
        hints=[
            (
                zero_labels,
                "a tied vote (a sum of 0) must still give a label: -1, as "
                "the exercise says; np.sign(0) is 0, which is not a label.",
            ),
            (
                tie_positive,
                "a tied vote gives -1, not +1: predict +1 only when the "
                "vote is > 0.",
            ),
            (
                zero_scores_vote,
                "a vector whose score is exactly 0 abstains: its vote is "
                "sign(0) = 0, neither +1 nor -1 (use np.sign on the scores).",
            ),
            (
                averaged,
                "this is the averaged perceptron's prediction: take the sign "
                "of each vector's score before weighting it by its count.",
            ),
            (flipped, "every label is flipped: a positive vote means +1."),
            (
                unweighted,
                "every vector gets one vote here: weight each vote by the "
                "vector's survival count.",
            ),
            (
                no_intercepts,
                "each vector's score is x.w_k + b_k: add its intercept.",
            ),
        ],
    )


# ------------------------------------------------------ kernel prediction

#: Points of a watched case: a Python loop over them runs thousands of lines.
MANY = 2000


def _kernel_labels(X_train, y_signed, alpha, b, X, beta):
    from ..perceptron_variants import rbf_kernel

    scores = rbf_kernel(X, X_train, gamma=beta) @ (alpha * y_signed) + b
    return np.where(scores > 0, 1.0, -1.0)


def _kernel_cases(rng):
    X_train = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    y_signed = np.array([1.0, -1.0, -1.0])
    cases = [
        Case(
            (
                X_train,
                y_signed,
                np.array([2.0, 1.0, 0.0]),
                -0.3,
                np.array(
                    [
                        [0.0, 0.0],
                        [1.0, 0.0],
                        [0.2, 0.9],
                        [2.0, 2.0],
                        [0.72, 0.0],
                        [-1.5, 0.0],
                    ]
                ),
                1.0,
            ),
            description="three stored samples, six points",
        ),
        Case(
            (
                np.array([[0.0, 0.0], [2.0, 0.0]]),
                np.array([1.0, -1.0]),
                np.array([1.0, 1.0]),
                0.0,
                np.array([[1.0, 0.0], [1.0, 3.0], [0.5, 0.0]]),
                0.5,
            ),
            description="points at equal distance from a +1 and a -1 "
            "sample (score exactly 0)",
        ),
        Case(
            (
                X_train,
                y_signed,
                np.array([2.0, 1.0, 1.0]),
                0.1,
                np.linspace(-1.0, 2.0, 2 * MANY).reshape(MANY, 2),
                0.8,
            ),
            description=f"{MANY} points",
            watch="lines",
        ),
        Case(
            (
                np.linspace(-1.0, 2.0, 2 * MANY).reshape(MANY, 2),
                np.where(np.arange(MANY) % 3 == 0, 1.0, -1.0),
                np.ones(MANY),
                0.1,
                np.array([[0.0, 0.0], [1.0, 1.0], [3.0, -1.0]]),
                0.8,
            ),
            description=f"{MANY} stored samples, three points",
            watch="lines",
        ),
    ]
    n, m, d = int(rng.integers(6, 15)), int(rng.integers(4, 9)), 3
    X_train = np.round(rng.normal(size=(n, d)), 2)
    y_random = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    y_random[:2] = [1.0, -1.0]
    alpha = rng.integers(0, 4, size=n).astype(float)
    alpha[:2] = [2.0, 1.0]
    cases.append(
        Case(
            (
                X_train,
                y_random,
                alpha,
                float(rng.choice([-0.8, 0.8])),
                np.round(rng.normal(size=(m, d)), 2),
                float(rng.choice([0.3, 0.7])),
            ),
            description=f"{n} random stored samples in 3-D, {m} points",
            random=True,
        )
    )
    return cases


def _kernel_loop_judge(outcome) -> str:
    """A Python loop over the points, or over the stored samples, of a
    watched case (each has ``MANY`` of one and a few of the other)."""
    stored = len(outcome.case.args[0]) >= MANY
    return loop_judge(
        "stored samples" if stored else "points",
        MANY,
        "whole-array operations (all the squared distances at once, by "
        "broadcasting or ||x||^2 + ||x'||^2 - 2 x.x')",
    )(outcome)


@with_cases(_kernel_cases)
def check_kernel_predict(kernel_predict) -> CheckResult:
    """Check ``kernel_predict(X_train, y_signed, alpha, b, X, beta)``."""

    def rbf_scores(X_train, y, alpha, b, X, beta, square=True):
        distance = np.sum((X[:, None, :] - X_train[None, :, :]) ** 2, axis=2)
        if not square:
            distance = np.sqrt(distance)
        return np.exp(-beta * distance) @ (alpha * y) + b

    def labels_of(scores):
        return np.where(scores > 0, 1.0, -1.0)

    def no_labels(given, expected, case):
        X_train, y, alpha, b, X, beta = case.args
        return isclose(
            given,
            labels_of(rbf_scores(X_train, np.ones_like(y), *case.args[2:])),
        )

    def not_squared(given, expected, case):
        return isclose(given, labels_of(rbf_scores(*case.args, square=False)))

    def positive_exponent(given, expected, case):
        *rest, beta = case.args
        with np.errstate(over="ignore"):
            return isclose(given, labels_of(rbf_scores(*rest, -beta)))

    def gaussian_width(given, expected, case):
        X_train, y, alpha, b, X, beta = case.args
        distance = np.sum((X[:, None, :] - X_train[None, :, :]) ** 2, axis=2)
        scores = np.exp(-distance / (2 * beta**2)) @ (alpha * y) + b
        return isclose(given, labels_of(scores))

    def no_intercept(given, expected, case):
        X_train, y, alpha, b, X, beta = case.args
        return b != 0 and isclose(
            given, labels_of(rbf_scores(X_train, y, alpha, 0.0, X, beta))
        )

    def zero_label(given, expected, case):
        return bool(np.any(np.asarray(given, dtype=float) == 0))

    def tie_positive(given, expected, case):
        return isclose(given, np.where(rbf_scores(*case.args) >= 0, 1.0, -1.0))

    return check_function(
        kernel_predict,
        _kernel_labels,
        _kernel_cases,
        name="kernel_predict",
        calls=Calls(
            reason="Compute the kernel yourself, from the squared distances."
        ),
        judge=_kernel_loop_judge,
        hints=[
            (
                zero_label,
                "np.sign(0) is 0: a score of exactly 0 should give -1.",
            ),
            (
                tie_positive,
                "a score of exactly 0 should give -1, not +1: test s > 0.",
            ),
            (
                no_labels,
                "each stored sample votes with its label: weigh k(x_j, x) "
                "by alpha_j * y_j, not alpha_j alone.",
            ),
            (
                not_squared,
                "the RBF kernel uses the squared distance "
                "||x - x_j||^2, not the distance.",
            ),
            (
                positive_exponent,
                "the kernel is exp(-beta ||x - z||^2): mind the minus sign.",
            ),
            (
                lambda g, e, c: (
                    gaussian_width(g, e, c) and no_intercept(g, e, c)
                ),
                "on this case two mistakes give the same labels: the "
                "intercept b left out of the score, or the kernel written "
                "as exp(-||x - z||^2 / (2 beta^2)) instead of "
                "exp(-beta ||x - z||^2).",
            ),
            (
                gaussian_width,
                "this kernel is exp(-beta ||x - z||^2), beta times the "
                "squared distance, not exp(-||x - z||^2 / (2 beta^2)).",
            ),
            (no_intercept, "add the intercept b to the score."),
        ],
    )
