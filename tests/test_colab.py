"""Colab: the hidden set-up cell installs ``mlcourse`` when it is missing.

``make test-colab`` builds what a fresh Colab runtime looks like for this
purpose: a new virtual environment with pip and the scientific packages
Colab ships (numpy, scipy, matplotlib, scikit-learn, ipywidgets, at the
book's pinned versions), without ``mlcourse``, and names its interpreter in
``MLCOURSE_COLAB``. A chapter's set-up cell then runs there exactly as
IPython would run it (IPython's own transformer turns ``%pip`` into a call),
with the ``git+`` URL pointed at a copy of the local checkout: ``mlcourse``
is missing before, installed after (into the environment, not imported from
the working tree), and the chapter's own import cell then runs.

The cheap tests check that every chapter and student notebook starts with
the same set-up cell, installing from the repository of ``_config.yml``,
and that the teaching page's Colab links open this repository's student
notebooks.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import nbformat
import pytest
from IPython.core.inputtransformer2 import TransformerManager
from set_repository import repository_url, setup_requirement, version

ROOT = Path(__file__).resolve().parents[1]
COLAB = os.environ.get("MLCOURSE_COLAB")
if COLAB:  # a venv's python is a link: not resolved
    COLAB = str(Path(COLAB).absolute())
CHAPTER = ROOT / "chapters" / "03_gradient_descent.ipynb"
GIT_URL = re.compile(r'mlcourse @ git\+[^"\s]+')
LEAKY = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
# The part of IPython a set-up cell needs: `%pip install ...` runs
# `python -m pip install ...` with the kernel's own interpreter.
IPYTHON_STUB = """
import shlex, subprocess, sys

class _Shell:
    def run_line_magic(self, name, line):
        assert name == "pip", f"the set-up cell uses %{name}"
        subprocess.check_call([sys.executable, "-m", "pip", *shlex.split(line)])

def get_ipython():
    return _Shell()
"""


def colab_setup_code(cell_source: str, local_source: Path) -> str:
    """The Python IPython runs for a set-up cell, installing from a copy."""
    if len(GIT_URL.findall(cell_source)) != 1:
        raise ValueError(
            "the set-up cell should install exactly one 'mlcourse @ git+URL'"
        )
    local = f"mlcourse @ {Path(local_source).resolve().as_uri()}"
    return TransformerManager().transform_cell(GIT_URL.sub(local, cell_source))


def notebooks() -> list[Path]:
    return sorted(
        [*ROOT.glob("chapters/*.ipynb"), *ROOT.glob("exercises/*.ipynb")]
    )


def setup_cell(path: Path) -> str:
    return nbformat.read(path, as_version=4).cells[0].source


def first_import_cell(path: Path) -> str:
    """The first code cell after the set-up cell that imports ``mlcourse``."""
    for cell in nbformat.read(path, as_version=4).cells[1:]:
        if cell.cell_type == "code" and re.search(
            r"^(from|import) mlcourse", cell.source, re.M
        ):
            return cell.source
    raise AssertionError(f"{path.name} has no cell importing mlcourse")


# --------------------------------------------------------------------------- cheap checks


def test_every_notebook_installs_from_the_configured_repository():
    expected = setup_cell(CHAPTER)
    requirement = setup_requirement()
    assert f'%pip install --quiet "{requirement}"' in expected
    assert requirement.endswith(f"@v{version()}"), "the tagged edition"
    assert "except ImportError:" in expected
    different = [
        p.relative_to(ROOT).as_posix()
        for p in notebooks()
        if setup_cell(p) != expected
    ]
    assert different == [], (
        f"these notebooks have another set-up cell: {different}"
    )


def test_setup_code_is_rewritten_to_the_local_source(tmp_path):
    code = colab_setup_code(setup_cell(CHAPTER), tmp_path)
    assert "git+" not in code and "%pip" not in code
    assert f"mlcourse @ {tmp_path.resolve().as_uri()}" in code
    assert "get_ipython().run_line_magic('pip'" in code
    compile(code, "setup-cell", "exec")  # plain Python now
    with pytest.raises(ValueError, match="exactly one"):
        colab_setup_code("import mlcourse\n", tmp_path)


def test_teaching_page_opens_the_student_notebooks_in_colab():
    url = repository_url()
    owner_repo = url.removeprefix("https://github.com/")
    text = (ROOT / "chapters" / "teaching.md").read_text(encoding="utf-8")
    links = re.findall(
        r"https://colab\.research\.google\.com/github/[^\s)>\"]+", text
    )
    prefix = f"https://colab.research.google.com/github/{owner_repo}/blob/main/exercises/"
    students = sorted(p.name for p in (ROOT / "exercises").glob("*.ipynb"))
    assert sorted(link.removeprefix(prefix) for link in links) == students, (
        "the teaching page should link every student notebook in Colab, at the configured repository"
    )


# --------------------------------------------------------------------------- a fresh "Colab"


def run(script: Path, folder: Path, check: bool = True):
    """``python script`` in the Colab-like environment, from ``folder``."""
    if not COLAB:
        pytest.skip("make test-colab makes the Colab-like environment")
    env = {k: v for k, v in os.environ.items() if k not in LEAKY}
    env["PATH"] = f"{Path(COLAB).parent}{os.pathsep}{env['PATH']}"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    result = subprocess.run(
        [COLAB, str(script)],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0 or not check, output[-3000:]
    return result.returncode, output


def test_setup_cell_installs_the_library_in_colab(tmp_path):
    probe = tmp_path / "where.py"
    probe.write_text("import mlcourse; print(mlcourse.__file__)")
    code, output = run(probe, tmp_path, check=False)
    assert code != 0 and "No module named 'mlcourse'" in output

    source = tmp_path / "checkout"  # what pip needs to build the library
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "lib", source / "lib", ignore=shutil.ignore_patterns("*.pyc")
    )
    cell = tmp_path / "setup_cell.py"
    cell.write_text(
        IPYTHON_STUB + colab_setup_code(setup_cell(CHAPTER), source)
    )
    run(cell, tmp_path)
    where = run(probe, tmp_path)[1].strip()
    assert Path(where).is_relative_to(Path(COLAB).parents[1]), where

    # Run the set-up cell again: with mlcourse present it installs nothing.
    assert run(cell, tmp_path)[1].strip() == ""

    imports = tmp_path / "chapter_imports.py"
    imports.write_text(first_import_cell(CHAPTER) + "\nprint('imports ran')\n")
    assert run(imports, tmp_path)[1].strip().endswith("imports ran")
