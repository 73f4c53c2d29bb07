"""The checkers of the chapter "Voted and averaged perceptrons" accept the reference answers,
report stubs and crashes without raising, and recognize the typical mistakes."""

import numpy as np
from mlcourse.exercises.perceptron_variants import (
    check_lazy_average,
    check_voted_predict,
)
from mlcourse.perceptron_variants import lazy_average as library_lazy_average


def good_lazy(X, y, max_iter):
    n, d = X.shape
    w, b, u, u_b, c = np.zeros(d), 0.0, np.zeros(d), 0.0, 0
    for _ in range(max_iter):
        for i in range(n):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b = w + y[i] * X[i], b + y[i]
                u, u_b = u + c * y[i] * X[i], u_b + c * y[i]
            c += 1
    return w - u / c, b - u_b / c


def last_weights(X, y, max_iter):
    coef, intercept, last, last_b, _ = library_lazy_average(X, y, max_iter)
    return last, last_b


def off_by_one(X, y, max_iter):
    """Daume's form: c starts at 1, so the starting zero vector is averaged in too."""
    n, d = X.shape
    w, b, u, u_b, c = np.zeros(d), 0.0, np.zeros(d), 0.0, 1
    for _ in range(max_iter):
        for i in range(n):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b = w + y[i] * X[i], b + y[i]
                u, u_b = u + c * y[i] * X[i], u_b + c * y[i]
            c += 1
    return w - u / c, b - u_b / c


def wrong_sign(X, y, max_iter):
    coef, intercept = good_lazy(X, y, max_iter)
    return -coef, -intercept


def stub_lazy(X, y, max_iter):
    """Your answer."""
    ...


def crashing_lazy(X, y, max_iter):
    raise IndexError("index 3 is out of bounds")


def test_lazy_average_accepts_reference_and_library():
    assert check_lazy_average(good_lazy).passed
    assert check_lazy_average(
        lambda X, y, T: library_lazy_average(X, y, T)[:2]
    ).passed


def test_lazy_average_stub_and_crash():
    result = check_lazy_average(stub_lazy)
    assert (
        result.status == "not attempted"
        and "Not attempted yet" in result.message
    )
    result = check_lazy_average(crashing_lazy)
    assert (
        result.status == "error"
        and "IndexError" in result.message
        and "case 1" in result.message
    )


def test_lazy_average_hints():
    assert "last weights" in check_lazy_average(last_weights).message
    assert "off by one" in check_lazy_average(off_by_one).message
    assert "sign is flipped" in check_lazy_average(wrong_sign).message
    assert not check_lazy_average(last_weights).passed


def good_voted(weights, intercepts, counts, X):
    votes = np.zeros(X.shape[0])
    for w, b, c in zip(weights, intercepts, counts):
        votes += c * np.sign(X @ w + b)
    return np.where(votes > 0, 1, -1)


def averaged_instead(weights, intercepts, counts, X):
    return np.where(X @ (counts @ weights) + counts @ intercepts > 0, 1, -1)


def unweighted(weights, intercepts, counts, X):
    return np.where(np.sign(X @ weights.T + intercepts).sum(axis=1) > 0, 1, -1)


def flipped(weights, intercepts, counts, X):
    return -good_voted(weights, intercepts, counts, X)


def test_voted_predict_accepts_reference():
    assert check_voted_predict(good_voted).passed


def test_voted_predict_hints():
    result = check_voted_predict(averaged_instead)
    assert not result.passed and "averaged perceptron" in result.message
    assert "flipped" in check_voted_predict(flipped).message
    result = check_voted_predict(unweighted)
    assert not result.passed and "survival count" in result.message


def test_voted_predict_stub_and_wrong_type():
    assert check_voted_predict(None).status == "not attempted"
    assert check_voted_predict(lambda *args: None).status == "not attempted"
    assert not check_voted_predict(42).passed
