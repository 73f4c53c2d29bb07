"""The student notebooks (``exercises/``) are what ``make exercises`` generates, and they run.

Each student notebook is executed top to bottom as handed out: it must not raise, and every
checker must answer "Not attempted yet" for the empty answers.
"""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
import make_exercises

CHAPTERS = make_exercises.chapter_paths()
STUDENT = [make_exercises.EXERCISES / p.name for p in CHAPTERS]


def test_committed_student_notebooks_are_up_to_date():
    assert make_exercises.main(["--check"]) == 0, (
        "run 'make exercises' and commit exercises/"
    )


def _gated_solutions(nb):
    return sum(
        1
        for c in nb.cells
        if c.cell_type == "markdown"
        and make_exercises.SOLUTION_START.search(c.source)
    )


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_solutions_are_removed_and_the_rest_kept(chapter):
    source = nbformat.read(chapter, as_version=4)
    student = make_exercises.student_notebook(source)
    text = "\n".join(c.source for c in student.cells)
    assert "{solution-start}" not in text and "{solution-end}" not in text
    assert "{solution}" not in text
    answers = [
        c
        for c in student.cells
        if "student-answer" in c.metadata.get("tags", [])
    ]
    assert len(answers) == _gated_solutions(source)
    assert all(
        not c.get("outputs") for c in student.cells if c.cell_type == "code"
    )
    assert student.cells[0].metadata.get("tags", []) == source.cells[
        0
    ].metadata.get("tags", []), "the hidden set-up cell is kept"
    checks = [
        c
        for c in source.cells
        if "exercise-check" in c.metadata.get("tags", [])
    ]
    kept = {c.source for c in student.cells}
    assert all(c.source in kept for c in checks), "checker cells are kept"


def test_generation_is_deterministic():
    for chapter in CHAPTERS:
        assert make_exercises.render(chapter) == make_exercises.render(chapter)


@pytest.mark.parametrize("path", STUDENT, ids=[p.stem for p in STUDENT])
def test_student_notebook_runs_and_checkers_report_not_attempted(path):
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT / "chapters")}},
    ).execute()
    for cell in nb.cells:
        if "exercise-check" not in cell.metadata.get("tags", []):
            continue
        text = "".join(
            o.get("text", "") + o.get("data", {}).get("text/plain", "")
            for o in cell.outputs
        )
        assert "Not attempted yet" in text, (
            f"a checker in {path.name} did not say 'Not attempted yet': {text!r}"
        )
