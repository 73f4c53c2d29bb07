"""Self-checking exercises: the machinery every chapter's checkers are built on.

A checker takes the student's answer (usually a function), tries it on a few cases against a
reference, and returns a :class:`CheckResult` that shows itself as a short message:

- "Not attempted yet" when the answer is still the stub (``...``, ``pass``,
  ``raise NotImplementedError``, or ``None``);
- "Correct" when every case agrees with the reference;
- "Not quite" with the case that failed, what was expected, what was given and a hint;
- "Your code raised ..." when the answer crashes: the checker itself never crashes.

Each chapter's checkers live in a submodule named for the chapter's topic, for example
``mlcourse.exercises.linear_regression``. Call a checker as the last line of a cell.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

import numpy as np

__all__ = ["CheckResult", "Case", "check_function", "check_value", "is_stub"]

CORRECT, WRONG, NOT_ATTEMPTED, ERROR = "correct", "wrong", "not attempted", "error"


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
    """One test case: the arguments to call with, and a short description for messages."""

    args: tuple
    kwargs: dict = field(default_factory=dict)
    description: str = ""


def _stub_result(name: str) -> CheckResult:
    return CheckResult(NOT_ATTEMPTED, f"Not attempted yet: write `{name}` in the cell above, then run this cell again.")


def is_stub(answer: Any) -> bool:
    """True when ``answer`` is a blank: ``None``, ``...`` or ``NotImplemented``."""
    return answer is None or answer is Ellipsis or answer is NotImplemented


def _format(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=4, suppress_small=True, separator=", ")
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.6g}"
    if isinstance(value, tuple):
        return "(" + ", ".join(_format(v) for v in value) + ")"
    return repr(value)


def _close(given: Any, expected: Any, rtol: float, atol: float) -> tuple[bool, str]:
    """Compare numbers, arrays or tuples of them; return (agrees, reason if not)."""
    if isinstance(expected, tuple):
        if not isinstance(given, (tuple, list)) or len(given) != len(expected):
            return False, f"expected a tuple of {len(expected)} values, got {_format(given)}"
        for position, (g, e) in enumerate(zip(given, expected)):
            agrees, reason = _close(g, e, rtol, atol)
            if not agrees:
                return False, f"entry {position} of the result: {reason}"
        return True, ""
    if isinstance(expected, (bool, np.bool_, str)):
        try:
            agrees = bool(given == expected)
        except (TypeError, ValueError):  # e.g. an array given where one flag was expected
            agrees = False
        return agrees, f"expected {_format(expected)}, got {_format(given)}"
    try:
        given_array = np.asarray(given, dtype=float)
    except (TypeError, ValueError):
        return False, f"expected a number or an array of numbers, got {type(given).__name__}: {given!r}"
    expected_array = np.asarray(expected, dtype=float)
    if given_array.shape != expected_array.shape:
        return False, f"expected shape {expected_array.shape}, got shape {given_array.shape}"
    if not np.allclose(given_array, expected_array, rtol=rtol, atol=atol, equal_nan=False):
        return False, f"expected {_format(expected)}, got {_format(given)}"
    return True, ""


def check_value(value: Any, expected: Any, *, name: str, rtol: float = 1e-7, atol: float = 1e-9,
                hint: str = "") -> CheckResult:
    """Check a value the student computed (a number, an array or a tuple of them)."""
    if is_stub(value):
        return CheckResult(NOT_ATTEMPTED, f"Not attempted yet: set `{name}` in the cell above, then run this cell again.")
    agrees, reason = _close(value, expected, rtol, atol)
    if agrees:
        return CheckResult(CORRECT, f"Correct: `{name}` = {_format(value)}.")
    message = f"Not quite: `{name}`: {reason}."
    if hint:
        message += f"\nHint: {hint}"
    return CheckResult(WRONG, message)


def check_function(
    candidate: Any,
    reference: Callable,
    cases: Iterable[Case],
    *,
    name: str,
    rtol: float = 1e-7,
    atol: float = 1e-9,
    hints: Sequence[tuple[Callable[..., bool], str]] = (),
    compare: Callable[[Any, Any], tuple[bool, str]] | None = None,
) -> CheckResult:
    """Call ``candidate`` on each case, compare with ``reference``, and explain the first miss.

    ``hints`` pairs a test ``diagnose(given, expected, case) -> bool`` with the hint to show
    when it holds, so that a checker can recognize typical mistakes (a wrong sign, a missing
    bias, an off-by-one). ``compare(given, expected)`` replaces the default numeric comparison.
    """
    if is_stub(candidate):
        return _stub_result(name)
    if not callable(candidate):
        return CheckResult(WRONG, f"Not quite: `{name}` should be a function, but it is a {type(candidate).__name__}.")
    cases = list(cases)
    for number, case in enumerate(cases, start=1):
        expected = reference(*_copy(case.args), **case.kwargs)
        try:
            given = candidate(*_copy(case.args), **case.kwargs)
        except NotImplementedError:
            return _stub_result(name)
        except Exception as error:  # the student's code may fail in any way
            return CheckResult(
                ERROR,
                f"Your `{name}` raised {type(error).__name__}: {error}\n"
                f"on case {number} of {len(cases)}{_describe(case)}.",
            )
        if is_stub(given):
            return _stub_result(name)
        agrees, reason = (compare or (lambda g, e: _close(g, e, rtol, atol)))(given, expected)
        if not agrees:
            message = f"Not quite: on case {number} of {len(cases)}{_describe(case)}, {reason}."
            for diagnose, hint in hints:
                try:
                    if diagnose(given, expected, case):
                        message += f"\nHint: {hint}"
                        break
                except Exception:
                    continue
            return CheckResult(WRONG, message)
    return CheckResult(CORRECT, f"Correct: `{name}` agrees with the reference on all {len(cases)} cases.")


def _describe(case: Case) -> str:
    return f" ({case.description})" if case.description else ""


def _copy(args: tuple) -> tuple:
    """Fresh copies of array arguments, so a student's in-place change cannot leak."""
    return tuple(np.array(a, copy=True) if isinstance(a, np.ndarray) else a for a in args)
