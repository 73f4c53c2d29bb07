"""The checkers of the MLP chapter accept the reference answers and explain typical mistakes."""

import numpy as np
from mlcourse.exercises.mlp import (
    check_dense_backward,
    check_parameter_count,
    check_xor_network,
    reference_dense_backward,
)
from mlcourse.gradient_descent import numerical_gradient
from mlcourse.mlp import MLPClassifier


def test_reference_dense_backward_is_the_chain_rule():
    rng = np.random.default_rng(0)
    A, W, b, G = (
        rng.normal(size=(5, 3)),
        rng.normal(size=(3, 2)),
        rng.normal(size=2),
        rng.normal(size=(5, 2)),
    )

    def loss(
        W_, b_, A_
    ):  # a linear function of Z whose gradient with respect to Z is G
        return float(np.sum(G * (A_ @ W_ + b_)))

    dW, db, dA = reference_dense_backward(A, W, G)
    assert np.allclose(
        dW, numerical_gradient(lambda w: loss(w, b, A), W), atol=1e-7
    )
    assert np.allclose(
        db, numerical_gradient(lambda v: loss(W, v, A), b), atol=1e-7
    )
    assert np.allclose(
        dA, numerical_gradient(lambda a: loss(W, b, a), A), atol=1e-7
    )


def test_dense_backward_checker():
    def stub(A_prev, W, dZ):
        """Your answer."""
        ...

    assert check_dense_backward(stub).status == "not attempted"
    assert check_dense_backward(None).status == "not attempted"
    assert check_dense_backward(reference_dense_backward).passed
    transposed = check_dense_backward(
        lambda A, W, dZ: (dZ.T @ A, dZ.sum(axis=0), dZ @ W.T)
    )
    assert not transposed.passed and "shape of W" in transposed.message
    averaged = check_dense_backward(
        lambda A, W, dZ: (A.T @ dZ, dZ.mean(axis=0), dZ @ W.T)
    )
    assert not averaged.passed and "do not average" in averaged.message
    unsummed = check_dense_backward(lambda A, W, dZ: (A.T @ dZ, dZ, dZ @ W.T))
    assert not unsummed.passed and "adds dZ over the rows" in unsummed.message
    crashing = check_dense_backward(
        lambda A, W, dZ: (A.T @ dZ, dZ.sum(axis=0), dZ @ W)
    )
    assert (
        crashing.status in ("error", "wrong")
        and "dense_backward" in crashing.message
    )


def test_xor_network_checker():
    assert check_xor_network(..., ..., ..., ...).status == "not attempted"
    W1 = np.array([[1.0, 1.0], [1.0, 1.0]])
    b1 = np.array([-0.5, -1.5])
    assert check_xor_network(W1, b1, [1.0, -1.0], -0.5).passed
    assert check_xor_network(
        W1.tolist(), b1.tolist(), np.array([1.0, -1.0]), np.array([-0.5])
    ).passed
    wrong = check_xor_network(W1, b1, [1.0, 1.0], -0.5)  # computes OR
    assert (
        not wrong.passed
        and "OR" in wrong.message
        and "want 0" in wrong.message
    )
    shape = check_xor_network(np.ones(2), b1, [1.0, -1.0], -0.5)
    assert not shape.passed and "shape (2, 2)" in shape.message
    bad = check_xor_network([["a", "b"], ["c", "d"]], b1, [1.0, -1.0], -0.5)
    assert bad.status == "error" and "numbers" in bad.message


def test_parameter_count_checker():
    model = MLPClassifier((64,), max_iter=1, random_state=0).fit(
        np.random.default_rng(0).random((20, 64)), np.arange(20) % 10
    )
    count = sum(W.size for W in model.coefs_) + sum(
        b.size for b in model.intercepts_
    )
    assert check_parameter_count(count).passed
    assert check_parameter_count(...).status == "not attempted"
    missing_biases = check_parameter_count(64 * 64 + 64 * 10)
    assert not missing_biases.passed and "b^(1)" in missing_biases.message
