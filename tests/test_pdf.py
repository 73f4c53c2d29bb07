"""The PDF of the book (``make pdf``), read back as a reader's tools read it.

``make test-editions`` builds it and runs these tests: poppler's
``pdftotext`` finds every chapter and section title of the website, in
order, after the contents; no reference or citation is left unresolved;
``pdffonts`` shows every font embedded; every figure of the website's
chapters is placed in the PDF. Each check is also shown a fixture it must
reject.
"""

from __future__ import annotations

import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from docutils import nodes

ROOT = Path(__file__).resolve().parents[1]
# The build's doctrees refer to the book's extensions (a Pygments filter).
sys.path.insert(0, str(ROOT / "tools" / "sphinx_ext"))
LATEX = ROOT / "_build" / "latex"
PDF = LATEX / "book.pdf"
HTML = ROOT / "_build" / "html"


def pdf_pages(pdf: Path) -> list[str]:
    """The text of each page, as ``pdftotext`` extracts it."""
    out = subprocess.run(
        ["pdftotext", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split("\f")


def words(text: str) -> str:
    """Text compared word by word: no soft hyphen, no line-end hyphen, no
    punctuation, one space."""
    text = re.sub(r"-\n(?=[a-z])", "", text.replace("\xad", ""))
    return " " + " ".join(re.findall(r"\w+", text.casefold())) + " "


def pages_in_order() -> list[str]:
    """The book's pages in the order of ``_toc.yml``."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]
    for part in toc["parts"]:
        files += [chapter["file"] for chapter in part["chapters"]]
    return files


def section_titles(docname: str) -> list[str]:
    """The section titles of a page as its built doctree has them, without
    their maths (the PDF draws it)."""
    path = ROOT / "_build" / ".doctrees" / f"{docname}.doctree"
    doctree = pickle.loads(path.read_bytes())
    titles = []
    for title in doctree.findall(nodes.title):
        if isinstance(title.parent, nodes.section):
            text = [
                t.astext()
                for t in title.findall(nodes.Text)
                if not isinstance(t.parent, nodes.math)
            ]
            titles.append("".join(text))
    return titles


def missing_titles(pages: list[str], titles: list[str]) -> list[str]:
    """The titles not found, in this order, on the pages after the contents
    (the last of the first pages with a dotted leader)."""
    leaders = [
        i for i, p in enumerate(pages[:30]) if re.search(r"(\. ){8}", p)
    ]
    body = words("\n".join(pages[max(leaders, default=-1) + 1 :]))
    missing, position = [], 0
    for title in titles:
        found = body.find(words(title), position)
        if found < 0:
            missing.append(title)
        else:
            position = found + 1
    return missing


def unresolved(pages: list[str], log: str = "") -> list[str]:
    """References printed as "??", citations printed as their key, and
    what LaTeX's log calls undefined or multiply defined (a link would
    go to the wrong one)."""
    problems = [
        f"page {number}: {line.strip()}"
        for number, page in enumerate(pages, 1)
        for line in page.splitlines()
        if "??" in line or re.search(r"\[\?\]|\{cite", line)
    ]
    return problems + re.findall(r".*(?:undefined|multiply defined).*", log)


def fonts_not_embedded(pdf: Path) -> list[str]:
    """The fonts ``pdffonts`` lists with "no" in its "emb" column."""
    out = subprocess.run(
        ["pdffonts", str(pdf)], capture_output=True, text=True, check=True
    )
    rows = [line.split() for line in out.stdout.splitlines()[2:]]
    return [row[0] for row in rows if row[-5] != "yes"]


def website_figures(page: Path) -> set[str]:
    """The figures a chapter's web page shows (not an animation's frames)."""
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    return {
        Path(img["src"]).stem
        for img in soup.select("main img[src*='_images/']:not(.math)")
        if not img.find_parent(class_="animation")
    }


def unplaced_figures(html: Path, tex: str) -> list[str]:
    """Figures of the website that the LaTeX source never includes."""
    placed = set(
        re.findall(r"\\sphinxincludegraphics(?:\[[^]]*\])?\{\{(\w+)\}", tex)
    )
    return [
        f"{page.name}: {figure}"
        for page in sorted((html / "chapters").glob("*.html"))
        for figure in sorted(website_figures(page) - placed)
    ]


BOXES = "Exercise|Theorem|Algorithm|Proposition|Lemma|Definition|Corollary"


def exercise_numbers(text: str) -> set[str]:
    """The numbered boxes a text names: 'Exercise 2.7', 'Theorem 5.1' (and
    'Exercise 2.10.7', a section-numbered one the website does not have)."""
    found = re.findall(rf"({BOXES})\s+(\d+(?:\.\d+)+)", text)
    return {f"{kind} {number}" for kind, number in found}


def website_exercises(html: Path) -> set[str]:
    return set().union(
        *(
            exercise_numbers(page.read_text(encoding="utf-8"))
            for page in (html / "chapters").glob("*.html")
        )
    )


@pytest.fixture(scope="module")
def book():
    if not PDF.exists():
        pytest.fail("no _build/latex/book.pdf: run 'make pdf' first")
    return pdf_pages(PDF)


def test_every_chapter_and_section_title_is_in_the_pdf(book):
    titles = []
    for docname in pages_in_order():
        found = section_titles(docname)
        titles += found[1:] if docname == pages_in_order()[0] else found
    assert len(titles) > 100
    assert missing_titles(book, titles) == []


def test_no_reference_or_citation_is_left_unresolved(book):
    log = (LATEX / "book.log").read_text(encoding="utf-8", errors="replace")
    assert unresolved(book, log) == []


def test_every_font_is_embedded_and_the_text_searchable(book):
    assert fonts_not_embedded(PDF) == []
    assert "perceptron" in words("".join(book))


def test_every_figure_of_the_website_has_its_place():
    tex = (LATEX / "book.tex").read_text(encoding="utf-8")
    assert unplaced_figures(HTML, tex) == []
    images = subprocess.run(
        ["pdfimages", "-list", str(PDF)], capture_output=True, text=True
    ).stdout.splitlines()[2:]
    assert len(images) >= tex.count(r"\sphinxincludegraphics")


def test_boxes_are_numbered_as_on_the_website(book):
    numbers = website_exercises(HTML)
    assert len(numbers) > 40
    assert exercise_numbers(" ".join(book)) == numbers


# Fixtures each check must reject.


def test_an_exercise_numbered_by_section_is_reported():
    assert exercise_numbers("Exercise 2.10.7 asks") == {"Exercise 2.10.7"}


def test_a_missing_or_misplaced_title_is_reported():
    pages = [
        "Contents\n1 Intro . . . . . . . . . 2",
        "1 Intro\nText\n1.1 Data",
    ]
    assert missing_titles(pages, ["Intro", "Data"]) == []
    assert missing_titles(pages, ["Intro", "Models", "Data"]) == ["Models"]
    assert missing_titles(pages, ["Data", "Intro"]) == ["Intro"]
    only_in_contents = [
        "1 Intro . . . . . . . . . . 2\n1.1 Data . . . . . . 3",
        "x",
    ]
    assert missing_titles(only_in_contents, ["Intro"]) == ["Intro"]


def test_unresolved_references_and_citations_are_reported():
    pages = ["as (??) shows", "see [?] and {cite}`x`", "fine"]
    assert len(unresolved(pages)) == 2
    log = "LaTeX Warning: Citation `x' on page 2 undefined on input line 3."
    assert unresolved(["fine"], log) == [log]
    twice = (
        "LaTeX Warning: Label `chapters/04_perceptron::doc' multiply defined."
    )
    assert unresolved(["fine"], twice) == [twice]


def test_a_font_not_embedded_is_reported(tmp_path):
    # A one-page PDF that names Helvetica without embedding it.
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100]"
        " /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        "<< /Length 35 >>\nstream\nBT /F1 12 Tf 10 50 Td (Hi) Tj ET\nendstream",
    ]
    body, offsets = "%PDF-1.4\n", []
    for number, text in enumerate(objects, 1):
        offsets.append(len(body))
        body += f"{number} 0 obj\n{text}\nendobj\n"
    xref = "".join(f"{offset:010d} 00000 n \n" for offset in offsets)
    body += (
        f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n{xref}"
        f"trailer << /Size {len(objects) + 1} /Root 1 0 R >>\n"
        f"startxref\n{len(body)}\n%%EOF\n"
    )
    (tmp_path / "bare.pdf").write_text(body, encoding="latin-1")
    assert fonts_not_embedded(tmp_path / "bare.pdf") == ["Helvetica"]


def test_a_figure_the_pdf_leaves_out_is_reported(tmp_path):
    (tmp_path / "chapters").mkdir()
    (tmp_path / "chapters" / "01_x.html").write_text(
        '<main><img src="../_images/abc.png"><div class="animation">'
        '<img src="../_images/frame.png"></div></main>'
    )
    assert unplaced_figures(tmp_path, "") == ["01_x.html: abc"]
    tex = r"\sphinxincludegraphics[width=1\sphinxpxdimen]{{abc}.png}"
    assert unplaced_figures(tmp_path, tex) == []
