"""Correct answers written differently from the reference pass the checkers
of chapters 1-3 (a checker must not insist on one way of writing it)."""

import importlib

import pytest
from assignments import catalogue

ALTERNATIVES = {
    "ex-lr-slope-se": """def slope_standard_error(x, y):
    n = len(x)
    r = np.corrcoef(x, y)[0, 1]
    return np.sqrt((1 - r**2) * np.var(y) / np.var(x) / (n - 2))
""",
    "ex-lr-coverage": """from scipy import stats


def slope_interval(x, y, confidence):
    n = len(x)
    design = np.column_stack([np.ones(n), x])
    coef = np.linalg.solve(design.T @ design, design.T @ y)
    sse = np.sum((y - design @ coef) ** 2)
    se = np.sqrt(sse / (n - 2) / np.sum((x - x.mean()) ** 2))
    return stats.t.interval(confidence, n - 2, loc=coef[1], scale=se)
""",
    "ex-logr-newton-step": """def newton_step(X, y, w):
    p = sigmoid(X @ w)
    S = np.diag(p * (1 - p))
    return w + np.linalg.inv(X.T @ S @ X) @ X.T @ (y - p)
""",
    "ex-logr-softmax": """from scipy.special import logsumexp


def softmax_answer(Z):
    return np.exp(Z - logsumexp(Z, axis=1, keepdims=True))
""",
    "ex-gd-loop": """def descend(gradient, w0, learning_rate, tol, max_steps):
    w, k = w0.copy(), 0
    while k < max_steps:
        step = learning_rate * np.asarray(gradient(w))
        if np.sqrt(step @ step) < tol:
            break
        w, k = w - step, k + 1
    return w, k
""",
    "ex-gd-gradient-check": """def central_difference(J, w, eps):
    steps = eps * np.eye(len(w))
    return np.array([J(w + s) - J(w - s) for s in steps]) / (2 * eps)
""",
}


@pytest.mark.parametrize("label", sorted(ALTERNATIVES))
def test_a_different_correct_answer_passes(label):
    exercise = catalogue.EXERCISES[label]
    scope = {"__name__": "__main__"}
    exec("import numpy as np\n" + exercise.setup, scope)
    exec(ALTERNATIVES[label], scope)
    checker = getattr(
        importlib.import_module(exercise.module), exercise.checker
    )
    for _ in range(3):
        result = checker(*(scope[name] for name in exercise.answers))
        assert result.passed, result.message
