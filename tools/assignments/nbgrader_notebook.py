"""A chapter's graded notebook in nbgrader's source format.

Cells carry nbgrader's metadata (``nbgrader: {grade, solution, locked,
points, grade_id}``) and its markers (``### BEGIN SOLUTION``, ``### BEGIN
HIDDEN TESTS``). A checked exercise gets its answer cell, a public test
and a hidden test, each worth half of the exercise's automatic points; a
written part gets a manually graded answer cell whose source holds the
reference answer and the rubric, which ``nbgrader generate_assignment``
replaces by "YOUR ANSWER HERE". Test cells are tagged ``raises-exception``
so that "Run All" goes on past a test that fails.
"""

from __future__ import annotations

import nbformat

from . import parts
from .exercises import Exercise

#: The course directory's configuration. A cleared answer is ``...``,
#: which the checkers call "Not attempted yet" (nbgrader's default raises
#: NotImplementedError at the cell's level, which stops "Run All"); the
#: feedback leaves the hidden tests out.
CONFIG = """\
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "mlcourse"
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\\n..."}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.Execute.timeout = 120
c.Execute.interrupt_on_timeout = True
c.GenerateFeedback.preprocessors = [
    "nbgrader.preprocessors.GetGrades",
    "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
    "nbgrader.preprocessors.ClearHiddenTests",
]
"""

#: A failing hidden test shows its message, not its code (the feedback
#: keeps the outputs of the cells whose hidden code it removes).
MINIMAL_TRACEBACK = """\
try:  # a failing test shows its message, not its code
    get_ipython().InteractiveTB.set_mode(mode="Minimal")
except NameError:  # not in IPython
    pass
"""

INTRODUCTION = """\
# {title}: graded exercises

Write your answers in the cells under each exercise. Run the test cell
under a code answer to see whether it passes the public test: it says
what went wrong, with a hint. When your notebook is graded, hidden tests
also try your answer on other cases. Written answers are graded by hand.
The chapter itself, with worked examples, is at {url}.
"""


def _cell(cell, grade_id, *, solution=False, grade=False, points=0.0):
    meta = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": not solution,
        "schema_version": 3,
        "solution": solution,
    }
    if grade:
        meta["points"] = float(points)
    cell.metadata["nbgrader"] = meta
    return cell


def _code(source, grade_id, **options):
    return _cell(nbformat.v4.new_code_cell(source), grade_id, **options)


def _markdown(source, grade_id, **options):
    return _cell(nbformat.v4.new_markdown_cell(source), grade_id, **options)


def points_line(exercise: Exercise) -> str:
    auto, manual = exercise.auto, exercise.manual
    if auto and manual:
        return f"*{exercise.points:g} points: {auto:g} by tests, {manual:g} by hand.*"
    if auto:
        return f"*{auto:g} points, by tests.*"
    return f"*{manual:g} points, graded by hand.*"


def exercise_cells(exercise: Exercise, seed: int) -> list:
    key = exercise.label
    cells = [
        _markdown(
            parts.statement_markdown(exercise)
            + f"\n{points_line(exercise)}\n",
            f"{key}-statement",
        )
    ]
    if exercise.checked:
        half = exercise.auto / 2
        cells.append(
            _code(
                parts.answer_source(
                    exercise, "### BEGIN SOLUTION", "### END SOLUTION"
                ),
                f"{key}-answer",
                solution=True,
            )
        )
        for name, source in (
            ("public", parts.public_test(exercise)),
            (
                "hidden",
                "### BEGIN HIDDEN TESTS\n"
                + MINIMAL_TRACEBACK
                + parts.hidden_test(exercise, seed)
                + parts.hidden_test_call(exercise)
                + "### END HIDDEN TESTS\n",
            ),
        ):
            if name == "public":
                source += f"\n\ntest_public({', '.join(exercise.answers)})\n"
            cell = _code(source, f"{key}-{name}", grade=True, points=half)
            cell.metadata["tags"] = ["raises-exception"]
            cells.append(cell)
    if exercise.manual:
        code = parts.experiment_cell(
            exercise, "### BEGIN SOLUTION", "### END SOLUTION"
        )
        if code:
            cells.append(_code(code, f"{key}-experiment", solution=True))
        cells.append(
            _markdown(
                parts.written_answer(exercise) + "\n",
                f"{key}-written",
                solution=True,
                grade=True,
                points=exercise.manual,
            )
        )
    return cells


def notebook(
    title: str, url: str, exercises: list[Exercise], seed: int
) -> nbformat.NotebookNode:
    cells = [
        _markdown(INTRODUCTION.format(title=title, url=url), "introduction"),
        _code(parts.setup_source(exercises), "setup"),
    ]
    for exercise in exercises:
        cells += exercise_cells(exercise, seed)
    return parts.python_notebook(cells)
