"""Every exercise of the book against its checker, from the chapters'
records (each test's id starts with the chapter's stem, so that
``make chapter CH=04`` runs chapter 4's).

- the reference solution passes, and every other correct answer of the
  record (``right``) too; the stub is "Not attempted yet";
- every wrong answer of the catalogue fails, with the message it
  deserves: the ones written in the record and the ones made from the
  solution (:mod:`assignments.wrong`). A wrong answer must fail before
  any random case (on the reading of its code or on a worked example),
  and the worked examples are the same at every seed, so each one fails
  for every seed: 200 of 200 seeded runs, and any other number;
- the catalogue has a wrong answer of every kind students write, or says
  why a kind cannot occur;
- a value check never shows its answer; a wrapper around anything of the
  checkers' modules is refused;
- the names a statement uses are defined by the record's set-up, so that
  a graded notebook without the chapter holds them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re

import mlcourse
import nbformat
import numpy as np
import pytest
from assignments import exercises as book
from assignments import wrong as catalogue
from mlcourse.exercises import checking, checks

EXERCISES = book.every_exercise()
CHECKED = [e for e in EXERCISES if e.checked]
FUNCTIONS = [e for e in CHECKED if e.function]
VALUES = [e for e in CHECKED if e.kind == "compute"]
LOOPS = ("endless loop", "swallowed loop")


def ident(exercise) -> str:
    return f"{exercise.chapter}-{exercise.label}"


def checker(exercise):
    module, name = exercise.checker
    return getattr(importlib.import_module(module), name)


def check(exercise, code: str, name: str = ""):
    scope = catalogue.namespace(exercise, code, name)
    return checker(exercise)(*(scope.get(a) for a in exercise.answers))


def every_wrong():
    for exercise in CHECKED:
        for entry in catalogue.catalogue(exercise):
            yield pytest.param(
                exercise, entry, id=f"{ident(exercise)}-{entry.name}"
            )


WRONG = list(every_wrong())


# ------------------------------------------------------------ the record


@pytest.mark.parametrize("exercise", EXERCISES, ids=ident)
def test_the_record_is_complete(exercise):
    assert exercise.kind in book.KINDS
    assert exercise.level in (1, 2, 3) and exercise.minutes > 0
    assert 0 < exercise.points and 0 <= exercise.manual <= exercise.points
    if exercise.manual:
        stated = sum(
            float(n) for n in re.findall(r"(\d+) points?:", exercise.rubric)
        )
        assert stated == exercise.manual, "the rubric gives the hand points"
    if exercise.checked:
        assert exercise.stub and exercise.solution and exercise.wrong


# ------------------------------------------------------ right answers


@pytest.mark.parametrize("exercise", FUNCTIONS, ids=ident)
def test_the_reference_solution_passes(exercise):
    result = checker(exercise)(catalogue.reference(exercise))
    assert result.passed, result.message


@pytest.mark.parametrize("exercise", CHECKED, ids=ident)
def test_the_chapter_shows_the_reference_passing(exercise):
    """The chapter's own run of its check (strict nbval keeps it fresh)."""
    nb = nbformat.read(book.CHAPTERS / f"{exercise.chapter}.ipynb", 4)
    (cell,) = [c for c in nb.cells if c.source == exercise.check]
    text = "".join(o.get("text", "") for o in cell.outputs)
    assert text.startswith("Correct"), text


@pytest.mark.parametrize(
    "exercise,right",
    [
        pytest.param(e, r, id=f"{ident(e)}-{r['name']}")
        for e in CHECKED
        for r in e.right
    ],
)
def test_another_correct_answer_passes(exercise, right):
    result = check(exercise, right["code"])
    assert result.passed, result.message


@pytest.mark.parametrize("exercise", CHECKED, ids=ident)
def test_the_stub_is_not_attempted(exercise):
    result = check(exercise, exercise.stub)
    assert result.status == "not attempted", result.message
    assert all(f"`{name}`" in result.message for name in exercise.answers)


# ------------------------------------------------------ wrong answers


@pytest.mark.parametrize("exercise,wrong", WRONG)
def test_a_wrong_answer_fails_for_every_seed(exercise, wrong):
    limit = 0.1 if wrong.kind in LOOPS else checks.TIME_LIMIT
    with checking(time_limit=limit):
        result = check(exercise, wrong.code, f"<{wrong.name}>")
    assert not result.passed and result.status in ("wrong", "error")
    assert any(part in result.message for part in wrong.says.split("|")), (
        result.message
    )
    assert result.case is None or not result.case.random, (
        "a wrong answer must fail on a worked example, not by the luck of "
        "a random case: " + result.message
    )


@pytest.mark.parametrize("exercise", [e for e in FUNCTIONS], ids=ident)
def test_the_worked_examples_are_the_same_at_every_seed(exercise):
    def worked(seed):
        cases = checker(exercise).cases(np.random.default_rng(seed))
        return [c for c in cases if not c.random]

    first = worked(0)
    for seed in range(1, 200):
        again = worked(seed)
        assert [c.description for c in again] == [c.description for c in first]
        for a, b in zip(first, again):
            for x, y in zip(a.args, b.args):
                if callable(x):
                    assert x.__code__ is y.__code__
                else:
                    assert np.array_equal(np.asarray(x), np.asarray(y))


@pytest.mark.parametrize("exercise", CHECKED, ids=ident)
def test_the_catalogue_has_every_kind_of_mistake(exercise):
    kinds = {w.kind for w in exercise.wrong}
    if exercise.function:
        kinds |= {w.kind for w in WRONG_BY_LABEL[exercise.label]}
    required = set(book.WRITTEN_KINDS) | set(book.GENERATED_KINDS)
    if not exercise.function:
        required -= set(book.RUNNING_KINDS)
    missing = required - kinds - set(exercise.not_applicable)
    assert not missing, f"no wrong answer of the kinds {sorted(missing)}"
    assert all(reason.strip() for reason in exercise.not_applicable.values())
    assert set(exercise.not_applicable) <= required


WRONG_BY_LABEL: dict = {}
for param in WRONG:
    WRONG_BY_LABEL.setdefault(param.values[0].label, []).append(
        param.values[1]
    )


@pytest.mark.parametrize("exercise", VALUES, ids=ident)
def test_a_value_check_never_shows_the_answer(exercise):
    scope = catalogue.namespace(exercise, exercise.solution_code)
    answers = [scope[a] for a in exercise.answers]
    shown = {
        re.sub(r"\s", "", catalogue.as_code(np.asarray(a).tolist()))
        for a in answers
    } | {str(a) for a in answers if np.ndim(a) == 0}
    for entry in exercise.wrong:
        message = re.sub(r"\s", "", check(exercise, entry.code).message)
        code = re.sub(r"\s", "", entry.code)
        for value in shown:
            assert value not in message or value in code, entry.name


# --------------------------------------------------- what is installed


def _library_functions():
    package = mlcourse.__path__[0]
    for module in sorted(
        importlib.import_module("pkgutil").walk_packages(
            [package], "mlcourse."
        ),
        key=lambda m: m.name,
    ):
        if module.name.startswith("mlcourse.widgets"):
            continue
        source = inspect.getsource(importlib.import_module(module.name))
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.FunctionDef):
                yield module.name, node


def _shape(node: ast.FunctionDef) -> str:
    """A function's body with its names erased: its computation."""

    class Erase(ast.NodeTransformer):
        def visit_Name(self, name):
            return ast.copy_location(ast.Name("_", name.ctx), name)

        def visit_arg(self, arg):
            arg.arg = "_"
            return arg

    body = ast.Module(
        [s for s in node.body if not isinstance(s, ast.Expr)], []
    )
    return ast.dump(Erase().visit(body))


def test_the_library_holds_no_reference_solution():
    """No function of the installed package computes what a solution
    computes, the way the solution does; no digest of an answer."""
    solutions = {
        _shape(catalogue.reference_function(e)): e.label for e in FUNCTIONS
    }
    for module, node in _library_functions():
        assert _shape(node) not in solutions, (module, node.name)
    for path in (
        importlib.import_module("pathlib")
        .Path(mlcourse.__path__[0])
        .rglob("*.py")
    ):
        text = path.read_text(encoding="utf-8")
        assert "_expected_" not in text and "answer_digest" not in text
        assert not re.search(r"\b[0-9a-f]{64}\b", text), path


def test_the_library_test_sees_a_copied_solution():
    exercise = FUNCTIONS[0]
    node = catalogue.reference_function(exercise)
    assert _shape(node) == _shape(ast.parse(ast.unparse(node)).body[0])


@pytest.mark.parametrize("exercise", FUNCTIONS, ids=ident)
def test_a_wrapper_around_the_checkers_code_is_refused(exercise):
    module = importlib.import_module(exercise.checker[0])
    name, params = (
        exercise.answers[0],
        ", ".join(
            a.arg for a in catalogue.reference_function(exercise).args.args
        ),
    )
    helpers = [
        n
        for n, f in vars(module).items()
        if inspect.isfunction(f) and f.__module__ == module.__name__
    ]
    assert helpers
    for helper in helpers:
        code = (
            f"from {module.__name__} import {helper}\n\n\n"
            f"def {name}({params}):\n    return {helper}({params})\n"
        )
        result = check(exercise, code)
        assert "the checker's own code" in result.message, helper


# --------------------------------------------------- self-contained


def _chapter_names(stem: str) -> set[str]:
    nb = nbformat.read(book.CHAPTERS / f"{stem}.ipynb", 4)
    names = set()
    for tree in book.code_trees(nb):
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            targets = node.targets if isinstance(node, ast.Assign) else []
            for sub in (n for t in targets for n in ast.walk(t)):
                if isinstance(sub, ast.Name):
                    names.add(sub.id)
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names |= {a.asname or a.name.split(".")[0] for a in node.names}
    return names


def _stated_names(exercise) -> set[str]:
    """Names in the statement's code spans that the chapter defines."""
    words = set()
    text = re.sub(r"\{[^}]+\}`[^`]*`", "", exercise.statement)  # roles
    text = re.sub(r"^(`{3,}|:{3,}).*$", "", text, flags=re.M)  # fences
    for span in re.findall(r"`([^`]+)`", text):
        if span.startswith("("):
            continue  # a tuple that describes a result: (low, high)
        words |= set(
            re.findall(r"(?<![\w.])([A-Za-z_]\w*)(?!\w|\s*=[^=])", span)
        )
    words -= set(exercise.answers) if exercise.checked else set()
    if exercise.function:
        words -= {a.arg for a in ast.parse(exercise.stub).body[0].args.args}
    return words & _chapter_names(exercise.chapter)


@pytest.mark.parametrize("exercise", EXERCISES, ids=ident)
def test_the_statement_uses_only_names_the_setup_defines(exercise):
    scope = catalogue.namespace(exercise, exercise.stub)
    missing = {n for n in _stated_names(exercise) if n not in scope}
    assert not missing, f"the statement uses {sorted(missing)}"


def test_the_digits_checker_splits_the_digits_as_chapter_7_does():
    from mlcourse.exercises import mlp

    chapter = (book.CHAPTERS / "07_mlp.ipynb").read_text(encoding="utf-8")
    assert f"SEED = {mlp.SEED}\\n" in chapter
    (exercise,) = [e for e in EXERCISES if e.label == "ex-mlp-digits-small"]
    scope = catalogue.namespace(exercise, "")
    for mine, theirs in zip(
        mlp.digits_split(),
        (scope["X_train"], scope["X_test"], scope["y_train"], scope["y_test"]),
    ):
        assert np.array_equal(mine, theirs)
