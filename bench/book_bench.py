"""The book: strict nbval per notebook, the website build, Lighthouse on a phone.

The book as last committed is measured (``git archive HEAD`` in a temporary
folder, its own ``lib`` first on the import path), so that unfinished edits
neither fail nor slow these rows. Each notebook runs under strict nbval in
a pytest process of its own, against the chapter budget of 20 s; the website
is built as ``make book`` builds it, into the same folder, and
``site_bench`` scores it without compression (goal: at least 85 on every
chapter). Each is measured once: they take tens of seconds each.
Hand-written because it only strings together git, pytest, Jupyter Book and
``site_bench`` over the committed tree.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import site_bench
from common import Goal, Row

TOPIC = "The book"
ROOT = Path(__file__).resolve().parents[1]
BUDGET = 20.0
NBVAL = [
    "--nbval",
    "--nbval-current-env",
    "-p",
    "no:cacheprovider",
    "-q",
    "--nbval-sanitize-with",
    "tests/nbval_sanitize.cfg",
]


def committed_book(folder: Path) -> Path:
    """``git archive HEAD`` unpacked in ``folder``, with the installed Node tools."""
    archive = subprocess.run(
        ["git", "archive", "HEAD"], cwd=ROOT, capture_output=True, check=True
    )
    subprocess.run(
        ["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True
    )
    modules = ROOT / "tools" / "site" / "node_modules"
    if modules.is_dir():
        (folder / "tools" / "site" / "node_modules").symlink_to(modules)
    return folder


def timed(command: list[str], book: Path) -> tuple[float, bool]:
    path = os.pathsep.join(
        filter(None, [str(book / "lib"), os.environ.get("PYTHONPATH")])
    )
    start = time.perf_counter()
    done = subprocess.run(
        command,
        cwd=book,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=path),
    )
    if done.returncode:
        print(done.stdout[-3000:], done.stderr[-3000:], file=sys.stderr)
    return time.perf_counter() - start, done.returncode == 0


def row(
    case: str, name: str, seconds: float, ok: bool, budget=None, **extra
) -> Row:
    check = "passed" if ok else "FAILED"
    reference = f"budget ({budget:.0f} s)" if budget else None
    return Row(
        TOPIC,
        case,
        name,
        seconds,
        reference,
        budget,
        check,
        ok,
        [seconds],
        extra,
        short=name[:14],
    )


def run():
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    with tempfile.TemporaryDirectory(prefix="mlcourse-bench-book-") as folder:
        book = committed_book(Path(folder))
        rows = []
        for notebook in sorted((book / "chapters").glob("*.ipynb")):
            command = [
                sys.executable,
                "-m",
                "pytest",
                *NBVAL,
                f"chapters/{notebook.name}",
            ]
            seconds, ok = timed(command, book)
            rows.append(
                row(
                    "strict nbval, one notebook",
                    notebook.stem,
                    seconds,
                    ok,
                    BUDGET,
                )
            )
        build = [
            str(Path(sys.executable).with_name("jupyter-book")),
            "build",
            ".",
            "--builder",
            "html",
        ]
        seconds, ok = timed(build, book)
        html = book / "_build" / "html"
        mib = (
            sum(p.stat().st_size for p in html.rglob("*") if p.is_file())
            / 2**20
        )
        rows.append(
            row(
                "website build",
                "make book",
                seconds,
                ok,
                site_mib=round(mib, 2),
            )
        )
        if not ok:
            return rows, [Goal("the website builds", "build failed", False)]
        try:
            phone = site_bench.measure(html)
        except (FileNotFoundError, subprocess.CalledProcessError) as error:
            return rows, [
                Goal(
                    "Lighthouse mobile >= 85 per chapter",
                    "not measured",
                    False,
                    str(error)[:200],
                )
            ]
    for page, result in phone.items():
        rows.append(
            row(
                "Lighthouse mobile, no compression: largest paint",
                Path(page).stem,
                result["lcp_s"],
                result["score"] >= site_bench.MIN_SCORE,
                **result,
            )
        )
    worst = min(phone, key=lambda page: phone[page]["score"])
    goal = Goal(
        f"Lighthouse mobile >= {site_bench.MIN_SCORE} on every chapter, served "
        "without compression",
        f"lowest {phone[worst]['score']} ({Path(worst).stem})",
        phone[worst]["score"] >= site_bench.MIN_SCORE,
    )
    return rows, [goal]
