"""The website on a phone: Lighthouse's mobile performance and the bytes per page.

    python bench/site_bench.py [BUILD_DIR]     # default _build/html; prints a table

Lighthouse (from npm, ``bench/lighthouse``: ``npm ci``) drives the system Chromium
headless against the built site, served from 127.0.0.1 with gzip as a web host
serves it. Its default mobile profile simulates a mid-range phone on a slow 4G
network. For the home page and every chapter it reports the performance score
(0 to 100), the largest contentful paint, the total blocking time and the bytes
transferred (compressed). ``book_bench`` runs it on the site it builds, so
``make bench`` reports it and the benchmarks page shows it.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from common import Goal, Row

TOPIC = "The website on a phone"
ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = (
    ROOT / "bench" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
)
HOME = "chapters/00_introduction.html"
MIN_SCORE = 80
MAX_BYTES = 2**20  # per chapter page, compressed
COMPRESSED = {
    ".html",
    ".js",
    ".css",
    ".json",
    ".svg",
    ".txt",
    ".map",
    ".ttf",
    ".woff",
}


class _GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Serve files, gzip-compressed where a web host would compress them."""

    def log_message(self, format, *args):  # noqa: A002 - the base's signature
        pass

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.suffix in COMPRESSED and path.is_file()):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io

        return io.BytesIO(body)


def serve(folder: Path):
    handler = functools.partial(_GzipHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def pages(html: Path) -> list[str]:
    """The home page and every chapter."""
    chapters = sorted(
        p.relative_to(html).as_posix()
        for p in (html / "chapters").glob("[0-9][0-9]_*.html")
    )
    return [HOME] + [page for page in chapters if page != HOME]


def lighthouse(url: str, browser: str) -> dict:
    """Lighthouse's mobile performance report of ``url`` (its JSON)."""
    with tempfile.TemporaryDirectory(prefix="mlcourse-lh-") as folder:
        out = Path(folder) / "report.json"
        env = dict(os.environ, CHROME_PATH=browser)
        done = subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--only-categories=performance",
                "--output=json",
                f"--output-path={out}",
                "--quiet",
                f"--chrome-path={browser}",
                "--chrome-flags=--headless=new --no-sandbox --disable-gpu "
                f"--user-data-dir={folder}/profile",
            ],
            capture_output=True,
            text=True,
            env=env,
            timeout=600,
        )
        if done.returncode != 0 or not out.exists():
            raise RuntimeError(
                f"lighthouse failed on {url}: {done.stderr[-2000:]}"
            )
        return json.loads(out.read_text(encoding="utf-8"))


def summary(report: dict) -> dict:
    audits = report["audits"]

    def value(name):
        return audits.get(name, {}).get("numericValue")

    return {
        "score": round(100 * (report["categories"]["performance"]["score"])),
        "lcp_s": value("largest-contentful-paint") / 1000,
        "fcp_s": value("first-contentful-paint") / 1000,
        "tbt_ms": value("total-blocking-time"),
        "bytes": int(value("total-byte-weight")),
    }


def measure(html: Path) -> dict[str, dict]:
    """``{page: summary}`` for the home page and every chapter of ``html``."""
    browser = chromium()
    if browser is None or not LIGHTHOUSE.exists():
        raise FileNotFoundError(
            "Lighthouse needs Chromium (apt-get install chromium) and "
            "'npm ci --prefix bench/lighthouse'"
        )
    server = serve(html)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        return {
            page: summary(lighthouse(f"{base}/{page}", browser))
            for page in pages(html)
        }
    finally:
        server.shutdown()
        server.server_close()


def rows_and_goals(html: Path):
    try:
        results = measure(html)
    except (FileNotFoundError, RuntimeError) as error:
        print(error, file=sys.stderr)
        return [], [
            Goal(
                "Lighthouse mobile performance >= 80, <= 1 MB per chapter",
                "not measured",
                False,
                str(error)[:200],
            )
        ]
    rows = []
    for page, s in results.items():
        name = Path(page).stem
        rows.append(
            Row(
                TOPIC,
                "Lighthouse mobile: largest contentful paint",
                name,
                s["lcp_s"],
                "good on a phone (2.5 s)",
                2.5,
                f"performance {s['score']}, {s['bytes'] / 1024:.0f} KiB "
                f"transferred, blocking {s['tbt_ms']:.0f} ms",
                True,
                [s["lcp_s"]],
                s,
                name[:2] if name[:2].isdigit() else "home",
            )
        )
    worst = min(results.items(), key=lambda item: item[1]["score"])
    chapters = {p: s for p, s in results.items() if p != HOME}
    heaviest = max(
        chapters.items() or results.items(), key=lambda item: item[1]["bytes"]
    )
    goals = [
        Goal(
            "Lighthouse mobile performance >= 80 on the home page and "
            "every chapter",
            f"lowest {worst[1]['score']} ({Path(worst[0]).stem})",
            worst[1]["score"] >= MIN_SCORE,
            "see the rows of 'The website on a phone'",
        ),
        Goal(
            "at most 1 MiB transferred (gzip) per chapter page",
            f"largest {heaviest[1]['bytes'] / 2**20:.2f} MiB "
            f"({Path(heaviest[0]).stem})",
            heaviest[1]["bytes"] <= MAX_BYTES,
            "see the rows of 'The website on a phone'",
        ),
    ]
    return rows, goals


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    html = Path(argv[0] if argv else ROOT / "_build" / "html").resolve()
    results = measure(html)
    print("| page | performance | LCP (s) | FCP (s) | blocking (ms) | KiB |")
    print("|---|---:|---:|---:|---:|---:|")
    for page, s in results.items():
        print(
            f"| {page} | {s['score']} | {s['lcp_s']:.1f} | {s['fcp_s']:.1f} "
            f"| {s['tbt_ms']:.0f} | {s['bytes'] / 1024:.0f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
