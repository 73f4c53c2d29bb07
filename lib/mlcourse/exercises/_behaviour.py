"""Watching how an answer computes, for exercises that ask for a method.

Two measures, taken with Python's tracing hook on one case:

- :func:`count_lines`: how many lines of the answer's own code run, so
  that "no Python loop over the examples" is checked by what the answer
  does (a loop over 2000 examples runs thousands of lines, a loop over
  three features a handful), whatever the loop is written as;
- :func:`count_changes`: how often each value the answer accumulates
  (:func:`~mlcourse.exercises._answer_code.accumulators`) changes, so
  that "touch the sums only at a mistake" is checked against the number
  of mistakes.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import Any

import numpy as np


def _traced(tracer: Callable, call: Callable[[], Any]) -> Any:
    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        return call()
    finally:
        sys.settrace(previous)


def count_lines(codes: set, call: Callable[[], Any]) -> tuple[Any, int]:
    """``call()``, and the number of lines of ``codes`` it ran."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def on_call(frame, event, arg):
        return local if frame.f_code in codes else None

    return _traced(on_call, call), count


def _snapshot(value: Any) -> Any:
    """A copy of an accumulated value to compare with later (None: skip)."""
    if isinstance(value, np.ndarray):
        return value.copy() if value.size > 1 else None
    if isinstance(value, (list, tuple)):
        last = value[-1] if value else None
        if isinstance(last, np.ndarray):
            last = last.copy() if last.size <= 1000 else id(last)
        return (type(value), len(value), last)
    if isinstance(value, (dict, set)):
        return (type(value), len(value))
    return None


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        return (
            isinstance(a, np.ndarray)
            and isinstance(b, np.ndarray)
            and a.shape == b.shape
            and bool(np.array_equal(a, b))
        )
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and bool(a == b)


def count_changes(
    watched: dict[types.CodeType, set[str]], call: Callable[[], Any]
) -> tuple[Any, dict[str, int]]:
    """``call()``, and how many times each watched name changed its value.

    ``watched`` maps a code object to the names to watch in its frames;
    numbers are not watched (a visit counter changes at every visit by
    design), arrays of two or more entries and containers are.
    """
    changes: dict[str, int] = {}
    last: dict[tuple[int, str], Any] = {}

    def local(frame, event, arg):
        if event in ("line", "return"):
            for name in watched.get(frame.f_code, ()):
                if name not in frame.f_locals:
                    continue
                now = _snapshot(frame.f_locals[name])
                if now is None:
                    continue
                key = (id(frame), name)
                if key in last and not _same(last[key], now):
                    changes[name] = changes.get(name, 0) + 1
                last[key] = now
        return local

    def on_call(frame, event, arg):
        return local if frame.f_code in watched else None

    return _traced(on_call, call), changes


def loop_judge(what: str, many: int, instead: str):
    """A check's judge of a watched case of ``many`` rows (``Case.watch``
    ``"lines"``): a Python loop over the ``what`` runs a line per row."""

    def judge(outcome) -> str:
        lines = outcome.measured
        if lines is None or lines < many // 2:
            return ""
        return (
            f"your code ran {lines} lines of Python for {many} {what}: a "
            f"Python loop over the {what}, which the exercise asks you to "
            f"replace by {instead}."
        )

    return judge
