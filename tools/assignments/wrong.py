"""Wrong answers made from a function exercise's reference solution.

The mistakes any function can have, written from the solution so that
nothing but the mistake differs: printing the result instead of
returning it, forgetting the ``return``, raising on every input, a loop
that never ends (also inside a bare ``except:``), changing an argument in
place, returning a list where an array is asked for, and hard-coding what
the solution gives on the exercise's first worked example. Each comes
with the part of the checker's message that must name the mistake. The
mistakes particular to an exercise are written in its record.
"""

from __future__ import annotations

import ast
import importlib
import linecache
import textwrap
from typing import Any

import numpy as np

from .exercises import Exercise, Wrong


def run_cell(code: str, scope: dict, name: str) -> dict:
    """Execute ``code`` as a notebook cell would, keeping its source.

    The source is registered with :mod:`linecache` under ``name``, as
    IPython does, so that the checkers can read the functions it defines.
    """
    linecache.cache[name] = (len(code), None, code.splitlines(True), name)
    exec(compile(code, name, "exec"), scope)
    return scope


def namespace(exercise: Exercise, code: str, name: str = "") -> dict:
    """A fresh notebook namespace: numpy, the exercise's set-up, ``code``."""
    scope = {"__name__": "__main__"}
    run_cell("import numpy as np\n" + exercise.setup, scope, "<setup>")
    return run_cell(code, scope, name or f"<{exercise.label}>")


def reference(exercise: Exercise):
    """The solution's function, defined as a notebook cell would."""
    node = reference_function(exercise)
    imports = [
        ast.unparse(n)
        for n in ast.parse(exercise.solution_code).body
        if isinstance(n, (ast.Import, ast.ImportFrom))
    ]
    code = "\n".join([*imports, ast.unparse(node)]) + "\n"
    scope = namespace(exercise, code, f"<{exercise.label} solution>")
    return scope[node.name]


def first_worked(exercise: Exercise):
    """The first worked example of the exercise's checker."""
    module, name = exercise.checker
    checker = getattr(importlib.import_module(module), name)
    cases = checker.cases(np.random.default_rng(0))
    return next(c for c in cases if not c.random)


def catalogue(exercise: Exercise) -> list[Wrong]:
    """Every wrong answer the checker must reject: the record's, and for a
    function the ones made from its solution."""
    written = list(exercise.wrong)
    if not exercise.function:
        return written
    case = first_worked(exercise)
    return written + generated(
        exercise, case.args, reference(exercise)(*case.args)
    )


def reference_function(exercise: Exercise) -> ast.FunctionDef:
    """The solution's ``def`` of the answer."""
    name = exercise.answers[0]
    tree = ast.parse(exercise.solution_code)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            return node
    raise ValueError(f"{exercise.label}: the solution defines no {name}()")


def _source(node: ast.FunctionDef) -> str:
    return ast.unparse(node) + "\n"


def _with_returns(node: ast.FunctionDef, make) -> str:
    node = ast.parse(ast.unparse(node)).body[0]

    class Returns(ast.NodeTransformer):
        def visit_FunctionDef(self, inner):
            return inner if inner is not node else self.generic_visit(inner)

        def visit_Return(self, ret):
            return make(ret) if ret.value is not None else ret

    Returns().visit(node)
    ast.fix_missing_locations(node)
    return _source(node)


def _signature(node: ast.FunctionDef) -> str:
    return f"def {node.name}({ast.unparse(node.args)}):"


def _body(node: ast.FunctionDef) -> str:
    return textwrap.indent(
        "\n".join(ast.unparse(s) for s in node.body), "    "
    )


def as_code(value: Any) -> str:
    """Python source that rebuilds ``value``."""
    if isinstance(value, tuple):
        return "(" + ", ".join(as_code(v) for v in value) + ",)"
    if isinstance(value, np.ndarray):
        return f"np.array({value.tolist()!r})"
    if isinstance(value, (np.floating, float)):
        return repr(float(value))
    if isinstance(value, (np.integer, int)) and not isinstance(value, bool):
        return repr(int(value))
    return repr(value)


def generated(exercise: Exercise, first_args: tuple, first_result: Any):
    """The generated wrong answers of a function exercise.

    ``first_args`` and ``first_result`` are the first worked example of
    its checker and what the reference solution gives on it.
    """
    node = reference_function(exercise)
    head, body = _signature(node), _body(node)
    params = [a.arg for a in node.args.args]

    def printed(ret):
        call = ast.Call(ast.Name("print", ast.Load()), [ret.value], [])
        return ast.Expr(call)

    def assigned(ret):
        return ast.Assign([ast.Name("result", ast.Store())], ret.value)

    wrong = [
        Wrong(
            "print instead of return",
            "print for return",
            _with_returns(node, printed),
            "instead of `print`",
        ),
        Wrong(
            "no return",
            "print for return",
            _with_returns(node, assigned),
            "returned None",
        ),
        Wrong(
            "raises on every input",
            "raising",
            f"{head}\n    size = len({params[0]})\n"
            f"    last = {params[0]}[size]\n{body}\n",
            "raised|line 3",
        ),
        Wrong(
            "a loop that never ends",
            "endless loop",
            f"{head}\n    k = 0\n    while k >= 0:\n        k = k + 1\n"
            "    return k\n",
            "was stopped",
        ),
        Wrong(
            "a loop inside a bare except",
            "swallowed loop",
            f"{head}\n    while True:\n        try:\n            while True:\n"
            "                pass\n        except:\n            continue\n",
            "was stopped",
        ),
        Wrong(
            "the worked example hard-coded",
            "hard-coded example",
            f"{head}\n    return {as_code(first_result)}\n",
            "Not quite",
        ),
    ]
    arrays = [
        p for p, a in zip(params, first_args) if isinstance(a, np.ndarray)
    ]
    if arrays:
        wrong.append(
            Wrong(
                f"writes into {arrays[0]}",
                "mutating the input",
                f"{head}\n    {arrays[0]}[...] = {arrays[0]}\n{body}\n",
                "in place",
            )
        )
    if _has_array(first_result):
        as_list = (
            "tuple(np.asarray(v).tolist() if np.ndim(v) else v for v in {})"
            if isinstance(first_result, tuple)
            else "np.asarray({}).tolist()"
        )

        def listed(ret):
            value = ast.parse(as_list.format(ast.unparse(ret.value))).body[0]
            return ast.Return(value.value)

        wrong.append(
            Wrong(
                "a list for an array",
                "list for array",
                _with_returns(node, listed),
                "numpy array",
            )
        )
    return wrong


def _has_array(value: Any) -> bool:
    if isinstance(value, np.ndarray):
        return value.ndim > 0
    if isinstance(value, tuple):
        return any(_has_array(v) for v in value)
    return False
