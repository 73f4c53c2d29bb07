"""Throw-away virtual environments: Binder's, Colab's and the oldest allowed.

Used by ``tests/test_binder.py``, ``tests/test_colab.py`` and
``tests/test_compat.py`` (``make test-binder``, ``make test-colab``,
``make test-compat``). Nothing here touches the book's own ``.venv``.
Environments are made and filled by uv (pinned in requirements.txt), which
installs from its cache in seconds what pip takes minutes to install; the
small helpers around it are hand-written because each test needs a
different part of them.

- :func:`create_venv` makes an empty virtual environment with the
  interpreter running this code (``seed=True`` adds pip, for a set-up cell
  that runs ``%pip``) and returns its ``python``.
- :func:`install` runs ``uv pip install`` into such an environment.
- :func:`run` runs a command with that environment first on ``PATH`` and
  nothing inherited that could leak the book's environment into it
  (``PYTHONPATH``, ``VIRTUAL_ENV``, ``PYTHONHOME``) or make the tests run
  there build environments of their own (``MLCOURSE_FRESH_ENV``); it
  returns the completed process with its output.
- :func:`pinned` reads the exact versions of some packages from
  ``requirements.txt``.
- :func:`colab_setup_code` turns a notebook's set-up cell into the Python
  that IPython runs for it, with the repository URL replaced by a local
  source.
- :func:`copy_checkout` copies what ``pip`` needs to build the library to
  another folder, so that building it leaves no trace in the working tree.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GIT_URL = re.compile(r'mlcourse @ git\+[^"\s]+')
LEAKY_VARIABLES = (
    # the switch of the tests that build environments: a test run inside
    # one (the library's tests at the lower bounds) must not build more
    "MLCOURSE_FRESH_ENV",
    "PYTHONPATH",
    "PYTHONHOME",
    "VIRTUAL_ENV",
    "PYTHONSTARTUP",
    "PYTHONUSERBASE",
)


def uv(*args: str) -> list[str]:
    """The command line of uv, as installed in the running environment."""
    return [sys.executable, "-m", "uv", *args]


def create_venv(path: Path, *, seed: bool = False) -> Path:
    """Create an empty virtual environment in ``path``; return its python."""
    path = Path(path)
    if path.exists():
        raise FileExistsError(
            f"{path} already exists: give an empty folder for the environment"
        )
    command = uv("venv", "--quiet", "--python", sys.executable, str(path))
    if seed:
        command.insert(-1, "--seed")
    subprocess.run(command, check=True, env=environment_for(None))
    python = path / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    if not python.exists():
        raise RuntimeError(
            f"creating a virtual environment in {path} gave no {python.name}"
        )
    return python


def environment_for(python: Path | None) -> dict[str, str]:
    """The process environment of commands run in ``python``'s environment."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in LEAKY_VARIABLES
    }
    if python is None:
        return env
    bin_dir = str(Path(python).parent)
    env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = str(Path(python).parent.parent)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PYTHONNOUSERSITE"] = "1"
    return env


def run(
    python: Path,
    args: list[str],
    *,
    cwd: Path = ROOT,
    timeout: float = 900,
    check: bool = True,
) -> subprocess.CompletedProcess:
    """Run ``python args...`` in its virtual environment; with ``check``, fail with the output."""
    result = subprocess.run(
        [str(python), *args],
        cwd=str(cwd),
        env=environment_for(python),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
    )
    if check and result.returncode != 0:
        tail = "\n".join(result.stdout.splitlines()[-60:])
        raise AssertionError(
            f"`python {' '.join(args)}` failed with exit status "
            f"{result.returncode}; last lines of its output:\n{tail}"
        )
    return result


def install(
    python: Path, args: list[str], *, cwd: Path = ROOT, timeout: float = 600
) -> subprocess.CompletedProcess:
    """``uv pip install args...`` into ``python``'s environment, from ``cwd``.

    Like pip, uv reads ``-r`` files relative to the file that names them and
    ``-e .`` relative to ``cwd``.
    """
    result = subprocess.run(
        uv("pip", "install", "--quiet", "--python", str(python), *args),
        cwd=str(cwd),
        env=environment_for(None),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=timeout,
    )
    if result.returncode != 0:
        raise AssertionError(
            f"uv pip install {' '.join(args)} failed:\n{result.stdout[-3000:]}"
        )
    return result


def pinned(
    names: list[str], requirements: Path = ROOT / "requirements.txt"
) -> list[str]:
    """The ``name==version`` lines of ``requirements`` for ``names`` (all must be pinned there)."""

    def key(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    pins = {}
    for line in Path(requirements).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "==" in line:
            pins[key(line.split("==")[0])] = line
    missing = [name for name in names if key(name) not in pins]
    if missing:
        raise ValueError(f"{requirements.name} pins no version of {missing}")
    return [pins[key(name)] for name in names]


def colab_setup_code(cell_source: str, local_source: Path) -> str:
    """The Python that IPython runs for a set-up cell, installing from ``local_source``.

    The ``mlcourse @ git+URL`` requirement becomes ``mlcourse @ file:///...`` of the local
    copy; IPython's own input transformer then turns ``%pip`` into a
    ``get_ipython().run_line_magic('pip', ...)`` call, as in a notebook.
    """
    from IPython.core.inputtransformer2 import TransformerManager

    if len(GIT_URL.findall(cell_source)) != 1:
        raise ValueError(
            "the set-up cell should install exactly one 'mlcourse @ git+URL'"
        )
    local = f"mlcourse @ {Path(local_source).resolve().as_uri()}"
    return TransformerManager().transform_cell(GIT_URL.sub(local, cell_source))


# The part of IPython a set-up cell needs: `%pip install ...` runs
# `python -m pip install ...` with the kernel's own interpreter, as IPython's %pip magic does.
IPYTHON_STUB = """
import shlex, subprocess, sys

class _Shell:
    def run_line_magic(self, name, line):
        if name != "pip":
            raise NotImplementedError(f"the set-up cell uses %{name}, which this test does not know")
        subprocess.check_call([sys.executable, "-m", "pip", *shlex.split(line)])

def get_ipython():
    return _Shell()
"""


def copy_checkout(destination: Path, source: Path = ROOT) -> Path:
    """Copy what building the library needs (``pyproject.toml``, ``README.md``, ``lib/``)."""
    destination = Path(destination)
    destination.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(source / name, destination / name)
    shutil.copytree(
        source / "lib",
        destination / "lib",
        ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc"),
    )
    return destination


if __name__ == "__main__":  # a quick manual try: fresh_env.py FOLDER
    print(create_venv(Path(sys.argv[1])))
