"""Binder's environment works: ``binder/requirements.txt`` installed into a
fresh virtual environment imports everything and its kernel runs widgets.

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
the imports of Binder's interface and of the chapters, and a kernel of
the new environment running interactive widgets and the library.

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
import nbformat
import pytest
from set_repository import repository_url

ROOT = Path(__file__).resolve().parents[1]
FRESH = os.environ.get("MLCOURSE_FRESH_ENV") == "1"
NBVAL = [
    "--nbval-current-env",
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


WIDGET_CELLS = [
    "import ipywidgets as widgets\nslider = widgets.IntSlider(value=3)\n"
    "slider",
    "from ipywidgets import interact\n"
    "shown = interact(lambda k: print(2 * k), k=(0, 5))",
    "import mlcourse.widgets\nimport mlcourse\nprint(mlcourse.__version__)",
]


def test_binder_kernel_runs_interactive_widgets(binder_python, tmp_path):
    """A kernel of Binder's environment runs widgets and the library.

    The chapters themselves ran with these very pins under strict nbval
    (``make test-chapters``): here only the kernel of the new environment
    is new, so a three-cell notebook is enough."""
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(c) for c in WIDGET_CELLS]
    )
    path = tmp_path / "widgets.ipynb"
    nbformat.write(nb, path)
    result = fresh_env.run(
        binder_python,
        ["-m", "pytest", "--nbval-lax", *NBVAL, str(path)],
        cwd=tmp_path,
    )
    assert re.search(r"\b3 passed\b", result.stdout), result.stdout
