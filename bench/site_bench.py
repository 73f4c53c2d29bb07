"""Lighthouse's mobile score of the home page and every chapter, served
without compression.

    python bench/site_bench.py [BUILD_DIR] [--runs 3]   # default _build/html

Lighthouse (``bench/lighthouse``, installed by ``make bench``) drives the
system Chromium with its default mobile profile: a mid-range phone on a slow
4G network. The pages come from Python's ``http.server`` on 127.0.0.1, which
compresses nothing, as the plainest static host: a score that holds here
holds anywhere. Each page's median of ``--runs`` runs is reported, with its
first and largest paint, blocking time and bytes; the exit status is 1 when
a chapter scores below ``MIN_SCORE``. Hand-written because Lighthouse does
the measuring; these lines only serve the folder and summarise its reports.
"""

from __future__ import annotations

import argparse
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
LIGHTHOUSE = (
    ROOT / "bench" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
)
MIN_SCORE = 85


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def pages(html: Path) -> list[str]:
    """The home page (the introduction) and every chapter."""
    return sorted(
        p.relative_to(html).as_posix()
        for p in html.glob("chapters/[0-9]*.html")
    )


def lighthouse(url: str, folder: str) -> dict:
    """One mobile performance run of ``url``: its score and metrics."""
    report = Path(folder) / "report.json"
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            "--only-categories=performance",
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--chrome-path={shutil.which('chromium')}",
            f"--chrome-flags=--headless=new --no-sandbox --user-data-dir={folder}/p",
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    result = json.loads(report.read_text(encoding="utf-8"))
    audits = result["audits"]
    return {
        "score": round(100 * result["categories"]["performance"]["score"]),
        "fcp_s": audits["first-contentful-paint"]["numericValue"] / 1000,
        "lcp_s": audits["largest-contentful-paint"]["numericValue"] / 1000,
        "tbt_ms": audits["total-blocking-time"]["numericValue"],
        "bytes": int(audits["total-byte-weight"]["numericValue"]),
    }


def measure(html: Path, runs: int = 3) -> dict[str, dict]:
    """``{page: median run}`` for the home page and every chapter."""
    if not LIGHTHOUSE.exists() or not shutil.which("chromium"):
        raise FileNotFoundError("Lighthouse needs Chromium and 'make bench'")
    handler = functools.partial(_Quiet, directory=str(html))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    results = {}
    try:
        for page in pages(html):
            with tempfile.TemporaryDirectory() as folder:
                found = [
                    lighthouse(f"{base}/{page}", folder) for _ in range(runs)
                ]
            median = statistics.median_low(r["score"] for r in found)
            results[page] = next(r for r in found if r["score"] == median)
    finally:
        server.shutdown()
    return results


def table(results: dict[str, dict]) -> str:
    lines = [
        "| page | score | first paint (s) | largest paint (s) | blocking (ms) | KiB |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for page, r in results.items():
        lines.append(
            f"| {page} | {r['score']} | {r['fcp_s']:.1f} | {r['lcp_s']:.1f} "
            f"| {r['tbt_ms']:.0f} | {r['bytes'] / 1024:.0f} |"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("html", nargs="?", default=ROOT / "_build" / "html")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    results = measure(Path(args.html).resolve(), args.runs)
    print(table(results))
    low = [page for page, r in results.items() if r["score"] < MIN_SCORE]
    print(f"below {MIN_SCORE}: {', '.join(low) or 'none'}")
    return 1 if low else 0


if __name__ == "__main__":
    sys.exit(main())
