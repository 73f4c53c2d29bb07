"""Self-checking exercises: the machinery every chapter's checkers use.

A checker takes the student's answer (usually a function), tries it on the
worked examples of the exercise and on fresh random cases, and returns a
:class:`CheckResult` that shows itself as a short message:

- "Not attempted yet" while the answer is still the stub: a value left at
  ``...``, or a function whose body is only ``...``, ``pass``, a docstring
  or ``raise NotImplementedError`` (recognised from its code, never from
  what it returns);
- "Correct" when every case passes;
- "Not quite" with the case that failed and, for a function, what it
  expected and what it got (in full precision when the two only look
  equal), often with a hint;
- "Your code raised ..." when the answer crashes. The checker itself never
  crashes, whatever the answer does.

What a checker enforces, for every exercise:

- arguments are passed read-only (numpy arrays with ``writeable=False``,
  other arguments compared after the call), so an answer that changes its
  arguments in place is told so;
- each case runs under a time limit, so a loop that never ends stops with
  a message instead of hanging the notebook;
- a function that prints its result and returns ``None`` is told to use
  ``return``;
- numbers are accepted only as numbers (the text ``'4810'`` is not 4810);
- stated constraints (no Python loop, no ``np.polyfit``, not the library's
  own function) are checked from the answer's code;
- a value exercise never shows the expected value: only right or wrong,
  and a hint.

Each chapter's checkers live in a submodule named for the chapter's topic,
for example ``mlcourse.exercises.linear_regression``. Call a checker as the
last line of a cell. Reference solutions are not part of this package: the
checkers recompute what they expect independently, from properties, or
compare with a digest of the answer.
"""

from __future__ import annotations

import ast
import contextlib
import dis
import hashlib
import inspect
import io
import signal
import textwrap
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = [
    "CheckResult",
    "Case",
    "Outcome",
    "check_function",
    "check_value",
    "check_answer",
    "answer_digest",
    "is_stub",
    "is_stub_function",
    "loop_in",
    "forbidden_in",
    "own_code_problem",
    "run_limited",
    "agrees",
]

CORRECT, WRONG, NOT_ATTEMPTED, ERROR = (
    "correct",
    "wrong",
    "not attempted",
    "error",
)

#: Seconds one case may take before the checker stops it.
TIME_LIMIT = 3.0

#: Constructs that count as a Python loop where an exercise forbids one.
LOOP_CALLS = ("map", "vectorize", "frompyfunc", "apply_along_axis")


@dataclass
class CheckResult:
    """The outcome of a check: a status, and the message a student reads."""

    status: str
    message: str

    @property
    def passed(self) -> bool:
        return self.status == CORRECT

    def __bool__(self) -> bool:
        return self.passed

    def __repr__(self) -> str:
        return self.message

    def _ipython_display_(self) -> None:
        print(self.message)


@dataclass
class Case:
    """One test case: the arguments, and a short description for messages.

    ``random`` marks a case drawn afresh at each check (its arguments are
    shown when it fails, so that the student can reproduce it).
    """

    args: tuple
    kwargs: dict = field(default_factory=dict)
    description: str = ""
    random: bool = False


@dataclass(eq=False)
class Outcome:
    """What the answer did on one case."""

    case: Case
    given: Any = None
    expected: Any = None
    agrees: bool = False
    reason: str = ""
    error: BaseException | None = None
    printed: str = ""


class _TimeLimitExceeded(BaseException):
    """Raised inside the answer when a case runs out of time.

    A ``BaseException``, so that an ``except Exception`` in the answer
    cannot swallow it.
    """


# ------------------------------------------------------------------ blanks


def is_stub(answer: Any) -> bool:
    """True when ``answer`` is a blank value: ``None``, ``...``, ``NotImplemented``.

    Functions are judged by ``is_stub_function``, from their code.
    """
    return answer is None or answer is Ellipsis or answer is NotImplemented


def _is_blank_statement(node: ast.stmt) -> bool:
    if isinstance(node, ast.Pass):
        return True
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
        return node.value.value is Ellipsis or isinstance(
            node.value.value, str
        )
    if isinstance(node, ast.Return):
        value = node.value
        return isinstance(value, ast.Constant) and value.value is Ellipsis
    if isinstance(node, ast.Raise) and node.exc is not None:
        exc = node.exc
        if isinstance(exc, ast.Call):
            exc = exc.func
        return isinstance(exc, ast.Name) and exc.id in (
            "NotImplementedError",
            "NotImplemented",
        )
    return False


def _function_node(func: Callable) -> ast.FunctionDef | None:
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


_IGNORED_OPS = {
    "RESUME",
    "NOP",
    "CACHE",
    "EXTENDED_ARG",
    "PRECALL",
    "PUSH_NULL",
}


def is_stub_function(func: Any) -> bool:
    """True when ``func`` is a function whose body is still a blank.

    A blank body holds only a docstring, ``...``, ``pass``, ``return ...``
    or ``raise NotImplementedError``. It is read from the source where
    Python keeps it (files and notebook cells), else from the bytecode.
    """
    code = getattr(func, "__code__", None)
    if code is None:
        return False
    node = _function_node(func)
    if node is not None and not isinstance(node, ast.Lambda):
        return all(_is_blank_statement(statement) for statement in node.body)
    ops = [
        (i.opname, i.argval)
        for i in dis.get_instructions(code)
        if i.opname not in _IGNORED_OPS
    ]
    blank_returns = (
        [("LOAD_CONST", None), ("RETURN_VALUE", None)],
        [("RETURN_CONST", None)],
        [("LOAD_CONST", Ellipsis), ("RETURN_VALUE", None)],
        [("RETURN_CONST", Ellipsis)],
    )
    if ops in blank_returns:
        return node is None or not isinstance(node, ast.Lambda)
    names = [argval for _, argval in ops]
    return (
        bool(ops)
        and ops[-1][0] == "RAISE_VARARGS"
        and "NotImplementedError" in names
        and len(ops) <= 4
    )


# ------------------------------------------------- reading the answer's code


def _code_objects(code) -> Iterable:
    yield code
    for const in code.co_consts:
        if inspect.iscode(const):
            yield from _code_objects(const)


def _own_functions(func: Callable, depth: int = 3) -> list[Callable]:
    """``func`` and the functions of the same notebook it calls, by name."""
    seen, todo, found = set(), [(func, 0)], []
    module = getattr(func, "__module__", None)
    while todo:
        f, level = todo.pop()
        code = getattr(f, "__code__", None)
        if code is None or id(f) in seen:
            continue
        seen.add(id(f))
        found.append(f)
        if level >= depth:
            continue
        names = {n for c in _code_objects(code) for n in c.co_names}
        scope = getattr(f, "__globals__", {})
        others = [scope.get(name) for name in names]
        for cell in getattr(f, "__closure__", None) or ():
            with contextlib.suppress(ValueError):
                others.append(cell.cell_contents)
        for other in others:
            if (
                inspect.isfunction(other)
                and getattr(other, "__module__", None) == module
            ):
                todo.append((other, level + 1))
    return found


def _names_used(func: Callable) -> set[str]:
    return {
        name
        for f in _own_functions(func)
        for c in _code_objects(f.__code__)
        for name in c.co_names
    }


def _objects_used(func: Callable) -> list[Any]:
    objects = []
    for f in _own_functions(func):
        scope = getattr(f, "__globals__", {})
        for c in _code_objects(f.__code__):
            objects.extend(scope[n] for n in c.co_names if n in scope)
        for cell in getattr(f, "__closure__", None) or ():
            with contextlib.suppress(ValueError):
                objects.append(cell.cell_contents)
    return objects


def loop_in(func: Callable) -> str:
    """Describe the first Python loop in ``func`` (or what it calls), or ``''``.

    ``for`` and ``while`` statements, comprehensions and calls to ``map``,
    ``np.vectorize``, ``np.frompyfunc`` or ``np.apply_along_axis`` count.
    """
    for f in _own_functions(func):
        node = _function_node(f)
        if node is not None:
            for sub in ast.walk(node):
                if isinstance(sub, (ast.For, ast.AsyncFor)):
                    return "a `for` loop"
                if isinstance(sub, ast.While):
                    return "a `while` loop"
                if isinstance(
                    sub,
                    (
                        ast.ListComp,
                        ast.SetComp,
                        ast.DictComp,
                        ast.GeneratorExp,
                    ),
                ):
                    return "a comprehension (a loop in one line)"
        else:
            for c in _code_objects(f.__code__):
                ops = {i.opname for i in dis.get_instructions(c)}
                if ops & {"FOR_ITER", "JUMP_BACKWARD", "JUMP_ABSOLUTE"}:
                    return "a loop"
    used = _names_used(func)
    for name in LOOP_CALLS:
        if name in used:
            return f"`{name}` (a loop in disguise)"
    return ""


def _resolve(path: str) -> Any:
    module_name, _, attribute = path.rpartition(".")
    try:
        module = __import__(module_name, fromlist=[attribute])
        return getattr(module, attribute)
    except Exception:
        return None


def forbidden_in(func: Callable, forbidden: Sequence[str]) -> str:
    """The first forbidden function ``func`` uses, as its dotted path, or ``''``.

    ``forbidden`` holds dotted paths such as ``"numpy.polyfit"``; a use is
    found by name (``np.polyfit``, ``polyfit``) and by identity (an alias,
    or ``module.function`` where the function has the answer's own name).
    """
    used = _names_used(func)
    objects = _objects_used(func)
    own_name = getattr(func, "__name__", None)
    for path in forbidden:
        short = path.rpartition(".")[2]
        target = _resolve(path)
        if target is not None:
            if func is target or any(o is target for o in objects):
                return path
            if short in used and any(
                inspect.ismodule(o) and getattr(o, short, None) is target
                for o in objects
            ):
                return path
        if short in used and short != own_name:
            bound = [
                getattr(f, "__globals__", {}).get(short)
                for f in _own_functions(func)
            ]
            if not any(
                inspect.isfunction(b) and b.__module__ == func.__module__
                for b in bound
            ):
                return path
    return ""


def own_code_problem(func: Any) -> str:
    """Why ``func`` is not the student's own code, or ``''`` when it is.

    The answer must be a Python function written in the notebook, not a
    function imported from a library.
    """
    module = getattr(func, "__module__", "") or ""
    if module.split(".")[0] in ("mlcourse", "numpy", "sklearn", "scipy"):
        name = getattr(func, "__name__", type(func).__name__)
        return f"it is `{module}.{name}`, a library function"
    if not inspect.isfunction(func):
        return (
            f"it is a {type(func).__name__}, not a function written with `def`"
        )
    return ""


# ---------------------------------------------------------------- numbers


def _text_in(value: Any) -> str | None:
    """The first piece of text inside ``value``, if any."""
    if isinstance(value, (str, bytes)):
        return repr(value)
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "USO":
            for item in value.ravel():
                found = _text_in(item)
                if found:
                    return found
            if value.dtype.kind in "US":
                return repr(value.ravel()[0]) if value.size else "''"
        return None
    if isinstance(value, (list, tuple)):
        for item in value:
            found = _text_in(item)
            if found:
                return found
    return None


def _number_problem(value: Any) -> str:
    """Why ``value`` is not a number or an array of numbers ('' if it is)."""
    text = _text_in(value)
    if text is not None:
        return (
            f"it contains the text {text}: give a number, not a string "
            "(no quotes)"
        )
    if isinstance(value, (bool, np.bool_)):
        return "it is True or False, not a number"
    if isinstance(value, (dict, set)) or callable(value):
        return f"it is a {type(value).__name__}, not a number"
    try:
        array = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        return f"it is a {type(value).__name__}, not a number or an array"
    if np.asarray(value).dtype.kind == "b":
        return "it holds True/False values, not numbers"
    if array.dtype != float:
        return "it is not made of numbers"
    return ""


def _format(value: Any, digits: int = 6) -> str:
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        precision = digits - 2 if digits <= 8 else digits
        return np.array2string(
            np.asarray(value, dtype=float),
            precision=precision,
            separator=", ",
            floatmode="maxprec" if digits <= 8 else "unique",
            threshold=40,
        )
    if isinstance(value, (float, np.floating)):
        return (
            f"{float(value):.{digits}g}" if digits <= 8 else repr(float(value))
        )
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return str(int(value))
    if isinstance(value, (tuple, list)):
        opening, closing = ("(", ")") if isinstance(value, tuple) else "[]"
        return opening + ", ".join(_format(v, digits) for v in value) + closing
    return repr(value)


def _pair(expected: Any, given: Any) -> str:
    """'expected E, got G', in full precision when they look alike."""
    shown_e, shown_g = _format(expected), _format(given)
    if shown_e == shown_g:
        shown_e, shown_g = _format(expected, 17), _format(given, 17)
        try:
            difference = float(
                np.max(
                    np.abs(
                        np.asarray(given, dtype=float)
                        - np.asarray(expected, dtype=float)
                    )
                )
            )
            return (
                f"expected {shown_e}, got {shown_g} (they differ by "
                f"{difference:.2g}, more than rounding)"
            )
        except (TypeError, ValueError):
            pass
    return f"expected {shown_e}, got {shown_g}"


def _close(
    given: Any, expected: Any, rtol: float, atol: float
) -> tuple[bool, str]:
    """Compare numbers, arrays or tuples of them: (agrees, reason if not)."""
    if isinstance(expected, tuple):
        if not isinstance(given, (tuple, list)) or len(given) != len(expected):
            return (
                False,
                f"expected a tuple of {len(expected)} values, got "
                f"{_describe_value(given)}",
            )
        for position, (g, e) in enumerate(zip(given, expected)):
            agrees, reason = _close(g, e, rtol, atol)
            if not agrees:
                return False, f"entry {position} of the result: {reason}"
        return True, ""
    if isinstance(expected, (bool, np.bool_, str)):
        try:
            agrees = type(given) is type(expected) and bool(given == expected)
        except (TypeError, ValueError):
            agrees = False
        return agrees, _pair(expected, given)
    problem = _number_problem(given)
    if problem:
        return (
            False,
            f"expected a number or an array of numbers, but {problem}",
        )
    given_array = np.asarray(given, dtype=float)
    expected_array = np.asarray(expected, dtype=float)
    if given_array.shape != expected_array.shape:
        return (
            False,
            f"expected shape {expected_array.shape}, got shape "
            f"{given_array.shape}",
        )
    if not np.allclose(
        given_array, expected_array, rtol=rtol, atol=atol, equal_nan=False
    ):
        return False, _pair(expected, given)
    return True, ""


def _describe_value(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape}"
    if isinstance(value, (tuple, list)):
        return f"a {type(value).__name__} of {len(value)} values"
    return f"a {type(value).__name__}"


# ----------------------------------------------------------------- values


def _not_attempted_value(name: str) -> CheckResult:
    return CheckResult(
        NOT_ATTEMPTED,
        f"Not attempted yet: set `{name}` in the cell above, then run this "
        "cell again.",
    )


def check_value(
    value: Any,
    expected: Any,
    *,
    name: str,
    rtol: float = 1e-7,
    atol: float = 1e-9,
    hint: str = "",
) -> CheckResult:
    """Check a value the student computed (a number, an array, a tuple).

    The message says right or wrong, never the expected value.
    """
    if is_stub(value):
        return _not_attempted_value(name)
    if isinstance(expected, (str, bool, np.bool_)):
        agrees = type(value) is type(expected) and value == expected
    else:
        problem = _number_problem(value)
        if problem:
            return CheckResult(
                WRONG,
                f"Not quite: `{name}` should be a number, but {problem}.",
            )
        given = np.asarray(value, dtype=float)
        target = np.asarray(expected, dtype=float)
        if given.shape != target.shape:
            return CheckResult(
                WRONG,
                f"Not quite: `{name}` should have shape {target.shape} "
                f"({target.size} number{'s' if target.size != 1 else ''}), "
                f"but it has shape {given.shape}.",
            )
        agrees = bool(np.allclose(given, target, rtol=rtol, atol=atol))
    if agrees:
        return CheckResult(CORRECT, f"Correct: `{name}` is right.")
    message = f"Not quite: `{name}` is not right."
    if hint:
        message += f"\nHint: {hint}"
    return CheckResult(WRONG, message)


def answer_digest(value: Any, decimals: int = 6) -> str:
    """A digest of a numeric answer rounded to ``decimals`` places.

    Checkers of value exercises compare digests, so that the answer itself
    is written nowhere in the library.
    """
    array = np.round(np.asarray(value, dtype=float), decimals) + 0.0
    text = f"{array.shape}:" + ",".join(
        f"{v:.{decimals}f}" for v in array.ravel()
    )
    return hashlib.sha256(text.encode()).hexdigest()


def check_answer(
    value: Any,
    digest: str,
    *,
    name: str,
    shape: tuple = (),
    decimals: int = 6,
    hint: str = "",
    integer: bool = False,
) -> CheckResult:
    """Check a value exercise against the digest of its answer.

    ``shape`` is the answer's shape (``()`` for one number); ``integer``
    asks for a whole number.
    """
    if is_stub(value):
        return _not_attempted_value(name)
    problem = _number_problem(value)
    if problem:
        return CheckResult(
            WRONG, f"Not quite: `{name}` should be a number, but {problem}."
        )
    given = np.asarray(value, dtype=float)
    if given.shape != tuple(shape):
        size = int(np.prod(shape)) if shape else 1
        what = "one number" if not shape else f"{size} numbers"
        return CheckResult(
            WRONG,
            f"Not quite: `{name}` should be {what} (shape {tuple(shape)}), "
            f"but it has shape {given.shape}.",
        )
    if not np.all(np.isfinite(given)):
        return CheckResult(WRONG, f"Not quite: `{name}` contains inf or NaN.")
    if integer and not np.all(given == np.round(given)):
        return CheckResult(
            WRONG, f"Not quite: `{name}` should be a whole number."
        )
    if answer_digest(given, decimals) == digest:
        return CheckResult(CORRECT, f"Correct: `{name}` is right.")
    message = f"Not quite: `{name}` is not right."
    if hint:
        message += f"\nHint: {hint}"
    return CheckResult(WRONG, message)


# -------------------------------------------------------------- functions


def _not_attempted_function(name: str) -> CheckResult:
    return CheckResult(
        NOT_ATTEMPTED,
        f"Not attempted yet: write `{name}` in the cell above, then run this "
        "cell again.",
    )


def _frozen(value: Any) -> Any:
    """A read-only copy of an array argument; a deep copy of anything else."""
    if isinstance(value, np.ndarray):
        copy = np.array(value, copy=True)
        copy.setflags(write=False)
        return copy
    if isinstance(value, (list, dict, set)):
        import copy as copy_module

        return copy_module.deepcopy(value)
    return value


def _same(a: Any, b: Any) -> bool:
    try:
        if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
            return np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True)
        return bool(a == b)
    except Exception:
        return False


def _run_limited(call: Callable[[], Any], seconds: float) -> Any:
    """Run ``call()``; raise :class:`_TimeLimitExceeded` after ``seconds``."""
    use_alarm = (
        hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if use_alarm:

        def alarm(signum, frame):
            raise _TimeLimitExceeded

        try:
            previous = signal.signal(signal.SIGALRM, alarm)
        except ValueError:  # not allowed here after all
            use_alarm = False
    if use_alarm:
        signal.setitimer(signal.ITIMER_REAL, seconds)
        try:
            return call()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    box: dict[str, Any] = {}

    def target():
        try:
            box["value"] = call()
        except BaseException as error:  # handed back to the caller
            box["error"] = error

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        _stop_thread(worker)
        raise _TimeLimitExceeded
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _stop_thread(worker: threading.Thread, attempts: int = 50) -> None:
    """Stop a runaway answer running in ``worker``.

    A thread cannot be killed, and one left spinning would hold the GIL and
    slow the student's kernel for the rest of the session. CPython can raise
    an exception in another thread at its next bytecode, which ends any loop
    written in Python; the exception is raised again until the thread is
    gone (a single long call into compiled code finishes first).
    """
    import ctypes

    raise_in = ctypes.pythonapi.PyThreadState_SetAsyncExc
    for _ in range(attempts):
        raise_in(
            ctypes.c_ulong(worker.ident), ctypes.py_object(_TimeLimitExceeded)
        )
        worker.join(0.1)
        if not worker.is_alive():
            return


def _show_args(case: Case, names: Sequence[str]) -> str:
    parts = []
    for position, arg in enumerate(case.args):
        label = names[position] if position < len(names) else f"arg{position}"
        if isinstance(arg, np.ndarray) and arg.size > 24:
            parts.append(f"{label}: an array of shape {arg.shape}")
        else:
            parts.append(f"{label} = {_format(arg, 17)}")
    return "\n  ".join(parts)


def _case_label(number: int, total: int, case: Case) -> str:
    label = f"case {number} of {total}"
    if case.description:
        label += f" ({case.description})"
    return label


def _call_hint(diagnose: Callable, outcome: Outcome, outcomes) -> bool:
    with np.errstate(all="ignore"):
        return _call_hint_quietly(diagnose, outcome, outcomes)


def _call_hint_quietly(diagnose: Callable, outcome: Outcome, outcomes) -> bool:
    try:
        parameters = inspect.signature(diagnose).parameters
        if len(parameters) >= 4:
            return bool(
                diagnose(
                    outcome.given, outcome.expected, outcome.case, outcomes
                )
            )
        return bool(diagnose(outcome.given, outcome.expected, outcome.case))
    except Exception:
        return False


def check_function(
    candidate: Any,
    expected: Callable,
    cases: Iterable[Case],
    *,
    name: str,
    rtol: float = 1e-7,
    atol: float = 1e-9,
    hints: Sequence[tuple[Callable[..., bool], str]] = (),
    compare: Callable[[Any, Any], tuple[bool, str]] | None = None,
    no_loops: bool = False,
    forbidden: Sequence[str] = (),
    forbidden_reason: str = "",
    errstate: dict | None = None,
    error_hints: Sequence[tuple[type, str]] = (),
    time_limit: float | None = None,
    argument_names: Sequence[str] = (),
    none_hint: str = "",
) -> CheckResult:
    """Run ``candidate`` on ``cases``, compare with ``expected``, explain a miss.

    ``expected(*args)`` computes what each case should give (independently
    of any reference solution). ``hints`` pairs a test
    ``diagnose(given, expected, case[, outcomes])`` with the hint shown when
    it holds on the first failing case (``outcomes`` holds every case's
    ``Outcome``, for hints that look at the whole run).
    ``compare(given, expected)`` replaces the numeric comparison.
    ``no_loops`` and ``forbidden`` state constraints of the exercise;
    ``errstate`` runs the cases under ``np.errstate(**errstate)`` (for
    example ``{"over": "raise"}`` makes an overflow an error);
    ``error_hints`` pairs an exception type with a hint for it.
    """
    if is_stub(candidate) or is_stub_function(candidate):
        return _not_attempted_function(name)
    if not callable(candidate):
        return CheckResult(
            WRONG,
            f"Not quite: `{name}` should be a function, but it is a "
            f"{type(candidate).__name__}.",
        )
    try:
        if not argument_names:
            argument_names = list(inspect.signature(candidate).parameters)
    except (TypeError, ValueError):
        argument_names = ()
    if forbidden:
        used = forbidden_in(candidate, forbidden)
        if used:
            return CheckResult(
                WRONG,
                f"Not quite: `{name}` uses `{used}`, which this exercise "
                f"asks you not to use. {forbidden_reason}".rstrip(),
            )
    if inspect.isfunction(candidate) or forbidden or no_loops:
        problem = own_code_problem(candidate)
        if problem:
            return CheckResult(
                WRONG,
                f"Not quite: `{name}` should be your own function, but "
                f"{problem}.",
            )
    if no_loops:
        loop = loop_in(candidate)
        if loop:
            return CheckResult(
                WRONG,
                f"Not quite: `{name}` uses {loop}, and this exercise asks for "
                "no Python loop: express the computation with numpy "
                "operations on whole arrays (`@`, sums, broadcasting).",
            )
    if time_limit is None:
        time_limit = TIME_LIMIT
    cases = list(cases)
    total = len(cases)
    outcomes: list[Outcome] = []
    comparison = compare or (lambda g, e: _close(g, e, rtol, atol))
    for number, case in enumerate(cases, start=1):
        where = _case_label(number, total, case)
        shown = (
            f"\nThe arguments were:\n  {_show_args(case, argument_names)}"
            if case.random
            else ""
        )
        target = expected(*case.args, **case.kwargs)
        frozen = tuple(_frozen(a) for a in case.args)
        buffer = io.StringIO()

        def call(frozen=frozen, case=case, buffer=buffer):
            with contextlib.redirect_stdout(buffer):
                if errstate:
                    with np.errstate(**errstate):
                        return candidate(*frozen, **case.kwargs)
                return candidate(*frozen, **case.kwargs)

        try:
            given = _run_limited(call, time_limit)
        except _TimeLimitExceeded:
            return CheckResult(
                ERROR,
                f"Your `{name}` took longer than {time_limit:g} seconds on "
                f"{where}, and was stopped. Look for a loop that never ends "
                "(a `while` whose condition never becomes false, or an index "
                f"that is never increased).{shown}",
            )
        except KeyboardInterrupt:
            raise
        except Exception as error:  # the student's code may fail in any way
            text = str(error)
            if isinstance(error, ValueError) and "read-only" in text:
                return CheckResult(
                    WRONG,
                    f"Not quite: your `{name}` tries to change one of its "
                    f"arguments in place on {where} ({text}). Leave the "
                    "arguments as they are and build new arrays: for example "
                    "`w = w + step` instead of `w += step`, or work on "
                    "`x.copy()`.",
                )
            message = (
                f"Your `{name}` raised {type(error).__name__}: {text}\n"
                f"on {where}.{shown}"
            )
            if isinstance(error, NotImplementedError):
                message += (
                    "\nHint: remove the `raise NotImplementedError` once your "
                    "code is complete."
                )
            for error_type, hint in error_hints:
                if isinstance(error, error_type):
                    message += f"\nHint: {hint}"
                    break
            return CheckResult(ERROR, message)
        printed = buffer.getvalue()
        changed = [
            argument_names[i] if i < len(argument_names) else f"#{i + 1}"
            for i, (before, after) in enumerate(zip(case.args, frozen))
            if not _same(before, after)
        ]
        if changed:
            return CheckResult(
                WRONG,
                f"Not quite: your `{name}` changed its argument "
                f"`{changed[0]}` in place on {where}. A function should leave "
                "its arguments as they were: build and return new values.",
            )
        if given is None:
            if printed.strip():
                lines = printed.strip().splitlines()
                excerpt = "\n  ".join(lines[:3])
                return CheckResult(
                    WRONG,
                    f"Not quite: your `{name}` printed\n  {excerpt}\n"
                    "but returned None. Use `return` instead of `print` to "
                    "give the result back to the caller.",
                )
            if outcomes:
                message = (
                    f"Not quite: your `{name}` returned None on {where}, "
                    "though it returned a value on the cases before: some "
                    "path through your function ends without a `return`."
                )
            else:
                message = (
                    f"Not quite: your `{name}` returned None on {where}. Did "
                    "you forget the `return` statement?"
                )
            if none_hint:
                message += f"\nHint: {none_hint}"
            return CheckResult(WRONG, message)
        agrees, reason = comparison(given, target)
        outcomes.append(
            Outcome(case, given, target, bool(agrees), reason, None, printed)
        )
    failed = [o for o in outcomes if not o.agrees]
    if not failed:
        fixed = sum(1 for c in cases if not c.random)
        fresh = total - fixed
        detail = f"{fixed} worked example{'s' if fixed != 1 else ''}"
        if fresh:
            detail += (
                f" and {fresh} fresh random case{'s' if fresh != 1 else ''}"
            )
        return CheckResult(
            CORRECT, f"Correct: `{name}` passed all {total} cases ({detail})."
        )
    first = failed[0]
    number = next(i for i, o in enumerate(outcomes, 1) if o is first)
    message = (
        f"Not quite: on {_case_label(number, total, first.case)}, "
        f"{first.reason}."
    )
    if first.case.random:
        message += f"\nThe arguments were:\n  {_show_args(first.case, argument_names)}"
    for diagnose, hint in hints:
        if _call_hint(diagnose, first, outcomes):
            message += f"\nHint: {hint}"
            break
    return CheckResult(WRONG, message)


def fresh_rng() -> np.random.Generator:
    """A generator seeded from the operating system: new cases every check."""
    return np.random.default_rng()


def isclose(a: Any, b: Any, rtol: float = 1e-7, atol: float = 1e-9) -> bool:
    """``np.allclose`` that answers False instead of raising."""
    try:
        a = np.asarray(a, dtype=float)
        b = np.asarray(b, dtype=float)
        return a.shape == b.shape and bool(
            np.allclose(a, b, rtol=rtol, atol=atol)
        )
    except (TypeError, ValueError):
        return False


def run_limited(func: Callable, *args: Any, seconds: float | None = None):
    """Call ``func(*args)`` with read-only copies of array arguments.

    Raises ``TimeoutError`` after ``seconds`` (default :data:`TIME_LIMIT`).
    Graders' hidden tests call the student's function through it, so that
    a loop that never ends fails one test instead of stopping the grading.
    """
    frozen = tuple(_frozen(a) for a in args)
    try:
        return _run_limited(
            lambda: func(*frozen), TIME_LIMIT if seconds is None else seconds
        )
    except _TimeLimitExceeded:
        raise TimeoutError(
            f"{getattr(func, '__name__', 'the answer')} took too long"
        ) from None


def agrees(
    given: Any, expected: Any, rtol: float = 1e-7, atol: float = 1e-9
) -> bool:
    """True when ``given`` matches ``expected`` (numbers, arrays, tuples)."""
    return _close(given, expected, rtol, atol)[0]
