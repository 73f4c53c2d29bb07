"""Check the built website as readers meet it, in headless Chromium, offline.

    python tools/site_check.py [BUILD] [--page PAGE ...] [--screenshots DIR]

Every page is served from 127.0.0.1 (requests to other hosts are blocked and
reported) and seen at 390, 768 and 1280 px, in light and dark mode, with its
folds (hidden code, solutions, menus) closed and opened:

- axe-core, WCAG 2.1 A and AA and best practices. Its colour rules run in
  every configuration on one element of each kind of text (colour, size,
  weight, backdrop), code tokens included; its other rules at 390 px with
  the folds open and at 1280 px with them closed, and the scroll-region rule
  at every width. The library's source pages get one light run at 1280 px.
- the probe, for what axe does not do: content drawn past a box that clips
  it or past the window, display equations wider than their column, markup
  shown as text, figure text under 9 px on a phone, images and local links
  that fail, script errors, launch buttons, the set-up cell shown; the book's
  contents (the menu button) and the page's contents at 390 px must open,
  and one link in the menu is followed;
- ``answer_leaks``: no value that a solution quotes appears outside it.

Each problem starts with its rule, e.g. ``[axe color-contrast]``. Exit status
1 when there is a problem, 2 when the site or Chromium is missing.
Hand-written because axe-core measures neither what is drawn past its box,
nor markup shown as text, nor answers given away, nor whether menus open.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import http.server
import io
import re
import shutil
import sys
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
SITE_JS = ROOT / "tools" / "site" / "check_page.js"
AXE_JS = ROOT / "tools" / "site" / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
COLOUR = ["color-contrast", "link-in-text-block"]
SETTLE_MS = 100
WIDTHS = (390, 768, 1280)
MODES = ("light", "dark")
SKIPPED = {"_static", "_sources", "_images", "_downloads"}
MIN_FIGURE_PX = 9.0
FONT_KEY = "mlcourse:min-font-pt"
CONCURRENCY = 4  # pages at a time: each waits for its layout to settle


class Missing(RuntimeError):
    """No site or no browser to check it with."""


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        if shutil.which(name):
            return shutil.which(name)
    return None


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(folder: Path):
    handler = functools.partial(_Quiet, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def opened(names: list[str]) -> list[str]:
    """The pages opened in the browser: all but the library's source pages,
    which share one layout (two of them are opened; the links of all are
    checked)."""
    sources = [n for n in names if n.startswith("_modules/")]
    return [n for n in names if n not in sources[2:]]


def pages_to_check(build: Path) -> list[str]:
    return sorted(
        page.relative_to(build).as_posix()
        for page in build.rglob("*.html")
        if not SKIPPED.intersection(page.relative_to(build).parts[:-1])
    )


# ------------------------------------------------------------ what the page says


def figure_problems(build: Path, figures: list[dict]) -> list[str]:
    """Figures whose smallest text is drawn under ``MIN_FIGURE_PX`` (from
    the font size and resolution their PNG records)."""
    from PIL import Image

    problems = []
    for figure in figures:
        path = build / unquote(urlsplit(figure["src"]).path).lstrip("/")
        if path.suffix != ".png" or not path.exists():
            continue
        with Image.open(io.BytesIO(path.read_bytes())) as image:
            font_pt = float(image.text.get(FONT_KEY, 10))
            dpi = float(image.info.get("dpi", (100,))[0] or 100)
        px = font_pt / 72 * dpi * figure["shown"] / figure["natural"]
        if px < MIN_FIGURE_PX - 0.05:
            problems.append(
                f"[figure-text] {path.name}{figure['at']} is shown "
                f"{figure['shown']:.0f} px wide: its {font_pt:g} pt text is "
                f"{px:.1f} px on a phone (at least {MIN_FIGURE_PX:g})"
            )
    return problems


@functools.cache
def _ids(path: Path) -> frozenset:
    text = path.read_text(encoding="utf-8", errors="replace")
    return frozenset(re.findall(r'\b(?:id|name)="([^"]+)"', text))


def link_problems(build: Path, links: list[str]) -> list[str]:
    problems = []
    for link in sorted(set(links)):
        parts = urlsplit(link)
        target = build / unquote(parts.path).lstrip("/")
        if parts.path.endswith("/"):
            target = target / "index.html"
        if not target.exists():
            problems.append(f"[link] {link} leads to no page")
        elif parts.fragment and unquote(parts.fragment) not in _ids(target):
            problems.append(f"[link] {link}: no #{parts.fragment} there")
    return problems


# ------------------------------------------------------------ in the browser


class PageCheck:
    """One page in one browser tab, through every configuration."""

    def __init__(self, tab, build: Path, base: str, name: str):
        self.tab, self.build, self.base, self.name = tab, build, base, name
        self.problems: list[str] = []
        self.counts: dict[str, int] = {}

    async def run(self, axe: str, screenshots: Path | None) -> None:
        tab, self.screenshots = self.tab, screenshots
        await tab.set_viewport_size({"width": 390, "height": 800})
        await tab.goto(f"{self.base}/{self.name}", wait_until="load")
        await tab.evaluate(SITE_JS.read_text(encoding="utf-8"))
        await tab.add_script_tag(content=axe)
        facts = await tab.evaluate("mlcourseCheck.facts()")
        self.problems += [f"[{rule}] {text}" for rule, text in facts["found"]]
        self.problems += link_problems(self.build, facts["links"])
        self.problems += [
            f"[image] {src} is missing"
            for src in facts["images"]
            if not (
                self.build / unquote(urlsplit(src).path).lstrip("/")
            ).exists()
        ]
        self.problems += figure_problems(self.build, facts["figures"])
        notebook = (
            self.build / "_sources" / self.name.replace(".html", ".ipynb")
        )
        for host in ("mybinder", "colab") if notebook.exists() else ():
            if not any(host in link for link in facts["launch"]):
                self.problems.append(f"[launch] no {host} button")
        if self.name.startswith("_modules/"):  # the library's source
            await self.look(1280, False, None)
            return
        folds = bool(facts["folds"])  # the states: closed, and open if any
        await self.look(390, False, () if folds else COLOUR)
        if screenshots is not None:
            await tab.screenshot(
                path=self.shot(screenshots, "390"), full_page=True
            )
        if folds:
            await self.look(390, True, COLOUR)
        await self.look(768, folds)
        await self.look(
            1280, folds, None
        )  # every rule, where the most is shown
        if folds:
            await self.look(1280, False, COLOUR)
        await self.configure(390, "light", False)
        self.problems += await self.navigation(screenshots)  # last: it hovers

    async def configure(self, width: int, mode: str, fold: bool) -> None:
        if self.tab.viewport_size["width"] != width:
            await self.tab.set_viewport_size({"width": width, "height": 800})
            await self.tab.wait_for_timeout(SETTLE_MS)
        await self.tab.evaluate(
            "([o, m]) => mlcourseCheck.set(o, m)", [fold, mode]
        )

    async def look(self, width: int, fold: bool, rules=()):
        """The probe, then axe's ``rules`` (every rule with ``None``) in
        light mode and, at 1280 px, its colour rules in dark mode. Colours
        change with the mode and the folds, not with the width; what the
        width changes, which regions scroll or overflow, the probe checks."""
        await self.configure(width, "light", fold)
        folds = "folds open" if fold else "folds closed"
        for rule, text in await self.tab.evaluate("mlcourseCheck.probe()"):
            self.problems.append(f"[{rule}] at {width} px, {folds}: {text}")
        if rules == ():
            return
        await self.axe(f"light, {folds}, {width} px", rules)
        if width == 1280:
            await self.configure(width, "dark", fold)
            await self.axe(f"dark, {folds}, {width} px", COLOUR)
            if self.screenshots is not None and not fold:
                await self.tab.screenshot(
                    path=self.shot(self.screenshots, "dark")
                )

    def shot(self, folder: Path, what: str) -> str:
        stem = self.name.replace("/", "__").removesuffix(".html")
        return str(folder / f"{stem}__{what}.png")

    async def axe(self, state: str, rules: list[str] | None) -> None:
        found = await self.tab.evaluate(
            "([tags, rules]) => mlcourseCheck.axe(tags, rules)",
            [AXE_TAGS, rules],
        )
        key = state.rsplit(",", 1)[0]
        for rule in found:
            self.counts[key] = self.counts.get(key, 0) + len(rule["nodes"])
            nodes = "; ".join(rule["nodes"][:3])
            self.problems.append(
                f"[axe {rule['id']}] {state}: {rule['help']}: "
                f"{len(rule['nodes'])} node(s): {nodes}"
            )

    async def navigation(self, screenshots: Path | None) -> list[str]:
        """The book's contents (a click) and the page's (the keyboard) open
        at 390 px, on pages that have them."""
        tab, problems = self.tab, []
        if not await tab.locator("#pst-primary-sidebar").count():
            return []
        for button, dialog, press in (
            (".primary-toggle", "#pst-primary-sidebar-modal", False),
            (".secondary-toggle", "#pst-secondary-sidebar-modal", True),
        ):
            shown = tab.locator(f"button{button}:visible")
            if not await shown.count():
                if not press:
                    problems.append("[navigation] no menu button at 390 px")
                continue
            if press:
                await shown.first.focus()
                await tab.keyboard.press("Enter")
            else:
                await shown.first.click()
            links = tab.locator(f"{dialog}[open] a[href]:visible")
            if not await links.count():
                problems.append(
                    f"[navigation] {button[1:]} opens no list of links at 390 px"
                )
            elif screenshots is not None and not press:
                await tab.screenshot(path=self.shot(screenshots, "menu"))
            await tab.keyboard.press("Escape")
        return problems


async def follow_menu_link(browser, base: str, name: str) -> list[str]:
    """A reader on a phone opens the menu and follows its last link."""
    tab = await browser.new_page(viewport={"width": 390, "height": 800})
    try:
        await tab.goto(f"{base}/{name}")
        await tab.locator("button.primary-toggle:visible").first.click()
        link = tab.locator("#pst-primary-sidebar-modal[open] nav a[href]").last
        href = await link.evaluate("a => a.href")
        await link.click()
        await tab.wait_for_load_state()
        if tab.url.split("#")[0] != href.split("#")[0]:
            return [f"[navigation] the menu's link to {href} led to {tab.url}"]
        return []
    except Exception as error:  # a menu that cannot be used
        return [f"[navigation] the menu's links cannot be followed: {error}"]
    finally:
        await tab.close()


async def check_page(browser, build, base, name, axe, screenshots):
    context = await browser.new_context(service_workers="block")
    tab = await context.new_page()
    check = PageCheck(tab, build, base, name)
    errors, local, started = check.problems, f"{base}/", time.perf_counter()

    async def offline(route):
        errors.append(
            f"[offline] a request left the site: {route.request.url}"
        )
        await route.abort()

    await context.route(re.compile(r"^(?!" + re.escape(base) + ")"), offline)
    tab.on("pageerror", lambda error: errors.append(f"[script] {error}"))
    tab.on(
        "console",
        lambda m: (
            m.type == "error"
            and not m.text.startswith("Failed to load resource")
            and errors.append(f"[script] {m.text}")
        ),
    )
    tab.on(
        "response",
        lambda r: (
            r.status >= 400
            and errors.append(
                f"[request] {r.status} for {r.url.replace(local, '')}"
            )
        ),
    )
    try:
        await check.run(axe, screenshots)
    except Exception as error:  # a page that cannot be opened is a problem
        errors.append(f"[page] could not be checked: {error}")
    finally:
        await context.close()
    check.seconds = time.perf_counter() - started
    return check


async def _check(build, base, names, executable, screenshots):
    from playwright.async_api import async_playwright

    axe = AXE_JS.read_text(encoding="utf-8")
    limit = asyncio.Semaphore(CONCURRENCY)
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=executable, args=["--no-sandbox"]
        )

        async def one(name):
            async with limit:
                return await check_page(
                    browser, build, base, name, axe, screenshots
                )

        checks = await asyncio.gather(*(one(name) for name in names))
        first = next((n for n in names if n.startswith("chapters/")), None)
        followed = (
            await follow_menu_link(browser, base, first) if first else []
        )
        await browser.close()
    results = {check.name: check.problems for check in checks}
    slowest = sorted(checks, key=lambda c: -c.seconds)[:5]
    print(
        "slowest:", ", ".join(f"{c.name} {c.seconds:.0f} s" for c in slowest)
    )
    if followed:
        results[first] += followed
    counts: dict[str, int] = {}
    for check in checks:
        for key, value in check.counts.items():
            counts[key] = counts.get(key, 0) + value
    return results, counts


def static_links(build: Path, name: str) -> list[str]:
    """The local links and images of a page not opened in the browser (and
    the target of a redirect), as site paths."""
    text = (build / name).read_text(encoding="utf-8", errors="replace")
    found = re.findall(r'(?:href|src)="([^":]+)"|url=([^"\']+)', text)
    base = Path("/", name).parent
    return [
        (base / (a or b)).as_posix() for a, b in found if (a or b)[0] != "#"
    ]


def check_site(build, pages=None, screenshots=None, executable=None):
    """``({page: [problems]}, {mode: axe's violating nodes})`` of ``build``."""
    build = Path(build).resolve()
    names = pages or pages_to_check(build)
    if not names or not all((build / name).exists() for name in names):
        raise Missing(f"no built website in {build}: run make book first")
    executable = executable or find_chromium()
    if executable is None or not AXE_JS.exists():
        raise Missing("the check needs Chromium and axe-core (npm ci)")
    if screenshots is not None:
        screenshots = Path(screenshots)
        screenshots.mkdir(parents=True, exist_ok=True)
    shown = [
        name
        for name in opened(names)
        if 'http-equiv="refresh"' not in (build / name).read_text().lower()
    ]
    server = serve(build)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        results, counts = asyncio.run(
            _check(build, base, shown, executable, screenshots)
        )
    finally:
        server.shutdown()
    for name in sorted(set(names) - set(shown)):
        results[name] = link_problems(build, static_links(build, name))
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
