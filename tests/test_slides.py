"""The lecture decks (``make slides``), opened as a lecturer would open them.

``make test-editions`` runs these tests on the decks the website's build
wrote: each deck in headless Chromium at 1280 x 720, served from 127.0.0.1
with every other host cut off. Every slide fits (reveal.js shrinks a tall
one to 60 % at most), its maths is rendered, no exercise answer appears,
and the deck loads nothing from elsewhere; each handout has a page per
slide. Each check is also shown a fixture deck it must reject.
"""

from __future__ import annotations

import functools
import http.server
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from editions import decks

ROOT = Path(__file__).resolve().parents[1]
HTML = ROOT / "_build" / "html"
SLIDES = HTML / decks.FOLDER
PROBE = """() => {
  const frame = document.querySelector(".slides").getBoundingClientRect();
  const slide = document.querySelector(".slides section.present:not(.stack)");
  const outside = [...slide.querySelectorAll("*")].filter(e => {
    const r = e.getBoundingClientRect();
    return r.height && (r.bottom > frame.bottom + 1 || r.right > frame.right + 1);
  });
  const cut = [...slide.querySelectorAll("pre, .output")].filter(
    e => e.scrollWidth > e.clientWidth + 1);
  const clone = slide.cloneNode(true);
  clone.querySelectorAll("pre, code, mjx-container").forEach(e => e.remove());
  return {
    overflow: outside.length + cut.length,
    rawTex: (clone.textContent.match(/\\\\[(\\[]|\\$\\$|\\\\begin\\{|\\\\frac/g) || []).length,
    unrendered: [...slide.querySelectorAll(".math")].filter(
      e => !e.matches("img") && !e.querySelector("svg, mjx-container, img")).length,
    text: slide.innerText,
  };
}"""


def numbered_chapters() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    return [
        Path(chapter["file"]).name
        for part in toc["parts"]
        if part.get("numbered")
        for chapter in part["chapters"]
    ]


@pytest.fixture(scope="module")
def server():
    """An HTTP server of ``_build/html`` (or a fixture's folder) on 127.0.0.1."""
    roots = {"": HTML}

    class Handler(http.server.SimpleHTTPRequestHandler):
        def translate_path(self, path):
            first, _, rest = path.lstrip("/").partition("/")
            if first in roots:
                return str(roots[first] / rest.split("?")[0].split("#")[0])
            return super().translate_path(path)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Handler, directory=str(HTML))
    )
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", roots
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.skip("no Chromium (apt-get install chromium)")
    with playwright.sync_playwright() as p:
        yield p.chromium.launch(executable_path=path)


def inspect(browser, url: str) -> dict:
    """Every slide of the deck at ``url``, probed; the requests it made that
    left 127.0.0.1 or failed."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    away, failed = [], []
    page.route(
        re.compile(r"^(?!https?://127\.0\.0\.1[:/])"),
        lambda route: (away.append(route.request.url), route.abort()),
    )
    page.on("response", lambda r: r.status >= 400 and failed.append(r.url))
    page.goto(url)
    page.wait_for_function("window.Reveal && Reveal.isReady()")
    slides = []
    for h, stack in enumerate(page.query_selector_all(".slides > section")):
        count = len(stack.query_selector_all(":scope > section")) or 1
        for v in range(count):
            page.evaluate(f"Reveal.slide({h}, {v}, 999); Reveal.layout()")
            slides.append(page.evaluate(PROBE))
    page.close()
    return {"slides": slides, "away": away, "failed": failed}


def answers(chapter: Path) -> set[str]:
    """Numbers that the chapter's solutions quote and the rest of its page
    does not: one of them on a slide gives an answer away."""
    soup = BeautifulSoup(chapter.read_text(encoding="utf-8"), "html.parser")
    found = set()
    for solution in soup.select(".solution"):
        found |= set(re.findall(r"\d+\.\d+|\d{2,}", solution.get_text(" ")))
        solution.decompose()
    return found - set(re.findall(r"\d+\.\d+|\d{2,}", soup.get_text(" ")))


def problems(report: dict, secret: set[str]) -> list[str]:
    found = [f"request to another host: {u}" for u in report["away"]]
    found += [f"failed request: {u}" for u in report["failed"]]
    for number, slide in enumerate(report["slides"], 1):
        for key in ("overflow", "rawTex", "unrendered"):
            if slide[key]:
                found.append(f"slide {number}: {key} ({slide[key]})")
        shown = set(re.findall(r"\d+\.\d+|\d{2,}", slide["text"])) & secret
        if shown:
            found.append(f"slide {number}: an answer shows: {sorted(shown)}")
    return found


def test_every_chapter_has_a_deck():
    assert sorted(p.stem for p in SLIDES.glob("*.html")) == numbered_chapters()


@pytest.mark.parametrize("chapter", numbered_chapters())
def test_the_deck_fits_renders_its_maths_hides_answers_offline(
    chapter, server, browser
):
    base, _ = server
    report = inspect(browser, f"{base}/{decks.FOLDER}/{chapter}.html")
    assert len(report["slides"]) >= 6
    secret = answers(HTML / "chapters" / f"{chapter}.html")
    assert problems(report, secret) == []
    deck = (SLIDES / f"{chapter}.html").read_text(encoding="utf-8")
    assert 'loading="lazy"' not in deck, "a handout prints every image"
    handout = SLIDES / f"{chapter}.pdf"
    info = subprocess.run(["pdfinfo", handout], capture_output=True, text=True)
    pages = int(re.search(r"Pages:\s+(\d+)", info.stdout).group(1))
    assert pages == len(report["slides"]), "a handout page per slide"


def test_a_deck_with_every_fault_is_rejected(tmp_path, server, browser):
    """A page with an overflowing slide, raw TeX, a solution's number and a
    stylesheet from a CDN: the deck made of it fails each check."""
    page = (
        '<html><head><title>x — Book</title><link rel="stylesheet" '
        'href="https://cdn.example.org/x.css"></head><body><main><section><h1>Fault</h1>'
        '<div class="deck-cell-1 deck-slide"><p>Long</p>'
        + "<p>line</p>"
        * 60
        + '</div></section><section><h2>Maths</h2><div class="deck-cell-2 '
        'deck-slide"><div class="math">\\[ \\frac{1}{2} \\]</div><p>it is '
        "0.9730</p></div></section></main></body></html>"
    )
    soup = BeautifulSoup(page, "html.parser")
    deck = tmp_path / decks.FOLDER / "fault.html"
    deck.parent.mkdir(parents=True)
    deck.write_text(
        decks.make_deck(
            soup, "chapters/fault.html", str(deck.relative_to(tmp_path))
        )
    )
    shutil.copytree(
        HTML / "_static" / "reveal", tmp_path / "_static" / "reveal"
    )
    base, roots = server
    roots["fixture"] = tmp_path
    report = inspect(browser, f"{base}/fixture/{decks.FOLDER}/fault.html")
    found = " ".join(problems(report, {"0.9730"}))
    for fault in (
        "another host",
        "overflow",
        "rawTex",
        "unrendered",
        "answer",
    ):
        assert fault in found


def test_the_download_menu_tells_the_book_from_a_printed_page(
    tmp_path, monkeypatch
):
    """One entry is the book's PDF; the theme's print button, once ".pdf",
    says that it prints the page only."""
    import importlib.util
    from types import SimpleNamespace

    folder = ROOT / "tools" / "editions"  # a Sphinx extension's folder
    monkeypatch.syspath_prepend(str(folder))
    spec = importlib.util.spec_from_file_location(
        "editions_extension", folder / "editions.py"
    )
    editions = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(editions)

    group = {
        "label": "download-buttons",
        "buttons": [{"label": "download-pdf-button", "text": ".pdf"}],
    }
    context = {"pathto": lambda *a: "../", "header_buttons": [group]}
    app = SimpleNamespace(srcdir=str(tmp_path))
    editions.add_links(app, "chapters/notation", "page.html", context, None)
    texts = [button["text"] for button in group["buttons"]]
    assert texts == ["Book (PDF)", "This page (print)"]
