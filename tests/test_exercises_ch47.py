"""Checkers of chapters 4-7 beyond the catalogue's generic tests: each
named mistake of the kernel prediction and of the best pass is caught by a
worked example (not by luck in a random case), and the digits network is
judged on the chapter's own test split."""

import importlib

import numpy as np
import pytest
from assignments import catalogue
from mlcourse.exercises import mlp, perceptron_variants

EXPECTED = {
    "ex-va-kernel-predict": perceptron_variants._expected_kernel_labels,
    "ex-va-best-pass": perceptron_variants._expected_best_pass,
}


def _function(exercise, code):
    scope = {"np": np}
    exec(code, scope)
    return scope[exercise.answers[0]]


def _worked_failures(exercise, code):
    module = importlib.import_module(exercise.module)
    cases = getattr(module, exercise.cases)(np.random.default_rng(0))
    answer = _function(exercise, code)
    expected = EXPECTED[exercise.label]
    return [
        c.description
        for c in cases
        if not c.random
        and not np.array_equal(
            np.asarray(answer(*c.args), dtype=float),
            np.asarray(expected(*c.args), dtype=float),
        )
    ]


@pytest.mark.parametrize(
    "exercise,name",
    [
        (e, name)
        for e in (catalogue.KERNEL, catalogue.BEST_PASS)
        for name in e.wrong
        if name not in ("a loop over the points", "the library's kernel")
    ],
    ids=lambda v: getattr(v, "label", v),
)
def test_a_worked_example_catches_each_named_mistake(exercise, name):
    assert _worked_failures(exercise, exercise.wrong[name][0]), name


def test_the_reference_agrees_on_the_worked_examples():
    for exercise in (catalogue.KERNEL, catalogue.BEST_PASS):
        assert not _worked_failures(exercise, exercise.solution)


def test_the_digits_split_is_the_chapters():
    """The checker's test split is the one chapter 7 builds with its SEED."""
    import re
    from pathlib import Path

    from sklearn.datasets import load_digits
    from sklearn.model_selection import train_test_split

    chapter = Path(__file__).parents[1] / "chapters" / "07_mlp.ipynb"
    seed = int(re.search(r"SEED = (\d+)", chapter.read_text()).group(1))
    X, y = load_digits(return_X_y=True)
    _, X_test, _, y_test = train_test_split(
        X / 16.0, y, test_size=0.25, random_state=seed, stratify=y
    )
    X_checked, y_checked = mlp._digits_test_split()
    assert np.array_equal(X_checked, X_test)
    assert np.array_equal(y_checked, y_test)


def test_the_digits_checker_rejects_a_network_that_saw_other_pixels():
    from mlcourse.mlp import MLPClassifier

    rng = np.random.default_rng(0)
    X, y = rng.random((40, 10)), np.arange(40) % 10
    net = MLPClassifier(
        hidden_layer_sizes=(8,), max_iter=2, random_state=0
    ).fit(X, y)
    result = mlp.check_small_digits_network(net)
    assert not result.passed and "64 pixels" in result.message
