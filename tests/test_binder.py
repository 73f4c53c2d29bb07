"""Binder's environment works: ``binder/requirements.txt`` installed into a
fresh virtual environment imports everything and runs a chapter.

The expensive tests run only under ``make test-binder`` (which sets
``MLCOURSE_FRESH_ENV=1``); elsewhere they are skipped with a message saying
so. Like repo2docker, the install runs from the repository's root with
``-r binder/requirements.txt``, so ``-r ../requirements.txt`` is read
relative to the binder file and ``-e .`` installs the library from the root
(uv reads requirement files as pip does, and installs the lock from its
cache in seconds).

What is run here is what Binder adds to the other checks, and no more:
``binder/requirements.txt`` is the lock plus the library
(``tests/test_configuration.py`` checks it), the same pins every chapter
and student notebook already ran with in ``make test``. What differs is the
install itself (the relative paths, the editable library seen from
elsewhere, a consistent set of packages) and a kernel of that environment:
the imports of Binder's interface and of the chapters, and one chapter with
interactive widgets under strict nbval.

The cheap tests check what the teaching page tells an instructor: its Binder
link opens the student notebooks of this repository.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import fresh_env
import pytest
from set_repository import repository_url

ROOT = Path(__file__).resolve().parents[1]
FRESH = os.environ.get("MLCOURSE_FRESH_ENV") == "1"
# a chapter with interactive explorers (ipywidgets) and animations
CHAPTER = "chapters/04_perceptron.ipynb"
NBVAL = [
    "--nbval-current-env",
    "--nbval-sanitize-with",
    "tests/nbval_sanitize.cfg",
    "--nbval-cell-timeout",
    "60",
    "-p",
    "no:cacheprovider",
    "-q",
]


def teaching_text() -> str:
    """The instructors' page, where the hand-out links live."""
    return (ROOT / "chapters" / "teaching.md").read_text(encoding="utf-8")


# --------------------------------------------------------------------------- cheap checks


def test_teaching_page_links_binder_to_the_student_notebooks():
    url = repository_url()
    owner_repo = url.removeprefix("https://github.com/")
    text = teaching_text()
    links = re.findall(r"https://mybinder\.org/v2/gh/[^\s)>\"]+", text)
    assert links, "the teaching page should give a Binder link to exercises/"
    for link in links:
        assert link.startswith(
            f"https://mybinder.org/v2/gh/{owner_repo}/main?"
        ), (
            f"Binder link {link} does not point to {url} (branch main): update chapters/teaching.md "
            "after changing repository.url in _config.yml"
        )
    assert any(link.endswith("urlpath=lab/tree/exercises") for link in links)


# --------------------------------------------------------------------------- the fresh environment


@pytest.fixture(scope="module")
def binder_python(tmp_path_factory):
    if not FRESH:
        pytest.skip(
            "installs a fresh environment (seconds from uv's cache): "
            "run by make test-binder"
        )
    folder = tmp_path_factory.mktemp("binder")
    python = fresh_env.create_venv(folder / "venv")
    start = time.perf_counter()
    fresh_env.install(python, ["-r", "binder/requirements.txt"], cwd=ROOT)
    print(
        f"binder environment installed in {time.perf_counter() - start:.0f} s"
    )
    yield python
    shutil.rmtree(folder / "venv", ignore_errors=True)  # about a gigabyte


def test_binder_environment_is_consistent(binder_python):
    subprocess.run(
        fresh_env.uv("pip", "check", "--python", str(binder_python)),
        check=True,
        env=fresh_env.environment_for(None),
    )
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
    # Binder's interface, the kernel, the widgets and the chapters' imports.
    fresh_env.run(
        binder_python,
        [
            "-c",
            "import jupyterlab, ipykernel, ipywidgets, nbval, sklearn, "
            "pandas, mlcourse.widgets",
        ],
    )


def test_a_chapter_with_widgets_passes_strict_nbval_in_binder(
    binder_python,
):
    result = fresh_env.run(
        binder_python,
        ["-m", "pytest", "--nbval", *NBVAL, CHAPTER],
    )
    assert (
        re.search(r"\b\d+ passed\b", result.stdout)
        and " failed" not in result.stdout
    )
