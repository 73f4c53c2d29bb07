"""Running a student's answer on a check's cases, under a time limit.

Where the system can fork (Linux, macOS: every grading server), the cases
run in a child process that the check stops when a case runs out of
time: a loop that never ends, even inside a bare ``except:``, costs its
own check a few seconds and nothing else. Elsewhere (Windows) they run in
a thread that is asked to stop, which a bare ``except:`` can ignore.
Hand-written: maintained timeouts either raise inside the answer, where
``except:`` swallows the stop, or start children through
``multiprocessing``, whose child writes to the kernel's output channels.
"""

from __future__ import annotations

import contextlib
import copy
import ctypes
import io
import os
import pickle
import select
import signal
import struct
import threading
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import _answer_code, _behaviour
from ._result import Case


@dataclass
class Run:
    """What the answer did on one case."""

    given: Any = None
    printed: str = ""
    error: str = ""  # "ValueError: the message"
    error_type: type | None = None
    where: str = ""  # the answer's line that raised
    changed: list = field(default_factory=list)  # arguments changed in place
    read_only: bool = False  # it tried to write into an argument
    stopped: str = ""  # "time", "exit", "ended" or "result"
    measured: Any = None


def _frozen(value: Any) -> Any:
    """A read-only copy of an array argument; a deep copy of a container."""
    if isinstance(value, np.ndarray):
        frozen = np.array(value, copy=True)
        frozen.setflags(write=False)
        return frozen
    if isinstance(value, (list, dict, set)):
        return copy.deepcopy(value)
    return value


def _same(a: Any, b: Any) -> bool:
    try:
        if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
            return np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True)
        return bool(a == b)
    except Exception:
        return False


@dataclass
class _Answer:
    """The answer and what its watched cases need to know of its code."""

    func: Callable
    codes: set
    accumulated: dict
    errstate: dict
    names: Sequence[str]

    @classmethod
    def of(cls, func, errstate, names, codes=None):
        return cls(
            func,
            _answer_code.own_codes(func) if codes is None else set(codes),
            _answer_code.accumulators(func),
            errstate or {},
            names,
        )


def _run_one(answer: _Answer, case: Case) -> Run:
    frozen = tuple(_frozen(a) for a in case.args)
    printed = io.StringIO()
    run = Run()

    def call():
        with np.errstate(**answer.errstate):
            return answer.func(*frozen, **case.kwargs)

    try:
        with (
            contextlib.redirect_stdout(printed),
            contextlib.redirect_stderr(io.StringIO()),
            warnings.catch_warnings(),
        ):
            warnings.simplefilter("ignore")
            if case.watch == "lines":
                run.given, run.measured = _behaviour.count_lines(
                    answer.codes, call
                )
            elif case.watch == "state":
                run.given, run.measured = _behaviour.count_changes(
                    answer.accumulated, call
                )
            else:
                run.given = call()
    except SystemExit:
        run.stopped = "exit"
    except BaseException as error:  # the student's code may fail in any way
        run.error = f"{type(error).__name__}: {error}".rstrip(": ")
        # the type travels back only when the parent can load it
        module = type(error).__module__.split(".")[0]
        if module in ("builtins", "numpy", "scipy", "sklearn", "mlcourse"):
            run.error_type = type(error)
        run.where = _answer_code.error_location(error, answer.codes)
        run.read_only = isinstance(error, ValueError) and (
            "read-only" in str(error)
        )
    run.printed = printed.getvalue()
    run.changed = [
        answer.names[i] if i < len(answer.names) else f"#{i + 1}"
        for i, (before, after) in enumerate(zip(case.args, frozen))
        if not _same(before, after)
    ]
    return run


# ------------------------------------------------------------ in a child


def _send(fd: int, message: Any) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    data = struct.pack("<Q", len(data)) + data
    while data:
        data = data[os.write(fd, data) :]


def _child(fd: int, answer: _Answer, cases: Sequence[Case]) -> None:
    import sys

    sys.stdout, sys.stderr = io.StringIO(), io.StringIO()
    for number, case in enumerate(cases):
        _send(fd, ("start", number))
        run = _run_one(answer, case)
        try:
            payload = pickle.dumps(run, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            run.error_type = None
            try:
                payload = pickle.dumps(run)
            except Exception:
                payload = pickle.dumps(
                    Run(stopped="result", printed=run.printed)
                )
        _send(fd, ("done", number, payload))


class _Reader:
    """Length-prefixed messages from the child, read before a deadline."""

    def __init__(self, fd: int):
        self.fd, self.buffer = fd, b""

    def _fill(self, size: int, deadline: float) -> bool:
        while len(self.buffer) < size:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise TimeoutError
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return False
            self.buffer += chunk
        return True

    def get(self, deadline: float) -> Any:
        """The next message; None when the child ended; TimeoutError."""
        if not self._fill(8, deadline):
            return None
        (size,) = struct.unpack("<Q", self.buffer[:8])
        if not self._fill(8 + size, deadline):
            return None
        data, self.buffer = self.buffer[8 : 8 + size], self.buffer[8 + size :]
        return pickle.loads(data)


def _in_child(
    answer: _Answer, cases: Sequence[Case], seconds: float
) -> Iterator[Run]:
    read, write = os.pipe()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # threads: fine
        pid = os.fork()
    if pid == 0:  # the child: run the cases, report, and vanish
        try:
            os.close(read)
            _child(write, answer, cases)
        finally:
            os._exit(0)
    os.close(write)
    reader = _Reader(read)
    try:
        for number in range(len(cases)):
            try:
                started = reader.get(time.monotonic() + max(seconds, 30.0))
                if started is None:
                    yield Run(stopped="ended")
                    return
                done = reader.get(time.monotonic() + seconds)
            except TimeoutError:
                yield Run(stopped="time")
                return
            if done is None:
                yield Run(stopped="ended")
                return
            tag, position, payload = done
            assert tag == "done" and position == number
            try:
                yield pickle.loads(payload)
            except Exception:  # a class of the answer's that cannot load
                yield Run(stopped="result")
                return
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        os.close(read)


# ------------------------------------------------------------ in a thread


class _Stop(BaseException):
    """Raised in a runaway answer's thread (an ``except:`` can catch it)."""


def _in_thread(
    answer: _Answer, cases: Sequence[Case], seconds: float
) -> Iterator[Run]:
    for case in cases:
        box: dict[str, Run] = {}
        worker = threading.Thread(
            target=lambda case=case: box.update(run=_run_one(answer, case)),
            daemon=True,
        )
        worker.start()
        worker.join(seconds)
        if worker.is_alive():
            for _ in range(20):
                ctypes.pythonapi.PyThreadState_SetAsyncExc(
                    ctypes.c_ulong(worker.ident), ctypes.py_object(_Stop)
                )
                worker.join(0.05)
                if not worker.is_alive():
                    break
            yield Run(stopped="time")
            return
        yield box.get("run", Run(stopped="ended"))


def run_cases(
    func: Callable,
    cases: Sequence[Case],
    *,
    seconds: float,
    errstate: dict | None = None,
    names: Sequence[str] = (),
    isolate: bool | None = None,
    codes: set | None = None,
) -> Iterator[Run]:
    """Run ``func`` on each case in turn; stop after a case that runs out
    of time (the last :class:`Run` then says ``stopped="time"``).

    ``isolate`` runs the cases in a child process (the default where the
    system can fork) or, when False, in a thread. ``codes``, the code
    objects of the answer, are found from ``func`` unless given (a check
    of a class runs the class's methods through a function of its own).
    """
    answer = _Answer.of(func, errstate, names, codes)
    if isolate is None:
        isolate = hasattr(os, "fork")
    if isolate:
        return _in_child(answer, cases, seconds)
    return _in_thread(answer, cases, seconds)
