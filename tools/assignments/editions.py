"""The editions of the book: with the solutions folded, or without them.

The public edition is the book as it is: every solution folded under its
exercise. For a graded class the instructor edition publishes the book
without solutions (:func:`without_solutions`, which keeps the MyST markup
and the outputs, so that Jupyter Book builds it as it builds the book),
and keeps the solutions for the instructor. :func:`stage_book` copies the
book so, for the instructor edition's website, PDF and slides, without
the pages of the library's source code.
"""

from __future__ import annotations

import copy
import re
import shutil
from pathlib import Path

import make_exercises
import nbformat
import yaml

from .exercises import (
    CHAPTERS,
    CHECK_TAG,
    ROOT,
    SOLUTION_END,
    SOLUTION_START,
    is_record,
)


def _in_exercises(cells) -> list[bool]:
    """For each cell, whether it lies in the chapter's Exercises section."""
    inside, flags = False, []
    for cell in cells:
        if cell.cell_type == "markdown":
            for heading in re.findall(r"^(#{1,3})\s+(.+)$", cell.source, re.M):
                inside = heading[1].strip() == "Exercises"
        flags.append(inside)
    return flags


def without_solutions(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The chapter without its solutions, in MyST, outputs kept.

    Gone: the gated solutions, the ``{solution}`` blocks, the exercise
    records, the hidden checks of the Exercises section (they assert the
    numbers the solutions quote), and the output of each checker cell
    (it says "Correct" of a solution no longer shown).
    """
    nb = copy.deepcopy(nb)
    cells, inside = [], False
    flags = _in_exercises(nb.cells)
    for cell, in_exercises in zip(nb.cells, flags):
        tags = set(cell.metadata.get("tags", []))
        if cell.cell_type == "markdown" and SOLUTION_START.search(cell.source):
            inside = True
            continue
        if cell.cell_type == "markdown" and SOLUTION_END.search(cell.source):
            inside = False
            continue
        if inside or is_record(cell):
            continue
        if in_exercises and cell.cell_type == "code" and "remove-cell" in tags:
            continue
        if cell.cell_type == "markdown":
            cell.source = make_exercises.SOLUTION_BLOCK.sub("", cell.source)
            if not cell.source.strip():
                continue
        if CHECK_TAG in tags:
            cell.outputs, cell.execution_count = [], None
        cells.append(cell)
    nb.cells = cells
    return nb


#: What a copy of the book needs besides its chapters (``tools/`` is
#: linked: the book's Sphinx extensions find their Node tools from there).
BOOK_FILES = ("_config.yml", "_toc.yml", "references.bib")
BOOK_FOLDERS = ("_static",)
#: The Sphinx extensions that publish the library's source code.
VIEWCODE = ("sphinx.ext.viewcode", "sphinx.ext.linkcode")


def stage_book(dest: Path) -> Path:
    """Write the book without solutions into ``dest``, ready to build.

    Its build executes every page, as the book's does: a checker cell then
    says that its exercise is not attempted yet.
    """
    if dest.exists():
        shutil.rmtree(dest)
    (dest / "chapters").mkdir(parents=True)
    for name in BOOK_FILES:
        shutil.copy(ROOT / name, dest / name)
    for name in BOOK_FOLDERS:
        shutil.copytree(ROOT / name, dest / name)
    (dest / "tools").symlink_to(ROOT / "tools", target_is_directory=True)
    config = yaml.safe_load((dest / "_config.yml").read_text(encoding="utf-8"))
    config["title"] += " (edition without solutions)"
    # No pages of the library's code and no [source] links: the code of
    # the functions some exercises ask for would be one click away.
    sphinx = config["sphinx"]
    sphinx["extra_extensions"] = [
        e for e in sphinx["extra_extensions"] if e not in VIEWCODE
    ]
    (dest / "_config.yml").write_text(
        yaml.safe_dump(config, sort_keys=False, allow_unicode=True),
        encoding="utf-8",
    )
    for path in sorted(CHAPTERS.iterdir()):
        if path.suffix == ".md":
            shutil.copy(path, dest / "chapters" / path.name)
        elif path.suffix == ".ipynb":
            nb = without_solutions(nbformat.read(path, as_version=4))
            nbformat.write(nb, dest / "chapters" / path.name)
    return dest
