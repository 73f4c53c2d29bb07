"""The glossary page: the book's terms, sorted under letter headings, linked from the text.

The book build (``-W --nitpick``) already fails on a ``{term}`` that names no entry; these
tests check the page itself: the terms the chapters rely on are defined, every entry has a
definition, and the introduction links to it.
"""

from __future__ import annotations

import re
import unicodedata
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
backpropagation, cross-entropy, softmax, early stopping, overtraining, l2 penalty, xor,
regression to the mean, interaction, stratified split, chi-squared distribution,
student's t distribution, heavy ball, dropout, implicit bias
"""


#: A letter's heading and label, then its sorted list of entries.
LETTER = re.compile(
    r"^\(glossary-(\w)\)=\n## (\w)\n\n```\{glossary\}\n:sorted:\n(.*?)^```$",
    re.M | re.S,
)


def letter_lists() -> dict[str, str]:
    """``{letter: the entries under its heading}``, in the page's order."""
    text = GLOSSARY.read_text(encoding="utf-8")
    found = LETTER.findall(text)
    assert found and text.count("```{glossary}") == len(found), (
        "each ```{glossary} list should stand under its letter's heading"
    )
    assert all(label == letter.lower() for label, letter, _ in found)
    return {letter: body for _, letter, body in found}


def entries() -> dict[str, str]:
    """``{term: definition}``; synonyms listed together share their definition."""
    result, names, definition = {}, [], []
    for line in "\n".join(letter_lists().values()).splitlines():
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
    # A cap keeps the page a glossary, not a second index: about 30 names a
    # chapter for eight chapters and the appendix.
    assert 40 <= len(defined) <= 250


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
    r"\[[^\]]+\]\(((?:\d\d_\w+|benchmarks)\.ipynb)#([\w-]+)\)"
    r"|\{ref\}`[^`<]*<([\w-]+)>`"
)
# The pages a term is met on and its definition links back to: the
# chapters, and the benchmarks appendix for the numerical methods it uses.
SOURCES = ("[0-9]*.ipynb", "benchmarks.ipynb")


def source_notebooks():
    return sorted(p for g in SOURCES for p in (ROOT / "chapters").glob(g))


def slug(title: str) -> str:
    """MyST's anchor of a heading (``myst_heading_anchors``)."""
    return re.sub(r"[^\w\- ]", "", title.strip().lower()).replace(" ", "-")


def chapter_targets() -> dict[str, set[str]]:
    """``{notebook: its heading anchors}``, and ``{"": every label}``."""
    targets = {"": set()}
    for path in source_notebooks():
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


def groups() -> list[list[str]]:
    """The entries as the page lists them: each a list of synonyms."""
    found, names = [], []
    for line in "\n".join(letter_lists().values()).splitlines():
        if line and not line.startswith((" ", ":")):
            names.append(line.strip())
        elif names:
            found.append(names)
            names = []
    return found + ([names] if names else [])


TERM = re.compile(r"\{term\}`([^`<]+?)(?:\s*<([^>]+)>)?`")


def chapter_links(sources) -> set[str]:
    """The terms that ``{term}`` roles in these Markdown sources link."""
    return {
        (m.group(2) or m.group(1)).strip().lower()
        for source in sources
        for m in TERM.finditer(source)
    }


def unlinked(entries_, linked) -> list[str]:
    """The entries none of whose names is linked."""
    return [g[0] for g in entries_ if not {n.lower() for n in g} & linked]


def chapter_sources() -> list[str]:
    return [
        cell.source
        for path in source_notebooks()
        for cell in nbformat.read(path, as_version=4).cells
        if cell.cell_type == "markdown"
    ]


def reached(entries_, chapters, glossary) -> list[str]:
    """The entries a reader reaches: linked from a chapter, or named in a
    chapter's text and linked from a related entry of the glossary."""
    linked = chapter_links(chapters)
    related = chapter_links([glossary])
    text = " ".join(chapters).lower()
    return [
        g[0]
        for g in entries_
        if {n.lower() for n in g} & linked
        or any(
            n.lower() in related
            and re.search(rf"\b{re.escape(n.lower())}", text)
            for n in g
        )
    ]


def test_every_entry_is_linked_from_a_chapter():
    """A reader meets each term in a chapter as a link to its definition, or
    meets the word in a chapter and the entry through a related one."""
    entries_ = groups()
    glossary = GLOSSARY.read_text(encoding="utf-8")
    found = set(reached(entries_, chapter_sources(), glossary))
    missing = [g[0] for g in entries_ if g[0] not in found]
    assert missing == [], f"entries no chapter links to: {missing}"


def test_the_link_check_fails_on_an_entry_never_linked():
    entries_ = [["momentum"], ["IRLS", "iteratively reweighted least squares"]]
    text = "with {term}`IRLS` and {term}`Momentum <momentum>`"
    assert unlinked(entries_, chapter_links([text])) == []
    assert unlinked(entries_, chapter_links(["momentum, IRLS"])) == [
        "momentum",
        "IRLS",
    ]
    # A related entry's link counts only for a word the chapters use.
    related = "see {term}`momentum` and {term}`IRLS`"
    assert reached(entries_, ["momentum, IRLS"], related) == [
        "momentum",
        "IRLS",
    ]
    assert reached(entries_, ["momentum"], "") == []
    assert reached(entries_, ["nothing here"], related) == []


def initial(name: str) -> str:
    """The letter Sphinx files a term under ("0" for "0-1 loss")."""
    return unicodedata.normalize("NFD", name.lower())[0].upper()


def jump_line() -> str:
    """Links to the heading of each initial letter, in order."""
    return " · ".join(
        f"{{ref}}`{letter} <glossary-{letter.lower()}>`"
        for letter in sorted({initial(g[0]) for g in groups()})
    )


def test_the_page_opens_with_a_line_to_each_letter():
    text = GLOSSARY.read_text(encoding="utf-8")
    assert f"\n{jump_line()}\n" in text, f"the jump line is\n{jump_line()}"


def test_each_letter_lists_the_entries_it_begins():
    lists = letter_lists()
    assert list(lists) == sorted(lists)
    for letter, body in lists.items():
        blocks = re.split(r"\n\n(?=[^ \n])", body.strip("\n"))
        firsts = {initial(block.splitlines()[0]) for block in blocks}
        assert firsts == {letter}, f"under {letter}: {sorted(firsts)}"


def test_one_spelling_of_mini_batch():
    pages = [GLOSSARY.read_text(encoding="utf-8")] + [
        path.read_text(encoding="utf-8")
        for path in sorted((ROOT / "chapters").glob("[0-9]*.ipynb"))
    ]
    assert not any(re.search(r"(?<![-\w])minibatch", p, re.I) for p in pages)


# Words that are headwords but mean something else where they stand.
OTHER_SENSE = {
    ("bias-variance trade-off", "bias"),  # the statistical bias
    ("Gram matrix", "precision"),  # double precision
    ("MAP estimate", "prior"),  # on the weights, not a class's
    ("QR decomposition", "normalization"),  # Householder's reflections
    ("unbiased estimator", "bias"),  # the statistical bias
}
# What a definition's text says outside its links, maths, code and citations.
UNLINKED_TEXT = re.compile(
    r"\{(?:term|ref|cite(?::\w+)?)\}`[^`]*`|\$\$.*?\$\$|\$[^$]*\$|`[^`]*`"
    r"|\[[^\]]*\]\([^)]*\)"
)


def mentioned_unlinked(groups_, definitions) -> list[tuple[str, str]]:
    """``(entry, headword)`` for each headword a definition names, unlinked.

    A headword counts in the singular or plural, anywhere in the entry's
    text; it is enough that the entry links it once (by any of its names).
    """
    first = {name.lower(): g[0] for g in groups_ for name in g}
    names = sorted(first, key=len, reverse=True)
    pattern = re.compile(
        r"(?<![\w-])("
        + "|".join(map(re.escape, names))
        + r")(?:e?s)?(?![\w-])",
        re.I,
    )
    found = []
    for group in groups_:
        definition = definitions[group[0]]
        linked = {first.get(t, t) for t in chapter_links([definition])}
        text = UNLINKED_TEXT.sub(" ", definition)
        for match in pattern.finditer(text):
            head = first[match.group(1).lower()]
            if head in linked or head == group[0]:
                continue
            if (group[0], head) not in OTHER_SENSE:
                found.append((group[0], head))
            linked.add(head)
    return found


def test_an_entry_links_the_entries_it_mentions():
    """The page's promise: a term with an entry of its own is a link to it."""
    missing = mentioned_unlinked(groups(), entries())
    assert missing == [], f"(entry, term it names unlinked): {missing}"


def test_the_mention_check_fails_an_unlinked_term():
    groups_ = [["margin"], ["mistake"], ["perceptron"]]
    definitions = {
        "margin": "How far the closest point is, in the {term}`perceptron`.",
        "mistake": "A point on the wrong side; perceptrons count mistakes.",
        "perceptron": "A linear rule updated at every {term}`Mistake`.",
    }
    assert mentioned_unlinked(groups_, definitions) == [
        ("mistake", "perceptron")
    ]
