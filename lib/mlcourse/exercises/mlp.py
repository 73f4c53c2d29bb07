"""Checkers for the exercises of chapter 7, "Multi-layer perceptrons".

- :func:`check_dense_backward` (exercise ``ex-mlp-dense-backward``):
  ``dense_backward(A_prev, W, dZ) -> (dW, db, dA_prev)``;
- :func:`check_xor_network` (exercise ``ex-mlp-xor-weights``): hand-set
  weights ``W1_answer, b1_answer, w2_answer, b2_answer`` of a 2-2-1 network
  of step units that computes XOR;
- :func:`check_parameter_count` (exercise ``ex-mlp-count``): the number of
  weights and biases of the digits network, ``n_parameters``;
- :func:`check_mlp_forward` (exercise ``ex-mlp-forward``): the forward pass
  ``mlp_forward(X, W1, b1, W2, b2)`` of a tanh network with a softmax output;
- :func:`check_small_digits_network` (exercise ``ex-mlp-digits-small``): a
  trained network ``small_net`` with one hidden layer of at most 16 units
  that classifies at least 95% of the chapter's digits test set correctly.

Each checker returns a :class:`~mlcourse.exercises.CheckResult` and never
raises. The backward pass is checked against central differences of the
layer's output; the count against a digest of the answer.
"""

from __future__ import annotations

import numpy as np

from . import (
    CORRECT,
    ERROR,
    NOT_ATTEMPTED,
    WRONG,
    Case,
    CheckResult,
    _number_problem,
    check_answer,
    check_function,
    fresh_rng,
    is_stub,
    isclose,
)

__all__ = [
    "check_dense_backward",
    "check_xor_network",
    "check_parameter_count",
    "check_mlp_forward",
    "check_small_digits_network",
]


def _expected_backward(A_prev, W, dZ):
    # J = sum(dZ * Z) with Z = A_prev @ W + b has exactly these gradients
    return (
        np.einsum("ni,no->io", A_prev, dZ),
        np.einsum("no->o", dZ),
        np.einsum("no,io->ni", dZ, W),
    )


def _dense_cases(rng):
    cases = [
        Case(
            (
                np.array([[1.0, 2.0]]),
                np.array([[1.0, 0.0, -1.0], [2.0, 1.0, 0.5]]),
                np.array([[0.5, -1.0, 2.0]]),
            ),
            description="1 sample, 2 inputs, 3 outputs",
        ),
        Case(
            (
                np.array([[1.0, 0.0, 2.0], [0.0, 1.0, -1.0], [1.0, 1.0, 1.0]]),
                np.array([[1.0, -1.0], [0.5, 2.0], [0.0, 1.0]]),
                np.array([[1.0, 0.0], [0.0, 1.0], [2.0, -1.0]]),
            ),
            description="3 samples, 3 inputs, 2 outputs",
        ),
    ]
    for n, d_in, d_out in [(5, 4, 4), (7, 2, 1)]:
        cases.append(
            Case(
                (
                    np.round(rng.normal(size=(n, d_in)), 3),
                    np.round(rng.normal(size=(d_in, d_out)), 3),
                    np.round(rng.normal(size=(n, d_out)), 3),
                ),
                description=f"{n} random samples, {d_in} inputs, "
                f"{d_out} output{'s' if d_out > 1 else ''}",
                random=True,
            )
        )
    return cases


def _dense_compare(given, expected):
    if not isinstance(given, (tuple, list)) or len(given) != 3:
        return False, "expected a tuple (dW, db, dA_prev)"
    from . import _close

    agrees, reason = _close(tuple(given), expected, 1e-9, 1e-12)
    for position, label in enumerate(("dW", "db", "dA_prev")):
        reason = reason.replace(f"entry {position} of the result", label)
    return agrees, reason


def _dense_hints():
    def dW_transposed(given, expected, case):
        return (
            np.shape(given[0]) == expected[0].T.shape
            and np.shape(given[0]) != expected[0].shape
        )

    def db_kept_dims(given, expected, case):
        return np.shape(given[1]) == (1,) + expected[1].shape

    def db_not_summed(given, expected, case):
        return np.shape(given[1]) == case.args[2].shape

    def db_wrong_axis(given, expected, case):
        return isclose(given[1], case.args[2].sum(axis=1))

    def db_averaged(given, expected, case):
        n = case.args[0].shape[0]
        return isclose(np.asarray(given[1], dtype=float) * n, expected[1])

    def dA_untransposed(given, expected, case):
        return isclose(given[0], expected[0]) and isclose(
            given[1], expected[1]
        )

    return [
        (
            dW_transposed,
            "dW must have the shape of W, (inputs, outputs): multiply "
            "A_prev.T by dZ, in that order.",
        ),
        (
            db_kept_dims,
            "db should have the shape of b, (outputs,): sum over the rows "
            "without keepdims=True (or take [0] of the result).",
        ),
        (
            db_not_summed,
            "the bias is shared by every sample, so its gradient adds dZ over "
            "the rows: dZ.sum(axis=0).",
        ),
        (
            db_wrong_axis,
            "sum dZ over the samples (axis=0, the rows), not over the "
            "outputs.",
        ),
        (
            db_averaged,
            "sum dZ over the rows, do not average: any 1/n is already "
            "inside dZ.",
        ),
        (
            dA_untransposed,
            "dW and db are right; dA_prev sends dZ back through W "
            "transposed: dZ @ W.T.",
        ),
    ]


def check_dense_backward(dense_backward) -> CheckResult:
    """Check ``dense_backward(A_prev, W, dZ) -> (dW, db, dA_prev)``."""
    return check_function(
        dense_backward,
        _expected_backward,
        _dense_cases(fresh_rng()),
        name="dense_backward",
        compare=_dense_compare,
        hints=_dense_hints(),
    )


def _step(z):
    return (np.asarray(z, dtype=float) > 0).astype(float)


_XOR_NAMES = ("W1_answer", "b1_answer", "w2_answer", "b2_answer")


def check_xor_network(
    W1_answer, b1_answer, w2_answer, b2_answer
) -> CheckResult:
    """Check hand-set weights of a 2-2-1 network of step units for XOR.

    The network computes ``h = step(x @ W1_answer + b1_answer)`` and
    ``out = step(h @ w2_answer + b2_answer)``, with ``step(z) = 1`` when
    ``z > 0``; it must output 1 on (0, 1) and (1, 0) and 0 on (0, 0) and
    (1, 1).
    """
    values = (W1_answer, b1_answer, w2_answer, b2_answer)
    if any(is_stub(v) for v in values):
        return CheckResult(
            NOT_ATTEMPTED,
            "Not attempted yet: set `W1_answer`, `b1_answer`, `w2_answer` "
            "and `b2_answer` in the cell above, then run this cell again.",
        )
    for label, value in zip(_XOR_NAMES, values):
        problem = _number_problem(value)
        if problem:
            return CheckResult(
                ERROR,
                f"Not quite: `{label}` should be numbers, but {problem}.",
            )
    W1 = np.asarray(W1_answer, dtype=float)
    b1 = np.asarray(b1_answer, dtype=float).ravel()
    w2 = np.asarray(w2_answer, dtype=float).ravel()
    b2_array = np.asarray(b2_answer, dtype=float)
    if (
        W1.shape != (2, 2)
        or b1.shape != (2,)
        or w2.shape != (2,)
        or (b2_array.size != 1)
    ):
        return CheckResult(
            WRONG,
            "Not quite: expected `W1_answer` of shape (2, 2), `b1_answer` and "
            "`w2_answer` of length 2 and a single number `b2_answer`; got "
            f"shapes {W1.shape}, {b1.shape}, {w2.shape} and "
            f"{b2_array.shape}.",
        )
    b2 = float(b2_array.ravel()[0])
    X = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])
    target = np.array([0.0, 1.0, 1.0, 0.0])
    hidden = _step(X @ W1 + b1)
    out = _step(hidden @ w2 + b2)
    if np.array_equal(out, target):
        return CheckResult(
            CORRECT,
            "Correct: the network outputs 0, 1, 1, 0 on (0,0), (0,1), (1,0), "
            "(1,1).",
        )
    rows = "\n".join(
        f"  x = {tuple(int(v) for v in x)}: hidden = "
        f"{tuple(int(v) for v in h)}, output {int(o)} (want {int(t)})"
        for x, h, o, t in zip(X, hidden, out, target)
    )
    hint = (
        "make each hidden unit fire on exactly one of the inputs (0, 1) and "
        "(1, 0), for example x1 - x2 > 0.5 for the first; the output then "
        "fires when either hidden unit does. Column j of W1_answer holds the "
        "weights of hidden unit j."
    )
    return CheckResult(
        WRONG, f"Not quite: the network computes\n{rows}\nHint: {hint}"
    )


#: Digest of the number of parameters (see ``answer_digest``).
_COUNT_DIGEST = (
    "d2e0d399f249e9b1157fcfee1568aeaa5e30d80fce5266a28faf7f6dcc71345d"
)


def check_parameter_count(n_parameters) -> CheckResult:
    """Check ``n_parameters`` of the 64-64-10 digits network."""
    return check_answer(
        n_parameters,
        _COUNT_DIGEST,
        name="n_parameters",
        integer=True,
        hint="count every entry of W^(1) (64 x 64), b^(1) (one per hidden "
        "unit), W^(2) (64 x 10) and b^(2) (one per output).",
    )


def _expected_forward(X, W1, b1, W2, b2):
    hidden = np.tanh(np.einsum("ni,ih->nh", X, W1) + b1)
    scores = np.einsum("nh,ho->no", hidden, W2) + b2
    scores = scores - scores.max(axis=1, keepdims=True)
    e = np.exp(scores)
    return e / e.sum(axis=1, keepdims=True)


def _forward_cases(rng):
    cases = [
        Case(
            (
                np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
                np.array([[1.0, -1.0, 0.5], [0.5, 1.0, -1.0]]),
                np.array([0.0, 0.5, -0.5]),
                np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 1.0]]),
                np.array([0.1, -0.1]),
            ),
            description="3 samples, 2 inputs, 3 hidden units, 2 classes",
        ),
        Case(
            (
                np.array([[2.0, 0.0], [0.0, -2.0]]),
                np.array([[1.0, 0.0], [0.0, 1.0]]),
                np.array([0.0, 0.0]),
                np.array([[900.0, -900.0, 0.0], [0.0, 800.0, -800.0]]),
                np.array([0.0, 0.0, 0.0]),
            ),
            description="output scores near +-900, where exp overflows",
        ),
    ]
    n, d, h, k = 5, int(rng.integers(2, 5)), int(rng.integers(2, 6)), 3
    cases.append(
        Case(
            (
                np.round(rng.normal(size=(n, d)), 3),
                np.round(rng.normal(size=(d, h)), 3),
                np.round(rng.normal(size=h), 3),
                np.round(rng.normal(size=(h, k)) * 50, 3),
                np.round(rng.normal(size=k), 3),
            ),
            description="random weights, large output scores",
            random=True,
        )
    )
    return cases


def check_mlp_forward(mlp_forward) -> CheckResult:
    """Check ``mlp_forward(X, W1, b1, W2, b2)``: class probabilities.

    Exercise ``ex-mlp-forward``: a tanh hidden layer and a softmax output,
    one row per sample, no Python loop over the samples.
    """

    def sigmoid_hidden(given, expected, case):
        X, W1, b1, W2, b2 = case.args
        hidden = 1 / (1 + np.exp(-(X @ W1 + b1)))
        s = hidden @ W2 + b2
        e = np.exp(s - s.max(axis=1, keepdims=True))
        return isclose(given, e / e.sum(axis=1, keepdims=True))

    def softmax_columns(given, expected, case):
        X, W1, b1, W2, b2 = case.args
        s = np.tanh(X @ W1 + b1) @ W2 + b2
        e = np.exp(s - s.max(axis=0, keepdims=True))
        return isclose(given, e / e.sum(axis=0, keepdims=True))

    def no_softmax(given, expected, case):
        X, W1, b1, W2, b2 = case.args
        return isclose(given, np.tanh(X @ W1 + b1) @ W2 + b2)

    return check_function(
        mlp_forward,
        _expected_forward,
        _forward_cases(fresh_rng()),
        name="mlp_forward",
        rtol=1e-9,
        atol=1e-12,
        no_loops=True,
        forbidden=("mlcourse.mlp.forward", "mlcourse.mlp.MLPClassifier"),
        forbidden_reason="Write the two layers yourself.",
        errstate={"over": "raise", "invalid": "raise"},
        error_hints=[
            (
                FloatingPointError,
                "exp overflowed: subtract each row's largest score before "
                "the softmax.",
            )
        ],
        hints=[
            (
                sigmoid_hidden,
                "the hidden units use tanh here, not the logistic sigmoid.",
            ),
            (softmax_columns, "the softmax runs over each row (axis=1)."),
            (no_softmax, "the output is a probability: apply the softmax."),
        ],
    )


#: The digits exercise: at most this many hidden units, at least this
#: accuracy on the chapter's test split.
SMALL_UNITS, SMALL_ACCURACY = 16, 0.95


def _digits_test_split():
    """The chapter's test split: a quarter of the digits, stratified, seed 7."""
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split

    X, y = load_digits(return_X_y=True)
    return train_test_split(
        X / 16.0, y, test_size=0.25, random_state=7, stratify=y
    )[1::2]


def check_small_digits_network(small_net) -> CheckResult:
    """Check ``small_net``: a trained one-hidden-layer network for the digits.

    It must be an ``MLPClassifier`` (this library's or scikit-learn's),
    trained on the 64 pixels, with one hidden layer of at most
    ``SMALL_UNITS`` units, and classify at least ``SMALL_ACCURACY`` of the
    chapter's test images correctly. The accuracy shown is the student's
    own network's.
    """
    if is_stub(small_net):
        return CheckResult(
            NOT_ATTEMPTED,
            "Not attempted yet: store a trained network in `small_net` in "
            "the cell above, then run this cell again.",
        )
    kind = type(small_net).__name__
    if kind != "MLPClassifier" or not hasattr(small_net, "predict"):
        return CheckResult(
            WRONG,
            "Not quite: `small_net` should be a trained MLPClassifier, but "
            f"it is a {kind}.",
        )
    coefs = getattr(small_net, "coefs_", None)
    if coefs is None:
        return CheckResult(
            WRONG,
            "Not quite: `small_net` has not been trained yet: call its "
            "`.fit(X_train, y_train)`.",
        )
    if len(coefs) != 2:
        return CheckResult(
            WRONG,
            "Not quite: the network should have exactly one hidden layer; "
            f"`small_net` has {len(coefs) - 1}.",
        )
    if np.shape(coefs[0])[0] != 64:
        return CheckResult(
            WRONG,
            "Not quite: train `small_net` on the 64 pixels of the digits "
            "(`X_train`), scaled to [0, 1] as in the chapter.",
        )
    units = np.shape(coefs[0])[1]
    if units > SMALL_UNITS:
        return CheckResult(
            WRONG,
            f"Not quite: `small_net` has {units} hidden units; the "
            f"exercise asks for at most {SMALL_UNITS}.",
        )
    X_test, y_test = _digits_test_split()
    try:
        accuracy = float(np.mean(small_net.predict(X_test) == y_test))
    except Exception as error:  # the student's object, whatever it does
        return CheckResult(
            ERROR,
            f"Your network raised {type(error).__name__} on the test "
            f"images: {error}",
        )
    if accuracy < SMALL_ACCURACY:
        return CheckResult(
            WRONG,
            f"Not quite: `small_net` ({units} hidden units) classifies "
            f"{accuracy:.1%} of the test images correctly, below "
            f"{SMALL_ACCURACY:.0%}. Hint: try more passes, or more units "
            f"(up to {SMALL_UNITS}).",
        )
    return CheckResult(
        CORRECT,
        f"Correct: `small_net` has at most {SMALL_UNITS} hidden units and "
        f"classifies at least {SMALL_ACCURACY:.0%} of the test images "
        "correctly.",
    )
