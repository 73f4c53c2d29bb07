"""Binder's environment works: ``binder/requirements.txt`` installed into a fresh virtual
environment runs every chapter (strict nbval) and every student notebook (nbval, lax).

The expensive test runs only under ``make test-binder`` (which sets ``MLCOURSE_FRESH_ENV=1``);
elsewhere it is skipped with a message saying so. Like repo2docker, pip runs from the
repository's root with ``-r binder/requirements.txt``, so ``-r ../requirements.txt`` is read
relative to the binder file and ``-e .`` installs the library from the root.

The cheap tests check what the introduction tells an instructor: its Binder link opens the
student notebooks of this repository.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from pathlib import Path

import fresh_env
import nbformat
import pytest
from set_repository import repository_url

ROOT = Path(__file__).resolve().parents[1]
FRESH = os.environ.get("MLCOURSE_FRESH_ENV") == "1"
NBVAL = [
    "--nbval-current-env",
    "--nbval-sanitize-with",
    "tests/nbval_sanitize.cfg",
    "-p",
    "no:cacheprovider",
    "-q",
]


def introduction_text() -> str:
    nb = nbformat.read(
        ROOT / "chapters" / "00_introduction.ipynb", as_version=4
    )
    return "\n".join(
        cell.source for cell in nb.cells if cell.cell_type == "markdown"
    )


# --------------------------------------------------------------------------- cheap checks


def test_introduction_links_binder_to_the_student_notebooks():
    url = repository_url()
    owner_repo = url.removeprefix("https://github.com/")
    text = introduction_text()
    links = re.findall(r"https://mybinder\.org/v2/gh/[^\s)>\"]+", text)
    assert links, (
        "the introduction should give instructors a Binder link to exercises/"
    )
    for link in links:
        assert link.startswith(
            f"https://mybinder.org/v2/gh/{owner_repo}/main?"
        ), (
            f"Binder link {link} does not point to {url} (branch main): update the introduction "
            "after changing repository.url in _config.yml"
        )
    assert any(link.endswith("urlpath=lab/tree/exercises") for link in links)


# --------------------------------------------------------------------------- the fresh environment


@pytest.fixture(scope="module")
def binder_python(tmp_path_factory):
    if not FRESH:
        pytest.skip(
            "installs a fresh environment (about a minute): run by make test-binder"
        )
    folder = tmp_path_factory.mktemp("binder")
    python = fresh_env.create_venv(folder / "venv")
    start = time.perf_counter()
    fresh_env.pip_install(python, ["-r", "binder/requirements.txt"], cwd=ROOT)
    print(
        f"binder environment installed in {time.perf_counter() - start:.0f} s"
    )
    yield python
    shutil.rmtree(folder / "venv", ignore_errors=True)  # about a gigabyte


def test_binder_environment_is_consistent(binder_python):
    fresh_env.run(binder_python, ["-m", "pip", "check"])
    where = fresh_env.run(
        binder_python,
        ["-c", "import mlcourse; print(mlcourse.__file__)"],
        cwd=Path("/"),
    ).stdout.strip()
    assert (
        Path(where).resolve()
        == (ROOT / "lib" / "mlcourse" / "__init__.py").resolve()
    ), (
        f"Binder's mlcourse should be the repository's (editable install), got {where}"
    )
    # What the tests below and the chapters' explorers need, from the lock alone.
    fresh_env.run(
        binder_python,
        ["-c", "import nbval, xdist, ipykernel, ipywidgets, sklearn"],
    )


def test_chapters_pass_strict_nbval_in_binder(binder_python):
    chapters = sorted(
        str(p.relative_to(ROOT)) for p in (ROOT / "chapters").glob("*.ipynb")
    )
    assert len(chapters) >= 8
    result = fresh_env.run(
        binder_python,
        [
            "-m",
            "pytest",
            "-n",
            "2",
            "--dist",
            "loadfile",
            "--nbval",
            *NBVAL,
            *chapters,
        ],
    )
    assert (
        re.search(r"\b\d+ passed\b", result.stdout)
        and " failed" not in result.stdout
    )


def test_student_notebooks_run_in_binder(binder_python):
    exercises = sorted(
        str(p.relative_to(ROOT)) for p in (ROOT / "exercises").glob("*.ipynb")
    )
    assert len(exercises) >= 7
    # The student notebooks carry no outputs to compare: --nbval-lax runs every cell and
    # still fails on any error.
    result = fresh_env.run(
        binder_python,
        [
            "-m",
            "pytest",
            "-n",
            "2",
            "--dist",
            "loadfile",
            "--nbval-lax",
            *NBVAL,
            *exercises,
        ],
    )
    assert (
        re.search(r"\b\d+ passed\b", result.stdout)
        and " failed" not in result.stdout
    )
