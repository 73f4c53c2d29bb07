"""The perceptron chapter's checkers accept the reference and explain typical mistakes."""

import numpy as np
from mlcourse.exercises.perceptron import (
    STUDENTS_FROM_ZERO,
    check_first_mistake,
    check_perceptron_update,
    check_students_from_zero,
    reference_first_mistake,
    reference_update,
)


def test_update_checker_accepts_reference_and_stub():
    assert check_perceptron_update(reference_update).passed
    result = check_perceptron_update(lambda w, b, x, y, eta=1.0: None)
    assert result.status == "not attempted" and "Not attempted" in repr(result)


def _update_with(test=lambda s: s <= 0, sign=1, bias=True, use_eta=True):
    def update(w, b, x, y, eta=1.0):
        step = (eta if use_eta else 1.0) * y * sign
        if test(y * (w @ x + b)):
            return w + step * x, b + (step if bias else 0.0)
        return w, b

    return update


def test_update_checker_hints():
    assert "not < 0" in repr(
        check_perceptron_update(_update_with(test=lambda s: s < 0))
    )
    assert "do not subtract" in repr(
        check_perceptron_update(_update_with(sign=-1))
    )
    assert "bias is updated" in repr(
        check_perceptron_update(_update_with(bias=False))
    )
    assert "learning rate" in repr(
        check_perceptron_update(_update_with(use_eta=False))
    )
    assert "only on a mistake" in repr(
        check_perceptron_update(_update_with(test=lambda s: True))
    )
    crash = check_perceptron_update(lambda w, b, x, y, eta=1.0: 1 / 0)
    assert crash.status == "error" and "ZeroDivisionError" in repr(crash)
    assert "pair" in repr(
        check_perceptron_update(lambda w, b, x, y, eta=1.0: w)
    )


def test_first_mistake_checker():
    assert check_first_mistake(reference_first_mistake).passed

    def strict(X, y, w, b):
        return next(
            (i for i in range(len(X)) if y[i] * (X[i] @ w + b) < 0), -1
        )

    def one_based(X, y, w, b):
        i = reference_first_mistake(X, y, w, b)
        return i + 1 if i >= 0 else -1

    def returns_none(X, y, w, b):
        i = reference_first_mistake(X, y, w, b)
        return None if i < 0 else i

    assert "not < 0" in repr(check_first_mistake(strict))
    assert "counts from 0" in repr(check_first_mistake(one_based))
    assert "not None" in repr(check_first_mistake(returns_none))
    assert check_first_mistake(None).status == "not attempted"


def test_students_checker():
    assert np.array_equal(STUDENTS_FROM_ZERO, [0, 2, 0, -2, -2])
    assert check_students_from_zero([0, 2, 0, -2, -2]).passed
    assert check_students_from_zero(...).status == "not attempted"
    assert "bias first" in repr(check_students_from_zero([2, 0, -2, -2]))
    wrong = check_students_from_zero([-0.75, 1.25, -0.75, -0.75, -0.75])
    assert wrong.status == "wrong" and "Jane" in repr(wrong)
