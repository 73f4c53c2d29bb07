"""Test one chapter (``make chapter CH=04``).

Usage: python tools/chapter_tests.py 04 [PYTEST OPTION ...]

Runs pytest with the options given on the chapter's notebook (strict nbval
runs it), the student notebook's tests and the library tests of the topic
modules the chapter imports (for ``from mlcourse.perceptron import ...``:
``tests/test_perceptron.py`` and ``tests/test_exercises_perceptron.py``,
when they exist), with a ``-k`` that
keeps, of the student-notebook tests, those of this chapter. The shared
modules every chapter uses (``datasets``, ``plotting``, ``widgets``) are left
to ``make test-lib``. Hand-written: the map from a chapter to its tests is
the book's own convention.
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = {"datasets", "plotting", "widgets", "exercises"}
IMPORT = re.compile(
    r"^\s*(?:from\s+mlcourse\.([\w.]+)\s+import|import\s+mlcourse\.([\w.]+)"
    r"|from\s+mlcourse\s+import\s+([\w, ]+))",
    re.MULTILINE,
)


def chapter(number: str) -> Path:
    found = sorted(ROOT.glob(f"chapters/{int(number):02d}_*.ipynb"))
    if len(found) != 1:
        raise SystemExit(f"no single chapter numbered {number}: {found}")
    return found[0]


def modules(path: Path) -> list[str]:
    """The topic modules of mlcourse that the notebook imports."""
    found = []
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for dotted, imported, names in IMPORT.findall(cell.source):
            parts = (dotted or imported).split(".")
            candidates = [p.strip() for p in names.split(",")] if names else []
            if parts[0] == "exercises" and len(parts) > 1:
                candidates.append(parts[1])
            elif parts != [""]:
                candidates.append(parts[0])
            found += [m for m in candidates if m and m not in SHARED]
    return sorted(set(found))


def arguments(number: str) -> list[str]:
    path = chapter(number)
    args = [str(path.relative_to(ROOT))]
    for module in modules(path):
        for name in (f"test_{module}.py", f"test_exercises_{module}.py"):
            if (ROOT / "tests" / name).exists():
                args.append(f"tests/{name}")
    student = ROOT / "tests" / "test_student_notebooks.py"
    if (ROOT / "exercises" / path.name).exists() and student.exists():
        args += [str(student.relative_to(ROOT)), "-k"]
        args.append(f"{path.stem} or not test_student_notebooks")
    return args


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__.splitlines()[2])
    args = [*sys.argv[2:], *arguments(sys.argv[1])]
    print("pytest", shlex.join(args), flush=True)
    raise SystemExit(pytest.main(args))
