"""Self-checking exercises: the machinery every chapter's checkers use.

A checker takes the student's answer (usually a function), reads its
code, runs it on the worked examples of the exercise and on seeded random
cases, and returns a :class:`CheckResult` that shows itself as a short
message:

- "Not attempted yet" while the answer is still the stub (a value left at
  ``...``, or a function whose body is only ``...``, ``pass``, a
  docstring or ``raise NotImplementedError``);
- "Correct" when every case passes;
- "Not quite" with the case that failed and, for a function, what it
  expected and what it got, often with a hint;
- "Your code raised ...", with the line of the answer that raised.

What a checker enforces, for every exercise:

- the answer runs in a separate process, one case at a time, under a time
  limit: a loop that never ends is stopped, even inside a bare
  ``except:``, and costs only its own check;
- arguments are passed read-only, so an answer that changes them in place
  is told so; a function that prints its result and returns ``None`` is
  told to use ``return``; numbers are accepted only as numbers, and an
  array only as a numpy array;
- the library calls an exercise allows (:class:`Calls`) are checked from
  the answer's code, and a refusal says why; so is a value the answer
  takes from the notebook without defining it;
- what a case should give is computed by another method than the
  solution's (a closed form, a library routine the answer may not use, a
  property); value exercises never show the expected value.

Each chapter's checkers live in a submodule named for the chapter's topic,
for example :mod:`mlcourse.exercises.linear_regression`. Call a checker as
the last line of a cell. Reference solutions are not part of this package:
they stay in the instructor's notebooks, which :func:`hidden_check` uses.
"""

from ._answer_code import Calls, is_stub, is_stub_function
from ._result import (
    CORRECT,
    ERROR,
    NOT_ATTEMPTED,
    WRONG,
    Case,
    CheckResult,
    Outcome,
)
from ._values import isclose
from .checks import (
    TIME_LIMIT,
    check_function,
    check_value,
    checking,
    with_cases,
)
from .grading import hidden_check

__all__ = [
    "CORRECT",
    "ERROR",
    "NOT_ATTEMPTED",
    "WRONG",
    "TIME_LIMIT",
    "Calls",
    "Case",
    "CheckResult",
    "Outcome",
    "check_function",
    "check_value",
    "checking",
    "hidden_check",
    "is_stub",
    "is_stub_function",
    "isclose",
    "with_cases",
]
