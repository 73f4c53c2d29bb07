"""A chapter's graded notebook in otter-grader's master format.

Raw cells hold otter's blocks (``# ASSIGNMENT CONFIG``, ``# BEGIN
QUESTION``, ``# BEGIN SOLUTION``, ``# BEGIN TESTS`` and their ends); tests
are exception-based, each with its ``# BEGIN TEST CONFIG`` (points,
hidden). A checked exercise is a question of two tests (public and
hidden, half of its automatic points each); a written part is a manually
graded question, which Gradescope grades from a PDF of the submission.

The first code cell installs what the notebook needs where it is missing
(otter-grader and this edition of the course library, on Colab or a
fresh Binder) and starts otter; on Colab, where otter reads tests only
from files, it writes the public tests next to the notebook.
"""

from __future__ import annotations

import sys

import nbformat
import yaml

from . import parts
from .exercises import Exercise

OTTER = "otter-grader==7.0.0"

INSTALL = """\
# Set-up for Binder, Colab and a bare Jupyter: the grading client and this
# edition of the course library are installed when they are missing.
import os
import sys

try:
    import otter
except ImportError:
    %pip install --quiet "{otter}"
    import otter
try:
    import mlcourse
except ImportError:
    %pip install --quiet "{mlcourse}"
if "google.colab" in sys.modules:  # otter reads tests from files on Colab
    os.makedirs("tests", exist_ok=True)
    for _name, _source in {tests!r}.items():
        with open(os.path.join("tests", _name + ".py"), "w") as _file:
            _file.write(_source)
grader = otter.Notebook("{notebook}")
"""

TEST_FILE = """\
from otter.test_files import test_case

OK_FORMAT = False

name = "{name}"
points = {points}

@test_case(points={points}, hidden=False)
{body}"""


def question_name(exercise: Exercise, written: bool = False) -> str:
    name = "q" + exercise.number.replace(".", "_")
    return name + "_written" if written else name


def _raw(text: str) -> nbformat.NotebookNode:
    return nbformat.v4.new_raw_cell(text)


def _yaml(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False)


def _test(body: str, call: str, points: float, hidden: bool):
    config = (
        '""" # BEGIN TEST CONFIG\n'
        f"points: {points:g}\n"
        f"hidden: {'true' if hidden else 'false'}\n"
        '""" # END TEST CONFIG\n'
    )
    return nbformat.v4.new_code_cell(config + body + "\n" + call)


def config(stem: str) -> dict:
    """Otter's assignment configuration (``# ASSIGNMENT CONFIG``)."""
    return {
        "name": stem,
        "requirements": "requirements.txt",
        "python_version": f"{sys.version_info.major}.{sys.version_info.minor}",
        "init_cell": False,
        "check_all_cell": False,
        "export_cell": {
            "pdf": False,
            "instructions": "Upload the zip file to the assignment on "
            "Gradescope.",
        },
        "generate": {"pdf": True, "filtering": True, "pagebreaks": True},
        "tests": {"files": False, "ok_format": False},
    }


def public_test_files(exercises: list[Exercise]) -> dict[str, str]:
    """The public tests as otter's test files, for Colab."""
    return {
        question_name(e): TEST_FILE.format(
            name=question_name(e),
            points=e.auto / 2,
            body=parts.public_test(e),
        )
        for e in exercises
        if e.checked
    }


def question(exercise: Exercise, seed: int) -> list:
    cells = []
    if exercise.checked:
        half = exercise.auto / 2
        cells += [
            _raw(
                "# BEGIN QUESTION\n"
                + _yaml(
                    {"name": question_name(exercise), "points": [half, half]}
                )
            ),
            nbformat.v4.new_markdown_cell(parts.statement_markdown(exercise)),
            _raw("# BEGIN SOLUTION"),
            nbformat.v4.new_code_cell(
                parts.answer_source(
                    exercise, "# BEGIN SOLUTION", "# END SOLUTION"
                )
            ),
            _raw("# END SOLUTION"),
            _raw("# BEGIN TESTS"),
            _test(
                parts.public_test(exercise),
                f"test_public({', '.join(exercise.answers)})\n",
                half,
                False,
            ),
            _test(
                parts.hidden_test(exercise, seed),
                parts.hidden_test_call(exercise),
                half,
                True,
            ),
            _raw("# END TESTS"),
            _raw("# END QUESTION"),
        ]
    if exercise.manual:
        name = question_name(exercise, written=bool(exercise.checked))
        cells.append(
            _raw(
                "# BEGIN QUESTION\n"
                + _yaml(
                    {"name": name, "manual": True, "points": exercise.manual}
                )
            )
        )
        cells.append(
            nbformat.v4.new_markdown_cell(
                "(The written part of the exercise above.)"
                if exercise.checked
                else parts.statement_markdown(exercise)
            )
        )
        cells.append(_raw("# BEGIN SOLUTION"))
        code = parts.experiment_cell(
            exercise, "# BEGIN SOLUTION", "# END SOLUTION"
        )
        if code:
            cells.append(nbformat.v4.new_code_cell(code))
        cells.append(
            nbformat.v4.new_markdown_cell(parts.written_answer(exercise))
        )
        cells.append(_raw("# END SOLUTION"))
        cells.append(_raw("# END QUESTION"))
    return cells


def notebook(
    stem: str,
    introduction: str,
    exercises: list[Exercise],
    seed: int,
    requirement: str,
) -> nbformat.NotebookNode:
    install = INSTALL.format(
        otter=OTTER,
        mlcourse=requirement,
        tests=public_test_files(exercises),
        notebook=f"{stem}.ipynb",
    )
    cells = [
        _raw("# ASSIGNMENT CONFIG\n" + _yaml(config(stem))),
        nbformat.v4.new_markdown_cell(introduction),
        nbformat.v4.new_code_cell(install),
        nbformat.v4.new_code_cell(parts.setup_source(exercises)),
    ]
    for exercise in exercises:
        cells += question(exercise, seed)
    return parts.python_notebook(cells)


def requirements(requirement: str, pins: list[str]) -> str:
    """The grading image's packages: the library's, pinned, and the library."""
    return "\n".join([*pins, requirement]) + "\n"
