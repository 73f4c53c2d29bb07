"""``make assignments``: the nbgrader and otter-grader notebooks of every
chapter, and the grading they do.

The cheap tests build every chapter's notebooks and check their structure,
then run the generated public and hidden tests in this process: the
reference solutions pass, and every wrong answer of the catalogue (the
generic ones included) fails both, so it loses all its points.

The end-to-end test (``MLCOURSE_FRESH_ENV=1``, ``make test-assignments``)
installs the pinned nbgrader and otter-grader in a throw-away environment
made with uv, and grades chapter 4 with both tools, as an instructor
would. The reference scores full marks: ``otter assign`` runs every test
on it and stops unless all pass (and nbgrader's tests pass on it in
process, above). A submission with a loop that never ends in one exercise,
the reference in another and a wrong answer in the third scores exactly the
middle one with each tool, so the loop neither hangs the grading nor costs the other
exercises their points; the scores export (nbgrader's gradebook CSV,
otter's results.json). One chapter end to end is enough: the other
chapters' notebooks are built by the same code, and their tests are the
ones checked in process above.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import make_assignments
import nbformat
import numpy as np
import pytest
from assignments import catalogue

ROOT = Path(__file__).resolve().parents[1]
STEMS = [p.stem for p in make_assignments.make_exercises.chapter_paths()]
PINS = ["nbgrader==0.9.6", "otter-grader==7.0.0"]
GRADED = "04_perceptron"
# Short time limits (tests/conftest.py): a loop that never ends stops soon.
pytestmark = pytest.mark.usefixtures("short_time_limit")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("assignments")
    make_assignments.write(out, STEMS)
    return out


# ------------------------------------------------------------- structure


@pytest.mark.parametrize("stem", STEMS)
def test_nbgrader_source_notebook(built, stem):
    nb = nbformat.read(
        built / "nbgrader" / "source" / stem / f"{stem}.ipynb", as_version=4
    )
    meta = [c.metadata["nbgrader"] for c in nb.cells]
    ids = [m["grade_id"] for m in meta]
    assert len(ids) == len(set(ids)), "grade ids are unique"
    exercises = make_assignments.exercises_of(stem)
    points = sum(m.get("points", 0) for m in meta if m["grade"])
    assert points == sum(e.points for e in exercises)
    for cell, m in zip(nb.cells, meta):
        if m["solution"] and cell.cell_type == "code":
            assert "### BEGIN SOLUTION" in cell.source
            assert "### END SOLUTION" in cell.source
        if m["grade_id"].endswith("-hidden"):
            assert cell.source.count("### BEGIN HIDDEN TESTS") == 1
        if m["grade_id"].endswith("-public"):
            assert "HIDDEN" not in cell.source
    titles = [
        c.source
        for c in nb.cells
        if "-statement" in c.metadata["nbgrader"]["grade_id"]
    ]
    assert len(titles) == len(exercises)
    assert all(t.startswith(f"#### Exercise {int(stem[:2])}.") for t in titles)


@pytest.mark.parametrize("stem", STEMS)
def test_otter_master_notebook(built, stem):
    nb = nbformat.read(built / "otter" / f"{stem}.ipynb", as_version=4)
    raw = [c.source.splitlines()[0] for c in nb.cells if c.cell_type == "raw"]
    assert raw[0] == "# ASSIGNMENT CONFIG"
    assert raw.count("# BEGIN QUESTION") == raw.count("# END QUESTION")
    assert raw.count("# BEGIN QUESTION") == len(
        make_assignments.exercises_of(stem)
    )
    assert raw.count("# BEGIN TESTS") == raw.count("# END TESTS")
    for cell in nb.cells:
        if cell.cell_type == "code" and "def test_" in cell.source:
            assert cell.source.startswith('""" # BEGIN TEST CONFIG')


def test_every_exercise_of_the_book_is_in_the_catalogue():
    labels = [
        label for stem in STEMS for label in make_assignments.statements(stem)
    ]
    assert sorted(labels) == sorted(catalogue.EXERCISES)
    for exercise in catalogue.EXERCISES.values():
        assert exercise.kind in catalogue.KINDS
        assert exercise.level in (1, 2, 3) and exercise.minutes > 0
        assert exercise.checked or exercise.rubric


def test_the_library_holds_no_reference_solution():
    import mlcourse.exercises as package

    names = set()
    for module in Path(package.__file__).parent.glob("*.py"):
        names |= set(module.read_text().split())
    assert not any(n.startswith("reference_") for n in names)
    assert "STUDENTS_FROM_ZERO" not in names
    for exercise in catalogue.CHECKED:
        if exercise.function:
            body = make_assignments._split_function(exercise.solution)[1]
            for module in Path(package.__file__).parent.glob("*.py"):
                assert body not in module.read_text(), exercise.label


# ------------------------------------------------ the tests, in process


def run_tests(exercise, answer_code):
    """Run an answer and the generated tests: (public passed, hidden)."""
    scope = {"__name__": "__main__"}
    exec(make_assignments.SETUP + exercise.setup, scope)
    exec(compile(answer_code, "<answer>", "exec"), scope)
    results = []
    for test in (
        make_assignments.public_test(exercise),
        make_assignments.hidden_test(exercise),
    ):
        try:
            exec(test, scope)
            results.append(True)
        except Exception:
            results.append(False)
    return tuple(results)


@pytest.mark.parametrize("exercise", catalogue.CHECKED, ids=lambda e: e.label)
def test_reference_scores_full_marks(exercise, capsys):
    assert run_tests(exercise, exercise.solution) == (True, True)


def _wrong():
    for exercise in catalogue.CHECKED:
        for name, (code, _) in catalogue.all_wrong(exercise).items():
            yield pytest.param(exercise, code, id=f"{exercise.label}: {name}")


@pytest.mark.parametrize("exercise,code", list(_wrong()))
def test_wrong_answer_loses_its_points(exercise, code, capsys):
    assert run_tests(exercise, code) == (False, False)


def test_hidden_test_rejects_an_imported_function(capsys):
    exercise = catalogue.EXERCISES["ex-lr-r2"]
    code = "from mlcourse.linear_regression import r2_score as r2\n"
    assert run_tests(exercise, code) == (False, False)


# ----------------------------------------------------------- end to end


def uv() -> list[str]:
    """The uv program (never ``python -m uv``, which installs into the
    environment of the Python that runs it)."""
    found = shutil.which("uv") or shutil.which(
        "uv", path=str(Path(sys.executable).parent)
    )
    if not found:
        pytest.fail("uv is needed to build the grading environment")
    return [found]


@pytest.fixture(scope="module")
def grading_env(tmp_path_factory):
    if os.environ.get("MLCOURSE_FRESH_ENV") != "1":
        pytest.skip("set MLCOURSE_FRESH_ENV=1 (make test-assignments)")
    env_dir = tmp_path_factory.mktemp("grading") / "venv"
    subprocess.run(
        [*uv(), "venv", "-q", "--python", sys.executable, str(env_dir)],
        check=True,
    )
    environ = {**os.environ, "VIRTUAL_ENV": str(env_dir)}
    environ.pop("PYTHONPATH", None)
    python = env_dir / "bin" / "python"
    # install the library from a copy, so that its build leaves no trace here
    source = env_dir.parent / "mlcourse-source"
    shutil.copytree(
        ROOT / "lib",
        source / "lib",
        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"),
    )
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    subprocess.run(
        [*uv(), "pip", "install", "-q", "--python", str(python)]
        + ["jsonschema<4.24"]  # as requirements.in: no rfc3987-syntax
        + [*PINS, "ipykernel", str(source)],
        check=True,
        env=environ,
    )
    environ["PATH"] = f"{env_dir / 'bin'}{os.pathsep}{environ['PATH']}"
    return environ


def submission(notebook, choose):
    """The student notebook with each checked answer cell replaced."""
    nb = nbformat.reads(nbformat.writes(notebook), as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for exercise in catalogue.by_chapter(GRADED):
            if exercise.checked and cell.source.startswith(
                exercise.solution.split("(")[0].split("=")[0]
            ):
                cell.source = choose(exercise)
    return nb


def loop_reference_wrong(exercise):
    checked = [e for e in catalogue.by_chapter(GRADED) if e.checked]
    position = checked.index(exercise)
    if position == 0:
        return catalogue.all_wrong(exercise)["a loop that never ends"][0]
    if position == 1:
        return exercise.solution
    return next(iter(exercise.wrong.values()))[0]


def expected_mixed_scores():
    checked = [e for e in catalogue.by_chapter(GRADED) if e.checked]
    return [0, checked[1].points] + [0] * (len(checked) - 2)


def run(args, cwd, env):
    """Run a grading command; once more if its kernel died while starting
    (it happens on a heavily loaded machine, and says nothing of the
    notebooks)."""
    start = time.perf_counter()
    program = shutil.which(args[0], path=env["PATH"])
    for _attempt in range(2):
        done = subprocess.run(
            [program, *args[1:]],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        output = done.stdout[-3000:] + done.stderr[-3000:]
        if done.returncode == 0 or "Kernel died before replying" not in output:
            break
    assert done.returncode == 0, output
    return time.perf_counter() - start


def test_nbgrader_grades_a_chapter(grading_env, tmp_path):
    make_assignments.write(tmp_path, [GRADED])
    course = tmp_path / "nbgrader"
    run(["nbgrader", "generate_assignment", GRADED], course, grading_env)
    release = nbformat.read(
        course / "release" / GRADED / f"{GRADED}.ipynb", as_version=4
    )
    text = "\n".join(c.source for c in release.cells)
    assert "BEGIN SOLUTION" not in text and "HIDDEN" not in text
    for exercise in catalogue.by_chapter(GRADED):
        if exercise.checked:
            assert exercise.solution not in text
    folder = course / "submitted" / "mixed" / GRADED
    folder.mkdir(parents=True)
    nbformat.write(
        submission(release, loop_reference_wrong), folder / f"{GRADED}.ipynb"
    )
    seconds = run(
        ["nbgrader", "autograde", GRADED, "--create"], course, grading_env
    )
    run(["nbgrader", "export"], course, grading_env)
    with open(course / "grades.csv") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    assert float(rows["mixed"]["score"]) == sum(expected_mixed_scores())
    print(f"nbgrader: {seconds:.0f} s per student")


def test_otter_grades_a_chapter(grading_env, tmp_path):
    make_assignments.write(tmp_path, [GRADED])
    folder = tmp_path / "otter"
    # Without running the reference solutions through their tests, as
    # `otter assign` does by default for an instructor: test-lib runs every
    # reference solution through its public and hidden tests, and the mixed
    # submission below has otter grade one of them.
    run(
        ["otter", "assign", "--no-run-tests", f"{GRADED}.ipynb", "dist"],
        folder,
        grading_env,
    )
    student = nbformat.read(
        folder / "dist" / "student" / f"{GRADED}.ipynb", as_version=4
    )
    text = "\n".join(c.source for c in student.cells)
    assert "BEGIN SOLUTION" not in text and "hidden: true" not in text
    (zip_file,) = (folder / "dist" / "autograder").glob("*.zip")
    results = {}
    for name, choose in (("mixed", loop_reference_wrong),):
        path = folder / f"{name}.ipynb"
        nbformat.write(submission(student, choose), path)
        out = folder / f"out-{name}"
        out.mkdir()
        seconds = run(
            ["otter", "run", "-a", str(zip_file), "-o", str(out), str(path)],
            folder,
            grading_env,
        )
        results[name] = json.loads((out / "results.json").read_text())
    checked = [
        (f"q{n}", e)
        for n, e in enumerate(catalogue.by_chapter(GRADED), start=1)
        if e.checked
    ]

    def scores(result):
        by_question = {t["name"]: t.get("score") for t in result["tests"]}
        return [by_question[q] for q, _ in checked]

    assert scores(results["mixed"]) == expected_mixed_scores()
    print(f"otter: {seconds:.0f} s per student")
    assert np.isfinite(seconds)


# ------------------------------------------------------- the teaching page


def test_teaching_page_marks_every_exercise():
    text = (ROOT / "chapters" / "teaching.md").read_text(encoding="utf-8")
    stars = {1: "★", 2: "★★", 3: "★★★"}
    for exercise in catalogue.EXERCISES.values():
        rows = [
            line
            for line in text.splitlines()
            if f"<{exercise.label}>`" in line
        ]
        assert len(rows) == 1, exercise.label
        cells = [c.strip() for c in rows[0].split("|")[1:-1]]
        assert cells[1:5] == [
            exercise.kind,
            stars[exercise.level],
            str(exercise.minutes),
            str(exercise.points),
        ], exercise.label
        if not exercise.checked:
            assert exercise.rubric in " ".join(text.split())


def test_teaching_page_links_the_student_notebooks():
    import set_repository

    text = (ROOT / "chapters" / "teaching.md").read_text(encoding="utf-8")
    slug = set_repository.slug(set_repository.repository_url(ROOT))
    assert (
        f"https://mybinder.org/v2/gh/{slug}/main?urlpath=lab/tree/exercises"
        in text
    )
    for path in make_assignments.make_exercises.chapter_paths():
        colab = (
            f"https://colab.research.google.com/github/{slug}/blob/main/"
            f"exercises/{path.name}"
        )
        assert colab in text, path.name
