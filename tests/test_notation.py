"""The notation page: its index of letters with several meanings agrees with
the chapters' tables, whose rows mark such a letter with a double dagger.

A marked row names at least one letter of the index; a letter the index
gives a chapter (or the core) appears in a marked row of that table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTATION = ROOT / "chapters" / "notation.md"
MARK = "\u2021"
DECORATION = re.compile(
    r"\\(mathbf|boldsymbol|hat|bar|tilde|mathrm|operatorname|mathcal"
    r"|mathbb|text|lVert|rVert|dots|ldots|top|ast|star|max|min|sum|in)\b"
)
SUBSCRIPT = re.compile(r"[_^](\{[^{}]*\}|\\[a-zA-Z]+|.)")
CHAPTERS = re.compile(r"\((?:core|\d)(?:, (?:core|\d)| to \d)*\)")


def letters(cell: str, subscripts: bool) -> set[str]:
    """The letters of a table cell's formulas, without their decorations;
    those of subscripts and superscripts too, if ``subscripts``."""
    found = set()
    for formula in re.findall(r"\$([^$]*)\$", cell):
        formula = DECORATION.sub(" ", formula)
        if not subscripts:
            formula = SUBSCRIPT.sub(" ", formula)
        found |= set(re.findall(r"\\[a-zA-Z]+", formula))
        found |= set(
            re.findall(r"[A-Za-z]", re.sub(r"\\[a-zA-Z]+", "", formula))
        )
    return found


def chapters(meanings: str) -> set[str]:
    """The chapters an index row names: "(2, 6, 7)", "(core, 2 to 7)"."""
    named = set()
    for group in CHAPTERS.findall(meanings):
        for start, end in re.findall(r"(\d) to (\d)", group):
            named |= {str(k) for k in range(int(start), int(end) + 1)}
        named |= set(re.findall(r"core|\d", group))
    return {"core"} if "core" in named else named


def parse(text: str) -> tuple[dict, dict]:
    """``(index, marked)``: the index's rows, as {letters: chapters}, and
    each table's marked rows, as {table: [symbol cells]}."""
    index, marked = {}, {}
    for section in re.split(r"^## ", text, flags=re.M)[1:]:
        title = section.split("\n", 1)[0]
        number = re.match(r"Chapter (\d)", title)
        table = number.group(1) if number else title
        table = "core" if title == "The core" else table
        rows = re.findall(r"^\| (.*?) \| (.*) \|$", section, flags=re.M)
        for symbol, meaning in rows[1:]:
            if title.startswith("Letters"):
                index[frozenset(letters(symbol, False))] = chapters(meaning)
            elif MARK in symbol:
                marked.setdefault(table, []).append(symbol)
    return index, marked


def problems(text: str) -> list[str]:
    index, marked = parse(text)
    indexed = set().union(*index)
    found = []
    for table, symbols in marked.items():
        for symbol in symbols:
            if not letters(symbol, False) & indexed:
                found.append(f"{table}: {symbol} is marked but not indexed")
    for group, named in index.items():
        for table in named:
            cells = marked.get(table, [])
            if not any(group & letters(cell, True) for cell in cells):
                found.append(f"{sorted(group)} has no marked row in {table}")
    return found


def test_index_and_marks_agree():
    text = NOTATION.read_text(encoding="utf-8")
    index, marked = parse(text)
    assert len(index) > 30 and set(marked) >= {"core", "1", "5", "7"}
    assert problems(text) == []


@pytest.mark.parametrize(
    "old, new",
    [
        (f"| $R$\u00a0{MARK} | the radius", "| $R$ | the radius"),
        ("| $R$ | the coefficient of determination", "| $Q$ | the coeff"),
    ],
)
def test_a_missing_mark_or_entry_is_found(old, new):
    text = NOTATION.read_text(encoding="utf-8")
    assert old in text
    assert problems(text.replace(old, new))
