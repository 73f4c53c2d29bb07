"""Lecture decks (reveal.js) from the chapters' built pages, and handouts.

The build marks the cells a chapter chose for its lecture (``editions.py``);
here those parts of the built page, maths and figures included, become a
reveal.js deck. No maintained tool does it: nbconvert's slides show MyST
markup raw, and sphinx-revealjs makes slides of whole sections.
``python tools/editions/decks.py`` prints each deck to a PDF handout.
"""

from __future__ import annotations

import posixpath
import re
import shutil
import sys
from pathlib import Path
from urllib.parse import urlsplit

from bs4 import BeautifulSoup

FOLDER = "_downloads/slides"
REVEAL = Path(__file__).resolve().parents[1] / "slides/node_modules/reveal.js"
ASSETS = ("reveal.js", "reveal.css", "theme/white.css", "theme/fonts")
SIZE = (1280, 720)
LOADED = "[...document.images].every(i => i.complete && i.naturalWidth)"
HEADING = re.compile("h[1-6]")
KINDS = ("deck-slide", "deck-subslide", "deck-fragment", "deck-continue")
HIDDEN = "a.headerlink, button, details.above-input, .toggle-details__summary"
STYLE = """.reveal{--r-main-font-size:26px;--r-heading-font-size:inherit}
.reveal h1{font-size:1.9em}.reveal h2,.reveal h3{font-size:1.35em}
.reveal .slides section{text-align:left}
.reveal img:not(.math){max-height:440px;width:auto;margin:0 auto;display:block}
.reveal img.math{margin:0;max-width:none;max-height:none}
.reveal pre{width:100%;box-shadow:none;font-size:.7em}
.reveal-print body{display:block}.reveal-print .reveal{overflow:visible}
.measuring{width:1280px}.measuring section{display:block!important;position:relative!important;visibility:hidden}
.reveal figure{margin:0 auto}.reveal .admonition{font-size:.85em}"""
# Once the images have loaded, before reveal.js lays out (the handout's
# print view too): a slide taller than the deck shrinks to fit, down to 60 %
# (the check fails beyond).
FIT = """const slides = document.querySelector(".slides");
slides.classList.add("measuring");
for (const fit of document.querySelectorAll(".fit")) {
  const scale = Math.max(0.6, Math.min(1, 680 / fit.scrollHeight));
  fit.style.zoom = scale;  // layout shrinks too: a printed page holds it
}
slides.classList.remove("measuring");"""
PAGE = """<!DOCTYPE html><html lang="en" data-theme="light"><head>
<meta charset="utf-8"><title>{title} (slides)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
{head}<style>{style}</style></head><body>{defs}
<div class="reveal"><div class="slides">{slides}</div></div>
<script src="{static}/reveal.js"></script><script>
addEventListener("load", () => {{ {fit}
Reveal.initialize({{width: {w}, height: {h}, hash: true, center: false,
  slideNumber: "c/t", pdfSeparateFragments: false,
  pdfMaxPagesPerSlide: 1}}); }});</script></body></html>"""


def write_decks(app, exception) -> None:
    """At the end of an HTML build: a deck per chapter with marked cells."""
    if exception or app.builder.format != "html":
        return
    out = Path(app.outdir)
    for page in sorted((out / "chapters").glob("*.html")):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        if soup.select_one(".deck-slide"):
            deck = out / FOLDER / page.name
            deck.parent.mkdir(parents=True, exist_ok=True)
            page_path = page.relative_to(out).as_posix()
            html = make_deck(soup, page_path, f"{FOLDER}/{page.name}")
            deck.write_text(html, encoding="utf-8")
    for name in ASSETS:
        source, target = REVEAL / "dist" / name, out / "_static/reveal" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, dirs_exist_ok=True)
        else:
            shutil.copyfile(source, target)


def make_deck(soup, page: str, deck: str) -> str:
    """The deck (at ``deck``) of the built chapter ``page`` (``soup``)."""
    home = posixpath.relpath(page, posixpath.dirname(deck))
    for tag in soup.select("[src], a[href], link[href]"):
        attribute = "src" if tag.has_attr("src") else "href"
        tag[attribute] = moved(tag[attribute], page, deck)
    for tag in soup.select(HIDDEN):
        tag.decompose()
    for image in soup.select("img[loading]"):
        del image["loading"]  # a handout prints every slide at once
    for tag in soup.select("[class*=deck-cell-] section"):
        tag.name = "div"  # a section in a slide would be a slide of its own
    title = soup.select_one("main h1").get_text(" ", strip=True)
    pdf = moved("../_downloads/book.pdf", page, deck)
    slides = [
        f'<section class="title"><p>{soup.title.string.split("—")[-1]}</p>'
        f"<h1>{title}</h1><p>Lecture slides of the chapter: "
        f'<a href="{home}">read it</a>, or the '
        f'<a href="{pdf}">whole book (PDF)</a>.</p></section>'
    ]
    for stack in group(soup):
        inner = "".join(
            f"<section><div class=fit>{s}</div></section>" for s in stack
        )
        slides.append(
            inner if len(stack) == 1 else f"<section>{inner}</section>"
        )
    head = "".join(map(str, soup.select("link[rel=stylesheet], style")))
    static = moved("../_static/reveal", page, deck)
    head += f'<link rel="stylesheet" href="{static}/reveal.css">'
    head += f'<link rel="stylesheet" href="{static}/theme/white.css">'
    defs = soup.select_one("#MJX-SVG-global-cache") or ""
    return PAGE.format(title=title, head=head, style=STYLE, defs=defs,
                       static=static, slides="".join(slides), fit=FIT,
                       w=SIZE[0], h=SIZE[1])  # fmt: skip


def moved(url: str, page: str, deck: str) -> str:
    """``url`` as written in ``page``, written for ``deck``."""
    if urlsplit(url).scheme or url.startswith(("/", "data:")):
        return url
    if url.startswith("#"):
        return posixpath.relpath(page, posixpath.dirname(deck)) + url
    target = posixpath.normpath(posixpath.join(posixpath.dirname(page), url))
    return posixpath.relpath(target, posixpath.dirname(deck))


def group(soup) -> list[list[str]]:
    """The marked nodes as stacks of slides: a stack per "slide" cell, a
    slide per "subslide" cell, a fragment per "fragment" cell."""
    stacks, last = [], None
    for node in soup.select("[class*=deck-cell-]"):
        if node.find_parent(class_=re.compile("deck-cell-")):
            continue
        cell = next(c for c in node["class"] if c.startswith("deck-cell-"))
        kind = next(c for c in node["class"] if c in KINDS)[5:]
        if cell != last:
            if kind == "slide" or not stacks:
                stacks.append([[]])
            elif kind == "subslide":
                stacks[-1].append([])
            stacks[-1][-1].append([kind == "fragment", ""])
        block = stacks[-1][-1][-1]
        if len(stacks[-1][-1]) == 1 and not block[1]:
            if not re.fullmatch("h[1-6]", node.name):  # the section's title
                block[1] = str(node.find_parent("section").find(HEADING))
        block[1] += str(node)
        last = cell
    fragment = lambda frag, html: (
        f'<div class="fragment">{html}</div>' if frag else html
    )
    return [["".join(fragment(*part) for part in slide) for slide in stack]
            for stack in stacks]  # fmt: skip


def handouts(folder: Path) -> None:
    """Print every deck in ``folder`` to a PDF beside it, a slide a page."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = shutil.which("chromium")
        browser = playwright.chromium.launch(executable_path=chromium)
        page = browser.new_page()
        for deck in sorted(folder.glob("*.html")):
            page.goto(deck.resolve().as_uri() + "?print-pdf")
            page.wait_for_selector(".pdf-page")
            page.wait_for_function(LOADED)
            page.pdf(path=deck.with_suffix(".pdf"), print_background=True,
                     width=f"{SIZE[0]}px", height=f"{SIZE[1]}px")  # fmt: skip
        browser.close()


if __name__ == "__main__":
    handouts(Path((sys.argv[1:] or ["_build/html"])[0]) / FOLDER)
