"""What a check returns: a status and the message a student reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

CORRECT, WRONG, NOT_ATTEMPTED, ERROR = (
    "correct",
    "wrong",
    "not attempted",
    "error",
)


@dataclass
class Case:
    """One case of a check: the arguments, and a short description.

    ``random`` marks a case drawn from the check's seeded generator (its
    arguments are shown when it fails, so that the student can reproduce
    it); the others are worked examples, the same at every seed. ``watch``
    names what the case measures besides the result (``"lines"``: the
    lines of Python the answer runs; ``"state"``: how often it changes the
    values it accumulates).
    """

    args: tuple
    kwargs: dict = field(default_factory=dict)
    description: str = ""
    random: bool = False
    watch: str = ""


@dataclass(eq=False)
class Outcome:
    """What the answer did on one case, and how it compares.

    A check's ``outcomes`` hold one per case it ran; a ``judge`` or a
    hint's ``diagnose`` reads them.
    """

    #: The case run: its arguments and description.
    case: Case
    #: What the answer returned on it.
    given: Any = None
    #: What the case should give, computed by the check's ``expected``.
    expected: Any = None
    #: True when ``given`` matches ``expected`` within the tolerance.
    agrees: bool = False
    #: Why they differ, in the words the student reads (read it only
    #: when ``agrees`` is False).
    reason: str = ""
    #: What differs when they do not agree: "type", "shape" or "value".
    kind: str = ""
    #: What the answer printed while it ran.
    printed: str = ""
    #: What a watched case measured (``Case.watch``): the number of lines
    #: run for ``"lines"``, a dict of how often each accumulated name
    #: changed for ``"state"``; None otherwise.
    measured: Any = None


@dataclass
class CheckResult:
    """The outcome of a check: a status, and the message a student reads.

    ``outcomes`` holds what the answer gave on each case it ran (the
    grading tests compare them with a reference solution), and ``case``
    the case it failed on (None when it passed, or failed before any).
    """

    status: str
    message: str
    outcomes: list = field(default_factory=list, repr=False)
    case: Case | None = field(default=None, repr=False)

    @property
    def passed(self) -> bool:
        return self.status == CORRECT

    def __bool__(self) -> bool:
        return self.passed

    def __repr__(self) -> str:
        return self.message

    def _ipython_display_(self) -> None:
        print(self.message)
