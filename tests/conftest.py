"""Shared test set-up: the repository's command-line tools (``tools/``) import as modules."""

import sys
from pathlib import Path

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
