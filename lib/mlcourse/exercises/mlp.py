"""Checkers for the exercises of chapter 7, "Multi-layer perceptrons".

- :func:`check_dense_backward` (:ref:`ex-mlp-dense-backward`):
  ``dense_backward(A_prev, W, dZ) -> (dW, db, dA_prev)`` (equations
  :eq:`eq-mlp-grads` and :eq:`eq-mlp-delta-back`);
- :func:`check_value_class` (:ref:`ex-mlp-autograd`): a class
  ``Value`` of numbers that remember how they were computed, with ``+``,
  ``*``, ``tanh`` and ``backward`` (section :ref:`mlp-graph`);
- :func:`check_xor_network` (:ref:`ex-mlp-xor-weights`): hand-set
  weights ``W1_answer, b1_answer, w2_answer, b2_answer`` of a 2-2-1 network
  of step units that computes XOR, other than the chapter's;
- :func:`check_parameter_count` (:ref:`ex-mlp-count`): the number of
  weights and biases of the digits network, ``n_parameters``;
- :func:`check_mlp_forward` (:ref:`ex-mlp-forward`): the forward pass
  ``mlp_forward(X, W1, b1, W2, b2)`` of a tanh network with a softmax output;
- :func:`check_small_digits_network` (:ref:`ex-mlp-digits-small`): a
  network ``small_net`` trained on the chapter's training split only, with
  one hidden layer of at most 16 units, that classifies at least 95% of
  the test images correctly.

What a case should give: the backward pass from ``einsum`` contractions
of the layer's formulas; the gradients of a ``Value`` graph by the
complex step, ``Im f(x + ih) / h``, exact to rounding for the analytic
functions built from ``+``, ``*`` and ``tanh``; the forward pass and the
parameter count from
the library's ``forward`` and ``init_parameters``; the XOR network and
the digits network from what they compute.
"""

from __future__ import annotations

import contextlib
import inspect
import sys

import numpy as np

from . import (
    CORRECT,
    ERROR,
    NOT_ATTEMPTED,
    WRONG,
    Calls,
    Case,
    CheckResult,
    _answer_code,
    _running,
    check_function,
    check_value,
    is_stub,
    is_stub_function,
    isclose,
)
from ._behaviour import loop_judge
from ._values import format_value, number_problem
from .checks import build_cases, options, with_cases

__all__ = [
    "check_dense_backward",
    "check_value_class",
    "check_xor_network",
    "check_parameter_count",
    "check_mlp_forward",
    "check_small_digits_network",
]

#: The chapter's seed, which draws its split of the digits.
SEED = 7


# ------------------------------------------------------------ backward pass


def _backward(A_prev, W, dZ):
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


@with_cases(_dense_cases)
def check_dense_backward(dense_backward) -> CheckResult:
    """Check ``dense_backward(A_prev, W, dZ) -> (dW, db, dA_prev)``."""

    def dW_transposed(given, expected, case):
        return np.shape(given[0]) == expected[0].T.shape

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

    return check_function(
        dense_backward,
        _backward,
        _dense_cases,
        name="dense_backward",
        rtol=1e-9,
        atol=1e-12,
        labels=("dW", "db", "dA_prev"),
        calls=Calls(),
        hints=[
            (
                dW_transposed,
                "dW must have the shape of W, (inputs, outputs): multiply "
                "A_prev.T by dZ, in that order.",
                "shape",
            ),
            (
                db_kept_dims,
                "db should have the shape of b, (outputs,): sum over the "
                "rows without keepdims=True (or take [0] of the result).",
                "shape",
            ),
            (
                db_not_summed,
                "the bias is shared by every sample, so its gradient adds dZ "
                "over the rows: dZ.sum(axis=0).",
                "shape",
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
        ],
    )


# ---------------------------------------------- automatic differentiation

#: The methods the ``Value`` exercise asks for.
VALUE_METHODS = ("__init__", "__add__", "__mul__", "tanh", "backward")

#: The chapter's neuron: inputs, weights, bias and target.
NEURON = {"x1": 1.0, "w1": 0.5, "x2": 2.0, "w2": -0.25, "b": 0.1}
NEURON_TARGET = 1.0

#: Levels of the graph in which every node is used twice by the next.
SHARED_LEVELS = 40


def _sum_of_product(x, y, z, tanh, const):
    return x * y + z


def _tanh_of(x, tanh, const):
    return tanh(x)


def _square(x, tanh, const):
    return x * x


def _neuron_loss(x1, w1, x2, w2, b, tanh, const):
    error = tanh(w1 * x1 + w2 * x2 + b) + const(-NEURON_TARGET)
    return error * error


def _diamond(x, y, tanh, const):
    a = x * y
    return a * (a + x)


def _shared_levels(x, tanh, const):
    v = x
    for _ in range(SHARED_LEVELS):
        v = v + v
    return v


def _network_score(x1, x2, W11, W21, W12, W22, b1, b2, v1, v2, c, tanh, const):
    h1 = tanh(W11 * x1 + W21 * x2 + b1)
    h2 = tanh(W12 * x1 + W22 * x2 + b2)
    return v1 * h1 + v2 * h2 + c


_NETWORK = ("x1", "x2", "W11", "W21", "W12", "W22", "b1", "b2", "v1", "v2")


def _value_cases(rng):
    network = dict(
        zip(
            (*_NETWORK, "c"),
            (1.0, -0.5, 0.8, -1.2, 0.3, 0.9, 0.1, -0.4, 1.5, -2.0, 0.2),
        )
    )
    cases = [
        ("x * y + z", _sum_of_product, {"x": 3.0, "y": -2.0, "z": 0.5}),
        ("tanh(x)", _tanh_of, {"x": 0.5}),
        ("x * x, a node used twice", _square, {"x": 3.0}),
        ("the chapter's neuron and its squared error", _neuron_loss, NEURON),
        (
            "a = x * y; a * (a + x), a node used by two others",
            _diamond,
            {"x": 2.0, "y": -1.5},
        ),
        (
            f"{SHARED_LEVELS} levels, each node used twice by the next",
            _shared_levels,
            {"x": 1e-12},
        ),
        ("a 2-2-1 tanh network's output score", _network_score, network),
    ]
    built = [
        Case(
            (expression, tuple(inputs), tuple(inputs.values())),
            description=description,
        )
        for description, expression, inputs in cases
    ]
    values = np.round(rng.normal(size=len(network)), 3)
    built.append(
        Case(
            (_network_score, tuple(network), tuple(values)),
            description="a 2-2-1 tanh network with random weights",
            random=True,
        )
    )
    return built


def _complex_step(expression, values):
    """The value of ``expression`` and its gradient by the complex step:
    ``df/dx_i = Im f(x + i h e_i) / h`` with ``h = 1e-30`` (no subtraction,
    so exact to rounding)."""
    h = 1e-30
    x = np.array(values, dtype=complex)
    value = expression(*x, tanh=np.tanh, const=complex).real
    gradient = []
    for i in range(len(x)):
        step = x.copy()
        step[i] += 1j * h
        gradient.append(
            expression(*step, tanh=np.tanh, const=complex).imag / h
        )
    return float(value), tuple(float(g) for g in gradient)


def _number_or_kind(value):
    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        return f"<{type(value).__name__}>"
    return float(value)


def _run_graph(Value, expression, names, values):
    """Build ``expression`` from leaves ``Value(x)``, call ``backward`` on
    its output, and read the output's value and every leaf's gradient."""
    leaves = [Value(x) for x in values]
    out = expression(*leaves, tanh=lambda v: v.tanh(), const=Value)
    out.backward()
    return (
        _number_or_kind(getattr(out, "data", None)),
        tuple(_number_or_kind(getattr(v, "grad", None)) for v in leaves),
    )


def _class_problem(Value) -> str:
    """Why ``Value`` is not a class of the notebook with the five methods."""
    if not inspect.isclass(Value):
        return (
            f"`Value` should be a class written with `class`, but it is a "
            f"{type(Value).__name__}."
        )
    module = Value.__module__ or ""
    if module != "__main__" and getattr(
        sys.modules.get(module), "__file__", ""
    ):
        return (
            f"`Value` is `{module}.{Value.__qualname__}`, a library's class: "
            "the exercise asks for your own."
        )
    missing = [m for m in VALUE_METHODS if m not in vars(Value)]
    if missing:
        return f"`Value` has no method `{missing[0]}`: write it."
    return ""


def _methods(Value):
    return [f for f in vars(Value).values() if inspect.isfunction(f)]


_GRAPH_HINTS = {
    "x * y + z": "`x * y` gives `x` the gradient `y.data` times the output's "
    "gradient, and `y` the gradient `x.data` times it; `+` passes the "
    "output's gradient to both.",
    "tanh(x)": "the local derivative of `t = tanh(a)` is `1 - t**2`, "
    "multiplied by the gradient of the output node.",
    "x * x, a node used twice": "a node used twice collects both "
    "contributions: add to `grad` (`+=`), never overwrite it.",
    "the chapter's neuron and its squared error": "`error * error` uses "
    "the node `error` twice; it passes its gradient on once, after both "
    "contributions are in: visit each node once, in reverse topological "
    "order.",
    "a = x * y; a * (a + x), a node used by two others": "a node may pass "
    "its gradient on only after every node that uses it has added its "
    "share: visit the nodes in reverse topological order.",
}


def _graph_message(given, expected, names, case, number, total):
    where = f"case {number} of {total} ({case.description})"
    if options().hidden:
        where = f"hidden case {number} ({case.description})"
    data, grads = given
    if isinstance(data, str):
        return (
            f"Not quite: on {where}, the output's `data` should be a number, "
            f"but it is a {data[1:-1]}."
        )
    if not isclose(data, expected[0], rtol=1e-9, atol=1e-12):
        return (
            f"Not quite: on {where}, the output's `data` is {data:.10g}, "
            f"expected {expected[0]:.10g}: the forward computation of `+`, "
            "`*` or `tanh` is wrong."
        )
    for name, g, e in zip(names, grads, expected[1]):
        if isinstance(g, str):
            return (
                f"Not quite: on {where}, `{name}.grad` should be a number, "
                f"but it is a {g[1:-1]}."
            )
        if not isclose(g, e, rtol=1e-9, atol=1e-12):
            message = (
                f"Not quite: on {where}, `{name}.grad` is {g:.10g}, "
                f"expected {e:.10g} (the derivative of the output with "
                f"respect to `{name}`)."
            )
            if all(isinstance(x, float) and x == 0 for x in grads):
                hint = (
                    "no gradient reached the leaves: `backward` sets the "
                    "output's own `grad` to 1 and then visits every node."
                )
            else:
                hint = _GRAPH_HINTS.get(case.description, "")
            if case.random and not options().hidden:
                shown = format_value(np.array(case.args[2]), 4)
                message += f"\nThe leaves {', '.join(names)} held {shown}."
            return message + (f"\nHint: {hint}" if hint else "")
    return ""


@with_cases(_value_cases)
def check_value_class(Value) -> CheckResult:
    """Check ``Value``: numbers with ``+``, ``*``, ``tanh`` and ``backward``.

    Exercise ``ex-mlp-autograd``. Each case builds a graph from leaves
    ``Value(x)``, calls ``backward()`` on its output, and compares the
    output's ``data`` and every leaf's ``grad`` with the complex-step
    derivative of the same function. One case shares every node between
    two users over 40 levels: a ``backward`` that does not visit each
    node once takes ``2**40`` steps and is stopped.
    """
    if is_stub(Value):
        return CheckResult(
            NOT_ATTEMPTED,
            "Not attempted yet: write the class `Value` in the cell above, "
            "then run this cell again.",
        )
    problem = _class_problem(Value)
    if problem:
        return CheckResult(WRONG, f"Not quite: {problem}")
    stubs = [m for m in VALUE_METHODS if is_stub_function(vars(Value)[m])]
    if len(stubs) == len(VALUE_METHODS):
        return CheckResult(
            NOT_ATTEMPTED,
            "Not attempted yet: write the methods of `Value` in the cell "
            "above, then run this cell again.",
        )
    if stubs:
        return CheckResult(
            WRONG, f"Not quite: `Value.{stubs[0]}` is still empty: write it."
        )
    calls = Calls(reason="Write the derivatives and the sweep yourself.")
    for method in _methods(Value):
        problem = _answer_code.library_problem(method, calls, "Value")
        if problem:
            return CheckResult(WRONG, f"Not quite: {problem}")
    built = build_cases(_value_cases, "Value")
    settings = options()
    codes = {
        c
        for f in _methods(Value)
        for c in _answer_code.code_objects(f.__code__)
    }
    runs = _running.run_cases(
        lambda expression, names, values: _run_graph(
            Value, expression, names, values
        ),
        built,
        seconds=settings.time_limit,
        isolate=settings.isolate,
        codes=codes,
        names=("expression", "names", "values"),
    )
    with contextlib.closing(runs):
        for number, (case, run) in enumerate(zip(built, runs), start=1):
            problem = _graph_run_problem(run, case, number, len(built))
            if problem is not None:
                problem.case = case
                return problem
            expected = _complex_step(case.args[0], case.args[2])
            message = _graph_message(
                run.given, expected, case.args[1], case, number, len(built)
            )
            if message:
                return CheckResult(WRONG, message, case=case)
    return CheckResult(
        CORRECT,
        f"Correct: `Value` gives the value and every\ngradient "
        f"of all {len(built)} graphs ({sum(not c.random for c in built)} "
        "worked\nexamples and a random network).",
    )


def _graph_run_problem(run, case, number, total) -> CheckResult | None:
    where = f"case {number} of {total} ({case.description})"
    at = f"\nThe error is at {run.where}" if run.where else ""
    if run.stopped == "time":
        return CheckResult(
            ERROR,
            f"Your `Value` took longer than {options().time_limit:g} seconds "
            f"on {where}, and was stopped. `backward` must visit each node "
            "once: keep a set of the nodes already visited when you order "
            "them, instead of following every path from the output.",
        )
    if run.stopped:
        return CheckResult(
            ERROR, f"Your `Value` ended the check on {where} ({run.stopped})."
        )
    if run.error:
        message = f"Your `Value` raised {run.error}\non {where}.{at}"
        if run.error_type is AttributeError:
            message += (
                "\nHint: `+`, `*` and `tanh` return a new `Value` (which "
                "remembers its parents), and every `Value` has `data` and "
                "`grad`."
            )
        elif run.error_type is TypeError and not run.where:
            message += (
                "\nHint: `Value(data)` makes a leaf from a number alone: "
                "give the other arguments of `__init__` default values."
            )
        elif run.error_type is RecursionError:
            message += (
                "\nHint: a graph can be deep; order the nodes once, then "
                "sweep through that order."
            )
        return CheckResult(ERROR, message)
    return None


# --------------------------------------------------------------- XOR by hand

_XOR_NAMES = ("W1_answer", "b1_answer", "w2_answer", "b2_answer")
_CORNERS = np.array([[0.0, 0.0], [0.0, 1.0], [1.0, 0.0], [1.0, 1.0]])

#: What the chapter's hidden units compute on the four corners: OR, AND.
_CHAPTER_UNITS = {(0, 1, 1, 1), (0, 0, 0, 1)}


def _step(z):
    return (np.asarray(z, dtype=float) > 0).astype(float)


def check_xor_network(
    W1_answer, b1_answer, w2_answer, b2_answer
) -> CheckResult:
    """Check hand-set weights of a 2-2-1 network of step units for XOR.

    The network computes ``h = step(x @ W1_answer + b1_answer)`` and
    ``out = step(h @ w2_answer + b2_answer)``, with ``step(z) = 1`` when
    ``z > 0``; it must output 1 on (0, 1) and (1, 0) and 0 on (0, 0) and
    (1, 1), with hidden units that compute other functions than the
    chapter's (OR and AND, in any order and at any scale).
    """
    values = (W1_answer, b1_answer, w2_answer, b2_answer)
    if any(is_stub(v) for v in values):
        return CheckResult(
            NOT_ATTEMPTED,
            "Not attempted yet: set `W1_answer`, `b1_answer`, `w2_answer` "
            "and `b2_answer` in the cell above, then run this cell again.",
        )
    for label, value in zip(_XOR_NAMES, values):
        problem = number_problem(value)
        if problem:
            return CheckResult(
                WRONG,
                f"Not quite: `{label}` should be numbers, but {problem}.",
            )
    W1 = np.asarray(W1_answer, dtype=float)
    b1 = np.asarray(b1_answer, dtype=float)
    w2 = np.asarray(w2_answer, dtype=float)
    b2 = np.asarray(b2_answer, dtype=float)
    shapes = (W1.shape, b1.shape, w2.shape, b2.shape)
    if shapes != ((2, 2), (2,), (2,), ()):
        return CheckResult(
            WRONG,
            "Not quite: expected `W1_answer` of shape (2, 2), `b1_answer` and "
            "`w2_answer` of shape (2,) and a single number `b2_answer`; got "
            f"shapes {W1.shape}, {b1.shape}, {w2.shape} and {b2.shape}.",
        )
    hidden = _step(_CORNERS @ W1 + b1)
    out = _step(hidden @ w2 + float(b2))
    target = np.array([0.0, 1.0, 1.0, 0.0])
    if not np.array_equal(out, target):
        rows = "\n".join(
            f"  x = {tuple(int(v) for v in x)}: hidden = "
            f"{tuple(int(v) for v in h)}, output {int(o)} (want {int(t)})"
            for x, h, o, t in zip(_CORNERS, hidden, out, target)
        )
        hint = (
            "make each hidden unit fire on exactly one of the inputs (0, 1) "
            "and (1, 0), for example x1 - x2 > 0.5 for the first; the output "
            "then fires when either hidden unit does. Column j of W1_answer "
            "holds the weights of hidden unit j."
        )
        return CheckResult(
            WRONG, f"Not quite: the network computes\n{rows}\nHint: {hint}"
        )
    units = {tuple(int(v) for v in column) for column in hidden.T}
    if units == _CHAPTER_UNITS:
        return CheckResult(
            WRONG,
            "Not quite: your network computes XOR, but its hidden units "
            "compute OR and AND, as the chapter's network does (multiplying "
            "its weights changes nothing). The exercise asks for another "
            "network: for example hidden units for 'x1 and not x2' and "
            "'x2 and not x1'.",
        )
    return CheckResult(
        CORRECT,
        "Correct: the network outputs 0, 1, 1, 0\non (0,0), (0,1), (1,0), "
        "(1,1), with other\nhidden units than the chapter's.",
    )


# -------------------------------------------------------- counting weights


def check_parameter_count(n_parameters) -> CheckResult:
    """Check ``n_parameters``: the weights and biases of the 64-64-10 network.

    The count is taken from the library's parameters for those layer
    sizes; the message never shows it.
    """
    from ..mlp import init_parameters

    coefs, intercepts = init_parameters((64, 64, 10), random_state=0)
    count = sum(a.size for a in coefs) + sum(a.size for a in intercepts)
    return check_value(
        n_parameters,
        count,
        name="n_parameters",
        integer=True,
        hint="count every entry of W^(1) (64 x 64), b^(1) (one per hidden "
        "unit), W^(2) (64 x 10) and b^(2) (one per output).",
    )


# ----------------------------------------------------------- forward pass

#: Rows of a watched case: a Python loop over them runs thousands of lines.
MANY = 2000


def _forward(X, W1, b1, W2, b2):
    from ..mlp import forward

    return forward([W1, W2], [b1, b2], X, "tanh")[1][-1]


def _forward_cases(rng):
    W1 = np.array([[1.0, -1.0, 0.5], [0.5, 1.0, -1.0]])
    b1 = np.array([0.0, 0.5, -0.5])
    W2 = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 1.0]])
    b2 = np.array([0.1, -0.1])
    cases = [
        Case(
            (np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]), W1, b1, W2, b2),
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
        Case(
            (
                np.array([[5.0], [-5.0]]),
                np.array([[1.0]]),
                np.array([0.0]),
                np.array([[1000.0, 999.0]]),
                np.array([0.0, 0.0]),
            ),
            description="rows far apart: scores near +1000 in one row and "
            "-1000 in the other",
        ),
        Case(
            (np.linspace(-1, 1, 2 * MANY).reshape(MANY, 2), W1, b1, W2, b2),
            description=f"{MANY} samples",
            watch="lines",
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


@with_cases(_forward_cases)
def check_mlp_forward(mlp_forward) -> CheckResult:
    """Check ``mlp_forward(X, W1, b1, W2, b2)``: class probabilities.

    :ref:`ex-mlp-forward`: a tanh hidden layer and a softmax output,
    one row per sample, no Python loop over the samples.
    """

    def softmax_rows(S, axis=1):
        e = np.exp(S - S.max(axis=axis, keepdims=True))
        return e / e.sum(axis=axis, keepdims=True)

    def sigmoid_hidden(given, expected, case):
        X, W1, b1, W2, b2 = case.args
        hidden = 1 / (1 + np.exp(-(X @ W1 + b1)))
        return isclose(given, softmax_rows(hidden @ W2 + b2))

    def softmax_columns(given, expected, case):
        X, W1, b1, W2, b2 = case.args
        return isclose(given, softmax_rows(np.tanh(X @ W1 + b1) @ W2 + b2, 0))

    def no_softmax(given, expected, case):
        X, W1, b1, W2, b2 = case.args
        return isclose(given, np.tanh(X @ W1 + b1) @ W2 + b2)

    return check_function(
        mlp_forward,
        _forward,
        _forward_cases,
        name="mlp_forward",
        rtol=1e-9,
        atol=1e-12,
        calls=Calls(reason="Write the two layers yourself."),
        errstate={"over": "raise", "invalid": "raise"},
        judge=loop_judge(
            "samples", MANY, "operations on the whole batch (`X @ W1`)"
        ),
        error_hints=[
            (
                FloatingPointError,
                "exp overflowed, or underflowed to 0 across a whole row "
                "(0 / 0): subtract each row's own largest score "
                "(axis=1, keepdims=True) before the softmax.",
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


# ------------------------------------------------- a smaller digits network

#: The digits exercise: at most this many hidden units.
SMALL_UNITS = 16


def digits_split():
    """The chapter's split: ``X_train, X_test, y_train, y_test``.

    A quarter of the digits, scaled to [0, 1], held out (stratified, the
    chapter's seed).
    """
    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split

    X, y = load_digits(return_X_y=True)
    return train_test_split(
        X / 16.0, y, test_size=0.25, random_state=SEED, stratify=y
    )


def _trained_on_training_split(net, X_train, y_train) -> str:
    """Why ``net`` is not one fit on the training split ('' if it is)."""
    from sklearn.base import clone

    if not isinstance(getattr(net, "random_state", None), (int, np.integer)):
        return (
            "set `random_state` to a number (as the chapter does, "
            "`random_state=SEED`), so that the checker can repeat your "
            "training and see that it used the training images only."
        )
    try:
        again = clone(net).fit(X_train, y_train)
    except Exception as error:
        return f"the checker could not repeat your training: {error}"
    same = len(again.coefs_) == len(net.coefs_) and all(
        np.shape(a) == np.shape(b) and np.allclose(a, b, rtol=1e-6, atol=1e-9)
        for a, b in zip(again.coefs_, net.coefs_)
    )
    if same:
        return ""
    return (
        "its weights are not those of one fit on `X_train, y_train`: train "
        "it on the training split only (one call to `fit`), never on the "
        "test images, which must stay unseen to measure the accuracy."
    )


def check_small_digits_network(small_net) -> CheckResult:
    """Check ``small_net``: a trained one-hidden-layer network for the digits.

    It must be an ``MLPClassifier`` (this library's or scikit-learn's),
    trained on the chapter's training split only (a fit repeated from its
    parameters gives the same weights), with one hidden layer of at most
    ``SMALL_UNITS`` units. Its accuracy on the chapter's test images is
    reported, not judged: the exercise measures it once, at the end, and
    its rubric grades it with the width chosen on the validation images.
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
    X_train, X_test, y_train, y_test = digits_split()
    try:
        accuracy = float(np.mean(small_net.predict(X_test) == y_test))
    except Exception as error:  # the student's object, whatever it does
        return CheckResult(
            ERROR,
            f"Your network raised {type(error).__name__} on the test "
            f"images: {error}",
        )
    problem = _trained_on_training_split(small_net, X_train, y_train)
    if problem:
        return CheckResult(WRONG, f"Not quite: {problem}")
    return CheckResult(
        CORRECT,
        f"Correct: `small_net` has {units} hidden units\n"
        f"(at most {SMALL_UNITS}) and was trained on the\n"
        f"training images. Its test accuracy: {accuracy:.1%}.",
    )
