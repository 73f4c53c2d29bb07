"""Checkers for the exercises of the chapter "Multi-layer perceptrons and backpropagation"."""

from __future__ import annotations

import numpy as np

from . import CORRECT, ERROR, NOT_ATTEMPTED, WRONG, Case, CheckResult, check_function, check_value, is_stub

__all__ = ["check_dense_backward", "check_xor_network", "check_parameter_count", "reference_dense_backward"]


def reference_dense_backward(A_prev, W, dZ):
    """Gradients of a dense layer ``Z = A_prev @ W + b`` given ``dZ = dL/dZ``.

    Returns ``(dW, db, dA_prev) = (A_prev^T dZ, column sums of dZ, dZ W^T)`` (eq-mlp-grads).
    """
    return A_prev.T @ dZ, dZ.sum(axis=0), dZ @ W.T


def _dense_cases():
    rng = np.random.default_rng(8)
    cases = []
    for n, d_in, d_out in [(1, 2, 3), (4, 3, 2), (5, 4, 4), (7, 2, 1)]:
        cases.append(Case((rng.normal(size=(n, d_in)), rng.normal(size=(d_in, d_out)),
                           rng.normal(size=(n, d_out))),
                          description=f"{n} samples, {d_in} inputs, {d_out} outputs"))
    return cases


def _dense_hints():
    def db_averaged(given, expected, case):
        n = case.args[0].shape[0]
        return np.allclose(np.asarray(given[1]) * n, expected[1])

    def dW_transposed(given, expected, case):
        return np.shape(given[0]) == expected[0].T.shape and np.shape(given[0]) != expected[0].shape

    def db_not_summed(given, expected, case):
        return np.shape(given[1]) == case.args[2].shape

    def dA_untransposed(given, expected, case):
        return np.allclose(given[0], expected[0]) and np.allclose(given[1], expected[1])

    return [
        (dW_transposed, "dW must have the shape of W, (inputs, outputs): multiply A_prev.T by dZ, in that order."),
        (db_not_summed, "the bias is shared by every sample, so its gradient adds dZ over the rows: dZ.sum(axis=0)."),
        (db_averaged, "sum dZ over the rows, do not average: the 1/n is already inside dZ."),
        (dA_untransposed, "dW and db are right; dA_prev sends dZ back through W transposed: dZ @ W.T."),
    ]


def check_dense_backward(dense_backward) -> CheckResult:
    """Check ``dense_backward(A_prev, W, dZ) -> (dW, db, dA_prev)`` against the chain rule."""
    return check_function(dense_backward, reference_dense_backward, _dense_cases(),
                          name="dense_backward", rtol=1e-9, atol=1e-12, hints=_dense_hints())


def _step(z):
    return (np.asarray(z, dtype=float) > 0).astype(float)


def check_xor_network(W1, b1, w2, b2) -> CheckResult:
    """Check hand-set weights of a 2-2-1 network of step units (output 1 when ``z > 0``).

    The network computes ``h = step(x @ W1 + b1)`` and ``out = step(h @ w2 + b2)``; it must
    output 1 on (0, 1) and (1, 0) and 0 on (0, 0) and (1, 1).
    """
    if any(is_stub(v) for v in (W1, b1, w2, b2)):
        return CheckResult(NOT_ATTEMPTED, "Not attempted yet: set `W1`, `b1`, `w2` and `b2` in the cell above, "
                                          "then run this cell again.")
    try:
        W1 = np.asarray(W1, dtype=float)
        b1 = np.asarray(b1, dtype=float).ravel()
        w2 = np.asarray(w2, dtype=float).ravel()
        b2 = float(np.asarray(b2, dtype=float).ravel()[0]) if np.size(b2) == 1 else None
    except (TypeError, ValueError) as error:
        return CheckResult(ERROR, f"The weights must be numbers: {error}.")
    if W1.shape != (2, 2) or b1.shape != (2,) or w2.shape != (2,) or b2 is None:
        return CheckResult(WRONG, "Not quite: expected W1 of shape (2, 2), b1 and w2 of length 2 and a single "
                                  f"number b2; got shapes {W1.shape}, {b1.shape}, {w2.shape} and {np.shape(b2)}.")
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    target = np.array([0.0, 1.0, 1.0, 0.0])
    hidden = _step(X @ W1 + b1)
    out = _step(hidden @ w2 + b2)
    if np.array_equal(out, target):
        return CheckResult(CORRECT, "Correct: the network outputs 0, 1, 1, 0 on (0,0), (0,1), (1,0), (1,1).")
    rows = "\n".join(f"  x = {tuple(int(v) for v in x)}: hidden = {tuple(int(v) for v in h)}, "
                     f"output {int(o)} (want {int(t)})" for x, h, o, t in zip(X, hidden, out, target))
    hint = ("make one hidden unit compute OR (fires when x1 + x2 > 0.5) and the other AND "
            "(fires when x1 + x2 > 1.5); the output fires for OR and not AND.")
    return CheckResult(WRONG, f"Not quite: the network computes\n{rows}\nHint: {hint}")


def check_parameter_count(value) -> CheckResult:
    """Check the number of weights and biases of a 64-64-10 network (digits, one hidden layer)."""
    expected = 64 * 64 + 64 + 64 * 10 + 10
    return check_value(value, expected, name="n_parameters", rtol=0, atol=0,
                       hint="count W^(1) (64 x 64), b^(1) (64), W^(2) (64 x 10) and b^(2) (10).")
