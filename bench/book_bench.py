"""Lighthouse's mobile score of every chapter of a built website.

    python bench/book_bench.py [BUILD_DIR] [RUNS]   # after make book, make bench

Each chapter is served by ``http.server``, which compresses nothing (a
score that holds here holds on any host), and scored RUNS times (3): the
median run is kept; the goal is 85 (CONTRIBUTING.md, "The reader's page").
Hand-written because it strings a local server, Chromium and Lighthouse
together; Lighthouse does the measuring.
"""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIGHTHOUSE = ROOT / "bench/lighthouse/node_modules/.bin/lighthouse"
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


def main(html=ROOT / "_build" / "html", runs=3) -> int:
    """Print the scores of a built site; exit status 1 below ``MIN_SCORE``."""
    results = measure(Path(html).resolve(), int(runs))
    for page, r in results.items():
        print(f"{page}: {r['score']} ({r['lcp_s']:.1f} s, {r['bytes']} B)")
    return 1 if min(r["score"] for r in results.values()) < MIN_SCORE else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
