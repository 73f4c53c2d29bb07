"""Shared test set-up: the repository's command-line tools (``tools/``) import as modules."""

import re
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


@pytest.fixture(autouse=True)
def _close_figures():
    """Each test starts with no open figure, whatever ran before it."""
    yield
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")


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


API_PAGE = Path(__file__).resolve().parents[1] / "chapters" / "api.md"
_SPAN = re.compile(r"`([^`]+)`")
_SKLEARN_CALLS = re.compile(r"^\s*`(\w+\(.*?\))`(?:\s+and\s+`(\w+\(.*?\))`)?")


def _recipes():
    """The library reference's list of scikit-learn settings: for each
    library call (the code before "scikit-learn's" in an item), the
    scikit-learn call that item prints after it."""
    text = API_PAGE.read_text()
    start = text.index("With these settings the two agree")
    items = text[start : text.index("\n\n", text.index("\n- ", start) + 1)]
    recipes = {}
    for item in items.split("\n- ")[1:]:
        head, tail = " ".join(item.split()).split("scikit-learn's", 1)
        ours = _SPAN.findall(head)
        theirs = [c for c in _SKLEARN_CALLS.match(tail).groups() if c]
        for k, call in enumerate(ours):
            recipes[call.split("(")[0]] = (
                call,
                theirs[min(k, len(theirs) - 1)],
            )
    return recipes


def _api_recipe(name, **values):
    """The library's ``name`` and the scikit-learn estimator the library
    reference says agrees with it, both built from the calls the page
    prints, with ``values`` for its letters (``n``, ``a``, ``m``)."""
    import mlcourse.linear_regression as lr
    import mlcourse.logistic_regression as logr
    import mlcourse.mlp as mlp
    import mlcourse.perceptron as pc
    import mlcourse.perceptron_variants as pv
    import sklearn.linear_model as sk_linear
    import sklearn.neural_network as sk_neural

    ours, theirs = _recipes()[name]
    mine = {**values, "np": np}
    for module in (lr, logr, mlp, pc, pv):
        mine.update({n: getattr(module, n) for n in module.__all__})
    other = {**values, "np": np, **vars(sk_linear), **vars(sk_neural)}
    return eval(ours, mine), eval(theirs, other)  # noqa: S307


@pytest.fixture
def api_recipe():
    """``api_recipe(name, **values)``: the library's estimator and
    scikit-learn's, with the settings the library reference prints."""
    return _api_recipe
