"""Shared test set-up: the repository's command-line tools (``tools/``) import as modules."""

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))


def pytest_collection_modifyitems(items):
    """A test of an exercise's checker answers to ``-k`` with its chapter's
    notebook stem (``-k 04_perceptron``), which ``make chapter`` selects
    by: whether the stem is in the test's id or it takes an exercise (whose
    ``chapter`` is the stem) as a parameter."""
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        for value in params.values():
            chapter = getattr(value, "chapter", None)
            if isinstance(chapter, str):
                item.extra_keyword_matches.add(chapter)


def _timestamp_data(n=2000, d=10, seed=0, classes=2):
    """Standard normal columns and a Unix timestamp, ~1.7e9 + U(0, 3e7),
    the last column; the classes depend on both (logistic noise)."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    t = 1.7e9 + rng.uniform(0, 3e7, n)
    z = X @ rng.normal(0, 0.5, d) + (t - t.mean()) / t.std()
    z += rng.logistic(size=n)
    y = np.digitize(z, [0.0] if classes == 2 else [-1.0, 1.0])
    return np.column_stack([X, t]), y


@pytest.fixture
def timestamp_data():
    """A maker of data with an unscaled column: ``timestamp_data(n=...)``."""
    return _timestamp_data
