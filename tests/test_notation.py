"""The notation page: its index of letters with several meanings agrees
with the tables, and a double dagger marks exactly the core symbols that a
chapter redefines.

Each letter of the index appears in the table of every chapter it gives a
meaning of its own (a chapter that keeps the core's meaning has no row). A
letter whose index row gives the core's meaning and, after a double dagger,
another meaning in chapter N, is marked in the core table and in a row of
chapter N's table; every marked row names such a letter. A core letter's
other meanings without a dagger (another symbol, such as f_j beside f(x))
are marked nowhere.
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
#: A chapter's number in the index links to the chapter, core to its table.
LINK = re.compile(r"\{ref\}`(\d) <[\w-]+>`|\[(core)\]\(#the-core\)")


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


def groups(meanings: str) -> list[tuple[set[str], bool]]:
    """The chapters of each parenthesis of an index row: "(2, 6, 7)",
    "(core, 2 to 7)", each with whether a dagger marks its meaning."""
    named, start = [], 0
    for group in CHAPTERS.finditer(meanings):
        chapters = set(re.findall(r"core|\d", group[0]))
        for first, last in re.findall(r"(\d) to (\d)", group[0]):
            chapters |= {str(k) for k in range(int(first), int(last) + 1)}
        named.append((chapters, MARK in meanings[start : group.start()]))
        start = group.end()
    return named


def parse(text: str) -> tuple[dict, dict]:
    """``(index, tables)``: the index's rows, as {letters: [chapter sets]},
    and each table's rows, as {table: [(symbol cell, marked)]}; a section
    is a heading's or a chapter's fold."""
    index, tables = {}, {}
    parts = re.split(r"^## |^:{3,}\{admonition\} ", text, flags=re.M)
    for section in parts[1:]:
        title = section.split("\n", 1)[0]
        number = re.match(r"Chapter (\d)", title)
        table = number.group(1) if number else title
        table = "core" if title == "The core" else table
        rows = re.findall(r"^\| (.*?) \| (.*) \|$", section, flags=re.M)
        for symbol, meaning in rows[1:]:
            if title.startswith("Letters"):
                meaning = LINK.sub(lambda m: m[1] or m[2], meaning)
                index[frozenset(letters(symbol, False))] = groups(meaning)
            else:
                tables.setdefault(table, []).append((symbol, MARK in symbol))
    return index, tables


def clashes(named: list[tuple[set[str], bool]]) -> set[str]:
    """The chapters that redefine a core symbol (a dagger in the index)."""
    if not any("core" in group for group, _ in named):
        return set()
    return set().union(*(group for group, mark in named if mark))


def problems(text: str) -> list[str]:
    index, tables = parse(text)
    found = []
    for group, named in index.items():
        name = sorted(group)
        shared = [g for g, _ in named if "core" in g]
        every = set().union(*(g for g, _ in named))
        for table in every - set().union(*shared):
            cells = [cell for cell, _ in tables.get(table, [])]
            if not any(group & letters(cell, True) for cell in cells):
                found.append(f"{name} is not in the table of {table}")
        reused = clashes(named)
        for table in reused | ({"core"} if reused else set()):
            cells = [cell for cell, mark in tables.get(table, []) if mark]
            if not any(group & letters(cell, True) for cell in cells):
                found.append(f"{name} has no marked row in {table}")
    for table, rows in tables.items():
        for cell, mark in rows:
            reused = [
                g
                for g, named in index.items()
                if (table == "core" and clashes(named))
                or table in clashes(named)
            ]
            if mark and not any(g & letters(cell, True) for g in reused):
                found.append(f"{table}: {cell} is marked, reusing no core")
    return found


def test_index_and_marks_agree():
    text = NOTATION.read_text(encoding="utf-8")
    index, tables = parse(text)
    assert len(index) > 30 and set(tables) >= {"core", *"01234567"}
    marked = sum(mark for rows in tables.values() for _, mark in rows)
    assert 8 <= marked <= 25, "a mark warns only where it is rare"
    assert problems(text) == []
    listed = text[text.index("| letter | meanings (chapter) |") :]
    assert not CHAPTERS.search(listed), "a chapter in the index not linked"


@pytest.mark.parametrize(
    "old, new",
    [
        (f"$\\sigma^2$\u00a0{MARK} |", "$\\sigma^2$ |"),
        ("| $R$ | the radius", f"| $R$\u00a0{MARK} | the radius"),
        ("| $R$ | the risk", "| $Q$ | the risk"),
        # sharing a letter is not redefining a symbol
        ("| $f_j$, $\\mathrm{df}(\\lambda)$ |", f"| $f_j$\u00a0{MARK} |"),
        (f"; {MARK}\u00a0where a probability", "; where a probability"),
    ],
)
def test_a_wrong_mark_or_entry_is_found(old, new):
    text = NOTATION.read_text(encoding="utf-8")
    assert old in text
    assert problems(text.replace(old, new))
