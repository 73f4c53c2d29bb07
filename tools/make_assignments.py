"""Write graded assignments for every chapter, for nbgrader and otter-grader.

Usage: python tools/make_assignments.py [--out DIR] [CHAPTER ...]

CHAPTER is a chapter's number or stem (default: all). The output (default
``_build/assignments``) holds:

- ``nbgrader/``: a course directory, with ``nbgrader_config.py`` and one
  source notebook per chapter in ``source/<chapter>/<chapter>.ipynb``. Run
  ``nbgrader generate_assignment <chapter>`` in it to make the student
  version, then ``nbgrader autograde`` and ``nbgrader export``.
- ``otter/<chapter>.ipynb``: an otter-grader master notebook. Run
  ``otter assign <chapter>.ipynb dist`` to make the student notebook and
  the autograder zip (for Gradescope, or ``otter run`` locally).

Each notebook has the set-up, every exercise of the chapter (statement as
Markdown, numbered as in the book), its points, a solution region
(the reference solution, from ``tools/assignments/catalogue.py``), a public
test built on the friendly checker of ``mlcourse.exercises`` and a hidden
test: the answer must be the student's own function, agree with the
reference solution on fresh random cases, and pass the checker. Written
exercises become manually graded answer cells, with the rubric in the
instructor's copy. Solutions and hidden tests exist only in these
instructor notebooks, never in the student notebooks or the library.
"""

from __future__ import annotations

import argparse
import ast
import functools
import json
import sys
import textwrap
from pathlib import Path

import make_exercises
import nbformat
from assignments.catalogue import EXERCISES, Exercise

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "_build" / "assignments"

#: nbgrader's default cleared cell raises NotImplementedError at cell level,
#: which stops "Run all"; ours leaves a blank the checkers call a stub.
NBGRADER_CONFIG = """\
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = "mlcourse"
c.CourseDirectory.root = "."
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\\n..."}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.Execute.timeout = 60
c.Execute.interrupt_on_timeout = True
"""

INTRODUCTION = """\
# {title}: graded exercises

Write your answers in the cells under each exercise. Code exercises have a
test cell under the answer: run it to see whether your answer passes the
public checks (it says *Correct*, or what went wrong with a hint). When
grading, hidden tests also try your function on fresh random cases. The
written exercises are graded by hand. The chapter itself, with worked
examples, is at {url}.
"""

SETUP = """\
import numpy as np
"""


def chapter_stem(name: str) -> str:
    for path in make_exercises.chapter_paths():
        if path.stem == name or path.stem.startswith(f"{int(name):02d}_"):
            return path.stem
    raise SystemExit(f"no chapter {name!r}")


@functools.cache
def _labels():
    return make_exercises.label_index()


@functools.cache
def statements(stem: str) -> dict[str, str]:
    """``label -> Markdown statement`` of every exercise of a chapter."""
    chapter = nbformat.read(
        make_exercises.CHAPTERS / f"{stem}.ipynb", as_version=4
    )
    titles = make_exercises.exercise_titles(chapter, stem)
    site, labels = make_exercises.site_url(), _labels()
    found = {}
    for cell in chapter.cells:
        if cell.cell_type != "markdown":
            continue
        for match in make_exercises.DIRECTIVE.finditer(cell.source):
            if match["name"] != "exercise":
                continue
            label = next(
                (
                    m["value"].strip()
                    for m in make_exercises.OPTION.finditer(match["body"])
                    if m["key"] == "label"
                ),
                "",
            )
            found[label] = make_exercises.to_markdown(
                match.group(0), site, labels, titles
            )
    return found


def chapter_title(stem: str) -> str:
    chapter = nbformat.read(
        make_exercises.CHAPTERS / f"{stem}.ipynb", as_version=4
    )
    for cell in chapter.cells:
        for line in cell.source.splitlines():
            if cell.cell_type == "markdown" and line.startswith("# "):
                return f"Chapter {int(stem[:2])}. {line[2:].strip()}"
    return stem


# ------------------------------------------------------------------ code


def _split_function(solution: str) -> tuple[str, str]:
    """(``def`` line, body) of a one-function solution."""
    tree = ast.parse(solution)
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    lines = solution.splitlines()
    function = functions[-1]
    head_end = function.body[0].lineno - 1
    head = "\n".join(lines[:head_end])
    body = "\n".join(lines[head_end:])
    return head, body


def solution_cell_source(exercise: Exercise, begin: str, end: str) -> str:
    """The answer cell: the stub's frame around a solution region."""
    if exercise.function:
        head, body = _split_function(exercise.solution)
        return f"{head}\n    {begin}\n{body}\n    {end}\n"
    stub = exercise.stub.rstrip("\n")
    return f"{stub}\n{begin}\n{exercise.solution.rstrip()}\n{end}\n"


def public_test(exercise: Exercise) -> str:
    return (
        f"from {exercise.module} import {exercise.checker}\n\n"
        f"result = {exercise.check_call}\n"
        "print(result)\n"
        "assert result.passed\n"
    )


def _reference(exercise: Exercise) -> str:
    name = exercise.answers[0]
    tree = ast.parse(exercise.solution)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            node.name = "_reference"
    return ast.unparse(tree)


def hidden_test(exercise: Exercise) -> str:
    """Fresh random cases against the reference, own code, the checker."""
    lines = [
        "import secrets",
        "",
        "import numpy as np",
        "from mlcourse.exercises import agrees, own_code_problem, run_limited",
        f"from {exercise.module} import {exercise.checker}",
        "",
        f"assert {exercise.check_call}.passed, 'the public checks fail'",
    ]
    if exercise.function:
        name = exercise.answers[0]
        lines[4] += f", {exercise.cases}"
        lines += [
            f"assert not own_code_problem({name}), own_code_problem({name})",
            exercise.setup,
            _reference(exercise),
            "_rng = np.random.default_rng(secrets.randbits(64))",
            f"for _case in {exercise.cases}(_rng) + {exercise.cases}(_rng):",
            "    _expected = _reference(*_case.args)",
            f"    _given = run_limited({name}, *_case.args)",
            "    assert agrees(_given, _expected), _case.description",
        ]
    elif exercise.value == "xor":
        lines += [
            "_x = np.array([[0, 0], [0, 1], [1, 0], [1, 1]], dtype=float)",
            "_h = (_x @ np.asarray(W1_answer, float) + b1_answer > 0)",
            "_out = _h.astype(float) @ np.asarray(w2_answer, float)",
            "assert np.array_equal(_out + b2_answer > 0, [0, 1, 1, 0])",
        ]
    elif exercise.value:  # an explored object is judged by its checker
        name = exercise.answers[0]
        lines += [
            f"assert not isinstance({name}, str)",
            f"assert np.allclose(np.asarray({name}, dtype=float), "
            f"{exercise.value})",
        ]
    return "\n".join(line for line in lines if line is not None) + "\n"


# --------------------------------------------------------------- nbgrader


def _nbgrader(cell, grade_id, *, solution, grade, locked, points=None):
    meta = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": 3,
        "solution": solution,
    }
    if grade:
        meta["points"] = points
    cell.metadata["nbgrader"] = meta
    return cell


def nbgrader_notebook(stem: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    url = f"{make_exercises.site_url()}chapters/{stem}.html"
    cells = [
        _nbgrader(
            nbformat.v4.new_markdown_cell(
                INTRODUCTION.format(title=chapter_title(stem), url=url)
            ),
            "introduction",
            solution=False,
            grade=False,
            locked=True,
        )
    ]
    setups = {e.setup for e in exercises_of(stem) if e.setup}
    cells.append(
        _nbgrader(
            nbformat.v4.new_code_cell(
                SETUP + "".join(s + "\n" for s in setups)
            ),
            "setup",
            solution=False,
            grade=False,
            locked=True,
        )
    )
    texts = statements(stem)
    for exercise in exercises_of(stem):
        key = exercise.label
        cells.append(
            _nbgrader(
                nbformat.v4.new_markdown_cell(
                    texts[key] + f"\n*{exercise.points} points.*\n"
                ),
                f"{key}-statement",
                solution=False,
                grade=False,
                locked=True,
            )
        )
        if exercise.checked:
            public, hidden = _split_points(exercise.points)
            cells.append(
                _nbgrader(
                    nbformat.v4.new_code_cell(
                        solution_cell_source(
                            exercise, "### BEGIN SOLUTION", "### END SOLUTION"
                        )
                    ),
                    f"{key}-answer",
                    solution=True,
                    grade=False,
                    locked=False,
                )
            )
            cells.append(
                _nbgrader(
                    nbformat.v4.new_code_cell(public_test(exercise)),
                    f"{key}-public",
                    solution=False,
                    grade=True,
                    locked=True,
                    points=public,
                )
            )
            hidden_source = (
                "# Hidden tests: fresh random cases, the student's own code.\n"
                "### BEGIN HIDDEN TESTS\n"
                + hidden_test(exercise)
                + "### END HIDDEN TESTS\n"
            )
            cells.append(
                _nbgrader(
                    nbformat.v4.new_code_cell(hidden_source),
                    f"{key}-hidden",
                    solution=False,
                    grade=True,
                    locked=True,
                    points=hidden,
                )
            )
        else:
            cells.append(
                _nbgrader(
                    nbformat.v4.new_markdown_cell(
                        f"Rubric ({exercise.points} points): {exercise.rubric}"
                    ),
                    f"{key}-answer",
                    solution=True,
                    grade=True,
                    locked=False,
                    points=exercise.points,
                )
            )
    nb.cells = cells
    for number, cell in enumerate(nb.cells):
        cell.id = f"cell-{number}"
    return nb


def _split_points(points: int) -> tuple[int, int]:
    public = max(1, points // 2)
    return public, points - public


# ------------------------------------------------------------------ otter


def _raw(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_raw_cell(text)


def _otter_test(body: str, function: str, names, points, hidden) -> str:
    arguments = ", ".join(names)
    config = (
        '""" # BEGIN TEST CONFIG\n'
        f"points: {points}\n"
        f"hidden: {'true' if hidden else 'false'}\n"
        '""" # END TEST CONFIG\n'
    )
    return (
        config
        + f"def {function}({arguments}):\n"
        + textwrap.indent(body, "    ")
        + f"\n{function}({arguments})\n"
    )


def otter_notebook(stem: str) -> nbformat.NotebookNode:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    config = {
        "name": stem,
        "init_cell": True,
        "check_all_cell": False,
        "export_cell": False,
        "tests": {"ok_format": False},
        "requirements": "requirements.txt",
        "generate": {"pdf": False},
        "run_tests": True,
    }
    url = f"{make_exercises.site_url()}chapters/{stem}.html"
    setups = {e.setup for e in exercises_of(stem) if e.setup}
    cells = [
        _raw("# ASSIGNMENT CONFIG\n" + _yaml(config)),
        nbformat.v4.new_markdown_cell(
            INTRODUCTION.format(title=chapter_title(stem), url=url)
        ),
        nbformat.v4.new_code_cell(SETUP + "".join(s + "\n" for s in setups)),
    ]
    texts = statements(stem)
    for number, exercise in enumerate(exercises_of(stem), start=1):
        name = f"q{number}"
        question = {"name": name, "points": exercise.points}
        if not exercise.checked:
            question["manual"] = True
        cells.append(_raw("# BEGIN QUESTION\n" + _yaml(question)))
        cells.append(nbformat.v4.new_markdown_cell(texts[exercise.label]))
        if exercise.checked:
            public, hidden = _split_points(exercise.points)
            cells.append(_raw("# BEGIN SOLUTION"))
            cells.append(
                nbformat.v4.new_code_cell(
                    solution_cell_source(
                        exercise, "# BEGIN SOLUTION", "# END SOLUTION"
                    )
                )
            )
            cells.append(_raw("# END SOLUTION"))
            cells.append(_raw("# BEGIN TESTS"))
            cells.append(
                nbformat.v4.new_code_cell(
                    _otter_test(
                        public_test(exercise),
                        "test_public",
                        exercise.answers,
                        public,
                        False,
                    )
                )
            )
            cells.append(
                nbformat.v4.new_code_cell(
                    _otter_test(
                        hidden_test(exercise),
                        "test_hidden",
                        exercise.answers,
                        hidden,
                        True,
                    )
                )
            )
            cells.append(_raw("# END TESTS"))
        else:
            cells.append(_raw("# BEGIN SOLUTION"))
            cells.append(
                nbformat.v4.new_markdown_cell(
                    f"Rubric ({exercise.points} points): {exercise.rubric}"
                )
            )
            cells.append(_raw("# END SOLUTION"))
        cells.append(_raw("# END QUESTION"))
    nb.cells = cells
    for number, cell in enumerate(nb.cells):
        cell.id = f"cell-{number}"
    return nb


def repository_url() -> str:
    import set_repository

    return set_repository.repository_url(ROOT)


def _yaml(data: dict) -> str:
    import yaml

    return yaml.safe_dump(data, sort_keys=False)


# ------------------------------------------------------------------- main


def exercises_of(stem: str) -> list[Exercise]:
    """The exercises of a chapter, in the chapter's order."""
    order = list(statements(stem))
    missing = [label for label in order if label not in EXERCISES]
    if missing:
        raise SystemExit(
            f"{stem}: exercises missing from tools/assignments/catalogue.py: "
            + ", ".join(missing)
        )
    return [EXERCISES[label] for label in order]


def write(out: Path, stems: list[str]) -> list[Path]:
    written = []
    course = out / "nbgrader"
    (course / "source").mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(NBGRADER_CONFIG)
    (out / "otter").mkdir(parents=True, exist_ok=True)
    (out / "otter" / "requirements.txt").write_text(
        f"mlcourse @ git+{repository_url()}\n"
    )
    for stem in stems:
        folder = course / "source" / stem
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{stem}.ipynb"
        nbformat.write(nbgrader_notebook(stem), path)
        written.append(path)
        path = out / "otter" / f"{stem}.ipynb"
        nbformat.write(otter_notebook(stem), path)
        written.append(path)
    summary = {
        stem: {
            e.label: {"points": e.points, "checked": e.checked}
            for e in exercises_of(stem)
        }
        for stem in stems
    }
    (out / "points.json").write_text(json.dumps(summary, indent=1) + "\n")
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("chapters", nargs="*")
    args = parser.parse_args(argv)
    stems = (
        [chapter_stem(c) for c in args.chapters]
        if args.chapters
        else [p.stem for p in make_exercises.chapter_paths()]
    )
    written = write(args.out, stems)
    print(f"wrote {len(written)} notebooks to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
