"""Reading a student's answer from its code, before running it.

What a check learns here: whether a function is still the stub, which of
the notebook's functions it calls, which library functions it reaches
(so that an exercise can allow some and refuse the others, with a
reason), which names it takes from the notebook without defining them,
and which line of it raised an error. Functions are read from their
bytecode, which every Python function has, and from their source where
Python keeps it (notebook cells, files).
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import dis
import inspect
import linecache
import sys
import textwrap
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

#: Built-ins an answer may not call: they run or fetch code that the check
#: cannot read (``getattr(np, "poly" + "fit")`` names a function the
#: reading cannot see).
BLOCKED_BUILTINS = frozenset(
    {"eval", "exec", "compile", "__import__", "globals", "vars", "open"}
    | {"input", "breakpoint", "exit", "quit", "getattr"}
)

#: Functions of the base modules that fetch an attribute by a computed
#: name, as ``getattr`` does.
BLOCKED_PATHS = frozenset({"operator.attrgetter", "operator.methodcaller"})

#: Modules every answer may use, besides numpy's array functions.
BASE_MODULES = ("builtins", "math", "functools", "itertools", "operator")

#: numpy functions outside its main namespace that every answer may use.
BASE_NUMPY_EXTRAS = ("numpy.linalg.norm",)

_LOADS = {"LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF", "LOAD_CLASSDEREF"}
_ATTRIBUTES = {"LOAD_ATTR", "LOAD_METHOD"}
_SKIPPED = {"CACHE", "EXTENDED_ARG", "PRECALL", "PUSH_NULL", "NOP"}
_STORES = {"STORE_FAST", "STORE_NAME", "STORE_GLOBAL", "STORE_DEREF"}


# ------------------------------------------------------------------ source


def function_node(func: Callable) -> ast.AST | None:
    """The ``def`` (or ``lambda``) of ``func`` in its source, if kept."""
    try:
        source = textwrap.dedent(inspect.getsource(func))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError):
        return None
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name == func.__name__:
                return node
        if isinstance(node, ast.Lambda) and func.__name__ == "<lambda>":
            return node
    return None


def _is_blank_statement(node: ast.stmt) -> bool:
    if isinstance(node, ast.Pass):
        return True
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        value = node.value.value
        return value is Ellipsis or isinstance(value, str)
    if isinstance(node, ast.Return):
        value = node.value
        return isinstance(value, ast.Constant) and value.value is Ellipsis
    if isinstance(node, ast.Raise) and node.exc is not None:
        exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
        return isinstance(exc, ast.Name) and exc.id in (
            "NotImplementedError",
            "NotImplemented",
        )
    return False


_BLANK_RETURNS = (
    [("LOAD_CONST", None), ("RETURN_VALUE", None)],
    [("RETURN_CONST", None)],
    [("LOAD_CONST", Ellipsis), ("RETURN_VALUE", None)],
    [("RETURN_CONST", Ellipsis)],
)


def is_stub(answer: Any) -> bool:
    """True when ``answer`` is a blank value: ``None``, ``...``, ``NotImplemented``."""
    return answer is None or answer is Ellipsis or answer is NotImplemented


def is_stub_function(func: Any) -> bool:
    """True when ``func`` is a function whose body is still a blank.

    A blank body holds only a docstring, ``...``, ``pass``, ``return ...``
    or ``raise NotImplementedError``. It is read from the source where
    Python keeps it, else from the bytecode.
    """
    code = getattr(func, "__code__", None)
    if code is None:
        return False
    node = function_node(func)
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return all(_is_blank_statement(s) for s in node.body)
    ops = [
        (i.opname, i.argval)
        for i in dis.get_instructions(code)
        if i.opname not in _SKIPPED | {"RESUME"}
    ]
    if ops in _BLANK_RETURNS:
        return not isinstance(node, ast.Lambda)
    names = [argval for _, argval in ops]
    return (
        bool(ops)
        and ops[-1][0] == "RAISE_VARARGS"
        and "NotImplementedError" in names
        and len(ops) <= 4
    )


# --------------------------------------------------------- own functions


def code_objects(code: types.CodeType) -> Iterable[types.CodeType]:
    """``code`` and the code of the functions and comprehensions in it."""
    yield code
    for const in code.co_consts:
        if inspect.iscode(const):
            yield from code_objects(const)


def _closure_values(func: Callable) -> list[Any]:
    values = []
    for cell in getattr(func, "__closure__", None) or ():
        with contextlib.suppress(ValueError):
            values.append(cell.cell_contents)
    return values


def own_functions(func: Callable) -> list[Callable]:
    """``func`` and the functions of its notebook (module) that it calls."""
    module = getattr(func, "__module__", None)
    found, seen, todo = [], set(), [func]
    while todo:
        f = todo.pop()
        code = getattr(f, "__code__", None)
        if code is None or id(f) in seen:
            continue
        seen.add(id(f))
        found.append(f)
        scope = getattr(f, "__globals__", {})
        names = {n for c in code_objects(code) for n in c.co_names}
        for other in [scope.get(n) for n in names] + _closure_values(f):
            if inspect.isfunction(other) and other.__module__ == module:
                todo.append(other)
    return found


def own_codes(func: Callable) -> set[types.CodeType]:
    """Every code object of ``func`` and of the notebook functions it calls."""
    return {c for f in own_functions(func) for c in code_objects(f.__code__)}


# ----------------------------------------------------------- names used


@dataclass
class Use:
    """One name (with its attributes) that an answer's code reaches."""

    written: str  # as written: "np.polyfit"
    path: str  # where it lives: "numpy.polyfit" ("" when not found)
    value: Any
    kind: str  # "library", "module", "data", "own" or "undefined"
    function: str  # the answer's function that uses it


def _chains(code: types.CodeType) -> Iterable[tuple[str, list[str], str]]:
    """``(head, attributes, how)`` for each name the bytecode loads.

    ``how`` is ``"global"`` (a global or closure name) or ``"import"``
    (a module imported inside the function, as a dotted path).
    """
    instructions = [
        i for i in dis.get_instructions(code) if i.opname not in _SKIPPED
    ]
    imported: dict[str, str] = {}
    chain: tuple[str, list[str], str] | None = None
    pending_import = ""
    for ins in instructions:
        op = ins.opname
        if chain is not None and op in _ATTRIBUTES:
            chain[1].append(ins.argval)
            continue
        if chain is not None:
            yield chain
            chain = None
        if op == "IMPORT_NAME":
            pending_import = ins.argval
            yield (ins.argval, [], "import")
        elif op == "IMPORT_FROM" and pending_import:
            yield (f"{pending_import}.{ins.argval}", [], "import")
            pending_import = f"{pending_import}.{ins.argval}"
        elif op in _STORES and pending_import:
            imported[ins.argval] = pending_import
            base = pending_import.rpartition(".")[0]
            pending_import = base if base else ""
        elif op in _LOADS:
            chain = (ins.argval, [], "global")
        elif op in ("LOAD_FAST", "LOAD_FAST_CHECK") and ins.argval in imported:
            chain = (imported[ins.argval], [], "import")
        else:
            pending_import = "" if op != "POP_TOP" else pending_import
    if chain is not None:
        yield chain


def resolve(path: str) -> Any:
    """The object a dotted path names, or None."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        module = sys.modules.get(".".join(parts[:cut]))
        if module is None:
            try:
                module = __import__(".".join(parts[:cut]), fromlist=["_"])
            except Exception:
                continue
        value = module
        try:
            for attribute in parts[cut:]:
                value = getattr(value, attribute)
        except AttributeError:
            return None
        return value
    return None


_PATHS: dict[int, str] = {}


def public_path(value: Any) -> str:
    """A dotted path under which a library object can be found ('' if none)."""
    if inspect.ismodule(value):
        return value.__name__
    key = id(value)
    if key in _PATHS:
        return _PATHS[key]
    found = ""
    module = getattr(value, "__module__", None)
    name = getattr(value, "__qualname__", None) or getattr(
        value, "__name__", None
    )
    if isinstance(module, str) and isinstance(name, str):
        if resolve(f"{module}.{name}") is value:
            found = f"{module}.{name}"
    if not found:
        homes = sorted(
            (
                name
                for name, m in list(sys.modules.items())
                if m is not None
                and name.split(".")[0]
                in ("numpy", "scipy", "sklearn", "mlcourse", "math")
                and not any(p.startswith("_") for p in name.split("."))
            ),
            key=lambda n: (n.count("."), n),
        )
        for home in homes:
            for attribute, other in list(vars(sys.modules[home]).items()):
                if other is value:
                    found = f"{home}.{attribute}"
                    break
            if found:
                break
    if "._" in found or ".core." in found:
        found = _public_alias(found, value)
    _PATHS[key] = found
    return found


def _public_alias(path: str, value: Any) -> str:
    """The same object under its public package: ``scipy.special.expit``
    for ``scipy.special._ufuncs.expit``."""
    parts, name = path.split("."), path.rpartition(".")[2]
    for cut in range(len(parts) - 1, 0, -1):
        home = parts[:cut]
        if any(p.startswith("_") or p == "core" for p in home):
            continue
        alias = ".".join([*home, name])
        if resolve(alias) is value:
            return alias
    return path


def _kind(value: Any) -> str:
    if inspect.ismodule(value):
        return "module"
    if callable(value) or isinstance(value, type):
        return "library"
    return "data"


def uses(func: Callable) -> list[Use]:
    """Every name (with attributes) that ``func`` and its helpers reach."""
    found = []
    module = getattr(func, "__module__", None)
    for f in own_functions(func):
        scope = getattr(f, "__globals__", {})
        closure = dict(zip(f.__code__.co_freevars, _closure_values(f)))
        for code in code_objects(f.__code__):
            for head, attributes, how in _chains(code):
                written = ".".join([head, *attributes])
                if how == "import":
                    path = ".".join([head, *attributes])
                    value = resolve(path)
                    kind = _kind(value) if value is not None else "library"
                    found.append(Use(written, path, value, kind, f.__name__))
                    continue
                if head in closure:
                    value, bound = closure[head], True
                elif head in scope:
                    value, bound = scope[head], True
                elif hasattr(builtins, head):
                    value, bound = getattr(builtins, head), True
                else:
                    value, bound = None, False
                if not bound:
                    found.append(
                        Use(written, "", None, "undefined", f.__name__)
                    )
                    continue
                if (
                    inspect.isfunction(value) or inspect.isclass(value)
                ) and value.__module__ == module:
                    # a function or a class of the answer's own notebook
                    found.append(Use(written, "", value, "own", f.__name__))
                    continue
                if _kind(value) == "data":
                    found.append(Use(head, "", value, "data", f.__name__))
                    continue
                base = public_path(value)
                if (
                    hasattr(builtins, head)
                    and getattr(builtins, head) is value
                ):
                    base = f"builtins.{head}"
                path = ".".join([base, *attributes]) if base else ""
                final = value
                for attribute in attributes:
                    final = getattr(final, attribute, None)
                    if final is None:
                        break
                kind = _kind(final) if final is not None else "library"
                if kind == "data":
                    kind = "module"  # a constant of a library: np.pi
                found.append(Use(written, path, final, kind, f.__name__))
    return found


# ------------------------------------------------------------- policies


def _matches(path: str, value: Any, patterns: Sequence[str]) -> str:
    """The first pattern ``path`` falls under (by name or identity), or ''."""
    for pattern in patterns:
        if path == pattern or path.startswith(pattern + "."):
            return pattern
        target = resolve(pattern)
        if (
            target is not None
            and value is target
            and not isinstance(target, (int, float, str, type(None)))
        ):
            return pattern
    return ""


def _base_allows(path: str) -> bool:
    head, _, rest = path.partition(".")
    if head == "builtins":
        return rest.split(".")[0] not in BLOCKED_BUILTINS
    if head in BASE_MODULES:
        return path not in BLOCKED_PATHS
    if path in BASE_NUMPY_EXTRAS:
        return True
    if head == "numpy":
        first = rest.split(".")[0]
        return bool(first) and not inspect.ismodule(resolve(f"numpy.{first}"))
    return False


@dataclass
class Calls:
    """The library calls an *implement* exercise's answer may make.

    Every answer may use Python's built-ins and numpy's array functions
    (its main namespace and ``np.linalg.norm``); ``allowed`` adds dotted
    paths (``"numpy.linalg.solve"``, ``"scipy.stats.t"``), ``forbidden``
    takes some back (``"numpy.polyfit"``), and ``reason`` says why.
    """

    allowed: tuple[str, ...] = ()
    forbidden: tuple[str, ...] = ()
    reason: str = ""

    def describe(self) -> str:
        extra = ", ".join(f"`{p}`" for p in self.allowed)
        text = "Python's built-ins and numpy's array functions"
        return f"{text} (and {extra})" if extra else text


def library_problem(func: Callable, calls: Calls, name: str) -> str:
    """Why the library calls of ``func`` break the exercise's rule, or ''."""
    for use in uses(func):
        if use.kind in ("own", "data", "undefined"):
            continue
        shown = f"`{use.written}`"
        if use.path and use.path != use.written:
            shown += f" (`{use.path}`)"
        special = any(a.startswith("__") for a in use.written.split(".")[1:])
        if (
            special
            or use.path in BLOCKED_PATHS
            or (
                use.path.startswith("builtins.")
                and use.path.split(".")[-1] in BLOCKED_BUILTINS
            )
        ):
            return (
                f"your `{name}` uses {shown}, which reaches code by a name "
                "computed as the answer runs; the checker reads the calls "
                "an answer makes and cannot follow it. Call the functions "
                "you use by their names."
            )
        if use.path.startswith("mlcourse.exercises"):
            return (
                f"your `{name}` uses {shown}, the checker's own code: "
                "the exercise asks for your own computation."
            )
        if use.kind == "module" and not use.path.startswith("mlcourse"):
            continue
        if _matches(use.path, use.value, calls.forbidden):
            reason = f" {calls.reason}" if calls.reason else ""
            return (
                f"your `{name}` uses {shown}, which this exercise does not "
                f"allow.{reason}"
            )
        if _base_allows(use.path) or _matches(
            use.path, use.value, calls.allowed
        ):
            continue
        reason = f" {calls.reason}" if calls.reason else ""
        where = f"`{use.path}`" if use.path else shown
        return (
            f"your `{name}` uses {shown}. This exercise allows "
            f"{calls.describe()}; {where} is not among them.{reason}"
        )
    return ""


def undefined_data(func: Callable) -> list[Use]:
    """The notebook's values that ``func`` uses without defining them."""
    seen, found = set(), []
    for use in uses(func):
        if use.kind == "data" and use.written not in seen:
            if not use.written.startswith("__"):
                seen.add(use.written)
                found.append(use)
    return found


def describe_value(value: Any) -> str:
    shape = getattr(value, "shape", None)
    if shape is not None and shape != ():
        return f"an array of shape {tuple(shape)}"
    name = type(value).__name__
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def own_code_problem(func: Any) -> str:
    """Why ``func`` is not a function written in the notebook, or ''."""
    module = getattr(func, "__module__", "") or ""
    if module.split(".")[0] in ("mlcourse", "numpy", "sklearn", "scipy"):
        name = getattr(func, "__name__", type(func).__name__)
        return f"it is `{module}.{name}`, a library function"
    if not inspect.isfunction(func):
        return (
            f"it is a {type(func).__name__}, not a function written with `def`"
        )
    return ""


# ------------------------------------------------------------ accumulators


def _names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


_MUTATORS = {"append", "extend", "insert", "add", "update", "__setitem__"}


def accumulators(func: Callable) -> dict[types.CodeType, set[str]]:
    """Names each function updates from their own value, as loops do.

    ``total += w``, ``total = total + w``, ``W[k] = w`` and
    ``history.append(w)`` make ``total``, ``W`` and ``history``
    accumulators; ``x = X[i]`` does not make ``x`` one.
    """
    found = {}
    for f in own_functions(func):
        node = function_node(f)
        if node is None:
            continue
        names = set()
        for sub in ast.walk(node):
            if isinstance(sub, ast.AugAssign):
                target = sub.target
                while isinstance(target, (ast.Subscript, ast.Attribute)):
                    target = target.value
                if isinstance(target, ast.Name):
                    names.add(target.id)
            elif isinstance(sub, ast.Assign):
                for target in sub.targets:
                    for element in (
                        target.elts
                        if isinstance(target, ast.Tuple)
                        else [target]
                    ):
                        if isinstance(element, ast.Subscript):
                            base = element.value
                            if isinstance(base, ast.Name):
                                names.add(base.id)
                        elif isinstance(element, ast.Name):
                            if element.id in _names_in(sub.value):
                                names.add(element.id)
            elif (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr in _MUTATORS
                and isinstance(sub.func.value, ast.Name)
            ):
                names.add(sub.func.value.id)
        found[f.__code__] = names
    return found


# -------------------------------------------------------------- errors


def error_location(error: BaseException, codes: set) -> str:
    """'line 3 of `f`: <code>' for the answer's line that raised ``error``."""
    where = None
    traceback = error.__traceback__
    while traceback is not None:
        if traceback.tb_frame.f_code in codes:
            where = traceback
        traceback = traceback.tb_next
    if where is None:
        return ""
    frame, number = where.tb_frame, where.tb_lineno
    line = linecache.getline(frame.f_code.co_filename, number).strip()
    # a comprehension runs as a code of its own: name its function
    while frame.f_code.co_name.startswith("<") and frame.f_code.co_name != (
        "<lambda>"
    ):
        if frame.f_back is None or frame.f_back.f_code not in codes:
            break
        frame = frame.f_back
    code = frame.f_code
    relative = number - code.co_firstlineno + 1
    name = code.co_name
    shown = f"line {relative} of `{name}`" if relative >= 1 else f"`{name}`"
    return f"{shown}: {line}" if line else shown
