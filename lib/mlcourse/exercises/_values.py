"""Comparing what an answer gave with what a case should give.

A comparison says whether the two agree and, when they do not, what kind
of difference it is ("type": a list for an array, text for a number;
"shape"; or "value"), so that a hint about a formula is only given when
the answer has the right type and shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class Comparison:
    agrees: bool
    reason: str = ""
    kind: str = ""  # "type", "shape" or "value"

    def __iter__(self):  # unpacks as (agrees, reason)
        return iter((self.agrees, self.reason))


def text_in(value: Any) -> str | None:
    """The first piece of text inside ``value``, if any."""
    if isinstance(value, (str, bytes)):
        return repr(value)
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "US":
            return repr(value.ravel()[0]) if value.size else "''"
        if value.dtype.kind == "O":
            for item in value.ravel():
                found = text_in(item)
                if found:
                    return found
        return None
    if isinstance(value, (list, tuple)):
        for item in value:
            found = text_in(item)
            if found:
                return found
    return None


def number_problem(value: Any) -> str:
    """Why ``value`` is not a number or an array of numbers ('' if it is)."""
    text = text_in(value)
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


def format_value(value: Any, digits: int = 6) -> str:
    """A short text for a number, an array or a tuple of them."""
    if isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        precise = digits > 8
        return np.array2string(
            np.asarray(value, dtype=float),
            precision=digits if precise else digits - 2,
            separator=", ",
            floatmode="unique" if precise else "maxprec",
            threshold=40,
        )
    if isinstance(value, (float, np.floating)):
        return (
            repr(float(value)) if digits > 8 else f"{float(value):.{digits}g}"
        )
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        return str(int(value))
    if isinstance(value, (tuple, list)):
        opening, closing = ("(", ")") if isinstance(value, tuple) else "[]"
        inner = ", ".join(format_value(v, digits) for v in value)
        return f"{opening}{inner}{closing}"
    return repr(value)


def expected_and_given(expected: Any, given: Any) -> str:
    """'expected E, got G', in full precision when the two look alike."""
    shown_e, shown_g = format_value(expected), format_value(given)
    if shown_e != shown_g:
        return f"expected {shown_e}, got {shown_g}"
    shown_e, shown_g = format_value(expected, 17), format_value(given, 17)
    try:
        difference = float(
            np.max(
                np.abs(
                    np.asarray(given, dtype=float)
                    - np.asarray(expected, dtype=float)
                )
            )
        )
    except (TypeError, ValueError):
        return f"expected {shown_e}, got {shown_g}"
    return (
        f"expected {shown_e}, got {shown_g} (they differ by "
        f"{difference:.2g}, more than rounding)"
    )


def describe(value: Any) -> str:
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape}"
    if isinstance(value, (tuple, list)):
        return f"a {type(value).__name__} of {len(value)} values"
    return f"a {type(value).__name__}"


def compare(
    given: Any,
    expected: Any,
    rtol: float = 1e-7,
    atol: float = 1e-9,
    labels: tuple[str, ...] = (),
) -> Comparison:
    """Compare numbers, arrays or tuples of them.

    An expected array asks for a numpy array (a list is a different
    type); an expected tuple accepts a tuple or a list of the same length,
    whose entries are compared one by one (``labels`` names them).
    """
    if isinstance(expected, tuple):
        if not isinstance(given, (tuple, list)) or len(given) != len(expected):
            what = ", ".join(labels) if labels else f"{len(expected)} values"
            return Comparison(
                False,
                f"expected a tuple ({what}), got {describe(given)}",
                "type",
            )
        for position, (g, e) in enumerate(zip(given, expected)):
            inner = compare(g, e, rtol, atol)
            if not inner.agrees:
                label = (
                    labels[position]
                    if position < len(labels)
                    else f"entry {position} of the result"
                )
                return Comparison(
                    False, f"{label}: {inner.reason}", inner.kind
                )
        return Comparison(True)
    if isinstance(expected, (bool, np.bool_, str)):
        try:
            agrees = type(given) is type(expected) and bool(given == expected)
        except (TypeError, ValueError):
            agrees = False
        return Comparison(agrees, expected_and_given(expected, given), "value")
    problem = number_problem(given)
    if problem:
        return Comparison(
            False,
            f"expected a number or an array of numbers, but {problem}",
            "type",
        )
    if isinstance(expected, np.ndarray) and not isinstance(given, np.ndarray):
        return Comparison(
            False,
            f"expected a numpy array, got {describe(given)}: return "
            "`np.array(...)` (or the result of numpy operations), not a "
            "Python list",
            "type",
        )
    given_array = np.asarray(given, dtype=float)
    expected_array = np.asarray(expected, dtype=float)
    if given_array.shape != expected_array.shape:
        what = (
            "a single number"
            if expected_array.shape == ()
            else (f"shape {expected_array.shape}")
        )
        return Comparison(
            False, f"expected {what}, got shape {given_array.shape}", "shape"
        )
    if not np.allclose(given_array, expected_array, rtol=rtol, atol=atol):
        return Comparison(False, expected_and_given(expected, given), "value")
    return Comparison(True)


def isclose(a: Any, b: Any, rtol: float = 1e-7, atol: float = 1e-9) -> bool:
    """``np.allclose`` on equal shapes, answering False instead of raising."""
    try:
        a = np.asarray(a, dtype=float)
        b = np.asarray(b, dtype=float)
        return a.shape == b.shape and bool(
            np.allclose(a, b, rtol=rtol, atol=atol)
        )
    except (TypeError, ValueError):
        return False


def whole_number(given: Any, what: str) -> Comparison | None:
    """A failed comparison when ``given`` is not an ``int``, else None."""
    if isinstance(given, (bool, np.bool_)) or not isinstance(
        given, (int, np.integer)
    ):
        return Comparison(
            False,
            f"expected a whole number ({what}), got {given!r} of type "
            f"{type(given).__name__}",
            "type",
        )
    return None
