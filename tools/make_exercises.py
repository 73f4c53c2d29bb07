"""Generate the student notebooks: each chapter without its solutions and outputs.

Usage: python tools/make_exercises.py [--check] [--zip PATH]

For every chapter notebook ``chapters/NN_topic.ipynb`` this writes
``exercises/NN_topic.ipynb``, a notebook that reads well in plain Jupyter,
Colab and Binder, where MyST is not understood:

- outputs and execution counts are cleared;
- every gated solution (the cells from a ```` ```{solution-start} ````
  cell to the matching ```` ```{solution-end} ````) is taken out; the
  exercise's stub cell, tagged ``student-answer``, is where the student
  writes (a code exercise without a stub gets an empty answer cell);
- every ```` ```{solution} ```` block is cut, and each written exercise
  gets its own markdown answer cell, after a code cell for the exercises
  that ask for some computing (the record's ``kind`` is ``compute``,
  ``explore`` or ``implement``); a code exercise with a part graded by
  hand (the record's ``manual`` points) gets a markdown answer cell too;
- the checks of the exercises section that the website hides (they
  verify the numbers quoted in the solutions) are dropped;
- MyST markup becomes plain Markdown: ```` ```{exercise} ```` blocks become
  numbered headings ("Exercise 1.2. Title"), theorem-like boxes become
  bold-titled paragraphs ("Proposition 6.1 (Lazy averaging)."), a labelled
  display keeps the website's number as a ``\tag{7.9}``, and the roles
  ``{eq}``, ``{ref}``, ``{prf:ref}``, ``{numref}``, ``{term}``, ``{doc}``
  and ``{cite}`` become links to the published website, with its numbers
  ("(7.9)", "Fig. 7.6", "Proposition 6.1"; a citation reads
  "Bishop (2006)" or "(Bishop, 2006)", as there);
- a figure's caption, which the website reads from the cell's metadata
  and Jupyter does not show, follows the figure cell as a markdown cell
  "*Fig. 7.6.* Caption.";
- the exercises' record cells (for the instructor's tools) are dropped,
  and so is the chapter's sentence that points readers to this notebook;
- the website's hidden checks of the page's printed numbers (the asserts
  of cells tagged ``remove-cell``) are taken out: they pin digits another
  numpy may print differently, and a student's "Run all" should stop only
  at the student's own work. Such a cell is dropped unless a later cell
  of the student notebook reads a name it binds before binding it again
  (the code is read, not searched: a loop variable ``k`` bound afresh by
  a later loop does not keep it; :func:`read_later`);
- everything else, the hidden set-up cell included, is kept as it is.

It also writes the exercise table of ``chapters/teaching.md`` (between
its two marker lines) from the chapters' exercise records. Generation is
deterministic (same input, same bytes), so the committed copies can be
checked against a fresh run: ``--check`` exits non-zero when
``exercises/`` or the table is out of date. ``--zip`` also writes a zip
of the student notebooks for handing out.
"""

from __future__ import annotations

import argparse
import ast
import copy
import functools
import re
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path

import nbformat
from assignments import exercises as book
from assignments.exercises import (
    DIRECTIVE,
    OPTION,
    SOLUTION_END,
    SOLUTION_START,
)

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
EXERCISES = ROOT / "exercises"

SOLUTION_BLOCK = re.compile(
    r"^(?P<fence>`{3,}|:{3,})\{solution\}\s*(?P<label>\S+)[^\n]*\n.*?"
    r"^(?P=fence)[ \t]*$\n?",
    re.MULTILINE | re.DOTALL,
)
ROLE = re.compile(
    r"\{(?P<role>eq|ref|prf:ref|numref|term|doc|cite|cite:p|cite:t|math"
    r"|py:func|py:class|py:obj|py:meth)\}"
    r"`(?P<text>[^`]+)`"
)
EQUATION_LABEL = re.compile(r"\$\$[ \t]*\((?P<label>[^)\s]+)\)")
ANCHOR = re.compile(r"^\((?P<label>[^)\s]+)\)=[ \t]*$", re.MULTILINE)
HIDDEN_TAGS = {"remove-cell", "remove-input", "hide-cell"}
DECK_TAGS = {"slide-no-prose"}

HEADER = (
    "**Student version.** The solutions of this chapter's exercises have "
    "been taken out. Write your code in the cells under each exercise, "
    "then run the checker cell below it: it says *Correct*, or what went "
    "wrong with a hint. Write the answers to the written exercises in the "
    "cells marked *Your answer*. The website, {site}, shows the whole "
    "chapter with the solutions folded under each exercise."
)

#: The chapters' pointer to this notebook, which it does not need.
WEBSITE_ONLY = re.compile(
    r"Work the exercises in the student notebook[^:]*:[^.]*\.\s*"
)

PRF_KINDS = {
    "prf:theorem": "Theorem",
    "prf:lemma": "Lemma",
    "prf:proposition": "Proposition",
    "prf:definition": "Definition",
    "prf:algorithm": "Algorithm",
    "prf:corollary": "Corollary",
    "prf:example": "Example",
    "prf:remark": "Remark",
}
LABEL_WORDS = {
    "alg": "the algorithm",
    "thm": "the theorem",
    "lem": "the lemma",
    "prop": "the proposition",
    "def": "the definition",
    "cor": "the corollary",
    "fig": "the figure",
    "ex": "the exercise",
    "tab": "the table",
}


# ------------------------------------------------------------------ website


def site_url(root: Path = ROOT) -> str:
    """The website's address: GitHub Pages of ``repository.url``."""
    import yaml

    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    url = config["repository"]["url"].rstrip("/").removesuffix(".git")
    match = re.fullmatch(r"https://github\.com/([^/]+)/([^/]+)", url)
    if not match:
        return url
    owner, name = match.groups()
    return f"https://{owner.lower()}.github.io/{name}/"


@dataclass
class Target:
    page: str  # "chapters/01_linear_regression"
    anchor: str
    text: str  # what a reference shows: "(7.9)", "Fig. 7.6", a title
    number: str = ""  # the website's number of a numbered item: "7.9"


def chapter_number(stem: str) -> int | None:
    match = re.match(r"(\d\d)_", stem)
    number = int(match.group(1)) if match else 0
    return number or None


#: What the website numbers in a page's text, in order: labelled displays
#: (``$$ (label)`` or a ``{math}`` block's ``:label:``) and theorem-like
#: boxes; and the other ``:label:`` options. A hand-written scan, because
#: only a directive's opening and its option lines are needed.
NUMBERED = re.compile(
    r"\$\$[ \t]*\((?P<eq>[^)\s]+)\)"
    r"|^(?:`{3,}|:{3,})\{(?P<name>math|prf:[a-z]+)\}[^\n]*\n"
    r"(?P<options>(?::[\w-]+:[^\n]*\n)*)"
    r"|^:label:[ \t]*(?P<label>\S+)",
    re.MULTILINE,
)


def _numbered(chapter: int | None, ordinal: int) -> str:
    """Sphinx's number: "7.2" in chapter 7, "2" on an unnumbered page
    (``tools/sphinx_ext/figure_numbers.py``)."""
    return f"{chapter}.{ordinal}" if chapter else f"{ordinal}"


def label_index(root: Path = ROOT) -> dict[str, Target]:
    """Where every label of the book lives, a text to show for it and, for
    what the website numbers, its number. Sphinx numbers a page's captioned
    figures, its labelled displays and each kind of theorem-like box
    (``sphinx-proof`` keeps a counter per kind) in order of the page."""
    index: dict[str, Target] = {}
    sources = []
    for path in sorted((root / "chapters").glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        cells, figures, page = [], 0, f"chapters/{path.stem}"
        for cell in notebook.cells:
            cells.append(cell.source if cell.cell_type == "markdown" else "")
            figure = cell.metadata.get("mystnb", {}).get("figure", {})
            removed = {"remove-cell", "remove-output"} & set(
                cell.metadata.get("tags", [])
            )  # no output, so no figure on the website
            if figure.get("name") and figure.get("caption") and not removed:
                figures += 1
                number = _numbered(chapter_number(path.stem), figures)
                index[figure["name"]] = Target(
                    page, figure["name"], f"Fig. {number}", number
                )
        sources.append((path.stem, "\n\n".join(cells)))
    for path in sorted((root / "chapters").glob("*.md")):
        sources.append((path.stem, path.read_text(encoding="utf-8")))
    for stem, text in sources:
        page = f"chapters/{stem}"
        number = chapter_number(stem)
        for match in ANCHOR.finditer(text):
            rest = text[match.end() :].lstrip("\n")
            heading = re.match(r"#+[ \t]+(.+)", rest)
            title = heading.group(1).strip() if heading else match["label"]
            index[match["label"]] = Target(page, match["label"], title)
        counts: dict[str, int] = {}  # "math" (the displays), "prf:lemma"...
        for match in NUMBERED.finditer(text):
            options = {
                m["key"]: m["value"].strip()
                for m in OPTION.finditer(match["options"] or "")
            }
            kind = "math" if match["eq"] else match["name"]
            label = match["eq"] or options.get("label") or match["label"]
            shown = ""  # an unlabelled display, a proof: no number
            if (kind == "math" and label) or (
                kind in PRF_KINDS and "nonumber" not in options
            ):
                counts[kind] = counts.get(kind, 0) + 1
                shown = _numbered(number, counts[kind])
            if not label:
                continue
            if kind == "math":
                index[label] = Target(
                    page, f"equation-{label}", f"({shown})", shown
                )
            elif kind in PRF_KINDS:
                name = f"{PRF_KINDS[kind]} {shown}".strip()
                index[label] = Target(page, label, name, shown)
            else:
                word = LABEL_WORDS.get(label.split("-")[0], "this")
                index.setdefault(label, Target(page, label, word))
    return index


BIBLIOGRAPHY = ROOT / "references.bib"


@functools.cache
def citations(path: Path = BIBLIOGRAPHY) -> dict[str, tuple[str, str]]:
    """``key -> (who, year)`` of every entry of the bibliography, as the
    website's author-year citations write them
    (``tools/sphinx_ext/bibliography.py``): "Bishop", "Freund and
    Schapire", "Rumelhart et al." for three authors or more; the editors
    when there is no author, else the organization or the ``key`` field;
    "n.d." for an entry without a year."""
    from pybtex.database import parse_file
    from sphinx_ext.bibliography import author_year

    found = {}
    for key, entry in parse_file(
        str(path), bib_format="bibtex"
    ).entries.items():
        who, _, year = author_year(entry).rpartition(", ")
        if not (entry.persons.get("author") or entry.persons.get("editor")):
            fields = entry.fields
            who = fields.get("organization") or fields.get("key") or key
        found[key] = (who, year)
    return found


def _cite(role: str, keys: list[str], site: str) -> str:
    """A citation as the website writes it, each linked to the
    bibliography: "(Bishop, 2006; Hastie et al., 2009)" for ``{cite}`` and
    ``{cite:p}``, "Bishop (2006)" for ``{cite:t}``."""
    url, known = f"{site}chapters/bibliography.html", citations()
    cited = [known.get(key, (key, "n.d.")) for key in keys]
    if role == "cite:t":
        return ", ".join(_link(f"{who} ({year})", url) for who, year in cited)
    return "(" + "; ".join(_link(f"{w}, {y}", url) for w, y in cited) + ")"


def _link(text: str, url: str) -> str:
    return f"[{text}]({url})"


def _api_page(name: str) -> str:
    """The reference page documenting ``mlcourse.<module>...``: the module's
    page under chapters/api/, or the overview for the package's own names."""
    module = name.split(".")[1] if name.count(".") else ""
    if (ROOT / "chapters" / "api" / f"{module}.md").exists():
        return f"chapters/api/{module}.html"
    return "chapters/api.html"


def _role(
    match: re.Match, site: str, labels: dict[str, Target], exercise_titles
) -> str:
    role, text = match["role"], match["text"].strip()
    shown, _, target = text.partition("<")
    if target:
        shown, target = shown.strip(), target.rstrip(">").strip()
    else:
        shown, target = "", text
    if role == "math":
        return f"${text}$"
    if role == "term":
        anchor = "term-" + re.sub(r"\s+", "-", target.strip().lower())
        return _link(shown or target, f"{site}chapters/glossary.html#{anchor}")
    if role.startswith("cite"):
        return _cite(role, [k.strip() for k in target.split(",")], site)
    if role.startswith("py:"):  # the API pages' autodoc anchor: the full name
        name = target.removeprefix("~")
        short = name.rsplit(".", 1)[-1] if target.startswith("~") else name
        return _link(f"`{shown or short}`", f"{site}{_api_page(name)}#{name}")
    if role == "doc":
        page = target.removesuffix(".md").removesuffix(".ipynb")
        if not page.startswith("chapters/"):
            page = f"chapters/{page}"
        return _link(shown or Path(page).name, f"{site}{page}.html")
    found = labels.get(target)
    if target in exercise_titles and not shown:
        shown = exercise_titles[target]
    if found is None:
        return shown or target
    if role == "numref" and found.number:  # "Figure {number}", "Fig. %s"
        shown = shown.replace("{number}", found.number).replace(
            "%s", found.number
        )
    url = f"{site}{found.page}.html#{found.anchor}"
    return _link(shown or found.text, url)


# ----------------------------------------------------------------- markdown


def to_markdown(
    text: str,
    site: str,
    labels: dict[str, Target],
    exercise_titles: dict[str, str] | None = None,
) -> str:
    """Plain Markdown for ``text``: MyST directives and roles rewritten."""
    exercise_titles = exercise_titles or {}

    def tag(label: str | None) -> str:
        """The website's number of a labelled display, as MathJax's tag."""
        found = labels.get(label or "")
        # on the closing line, which a quoted block (> ...) prefixes
        return f"\\tag{{{found.number}}} " if found and found.number else ""

    def directive(match: re.Match) -> str:
        name, title = match["name"], match["title"].strip()
        body = OPTION.sub("", match["body"]).strip("\n")
        options = {
            m["key"]: m["value"].strip()
            for m in OPTION.finditer(match["body"])
        }
        body = DIRECTIVE.sub(directive, body)
        if name == "exercise":
            heading = exercise_titles.get(options.get("label", ""), "Exercise")
            return f"#### {heading}\n\n{body}"
        if name in PRF_KINDS:
            found = labels.get(options.get("label", ""))
            kind = found.text if found else PRF_KINDS[name]
            head = f"**{kind} ({title}).**" if title else f"**{kind}.**"
            return f"{head}\n\n{body}"
        if name == "prf:proof":
            return f"*Proof.* {body} $\\square$"
        if name == "math":
            return f"$$\n{body}\n{tag(options.get('label'))}$$"
        if name in ("note", "tip", "warning", "important", "admonition"):
            head = title or name.capitalize()
            quoted = "\n".join(
                "> " + line if line else ">" for line in body.splitlines()
            )
            return f"> **{head}.**\n>\n{quoted}"
        if name == "glossary":
            return body
        return body

    text = DIRECTIVE.sub(directive, text)
    text = EQUATION_LABEL.sub(lambda m: tag(m["label"]) + "$$", text)
    text = ANCHOR.sub("", text)
    text = ROLE.sub(lambda m: _role(m, site, labels, exercise_titles), text)
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"


# ---------------------------------------------------------------- notebooks


def answer_code_cell(label: str, index: int) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(f"# Your answer to {label}\n")
    cell.id = f"student-answer-{index}"
    cell.metadata["tags"] = ["student-answer"]
    return cell


#: The kinds of written exercise (records' ``kind``) whose answer is partly
#: code: they get a code cell before the cell of the written answer.
CODE_KINDS = {"compute", "explore", "implement"}


def written_code_cell(title: str, index: int) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_code_cell(f"# Your code for {title}\n")
    cell.id = f"student-written-code-{index}"
    cell.metadata["tags"] = ["student-answer", "written-code"]
    return cell


def answer_markdown_cell(title: str, index: int) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_markdown_cell(
        f"**Your answer to {title}** (double-click to edit):\n\n"
    )
    cell.id = f"student-written-answer-{index}"
    cell.metadata["tags"] = ["student-answer", "written-answer"]
    return cell


def bound_names(source: str) -> set[str] | None:
    """The global names a cell's code binds (:func:`_uses`), or None when
    it is not plain Python."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    return {name for name, read in _uses(tree) if not read}


def without_asserts(source: str) -> str:
    """The code with each ``assert`` statement taken out (``pass`` where a
    block would be left empty)."""
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Assert):
            continue
        first = lines[node.lineno - 1]
        indent = first[: len(first) - len(first.lstrip())]
        if node.col_offset != len(indent):
            continue  # shares its line with another statement: kept
        lines[node.lineno - 1] = f"{indent}pass" if indent else None
        for k in range(node.lineno, node.end_lineno):
            lines[k] = None
    code = "\n".join(t for t in lines if t is not None)
    return re.sub(r"\n{3,}", "\n\n", code).strip() + "\n"


def _stored(nodes) -> set[str]:
    """The names that ``nodes`` bind: the local names of a scope."""
    names = set()
    for node in nodes:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
                names.add(sub.id)
            elif isinstance(sub, ast.arg):
                names.add(sub.arg)
    return names


def _uses(tree: ast.AST) -> list[tuple[str, bool]]:
    """The global names a cell's code uses, ``(name, read)``, in about the
    order it runs them: an assignment's value before its targets, a loop's
    iterable before its variable. In a function, lambda or comprehension,
    the names it binds are its own and are skipped; its reads of other
    names count (a function may run later)."""
    uses: list[tuple[str, bool]] = []

    def visit(node, own=frozenset()):
        if isinstance(node, ast.Name):
            if node.id not in own:
                uses.append((node.id, isinstance(node.ctx, ast.Load)))
        elif isinstance(node, ast.AugAssign):
            visit(node.value, own)
            if isinstance(node.target, ast.Name) and node.target.id not in own:
                uses.append((node.target.id, True))
            visit(node.target, own)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.NamedExpr)):
            if node.value is not None:
                visit(node.value, own)
            for target in getattr(node, "targets", None) or [node.target]:
                visit(target, own)
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            for child in (node.iter, node.target, *node.body, *node.orelse):
                visit(child, own)
        elif isinstance(
            node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
        ):
            inner = own | _stored(g.target for g in node.generators)
            for g in node.generators:
                visit(g.iter, own)
                for child in g.ifs:
                    visit(child, inner)
            for child in (getattr(node, "elt", None), getattr(node, "key", None),
                          getattr(node, "value", None)):  # fmt: skip
                if child is not None:
                    visit(child, inner)
        elif isinstance(
            node,
            (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda),
        ):
            body = node.body if isinstance(node.body, list) else [node.body]
            args = [node.args] if hasattr(node, "args") else []
            inner = own | _stored([*args, *body])
            for child in ast.iter_child_nodes(node):
                visit(child, inner if child in body else own)
            if not isinstance(node, ast.Lambda):
                uses.append((node.name, False))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            uses.extend(
                ((a.asname or a.name).split(".")[0], False) for a in node.names
            )
        else:
            for child in ast.iter_child_nodes(node):
                visit(child, own)

    visit(tree)
    return uses


def read_later(names: set[str], rest: list) -> set[str]:
    """Which of ``names`` a later code cell reads before rebinding them.

    The cells of ``rest`` are taken in order; in each, the first use of a
    name decides: a read counts it, a binding (an assignment, a loop
    variable, an import) means the later cells read the new value, so the
    name is no longer followed. A cell that is not plain Python counts as
    reading each name its text contains.
    """
    pending, read = set(names), set()
    for cell in rest:
        if cell.cell_type != "code" or not pending:
            continue
        try:
            uses = _uses(ast.parse(cell.source))
        except SyntaxError:
            uses = [
                (name, True)
                for name in sorted(pending)
                if re.search(rf"\b{re.escape(name)}\b", cell.source)
            ]
        for name, reads in uses:
            if name in pending:
                pending.discard(name)
                if reads:
                    read.add(name)
    return read


def page_check(cell: nbformat.NotebookNode, rest: list):
    """A cell the website removes that checks the page's printed numbers,
    as the student notebook keeps it: None when no later cell reads a
    name it binds (:func:`read_later`), else its code without the
    asserts. The student's run need not pass them (another numpy may print
    another last digit). False for any other cell."""
    tags = cell.metadata.get("tags", [])
    if cell.cell_type != "code" or "remove-cell" not in tags:
        return False
    names = bound_names(cell.source)
    if names is None or "assert" not in cell.source:
        return False
    if read_later(names, rest):
        return without_asserts(cell.source)
    return None


def _gone(cells: list) -> set[int]:
    """Positions of the cells the student notebook drops whatever they
    bind: records, gated solutions, hidden checks of the exercises."""
    gone, inside, in_exercises = set(), False, False
    for position, cell in enumerate(cells):
        text = cell.source if cell.cell_type == "markdown" else ""
        tags = set(cell.metadata.get("tags", []))
        if inside or SOLUTION_START.search(text):
            inside = not SOLUTION_END.search(text)
            gone.add(position)
            continue
        for heading in re.findall(r"^(##?)\s+(.+)$", text, re.MULTILINE):
            in_exercises = heading[1].strip().startswith("Exercises")
        if book.is_record(cell) or (
            in_exercises
            and cell.cell_type == "code"
            and tags & HIDDEN_TAGS
            and "exercise-check" not in tags
        ):
            gone.add(position)
    return gone


def page_checks(cells: list) -> dict[int, str | bool | None]:
    """:func:`page_check` of every cell, decided from the last cell back
    and against the cells the student notebook keeps: a check that only
    a dropped cell reads is dropped too."""
    gone, kept, checks = _gone(cells), [], {}
    for position in reversed(range(len(cells))):
        cell = cells[position]
        checks[position] = page_check(cell, kept)
        if position not in gone and checks[position] is not None:
            kept.insert(0, cell)
    return checks


def clear(cell: nbformat.NotebookNode) -> nbformat.NotebookNode:
    cell = copy.deepcopy(cell)
    if cell.cell_type == "code":
        cell.outputs = []
        cell.execution_count = None
    cell.metadata.pop("execution", None)
    # the lecture decks' marks are the book's, not the student's
    cell.metadata.pop("slideshow", None)
    tags = [t for t in cell.metadata.get("tags", []) if t not in DECK_TAGS]
    if tags:
        cell.metadata["tags"] = tags
    else:
        cell.metadata.pop("tags", None)
    return cell


def figure_caption(
    cell: nbformat.NotebookNode, site: str, labels: dict[str, Target]
) -> nbformat.NotebookNode | None:
    """The markdown cell "*Fig. 7.6.* Caption." that follows a figure
    cell: the website reads the caption from the cell's metadata, which
    Jupyter and Colab do not show."""
    figure = cell.metadata.get("mystnb", {}).get("figure", {})
    if not figure.get("caption"):
        return None
    found = labels.get(figure.get("name", ""))
    head = f"*{found.text}.*" if found and found.number else "*Figure.*"
    caption = to_markdown(figure["caption"], site, labels).strip()
    new = nbformat.v4.new_markdown_cell(f"{head} {caption}\n")
    new.id = f"{cell.id}-caption"
    new.metadata["tags"] = ["figure-caption"]
    return new


def exercise_titles(chapter: nbformat.NotebookNode, stem: str) -> dict:
    """``label -> "Exercise C.N. Title"`` in the order of the chapter."""
    number, titles = chapter_number(stem), {}
    for cell in chapter.cells:
        if cell.cell_type != "markdown":
            continue
        for match in DIRECTIVE.finditer(cell.source):
            if match["name"] != "exercise":
                continue
            options = {
                m["key"]: m["value"].strip()
                for m in OPTION.finditer(match["body"])
            }
            label = options.get("label", f"exercise-{len(titles) + 1}")
            position = len(titles) + 1
            name = (
                f"Exercise {number}.{position}"
                if number
                else (f"Exercise {position}")
            )
            title = match["title"].strip()
            titles[label] = f"{name}. {title}" if title else name
    return titles


def _split_written(source: str) -> list[tuple[str, str | None]]:
    """Split a markdown cell after each exercise whose solution is cut.

    Returns pieces ``(markdown, label)``: ``label`` names the written
    exercise the piece ends with (its answer cell follows), or None.
    """
    pieces, start = [], 0
    for match in SOLUTION_BLOCK.finditer(source):
        pieces.append((source[start : match.start()], match["label"]))
        start = match.end()
    pieces.append((source[start:], None))
    return [(text, label) for text, label in pieces if text.strip() or label]


def student_notebook(
    chapter: nbformat.NotebookNode,
    stem: str = "",
    site: str | None = None,
    labels: dict[str, Target] | None = None,
) -> nbformat.NotebookNode:
    """Return the student version of a chapter notebook (module docstring)."""
    site = site if site is not None else site_url()
    labels = labels if labels is not None else label_index()
    titles = exercise_titles(chapter, stem)
    records = {e.label: e for e in book.read_chapter(chapter, stem or "00")}
    cells: list[nbformat.NotebookNode] = []
    inside, in_exercises, n_code, n_written = None, False, 0, 0
    checks = page_checks(chapter.cells)
    for position, cell in enumerate(chapter.cells):
        if book.is_record(cell):
            continue  # the exercise's record: for the instructor's tools
        check = checks[position]
        if check is None:
            continue  # a check of the page's numbers, not of the student
        if check:
            cell = copy.deepcopy(cell)
            cell.source = check
        text = cell.source if cell.cell_type == "markdown" else ""
        if inside is not None:
            if SOLUTION_END.search(text):
                previous = cells[-1] if cells else None
                if previous is not None and "exercise-stub" in (
                    previous.metadata.get("tags", [])
                ):
                    tags = previous.metadata["tags"]
                    if "student-answer" not in tags:
                        tags.append("student-answer")
                else:
                    n_code += 1
                    title = titles.get(inside, f"exercise {inside}")
                    cells.append(answer_code_cell(title, n_code))
                record = records.get(inside)
                if record is not None and record.manual:  # a written part
                    n_written += 1
                    title = titles.get(inside, f"exercise {inside}")
                    cells.append(answer_markdown_cell(title, n_written))
                inside = None
            continue
        start = SOLUTION_START.search(text)
        if start:
            inside = start.group(2)
            continue
        for heading in re.findall(r"^(##?)\s+(.+)$", text, re.MULTILINE):
            in_exercises = heading[1].strip().startswith("Exercises")
        tags = set(cell.metadata.get("tags", []))
        if (
            in_exercises
            and cell.cell_type == "code"
            and tags & HIDDEN_TAGS
            and "exercise-check" not in tags
        ):
            continue  # a hidden check of the numbers in the solutions
        cell = clear(cell)
        if cell.cell_type != "markdown":
            cells.append(cell)
            caption = figure_caption(cell, site, labels)
            if caption is not None:
                cells.append(caption)
            continue
        pieces = _split_written(cell.source)
        for position, (piece, label) in enumerate(pieces):
            part = copy.deepcopy(cell)
            part.source = to_markdown(piece, site, labels, titles)
            part.source = WEBSITE_ONLY.sub("", part.source)
            if position:
                part.id = f"{cell.id}-{position}"
            if part.source.strip():
                cells.append(part)
            if label:
                n_written += 1
                title = titles.get(label, f"exercise {label}")
                record = records.get(label)
                if record is not None and record.kind in CODE_KINDS:
                    cells.append(written_code_cell(title, n_written))
                cells.append(answer_markdown_cell(title, n_written))
    if inside is not None:
        raise ValueError(
            f"solution {inside!r} has a solution-start but no solution-end"
        )
    notebook = copy.deepcopy(chapter)
    header = nbformat.v4.new_markdown_cell(HEADER.format(site=site))
    header.id = "student-version-note"
    # the header goes after the set-up cell and the title cell
    position = 2 if len(cells) >= 2 else len(cells)
    notebook.cells = cells[:position] + [header] + cells[position:]
    notebook.metadata.pop("widgets", None)
    return notebook


def chapter_paths() -> list[Path]:
    return sorted(
        p
        for p in CHAPTERS.glob("[0-9][0-9]_*.ipynb")
        if not p.name.startswith("00_")
    )


def render(path: Path, labels: dict[str, Target] | None = None) -> str:
    notebook = student_notebook(
        nbformat.read(path, as_version=4), path.stem, labels=labels
    )
    return nbformat.writes(notebook) + "\n"


# ------------------------------------------------------ the teaching table

TEACHING = CHAPTERS / "teaching.md"
TABLE_START = "<!-- exercise table: written by `make exercises` -->"
TABLE_END = "<!-- end of the exercise table -->"
STARS = {1: "★", 2: "★★", 3: "★★★"}


def _points(exercise) -> str:
    auto, manual = exercise.auto, exercise.manual
    if auto and manual:
        return f"{auto:g} by tests, {manual:g} by hand"
    return f"{exercise.points:g} by {'tests' if auto else 'hand'}"


def _split_sentence() -> str:
    """How each value of the table's points by tests splits between tests.

    The public test (the checker) and the hidden test are worth half each,
    as the nbgrader and otter assignments give them.
    """
    values = sorted({e.auto for e in book.every_exercise() if e.auto})
    splits = ", ".join(
        f"{v:g} {'point is' if v == 1 else 'are'} {v / 2:g} + {v / 2:g}"
        for v in values
    )
    return (
        "**Points by tests** are shared equally by the exercise's public "
        f"test (its checker) and its hidden test: {splits}. Points by hand "
        "go to the written answer, graded with its rubric."
    )


def teaching_table() -> str:
    """The table of every exercise, three columns for a phone, and the pace.

    One row per exercise: its kind, level and minutes; its points, how they
    are graded and, for a checked one, the wrong answers its checker is
    tested with; then the minutes of each chapter, the suggested pacing.
    """
    from assignments import wrong

    rows = [
        "| exercise | kind, minutes | points (wrong answers tested) |",
        "|---|---|---|",
    ]
    minutes = {}
    for e in book.every_exercise():
        tested = f" ({len(wrong.catalogue(e))})" if e.checked else ""
        chapter = int(e.number.split(".")[0])
        minutes[chapter] = minutes.get(chapter, 0) + e.minutes
        rows.append(
            f"| {{ref}}`{e.number} {e.title} <{e.label}>` | {e.kind} "
            f"{STARS[e.level]}, {e.minutes} | {_points(e)}{tested} |"
        )
    total = sum(minutes.values())
    pace = "; ".join(f"chapter {c}, {m}" for c, m in minutes.items())
    busiest = max(minutes, key=minutes.get)
    folded = (
        f":::{{admonition}} The {len(rows) - 2} exercises: kind, level, "
        "minutes and points\n:class: dropdown\n\n" + "\n".join(rows) + "\n:::"
    )
    return (
        folded
        + "\n\n"
        + _split_sentence()
        + "\n\n**Suggested pacing: about two weeks a chapter** (the plan of "
        + "a term below gives chapters 1 to 3 two weeks each, chapters 4 to 6 "
        + "a week and a half, chapter 7 two and a half), or a chapter a week "
        + "in a faster course. Its exercises take, in "
        + f"minutes: {pace}; {total} in all, about {round(total / 60)} hours "
        + "beside the reading, and at most about "
        + f"{_half_hours(minutes[busiest])} hours for one chapter "
        + f"(chapter {busiest}).\n"
    )


def _half_hours(minutes: int) -> str:
    """Minutes as hours to the nearest half hour: 200 gives "3½"."""
    halves = round(minutes / 30)
    return f"{halves // 2}" + ("½" if halves % 2 else "")


LIBRARY_START = "<!-- library answers: written by `make exercises` -->"
LIBRARY_END = "<!-- end of the library answers -->"


def library_answers() -> str:
    """The exercises whose work a public function of the library does.

    From the records' ``library`` field: a line per exercise, its number
    linked, then the names, each linked to the library reference.
    """
    exercises = [e for e in book.every_exercise() if e.library]
    checked = sum(e.checked for e in book.every_exercise())
    lines = [
        "The course library that students install does hold working "
        f"versions of what {len(exercises)} of the {checked} checked "
        "exercises ask for, because the chapters use them:",
        "",
    ]
    for e in exercises:
        names = ", ".join(f"{{py:obj}}`~{name}`" for name in e.library)
        lines.append(f"- {{ref}}`{e.number} <{e.label}>`: {names};")
    lines[-1] = lines[-1][:-1] + "."
    return "\n".join(lines) + "\n"


def _between(text: str, start: str, end: str, new: str) -> str:
    """``text`` with what lies between the lines ``start`` and ``end``."""
    head, _, rest = text.partition(start + "\n")
    _, _, tail = rest.partition(end)
    if not rest:
        raise ValueError(f"{TEACHING} has no line {start!r}")
    return f"{head}{start}\n{new}{end}{tail}"


def teaching_page() -> str:
    """``chapters/teaching.md`` with its generated parts up to date."""
    text = TEACHING.read_text(encoding="utf-8")
    text = _between(text, LIBRARY_START, LIBRARY_END, library_answers())
    return _between(text, TABLE_START, TABLE_END, teaching_table())


# ------------------------------------------------------------------- main


def expected_files() -> dict[Path, str]:
    """What ``make exercises`` writes: the student notebooks, the table."""
    labels = label_index()
    files = {EXERCISES / p.name: render(p, labels) for p in chapter_paths()}
    files[TEACHING] = teaching_page()
    return files


def write_zip(zip_path: Path, notebooks: dict[Path, str]) -> None:
    zip_path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(notebooks):
            info = zipfile.ZipInfo(
                f"mlcourse-exercises/{path.name}",
                date_time=(2026, 1, 1, 0, 0, 0),
            )
            archive.writestr(info, notebooks[path])


def write_student_notebooks(dest: Path, zip_path: Path | None = None):
    """Write the student notebooks into ``dest`` (and a zip of them)."""
    labels = label_index()
    notebooks = {dest / p.name: render(p, labels) for p in chapter_paths()}
    dest.mkdir(parents=True, exist_ok=True)
    for path, text in notebooks.items():
        path.write_text(text, encoding="utf-8")
    if zip_path:
        write_zip(zip_path, notebooks)
    return notebooks


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check",
        action="store_true",
        help="fail if exercises/ or the teaching page's table is out of date",
    )
    parser.add_argument(
        "--zip", type=Path, help="also write a zip of the student notebooks"
    )
    args = parser.parse_args(argv)

    expected = expected_files()
    notebooks = {p: t for p, t in expected.items() if p.suffix == ".ipynb"}
    if args.check:
        stale = [
            str(path.relative_to(ROOT))
            for path, text in expected.items()
            if not path.exists() or path.read_text(encoding="utf-8") != text
        ]
        extra = [
            str(p.relative_to(ROOT))
            for p in EXERCISES.glob("*.ipynb")
            if p not in expected
        ]
        for name in stale:
            print(f"out of date: {name}")
        for name in extra:
            print(f"no chapter for: {name}")
        if stale or extra:
            print("Run 'make exercises' and commit the result.")
            return 1
        print(
            f"{len(notebooks)} student notebook(s) and the table up to date."
        )
        return 0

    EXERCISES.mkdir(exist_ok=True)
    for path in EXERCISES.glob("*.ipynb"):
        if path not in expected:
            path.unlink()
    for path, text in expected.items():
        path.write_text(text, encoding="utf-8")
    print(
        f"wrote {len(notebooks)} student notebook(s) to "
        f"{EXERCISES.relative_to(ROOT)}/ and the exercise table of "
        f"{TEACHING.relative_to(ROOT)}"
    )
    if args.zip:
        write_zip(args.zip, notebooks)
        print(f"wrote {args.zip}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
