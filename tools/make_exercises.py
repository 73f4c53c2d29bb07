"""Generate the student notebooks: each chapter without its solutions and outputs.

Usage: python tools/make_exercises.py [--check] [--zip PATH]

For every chapter notebook ``chapters/NN_topic.ipynb`` this writes ``exercises/NN_topic.ipynb``:

- outputs and execution counts are cleared;
- every gated solution (the cells from a ```` ```{solution-start} ```` cell to the matching
  ```` ```{solution-end} ```` cell) is replaced by one empty code cell tagged
  ``student-answer`` and headed by a comment that names the exercise;
- every non-gated ```` ```{solution} ```` block is cut from its markdown cell and replaced by an
  invitation to write the answer;
- everything else, the hidden set-up cell included, is kept as it is.

Generation is deterministic (same input, same bytes), so the committed copies can be checked
against a fresh run: ``--check`` exits non-zero when ``exercises/`` is out of date. ``--zip``
also writes a zip of the student notebooks for handing out.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
import zipfile
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
EXERCISES = ROOT / "exercises"

SOLUTION_START = re.compile(
    r"^(`{3,}|:{3,})\{solution-start\}\s*(\S+)", re.MULTILINE
)
SOLUTION_END = re.compile(r"^(`{3,}|:{3,})\{solution-end\}", re.MULTILINE)
SOLUTION_BLOCK = re.compile(
    r"^(?P<fence>`{3,}|:{3,})\{solution\}\s*(?P<label>\S+)[^\n]*\n.*?^(?P=fence)[ \t]*$\n?",
    re.MULTILINE | re.DOTALL,
)

HEADER = (
    "**Student version.** The solutions of this chapter's exercises have been taken out: write "
    "yours in the cells marked *Your answer*, and run the checker cells to see how you did."
)


def answer_cell(label: str, index: int) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(f"# Your answer to exercise {label}\n")
    cell.id = f"student-answer-{index}"
    cell.metadata["tags"] = ["student-answer"]
    return cell


def clear(cell: nbformat.NotebookNode) -> nbformat.NotebookNode:
    cell = copy.deepcopy(cell)
    if cell.cell_type == "code":
        cell.outputs = []
        cell.execution_count = None
    cell.metadata.pop("execution", None)
    return cell


def strip_written_solutions(source: str) -> str:
    return SOLUTION_BLOCK.sub(
        lambda m: (
            f"*Your answer to exercise {m.group('label')}:* write it here.\n"
        ),
        source,
    )


def student_notebook(chapter: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return the student version of a chapter notebook (see the module docstring)."""
    cells, inside, n_answers = [], None, 0
    for cell in chapter.cells:
        text = cell.source if cell.cell_type == "markdown" else ""
        if inside is None:
            start = SOLUTION_START.search(text)
            if start:
                inside = start.group(2)
                continue
            cell = clear(cell)
            if cell.cell_type == "markdown":
                cell.source = strip_written_solutions(cell.source)
            cells.append(cell)
        elif SOLUTION_END.search(text):
            n_answers += 1
            cells.append(answer_cell(inside, n_answers))
            inside = None
    if inside is not None:
        raise ValueError(
            f"solution {inside!r} has a solution-start but no solution-end"
        )
    notebook = copy.deepcopy(chapter)
    header = nbformat.v4.new_markdown_cell(HEADER)
    header.id = "student-version-note"
    # the header goes after the set-up cell and the title cell
    position = 2 if len(cells) >= 2 else len(cells)
    notebook.cells = cells[:position] + [header] + cells[position:]
    notebook.metadata.pop("widgets", None)
    return notebook


def chapter_paths() -> list[Path]:
    return sorted(
        p
        for p in CHAPTERS.glob("[0-9][0-9]_*.ipynb")
        if not p.name.startswith("00_")
    )


def render(path: Path) -> str:
    notebook = student_notebook(nbformat.read(path, as_version=4))
    return nbformat.writes(notebook) + "\n"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="fail if exercises/ is out of date",
    )
    parser.add_argument(
        "--zip", type=Path, help="also write a zip of the student notebooks"
    )
    args = parser.parse_args(argv)

    expected = {EXERCISES / p.name: render(p) for p in chapter_paths()}
    if args.check:
        stale = [
            str(path.relative_to(ROOT))
            for path, text in expected.items()
            if not path.exists() or path.read_text(encoding="utf-8") != text
        ]
        extra = [
            str(p.relative_to(ROOT))
            for p in EXERCISES.glob("*.ipynb")
            if p not in expected
        ]
        for name in stale:
            print(f"out of date: {name}")
        for name in extra:
            print(f"no chapter for: {name}")
        if stale or extra:
            print("Run 'make exercises' and commit the result.")
            return 1
        print(f"{len(expected)} student notebook(s) up to date.")
        return 0

    EXERCISES.mkdir(exist_ok=True)
    for path in EXERCISES.glob("*.ipynb"):
        if path not in expected:
            path.unlink()
    for path, text in expected.items():
        path.write_text(text, encoding="utf-8")
    print(
        f"wrote {len(expected)} student notebook(s) to {EXERCISES.relative_to(ROOT)}/"
    )
    if args.zip:
        args.zip.parent.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(args.zip, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(expected):
                info = zipfile.ZipInfo(
                    f"mlcourse-exercises/{path.name}",
                    date_time=(2026, 1, 1, 0, 0, 0),
                )
                archive.writestr(info, path.read_text(encoding="utf-8"))
        print(f"wrote {args.zip}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
