"""The two checks every exercise is built on: a function, and a value.

:func:`check_function` reads the answer's code (is it still the stub,
which library calls does it make, which of the notebook's values does it
take without defining them), runs it on the exercise's worked examples and
seeded random cases in a separate process under a time limit, compares
each result with what the case should give, and explains the first
difference. :func:`check_value` checks a number or an array the student
computed, and never shows the expected value.

:func:`checking` sets how checks run: the seed of the random cases (each
check has its own fixed seed, so that a notebook prints the same text at
every run), the hidden mode of graded tests (more random cases, and
messages that do not show them), and the time limit.
"""

from __future__ import annotations

import contextlib
import contextvars
import inspect
import os
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from . import _answer_code, _running, _values
from ._answer_code import Calls
from ._result import (
    CORRECT,
    ERROR,
    NOT_ATTEMPTED,
    WRONG,
    Case,
    CheckResult,
    Outcome,
)

#: Seconds one case may take before the check stops it (the environment
#: variable MLCOURSE_TIME_LIMIT sets another, for a slow grading server).
TIME_LIMIT = float(os.environ.get("MLCOURSE_TIME_LIMIT", "3"))

#: How many rounds of random cases a hidden (graded) check draws.
HIDDEN_ROUNDS = 3


@dataclass(frozen=True)
class Options:
    """How checks run (see :func:`checking`)."""

    seed: int | None = None
    hidden: bool = False
    time_limit: float = TIME_LIMIT
    isolate: bool | None = None


_OPTIONS: contextvars.ContextVar[Options] = contextvars.ContextVar(
    "mlcourse_exercise_options",
    default=Options(),  # noqa: B039 (frozen)
)


@contextlib.contextmanager
def checking(**changes: Any) -> Iterator[Options]:
    """Run the checks inside the ``with`` block with other options.

    ``seed`` (an int) replaces every check's own seed; ``hidden=True``
    draws more random cases and keeps their arguments out of messages;
    ``time_limit`` is in seconds per case; ``isolate=False`` runs the
    answer in a thread instead of a separate process.
    """
    token = _OPTIONS.set(replace(_OPTIONS.get(), **changes))
    try:
        yield _OPTIONS.get()
    finally:
        _OPTIONS.reset(token)


def options() -> Options:
    return _OPTIONS.get()


def seed_for(name: str) -> int:
    """The seed of a check's random cases: the chosen one, or its own."""
    chosen = options().seed
    return chosen if chosen is not None else zlib.crc32(name.encode())


def build_cases(
    cases: Callable[[np.random.Generator], list[Case]] | Sequence[Case],
    name: str,
) -> list[Case]:
    """The worked examples, then the random cases of this run."""
    if not callable(cases):
        return list(cases)
    rng = np.random.default_rng(seed_for(name))
    built = list(cases(rng))
    if options().hidden:
        for _ in range(HIDDEN_ROUNDS - 1):
            built += [c for c in cases(rng) if c.random]
    worked = [c for c in built if not c.random]
    return worked + [c for c in built if c.random]


# ----------------------------------------------------------- messages


def not_attempted(name: str, value: bool = False) -> CheckResult:
    verb = "Set" if value else "Write"
    return CheckResult(  # one clause a line: 48 characters fit a phone
        NOT_ATTEMPTED,
        f"Not attempted yet.\n{verb} `{name}` in the cell above,\n"
        "then run this cell again.",
    )


def _label(number: int, total: int, case: Case) -> str:
    hidden = options().hidden
    label = f"hidden case {number}" if hidden else f"case {number} of {total}"
    if case.description:
        label += f" ({case.description})"
    return label


def _arguments(case: Case, names: Sequence[str]) -> str:
    if not case.random or options().hidden:
        return ""
    parts = []
    for position, arg in enumerate(case.args):
        label = names[position] if position < len(names) else f"arg{position}"
        if isinstance(arg, np.ndarray) and arg.size > 24:
            parts.append(f"{label}: an array of shape {arg.shape}")
        else:
            parts.append(f"{label} = {_values.format_value(arg, 17)}")
    return "\nThe arguments were:\n  " + "\n  ".join(parts)


def _static_problem(candidate: Any, name: str, calls: Calls) -> str:
    """Why the answer's code is not acceptable before running it, or ''."""
    problem = _answer_code.own_code_problem(candidate)
    if problem:
        return f"`{name}` should be your own function, but {problem}."
    problem = _answer_code.library_problem(candidate, calls, name)
    if problem:
        return problem
    missing = _answer_code.undefined_data(candidate)
    if missing:
        use = missing[0]
        return (
            f"your `{use.function}` uses `{use.written}`, which it does not "
            "define: it would take whatever the notebook holds under that "
            f"name (now {_answer_code.describe_value(use.value)}), not a "
            "value computed from its arguments. Compute it inside the "
            "function, or pass it as an argument."
        )
    return ""


def _run_problem(
    run: _running.Run,
    name: str,
    where: str,
    shown: str,
    time_limit: float,
    error_hints: Sequence[tuple[Any, str]],
    none_hint: str,
    earlier: bool,
) -> CheckResult | None:
    """The message for a run that gave no comparable result, or None."""
    if run.stopped == "time":
        return CheckResult(
            ERROR,
            f"Your `{name}` took longer than {time_limit:g} "
            f"second{'' if time_limit == 1 else 's'} on "
            f"{where}, and was stopped. Look for a loop that never ends (a "
            "`while` whose condition never becomes false, an index that is "
            "never increased, or an `except:` that catches the stop and "
            f"carries on).{shown}",
        )
    if run.stopped == "exit":
        return CheckResult(
            ERROR,
            f"Your `{name}` called `exit` on {where}: return a value instead.",
        )
    if run.stopped == "ended":
        return CheckResult(
            ERROR,
            f"Your `{name}` ended the Python process on {where} (it ran "
            f"out of memory, or called `os._exit`).{shown}",
        )
    if run.stopped == "result":
        return CheckResult(
            WRONG,
            f"Not quite: your `{name}` returned a kind of object the "
            f"checker cannot read on {where}: return numbers or arrays.",
        )
    at = f"\nThe error is at {run.where}" if run.where else ""
    if run.read_only:
        return CheckResult(
            WRONG,
            f"Not quite: your `{name}` tries to change one of its "
            f"arguments in place on {where}.{at}\nLeave the arguments as "
            "they are and build new arrays: for example `w = w + step` "
            "instead of `w += step`, or work on `x.copy()`.",
        )
    if run.error:
        message = f"Your `{name}` raised {run.error}\non {where}.{at}{shown}"
        kind = run.error_type
        if kind is NotImplementedError:
            message += (
                "\nHint: remove the `raise NotImplementedError` once your "
                "code is complete."
            )
        elif kind is NameError:
            message += (
                "\nHint: a name your function uses is not defined: define "
                "it inside the function, or check its spelling."
            )
        for error_type, hint in error_hints:
            if kind is not None and issubclass(kind, error_type):
                message += f"\nHint: {hint}"
                break
        return CheckResult(ERROR, message)
    if run.changed:
        return CheckResult(
            WRONG,
            f"Not quite: your `{name}` changed its argument "
            f"`{run.changed[0]}` in place on {where}. A function should "
            "leave its arguments as they were: build and return new values.",
        )
    if run.given is None:
        if run.printed.strip():
            excerpt = "\n  ".join(run.printed.strip().splitlines()[:3])
            return CheckResult(
                WRONG,
                f"Not quite: your `{name}` printed\n  {excerpt}\nbut "
                "returned None. Use `return` instead of `print` to give the "
                "result back to the caller.",
            )
        message = (
            f"Not quite: your `{name}` returned None on {where}, though it "
            "returned a value on the cases before: some path through your "
            "function ends without a `return`."
            if earlier
            else f"Not quite: your `{name}` returned None on {where}. Did "
            "you forget the `return` statement?"
        )
        if none_hint:
            message += f"\nHint: {none_hint}"
        return CheckResult(WRONG, message)
    return None


def _hint_holds(diagnose: Callable, outcome: Outcome, outcomes) -> bool:
    try:
        with np.errstate(all="ignore"):
            if len(inspect.signature(diagnose).parameters) >= 4:
                return bool(
                    diagnose(
                        outcome.given, outcome.expected, outcome.case, outcomes
                    )
                )
            return bool(
                diagnose(outcome.given, outcome.expected, outcome.case)
            )
    except Exception:
        return False


# -------------------------------------------------------------- checks


@dataclass
class _FunctionCheck:
    """One run of :func:`check_function` (its arguments, documented there)."""

    name: str
    expected: Callable
    rtol: float = 1e-7
    atol: float = 1e-9
    compare: Callable[[Any, Any], Any] | None = None
    labels: tuple[str, ...] = ()
    hints: Sequence[tuple] = ()
    error_hints: Sequence[tuple[Any, str]] = ()
    calls: Calls | None = None
    errstate: dict | None = None
    argument_names: Sequence[str] = ()
    none_hint: str = ""
    judge: Callable[[Outcome], str] | None = None

    def run(self, candidate: Any, cases) -> CheckResult:
        name = self.name
        if _answer_code.is_stub(candidate) or (
            _answer_code.is_stub_function(candidate)
        ):
            return not_attempted(name)
        if not callable(candidate):
            return CheckResult(
                WRONG,
                f"Not quite: `{name}` should be a function, but it is a "
                f"{type(candidate).__name__}.",
            )
        problem = _static_problem(candidate, name, self.calls or Calls())
        if problem:
            return CheckResult(WRONG, f"Not quite: {problem}")
        if not self.argument_names:
            with contextlib.suppress(TypeError, ValueError):
                self.argument_names = list(
                    inspect.signature(candidate).parameters
                )
        built = build_cases(cases, name)
        settings = options()
        runs = _running.run_cases(
            candidate,
            built,
            seconds=settings.time_limit,
            errstate=self.errstate,
            names=self.argument_names,
            isolate=settings.isolate,
        )
        outcomes: list[Outcome] = []
        with contextlib.closing(runs):
            for number, (case, run) in enumerate(zip(built, runs), start=1):
                where = _label(number, len(built), case)
                failure = self._failure(run, case, where, bool(outcomes))
                if failure is not None:
                    failure.outcomes, failure.case = outcomes, case
                    return failure
                outcome = self._outcome(case, run)
                outcomes.append(outcome)
                if not outcome.agrees:
                    return self._explain(outcome, number, len(built), outcomes)
                verdict = (
                    self.judge(outcome) if self.judge and case.watch else ""
                )
                if verdict:
                    return CheckResult(
                        WRONG,
                        f"Not quite: on {where}, {verdict}",
                        outcomes,
                        case,
                    )
        return _correct(name, built, outcomes)

    def _failure(self, run, case, where, earlier) -> CheckResult | None:
        return _run_problem(
            run,
            self.name,
            where,
            _arguments(case, self.argument_names),
            options().time_limit,
            self.error_hints,
            self.none_hint,
            earlier,
        )

    def _outcome(self, case: Case, run: _running.Run) -> Outcome:
        target = self.expected(*case.args, **case.kwargs)
        if self.compare is not None:
            result = self.compare(run.given, target)
            if not isinstance(result, _values.Comparison):
                result = _values.Comparison(*result, kind="value")
        else:
            result = _values.compare(
                run.given, target, self.rtol, self.atol, self.labels
            )
        return Outcome(
            case,
            run.given,
            target,
            result.agrees,
            result.reason,
            result.kind,
            run.printed,
            run.measured,
        )

    def _explain(self, first, number, total, outcomes) -> CheckResult:
        message = (
            f"Not quite: on {_label(number, total, first.case)}, "
            f"{first.reason}." + _arguments(first.case, self.argument_names)
        )
        for entry in self.hints:
            diagnose, hint = entry[0], entry[1]
            applies_to = entry[2] if len(entry) > 2 else "value"
            if first.kind == applies_to and _hint_holds(
                diagnose, first, outcomes
            ):
                message += f"\nHint: {hint}"
                break
        return CheckResult(WRONG, message, outcomes, first.case)


def check_function(
    candidate: Any,
    expected: Callable,
    cases: Callable[[np.random.Generator], list[Case]] | Sequence[Case],
    *,
    name: str,
    **settings: Any,
) -> CheckResult:
    """Run ``candidate`` on ``cases``, compare with ``expected``, explain a miss.

    ``expected(*args)`` computes what a case should give, by a method of
    its own (a closed form, a library routine the student may not use, a
    property), never by a copy of the solution. ``cases(rng)`` builds the
    worked examples and the random cases. Settings:

    - ``rtol``, ``atol``: the tolerance of the numeric comparison;
      ``compare(given, expected) -> (agrees, reason)`` replaces it, and
      ``labels`` names the entries of a tuple;
    - ``hints``: pairs ``(diagnose, hint)``; ``diagnose(given, expected,
      case[, outcomes])`` tells when the hint applies to the first failing
      case (a third entry ``"shape"`` or ``"type"`` applies it to that
      kind of failure instead of a wrong value);
    - ``calls``: the library calls the exercise allows (:class:`Calls`);
    - ``errstate``: numpy's floating-point error handling while the
      answer runs (``{"over": "raise"}`` makes an overflow an error), and
      ``error_hints``: pairs of an exception type and a hint;
    - ``argument_names``, ``none_hint`` (said when the answer returns
      None), and ``judge(outcome)``: what is wrong with how a watched case
      (``Case.watch``) was computed, ``""`` when nothing is.

    Parameters
    ----------
    candidate : callable
        The student's function; one whose body is only ``...`` (or
        ``pass``, a docstring, ``raise NotImplementedError``) is "not
        attempted".
    expected : callable
        Computes what a case should give from the case's arguments.
    cases : callable or sequence of Case
        ``cases(rng)`` builds the cases from the check's seeded generator;
        or the cases themselves.
    name : str
        The function's name, as the message shows it.
    **settings
        The settings above.

    Returns
    -------
    CheckResult
        Shown as its message when it is a cell's last value; its
        ``outcomes`` hold what the answer gave on each case.
    """
    check = _FunctionCheck(name=name, expected=expected, **settings)
    return check.run(candidate, cases)


def _correct(name: str, built: list[Case], outcomes) -> CheckResult:
    """The verdict of a passed check, in lines of at most 48 characters."""
    total = len(built)
    if options().hidden:
        return CheckResult(
            CORRECT, f"Correct: `{name}` passed\nall {total} cases.", outcomes
        )
    worked = sum(1 for c in built if not c.random)
    detail = f"{worked} worked example{'s' if worked != 1 else ''}"
    if total > worked:
        detail += f", {total - worked} random"
    return CheckResult(
        CORRECT,
        f"Correct: `{name}` passed\nall {total} cases ({detail}).",
        outcomes,
    )


def with_cases(cases: Callable[[np.random.Generator], list[Case]]):
    """Mark a checker with the case generator it uses (for the tests)."""

    def mark(check: Callable) -> Callable:
        check.cases = cases
        return check

    return mark


def check_value(
    value: Any,
    expected: Any,
    *,
    name: str,
    rtol: float = 1e-7,
    atol: float = 1e-9,
    hint: str = "",
    integer: bool = False,
) -> CheckResult:
    """Check a number or an array the student computed.

    The message says right or wrong, with a hint, and never shows the
    expected value.

    Parameters
    ----------
    value : float or array-like
        The student's answer; a value left at ``...`` is "not attempted".
    expected : float or array-like
        The right answer, computed by the checker.
    name : str
        The answer's name, as the message shows it.
    rtol : float, default=1e-7
        The relative tolerance of ``numpy.allclose``.
    atol : float, default=1e-9
        The absolute tolerance of ``numpy.allclose``.
    hint : str, default=""
        Said after a wrong answer.
    integer : bool, default=False
        Ask for whole numbers.

    Returns
    -------
    CheckResult
        Shown as its message when it is a cell's last value.
    """
    if _answer_code.is_stub(value):
        return not_attempted(name, value=True)
    target = np.asarray(expected, dtype=float)
    what = "one number" if target.shape == () else f"{target.size} numbers"
    problem = _values.number_problem(value)
    if problem:
        return CheckResult(
            WRONG, f"Not quite: `{name}` should be {what}, but {problem}."
        )
    given = np.asarray(value, dtype=float)
    if given.shape != target.shape:
        return CheckResult(
            WRONG,
            f"Not quite: `{name}` should be {what} (shape {target.shape}), "
            f"but it has shape {given.shape}.",
        )
    if not np.all(np.isfinite(given)):
        return CheckResult(WRONG, f"Not quite: `{name}` contains inf or NaN.")
    if integer and not np.array_equal(given, np.round(given)):
        return CheckResult(
            WRONG, f"Not quite: `{name}` should be a whole number."
        )
    if np.allclose(given, target, rtol=rtol, atol=atol):
        return CheckResult(CORRECT, f"Correct: `{name}` is right.")
    message = f"Not quite: `{name}` is not right."
    if hint:
        message += f"\nHint: {hint}"
    return CheckResult(WRONG, message)
