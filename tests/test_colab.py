"""Colab: the hidden set-up cell installs ``mlcourse`` when it is missing.

The expensive test (``make test-colab``, which sets ``MLCOURSE_FRESH_ENV=1``) builds what a
fresh Colab runtime looks like for this purpose: a new virtual environment with the scientific
packages Colab ships (numpy, scipy, matplotlib, scikit-learn, ipywidgets, at the book's pinned
versions) and without ``mlcourse``. It then runs a chapter's set-up cell there, exactly as IPython would
(IPython's own transformer turns ``%pip`` into a call), with the ``git+`` URL pointed at a copy
of the local checkout, and checks that ``mlcourse`` was missing before, is installed after
(into the environment, not imported from the working tree), and that the chapter's own import
cell then runs.

The cheap tests check that every chapter and student notebook starts with the same set-up
cell, installing from the repository of ``_config.yml``, and that the teaching page's Colab
links open this repository's student notebooks.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import fresh_env
import nbformat
import pytest
from set_repository import repository_url, setup_requirement, version

ROOT = Path(__file__).resolve().parents[1]
FRESH = os.environ.get("MLCOURSE_FRESH_ENV") == "1"
CHAPTER = ROOT / "chapters" / "03_gradient_descent.ipynb"
COLAB_PACKAGES = ["numpy", "scipy", "matplotlib", "scikit-learn", "ipywidgets"]


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
    code = fresh_env.colab_setup_code(setup_cell(CHAPTER), tmp_path)
    assert "git+" not in code and "%pip" not in code
    assert f"mlcourse @ {tmp_path.resolve().as_uri()}" in code
    assert "get_ipython().run_line_magic('pip'" in code
    compile(code, "setup-cell", "exec")  # plain Python now
    with pytest.raises(ValueError, match="exactly one"):
        fresh_env.colab_setup_code("import mlcourse\n", tmp_path)


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


def test_pinned_reads_exact_versions_and_refuses_unknown_names():
    pins = fresh_env.pinned(COLAB_PACKAGES)
    assert [p.split("==")[0].lower() for p in pins] == COLAB_PACKAGES
    assert all(re.fullmatch(r"[\w.\-]+==[\w.+]+", p) for p in pins)
    with pytest.raises(ValueError, match="pins no version"):
        fresh_env.pinned(["no-such-package-anywhere"])


# --------------------------------------------------------------------------- a fresh "Colab"


@pytest.fixture(scope="module")
def colab(tmp_path_factory):
    if not FRESH:
        pytest.skip(
            "installs a fresh environment (seconds from uv's cache): "
            "run by make test-colab"
        )
    folder = tmp_path_factory.mktemp("colab")
    # pip too: the set-up cell's %pip runs it, as in Colab
    python = fresh_env.create_venv(folder / "venv", seed=True)
    fresh_env.install(python, fresh_env.pinned(COLAB_PACKAGES), cwd=folder)
    yield python, folder
    shutil.rmtree(folder, ignore_errors=True)


def test_setup_cell_installs_the_library_in_colab(colab):
    python, folder = colab
    missing = fresh_env.run(
        python, ["-c", "import mlcourse"], cwd=folder, check=False
    )
    assert (
        missing.returncode != 0
        and "No module named 'mlcourse'" in missing.stdout
    )

    source = fresh_env.copy_checkout(folder / "checkout")
    cell = folder / "setup_cell.py"
    cell.write_text(
        fresh_env.IPYTHON_STUB
        + fresh_env.colab_setup_code(setup_cell(CHAPTER), source)
    )
    fresh_env.run(python, [str(cell)], cwd=folder)

    where = fresh_env.run(
        python, ["-c", "import mlcourse; print(mlcourse.__file__)"], cwd=folder
    ).stdout.strip()
    assert Path(where).is_relative_to(folder / "venv"), (
        f"mlcourse imported from {where}"
    )

    # Run the set-up cell again: with mlcourse present it must not install anything.
    again = fresh_env.run(python, [str(cell)], cwd=folder)
    assert again.stdout.strip() == ""

    imports = folder / "chapter_imports.py"
    imports.write_text(first_import_cell(CHAPTER) + "\nprint('imports ran')\n")
    ran = fresh_env.run(python, [str(imports)], cwd=folder)
    assert ran.stdout.strip().endswith("imports ran")
