"""The graded (hidden) test of an exercise, as nbgrader and otter run it.

A hidden test runs the exercise's own checker in hidden mode: on more
random cases, drawn from a seed that only the instructor's notebooks hold,
with messages that name a failing case without showing it. For a function
exercise it then holds the answer's results against the reference
solution of the instructor's notebook, case by case. The message of a
failure is the checker's, so that the grading report explains it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ._result import WRONG, CheckResult
from ._values import compare
from .checks import checking


def hidden_check(
    checker: Callable[..., CheckResult],
    *answers: Any,
    seed: int,
    reference: Any = None,
    rtol: float = 1e-6,
    atol: float = 1e-9,
) -> CheckResult:
    """``checker(*answers)`` in hidden mode, then against ``reference``.

    ``reference`` is the reference solution: a function for a function
    exercise (called on every case the answer passed), or the expected
    value of a value exercise.
    """
    with checking(seed=seed, hidden=True):
        result = checker(*answers)
    if not result.passed or reference is None:
        return result
    if not callable(reference):
        if not compare(answers[0], reference, rtol, atol).agrees:
            return CheckResult(
                WRONG, "Not quite: the answer differs from the reference."
            )
        return result
    for number, outcome in enumerate(result.outcomes, start=1):
        case = outcome.case
        wanted = reference(*case.args, **case.kwargs)
        if not compare(outcome.given, wanted, rtol, atol).agrees:
            return CheckResult(
                WRONG,
                f"Not quite: on hidden case {number} ({case.description}), "
                "your answer differs from the reference solution.",
                result.outcomes,
            )
    return result
