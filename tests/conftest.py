"""Shared test set-up: the repository's command-line tools (``tools/``) import as modules."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

#: What an answer gets per case in the grading tests: enough for every
#: reference solution on a loaded machine. An answer that is nothing but a
#: loop that never ends gets far less: its test only asks that it is stopped.
GRADING_TIME_LIMIT = 0.5
ENDLESS_LOOP_TIME_LIMIT = 0.05


@pytest.fixture
def short_time_limit(monkeypatch, request):
    """Shorten the checkers' time limit (:data:`mlcourse.exercises.TIME_LIMIT`)
    for a test of the grading."""
    import mlcourse.exercises

    endless = "a loop that never ends" in request.node.name
    monkeypatch.setattr(
        mlcourse.exercises,
        "TIME_LIMIT",
        ENDLESS_LOOP_TIME_LIMIT if endless else GRADING_TIME_LIMIT,
    )


def pytest_collection_modifyitems(items):
    """A test of an exercise's checker answers to ``-k`` with its chapter's
    notebook stem (``-k 04_perceptron``), which ``make chapter`` selects
    by: whether the stem is in the test's id or it takes the exercise (or
    its label, when the test module imported the catalogue) as a
    parameter."""
    catalogue = sys.modules.get("assignments.catalogue")
    labels = getattr(catalogue, "EXERCISES", {})
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        for value in params.values():
            if isinstance(value, str):
                value = labels.get(value)
            chapter = getattr(value, "chapter", None)
            if isinstance(chapter, str):
                item.extra_keyword_matches.add(chapter)
