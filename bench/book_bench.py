"""The book: strict nbval per notebook, the website build, and Lighthouse.

    python bench/book_bench.py [BUILD_DIR] [RUNS]  # score a built site only

``make bench`` measures the committed book once: each notebook under strict
nbval (budget 20 s), its build, and Lighthouse's mobile score (median of 3
runs; goal 85) of every chapter served by ``http.server``, which compresses
nothing: a score that holds here holds on any host.
Hand-written because it strings git, pytest, Jupyter Book and Lighthouse
together; Lighthouse does the measuring.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "bench/lighthouse/node_modules/.bin/lighthouse"
NBVAL = "-m pytest -p no:cacheprovider -q --nbval --nbval-current-env".split()
SANITIZE = ["--nbval-sanitize-with", "tests/nbval_sanitize.cfg"]
OPTIONS = "--only-categories=performance --quiet --output=json".split()
CHROMIUM = shutil.which("chromium")
MIN_SCORE = 85


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def lighthouse(url: str) -> dict:
    """One mobile performance run of ``url``: its score and metrics."""
    with tempfile.TemporaryDirectory() as folder:
        flags = f"--headless=new --no-sandbox --user-data-dir={folder}/p"
        command = [LIGHTHOUSE, url, *OPTIONS, f"--output-path={folder}/r"]
        command += [f"--chrome-path={CHROMIUM}", f"--chrome-flags={flags}"]
        subprocess.run(command, check=True, capture_output=True, timeout=300)
        report = json.loads(Path(folder, "r").read_text())
    audit = {k: v.get("numericValue") for k, v in report["audits"].items()}
    return {
        "score": round(100 * report["categories"]["performance"]["score"]),
        "fcp_s": audit["first-contentful-paint"] / 1000,
        "lcp_s": audit["largest-contentful-paint"] / 1000,
        "tbt_ms": audit["total-blocking-time"],
        "bytes": int(audit["total-byte-weight"]),
    }


def measure(html: Path, runs: int = 3) -> dict[str, dict]:
    """``{chapter: its median run}``, the introduction (home) included."""
    if not LIGHTHOUSE.exists() or not CHROMIUM:
        raise FileNotFoundError("Lighthouse needs Chromium and 'make bench'")
    handler = functools.partial(_Quiet, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base, results = f"http://127.0.0.1:{server.server_address[1]}", {}
    try:
        for page in sorted(html.glob("chapters/[0-9]*.html")):
            url = f"{base}/chapters/{page.name}"
            found = [lighthouse(url) for _ in range(runs)]
            median = statistics.median_low(r["score"] for r in found)
            results[page.stem] = next(r for r in found if r["score"] == median)
    finally:
        server.shutdown()
    return results


def timed(command: list, book: Path) -> tuple[float, bool]:
    env = dict(os.environ, PYTHONPATH=str(book / "lib"))
    start = time.perf_counter()
    done = subprocess.run(command, cwd=book, capture_output=True, env=env)
    if done.returncode:
        print(done.stdout[-3000:].decode(), file=sys.stderr)
    return time.perf_counter() - start, done.returncode == 0


def run():
    """``make bench``'s rows and goal of the committed book."""
    from common import Goal, Row

    def row(case, name, seconds, ok, budget=None, extra=None) -> Row:
        verdict, budgeted = "passed" if ok else "FAILED", budget and "budget"
        fields = (case, name, seconds, budgeted, budget, verdict, ok)
        topic = "The website on a phone" if extra else "The book"
        return Row(topic, *fields, [seconds], extra or {}, name[:14])

    with tempfile.TemporaryDirectory(prefix="mlcourse-bench-") as folder:
        book, git = Path(folder), ["git", "-C", ROOT, "archive", "HEAD"]
        tree = subprocess.run(git, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", folder], input=tree, check=True)
        modules = "tools/site/node_modules"
        (book / modules).symlink_to(ROOT / modules)
        rows = []
        for notebook in sorted(book.glob("chapters/*.ipynb")):
            command = [sys.executable, *NBVAL, *SANITIZE, notebook]
            seconds, ok = timed(command, book)
            rows.append(row("strict nbval", notebook.stem, seconds, ok, 20))
        builder = Path(sys.executable).with_name("jupyter-book")
        seconds, ok = timed([builder, "build", ".", "--builder", "html"], book)
        rows.append(row("website build", "make book", seconds, ok))
        phone = measure(book / "_build" / "html") if ok else {}
    for name, r in phone.items():
        case = "Lighthouse mobile, no compression: largest paint"
        rows.append(row(case, name, r["lcp_s"], r["score"] >= MIN_SCORE, 0, r))
    low = min([r["score"] for r in phone.values()] or [0])
    goal = f"Lighthouse mobile >= {MIN_SCORE} on every chapter, no gzip"
    return rows, [Goal(goal, f"lowest {low}", low >= MIN_SCORE)]


def main(html=ROOT / "_build" / "html", runs=3) -> int:
    """Print the scores of a built site; exit status 1 below ``MIN_SCORE``."""
    results = measure(Path(html).resolve(), int(runs))
    for page, r in results.items():
        print(f"{page}: {r['score']} ({r['lcp_s']:.1f} s, {r['bytes']} B)")
    return 1 if min(r["score"] for r in results.values()) < MIN_SCORE else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
