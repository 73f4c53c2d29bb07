"""Binder's environment works: ``binder/requirements.txt``, installed into a
fresh virtual environment, imports everything and its kernel runs widgets.

``make test-binder`` installs it with uv from the repository's root, as
repo2docker runs pip (``-r ../requirements.txt`` is read relative to the
binder file, ``-e .`` from the root), checks it with ``uv pip check``, and
names its interpreter in ``MLCOURSE_BINDER``; elsewhere the tests of that
environment are skipped with a message saying so. What is run here is what
Binder adds to the other checks: the install itself (the relative paths,
the editable library seen from elsewhere) and a kernel of that environment.
The chapters ran with these very pins under strict nbval.

The cheap test checks what the teaching page tells an instructor: its
Binder link opens the student notebooks of this repository.
"""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import nbformat
import pytest
from set_repository import repository_url

ROOT = Path(__file__).resolve().parents[1]
BINDER = os.environ.get("MLCOURSE_BINDER")
if BINDER:  # a venv's python is a link: not resolved
    BINDER = str(Path(BINDER).absolute())
LEAKY = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")


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


def run(args: list[str], cwd: Path) -> str:
    """``args`` run by Binder's interpreter, as from its own shell."""
    if not BINDER:
        pytest.skip("make test-binder installs Binder's environment")
    env = {k: v for k, v in os.environ.items() if k not in LEAKY}
    env["PATH"] = f"{Path(BINDER).parent}{os.pathsep}{env['PATH']}"
    result = subprocess.run(
        [BINDER, *args], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr
    return result.stdout


def test_binder_environment_imports_the_repository_library():
    where = run(["-c", "import mlcourse; print(mlcourse.__file__)"], Path("/"))
    assert Path(where.strip()).resolve() == (
        ROOT / "lib" / "mlcourse" / "__init__.py"
    ), f"Binder's mlcourse should be the repository's (editable): {where}"
    # Binder's interface, the kernel, the widgets and the chapters' imports.
    run(
        [
            "-c",
            "import jupyterlab, ipykernel, ipywidgets, nbval, sklearn, "
            "pandas, mlcourse.widgets",
        ],
        ROOT,
    )


WIDGET_CELLS = [
    "import ipywidgets as widgets\nslider = widgets.IntSlider(value=3)\n"
    "slider",
    "from ipywidgets import interact\n"
    "shown = interact(lambda k: print(2 * k), k=(0, 5))",
    "import mlcourse.widgets\nimport mlcourse\nprint(mlcourse.__version__)",
]


def test_binder_kernel_runs_interactive_widgets(tmp_path):
    """A kernel of Binder's environment runs widgets and the library."""
    nb = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(c) for c in WIDGET_CELLS]
    )
    nbformat.write(nb, tmp_path / "widgets.ipynb")
    output = run(
        ["-m", "pytest", "-p", "no:cacheprovider", "-q", "--nbval-lax"]
        + ["--nbval-current-env", "--nbval-cell-timeout", "60"]
        + ["widgets.ipynb"],
        tmp_path,
    )
    assert re.search(r"\b3 passed\b", output), output
