"""Test one chapter (``make chapter CH=04``).

Usage: python tools/chapter_tests.py 04 [PYTEST OPTION ...]

pytest with the options given, on the chapter's notebook (strict nbval)
and its tests: those of the mlcourse modules it imports (``perceptron``:
``tests/test_perceptron.py``) and those whose id names it (``-k
04_perceptron``); shared modules are left to ``make test-lib``.
Hand-written: the map from a chapter to its tests is the book's convention.
"""

from __future__ import annotations

import ast
import shlex
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = {"datasets", "plotting", "widgets", "exercises"}


def chapter(number: str) -> Path:
    found = sorted(ROOT.glob(f"chapters/{int(number):02d}_*.ipynb"))
    if len(found) != 1:
        raise SystemExit(f"no single chapter numbered {number}: {found}")
    return found[0]


def modules(path: Path) -> list[str]:
    """The topic modules of mlcourse that the notebook imports."""
    found = set()
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code" or "mlcourse" not in cell.source:
            continue
        lines = [  # IPython's magics (the set-up cell's %pip) as Python
            x.split("%")[0] + "pass" if x.lstrip().startswith("%") else x
            for x in cell.source.splitlines()
        ]
        code = "\n".join(lines)
        for node in ast.walk(ast.parse(code)):
            if isinstance(node, ast.ImportFrom):
                parts = (node.module or "").split(".")
                if parts[0] == "mlcourse":
                    found.update(parts[1:2] or [a.name for a in node.names])
            elif isinstance(node, ast.Import):
                names = [a.name.split(".") for a in node.names]
                found.update(
                    n[1] for n in names if n[:1] == ["mlcourse"] and n[1:]
                )
    return sorted(found - SHARED)


def arguments(number: str) -> list[str]:
    """pytest's arguments: the notebook, and a selection of ``tests``."""
    path = chapter(number)
    files = [f"test_{m}.py" for m in modules(path)]
    files = [f for f in files if (ROOT / "tests" / f).exists()]
    selection = " or ".join([path.stem, *files])
    return [str(path.relative_to(ROOT)), "tests", "-k", selection]


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__.splitlines()[2])
    args = [*sys.argv[2:], *arguments(sys.argv[1])]
    print("pytest", shlex.join(args), flush=True)
    raise SystemExit(pytest.main(args))
