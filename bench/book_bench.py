"""The book: strict nbval per notebook and in total, the website build, the site's size.

What is measured is the book as last committed (``git archive HEAD``, unpacked into a
temporary folder, with its own ``lib`` first on the import path), so that unfinished edits
in the working tree neither fail nor slow these rows.

Each notebook is checked as ``make test-notebooks`` does (strict nbval, current
environment, the sanitize file), one pytest process per notebook, one after the other; the
time includes starting pytest and the kernel. The budget of a chapter (20 s, from the
conventions) is the reference of its row. The website is built with the command of
``make book`` into a temporary folder (``--path-output``), so ``_build`` is left alone; the
site's size is that of the ``html`` folder, and ``site_bench`` measures that site on a
phone with Lighthouse (scores and bytes per page, with the goals of at least 80 and at
most 1 MiB per chapter). These are measured once: each takes tens of
seconds, and five repeats would not fit the ten minutes of ``make bench``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import site_bench
from common import Row

TOPIC = "The book"
ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
BUDGET = 20.0
NBVAL = [
    "--nbval",
    "--nbval-current-env",
    "--nbval-sanitize-with",
    "tests/nbval_sanitize.cfg",
    "-p",
    "no:cacheprovider",
    "-q",
]


def committed_book(folder: Path) -> Path:
    """The committed book (``git archive HEAD``) unpacked into ``folder``, or the working tree.

    Measuring the last commit makes the rows reproducible and independent of unfinished
    edits in the working tree; outside a git repository the working tree is measured.
    """
    archive = subprocess.run(
        ["git", "archive", "--format=tar", "HEAD"],
        cwd=ROOT,
        capture_output=True,
    )
    if archive.returncode != 0:
        return ROOT
    subprocess.run(
        ["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True
    )
    # The npm tools (MathJax for the maths at build time) are installed, not
    # committed: the copy uses the working tree's.
    modules = ROOT / "tools" / "site" / "node_modules"
    if modules.is_dir():
        (folder / "tools" / "site" / "node_modules").symlink_to(modules)
    return folder


def _timed(command, cwd):
    # the book's own library first, so that the notebooks import the copy being measured
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join(
            filter(None, [str(cwd / "lib"), os.environ.get("PYTHONPATH")])
        ),
    )
    start = time.perf_counter()
    done = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, env=env
    )
    return time.perf_counter() - start, done


def nbval_rows(book: Path):
    rows, total, all_ok = [], 0.0, True
    for notebook in sorted((book / "chapters").glob("*.ipynb")):
        seconds, done = _timed(
            [
                sys.executable,
                "-m",
                "pytest",
                *NBVAL,
                f"chapters/{notebook.name}",
            ],
            book,
        )
        ok = done.returncode == 0
        if not ok:
            print(done.stdout[-3000:], file=sys.stderr)
        total += seconds
        all_ok &= ok
        rows.append(
            Row(
                TOPIC,
                "strict nbval, one notebook",
                notebook.stem,
                seconds,
                "chapter budget (20 s)",
                BUDGET,
                "passed" if ok else "strict nbval failed",
                ok,
                [seconds],
                short=notebook.stem,
            )
        )
    count = len(rows)
    rows.append(
        Row(
            TOPIC,
            "strict nbval, one notebook",
            f"all {count} notebooks, one after the other",
            total,
            f"{count} x chapter budget",
            BUDGET * count,
            "all passed" if all_ok else "some notebooks failed",
            all_ok,
            [total],
            short="all notebooks",
        )
    )
    return rows


def site_size(html: Path):
    files = [p for p in html.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def build_rows(book: Path):
    folder = Path(tempfile.mkdtemp(prefix="mlcourse-bench-site-"))
    try:
        seconds, done = _timed(
            [
                str(BIN / "jupyter-book"),
                "build",
                ".",
                "--builder",
                "html",
                "--path-output",
                str(folder),
            ],
            book,
        )
        html = folder / "_build" / "html"
        ok = done.returncode == 0 and (html / "index.html").is_file()
        if not ok:
            print(done.stdout[-3000:], done.stderr[-3000:], file=sys.stderr)
        size, count = site_size(html) if html.is_dir() else (0, 0)
        phone_rows, phone_goals = (
            site_bench.rows_and_goals(html) if ok else ([], [])
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    mib = size / 2**20
    return (
        phone_rows,
        phone_goals,
        [
            Row(
                TOPIC,
                "website build",
                "make book (jupyter-book build, every notebook executed)",
                seconds,
                None,
                None,
                f"built: {count} files, {mib:.1f} MiB"
                if ok
                else "build FAILED",
                ok,
                [seconds],
                {
                    "site_bytes": size,
                    "site_files": count,
                    "site_mib": round(mib, 2),
                },
                "make book",
            )
        ],
    )


def run():
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    folder = Path(tempfile.mkdtemp(prefix="mlcourse-bench-book-"))
    try:
        book = committed_book(folder)
        phone_rows, phone_goals, build = build_rows(book)
        return nbval_rows(book) + build + phone_rows, phone_goals
    finally:
        shutil.rmtree(folder, ignore_errors=True)
