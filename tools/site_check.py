"""Check the built website in a real headless browser, offline.

Usage: python tools/site_check.py [BUILD_DIR] [--screenshots DIR] [--page PAGE ...]
       (defaults: _build/html, site-screenshots/, every page)

Check one page after building the book (about ten seconds):

    python tools/site_check.py --page chapters/03_gradient_descent.html

The site is served on 127.0.0.1 from a free port and every page the book produced is opened in
headless Chromium (through playwright), a few pages at a time, at a phone's width (390 px)
and a desktop's (1280 px). For each page it reports, naming the width and the section:

- a display equation wider than its column, or whose number is drawn over it;
- a page wider than the viewport, and content past the viewport or cut off by a box that no
  scroll reaches;
- TeX, MyST or Sphinx markup left as text outside code (``$$``, ``\\frac``, ``:func:`` and
  other roles, double backquotes, raw labels such as ``(eq-...)``), and emphasis shown with
  its asterisks;
- a figure whose smallest text is drawn below 9 CSS px at 390 px (from the font size and
  resolution its PNG records, see ``mlcourse.plotting.figure_png``);
- every WCAG 2.1 A and AA violation that axe-core finds (``tools/site``: ``npm ci``), per
  rule, with the failing nodes;
- an exercise answer visible outside its folded solution (``answer_leaks``);

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

A full-page screenshot of every page is saved (``NAME.png``, at 1280 px; with
``--phone-screenshots`` also ``NAME__390.png``, at 390 px).

``check_dark_mode`` opens one page in the theme's dark mode, checks that it really is dark and
that every figure keeps an opaque white background there, and saves a screenshot.

The exit status is 1 when any problem is found,
and every problem is listed; 2 when the site or the browser is missing.
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
#: The requests the offline route sees: those to any other host. Matched in
#: Playwright's driver, so that the site's own requests (hundreds per page)
#: never make the round trip to Python.
OTHER_HOSTS = re.compile(rf"^(?!https?://{re.escape(LOCAL_HOST)}[:/])")
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


#: Build-time maths and scripts: most of a page's bytes, and no anchor or
#: reader's text in them (a formula's text is its MathML, kept).
_SVG_AND_SCRIPTS = re.compile(r"<(svg|script)\b.*?</\1>", re.S | re.I)
_SVG = re.compile(r"<svg\b.*?</svg>", re.S | re.I)


@functools.cache
def _scan(path: Path) -> _Scan:
    scan = _Scan()
    text = path.read_text(encoding="utf-8", errors="replace")
    scan.feed(_SVG_AND_SCRIPTS.sub("", text))
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


#: The two widths every page is checked at: a phone and a desktop.
WIDTHS = (390, 1280)
#: A full-page screenshot of a long chapter takes a while on a busy machine.
SCREENSHOT_MS = 120_000
#: Seconds each page took in the last check (for the report).
SECONDS: dict[str, float] = {}
#: Pages opened at the same time, each in its own browser context.
CONCURRENCY = 3
#: Smallest text a figure may show, in CSS pixels, at the width it is shown.
MIN_FIGURE_TEXT_PX = 9.0
#: When a PNG does not record its smallest font (``mlcourse:min-font-pt``), assume
#: matplotlib's default tick label size, and 100 dpi without a resolution.
DEFAULT_FONT_PT = 10.0
DEFAULT_DPI = 100.0
FONT_KEY = "mlcourse:min-font-pt"
AXE_JS = ROOT / "tools" / "site" / "node_modules" / "axe-core" / "axe.min.js"
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: axe-core findings that only the theme's authors can fix, as
#: ``(rule id, CSS selector of the node, reason)``. Empty: the book's CSS and
#: templates fix every violation the theme had.
AXE_ACCEPTED: list[tuple[str, str, str]] = []


# --------------------------------------------------------------------------- in the page

_MARKUP_JS = r"""
() => {
  // TeX, MyST or Sphinx markup left as text outside code, and asterisk emphasis.
  const patterns = [
    ["TeX delimiters", /\\\(|\\\[|\$\$/],
    ["TeX command", /\\[A-Za-z]{2,}/],
    ["Sphinx role", /:[a-z]+(?::[a-z]+)?:`/],
    ["MyST role", /\{[a-z][a-z:-]*\}`/],
    ["double backquotes", /``/],
    ["raw label", /\((?:eq|fig|tab|sec|alg|thm|ex|sol|prf|def)-[\w-]+\)|^\([\w-]+\)=/],
    ["raw directive", /(?:```|:::)\s*\{[a-z]/],
    ["asterisk emphasis", /(?:^|[\s(\[])(\*\*?)(?=[^\s*])[^*\n]*[^\s*]\1(?=$|[\s.,;:!?)\]])/],
  ];
  const skip = "PRE, CODE, SCRIPT, STYLE, TEXTAREA, KBD, SAMP, NOSCRIPT, TEMPLATE, "
             + "MJX-CONTAINER, .math, .highlight, .linenos";
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const blocks = new Map();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip)) continue;
    // Join the text of one block (a paragraph split by inline elements).
    const block = parent.closest("p, li, dd, dt, td, th, h1, h2, h3, h4, h5, h6, figcaption, div, span") || parent;
    blocks.set(block, (blocks.get(block) || "") + node.textContent);
  }
  for (const [block, text] of blocks) {
    for (const [kind, pattern] of patterns) {
      const match = text.match(pattern);
      if (!match) continue;
      const at = Math.max(0, match.index - 30);
      const sec = block.closest("section[id]");
      found.push({kind, text: text.slice(at, match.index + match[0].length + 30).replace(/\s+/g, " ").trim(),
                  section: sec ? sec.id : ""});
    }
  }
  return found;
}
"""

#: A section with ``content-visibility: auto`` is laid out only near the
#: screen. Before measuring, every such section is drawn as the reader sees
#: it once scrolled there (visible, with the containment ``auto`` keeps),
#: and the page's script for newly drawn sections runs on them.
_DRAW_ALL_JS = r"""
() => {
  for (const el of document.querySelectorAll("section")) {
    if (getComputedStyle(el).contentVisibility === "auto") {
      el.style.contentVisibility = "visible";
      el.style.contain = "layout style paint";
    }
  }
  if (window.mlcourseMarkScrollable) window.mlcourseMarkScrollable(document);
  return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
}
"""

_LAYOUT_JS = r"""
() => {
  const vw = document.documentElement.clientWidth;
  const out = {viewport: vw, pageWidth: document.documentElement.scrollWidth,
               equations: [], offscreen: [], clipped: [], figures: []};
  const visible = el => {
    const s = getComputedStyle(el);
    return s.visibility !== "hidden" && s.display !== "none" && el.getClientRects().length > 0;
  };
  const section = el => { const s = el.closest("section[id]"); return s ? s.id : ""; };
  const describe = el => {
    let d = el.tagName.toLowerCase();
    if (el.id) d += "#" + el.id;
    else if (el.classList.length) d += "." + [...el.classList].slice(0, 2).join(".");
    const text = (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 50);
    return d + (text ? ` "${text}"` : "");
  };
  const tex = new Map();
  try { for (const item of MathJax.startup.document.math) tex.set(item.typesetRoot, item.math); }
  catch (error) { /* no MathJax on the page */ }
  const content = document.querySelector("main") || document.body;

  // Display equations: the glyphs' box against the column, and the number against the glyphs.
  for (const c of content.querySelectorAll('mjx-container[display="true"]')) {
    if (!visible(c)) continue;
    const host = c.closest("div.math") || c;
    const column = host.parentElement;
    const cs = getComputedStyle(column), cr = column.getBoundingClientRect();
    const left = cr.left + parseFloat(cs.paddingLeft) + parseFloat(cs.borderLeftWidth);
    const right = cr.right - parseFloat(cs.paddingRight) - parseFloat(cs.borderRightWidth);
    let l = Infinity, r = -Infinity, t = Infinity, b = -Infinity;
    // CommonHTML draws a glyph per element; SVG draws the formula in one <svg>.
    for (const g of c.querySelectorAll("mjx-c, mjx-line, mjx-mspace, mjx-box, :scope > svg")) {
      const q = g.getBoundingClientRect();
      if (q.width === 0) continue;
      l = Math.min(l, q.left); r = Math.max(r, q.right);
      t = Math.min(t, q.top); b = Math.max(b, q.bottom);
    }
    if (l === Infinity) continue;
    const eqno = host.querySelector("span.eqno");
    const number = eqno ? eqno.textContent.replace(/[#\s]/g, "") : "";
    let covered = false;
    if (eqno) {
      const n = eqno.getBoundingClientRect();
      // Only what is drawn: a scrolled container clips the rest of the maths.
      const v = c.getBoundingClientRect();
      const [vl, vr] = [Math.max(l, v.left), Math.min(r, v.right)];
      covered = n.left < vr - 1 && n.right > vl + 1 && n.top < b - 1 && n.bottom > t + 1;
    }
    const mml = c.querySelector("mjx-assistive-mml");
    const source = (tex.get(c) || (mml ? mml.textContent : "")).replace(/\s+/g, " ").trim();
    if (r > right + 1 || l < left - 1 || covered) {
      out.equations.push({number, tex: source.slice(0, 70), width: Math.round(r - l),
                          column: Math.round(right - left), covered, section: section(c)});
    }
  }

  // Content past the viewport, and content cut off by a box that does not scroll.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT, {
    acceptNode: el => {
      const tag = el.tagName;
      if (tag === "SCRIPT" || tag === "STYLE" || tag === "svg") return NodeFilter.FILTER_REJECT;
      if (tag.startsWith("MJX-") && tag !== "MJX-CONTAINER") return NodeFilter.FILTER_REJECT;
      const s = getComputedStyle(el);
      if (s.display === "none" || s.visibility === "hidden") return NodeFilter.FILTER_REJECT;
      if (s.position === "fixed" && el.getBoundingClientRect().right <= 0) return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    }});
  const reported = new Set();
  for (let el = walker.nextNode(); el; el = walker.nextNode()) {
    const q = el.getBoundingClientRect();
    if (q.width === 0 || q.height === 0) continue;
    const s = getComputedStyle(el);
    if ((s.overflowX === "hidden" || s.overflowX === "clip") && el.scrollWidth > el.clientWidth + 1
        && s.textOverflow !== "ellipsis" && el.closest("article")) {
      // A box that clips its content: what sticks out cannot be seen. Measured on what is
      // drawn (MathJax's hidden MathML for screen readers is wider than the maths).
      // What a nested box scrolls or clips is its own business.
      const extent = (node, box) => {
        for (const d of node.children) {
          if (d.tagName === "MJX-ASSISTIVE-MML") continue;
          const ds = getComputedStyle(d);
          if (ds.display === "none" || ds.visibility === "hidden") continue;
          const r = d.getBoundingClientRect();
          if (r.width > 0 && r.height > 0) {
            box.right = Math.max(box.right, r.right); box.left = Math.min(box.left, r.left);
          }
          if (ds.overflowX === "visible") extent(d, box);
        }
        return box;
      };
      const {left, right} = extent(el, {left: Infinity, right: -Infinity});
      const hidden = Math.max(right - q.right, q.left - left);
      if (hidden > 2) out.clipped.push({what: describe(el), hidden: Math.round(hidden), section: section(el)});
    }
    // Left of the viewport is where the theme keeps its closed drawers.
    if (q.right <= vw + 1 && (q.left >= -1 || !el.closest("article"))) continue;
    let ancestor = el.parentElement, scrolls = false, clippedBy = null;
    for (; ancestor && ancestor !== document.documentElement; ancestor = ancestor.parentElement) {
      if (reported.has(ancestor)) break;
      const a = getComputedStyle(ancestor);
      if (a.overflowX === "auto" || a.overflowX === "scroll") { scrolls = true; break; }
      if ((a.overflowX === "hidden" || a.overflowX === "clip") && ancestor !== document.body) {
        clippedBy = ancestor; break;
      }
    }
    if (scrolls || (ancestor && reported.has(ancestor))) continue;
    reported.add(el);
    out.offscreen.push({what: describe(el), left: Math.round(q.left), right: Math.round(q.right),
                        clippedBy: clippedBy ? describe(clippedBy) : "", section: section(el)});
  }

  // Figures: how large they are drawn, for the size of their text.
  const article = document.querySelector("article") || content;
  for (const img of article.querySelectorAll("img")) {
    if (!visible(img) || img.naturalWidth === 0) continue;
    out.figures.push({src: img.currentSrc || img.src, natural: img.naturalWidth,
                      shown: img.getBoundingClientRect().width, section: section(img)});
  }
  return out;
}
"""


def _png_facts(data: bytes) -> tuple[float, float, bool]:
    """The dpi, the smallest font size (points) of a PNG, and whether it said so."""
    import io

    from PIL import Image

    try:
        image = Image.open(io.BytesIO(data))
        dpi = image.info.get("dpi", (DEFAULT_DPI,))[0] or DEFAULT_DPI
        text = getattr(image, "text", {}) or {}
    except Exception:  # not an image Pillow can read: the defaults
        return DEFAULT_DPI, DEFAULT_FONT_PT, False
    if FONT_KEY in text:
        return float(dpi), float(text[FONT_KEY]), True
    return float(dpi), DEFAULT_FONT_PT, False


def _image_bytes(build: Path, base: str, src: str) -> bytes | None:
    import base64

    if src.startswith("data:image/png;base64,"):
        return base64.b64decode(src.split(",", 1)[1])
    if src.startswith(base):
        path = _local_file(build, urlsplit(src).path)
        if path.suffix.lower() == ".png" and path.exists():
            return path.read_bytes()
    return None


def figure_text_problems(build: Path, base: str, figures: list[dict]):
    """Figures whose smallest text is drawn below ``MIN_FIGURE_TEXT_PX``."""
    problems = []
    for figure in figures:
        data = _image_bytes(build, base, figure["src"])
        if data is None or not figure["natural"]:
            continue
        dpi, font_pt, _ = _png_facts(data)
        text_px = font_pt / 72 * dpi * figure["shown"] / figure["natural"]
        if text_px < MIN_FIGURE_TEXT_PX - 0.05:
            name = figure["src"]
            name = (
                "an embedded animation frame"
                if name.startswith("data:")
                else name.rsplit("/", 1)[-1]
            )
            where = (
                f" in section #{figure['section']}"
                if figure["section"]
                else ""
            )
            problems.append(
                f"figure text too small: {name}{where} is shown "
                f"{figure['shown']:.0f} px wide, so its {font_pt:g} pt text is "
                f"{text_px:.1f} px (at least {MIN_FIGURE_TEXT_PX:g}): enlarge "
                f"the text, or use fewer panels or a narrower figure"
            )
    return problems


def layout_problems(width: int, facts: dict) -> list[str]:
    """What the page's layout facts at ``width`` say is wrong."""
    problems = []
    at = f"at {width} px"

    def where(item):
        return f" in section #{item['section']}" if item.get("section") else ""

    if facts["pageWidth"] > facts["viewport"] + 1:
        problems.append(
            f"{at}: the page is {facts['pageWidth']} px wide, wider than the "
            f"viewport ({facts['viewport']} px): it drags sideways"
        )
    for eq in facts["equations"]:
        name = f"equation {eq['number']}" if eq["number"] else "an equation"
        if eq["width"] > eq["column"] + 1:
            problems.append(
                f"{at}: display {name}{where(eq)} is {eq['width']} px wide in a "
                f"{eq['column']} px column: split it (aligned) or shorten it: "
                f"{eq['tex']!r}"
            )
        if eq["covered"]:
            problems.append(
                f"{at}: the number of {name}{where(eq)} is drawn over the "
                f"maths: {eq['tex']!r}"
            )
    for item in facts["offscreen"][:10]:
        how = (
            f"cut off by {item['clippedBy']}"
            if item["clippedBy"]
            else "past the viewport"
        )
        problems.append(
            f"{at}: content {how}, from x={item['left']} to "
            f"x={item['right']}{where(item)}, and no scroll reaches it: "
            f"{item['what']}"
        )
    for item in facts["clipped"][:10]:
        problems.append(
            f"{at}: {item['hidden']} px of content cut off with no scroll"
            f"{where(item)}: {item['what']}"
        )
    return problems


def markup_problems(found: list[dict]) -> list[str]:
    return [
        f"markup shown as text ({item['kind']})"
        + (f" in section #{item['section']}" if item["section"] else "")
        + f": {item['text']!r}"
        for item in found
    ]


@functools.cache
def axe_source() -> str:
    if not AXE_JS.exists():
        raise BrowserMissing(
            f"axe-core is missing ({AXE_JS.relative_to(ROOT)}): run "
            "'npm ci --prefix tools/site'"
        )
    return AXE_JS.read_text(encoding="utf-8")


_FLATTEN_MATHS_JS = """
() => {
  for (const c of document.querySelectorAll("mjx-container")) {
    const mml = c.querySelector("mjx-assistive-mml");
    c.replaceChildren(document.createTextNode(mml ? mml.textContent : c.textContent));
  }
  // Code: one text node per block instead of a span per token.
  for (const c of document.querySelectorAll("div.highlight pre, code.literal")) {
    c.replaceChildren(document.createTextNode(c.textContent));
  }
}
"""

_AXE_RUN_JS = """
async (tags) => {
  // No preload: axe would fetch the stylesheets again, and resolve the theme's
  // @import against the wrong folder. Two runs: the contrast rules, the costly ones, leave out code (the theme's
  // accessible Pygments palettes) and cell outputs (plain text).
  const maths = [["mjx-container"]];
  const costly = ["color-contrast", "link-in-text-block"];
  const rules = axe.getRules(tags).map(r => r.ruleId);
  const first = await axe.run({exclude: maths},
    {runOnly: {type: "rule", values: rules.filter(r => !costly.includes(r))},
     resultTypes: ["violations"], preload: false});
  // Contrast depends on colours and text size only: one element of each kind of
  // text (its colour, size, weight, decoration, and the background behind it) stands
  // for the others: the costly rules check one of each kind.
  const backgrounds = new Map();
  const background = el => {
    if (!el) return "none";
    if (backgrounds.has(el)) return backgrounds.get(el);
    const s = getComputedStyle(el);
    const value = s.backgroundImage !== "none" ? "image " + el.className
      : (s.backgroundColor !== "rgba(0, 0, 0, 0)" ? s.backgroundColor + " " + s.opacity
         : background(el.parentElement));
    backgrounds.set(el, value);
    return value;
  };
  const kinds = new Set();
  for (const el of document.body.querySelectorAll("*")) {
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const s = getComputedStyle(el);
    const parent = el.parentElement ? getComputedStyle(el.parentElement).color : "";
    const kind = [el.tagName === "A", s.color, s.fontSize, s.fontWeight, s.opacity,
                  s.textDecorationLine, parent, background(el)].join("|");
    if (!kinds.has(kind) && !el.closest("mjx-container, div.highlight, div.cell_output")) {
      kinds.add(kind);
      el.setAttribute("data-axe-kind", "");
    }
  }
  const second = await axe.run(
    {include: [["[data-axe-kind]"]]},
    {runOnly: {type: "rule", values: costly}, resultTypes: ["violations"],
     preload: false});
  return [...first.violations, ...second.violations].map(v => ({
    id: v.id, help: v.help, impact: v.impact,
    nodes: v.nodes.map(n => n.target.join(" "))}));
}
"""


def axe_problems(violations: list[dict]) -> list[str]:
    """One line per rule, with the nodes that fail it (accepted ones left out)."""
    problems = []
    for rule in violations:
        nodes = [
            node
            for node in rule["nodes"]
            if not any(
                rule["id"] == rule_id and selector in node
                for rule_id, selector, _ in AXE_ACCEPTED
            )
        ]
        if nodes:
            shown = "; ".join(nodes[:4]) + (" ..." if len(nodes) > 4 else "")
            problems.append(
                f"axe {rule['id']} ({rule['help']}): {len(nodes)} node(s): "
                f"{shown}"
            )
    return problems


# --------------------------------------------------------------------------- answers


def _significant(token: str) -> int:
    """Significant digits; a whole number's trailing zeros do not count
    (100 is a round size, not a computed answer)."""
    digits = re.sub(r"e[-+]?\d+$", "", token.lower()).lstrip("-")
    if "." not in digits:
        digits = digits.rstrip("0")
    return len(digits.replace(".", "").lstrip("0"))


_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:e[-+]?\d+)?(?![\w]|\.\d)")
_LIST = re.compile(r"[\[(]\s*-?\d[-\d.,\s]*[\])]")
_QUOTED = re.compile(r"""(?<!\w)(["'])([^"'\n]{3,40})\1""")


def answer_values(solution: str, prose: str, statement: str) -> set[str]:
    """The answer values a solution quotes that its exercise does not.

    Numbers with at least three significant digits, lists of at least three
    numbers, and strings quoted in the solution's prose; a year (1800 to 2100)
    is a citation, not an answer.
    """
    given = set(_NUMBER.findall(statement)) | {
        re.sub(r"\s+", "", m) for m in _LIST.findall(statement)
    }
    values = set()
    for token in _NUMBER.findall(solution):
        if _significant(token) < 3 or token in given:
            continue
        if re.fullmatch(r"1[89]\d\d|20\d\d|2100", token):
            continue
        values.add(token)
    for token in _LIST.findall(solution):
        compact = re.sub(r"\s+", "", token)
        if len(_NUMBER.findall(compact)) >= 3 and compact not in given:
            values.add(compact)
    for _, token in _QUOTED.findall(prose):
        if token not in statement:
            values.add(repr(token))
    return values


def _value_pattern(value: str) -> re.Pattern:
    if value.startswith("'"):
        return re.compile(re.escape(value[1:-1]))
    if value[0] in "[(":
        parts = [re.escape(c) for c in value]
        return re.compile(r"\s*".join(parts))
    return re.compile(r"(?<![\w.])" + re.escape(value) + r"(?![\w]|\.\d)")


def answer_leaks(html: str) -> list[str]:
    """Exercise answers visible outside their folded solution on one page.

    For every solution (``div.solution``), the values it quotes
    (:func:`answer_values`) must not appear in the page's text outside every
    solution, code and outputs included.
    """
    return list(_answer_leaks(html))


@functools.lru_cache(maxsize=32)
def _answer_leaks(html: str) -> tuple[str, ...]:
    from bs4 import BeautifulSoup

    if "solution" not in html:
        return ()
    # The maths' SVG holds no text (its MathML does) and costs most of the
    # parse; the page's own test and the site check share one result.
    html = _SVG.sub("", html)
    soup = BeautifulSoup(html, "html.parser")
    article = soup.find("article") or soup.body or soup
    solutions = article.select("div.solution")
    if not solutions:
        return ()
    for tag in article.find_all(["script", "style"]):
        tag.decompose()
    # What a cell prints differently on every run (a timing: the cell is
    # tagged for nbval to ignore its output) can equal an answer by chance;
    # it gives nothing away.
    for output in article.select(
        "div.tag_nbval-ignore-output div.cell_output"
    ):
        output.decompose()
    found = [_quoted_values(article, solution) for solution in solutions]
    for solution in solutions:
        solution.extract()
    outside = re.sub(r"\s+", " ", article.get_text(" "))
    problems = []
    for name, values in found:
        for value in values:
            match = _value_pattern(value).search(outside)
            if match:
                at = outside[
                    max(0, match.start() - 40) : match.end() + 40
                ].strip()
                problems.append(
                    f"answer shown outside its solution: {name}: its "
                    f"solution quotes {value}, and the page shows it: {at!r}"
                )
    return tuple(problems)


def _quoted_values(article, solution) -> tuple[str, list[str]]:
    """The exercise's name and the answer values its solution quotes."""
    title = solution.select_one("p.admonition-title")
    link = title.select_one('a[href^="#"]') if title else None
    exercise_id = link["href"][1:] if link else ""
    exercise = article.find(id=exercise_id) if exercise_id else None
    statement = exercise.get_text(" ") if exercise else ""
    if exercise is not None:
        for element in exercise.find_all_next():
            if element is solution:
                break
            if "cell_input" in (element.get("class") or []):
                statement += " " + element.get_text(" ")
    body = solution.select_one("section") or solution
    text = body.get_text(" ")
    prose = " ".join(
        p.get_text(" ")
        for p in body.find_all(["p", "li"])
        if not p.find_parent("div", class_="cell")
    )
    name = link.get_text(" ", strip=True) if link else solution.get("id", "?")
    return name, sorted(answer_values(text, prose, statement))


# --------------------------------------------------------------------------- one page


#: After a resize, wait for two frames and for every finite CSS transition
#: or animation the resize started (the theme slides its sidebars), at most
#: this long: a page measured mid-transition has boxes in passing places.
SETTLE_MS = 2000
_SETTLE_JS = """
async (limit) => {
  const frame = () => new Promise(r => requestAnimationFrame(() => r()));
  await frame(); await frame();
  const running = document.getAnimations().filter(a => {
    const end = a.effect ? a.effect.getComputedTiming().endTime : Infinity;
    return Number.isFinite(end);
  });
  const finished = Promise.all(running.map(a => a.finished.catch(() => null)));
  await Promise.race([finished, new Promise(r => setTimeout(r, limit))]);
  await frame();
}
"""


async def _settle(page_obj) -> None:
    await page_obj.evaluate(_SETTLE_JS, SETTLE_MS)


async def check_page(
    browser,
    build: Path,
    base: str,
    page: Path,
    screenshots: Path | None,
    axe: bool = True,
    phone_screenshots: bool = False,
) -> list[str]:
    """Open one page at both widths and return its problems.

    A full-page screenshot is saved at 1280 px, and at 390 px too with
    ``phone_screenshots``.
    """
    started = time.perf_counter()
    relative = page.relative_to(build).as_posix()
    url = f"{base}/{relative}"
    refresh = _scan(page).refresh
    if refresh is not None:  # a redirect (the root index.html): its target
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
    blocked: list[str] = []
    # A fresh context per page: no page depends on what an earlier one stored.
    context = await browser.new_context(
        viewport={"width": WIDTHS[0], "height": 900},
        service_workers="block",
    )
    await context.route(OTHER_HOSTS, _offline_route_async(blocked))
    page_obj = await context.new_page()

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
                    f"HTTP {response.status} for "
                    f"{response.request.resource_type} "
                    f"{response.url[len(base) :]}"
                )

    def on_failed(request):
        if request.url.startswith(base) and request.url not in http_errors:
            problems.append(
                f"failed {request.resource_type} "
                f"{request.url[len(base) :]}: {request.failure}"
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
    stem = relative.replace("/", "__").removesuffix(".html")
    try:
        await page_obj.goto(url, wait_until="load", timeout=60_000)
        await page_obj.evaluate(_DRAW_ALL_JS)
        facts = await page_obj.evaluate(_PAGE_FACTS_JS, MATHJAX_WAIT_MS)
        for index, width in enumerate(WIDTHS):
            if index:
                await page_obj.set_viewport_size(
                    {"width": width, "height": 900}
                )
                await _settle(page_obj)
            layout = await page_obj.evaluate(_LAYOUT_JS)
            problems.extend(layout_problems(width, layout))
            if width == min(WIDTHS):
                problems.extend(
                    figure_text_problems(build, base, layout["figures"])
                )
                if screenshots is not None and phone_screenshots:
                    await page_obj.screenshot(
                        path=str(screenshots / f"{stem}__{width}.png"),
                        full_page=True,
                        timeout=SCREENSHOT_MS,
                    )
        problems.extend(markup_problems(await page_obj.evaluate(_MARKUP_JS)))
        for src in facts["brokenImages"]:
            problems.append(f"image did not load: {src}")
        # Python's share (parsing pages) runs beside the browser's.
        links = asyncio.create_task(
            asyncio.to_thread(_check_links, build, base, page, facts["links"])
        )
        for text in facts["mathLeft"]:
            problems.append(f"math not rendered by MathJax: {text!r}")
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
            await page_obj.screenshot(
                path=str(screenshots / f"{stem}.png"),
                full_page=True,
                timeout=SCREENSHOT_MS,
            )
        if axe:
            # Most nodes of a page are MathJax's glyph boxes and the spans
            # of highlighted code, which make axe slow for nothing (screen
            # readers read the hidden MathML; code keeps its text): each
            # formula and each code block becomes its plain text.
            await page_obj.evaluate(_FLATTEN_MATHS_JS)
            await page_obj.add_script_tag(content=axe_source())
            violations = await page_obj.evaluate(_AXE_RUN_JS, AXE_TAGS)
            problems.extend(axe_problems(violations))
        problems.extend(await links)
    except BrowserMissing:
        raise
    except Exception as error:  # a page that cannot be opened is a problem
        problems.append(
            f"could not check the page: {type(error).__name__}: {error}"
        )
    finally:
        await context.close()
    problems.extend(
        await asyncio.to_thread(answer_leaks, page.read_text(encoding="utf-8"))
    )
    SECONDS[relative] = time.perf_counter() - started
    return problems + blocked


def _offline_route_async(blocked: list[str]):
    """Let local requests through; block (and note) all others."""

    async def route(route_obj):
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
            await route_obj.abort("blockedbyclient")
        else:
            await route_obj.continue_()

    return route


async def _check_pages(
    build, base, pages, screenshots, executable, axe, phone_screenshots
) -> dict[str, list[str]]:
    from playwright.async_api import async_playwright

    limit = asyncio.Semaphore(CONCURRENCY)
    async with async_playwright() as p:
        browser = await p.chromium.launch(
            executable_path=executable, headless=True, args=BROWSER_ARGS
        )

        async def one(page):
            async with limit:
                return await check_page(
                    browser,
                    build,
                    base,
                    page,
                    screenshots,
                    axe,
                    phone_screenshots,
                )

        found = await asyncio.gather(*(one(page) for page in pages))
        await browser.close()
    return {
        page.relative_to(build).as_posix(): problems
        for page, problems in zip(pages, found)
    }


def check_site(
    build: Path,
    screenshots: Path | None = ROOT / "site-screenshots",
    executable: str | None = None,
    pages: list[str] | None = None,
    axe: bool = True,
    phone_screenshots: bool = False,
) -> dict[str, list[str]]:
    """Check the site in ``build``; return ``{page: [problems]}``.

    Every page (or only ``pages``, paths relative to ``build``) is opened at
    390 px and 1280 px, ``CONCURRENCY`` at a time in one browser.
    """
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
    if axe:
        axe_source()
    selected = (
        [build / name for name in pages] if pages else pages_to_check(build)
    )
    for path in selected:
        if not path.exists():
            raise FileNotFoundError(f"no page {path.relative_to(build)}")
    if screenshots is not None:
        screenshots = Path(screenshots)
        if screenshots.exists() and not pages:
            shutil.rmtree(screenshots)
        screenshots.mkdir(parents=True, exist_ok=True)

    server = serve(build)
    base = f"http://{LOCAL_HOST}:{server.server_address[1]}"
    try:
        return asyncio.run(
            _check_pages(
                build,
                base,
                selected,
                screenshots,
                executable,
                axe,
                phone_screenshots,
            )
        )
    finally:
        server.shutdown()
        server.server_close()


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
            context.route(OTHER_HOSTS, _offline_route(blocked))
            context.add_init_script(
                "localStorage.setItem('mode', 'dark');"
                "localStorage.setItem('theme', 'dark');"
            )
            page_obj = context.new_page()
            page_obj.goto(f"{base}/{page}", wait_until="load", timeout=30_000)
            page_obj.evaluate(_DRAW_ALL_JS)
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


def format_report(results: dict[str, list[str]]) -> str:
    lines = []
    for name, problems in sorted(results.items()):
        for problem in problems:
            lines.append(f"{name}: {problem}")
    return "\n".join(lines)


def problem_key(line: str) -> str:
    """A report line without what changes from build to build.

    Image names (content hashes) and measured sizes go, so that the same
    defect has the same key after a figure is redrawn.
    """
    line = re.sub(r"[0-9a-f]{64}\.png", "<figure>", line)
    line = re.sub(r"'[^']*'$", "", line)  # the quoted snippet of the page
    return re.sub(r"\d+(?:\.\d+)?", "N", line).strip()


def compare_with_known(report: str, known: list[str]) -> tuple[list, list]:
    """The report's new problems, and the known ones it no longer has."""
    found = {problem_key(line) for line in report.splitlines() if line}
    listed = {
        problem_key(line)
        for line in known
        if line.strip() and not line.startswith("#")
    }
    new = sorted(
        line
        for line in report.splitlines()
        if line and problem_key(line) not in listed
    )
    fixed = sorted(listed - found)
    return new, fixed


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
    parser.add_argument(
        "--page",
        action="append",
        default=[],
        help="check only this page (relative to BUILD_DIR; repeatable)",
    )
    parser.add_argument(
        "--phone-screenshots",
        action="store_true",
        help="also save NAME__390.png, each page at 390 px",
    )
    parser.add_argument(
        "--no-axe", action="store_true", help="skip the accessibility audit"
    )
    args = parser.parse_args(argv)
    if args.page and args.dark == DARK_PAGE:
        args.dark = ""
    start = time.perf_counter()
    try:
        results = check_site(
            Path(args.build),
            Path(args.screenshots) if args.screenshots else None,
            pages=args.page or None,
            axe=not args.no_axe,
            phone_screenshots=args.phone_screenshots,
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
    slowest = sorted(SECONDS.items(), key=lambda item: -item[1])[:3]
    print(
        "slowest pages: "
        + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in slowest)
    )
    print(
        f"{len(results)} page(s) checked in {seconds:.1f} s: "
        f"{n_problems} problem(s) on {sum(1 for p in results.values() if p)} page(s)."
    )
    return 1 if n_problems else 0


if __name__ == "__main__":
    sys.exit(main())
