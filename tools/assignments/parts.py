"""The parts of a graded notebook, the same for nbgrader and otter-grader.

From an exercise as its chapter writes it: the answer cell (the stub
around the solution, between the tool's solution markers), the code of an
exploration, the written answer with its rubric, and the two tests. The
public test runs the exercise's checker; the hidden test runs it in
hidden mode, on random cases drawn from the instructor's seed, and holds a
function's results against the reference solution, which it defines with
the exercise's set-up. Both fail with the checker's message, which is what
a grading report shows.
"""

from __future__ import annotations

import ast
import textwrap

import make_exercises
import nbformat

from .exercises import Exercise


def python_notebook(cells=()) -> nbformat.NotebookNode:
    """A notebook for the ``python3`` kernel, with ``cells`` numbered
    ``cell-0``, ``cell-1``, ... (ids that stay the same from build to
    build)."""
    nb = nbformat.v4.new_notebook(cells=list(cells))
    for number, cell in enumerate(nb.cells):
        cell.id = f"cell-{number}"
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    return nb


def _statements(code: str) -> list[tuple[ast.stmt, str]]:
    """Each top-level statement with its source (comments above it kept)."""
    lines = code.splitlines()
    tree = ast.parse(code)
    found, start = [], 0
    for node in tree.body:
        end = node.end_lineno
        found.append((node, "\n".join(lines[start:end]).strip("\n")))
        start = end
    return found


def _answer_function(exercise: Exercise) -> tuple[ast.FunctionDef, str]:
    name = exercise.answers[0]
    for node, source in _statements(exercise.solution_code):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node, source
    raise ValueError(f"{exercise.label}: the solution defines no {name}()")


def reference_source(exercise: Exercise) -> str:
    """The solution's imports and its definition of the answer."""
    kept = [
        source
        for node, source in _statements(exercise.solution_code)
        if isinstance(node, (ast.Import, ast.ImportFrom))
    ]
    return "\n".join([*kept, _answer_function(exercise)[1]]) + "\n"


def experiment_source(exercise: Exercise) -> str:
    """The solution's code beyond the answer's definition (an exploration)."""
    if not exercise.function:
        return ""
    answer = exercise.answers[0]
    rest = [
        source
        for node, source in _statements(exercise.solution_code)
        if not (
            isinstance(node, (ast.Import, ast.ImportFrom))
            or isinstance(node, ast.FunctionDef)
            and node.name == answer
        )
    ]
    return "\n\n".join(rest) + ("\n" if rest else "")


def answer_source(exercise: Exercise, begin: str, end: str) -> str:
    """The answer cell: the stub, with the solution between the markers.

    For a function the markers sit inside the stub's ``def`` (after its
    docstring), around the solution's body; for a value they follow the
    stub. Clearing the solution leaves the stub, which the checker calls
    "Not attempted yet".
    """
    if not exercise.function:
        return (
            f"{exercise.stub.rstrip()}\n{begin}\n"
            f"{exercise.solution_code.rstrip()}\n{end}\n"
        )
    stub = ast.parse(exercise.stub).body[0]
    stub_lines = exercise.stub.splitlines()
    keep = stub.body[0].end_lineno if ast.get_docstring(stub) else stub.lineno
    node, source = _answer_function(exercise)
    body = node.body[1:] if ast.get_docstring(node) else node.body
    lines = source.splitlines()
    first = body[0].lineno - node.lineno
    inner = textwrap.dedent("\n".join(lines[first:]))
    return (
        "\n".join(stub_lines[:keep])
        + f"\n    {begin}\n"
        + textwrap.indent(inner, "    ")
        + f"\n    {end}\n"
    )


def statement_markdown(exercise: Exercise) -> str:
    """The statement as plain Markdown ("#### Exercise 4.1. One update")."""
    titles = {exercise.label: f"Exercise {exercise.number}. {exercise.title}"}
    return make_exercises.to_markdown(
        exercise.statement,
        make_exercises.site_url(),
        _labels(),
        titles,
    )


def written_solution(exercise: Exercise) -> str:
    """What the solution says in words, as plain Markdown."""
    text = exercise.written_solution
    if not text:
        text = "\n\n".join(
            c.source for c in exercise.solution if c.cell_type == "markdown"
        )
    body = make_exercises.DIRECTIVE.sub(lambda m: m["body"], text)
    body = make_exercises.OPTION.sub("", body)
    return make_exercises.to_markdown(
        body, make_exercises.site_url(), _labels()
    )


def experiment_cell(exercise: Exercise, begin: str, end: str) -> str:
    """The code cell of an exploration's written part ('' when none): the
    solution's experiment (or ``...``) between the solution markers."""
    experiment = experiment_source(exercise)
    if exercise.kind != "explore" and not experiment:
        return ""
    body = experiment or "...\n"
    return f"{begin}\n{body}{end}\n"


def written_answer(exercise: Exercise) -> str:
    """The reference of a written part, with its rubric (for the instructor)."""
    return written_solution(exercise) + "\n\n" + rubric_markdown(exercise)


def rubric_markdown(exercise: Exercise) -> str:
    return (
        f"**Rubric** ({exercise.manual:g} point"
        f"{'s' if exercise.manual != 1 else ''} by hand): {exercise.rubric}"
    )


_LABELS: dict = {}


def _labels():
    if not _LABELS:
        _LABELS.update(make_exercises.label_index())
    return _LABELS


# ----------------------------------------------------------------- tests


def _checker_import(exercise: Exercise) -> str:
    module, name = exercise.checker
    return f"from {module} import {name}"


def public_test(exercise: Exercise) -> str:
    """``test_public(<answers>)``: the checker, as the student runs it."""
    arguments = ", ".join(exercise.answers)
    return (
        f"def test_public({arguments}):\n"
        f"    {_checker_import(exercise)}\n\n"
        f"    result = {exercise.check_call}\n"
        "    assert result.passed, result.message\n"
    )


def hidden_test(exercise: Exercise, seed: int) -> str:
    """``test_hidden(<answers>)``: hidden cases and the reference solution."""
    arguments = ", ".join(exercise.answers)
    lines = [
        f"def test_hidden({arguments}):",
        "    from mlcourse.exercises import hidden_check",
        f"    {_checker_import(exercise)}",
        "",
    ]
    reference = ""
    if exercise.function:
        setup = "import numpy as np\n" + exercise.setup
        name = exercise.answers[0]
        source = reference_source(exercise).replace(
            f"def {name}(", "def reference(", 1
        )
        lines += [
            "    # the reference solution, with the set-up it needs",
            textwrap.indent(setup.rstrip(), "    "),
            "",
            textwrap.indent(source.rstrip(), "    "),
            "",
        ]
        reference = ", reference=reference"
    lines += [
        "    result = hidden_check(",
        f"        {exercise.checker[1]}, {arguments}, seed={seed}{reference}",
        "    )",
        "    assert result.passed, result.message",
    ]
    return "\n".join(lines) + "\n"


def hidden_test_call(exercise: Exercise) -> str:
    return f"test_hidden({', '.join(exercise.answers)})\n"


def setup_source(exercises: list[Exercise]) -> str:
    """The set-up cell: numpy and what every exercise of the chapter uses."""
    blocks = ["import numpy as np"]
    seen = set(blocks)
    for exercise in exercises:
        kept = [
            line
            for line in exercise.setup.strip("\n").splitlines()
            if not (line.startswith(("import ", "from ")) and line in seen)
        ]
        seen.update(kept)
        if any(line.strip() for line in kept):
            blocks.append(
                f"# for exercise {exercise.number}\n" + "\n".join(kept)
            )
    return "\n\n".join(blocks) + "\n"
