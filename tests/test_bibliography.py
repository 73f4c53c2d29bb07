"""The bibliography: author-year labels as the text cites, the lectures named.

The book build (``-W``) fails on a citation of a missing key; these tests
check the list itself: its labels (``tools/sphinx_ext/bibliography.py``)
are the text's "Author and Author, year", one per entry; editions read
alike; the lectures the course is built from and their authors are listed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pybtex.database import Entry, Person, parse_file
from sphinx_ext.bibliography import author_year

ROOT = Path(__file__).resolve().parents[1]
BIB = parse_file(ROOT / "references.bib").entries
PAGE = (ROOT / "chapters" / "bibliography.md").read_text(encoding="utf-8")

# The five lecture sets of the seeds, by their authors' surnames.
LECTURES = {
    "Columbia COMS 4771": ["Weller", "Vovsha"],
    "CUHK": ["Tao"],
    "The Straight Dope": ["Lipton", "Li", "Smola"],
    "NUS": ["Wang"],
    "UMass CMPSCI 689": ["Maji"],
}


def entry(*authors, year="1999"):
    return Entry("article", fields={"year": year},
                 persons={"author": [Person(a) for a in authors]})  # fmt: skip


def test_a_label_reads_as_a_citation():
    assert author_year(entry("Novikoff, A.", year="1962")) == "Novikoff, 1962"
    two = entry("Freund, Yoav", "Schapire, Robert E.")
    assert author_year(two) == "Freund and Schapire, 1999"
    four = entry("Lipton, Z.", "Li, M.", "Smola, A.", "Xie, J.", year="2017")
    assert author_year(four) == "Lipton et al., 2017"
    assert author_year(entry("Nedić, Angelia", "Bertsekas, Dimitri")) == (
        "Nedić and Bertsekas, 1999"
    )


def test_the_check_fails_an_alpha_label():
    """The test above is trusted: pybtex's default labels fail it."""
    from pybtex.style.labels.alpha import LabelStyle

    (alpha,) = LabelStyle().format_labels(
        [entry("Freund, Y.", "Schapire, R.")]
    )
    assert alpha == "FS99" != author_year(entry("Freund, Y.", "Schapire, R."))


def test_every_label_is_unique():
    labels = [author_year(e) for e in BIB.values()]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    assert twice == [], f"two entries would share a label: {twice}"


def test_editions_are_written_alike():
    editions = [
        e.fields["edition"] for e in BIB.values() if "edition" in e.fields
    ]
    assert editions and all(
        re.fullmatch(r"\d+(st|nd|rd|th)", ed) for ed in editions
    )


@pytest.mark.parametrize("lecture", LECTURES)
def test_the_lectures_and_their_authors_are_listed(lecture):
    surnames = LECTURES[lecture]
    keys = [
        key
        for key, e in BIB.items()
        if "lecture" in e.fields.get("keywords", "")
        and {p.last_names[0] for p in e.persons["author"]} >= set(surnames)
    ]
    assert len(keys) == 1, f"{lecture}: one entry by {surnames}"
    assert all(name in PAGE for name in surnames)


def test_the_page_lists_lectures_apart_and_links_back():
    assert ':filter: keywords % "lecture"' in PAGE
    assert ':filter: cited and not keywords % "lecture"' in PAGE
    assert '"Cited in"' in PAGE


def _chapter_numbers(text):
    """The chapter numbers an item links to: ``chapter N`` refs, and every
    number between two of them joined by "to"."""
    numbers = [int(n) for n in re.findall(r"\{ref\}`chapter (\d)", text)]
    if re.search(r"\{ref\}`chapter \d[^`]*`\s+to\s+\{ref\}", text):
        numbers = list(range(numbers[0], numbers[-1] + 1))
    return set(numbers)


def _citing_chapters(key):
    """The numbered chapters (1 to 7) whose text cites ``key``."""
    return {
        int(path.name[:2])
        for path in (ROOT / "chapters").glob("0[1-9]_*.ipynb")
        if re.search(rf"\{{cite(?::\w+)?\}}`[^`]*\b{key}\b", path.read_text())
    }


@pytest.mark.parametrize("lecture", LECTURES)
def test_the_chapters_beside_a_lecture_are_those_that_cite_it(lecture):
    """The list of lectures names the chapters that the entry's "Cited
    in" line links to (the introduction, which cites them all, apart)."""
    surnames = LECTURES[lecture]
    start = PAGE.index("## The lectures the course is built from")
    items = PAGE[start : PAGE.index("```{bibliography}", start)]
    (item,) = [i for i in items.split("\n- ")[1:] if surnames[0] in i[:40]]
    (key,) = [
        k
        for k, e in BIB.items()
        if "lecture" in e.fields.get("keywords", "")
        and {p.last_names[0] for p in e.persons["author"]} >= set(surnames)
    ]
    assert _chapter_numbers(item) == _citing_chapters(key), lecture


def test_the_chapter_check_reads_a_range_and_fails_a_stale_list():
    text = "({ref}`chapter 1 <a>` to\n  {ref}`chapter 5 <b>`)"
    assert _chapter_numbers(text) == {1, 2, 3, 4, 5}
    assert _chapter_numbers("({ref}`chapter 7 <chapter-mlp>`)") != (
        _citing_chapters("weller4771")
    )
