"""Build the instructor edition: graded notebooks for nbgrader and otter-grader.

Usage: python tools/make_assignments.py [--out DIR] [--seed N] [CHAPTER ...]

CHAPTER is a chapter's number or stem (default: all). Everything comes
from the chapters' exercise cells (``tools/assignments/exercises.py``).
DIR (default ``_build/instructor``) receives:

- ``private/``, for the instructor only: ``nbgrader/`` (a course
  directory: ``nbgrader_config.py`` and ``source/<chapter>/<chapter>.ipynb``,
  with the reference solutions and the hidden tests), ``otter/`` (one
  master notebook per chapter and the autograder's ``requirements.txt``),
  ``requirements.txt`` (a grading environment: the grading tools, pinned,
  and the course library from ``mlcourse/``, a copy of this checkout's,
  so that the environment installs without the edition's tag),
  ``rubrics.md`` (points, rubrics and reference answers) and
  ``README.md``;
- ``notebooks/`` and ``notebooks.zip``: the student notebooks, without
  solutions;
- ``book/``: the book without solutions, for ``jupyter-book build``
  (which executes its pages).

The hidden tests draw their random cases from ``--seed``: choose your own
for a class. ``make instructor`` runs this, then builds ``book/`` (its
website, PDF and slides into ``book/_build/``).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import re
import shutil
import sys
from pathlib import Path

import make_exercises
import nbformat
import set_repository
from assignments import (
    editions,
    exercises,
    nbgrader_notebook,
    otter_notebook,
    parts,
)
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "_build" / "instructor"

#: The seed of the hidden tests' random cases, unless one is chosen.
SEED = 2026
#: The grading tools, at the versions the book's tests grade with.
GRADING_TOOLS = ("nbgrader==0.9.6", otter_notebook.OTTER, "ipykernel")


def chapter_stem(name: str) -> str:
    for path in exercises.chapter_paths():
        if path.stem == name or path.stem.startswith(f"{int(name):02d}_"):
            return path.stem
    raise SystemExit(f"no chapter {name!r}")


def chapter_title(stem: str) -> str:
    """``Chapter 4. The perceptron``: the number and the page's heading."""
    nb = nbformat.read(exercises.CHAPTERS / f"{stem}.ipynb", as_version=4)
    for cell in nb.cells:
        heading = re.search(r"^# (.+)$", cell.source, re.MULTILINE)
        if cell.cell_type == "markdown" and heading:
            return f"Chapter {int(stem[:2])}. {heading.group(1).strip()}"
    raise SystemExit(f"chapter {stem} has no heading")


def library_pins(name: str = "mlcourse") -> list[str]:
    """``package==version`` for everything the library needs at run time,
    as installed here (the pinned environment the book is tested in)."""
    pins, todo, seen = {}, [name], set()
    while todo:
        package = todo.pop()
        if package in seen:
            continue
        seen.add(package)
        for spec in importlib.metadata.requires(package) or []:
            requirement = Requirement(spec)
            if requirement.marker and not requirement.marker.evaluate(
                {"extra": ""}
            ):
                continue
            key = requirement.name.lower().replace("_", "-")
            pins[key] = importlib.metadata.version(requirement.name)
            todo.append(requirement.name)
    return [f"{key}=={version}" for key, version in sorted(pins.items())]


def rubrics(stems: list[str]) -> str:
    """Every exercise's points, rubric and reference answer, in Markdown."""
    lines = [
        "# Rubrics and reference answers",
        "",
        "Keep this file private: it holds the solutions of the graded "
        "exercises.",
        "",
    ]
    for stem in stems:
        lines += [f"## {chapter_title(stem)}", ""]
        for e in exercises.read(exercises.CHAPTERS / f"{stem}.ipynb"):
            lines.append(f"### Exercise {e.number}. {e.title}")
            lines.append("")
            lines.append(nbgrader_notebook.points_line(e))
            lines.append("")
            if e.manual:
                lines += [parts.rubric_markdown(e), ""]
            if e.checked:
                wrong = ", ".join(w.name for w in e.wrong)
                lines += [
                    "Reference solution:",
                    "",
                    "```python",
                    e.solution_code.rstrip(),
                    "```",
                    "",
                    f"Its checker also rejects: {wrong}, and the mistakes any "
                    "function can have (print for return, a loop that never "
                    "ends, ...).",
                    "",
                ]
            text = parts.written_solution(e).strip()
            if text:
                lines += ["Reference answer:", "", text, ""]
    return "\n".join(lines) + "\n"


README = """\
# The instructor edition: private part

Keep this folder private: it holds the reference solutions, the hidden
tests (with the seed of their random cases, {seed}) and the rubrics.

- `nbgrader/`: an nbgrader course directory (see the teaching page,
  "nbgrader on a JupyterHub");
- `otter/`: otter-grader master notebooks ("otter-grader and Gradescope");
- `requirements.txt`: a grading environment, pinned, with the course
  library from `mlcourse/` (a copy of the edition's);
- `rubrics.md`: the points of every exercise, its rubric and its reference
  answer.
"""


#: The grading environment's requirement of the course library: the copy
#: that :func:`library_copy` writes next to ``requirements.txt``.
LOCAL_LIBRARY = "./mlcourse"


def library_copy(dest: Path) -> Path:
    """What building the course library needs, copied into ``dest``."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, dest / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "lib", dest / "lib", ignore=ignore)
    return dest


def write_private(private: Path, stems: list[str], seed: int) -> list[Path]:
    requirement = set_repository.setup_requirement(ROOT)
    pins = library_pins()
    library_copy(private / LOCAL_LIBRARY)
    course = private / "nbgrader"
    (course / "source").mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(nbgrader_notebook.CONFIG)
    (private / "otter").mkdir(parents=True, exist_ok=True)
    (private / "otter" / "requirements.txt").write_text(
        otter_notebook.requirements(requirement, pins)
    )
    (private / "requirements.txt").write_text(
        "\n".join([*pins, *GRADING_TOOLS, LOCAL_LIBRARY]) + "\n"
    )
    written = []
    site = make_exercises.site_url()
    for stem in stems:
        found = exercises.read(exercises.CHAPTERS / f"{stem}.ipynb")
        title, url = chapter_title(stem), f"{site}chapters/{stem}.html"
        folder = course / "source" / stem
        folder.mkdir(parents=True, exist_ok=True)
        nb = nbgrader_notebook.notebook(title, url, found, seed)
        nbformat.write(nb, folder / f"{stem}.ipynb")
        introduction = nbgrader_notebook.INTRODUCTION.format(
            title=title, url=url
        )
        master = otter_notebook.notebook(
            stem, introduction, found, seed, requirement
        )
        nbformat.write(master, private / "otter" / f"{stem}.ipynb")
        written += [
            folder / f"{stem}.ipynb",
            private / "otter" / f"{stem}.ipynb",
        ]
    (private / "rubrics.md").write_text(rubrics(stems), encoding="utf-8")
    (private / "README.md").write_text(README.format(seed=seed))
    points = {
        stem: {
            e.label: {"points": e.points, "auto": e.auto, "manual": e.manual}
            for e in exercises.read(exercises.CHAPTERS / f"{stem}.ipynb")
        }
        for stem in stems
    }
    (private / "points.json").write_text(json.dumps(points, indent=1) + "\n")
    return written


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("chapters", nargs="*")
    args = parser.parse_args(argv)
    stems = (
        [chapter_stem(c) for c in args.chapters]
        if args.chapters
        else [p.stem for p in exercises.chapter_paths()]
    )
    written = write_private(args.out / "private", stems, args.seed)
    notebooks = args.out / "notebooks"
    if notebooks.exists():
        shutil.rmtree(notebooks)
    notebooks.mkdir(parents=True)
    make_exercises.write_student_notebooks(
        notebooks, args.out / "notebooks.zip"
    )
    editions.stage_book(args.out / "book")
    print(
        f"wrote {len(written)} graded notebooks to {args.out / 'private'}, "
        f"the student notebooks and the book without solutions to {args.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
