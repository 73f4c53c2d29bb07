"""Check the built website as readers meet it, in headless Chromium, offline.

    python tools/site_check.py [BUILD] [--page PAGE ...] [--screenshots DIR]

Every page is served from 127.0.0.1 (requests to other hosts are blocked and
reported) and seen at 390, 768 and 1280 px, in light and dark mode, with its
folds (hidden code, solutions) closed and opened:

- axe-core, WCAG 2.1 A and AA and best practices. Its colour rules run on
  one element of each kind of text (colour, size, weight, backdrop), code
  tokens included, in both modes with the folds closed and open at 1280 px
  and at 390 px; its other rules at 1280 px with the folds open.
- the probe (``tools/site/check_page.js``), for what axe does not do, at
  every width: content drawn past a box that clips it or past the window,
  scroll regions without a tab stop, display equations wider than their
  column, markup shown as text, answers outside their folded solution,
  figure text under 9 px on a phone, local links and images that fail,
  script errors, launch buttons; at 390 px the book's contents (the menu
  button) and the page's contents must open, and one menu link is followed.
The library's source pages share one layout: two are opened, the links of
all are checked. Each problem starts with its rule, e.g. ``[overflow]``.
Exit status 1 on a problem, 2 without a site or Chromium.
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
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
SITE_JS = ROOT / "tools" / "site" / "check_page.js"
AXE_JS = ROOT / "tools" / "site" / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
COLOUR = ["color-contrast", "link-in-text-block"]
SKIPPED = {"_static", "_sources", "_images", "_downloads"}
MIN_FIGURE_PX = 9.0
FONT_KEY = "mlcourse:min-font-pt"  # written by mlcourse.plotting
CONCURRENCY = 4  # pages at a time: each waits for its layout to settle


class Missing(RuntimeError):
    """No site or no browser to check it with."""


def find_chromium() -> str | None:
    names = ("chromium", "chromium-browser", "google-chrome")
    return next(filter(None, map(shutil.which, names)), None)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def pages_to_check(build: Path) -> list[str]:
    return sorted(
        page.relative_to(build).as_posix()
        for page in build.rglob("*.html")
        if not SKIPPED.intersection(page.relative_to(build).parts[:-1])
    )


@functools.cache
def _ids(path: Path) -> frozenset:
    text = path.read_text(encoding="utf-8", errors="replace")
    return frozenset(re.findall(r'\b(?:id|name)="([^"]+)"', text))


def missing(build: Path, urls: list[str], rule: str = "link") -> list[str]:
    """Local links (site paths) to no file or to no anchor in it."""
    problems = []
    for url in sorted(set(urls)):
        parts = urlsplit(url)
        target = build / unquote(parts.path).lstrip("/")
        target = target / "index.html" if target.is_dir() else target
        if not target.exists():
            problems.append(f"[{rule}] {url} leads to no file")
        elif parts.fragment and unquote(parts.fragment) not in _ids(target):
            problems.append(f"[{rule}] {url}: no #{parts.fragment} there")
    return problems


def figure_problems(build: Path, figures: list[dict]) -> list[str]:
    """Figures whose smallest text (the font size and resolution that their
    PNG records) is drawn under ``MIN_FIGURE_PX`` at 390 px."""
    from PIL import Image

    problems = []
    for figure in figures:
        path = build / unquote(urlsplit(figure["src"]).path).lstrip("/")
        if path.suffix != ".png" or not path.exists():
            continue
        with Image.open(path) as image:
            font_pt = float(image.text.get(FONT_KEY, 10))
            dpi = float(image.info.get("dpi", (100,))[0] or 100)
        px = font_pt / 72 * dpi * figure["shown"] / figure["natural"]
        if px < MIN_FIGURE_PX - 0.05:
            problems.append(
                f"[figure-text] {path.name}{figure['at']} is shown "
                f"{figure['shown']:.0f} px wide: its {font_pt:g} pt text is "
                f"{px:.1f} px (at least {MIN_FIGURE_PX:g})"
            )
    return problems


class PageCheck:
    """One page in one browser tab, through every configuration."""

    def __init__(self, tab, build: Path, name: str, shots: Path | None):
        self.tab, self.build, self.name, self.shots = tab, build, name, shots
        self.problems: list[str] = []
        self.counts: dict[str, int] = {}

    async def run(self, url: str, axe: str, follow: bool) -> None:
        tab = self.tab
        await tab.set_viewport_size({"width": 390, "height": 800})
        await tab.goto(url, wait_until="load")
        await tab.evaluate(SITE_JS.read_text(encoding="utf-8"))
        await tab.add_script_tag(content=axe)
        facts = await tab.evaluate("mlcourseCheck.facts()")
        self.problems += [f"[{rule}] {text}" for rule, text in facts["found"]]
        self.problems += missing(self.build, facts["links"])
        self.problems += missing(self.build, facts["images"], "image")
        self.problems += figure_problems(self.build, facts["figures"])
        notebook = (
            self.build / "_sources" / self.name.replace(".html", ".ipynb")
        )
        for host in ("mybinder", "colab") if notebook.exists() else ():
            if not any(host in link for link in facts["launch"]):
                self.problems.append(f"[launch] no {host} button")
        if self.name.startswith("_modules/"):  # the library's source
            return await self.look(1280, False, None)
        folds = facts["folds"]  # closed, and open if the page has any
        await self.look(390, False, () if folds else COLOUR)
        if self.shots:
            await tab.screenshot(path=self.shot("390"), full_page=True)
        if folds:
            await self.look(390, True, COLOUR)
        await self.look(768, folds)
        await self.look(1280, folds, None)  # every rule, the most shown
        if folds:
            await self.look(1280, False, COLOUR)
        await self.configure(390, "light", False)
        await self.navigation(follow)  # last: the pointer hovers menus

    def shot(self, what: str) -> str:
        stem = self.name.replace("/", "__").removesuffix(".html")
        return str(self.shots / f"{stem}__{what}.png")

    async def configure(self, width: int, mode: str, fold: bool) -> None:
        if self.tab.viewport_size["width"] != width:
            await self.tab.set_viewport_size({"width": width, "height": 800})
        await self.tab.evaluate("a => mlcourseCheck.set(...a)", [fold, mode])

    async def look(self, width: int, fold: bool, rules=()) -> None:
        """The probe, then axe's ``rules`` (all of them for ``None``) in
        light mode and, at 1280 px, its colour rules in dark mode. Colours
        change with the mode and the folds, not with the width; what the
        width changes, the probe measures at each width."""
        await self.configure(width, "light", fold)
        state = f"folds {'open' if fold else 'closed'}"
        for rule, text in await self.tab.evaluate("mlcourseCheck.probe()"):
            self.problems.append(f"[{rule}] at {width} px, {state}: {text}")
        if rules == ():
            return
        await self.axe(f"light, {state}", width, rules)
        if width == 1280:
            await self.configure(width, "dark", fold)
            await self.axe(f"dark, {state}", width, COLOUR)
            if self.shots and not fold:
                await self.tab.screenshot(path=self.shot("dark"))

    async def axe(self, state: str, width: int, rules) -> None:
        found = await self.tab.evaluate(
            "a => mlcourseCheck.axe(...a)", [AXE_TAGS, rules]
        )
        for rule in found:
            self.counts[state] = self.counts.get(state, 0) + len(rule["nodes"])
            self.problems.append(
                f"[axe {rule['id']}] {state}, {width} px: {rule['help']}: "
                f"{len(rule['nodes'])} node(s): {'; '.join(rule['nodes'][:3])}"
            )

    async def navigation(self, follow: bool) -> None:
        """At 390 px the menu button (a tap) and the contents button (the
        keyboard) open their lists of links, on pages that have them; with
        ``follow``, the menu's last link is followed."""
        tab = self.tab
        if not await tab.locator("#pst-primary-sidebar").count():
            return
        for name, dialog, key in (
            ("primary-toggle", "#pst-primary-sidebar-modal", False),
            ("secondary-toggle", "#pst-secondary-sidebar-modal", True),
        ):
            button = tab.locator(f"button.{name}:visible").first
            if not await button.count():
                if not key:
                    self.problems.append("[navigation] no menu button")
                continue
            await (button.press("Enter") if key else button.click())
            links = tab.locator(f"{dialog}[open] a[href]:visible")
            if not await links.count():
                self.problems.append(f"[navigation] {name} opens no links")
                continue
            if self.shots and not key:
                await tab.screenshot(path=self.shot("menu"))
            if follow and not key:
                href = await links.last.evaluate("a => a.href")
                await links.last.click()
                await tab.wait_for_load_state()
                if tab.url.split("#")[0] != href.split("#")[0]:
                    self.problems.append(f"[navigation] {href} not followed")
                return
            await tab.keyboard.press("Escape")


async def check_page(browser, build, base, name, axe, shots, follow):
    context = await browser.new_context(service_workers="block")
    tab = await context.new_page()
    check = PageCheck(tab, build, name, shots)
    errors = check.problems

    async def offline(route):
        errors.append(
            f"[offline] a request left the site: {route.request.url}"
        )
        await route.abort()

    def response(r):
        if r.status >= 400:
            errors.append(f"[request] {r.status} for {r.url[len(base) :]}")

    def console(m):
        if m.type == "error" and not m.text.startswith("Failed to load"):
            errors.append(f"[script] {m.text}")

    await context.route(re.compile(f"^(?!{re.escape(base)})"), offline)
    tab.on("pageerror", lambda error: errors.append(f"[script] {error}"))
    tab.on("console", console)
    tab.on("response", response)
    try:
        await check.run(f"{base}/{name}", axe, follow)
    except Exception as error:  # a page that cannot be checked is a problem
        errors.append(f"[page] could not be checked: {error}")
    finally:
        await context.close()
    return check


async def _check(build, base, names, executable, shots):
    from playwright.async_api import async_playwright

    axe = AXE_JS.read_text(encoding="utf-8")
    limit = asyncio.Semaphore(CONCURRENCY)
    first = next((n for n in names if n.startswith("chapters/")), None)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox"]
        )

        async def one(name):
            async with limit:
                return await check_page(
                    browser, build, base, name, axe, shots, name == first
                )

        checks = await asyncio.gather(*map(one, names))
        await browser.close()
    counts: dict[str, int] = {}
    for check in checks:
        for state, count in check.counts.items():
            counts[state] = counts.get(state, 0) + count
    return {check.name: check.problems for check in checks}, counts


def static_links(build: Path, name: str) -> list[str]:
    """The local links and images of a page not opened in the browser (and
    the target of a redirect), as site paths."""
    text = (build / name).read_text(encoding="utf-8", errors="replace")
    found = re.findall(r'(?:href|src)="([^":#][^":]*)"|url=([^"\']+)', text)
    return [(Path("/", name).parent / (a or b)).as_posix() for a, b in found]


def check_site(build, pages=None, screenshots=None, executable=None):
    """``({page: [problems]}, {mode: axe's violating nodes})`` of ``build``."""
    build = Path(build).resolve()
    names = pages or pages_to_check(build)
    if not names or not all((build / name).exists() for name in names):
        raise Missing(f"no built website in {build}: run make book first")
    executable = executable or find_chromium()
    if executable is None or not AXE_JS.exists():
        raise Missing("the check needs Chromium and axe-core (npm ci)")
    if screenshots:
        Path(screenshots).mkdir(parents=True, exist_ok=True)
    sources = [n for n in names if n.startswith("_modules/")][2:]
    shown = [
        n
        for n in names
        if n not in sources
        and 'http-equiv="refresh"' not in (build / n).read_text()[:500].lower()
    ]
    handler = functools.partial(_Quiet, directory=str(build))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        results, counts = asyncio.run(
            _check(
                build,
                base,
                shown,
                executable,
                screenshots and Path(screenshots),
            )
        )
    finally:
        server.shutdown()
    for name in sorted(set(names) - set(shown)):
        results[name] = missing(build, static_links(build, name))
    return results, counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", nargs="?", default=ROOT / "_build" / "html")
    parser.add_argument("--page", action="append", help="only this page")
    parser.add_argument("--screenshots", help="save screenshots here")
    args = parser.parse_args(argv)
    try:
        results, counts = check_site(args.build, args.page, args.screenshots)
    except Missing as error:
        print(error, file=sys.stderr)
        return 2
    problems = [
        f"{page}: {p}" for page, found in results.items() for p in found
    ]
    print("\n".join(problems))
    print("axe's violating nodes:", counts or "none")
    print(f"{len(results)} pages checked: {len(problems)} problem(s).")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
