"""Each checker of the logistic-regression chapter accepts the reference and explains typical mistakes."""

import numpy as np
from mlcourse.exercises.logistic_regression import (
    check_log_likelihood_gradient,
    check_sigmoid,
)


def stable_sigmoid(z):
    z = np.asarray(z, dtype=float)
    out = np.empty_like(z)
    pos = z >= 0
    out[pos] = 1 / (1 + np.exp(-z[pos]))
    out[~pos] = np.exp(z[~pos]) / (1 + np.exp(z[~pos]))
    return out


def test_sigmoid_checker():
    assert check_sigmoid(stable_sigmoid).passed
    assert check_sigmoid(None).status == "not attempted"

    def stub(z): ...

    assert check_sigmoid(stub).status == "not attempted"
    naive = check_sigmoid(
        lambda z: 1 / (1 + np.exp(-np.asarray(z, dtype=float)))
    )
    assert (
        naive.status == "error"
        and "overflow" in naive.message
        and "z < 0" in naive.message
    )
    lecture = check_sigmoid(lambda z: stable_sigmoid(-np.asarray(z)))
    assert lecture.status == "wrong" and "lecture's sign" in lecture.message
    nan = check_sigmoid(lambda z: np.exp(z) / (1 + np.exp(z)))
    assert nan.status in ("wrong", "error") and "overflow" in nan.message
    crash = check_sigmoid(lambda z: z.nonexistent)
    assert crash.status == "error" and "AttributeError" in crash.message


def reference(X, y, w, b):
    p = stable_sigmoid(X @ w + b)
    return X.T @ (y - p), np.sum(y - p)


def test_gradient_checker():
    assert check_log_likelihood_gradient(reference).passed
    assert check_log_likelihood_gradient(None).status == "not attempted"
    flipped = check_log_likelihood_gradient(
        lambda X, y, w, b: tuple(-g for g in reference(X, y, w, b))
    )
    assert flipped.status == "wrong" and "sign is flipped" in flipped.message
    mean = check_log_likelihood_gradient(
        lambda X, y, w, b: tuple(g / len(y) for g in reference(X, y, w, b))
    )
    assert mean.status == "wrong" and "not a mean" in mean.message
    no_bias = check_log_likelihood_gradient(
        lambda X, y, w, b: (reference(X, y, w, b)[0], 0.0)
    )
    assert no_bias.status == "wrong" and "constant feature" in no_bias.message
    single = check_log_likelihood_gradient(
        lambda X, y, w, b: reference(X, y, w, b)[0]
    )
    assert single.status == "wrong" and "pair" in single.message
