"""Check the built website as readers meet it, in headless Chromium, offline.

    python tools/site_check.py [BUILD] [--page PAGE ...]

Each page is served from 127.0.0.1 (other hosts are blocked and reported) and
seen at 390, 768 and 1280 px, light and dark, folds closed and opened. axe-core
(WCAG 2.1 A, AA, best practices) runs its colour rules on one element of each
kind of text, code tokens included, in both modes and fold states at 1280 px
and at 390 px, its other rules at 1280 px with the folds open. The probe
(``tools/site/check_page.js``) measures at every width what is drawn past its
box or the window and display equations wider than their column (axe, which
regions scroll without a tab stop); once, markup shown as text, answers outside
their solutions, figure text under 9 px on a phone, links, images, scripts; at
390 px the menu and contents buttons must open (one menu link is followed). Of
the library's source pages (one layout) two are opened. Problems start with
their rule; exit status 1 on a problem, 2 without a site or Chromium.
Hand-written because axe-core measures neither what is drawn past its box,
nor markup shown as text, nor answers given away, nor whether menus open.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import http.server
import re
import shutil
import sys
import threading
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

ROOT = Path(__file__).resolve().parents[1]
SITE_JS = ROOT / "tools" / "site" / "check_page.js"
AXE_JS = ROOT / "tools" / "site" / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
COLOUR = ["color-contrast", "link-in-text-block"]
LAYOUT = ["scrollable-region-focusable"]  # which regions scroll: the width
SKIPPED = {"_static", "_sources", "_images", "_downloads"}
MIN_FIGURE_PX = 9.0
FONT_KEY = "mlcourse:min-font-pt"  # written by mlcourse.plotting
CONCURRENCY = 4  # pages at a time: each waits for its layout to settle


class Missing(RuntimeError):
    """No site or no browser to check it with."""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def find_chromium() -> str | None:
    names = ("chromium", "chromium-browser", "google-chrome")
    return next(filter(None, map(shutil.which, names)), None)


def pages_to_check(build: Path) -> list[str]:
    pages = [page.relative_to(build) for page in build.rglob("*.html")]
    return sorted(p.as_posix() for p in pages if not SKIPPED & {*p.parts})


@functools.cache
def _ids(path: Path) -> frozenset:
    text = path.read_text(encoding="utf-8", errors="replace")
    return frozenset(re.findall(r'\b(?:id|name)="([^"]+)"', text))


def missing(build: Path, urls: list[str]) -> list[str]:
    """Local links (site paths) to no file or to no anchor in it."""
    problems = []
    for url in sorted(set(urls)):
        parts = urlsplit(url)
        target = build / unquote(parts.path).lstrip("/")
        target = target / "index.html" if target.is_dir() else target
        if not target.exists():
            problems.append(f"[missing] {url} leads to no file")
        elif parts.fragment and unquote(parts.fragment) not in _ids(target):
            problems.append(f"[missing] {url}: no #{parts.fragment} there")
    return problems


def figure_problems(build: Path, figures: list[dict]) -> list[str]:
    """Figures whose smallest text (the font size and resolution that their
    PNG records) is drawn under ``MIN_FIGURE_PX`` at 390 px."""
    from PIL import Image

    problems = []
    for figure in figures:
        path = build / unquote(urlsplit(figure["src"]).path).lstrip("/")
        if path.suffix == ".png" and path.exists():
            with Image.open(path) as image:
                pt = image.text.get(FONT_KEY, 10)
                dpi = image.info.get("dpi", (100,))[0]
            px = float(pt) / 72 * dpi * figure["shown"] / figure["natural"]
            if px < MIN_FIGURE_PX - 0.05:
                problems.append(
                    f"[figure-text] {path.name}{figure['at']}: {pt} pt text "
                    f"drawn {px:.1f} px high (at least {MIN_FIGURE_PX:g})"
                )
    return problems


class PageCheck:
    """One page in one browser tab, through every configuration."""

    def __init__(self, build: Path, base: str, name: str):
        self.build, self.base, self.name = build, base, name
        self.problems: list[str] = []
        self.counts: Counter = Counter()  # axe's violating nodes per state

    async def run(self, context, axe: str, follow: bool) -> None:
        self.tab = tab = await context.new_page()
        note = self.problems.append
        await tab.route(re.compile(f"^(?!{re.escape(self.base)})"), self.off)
        tab.on("pageerror", lambda error: note(f"[script] {error}"))
        tab.on("console", self.console)
        failed = lambda r: note(f"[request] {r.status} {r.url}")
        tab.on("response", lambda r: r.status < 400 or failed(r))
        try:
            await tab.set_viewport_size({"width": 390, "height": 800})
            await tab.goto(f"{self.base}/{self.name}", wait_until="load")
            await self.look_around(axe, follow)
        except Exception as error:  # a page that cannot be checked
            note(f"[page] could not be checked: {error}")
        finally:
            await tab.close()

    def console(self, message) -> None:
        text = message.text  # a failed request is reported as such
        if message.type == "error" and "Failed to load" not in text:
            self.problems.append(f"[script] {text}")

    async def off(self, route) -> None:
        self.problems.append(f"[offline] a request left: {route.request.url}")
        await route.abort()

    async def look_around(self, axe: str, follow: bool) -> None:
        await self.tab.evaluate(SITE_JS.read_text(encoding="utf-8"))
        await self.tab.add_script_tag(content=axe)
        facts = await self.tab.evaluate("mlcourseCheck.facts()")
        self.problems += [f"[{rule}] {text}" for rule, text in facts["found"]]
        self.problems += missing(self.build, facts["links"])
        self.problems += figure_problems(self.build, facts["figures"])
        if self.name.startswith("_modules/"):  # the library's source
            return await self.look(1280, False, None)
        folds = facts["folds"]  # closed, and open if the page has any
        await self.look(390, False, COLOUR + LAYOUT)
        if folds:
            await self.look(390, True, LAYOUT)
        await self.look(768, folds, LAYOUT)
        await self.look(1280, folds, None)  # every rule, where most is shown
        for fold in {folds, False}:  # colours change with the mode, folds
            await self.configure(1280, "dark", fold)
            state = f"dark, folds {'open' if fold else 'closed'}, 1280 px"
            await self.axe(state, COLOUR)
        await self.configure(390, "light", False)
        await self.navigation(follow)  # last: the pointer hovers menus

    async def configure(self, width: int, mode: str, fold: bool) -> None:
        if self.tab.viewport_size["width"] != width:
            await self.tab.set_viewport_size({"width": width, "height": 800})
        await self.tab.evaluate("a => mlcourseCheck.set(...a)", [fold, mode])

    async def look(self, width: int, fold: bool, rules) -> None:
        """The probe, then axe's ``rules`` (all of them for ``None``), in
        light mode. What the width changes, the probe and axe's rule on
        scroll regions see at each width; colours, at one width."""
        await self.configure(width, "light", fold)
        state = f"folds {'open' if fold else 'closed'}"
        for rule, text in await self.tab.evaluate("mlcourseCheck.probe()"):
            self.problems.append(f"[{rule}] at {width} px, {state}: {text}")
        await self.axe(f"light, {state}, {width} px", rules)

    async def axe(self, state: str, rules) -> None:
        found = await self.tab.evaluate(
            "a => mlcourseCheck.axe(...a)", [AXE_TAGS, rules]
        )
        for rule in found:
            self.counts[state.rsplit(", ", 1)[0]] += len(rule["nodes"])
            self.problems.append(
                f"[axe {rule['id']}] {state}: {rule['help']}: "
                f"{len(rule['nodes'])} node(s): {'; '.join(rule['nodes'][:3])}"
            )

    async def navigation(self, follow: bool) -> None:
        """At 390 px the menu button (a tap) and the contents button (the
        keyboard) open their lists of links, on pages that have them; with
        ``follow``, the menu's last link is followed."""
        if not await self.tab.locator("#pst-primary-sidebar").count():
            return
        for name, key in (("primary", False), ("secondary", True)):
            button = self.tab.locator(f"button.{name}-toggle:visible").first
            if not await button.count():
                if not key:
                    self.problems.append("[navigation] no menu button")
                continue
            await (button.press("Enter") if key else button.click())
            dialog = f"#pst-{name}-sidebar-modal[open] a[href]:visible"
            links = self.tab.locator(dialog)
            if not await links.count():
                self.problems.append(f"[navigation] {name} opens no links")
            elif follow and not key:
                href = await links.last.get_attribute("href")
                href = urljoin(self.tab.url, href).split("#")[0]
                await links.last.click()
                await self.tab.wait_for_load_state()
                if self.tab.url.split("#")[0] != href:
                    self.problems.append(f"[navigation] {href} not followed")
                return
            await self.tab.keyboard.press("Escape")


def check_site(build, pages=None, executable=None):
    """``({page: [problems]}, {mode: axe's violating nodes})`` of ``build``."""
    build = Path(build).resolve()
    names = pages or pages_to_check(build)
    if not names or not all((build / name).exists() for name in names):
        raise Missing(f"no built website in {build}: run make book first")
    executable = executable or find_chromium()
    if executable is None or not AXE_JS.exists():
        raise Missing("the check needs Chromium and axe-core (npm ci)")
    sources = [n for n in names if n.startswith("_modules/")][2:]
    redirect = 'http-equiv="refresh"'  # the root index.html
    page = lambda n: redirect not in (build / n).read_text().lower()
    names = [name for name in names if name not in sources and page(name)]
    handler = functools.partial(_Quiet, directory=str(build))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    checks = [PageCheck(build, base, name) for name in names]
    try:
        asyncio.run(_run(checks, executable))
    finally:
        server.shutdown()
    counts = sum((check.counts for check in checks), Counter())
    return {check.name: check.problems for check in checks}, dict(counts)


async def _run(checks: list[PageCheck], executable: str) -> None:
    from playwright.async_api import async_playwright

    axe = AXE_JS.read_text(encoding="utf-8")
    limit = asyncio.Semaphore(CONCURRENCY)
    first = next((c for c in checks if c.name.startswith("chapters/")), None)
    async with async_playwright() as playwright:
        options = dict(executable_path=executable, args=["--no-sandbox"])
        browser = await playwright.chromium.launch(**options)
        context = await browser.new_context(service_workers="block")
        context.set_default_timeout(30_000)

        async def one(check):
            async with limit:
                await check.run(context, axe, check is first)

        await asyncio.gather(*map(one, checks))
        await browser.close()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", nargs="?", default=ROOT / "_build" / "html")
    parser.add_argument("--page", action="append", help="only this page")
    args = parser.parse_args(argv)
    try:
        results, counts = check_site(args.build, args.page)
    except Missing as error:
        print(error, file=sys.stderr)
        return 2
    problems = [f"{page}: {p}" for page, ps in results.items() for p in ps]
    print("\n".join(problems))
    print("axe's violating nodes:", counts or "none")
    print(f"{len(results)} pages checked: {len(problems)} problem(s).")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
