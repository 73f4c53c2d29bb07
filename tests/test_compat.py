"""The lowest versions ``pyproject.toml`` allows run the book.

``pyproject.toml`` promises loose lower bounds (``numpy>=1.24`` ...) so that
Colab and other ready-made environments can install the library. Here
(``make test-compat``, which sets ``MLCOURSE_FRESH_ENV=1``) a throw-away
environment gets exactly those lower bounds, of the dependencies and of the
extras, with the test tools at the lock's versions; then every chapter is
executed to its end (its ``assert`` cells included; outputs are not
compared, since the last digits may differ between versions) and the
library's tests pass. A bound that fails here is raised, never left
untested (CHANGELOG.md says why each moved).

The cheap test checks that every dependency states its lower bound.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
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


def test_every_chapter_runs_at_the_lower_bounds(compat_python):
    python, folder = compat_python
    fresh_env.run(
        python,
        ["tools/execute_notebooks.py", "--run", str(folder / "runs"), "-j2"],
    )
    chapters = sorted(p.name for p in (ROOT / "chapters").glob("*.ipynb"))
    ran = sorted(p.name for p in (folder / "runs").glob("*.ipynb"))
    assert ran == chapters


def test_library_tests_pass_at_the_lower_bounds(compat_python):
    python, _ = compat_python
    selection = shlex.split(os.environ.get("MLCOURSE_LIB_TESTS", ""))
    assert selection, "make test-compat passes the library tests to run"
    result = fresh_env.run(
        python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", *selection]
    )
    assert " passed" in result.stdout and " failed" not in result.stdout
