"""The exercises of a chapter, read from the chapter itself.

Each exercise is written once, in its chapter's "Exercises" section:

- a markdown cell with the ``{exercise}`` directive (the statement; a
  written exercise's ``{solution}`` block follows it in the same cell);
- for a checked exercise, the stub cell (tag ``exercise-stub``), the
  gated solution (the cells between ``{solution-start}`` and
  ``{solution-end}``) and the checker cell (tag ``exercise-check``);
- a raw cell with the tags ``exercise-record`` and ``remove-cell``, in
  YAML: the kind, level, minutes and points (with ``manual``, the points
  graded by hand, and their ``rubric``), the ``setup`` that defines the
  names the exercise uses (for a graded notebook without the chapter),
  and ``wrong``, the catalogue of wrong answers its checker must reject,
  each with its ``kind``, a part of the message it ``says`` and its
  ``code`` (``not applicable`` names the kinds that cannot occur, with the
  reason); ``right`` holds other correct answers, which it must accept;
  ``library`` names the course library's public functions that do the
  exercise's work (the teaching page lists them for instructors).

Raw cells are not executed by nbval and not shown by the website; the
generators (``make exercises``, ``make assignments``) and the tests read
them from here.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = ROOT / "chapters"

RECORD_TAG = "exercise-record"
STUB_TAG = "exercise-stub"
CHECK_TAG = "exercise-check"

KINDS = ("compute", "derive", "prove", "implement", "explore")

#: The kinds of wrong answers students write (REVIEWING.md's brief). The
#: kinds that only an answer which runs can show, and a list for an array,
#: are made from the solution of every function exercise
#: (:mod:`assignments.wrong`); the others are written in the record.
RUNNING_KINDS = (
    "print for return",
    "raising",
    "endless loop",
    "swallowed loop",
    "mutating the input",
    "hard-coded example",
)
GENERATED_KINDS = (*RUNNING_KINDS, "list for array")
WRITTEN_KINDS = (
    "off by one",
    "sign",
    "shape",
    "precedence",
    "the chapter's code",
    "a library call",
)
OTHER_KIND = "formula"

SOLUTION_START = re.compile(
    r"^(`{3,}|:{3,})\{solution-start\}\s*(\S+)", re.MULTILINE
)
SOLUTION_END = re.compile(r"^(`{3,}|:{3,})\{solution-end\}", re.MULTILINE)
DIRECTIVE = re.compile(
    r"^(?P<fence>`{3,}|:{3,})\{(?P<name>[a-z:-]+)\}[ \t]*(?P<title>[^\n]*)\n"
    r"(?P<body>.*?)^(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
OPTION = re.compile(r"^:(?P<key>[a-z_-]+):[ \t]*(?P<value>[^\n]*)\n?", re.M)
CHECK_CALL = re.compile(r"^(check_\w+)\(([^)]*)\)\s*$", re.MULTILINE)
CHECK_IMPORT = re.compile(r"from\s+([\w.]+)\s+import")


@dataclass
class Wrong:
    """One wrong answer of the catalogue: its checker must reject it."""

    name: str
    kind: str
    code: str
    says: str = ""  # a part of the message ("a|b": either)


@dataclass
class Exercise:
    """One exercise, as its chapter writes it."""

    chapter: str  # the notebook's stem: "04_perceptron"
    number: str  # "4.1"
    label: str
    title: str
    statement: str  # the {exercise} directive, in MyST
    written_solution: str = ""  # the {solution} block of a written exercise
    stub: str = ""
    solution: list = field(default_factory=list)  # the gated solution cells
    check: str = ""
    kind: str = ""
    level: int = 0
    minutes: int = 0
    points: float = 0
    manual: float = 0
    rubric: str = ""
    setup: str = ""
    wrong: list[Wrong] = field(default_factory=list)
    not_applicable: dict[str, str] = field(default_factory=dict)
    right: list[dict] = field(default_factory=list)  # other correct answers
    library: tuple[str, ...] = ()  # the library's names that do its work

    @property
    def checked(self) -> bool:
        return bool(self.check)

    @property
    def auto(self) -> float:
        """Points the graded tests give (the rest are graded by hand)."""
        return self.points - self.manual if self.checked else 0

    @property
    def checker(self) -> tuple[str, str]:
        """``(module, function)`` of the checker the check cell calls."""
        module = CHECK_IMPORT.search(self.check)
        call = CHECK_CALL.search(self.check)
        return (module.group(1) if module else "", call.group(1))

    @property
    def answers(self) -> tuple[str, ...]:
        """The names the check cell passes to its checker."""
        call = CHECK_CALL.search(self.check)
        return tuple(a.strip() for a in call.group(2).split(",") if a.strip())

    @property
    def solution_code(self) -> str:
        """The code cells of the gated solution, joined."""
        return "\n\n".join(
            c.source for c in self.solution if c.cell_type == "code"
        )

    @property
    def function(self) -> bool:
        """True when the answer is a function (a ``def`` in the stub)."""
        try:
            tree = ast.parse(self.stub)
        except SyntaxError:
            return False
        return any(isinstance(n, ast.FunctionDef) for n in tree.body)

    @property
    def check_call(self) -> str:
        return f"{self.checker[1]}({', '.join(self.answers)})"


def _directive(text: str, name: str):
    for match in DIRECTIVE.finditer(text):
        if match["name"] == name:
            return match
    return None


def _options(body: str) -> dict[str, str]:
    return {m["key"]: m["value"].strip() for m in OPTION.finditer(body)}


def _tags(cell) -> set[str]:
    return set(cell.metadata.get("tags", []))


def is_record(cell) -> bool:
    return cell.cell_type == "raw" and RECORD_TAG in _tags(cell)


def _read_record(exercise: Exercise, cell) -> None:
    record = yaml.safe_load(cell.source) or {}
    exercise.kind = record.get("kind", "")
    exercise.level = record.get("level", 0)
    exercise.minutes = record.get("minutes", 0)
    exercise.points = record.get("points", 0)
    default_manual = 0 if exercise.checked else exercise.points
    exercise.manual = record.get("manual", default_manual)
    exercise.rubric = " ".join(str(record.get("rubric", "")).split())
    exercise.setup = record.get("setup", "") or ""
    exercise.wrong = [
        Wrong(w["name"], w["kind"], w["code"], str(w.get("says", "")))
        for w in record.get("wrong", []) or []
    ]
    exercise.not_applicable = dict(record.get("not applicable", {}) or {})
    exercise.right = list(record.get("right", []) or [])
    exercise.library = tuple(record.get("library", []) or [])


def read_chapter(nb: nbformat.NotebookNode, stem: str) -> list[Exercise]:
    """The exercises of a chapter notebook, in order."""
    chapter = int(stem[:2]) if stem[:2].isdigit() else 0
    found: list[Exercise] = []
    inside = False
    for cell in nb.cells:
        source = cell.source
        current = found[-1] if found else None
        if cell.cell_type == "markdown":
            if SOLUTION_START.search(source):
                inside = True
                continue
            if SOLUTION_END.search(source):
                inside = False
                continue
        if inside and current is not None:
            current.solution.append(cell)
            continue
        statement = (
            _directive(source, "exercise")
            if cell.cell_type == "markdown"
            else None
        )
        if statement is not None:
            label = _options(statement["body"]).get("label", "")
            written = _directive(source, "solution")
            found.append(
                Exercise(
                    chapter=stem,
                    number=f"{chapter}.{len(found) + 1}",
                    label=label,
                    title=statement["title"].strip(),
                    statement=statement.group(0),
                    written_solution=written.group(0) if written else "",
                )
            )
            continue
        if current is None:
            continue
        if STUB_TAG in _tags(cell):
            current.stub = source
        elif CHECK_TAG in _tags(cell):
            current.check = source
        elif is_record(cell):
            _read_record(current, cell)
    return found


def code_trees(nb: nbformat.NotebookNode):
    """The syntax tree of each code cell (IPython's ``%`` lines left out)."""
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        source = "\n".join(
            line
            for line in cell.source.splitlines()
            if not line.lstrip().startswith(("%", "!"))
        )
        try:
            yield ast.parse(source)
        except SyntaxError:
            continue


def chapter_paths() -> list[Path]:
    return sorted(
        p
        for p in CHAPTERS.glob("[0-9][0-9]_*.ipynb")
        if not p.name.startswith("00_")
    )


def read(path: Path) -> list[Exercise]:
    return read_chapter(nbformat.read(path, as_version=4), path.stem)


def every_exercise() -> list[Exercise]:
    """Every exercise of the book, chapter by chapter."""
    return [e for path in chapter_paths() for e in read(path)]
