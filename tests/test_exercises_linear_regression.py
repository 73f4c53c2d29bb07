"""The linear-regression checkers accept the reference and explain typical mistakes."""

import numpy as np
from mlcourse.exercises.linear_regression import (
    check_least_squares_line,
    check_r2,
)


def good_line(x, y):
    x_bar, y_bar = x.mean(), y.mean()
    slope = np.sum((x - x_bar) * (y - y_bar)) / np.sum((x - x_bar) ** 2)
    return y_bar - slope * x_bar, slope


def test_line_accepts_reference_and_polyfit():
    assert check_least_squares_line(good_line).passed
    assert check_least_squares_line(
        lambda x, y: tuple(np.polyfit(x, y, 1)[::-1])
    ).passed
    assert "Correct" in repr(check_least_squares_line(good_line))


def test_line_stub_and_none():
    def stub(x, y): ...

    result = check_least_squares_line(stub)
    assert (
        result.status == "not attempted" and "Not attempted" in result.message
    )
    assert check_least_squares_line(None).status == "not attempted"

    def raising(x, y):
        raise NotImplementedError

    assert check_least_squares_line(raising).status == "not attempted"


def test_line_swapped_order_hint():
    result = check_least_squares_line(lambda x, y: good_line(x, y)[::-1])
    assert not result.passed and "(intercept, slope)" in result.message


def test_line_uncentered_hint():
    def uncentered(x, y):
        slope = (x @ y) / (x @ x)
        return y.mean() - slope * x.mean(), slope

    result = check_least_squares_line(uncentered)
    assert not result.passed and "deviations from the means" in result.message


def test_line_mixed_divisor_hint():
    def mixed(x, y):
        n = len(x)
        slope = np.sum((x - x.mean()) * (y - y.mean())) / (n - 1) / np.var(x)
        return y.mean() - slope * x.mean(), slope

    result = check_least_squares_line(mixed)
    assert not result.passed and "same divisor" in result.message


def test_line_intercept_sign_hint():
    def plus(x, y):
        _, slope = good_line(x, y)
        return y.mean() + slope * x.mean(), slope

    result = check_least_squares_line(plus)
    assert not result.passed and "minus sign" in result.message


def test_line_crash_is_reported_not_raised():
    def crash(x, y):
        return 1 / 0

    result = check_least_squares_line(crash)
    assert result.status == "error" and "ZeroDivisionError" in result.message


def test_r2_accepts_reference():
    def r2(y, y_pred):
        return 1 - np.sum((y - y_pred) ** 2) / np.sum((y - np.mean(y)) ** 2)

    assert check_r2(r2).passed


def test_r2_inverted_hint():
    def ratio(y, y_pred):
        return np.sum((y - y_pred) ** 2) / np.sum((y - np.mean(y)) ** 2)

    result = check_r2(ratio)
    assert not result.passed and "1 - SSE / SST" in result.message


def test_r2_correlation_hint():
    result = check_r2(lambda y, y_pred: np.corrcoef(y, y_pred)[0, 1] ** 2)
    assert not result.passed and "squared correlation" in result.message


def test_r2_stub_and_crash():
    def stub(y, y_pred):
        pass

    assert check_r2(stub).status == "not attempted"
    assert check_r2(lambda y, y_pred: undefined_name).status == "error"  # noqa: F821
