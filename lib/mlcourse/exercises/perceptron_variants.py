"""Checkers for the exercises of chapter 6, "Voted and averaged perceptrons".

- :func:`check_lazy_average` (exercise ``ex-va-lazy``): the averaged
  perceptron with the lazy-averaging trick,
  ``lazy_average(X, y_signed, max_iter) -> (coef, intercept)``;
- :func:`check_voted_predict` (exercise ``ex-va-voted-predict``): the voted
  prediction, ``voted_predict(weights, intercepts, counts, X)``, labels in
  {-1, +1}; a vector whose score is exactly 0 abstains, and a tied vote
  gives -1;
- :func:`check_kernel_predict` (exercise ``ex-va-kernel-predict``): the
  kernel perceptron's prediction with the RBF kernel,
  ``kernel_predict(X_train, y_signed, alpha, b, X, beta)``, labels in
  {-1, +1}, a score of exactly 0 gives -1;
- :func:`check_best_pass` (exercise ``ex-va-best-pass``): early stopping's
  choice, ``best_pass(val_accuracy)``, the number (from 1) of the first
  pass with the highest validation accuracy.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never
raises. The average is recomputed by storing every weight vector of the run
(what the lazy trick avoids); the vote from its definition.
"""

from __future__ import annotations

import numpy as np

from . import Case, CheckResult, check_function, fresh_rng, isclose

__all__ = [
    "check_lazy_average",
    "check_voted_predict",
    "check_kernel_predict",
    "check_best_pass",
]


def _data(rng, n, d):
    X = rng.integers(-3, 4, size=(n, d)).astype(float)
    w = rng.standard_normal(d)
    y = np.where(X @ w + 0.8 * rng.standard_normal(n) > 0, 1.0, -1.0)
    y[:2] = [1.0, -1.0]
    return X, y


def _run(X, y, max_iter):
    """Every (w, b) after every visit of the plain perceptron."""
    w, b, after = np.zeros(X.shape[1]), 0.0, []
    for _ in range(max_iter):
        for xi, yi in zip(X, y):
            if not yi * (xi @ w + b) > 0:
                w, b = w + yi * xi, b + yi
            after.append(np.r_[b, w])
    return np.array(after)


def _expected_average(X, y_signed, max_iter):
    mean = _run(X, y_signed, max_iter).mean(axis=0)
    return mean[1:], float(mean[0])


def _agrees(given, pair):
    try:
        coef, intercept = given
        return isclose(coef, pair[0]) and isclose(intercept, pair[1])
    except Exception:
        return False


def _last_weights(X, y, max_iter):
    last = _run(X, y, max_iter)[-1]
    return last[1:], last[0]


def _with_start(X, y, max_iter):
    after = _run(X, y, max_iter)
    mean = np.vstack([np.zeros(after.shape[1]), after]).mean(axis=0)
    return mean[1:], mean[0]


def _strict(X, y, max_iter):
    w, b, total, c = np.zeros(X.shape[1]), 0.0, 0.0, 0
    for _ in range(max_iter):
        for xi, yi in zip(X, y):
            if yi * (xi @ w + b) < 0:
                w, b = w + yi * xi, b + yi
            total, c = total + np.r_[b, w], c + 1
    mean = total / c
    return mean[1:], mean[0]


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
            _data(rng, int(rng.integers(8, 25)), 2) + (1,),
            description="random points, one pass",
            random=True,
        ),
        Case(
            _data(rng, 60, 4) + (int(rng.integers(2, 5)),),
            description="60 noisy random points, several passes",
            random=True,
        ),
    ]


def check_lazy_average(lazy_average) -> CheckResult:
    """Check ``lazy_average(X, y_signed, max_iter) -> (coef, intercept)``."""
    cases = _lazy_cases(fresh_rng())
    hints = [
        (
            lambda given, expected, case: _agrees(
                given, _last_weights(*case.args)
            ),
            "you returned the last weights w; the averaged perceptron "
            "returns w - u / c.",
        ),
        (
            lambda given, expected, case: _agrees(
                given, _with_start(*case.args)
            ),
            "off by one: average over the max_iter * n weights taken after "
            "each visit, not over the starting zero vector as well (c should "
            "end at max_iter * n).",
        ),
        (
            lambda given, expected, case: _agrees(
                (-np.asarray(given[0], float), -float(given[1])), expected
            ),
            "the sign is flipped: subtract u / c from w.",
        ),
        (
            lambda given, expected, case: _agrees(given, _strict(*case.args)),
            "a score of exactly 0 is a mistake: update when "
            "y_i (w.x_i + b) <= 0.",
        ),
    ]
    return check_function(
        lazy_average,
        _expected_average,
        cases,
        name="lazy_average",
        rtol=1e-7,
        atol=1e-9,
        hints=hints,
        forbidden=(
            "mlcourse.perceptron_variants.AveragedPerceptron",
            "mlcourse.perceptron_variants.averaged_perceptron_naive",
            "mlcourse.perceptron_variants.lazy_average",
            "sklearn.linear_model.Perceptron",
            "sklearn.linear_model.SGDClassifier",
        ),
        forbidden_reason="Write the lazy averaging yourself.",
    )


def _expected_vote(weights, intercepts, counts, X):
    labels = []
    for x in X:
        vote = 0.0
        for w, b, c in zip(weights, intercepts, counts):
            score = float(x @ w + b)
            vote += c * (1 if score > 0 else -1 if score < 0 else 0)
        labels.append(1.0 if vote > 0 else -1.0)
    return np.array(labels)


def _averaged_prediction(weights, intercepts, counts, X):
    scores = X @ (counts @ weights) + counts @ intercepts
    return np.where(scores > 0, 1.0, -1.0)


def _voted_cases(rng):
    from ..perceptron_variants import voted_perceptron_naive

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
    ]
    X, y = _data(rng, 40, 3)
    weights, intercepts, counts = voted_perceptron_naive(X, y, 3)
    Z = rng.integers(-3, 4, size=(20, 3)).astype(float)
    cases.append(
        Case(
            (weights, intercepts, counts, Z),
            description="a voted perceptron trained on 40 random points",
            random=True,
        )
    )
    return cases


def check_voted_predict(voted_predict) -> CheckResult:
    """Check ``voted_predict(weights, intercepts, counts, X)``, labels +-1."""

    def given_array(given):
        return np.asarray(given, dtype=float)

    def zero_labels(given, expected, case):
        return np.any(given_array(given) == 0)

    def tie_positive(given, expected, case):
        weights, intercepts, counts, X = case.args
        votes = np.sign(X @ weights.T + intercepts) @ counts
        return np.array_equal(
            given_array(given), np.where(votes >= 0, 1.0, -1.0)
        )

    def zero_scores_vote(given, expected, case):
        weights, intercepts, counts, X = case.args
        scores = X @ weights.T + intercepts
        for inner in (
            np.where(scores > 0, 1, -1),
            np.where(scores >= 0, 1, -1),
        ):
            votes = inner @ counts
            if np.array_equal(
                given_array(given), np.where(votes > 0, 1.0, -1.0)
            ):
                return True
        return False

    def averaged(given, expected, case):
        return np.array_equal(
            given_array(given), _averaged_prediction(*case.args)
        )

    def flipped(given, expected, case):
        return np.array_equal(given_array(given), -expected)

    def unweighted(given, expected, case):
        weights, intercepts, counts, X = case.args
        return np.array_equal(
            given_array(given),
            _expected_vote(weights, intercepts, np.ones_like(counts), X),
        )

    def compare(given, expected):
        from . import _close

        agrees, reason = _close(given, expected, 0, 0)
        return agrees, reason

    return check_function(
        voted_predict,
        _expected_vote,
        _voted_cases(fresh_rng()),
        name="voted_predict",
        compare=compare,
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
        ],
    )


# ------------------------------------------------------ kernel prediction


def _rbf_scores(X_train, y_signed, alpha, b, X, beta, square=True):
    diff = X[:, None, :] - X_train[None, :, :]
    distance = np.einsum("mnd,mnd->mn", diff, diff)
    if not square:
        distance = np.sqrt(distance)
    return np.exp(-beta * distance) @ (alpha * y_signed) + b


def _expected_kernel_labels(X_train, y_signed, alpha, b, X, beta):
    scores = _rbf_scores(X_train, y_signed, alpha, b, X, beta)
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
    ]
    n, m, d = int(rng.integers(6, 15)), int(rng.integers(4, 9)), 3
    X_train = np.round(rng.normal(size=(n, d)), 2)
    y_random = np.where(rng.random(n) < 0.5, 1.0, -1.0)
    y_random[:2] = [1.0, -1.0]
    alpha = rng.integers(0, 4, size=n).astype(float)
    alpha[:2] = [2.0, 1.0]
    X = np.round(rng.normal(size=(m, d)), 2)
    cases.append(
        Case(
            (
                X_train,
                y_random,
                alpha,
                float(rng.choice([-0.8, 0.8])),
                X,
                float(rng.choice([0.3, 0.7])),
            ),
            description=f"{n} random stored samples in 3-D, {m} points",
            random=True,
        )
    )
    return cases


def check_kernel_predict(kernel_predict) -> CheckResult:
    """Check ``kernel_predict(X_train, y_signed, alpha, b, X, beta)``."""

    def labels_like(given, expected, case, scores):
        return isclose(given, np.where(scores > 0, 1.0, -1.0))

    def no_labels(given, expected, case):
        X_train, y, alpha, b, X, beta = case.args
        return labels_like(
            given,
            expected,
            case,
            _rbf_scores(X_train, np.ones_like(y), alpha, b, X, beta),
        )

    def not_squared(given, expected, case):
        return labels_like(
            given, expected, case, _rbf_scores(*case.args, square=False)
        )

    def positive_exponent(given, expected, case):
        X_train, y, alpha, b, X, beta = case.args
        with np.errstate(over="ignore"):
            scores = _rbf_scores(X_train, y, alpha, b, X, -beta)
        return labels_like(given, expected, case, scores)

    def no_intercept(given, expected, case):
        X_train, y, alpha, b, X, beta = case.args
        return b != 0 and labels_like(
            given, expected, case, _rbf_scores(X_train, y, alpha, 0.0, X, beta)
        )

    def zero_label(given, expected, case):
        try:
            return bool(np.any(np.asarray(given, dtype=float) == 0))
        except Exception:
            return False

    def tie_positive(given, expected, case):
        scores = _rbf_scores(*case.args)
        return isclose(given, np.where(scores >= 0, 1.0, -1.0))

    return check_function(
        kernel_predict,
        _expected_kernel_labels,
        _kernel_cases(fresh_rng()),
        name="kernel_predict",
        no_loops=True,
        forbidden=(
            "mlcourse.perceptron_variants.rbf_kernel",
            "mlcourse.perceptron_variants.KernelPerceptron",
            "sklearn.metrics.pairwise.rbf_kernel",
        ),
        forbidden_reason="Compute the kernel yourself.",
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
            (no_intercept, "add the intercept b to the score."),
        ],
    )


# ---------------------------------------------------------- early stopping


def _expected_best_pass(val_accuracy):
    v = np.asarray(val_accuracy, dtype=float)
    return 1 + int(np.flatnonzero(v == v.max())[0])


def _best_pass_cases(rng):
    cases = [
        Case(
            (np.array([0.70, 0.80, 0.85, 0.83, 0.84, 0.79]),),
            description="six passes",
        ),
        Case(
            (np.array([0.6, 0.9, 0.8, 0.9, 0.7]),),
            description="the best accuracy reached twice",
        ),
    ]
    n = int(rng.integers(8, 20))
    curve = np.round(
        0.9
        - 0.3 * np.exp(-np.arange(n) / 3)
        - 0.004 * np.arange(n)
        + 0.01 * rng.normal(size=n),
        3,
    )
    best = int(rng.integers(2, n - 2))
    curve[best] = curve.max() + 0.01
    curve[best + 1] = curve[best]  # a tie after the best
    cases.append(Case((curve,), description=f"{n} random passes", random=True))
    return cases


def check_best_pass(best_pass) -> CheckResult:
    """Check ``best_pass(val_accuracy)``: the first best pass, from 1."""

    def from_zero(given, expected, case):
        return given == expected - 1

    def last_tie(given, expected, case):
        v = np.asarray(case.args[0])
        return given == len(v) - int(np.argmax(v[::-1]))

    def worst(given, expected, case):
        return given == int(np.argmin(case.args[0])) + 1

    def accuracy(given, expected, case):
        return isclose(given, np.max(case.args[0]))

    def compare(given, expected):
        if isinstance(given, (bool, np.bool_)) or not isinstance(
            given, (int, np.integer)
        ):
            return False, (
                f"expected a whole number of passes, got "
                f"{type(given).__name__}"
            )
        return given == expected, "" if given == expected else "wrong pass"

    return check_function(
        best_pass,
        _expected_best_pass,
        _best_pass_cases(fresh_rng()),
        name="best_pass",
        compare=compare,
        hints=[
            (
                accuracy,
                "return the number of the pass, not its accuracy.",
            ),
            (
                from_zero,
                "passes are numbered from 1: np.argmax counts from 0.",
            ),
            (
                last_tie,
                "on a tie keep the first best pass: it reached that "
                "accuracy with fewer passes.",
            ),
            (
                worst,
                "that is the lowest accuracy: early stopping keeps the "
                "highest.",
            ),
        ],
    )
