"""The glossary page: one sorted list of the book's terms, linked from the text.

The book build (``-W --nitpick``) already fails on a ``{term}`` that names no entry; these
tests check the page itself: the terms the chapters rely on are defined, every entry has a
definition, and the introduction links to it.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "chapters" / "glossary.md"

# Terms the chapters use and link with {term}`...` (lower case, as Sphinx matches them).
REQUIRED = """
least squares, residual, design matrix, coefficient of determination, log-odds,
standard error, confidence interval, collinearity, calibration, hinge loss, subgradient,
cycling theorem, saturation, 0-1 loss,
logistic function, maximum likelihood, gradient, learning rate, step-size schedule,
backtracking line search, stochastic gradient descent, mini-batch, convex function, lipschitz,
perceptron, perceptron criterion, mistake, margin, radius, augmented vector, normalization,
reflection, linearly separable, mistake bound, voted perceptron, averaged perceptron, kernel,
feature map, kernel trick, multi-layer perceptron, hidden unit, activation function,
backpropagation, cross-entropy, softmax, early stopping, overtraining, l2 penalty, xor
"""


def entries() -> dict[str, str]:
    """``{term: definition}``; synonyms listed together share their definition."""
    text = GLOSSARY.read_text(encoding="utf-8")
    body = re.search(r"^```\{glossary\}\n(.*?)^```$", text, re.M | re.S)
    assert body, "the glossary page should hold one ```{glossary} directive"
    result, names, definition = {}, [], []
    for line in body.group(1).splitlines():
        if (
            line.startswith(":") or not line.strip()
        ):  # the :sorted: option, blank lines
            continue
        if not line.startswith(" "):
            if definition:
                result.update({name: " ".join(definition) for name in names})
                names, definition = [], []
            names.append(line.strip())
        else:
            definition.append(line.strip())
    result.update({name: " ".join(definition) for name in names})
    return result


def test_glossary_defines_the_books_terms():
    defined = {name.lower() for name in entries()}
    wanted = {term.strip() for term in REQUIRED.split(",")}
    assert wanted - defined == set(), (
        f"not in the glossary: {sorted(wanted - defined)}"
    )
    assert 40 <= len(defined) <= 140


def test_every_entry_has_a_real_definition():
    short = [
        name
        for name, definition in entries().items()
        if len(definition.split()) < 12
    ]
    assert short == [], f"entries without a real definition: {short}"


def test_glossary_is_sorted_labelled_and_in_the_table_of_contents():
    text = GLOSSARY.read_text(encoding="utf-8")
    assert text.startswith("(glossary)=\n# Glossary")
    assert ":sorted:" in text
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    reference = [
        part for part in toc["parts"] if part["caption"] == "Reference"
    ]
    assert (
        reference and {"file": "chapters/glossary"} in reference[0]["chapters"]
    )


def test_links_inside_the_glossary_name_existing_entries():
    defined = {name.lower() for name in entries()}
    text = GLOSSARY.read_text(encoding="utf-8")
    targets = [
        m.group(2) or m.group(1)
        for m in re.finditer(r"\{term\}`([^`<]+?)(?:\s*<([^>]+)>)?`", text)
    ]
    assert targets, "the definitions should link related entries"
    unknown = sorted({t.strip().lower() for t in targets} - defined)
    assert unknown == [], (
        f"links to terms the glossary does not define: {unknown}"
    )


def test_introduction_links_the_glossary():
    nb = nbformat.read(
        ROOT / "chapters" / "00_introduction.ipynb", as_version=4
    )
    text = "\n".join(
        cell.source for cell in nb.cells if cell.cell_type == "markdown"
    )
    assert "{ref}`glossary <glossary>`" in text
    assert "{term}`" in text


def test_chapters_link_only_defined_terms():
    """A cheap early warning for the -W book build: every {term} in a chapter has an entry."""
    defined = {name.lower() for name in entries()}
    pattern = re.compile(r"\{term\}`([^`<]+?)(?:\s*<([^>]+)>)?`")
    unknown = {}
    for path in sorted((ROOT / "chapters").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue
            for match in pattern.finditer(cell.source):
                target = (match.group(2) or match.group(1)).strip().lower()
                if target not in defined:
                    unknown.setdefault(path.name, set()).add(target)
    assert unknown == {}, f"terms linked but not in the glossary: {unknown}"


# A link back to a chapter's section: [Title](NN_topic.ipynb#slug) or
# {ref}`Title <label>`.
SECTION_LINK = re.compile(
    r"\[[^\]]+\]\((\d\d_\w+\.ipynb)#([\w-]+)\)|\{ref\}`[^`<]*<([\w-]+)>`"
)


def slug(title: str) -> str:
    """MyST's anchor of a heading (``myst_heading_anchors``)."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def chapter_targets() -> dict[str, set[str]]:
    """``{notebook: its heading anchors}``, and ``{"": every label}``."""
    targets = {"": set()}
    for path in sorted((ROOT / "chapters").glob("[0-9]*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        text = "\n".join(
            c.source for c in nb.cells if c.cell_type == "markdown"
        )
        headings = re.findall(r"^#{1,6} +(.+)$", text, re.M)
        targets[path.name] = {slug(h) for h in headings}
        targets[""] |= set(re.findall(r"^\(([\w-]+)\)=$", text, re.M))
    return targets


def test_every_entry_links_back_to_its_section():
    """Each definition ends with the chapter section that introduces it."""
    targets = chapter_targets()
    unlinked, broken = [], []
    for name, definition in entries().items():
        links = SECTION_LINK.findall(definition)
        if not links:
            unlinked.append(name)
        for notebook, anchor, label in links:
            if label and label not in targets[""]:
                broken.append(f"{name}: label {label}")
            if notebook and anchor not in targets.get(notebook, ()):
                broken.append(f"{name}: {notebook}#{anchor}")
    assert unlinked == [], f"entries without a link to a chapter: {unlinked}"
    assert broken == [], f"links to sections that do not exist: {broken}"


def test_link_check_fails_on_a_renamed_heading():
    """The check above is trusted: a heading that no longer exists fails."""
    targets = chapter_targets()
    assert "two-learning-rules" in targets["04_perceptron.ipynb"]
    assert "two-learning-rule" not in targets["04_perceptron.ipynb"]
    assert slug("Newton's method") == "newtons-method"
    assert slug("Separable data: when the maximum does not exist") == (
        "separable-data-when-the-maximum-does-not-exist"
    )
