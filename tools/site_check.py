"""Check the built website in a real headless browser, offline.

Usage: python tools/site_check.py [BUILD_DIR] [--screenshots DIR]
       (defaults: _build/html and site-screenshots/)

The site is served on 127.0.0.1 from a free port and every page the book produced is opened in
headless Chromium (through playwright). For each page it reports:

- JavaScript errors (uncaught exceptions and console errors);
- any request to a host other than 127.0.0.1 (the site must work offline: no CDN); such
  requests are blocked, so a page that needs one shows the damage in its screenshot too;
- failed local requests (HTTP 4xx/5xx or network failures) for scripts, styles, images, fonts;
- images that did not load (``naturalWidth == 0``);
- broken internal links: a link to a local file that does not exist, or to an ``#anchor``
  missing on its target page;
- unrendered TeX: a ``.math`` element without MathJax output, or ``\\(``, ``\\[`` or ``$$``
  left in the text outside code;
- on pages made from notebooks, missing launch buttons (Binder, Colab, live code);
- headings out of order (not starting at h1, a second h1, or a skipped level);
- content images with neither alt text nor a caption in their figure or cell;
- a visible Colab set-up cell (``%pip install``), which the page should hide.

``check_dark_mode`` opens one page in the theme's dark mode, checks that it really is dark and
that every figure keeps an opaque white background there, and saves a screenshot.

A full-page screenshot of every page is saved. The exit status is 1 when any problem is found,
and every problem is listed; 2 when the site or the browser is missing.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import shutil
import sys
import threading
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_DIRS = {
    "_static",
    "_sources",
    "_modules",
    "_images",
    "_downloads",
    "_panels_static",
}
LOCAL_HOST = "127.0.0.1"
CHECKED_RESOURCES = {
    "script",
    "stylesheet",
    "image",
    "font",
    "media",
    "document",
    "fetch",
    "xhr",
}
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
MATHJAX_WAIT_MS = 15_000
DARK_PAGE = (
    "chapters/04_perceptron.html"  # the chapter also checked in dark mode
)


def dark_screenshot_name(page: str) -> str:
    return page.replace("/", "__").removesuffix(".html") + "__dark.png"


class BrowserMissing(RuntimeError):
    """No Chromium to run the check with."""


# --------------------------------------------------------------------------- browser and server


def find_chromium() -> str | None:
    """Path of a Chromium executable: the system's, or else playwright's own download."""
    for name in (
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ):
        found = shutil.which(name)
        if found:
            return found
    if Path("/usr/bin/chromium").exists():
        return "/usr/bin/chromium"
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            bundled = p.chromium.executable_path
        if bundled and Path(bundled).exists():
            return bundled
    except Exception:  # playwright missing or no browser downloaded
        pass
    return None


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


def serve(directory: Path):
    """Serve ``directory`` on 127.0.0.1 at a free port, in a daemon thread; return the server."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((LOCAL_HOST, 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# --------------------------------------------------------------------------- static facts about the site


class _Scan(HTMLParser):
    """Collect the ids and names a page defines, and a meta refresh target."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.refresh: str | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if attrs.get(key):
                self.ids.add(attrs[key])
        if (
            tag == "meta"
            and (attrs.get("http-equiv") or "").lower() == "refresh"
        ):
            content = attrs.get("content") or ""
            if "url=" in content.lower():
                self.refresh = (
                    content[content.lower().index("url=") + 4 :]
                    .strip()
                    .strip("'\"")
                )


@functools.cache
def _scan(path: Path) -> _Scan:
    scan = _Scan()
    scan.feed(path.read_text(encoding="utf-8", errors="replace"))
    return scan


def pages_to_check(build: Path) -> list[Path]:
    """Every HTML page the book produced, outside the assets and the source copies."""
    return sorted(
        p
        for p in build.rglob("*.html")
        if not SKIPPED_DIRS.intersection(p.relative_to(build).parts[:-1])
    )


def _local_file(build: Path, url_path: str) -> Path:
    path = build / unquote(url_path).lstrip("/")
    if url_path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path


def _is_notebook_page(build: Path, page: Path) -> bool:
    relative = page.relative_to(build).with_suffix("")
    return (
        build / "_sources" / relative.parent / (relative.name + ".ipynb")
    ).exists()


# --------------------------------------------------------------------------- in the page

_PAGE_FACTS_JS = """
async (mathjaxWait) => {
  // MathJax: wait for the first typesetting to finish.
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
    await Promise.race([MathJax.startup.promise,
                        new Promise(r => setTimeout(r, mathjaxWait))]);
  }
  // Images: load lazy ones too, then wait for all.
  for (const img of document.images) { img.loading = "eager"; }
  await Promise.race([
    Promise.all([...document.images].map(img => img.complete ? null :
      new Promise(r => { img.addEventListener("load", r); img.addEventListener("error", r); }))),
    new Promise(r => setTimeout(r, 10000))]);
  const brokenImages = [...document.images]
    .filter(img => !img.complete || img.naturalWidth === 0)
    .map(img => img.getAttribute("src") || "(no src)");
  const links = [...document.querySelectorAll("a[href]")]
    .map(a => ({href: a.href, raw: a.getAttribute("href")}));
  // Unrendered TeX.
  const mathLeft = [...document.querySelectorAll("span.math, div.math")]
    .filter(el => !el.querySelector("mjx-container"))
    .map(el => el.textContent.trim().slice(0, 80));
  const skip = "PRE, CODE, SCRIPT, STYLE, TEXTAREA, KBD, SAMP, MJX-CONTAINER, NOSCRIPT, .math";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const rawTex = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    if (!(text.includes("\\\\(") || text.includes("\\\\[") || text.includes("$$"))) continue;
    if (node.parentElement && node.parentElement.closest(skip)) continue;
    rawTex.push(text.trim().slice(0, 80));
  }
  const hrefs = [...document.querySelectorAll("a[href]")].map(a => a.href);
  // Headings of the page's own content, in document order.
  const content = document.querySelector("article") || document.querySelector("main") || document.body;
  const headings = [...content.querySelectorAll("h1, h2, h3, h4, h5, h6")]
    .filter(h => !h.closest("nav, header, footer, .cell_output"))
    .map(h => [Number(h.tagName[1]), h.textContent.replace(/[#\u00b6]/g, "").trim().slice(0, 60)]);
  // Content images without alt text and without a caption in the same figure or cell.
  const unlabelled = [...content.querySelectorAll("img")]
    .filter(img => !(img.getAttribute("alt") || "").trim())
    .filter(img => !img.closest("figure")?.querySelector("figcaption")
                   && !img.closest("div.cell")?.querySelector("figcaption, .caption"))
    .filter(img => img.getAttribute("role") !== "presentation" && img.getAttribute("aria-hidden") !== "true")
    .map(img => img.id ? `<img id="${img.id}"> (${(img.getAttribute("src") || "no src").slice(0, 40)}...)` : (img.getAttribute("src") || "(no src)").slice(0, 100));
  // The Colab set-up cell is for notebooks only: it must be removed from the page.
  const setupShown = [...content.querySelectorAll("div.cell_input, div.highlight")]
    .some(el => el.textContent.includes("%pip install"));
  return {
    brokenImages, links, mathLeft, rawTex, headings, unlabelled, setupShown,
    binder: hrefs.some(h => h.includes("/v2/gh/") || h.includes("mybinder")),
    colab: hrefs.some(h => h.includes("colab.research.google.com")),
    thebe: !!document.querySelector(".btn-launch-thebe, [onclick*='thebe' i], button[title*='live code' i]"),
  };
}
"""


def _check_links(
    build: Path, base: str, page: Path, links: list[dict]
) -> list[str]:
    problems = []
    seen = set()
    for link in links:
        href = link["href"]
        if not href.startswith(base) or href in seen:
            continue
        seen.add(href)
        url, fragment = urldefrag(href)
        target = _local_file(build, urlsplit(url).path)
        if not target.exists():
            problems.append(
                f"broken link {link['raw']!r}: {target.relative_to(build)} does not exist"
            )
            continue
        fragment = unquote(fragment)
        if (
            fragment
            and target.suffix == ".html"
            and fragment not in _scan(target).ids
        ):
            where = (
                "this page"
                if target == page
                else str(target.relative_to(build))
            )
            problems.append(
                f"broken link {link['raw']!r}: no anchor #{fragment} on {where}"
            )
    return problems


def heading_problems(headings: list[list]) -> list[str]:
    """Headings must start at h1, have one h1, and never skip a level on the way down."""
    if not headings:
        return ["no heading on the page"]
    problems = []
    if headings[0][0] != 1:
        problems.append(
            f"the first heading is h{headings[0][0]} {headings[0][1]!r}, not h1"
        )
    extra = [text for level, text in headings[1:] if level == 1]
    if extra:
        problems.append(f"more than one h1: {extra[:3]}")
    for (before, before_text), (level, text) in zip(headings, headings[1:]):
        if level > before + 1:
            problems.append(
                f"heading level skipped: h{before} {before_text!r} is followed by "
                f"h{level} {text!r}"
            )
    return problems


def check_page(
    context, build: Path, base: str, page: Path, screenshots: Path | None
) -> list[str]:
    """Open one page and return its problems (empty when the page is fine)."""
    relative = page.relative_to(build).as_posix()
    url = f"{base}/{relative}"
    refresh = _scan(page).refresh
    if (
        refresh is not None
    ):  # a redirect page (the root index.html): check where it points
        target = _local_file(
            build,
            urlsplit(
                f"{base}/{Path(relative).parent.as_posix()}/{refresh}"
            ).path,
        )
        return (
            []
            if target.exists()
            else [f"redirects to {refresh}, which does not exist"]
        )

    problems: list[str] = []
    page_obj = context.new_page()

    def on_console(message):
        if message.type == "error" and not message.text.startswith(
            "Failed to load resource"
        ):
            problems.append(f"console error: {message.text[:300]}")

    http_errors: set[str] = set()

    def on_response(response):
        if response.url.startswith(base) and response.status >= 400:
            http_errors.add(response.url)
            if response.request.resource_type in CHECKED_RESOURCES:
                problems.append(
                    f"HTTP {response.status} for {response.request.resource_type} "
                    f"{response.url[len(base) :]}"
                )

    def on_failed(request):
        if request.url.startswith(base) and request.url not in http_errors:
            problems.append(
                f"failed {request.resource_type} {request.url[len(base) :]}: {request.failure}"
            )

    def on_page_error(error):
        name = getattr(error, "name", "") or ""
        message = getattr(error, "message", "") or str(error)
        problems.append(
            f"JavaScript error: {name + ': ' if name else ''}{message}"
        )

    page_obj.on("pageerror", on_page_error)
    page_obj.on("console", on_console)
    page_obj.on("response", on_response)
    page_obj.on("requestfailed", on_failed)
    try:
        page_obj.goto(url, wait_until="load", timeout=30_000)
        facts = page_obj.evaluate(_PAGE_FACTS_JS, MATHJAX_WAIT_MS)
        for src in facts["brokenImages"]:
            problems.append(f"image did not load: {src}")
        problems.extend(_check_links(build, base, page, facts["links"]))
        for text in facts["mathLeft"]:
            problems.append(f"math not rendered by MathJax: {text!r}")
        for text in facts["rawTex"]:
            problems.append(f"raw TeX delimiters in the text: {text!r}")
        problems.extend(heading_problems(facts["headings"]))
        for src in facts["unlabelled"]:
            problems.append(f"image without alt text or caption: {src}")
        if facts["setupShown"]:
            problems.append(
                "the Colab set-up cell (%pip install) is shown on the page"
            )
        if _is_notebook_page(build, page):
            for button in ("binder", "colab", "thebe"):
                if not facts[button]:
                    problems.append(
                        f"notebook page without its {button} launch button"
                    )
        if screenshots is not None:
            shot = screenshots / (
                relative.replace("/", "__").removesuffix(".html") + ".png"
            )
            page_obj.screenshot(path=str(shot), full_page=True)
    except (
        Exception
    ) as error:  # a page that cannot be opened is a problem, not a crash
        problems.append(
            f"could not check the page: {type(error).__name__}: {error}"
        )
    finally:
        page_obj.close()
    return problems


_DARK_FACTS_JS = """
async (mathjaxWait) => {
  if (window.MathJax && MathJax.startup && MathJax.startup.promise) {
    await Promise.race([MathJax.startup.promise, new Promise(r => setTimeout(r, mathjaxWait))]);
  }
  for (const img of document.images) { img.loading = "eager"; }
  await Promise.race([
    Promise.all([...document.images].map(img => img.complete ? null :
      new Promise(r => { img.addEventListener("load", r); img.addEventListener("error", r); }))),
    new Promise(r => setTimeout(r, 10000))]);
  const rgb = s => (s.match(/[\\d.]+/g) || []).map(Number);
  const background = rgb(getComputedStyle(document.body).backgroundColor);
  const content = document.querySelector("article") || document.querySelector("main") || document.body;
  // Figures: images of cell outputs and of figure directives (not the theme's icons).
  const figures = [...content.querySelectorAll("div.cell_output img, figure img")]
    .filter(img => img.naturalWidth > 0);
  const notOpaqueWhite = [];
  for (const img of figures) {
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
    const context = canvas.getContext("2d");
    context.drawImage(img, 0, 0);
    const w = canvas.width - 1, h = canvas.height - 1;
    const corners = [[0, 0], [w, 0], [0, h], [w, h]].map(([x, y]) => [...context.getImageData(x, y, 1, 1).data]);
    if (corners.some(([r, g, b, a]) => a < 255 || Math.min(r, g, b) < 245)) {
      notOpaqueWhite.push({src: (img.getAttribute("src") || img.id).slice(0, 100), corners});
    }
  }
  return {theme: document.documentElement.dataset.theme || "", background,
          figures: figures.length, notOpaqueWhite};
}
"""


def check_dark_mode(
    build: Path,
    page: str,
    screenshot: Path | None,
    executable: str | None = None,
) -> tuple[list[str], int]:
    """Open ``page`` (relative to ``build``) in the theme's dark mode; return problems and the
    number of figures checked.

    The mode is chosen as a reader's theme switch stores it (``localStorage`` keys ``mode``
    and ``theme``). The page must come up dark, and every content image must have opaque,
    white corners: a figure with a transparent background would show black axes on a dark
    page. A full-page screenshot is saved to ``screenshot``.
    """
    from playwright.sync_api import sync_playwright

    build = Path(build).resolve()
    if not (build / page).exists():
        raise FileNotFoundError(f"no page {page} in {build}")
    executable = executable or find_chromium()
    if executable is None:
        raise BrowserMissing(
            "no Chromium found: install it (apt-get install chromium)"
        )
    server = serve(build)
    base = f"http://{LOCAL_HOST}:{server.server_address[1]}"
    problems: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=executable, headless=True, args=BROWSER_ARGS
            )
            context = browser.new_context(
                viewport={"width": 1280, "height": 900},
                service_workers="block",
                color_scheme="dark",
            )
            blocked: list[str] = []
            context.route("**/*", _offline_route(blocked))
            context.add_init_script(
                "localStorage.setItem('mode', 'dark');"
                "localStorage.setItem('theme', 'dark');"
            )
            page_obj = context.new_page()
            page_obj.goto(f"{base}/{page}", wait_until="load", timeout=30_000)
            facts = page_obj.evaluate(_DARK_FACTS_JS, MATHJAX_WAIT_MS)
            if facts["theme"] != "dark":
                problems.append(
                    f"the page did not switch to dark mode (data-theme={facts['theme']!r})"
                )
            if (
                facts["background"][:3]
                and sum(facts["background"][:3]) / 3 > 100
            ):
                problems.append(
                    f"dark mode, yet the page background is light: {facts['background']}"
                )
            for figure in facts["notOpaqueWhite"]:
                problems.append(
                    f"figure without an opaque white background in dark mode: "
                    f"{figure['src']} (corner pixels {figure['corners']})"
                )
            if screenshot is not None:
                Path(screenshot).parent.mkdir(parents=True, exist_ok=True)
                page_obj.screenshot(path=str(screenshot), full_page=True)
            problems.extend(blocked)
            context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return problems, facts["figures"]


def _offline_route(blocked: list[str]):
    """A route handler that lets local requests through and blocks (and notes) all others."""

    def route(route_obj):
        request = route_obj.request
        parts = urlsplit(request.url)
        if (
            parts.scheme in ("http", "https", "ws", "wss")
            and parts.hostname != LOCAL_HOST
        ):
            blocked.append(
                f"request to another host while loading "
                f"({request.resource_type}): {request.url[:200]}"
            )
            route_obj.abort("blockedbyclient")
        else:
            route_obj.continue_()

    return route


def check_site(
    build: Path,
    screenshots: Path | None = ROOT / "site-screenshots",
    executable: str | None = None,
) -> dict[str, list[str]]:
    """Check every page of the site in ``build``; return ``{page: [problems]}`` for every page."""
    from playwright.sync_api import sync_playwright

    build = Path(build).resolve()
    if not (build / "index.html").exists() and not pages_to_check(build):
        raise FileNotFoundError(
            f"no built website in {build}: run make book first"
        )
    executable = executable or find_chromium()
    if executable is None:
        raise BrowserMissing(
            "no Chromium found: install it (apt-get install chromium) or "
            "run 'playwright install chromium'"
        )
    if screenshots is not None:
        screenshots = Path(screenshots)
        if screenshots.exists():
            shutil.rmtree(screenshots)
        screenshots.mkdir(parents=True)

    server = serve(build)
    base = f"http://{LOCAL_HOST}:{server.server_address[1]}"
    results: dict[str, list[str]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=executable, headless=True, args=BROWSER_ARGS
            )
            for page in pages_to_check(build):
                name = page.relative_to(build).as_posix()
                # A fresh context per page: no page depends on what an earlier one stored.
                context = browser.new_context(
                    viewport={"width": 1280, "height": 900},
                    service_workers="block",
                )
                blocked: list[str] = []
                context.route("**/*", _offline_route(blocked))
                results[name] = (
                    check_page(context, build, base, page, screenshots)
                    + blocked
                )
                context.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return results


def format_report(results: dict[str, list[str]]) -> str:
    lines = []
    for name, problems in sorted(results.items()):
        for problem in problems:
            lines.append(f"{name}: {problem}")
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "build", nargs="?", default=str(ROOT / "_build" / "html")
    )
    parser.add_argument(
        "--screenshots",
        default=str(ROOT / "site-screenshots"),
        help="directory for the full-page screenshots ('' for none)",
    )
    parser.add_argument(
        "--dark",
        default=DARK_PAGE,
        help="page checked and screenshotted in dark mode ('' for none)",
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    try:
        results = check_site(
            Path(args.build),
            Path(args.screenshots) if args.screenshots else None,
        )
    except (FileNotFoundError, BrowserMissing) as error:
        print(error, file=sys.stderr)
        return 2
    if args.dark:
        shot = (
            Path(args.screenshots) / dark_screenshot_name(args.dark)
            if args.screenshots
            else None
        )
        dark_problems, _ = check_dark_mode(Path(args.build), args.dark, shot)
        results[f"{args.dark} (dark mode)"] = dark_problems
    report = format_report(results)
    n_problems = sum(len(p) for p in results.values())
    seconds = time.perf_counter() - start
    if report:
        print(report)
    print(
        f"{len(results)} page(s) checked in {seconds:.1f} s: "
        f"{n_problems} problem(s) on {sum(1 for p in results.values() if p)} page(s)."
    )
    return 1 if n_problems else 0


if __name__ == "__main__":
    sys.exit(main())
