"""Equation numbers that a chapter's code writes out match its equations.

The book numbers a chapter's labelled displays (``$$ (label)``) in order,
``(7.1)``, ``(7.2)``, ... in chapter 7. The prose refers to them with the
``{eq}`` role, which follows any renumbering. A code cell that writes such
a number in a string or comment must name its label beside it,
``"delta-out": "(7.7)"`` for ``eq-mlp-delta-out``; these tests fail when an
equation is added, removed or moved before one of them, and when code
writes a number without its label.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = sorted((ROOT / "chapters").glob("[0-9][0-9]_*.ipynb"))
LABEL = re.compile(r"\$\$[ \t]*\((?P<label>[^)\s]+)\)")
QUOTED = re.compile(r"\"(?P<name>[\w-]+)\": \"\((?P<number>\d+\.\d+)\)\"")


def equation_numbers(nb: dict, chapter: int) -> dict[str, str]:
    """Each labelled display's number, as the book prints it."""
    labels = [
        match["label"]
        for cell in nb["cells"]
        if cell["cell_type"] == "markdown"
        for match in LABEL.finditer("".join(cell["source"]))
    ]
    return {label: f"{chapter}.{k}" for k, label in enumerate(labels, 1)}


def wrong_numbers(nb: dict, chapter: int) -> list[str]:
    """The numbers quoted in code cells that differ from the equations'."""
    numbers = equation_numbers(nb, chapter)
    wrong = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        for match in QUOTED.finditer("".join(cell["source"])):
            name, number = match["name"], match["number"]
            labels = [lab for lab in numbers if lab.endswith(f"-{name}")]
            if len(labels) != 1:
                wrong.append(f"{name}: no single label ends in -{name}")
            elif numbers[labels[0]] != number:
                right = numbers[labels[0]]
                wrong.append(f"{labels[0]} is ({right}), not ({number})")
    return wrong


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_quoted_equation_numbers_are_the_equations(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert wrong_numbers(nb, int(path.name[:2])) == []


def bare_numbers(nb: dict, chapter: int) -> list[str]:
    """Equation numbers in code strings or comments with no label beside."""
    number = re.compile(rf"\({chapter}\.\d+\)")
    bare = []
    for cell in nb["cells"]:
        source = QUOTED.sub('""', "".join(cell["source"]))
        if cell["cell_type"] != "code" or not number.search(source):
            continue
        tokens = tokenize.generate_tokens(io.StringIO(source).readline)
        for token in tokens:
            if token.type in (tokenize.STRING, tokenize.COMMENT):
                bare += number.findall(token.string)
    return bare


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_code_writes_no_number_without_its_label(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert bare_numbers(nb, int(path.name[:2])) == []


def test_a_bare_number_in_a_printout_fails():
    printout = 'print("# (7.9) delta = (delta @ W.T) * slope")\nf(7.9)\n'
    assert bare_numbers(_notebook("$$\nx\n$$ (eq-a)", code=printout), 7) == [
        "(7.9)"
    ]
    named = 'numbers = {"a": "(7.1)"}\nf(7.1)  # on the right\n'
    assert bare_numbers(_notebook("$$\nx\n$$ (eq-a)", code=named), 7) == []


def _notebook(*markdown: str, code: str) -> dict:
    cells = [{"cell_type": "markdown", "source": [m]} for m in markdown]
    return {"cells": [*cells, {"cell_type": "code", "source": [code]}]}


def test_an_equation_added_before_a_quoted_one_fails():
    code = 'numbers = {"b": "(7.2)"}'
    right = _notebook("$$\nx\n$$ (eq-a)", "$$\ny\n$$ (eq-b)", code=code)
    assert wrong_numbers(right, 7) == []
    added = _notebook(
        "$$\nx\n$$ (eq-a)", "$$\nw\n$$ (eq-new)", "$$\ny\n$$ (eq-b)", code=code
    )
    assert wrong_numbers(added, 7) == ["eq-b is (7.3), not (7.2)"]
    renamed = _notebook("$$\nx\n$$ (eq-a)", "$$\ny\n$$ (eq-c)", code=code)
    assert wrong_numbers(renamed, 7) == ["b: no single label ends in -b"]
