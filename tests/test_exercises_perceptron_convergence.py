"""The convergence chapter's checkers accept the reference and explain typical mistakes."""

import numpy as np
import pytest
from mlcourse.exercises.perceptron_convergence import (
    check_alignment_and_norm,
    check_mistake_bound_for,
    reference_alignment_and_norm,
    reference_mistake_bound_for,
)


def test_reference_bound_matches_hand_computation():
    X = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, -1.0]])
    y = np.array([1, 1, -1])
    # u = (2, 1)/sqrt(5): margins 2, 1, 3 over sqrt(5) -> gamma = 1/sqrt(5); R = sqrt(2).
    assert reference_mistake_bound_for(
        X, y, np.array([2.0, 1.0])
    ) == pytest.approx(10.0)
    # scaling u changes nothing
    assert reference_mistake_bound_for(
        X, y, np.array([20.0, 10.0])
    ) == pytest.approx(10.0)
    assert reference_mistake_bound_for(X, y, np.array([1.0, -1.0])) == np.inf


def test_reference_alignment_and_norm_by_hand():
    path = np.array([[0.0, 0.0], [1.0, 2.0], [3.0, -1.0]])
    alignment, squared = reference_alignment_and_norm(
        path, np.array([0.6, 0.8])
    )
    np.testing.assert_allclose(alignment, [0.0, 2.2, 1.0])
    np.testing.assert_allclose(squared, [0.0, 5.0, 10.0])


def _good_bound(X, y, u):
    gamma = np.min(y * (X @ u)) / np.linalg.norm(u)
    return (
        np.inf
        if gamma <= 0
        else (np.max(np.linalg.norm(X, axis=1)) / gamma) ** 2
    )


@pytest.mark.parametrize(
    "checker, good",
    [
        (check_mistake_bound_for, _good_bound),
        (
            check_alignment_and_norm,
            lambda P, u: (P @ u, np.einsum("ij,ij->i", P, P)),
        ),
    ],
)
def test_checkers_accept_a_correct_answer(checker, good):
    result = checker(good)
    assert result.passed, result.message
    assert result.message.startswith("Correct")


@pytest.mark.parametrize(
    "checker", [check_mistake_bound_for, check_alignment_and_norm]
)
def test_checkers_recognize_stubs(checker):
    def stub(*args):
        """Your answer."""
        ...

    def raising(*args):
        raise NotImplementedError

    for blank in (None, ..., stub, raising):
        result = checker(blank)
        assert not result.passed
        assert result.message.startswith("Not attempted yet")


@pytest.mark.parametrize(
    "checker", [check_mistake_bound_for, check_alignment_and_norm]
)
def test_checkers_report_crashes_without_raising(checker):
    def broken(*args):
        return 1 / 0

    result = checker(broken)
    assert result.status == "error"
    assert "ZeroDivisionError" in result.message and "case 1" in result.message


def test_bound_hint_for_unnormalized_u():
    def wrong(X, y, u):
        return (np.max(np.linalg.norm(X, axis=1)) / np.min(y * (X @ u))) ** 2

    result = check_mistake_bound_for(wrong)
    assert not result.passed
    assert "unit vector" in result.message


def test_bound_hint_for_forgotten_labels():
    def wrong(X, y, u):
        gamma = np.min(np.abs(X @ u)) / np.linalg.norm(u)
        return (np.max(np.linalg.norm(X, axis=1)) / gamma) ** 2

    result = check_mistake_bound_for(wrong)
    assert not result.passed
    assert "np.inf" in result.message


def test_bound_hint_for_missing_square():
    def wrong(X, y, u):
        gamma = np.min(y * (X @ u)) / np.linalg.norm(u)
        return (
            np.inf if gamma <= 0 else np.max(np.linalg.norm(X, axis=1)) / gamma
        )

    result = check_mistake_bound_for(wrong)
    assert not result.passed
    assert "square" in result.message


def test_alignment_hint_for_norm_instead_of_square():
    result = check_alignment_and_norm(
        lambda P, u: (P @ u, np.linalg.norm(P, axis=1))
    )
    assert not result.passed
    assert "squared" in result.message


def test_alignment_hint_for_wrong_axis():
    result = check_alignment_and_norm(
        lambda P, u: (P @ u, np.sum(P**2, axis=0))
    )
    assert not result.passed
    assert "axis=1" in result.message


def test_alignment_rejects_a_single_array():
    result = check_alignment_and_norm(lambda P, u: P @ u)
    assert not result.passed
    assert "pair" in result.message
