"""The lowest versions ``pyproject.toml`` allows run the book.

``pyproject.toml`` promises loose lower bounds (``numpy>=1.24`` ...) so that
Colab and other ready-made environments can install the library. Here
(``make test-compat``, which sets ``MLCOURSE_FRESH_ENV=1``) a throw-away
environment gets exactly those lower bounds, of the dependencies and of the
extras, with the test tools at the lock's versions. There:

- the library's tests pass (``MLCOURSE_LIB_TESTS``, the selection of
  ``make test-lib``), the reference solution of every exercise graded by its
  checker among them;
- every chapter runs to its end as a student gets it: the student notebook
  is the chapter with its solutions taken out, executed top to bottom, with
  every checker answering "Not attempted yet" (the ``student_run`` tests of
  ``tests/test_student_notebooks.py``). Outputs are not compared, since the
  last digits may differ between versions; the chapters' ``assert`` cells
  run. This is the one run of the student notebooks in ``make test``: the
  book's environment runs the chapters themselves under strict nbval.

A bound that fails here is raised, never left untested (CHANGELOG.md says
why each moved). The cheap test checks that every dependency states its
lower bound.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import sys
from pathlib import Path

import fresh_env
import pytest
import tomllib

ROOT = Path(__file__).resolve().parents[1]
FRESH = os.environ.get("MLCOURSE_FRESH_ENV") == "1"
LOWER = re.compile(r"([A-Za-z0-9_.\-]+)(?:\[[\w,]+\])?>=([\w.]+)")
# What runs the chapters and the tests, at the versions of the lock.
TOOLS = ["ipykernel", "nbclient", "nbformat", "pytest", "pyyaml", "uv"]


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project.get("optional-dependencies", {}).values()
    return [*project["dependencies"], *(r for extra in extras for r in extra)]


def lower_bounds() -> list[str]:
    """``name==version`` for every ``name>=version`` of pyproject.toml."""
    pins = []
    for requirement in requirements():
        match = LOWER.fullmatch(requirement.replace(" ", ""))
        if not match:
            raise ValueError(
                f"{requirement!r}: every dependency states its lower bound "
                "as name>=version"
            )
        pins.append(f"{match[1]}=={match[2]}")
    return pins


def test_every_dependency_has_a_tested_lower_bound():
    pins = lower_bounds()
    names = [p.split("==")[0].lower() for p in pins]
    for name in ("numpy", "scipy", "matplotlib", "scikit-learn", "pandas"):
        assert name in names, f"pyproject.toml declares no {name} bound"


def test_tests_run_there_build_no_environment_of_their_own(monkeypatch):
    """The library's tests at the lower bounds skip the end-to-end grading
    (``make test-assignments`` runs it), as ``make test-lib`` does."""
    monkeypatch.setenv("MLCOURSE_FRESH_ENV", "1")
    python = Path(sys.executable)
    assert "MLCOURSE_FRESH_ENV" not in fresh_env.environment_for(python)


@pytest.fixture(scope="module")
def compat_python(tmp_path_factory):
    if not FRESH:
        pytest.skip(
            "installs the oldest allowed versions in a fresh environment: "
            "run by make test-compat"
        )
    folder = tmp_path_factory.mktemp("compat")
    python = fresh_env.create_venv(folder / "venv")
    fresh_env.install(
        python, [*lower_bounds(), *fresh_env.pinned(TOOLS), "-e", "."]
    )
    installed = fresh_env.run(python, ["-m", "uv", "pip", "freeze"]).stdout
    for pin in lower_bounds():
        assert pin.lower() in installed.lower(), f"{pin} not installed"
    yield python, folder
    shutil.rmtree(folder, ignore_errors=True)


def _pytest(python, args):
    """Run pytest in the compat environment; fail with its output."""
    result = fresh_env.run(
        python,
        ["-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        timeout=600,
    )
    assert " passed" in result.stdout and " failed" not in result.stdout
    return result


def test_library_tests_pass_at_the_lower_bounds(compat_python):
    python, _ = compat_python
    selection = shlex.split(os.environ.get("MLCOURSE_LIB_TESTS", ""))
    assert selection, "make test-compat passes the library tests to run"
    _pytest(python, selection)


def test_pages_without_exercises_run_at_the_lower_bounds(compat_python):
    python, folder = compat_python
    pages = [
        p
        for p in sorted((ROOT / "chapters").glob("*.ipynb"))
        if not (ROOT / "exercises" / p.name).exists()
    ]
    assert pages, "the introduction and the benchmarks have no exercises"
    fresh_env.run(
        python,
        [
            "tools/execute_notebooks.py",
            "--run",
            str(folder / "runs"),
            *(str(p.relative_to(ROOT)) for p in pages),
        ],
    )
    ran = sorted(p.name for p in (folder / "runs").glob("*.ipynb"))
    assert ran == [p.name for p in pages]


def test_every_student_notebook_runs_at_the_lower_bounds(compat_python):
    python, _ = compat_python
    result = _pytest(
        python,
        ["-m", "student_run", "-rA", "tests/test_student_notebooks.py"],
    )
    chapters = sorted(p.stem for p in (ROOT / "chapters").glob("0*.ipynb"))
    ran = sorted(
        set(re.findall(r"PASSED \S+\[(\w+)\]", result.stdout)) & set(chapters)
    )
    assert ran == [
        c for c in chapters if (ROOT / "exercises" / f"{c}.ipynb").exists()
    ]
