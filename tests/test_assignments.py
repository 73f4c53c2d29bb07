"""The instructor edition (``make assignments``): its graded notebooks for
nbgrader and otter-grader, and the grading they do.

In process, for every chapter (ids start with the chapter's stem): each
graded notebook runs from top to bottom in a fresh namespace with its
reference answers, and every test passes (nothing it needs comes from the
chapter); the student's version holds no solution and no hidden test;
points add up to the exercises' points; every wrong answer of the
catalogue fails the public and the hidden test, with the checker's
message.

End to end (``MLCOURSE_FRESH_ENV=1``, ``make test-assignments``): in a
fresh environment, the commands of the teaching page's blocks
``install-grading``, ``grade-nbgrader`` and ``grade-otter`` are run as an
instructor would run them, on chapter 4, with three submissions: the
reference answers, a mixed one and one whose functions never return (a
loop inside a bare ``except:``). The only departures from the page: uv
installs the environment from its cache (instead of pip from the
network), and the time limit of a check is one second (instead of
three). The course library comes, as the page says, from the copy that
``make assignments`` writes next to ``requirements.txt``.
"""

from __future__ import annotations

import csv
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import make_assignments
import nbformat
import pytest
import yaml
from assignments import editions, otter_notebook, parts, wrong
from assignments import exercises as book
from mlcourse.exercises import checking, checks

ROOT = Path(__file__).resolve().parents[1]
STEMS = [p.stem for p in book.chapter_paths()]
GRADED = "04_perceptron"
SEED = 1234
LOOPS = ("endless loop", "swallowed loop")


@functools.cache
def exercises_of(stem):
    return book.read(book.CHAPTERS / f"{stem}.ipynb")


@pytest.fixture(scope="module")
def private(tmp_path_factory):
    out = tmp_path_factory.mktemp("instructor")
    make_assignments.write_private(out, STEMS, SEED)
    return out


def grade_ids(nb):
    return [c.metadata["nbgrader"]["grade_id"] for c in nb.cells]


def strip_markers(source: str) -> str:
    """A source cell as the instructor wrote it, without nbgrader's markers."""
    return "\n".join(
        line
        for line in source.splitlines()
        if not line.strip().startswith("### ")
    )


def run_cells(sources: list[str], name: str) -> dict:
    scope = {"__name__": "__main__"}
    for number, source in enumerate(sources):
        wrong.run_cell(source, scope, f"<{name} cell {number}>")
    return scope


# ------------------------------------------------------------- structure


@pytest.mark.parametrize("stem", STEMS)
def test_nbgrader_source_notebook(private, stem):
    nb = nbformat.read(
        private / "nbgrader" / "source" / stem / f"{stem}.ipynb", 4
    )
    ids = grade_ids(nb)
    assert len(ids) == len(set(ids)), "grade ids are unique"
    found = exercises_of(stem)
    graded = [c.metadata["nbgrader"] for c in nb.cells]
    total = sum(m.get("points", 0) for m in graded if m["grade"])
    assert total == sum(e.points for e in found)
    for e in found:
        if e.checked:
            for part in ("answer", "public", "hidden"):
                assert f"{e.label}-{part}" in ids
        if e.manual:
            assert f"{e.label}-written" in ids
    for cell in nb.cells:
        gid = cell.metadata["nbgrader"]["grade_id"]
        if gid.endswith(("-public", "-hidden")):
            assert cell.metadata["tags"] == ["raises-exception"]
        if gid.endswith("-hidden"):
            assert cell.source.startswith("### BEGIN HIDDEN TESTS")


@pytest.mark.parametrize("stem", STEMS)
def test_otter_master_notebook(private, stem):
    nb = nbformat.read(private / "otter" / f"{stem}.ipynb", 4)
    raw = [c.source.splitlines()[0] for c in nb.cells if c.cell_type == "raw"]
    assert raw[0] == "# ASSIGNMENT CONFIG"
    assert raw.count("# BEGIN QUESTION") == raw.count("# END QUESTION")
    found = exercises_of(stem)
    questions = sum(bool(e.checked) + bool(e.manual) for e in found)
    assert raw.count("# BEGIN QUESTION") == questions
    for cell in nb.cells[3:]:  # after the set-up, which writes Colab's tests
        if cell.cell_type == "code" and "def test_" in cell.source:
            assert cell.source.startswith('""" # BEGIN TEST CONFIG')
    config = nb.cells[0].source.split("\n", 1)[1]
    assert "python_version:" in config and "pdf: true" in config


def test_the_otter_requirements_pin_the_library_and_its_tag(private):
    lines = (private / "otter" / "requirements.txt").read_text().splitlines()
    *pins, library = lines
    assert all(re.fullmatch(r"[\w.\-]+==[\w.+]+", p) for p in pins)
    assert {"numpy", "scipy", "scikit-learn", "matplotlib"} <= {
        p.split("==")[0] for p in pins
    }
    assert re.fullmatch(r"mlcourse @ git\+https://\S+@v[\d.]+", library)


def test_the_grading_environment_installs_the_library_from_its_copy(
    private,
):
    *_, library = (private / "requirements.txt").read_text().splitlines()
    assert library == make_assignments.LOCAL_LIBRARY == "./mlcourse"
    copy = private / library
    assert (copy / "pyproject.toml").is_file()
    assert (copy / "lib" / "mlcourse" / "exercises" / "checks.py").is_file()
    assert not list(copy.rglob("__pycache__"))


def extensions(book_root: Path) -> list[str]:
    config = yaml.safe_load((book_root / "_config.yml").read_text())
    return config["sphinx"]["extra_extensions"]


def test_the_instructor_website_has_no_source_pages(tmp_path):
    assert "sphinx.ext.viewcode" in extensions(ROOT), "the public one has"
    staged = editions.stage_book(tmp_path / "book")
    kept = extensions(staged)
    assert "sphinx.ext.autodoc" in kept
    assert not set(kept) & set(editions.VIEWCODE)


# ------------------------------------------------ the tests, in process


def _answers_of(nb):
    """The code of the answer, experiment and written cells, by grade id."""
    return {
        c.metadata["nbgrader"]["grade_id"]: c.source
        for c in nb.cells
        if c.metadata["nbgrader"]["solution"]
    }


@pytest.mark.parametrize("stem", STEMS)
def test_the_graded_notebook_runs_alone_and_its_reference_scores_full_marks(
    private, stem
):
    """Self-contained: no name comes from the chapter, every test passes."""
    nb = nbformat.read(
        private / "nbgrader" / "source" / stem / f"{stem}.ipynb", 4
    )
    sources = [
        strip_markers(c.source) for c in nb.cells if c.cell_type == "code"
    ]
    with checking(time_limit=10):
        run_cells(sources, stem)  # a failing test raises


def _graded_parts(exercise):
    return (
        parts.public_test(exercise)
        + f"\ntest_public({', '.join(exercise.answers)})\n",
        parts.hidden_test(exercise, SEED) + parts.hidden_test_call(exercise),
    )


def _wrong_answers():
    """Per exercise, its first written wrong answer and, for a function, a
    loop inside a bare ``except:`` (every wrong answer fails the checker on
    a worked example, which the hidden mode runs too: see
    test_the_hidden_mode_runs_every_worked_example)."""
    for stem in STEMS:
        for e in exercises_of(stem):
            if not e.checked:
                continue
            chosen = [e.wrong[0]] + [
                w for w in wrong.catalogue(e) if w.kind == "swallowed loop"
            ]
            for entry in chosen:
                yield pytest.param(
                    e, entry, id=f"{stem}-{e.label}-{entry.name}"
                )


@pytest.mark.parametrize("exercise,entry", list(_wrong_answers()))
def test_a_wrong_answer_loses_the_points_of_both_tests(exercise, entry):
    scope = run_cells([parts.setup_source([exercise]), entry.code], "answer")
    limit = 0.1 if entry.kind in LOOPS else checks.TIME_LIMIT
    for number, test in enumerate(_graded_parts(exercise)):
        with checking(time_limit=limit), pytest.raises(AssertionError) as info:
            wrong.run_cell(test, scope, f"<test {number}>")
        message = str(info.value)
        assert message.startswith(("Not quite", "Your")), message


@pytest.mark.parametrize(
    "exercise",
    [e for stem in STEMS for e in exercises_of(stem) if e.function],
    ids=lambda e: f"{e.chapter}-{e.label}",
)
def test_the_hidden_mode_runs_every_worked_example(exercise):
    module, name = exercise.checker
    cases = getattr(__import__(module, fromlist=[name]), name).cases
    with checking(seed=SEED):
        public = checks.build_cases(cases, name)
    with checking(seed=SEED, hidden=True):
        hidden = checks.build_cases(cases, name)
    worked = [c.description for c in public if not c.random]
    assert [c.description for c in hidden[: len(worked)]] == worked
    assert not any(c.random for c in hidden[: len(worked)])
    assert sum(c.random for c in hidden) == 3 * sum(c.random for c in public)


def test_the_hidden_test_shows_no_case_and_names_the_reference(private):
    (exercise,) = [
        e for e in exercises_of(GRADED) if e.label == "ex-pc-first-mistake"
    ]
    hidden = parts.hidden_test(exercise, SEED)
    assert f"seed={SEED}" in hidden and "def reference(" in hidden
    off = "def first_mistake(X, y, w, b):\n    return -1\n"
    with pytest.raises(AssertionError) as info:
        run_cells(
            [
                parts.setup_source([exercise]),
                off,
                hidden + "test_hidden(first_mistake)",
            ],
            "hidden",
        )
    assert "hidden case" in str(info.value)
    assert "The arguments were" not in str(info.value)


# ----------------------------------------------------------- end to end


def page_block(name: str) -> list[str]:
    """The command lines of a named code block of the teaching page."""
    text = (ROOT / "chapters" / "teaching.md").read_text(encoding="utf-8")
    match = re.search(
        r"```\{code-block\} sh\n:name: " + re.escape(name) + r"\n(.*?)```",
        text,
        re.DOTALL,
    )
    assert match, f"the teaching page has no code block named {name!r}"
    return block_commands(match.group(1))


def block_commands(body: str) -> list[str]:
    """A shell block's commands, one a line once ``\\`` continuations are
    joined (the page breaks long commands to fit a phone)."""
    joined = re.sub(r"[ \t]*\\\n[ \t]*", " ", body)
    return [
        line.strip()
        for line in joined.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]


def test_a_broken_command_line_is_one_command():
    body = "cd otter\notter run \\\n  -a x.zip \\\n  -o results s.ipynb\n"
    assert block_commands(body) == [
        "cd otter",
        "otter run -a x.zip -o results s.ipynb",
    ]


def test_the_page_blocks_the_end_to_end_test_runs_exist():
    assert page_block("install-grading")[0].startswith("cd ")
    assert any(
        "generate_assignment" in c for c in page_block("grade-nbgrader")
    )
    assert any(c.startswith("otter run") for c in page_block("grade-otter"))


class Instructor:
    """Runs the page's commands in a shell, from a folder, in an environment."""

    def __init__(self, folder: Path, env: dict[str, str]):
        self.folder, self.env = folder, env

    def run(self, command: str) -> str:
        if command.startswith("cd "):
            self.folder = self.folder / command[3:]
            return ""
        start = time.perf_counter()
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=self.folder,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        print(f"{time.perf_counter() - start:5.1f} s  {command}")
        return done.stdout + done.stderr


#: What the grading environment must not inherit from the book's; and, as
#: in an instructor's shell, Python writes the bytecode of what it imports
#: (cheaper than compiling every installed module ahead of time).
LEAKY = (
    "PYTHONPATH",
    "PYTHONHOME",
    "VIRTUAL_ENV",
    "PYTHONUSERBASE",
    "PYTHONDONTWRITEBYTECODE",
)


def uv(*args: str) -> list[str]:
    """The book's uv (as the Makefile's), never ``python -m uv``."""
    found = shutil.which("uv", path=str(Path(sys.executable).parent))
    if not found:
        pytest.fail("uv is needed to build the grading environment")
    return [found, *args]


def environment(venv: Path | None = None) -> dict[str, str]:
    """The process environment of a command, in ``venv`` if given."""
    env = {k: v for k, v in os.environ.items() if k not in LEAKY}
    if venv is not None:
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
        env["VIRTUAL_ENV"] = str(venv)
    return env


@pytest.fixture(scope="module")
def grading(tmp_path_factory):
    """The instructor edition of chapter 4 and its grading environment,
    installed as the page's ``install-grading`` block says: the private
    folder and the environment's variables."""
    if os.environ.get("MLCOURSE_FRESH_ENV") != "1":
        pytest.skip("set MLCOURSE_FRESH_ENV=1 (make test-assignments)")
    out = tmp_path_factory.mktemp("edition")
    make_assignments.write_private(out / "private", [GRADED], SEED)
    folder, venv, env = out, None, None
    for command in page_block("install-grading"):
        if command.startswith("cd "):
            folder = out / command[3:].removeprefix("_build/instructor/")
        elif command.startswith("python -m venv "):
            venv = folder / command.split()[-1]
            subprocess.run(
                uv("venv", "-q", "--python", sys.executable, str(venv)),
                check=True,
                env=environment(),
            )
        elif " -m pip install -r " in command:
            # the page's requirements as they are, from the page's folder
            start = time.perf_counter()
            subprocess.run(
                uv(
                    "pip",
                    "install",
                    "-q",
                    "--python",
                    str(venv / "bin/python"),
                )
                + ["-r", command.split()[-1]],
                check=True,
                cwd=folder,
                env=environment(),
            )
            print(f"{time.perf_counter() - start:5.1f} s  install")
        elif command.startswith("export PATH="):
            env = environment(venv)
            env["MLCOURSE_TIME_LIMIT"] = "1"
        else:
            raise AssertionError(
                f"a command the test cannot follow: {command}"
            )
    return folder, env


def submission(nb, choose):
    """The student notebook with each answer cell replaced by ``choose``."""
    nb = nbformat.reads(nbformat.writes(nb), as_version=4)
    for cell in nb.cells:
        gid = cell.metadata.get("nbgrader", {}).get("grade_id", "")
        label = gid.rsplit("-", 1)[0]
        if gid.endswith("-answer"):
            cell.source = choose(label, cell.source)
    return nb


def reference_answers(private: Path):
    source = nbformat.read(
        private / "nbgrader" / "source" / GRADED / f"{GRADED}.ipynb", 4
    )
    answers = _answers_of(source)
    return lambda label, stub: strip_markers(answers[f"{label}-answer"])


def mixed_answers(private: Path):
    reference = reference_answers(private)
    by_label = {e.label: e for e in exercises_of(GRADED)}

    def choose(label, stub):
        if label == "ex-pc-update":
            return reference(label, stub)
        return by_label[label].wrong[0].code

    return choose


def endless_answers(label, stub):
    by_label = {e.label: e for e in exercises_of(GRADED)}
    exercise = by_label[label]
    if not exercise.function:
        return stub
    (loop,) = [
        w for w in wrong.catalogue(exercise) if w.kind == "swallowed loop"
    ]
    return loop.code


def expected_scores():
    """Points of the tests of each submission: (public, hidden) per exercise."""
    found = [e for e in exercises_of(GRADED) if e.checked]
    full = {e.label: (e.auto / 2, e.auto / 2) for e in found}
    return {
        "correct": full,
        "mixed": {
            e.label: full[e.label] if e.label == "ex-pc-update" else (0, 0)
            for e in found
        },
        "endless": {e.label: (0, 0) for e in found},
    }


def test_nbgrader_grades_a_chapter_as_the_page_says(grading):
    private, env = grading
    instructor = Instructor(private, env)
    commands = page_block("grade-nbgrader")
    choices = {
        "correct": reference_answers(private),
        "mixed": mixed_answers(private),
        "endless": endless_answers,
    }
    for command in commands:
        output = instructor.run(command)
        if "generate_assignment" in command:
            course = instructor.folder
            release = nbformat.read(
                course / "release" / GRADED / f"{GRADED}.ipynb", 4
            )
            text = "\n".join(c.source for c in release.cells)
            assert "BEGIN SOLUTION" not in text and "HIDDEN" not in text
            assert "reference" not in text and "seed=" not in text
            for student, choose in choices.items():
                folder = course / "submitted" / student / GRADED
                folder.mkdir(parents=True)
                nbformat.write(
                    submission(release, choose), folder / f"{GRADED}.ipynb"
                )
        print(output[-400:])
    course = instructor.folder
    scores = _nbgrader_scores(course)
    assert scores == expected_scores(), scores
    with open(course / "grades.csv") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    auto = sum(e.auto for e in exercises_of(GRADED))
    assert float(rows["correct"]["score"]) == auto
    feedback = (
        course / "feedback" / "mixed" / GRADED / f"{GRADED}.html"
    ).read_text()
    assert "Not quite" in feedback, "the checker's message is in the report"
    for secret in (
        "BEGIN HIDDEN TESTS",
        "hidden_check",
        "def reference",
        f"seed={SEED}",
    ):
        assert secret not in feedback, f"{secret!r} leaks into the feedback"
    shutil.copy(
        course / "feedback" / "mixed" / GRADED / f"{GRADED}.html",
        Path(os.environ.get("MLCOURSE_REPORT_DIR", course))
        / "feedback-mixed.html",
    )
    print("nbgrader scores:", json.dumps(scores))


def _nbgrader_scores(course: Path) -> dict:
    """Points of each test cell, per student, from the autograded notebooks."""
    found = {}
    for student in ("correct", "mixed", "endless"):
        nb = nbformat.read(
            course / "autograded" / student / GRADED / f"{GRADED}.ipynb", 4
        )
        points = {}
        for cell in nb.cells:
            meta = cell.metadata.get("nbgrader", {})
            gid = meta.get("grade_id", "")
            if gid.endswith(("-public", "-hidden")):
                failed = any(o.output_type == "error" for o in cell.outputs)
                points[gid] = 0 if failed else meta["points"]
        found[student] = {
            e.label: (points[f"{e.label}-public"], points[f"{e.label}-hidden"])
            for e in exercises_of(GRADED)
            if e.checked
        }
    return found


def test_otter_grades_a_chapter_as_the_page_says(grading):
    private, env = grading
    instructor = Instructor(private, env)
    choices = {
        "correct": reference_answers(private),
        "mixed": mixed_answers(private),
        "endless": endless_answers,
    }
    results = {}
    for command in page_block("grade-otter"):
        if command.startswith("otter assign"):
            # test-lib runs every reference through its tests, in process
            command = command.replace(
                "otter assign", "otter assign --no-run-tests"
            )
        if "results" not in command:
            instructor.run(command)
        for student, choose in choices.items() if "results" in command else ():
            if command.startswith("otter run"):
                nbformat.write(
                    _otter_submission(instructor.folder, choose),
                    instructor.folder / "submission.ipynb",
                )
            instructor.run(command.replace("results", f"results-{student}"))
        for student in choices if command.startswith("otter run") else ():
            results[student] = json.loads(
                (
                    instructor.folder / f"results-{student}" / "results.json"
                ).read_text()
            )
        if command.startswith("otter assign"):
            student = nbformat.read(
                instructor.folder / "dist" / "student" / f"{GRADED}.ipynb", 4
            )
            text = "\n".join(c.source for c in student.cells)
            assert "BEGIN SOLUTION" not in text and "hidden: true" not in text
            assert "def reference" not in text and "hidden_check" not in text
    scores = {
        student: _otter_scores(result) for student, result in results.items()
    }
    totals = {
        student: {label: sum(pair) for label, pair in found.items()}
        for student, found in expected_scores().items()
    }
    assert scores == totals, scores
    public = next(
        t for t in results["mixed"]["tests"] if t["name"] == "Public Tests"
    )
    assert "AssertionError: Not quite" in public["output"], "the hint is shown"
    print("otter scores:", json.dumps(scores))


def _otter_submission(folder: Path, choose):
    """The otter student notebook with the answers of ``choose``."""
    nb = nbformat.read(folder / "dist" / "student" / f"{GRADED}.ipynb", 4)
    by_label = {e.label: e for e in exercises_of(GRADED) if e.checked}
    stubs = {e.stub.splitlines()[0]: label for label, e in by_label.items()}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        first = cell.source.splitlines()[0] if cell.source else ""
        if first in stubs:
            cell.source = choose(stubs[first], cell.source)
    return nb


def _otter_scores(result: dict) -> dict:
    """Each checked exercise's score, as (public + hidden, 0): otter
    reports one score per question."""
    scores = {t["name"]: t.get("score", 0) for t in result["tests"]}
    return {
        e.label: scores[otter_notebook.question_name(e)]
        for e in exercises_of(GRADED)
        if e.checked
    }
