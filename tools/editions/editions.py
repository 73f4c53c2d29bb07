"""The book's PDF and lecture decks, from the website's own build.

A Sphinx extension, because what it does needs the build's doctrees; no
maintained extension (sphinx-revealjs, sphinx-exercise's options) selects
notebook cells for slides or moves solutions to an appendix. It

- links each chapter page to its deck and every page to the PDF (the
  theme's download menu), and the site's root to all of them;
- marks the nodes of cells with ``slideshow`` metadata (Jupyter's
  ``slide_type``) so that ``decks.py`` turns them into reveal.js slides;
- for the PDF, numbers the chapters as the website does, drops outputs that
  only a browser can show (their still companions stand in), and moves the
  solutions to an appendix, or leaves them out with ``SOLUTIONS=omit``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import decks
from docutils import nodes
from sphinx import addnodes
from sphinx.builders.latex.nodes import thebibliography
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx_exercise.nodes import solution_node

# a slide has its section's title
SKIPPED = (nodes.section, nodes.title, nodes.target)
SLIDE_TYPES = ("slide", "subslide", "fragment", "-")
PDF = "_downloads/book.pdf"


def cell_marks(path: Path) -> dict[int, tuple[str, list[str]]]:
    """Cell index -> (slide type, tags) of the cells marked for the deck."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    marks = {}
    for index, cell in enumerate(cells):
        kind = cell["metadata"].get("slideshow", {}).get("slide_type")
        if kind in SLIDE_TYPES:
            marks[index] = (kind, cell["metadata"].get("tags", []))
    return marks


class MarkSlides(SphinxPostTransform):
    """Give each top-level node of a marked cell the classes decks.py reads.

    myst-nb numbers a notebook's source lines ``10000 * (cell + 1) + line``.
    """

    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs) -> None:
        path = Path(self.env.doc2path(self.env.docname))
        marks = cell_marks(path) if path.suffix == ".ipynb" else {}
        for section in list(self.document.findall(nodes.section)):
            for node in list(section.children):
                cell = (node.line or 0) // 10000 - 1
                if cell not in marks or isinstance(node, SKIPPED):
                    continue
                kind, tags = marks[cell]
                if "slide-no-prose" in tags and type(node) is nodes.paragraph:
                    continue
                kind = "continue" if kind == "-" else kind
                classes = [f"deck-cell-{cell}", f"deck-{kind}"]
                box = nodes.container(classes=classes)
                section[section.index(node)] = box
                box += node


def add_links(app, pagename, templatename, context, doctree) -> None:
    """Add the book's PDF and the chapter's deck to the download menu."""
    to_root = context["pathto"]("", 1).rstrip("/") or "."
    links = [("Book (PDF)", f"{to_root}/{PDF}", "fas fa-book")]
    if pagename == "index":  # the site's root links the PDF and every deck
        found = [Path(app.srcdir, d + ".ipynb") for d in app.env.found_docs]
        marked = sorted(p.stem for p in found if p.exists() and cell_marks(p))
        context.update(
            book_pdf=PDF, decks=[f"{decks.FOLDER}/{name}" for name in marked]
        )
    source = Path(app.srcdir, pagename + ".ipynb")
    if source.exists() and cell_marks(source):
        deck = f"{to_root}/{decks.FOLDER}/{Path(pagename).name}"
        links.append(("Slides", f"{deck}.html", "fas fa-person-chalkboard"))
        links.append(("Slides (PDF)", f"{deck}.pdf", "fas fa-file-pdf"))
    buttons = [
        {"type": "link", "url": url, "text": text, "icon": icon}
        for text, url, icon in links
    ]
    for group in context.get("header_buttons", []):
        if group.get("label") == "download-buttons":
            for button in group["buttons"]:  # the theme's ".pdf": one page
                if button.get("label") == "download-pdf-button":
                    button["text"] = "This page (print)"
            group["buttons"][:0] = buttons
            return
    menu = dict(type="group", tooltip="Download", icon="fas fa-download")
    menu.update(buttons=buttons, label="edition-buttons")
    context.setdefault("header_buttons", []).append(menu)


class PrintEdition(SphinxPostTransform):
    """The PDF: the whole book, assembled by the LaTeX builder, in one tree."""

    default_priority = 3  # before myst-nb picks each output's mime type
    formats = ("latex",)

    def run(self, **kwargs) -> None:
        drop_browser_outputs(self.document)
        number_as_the_website(self.document, self.env.toc_secnumbers)
        solutions = pop_solutions(self.document, self.env)
        if solutions:
            append_solutions(self.document, solutions, self.env)


class ExerciseLinks(SphinxPostTransform):
    """Links from other pages to an exercise, which sphinx-exercise's LaTeX
    leaves undefined, point to its box."""

    default_priority = 15  # once Sphinx has resolved the references
    formats = ("latex",)

    def run(self, **kwargs) -> None:
        registry = self.env.sphinx_exercise_registry
        for ref in list(self.document.findall(nodes.reference)):
            label = ref.get("refuri", "").rpartition("#")[2]
            if registry.get(label, {}).get("type") == "exercise":
                link = rf"\hyperref[exercise:{label}]{{{ref.astext()}}}"
                ref.replace_self(raw_latex(link))


class ChapterLinksToChapters(SphinxPostTransform):
    """A link to a chapter goes to the chapter, not to its solutions:
    Sphinx labels the first section of every included file as the file."""

    default_priority = 401  # after Sphinx's DocumentTargetTransform
    formats = ("latex",)

    def run(self, **kwargs) -> None:
        for group in self.document.findall(addnodes.start_of_file):
            section = group.next_node(nodes.section)
            if group.get("solutions") and ":doc" in section["ids"]:
                section["ids"].remove(":doc")


def drop_browser_outputs(document) -> None:
    """Outputs that only a browser shows (an animation's HTML); the text
    left for paper would be a repr, and a still figure tells the story."""
    for bundle in list(document.findall(nodes.container)):
        kinds = {c.get("mime_type"): c for c in bundle.children}
        plain = kinds.get("text/plain")
        if "text/html" in kinds and plain is not None:
            if plain.astext().startswith("<IPython.core.display."):
                bundle.parent.remove(bundle)


def number_as_the_website(document, secnumbers) -> None:
    """Number only the chapters the website numbers (the course, not the
    notation page or the reference part): chapter 4 is chapter 4 in both."""
    numbered = None
    for page in document.findall(addnodes.start_of_file):
        now = bool(secnumbers.get(page["docname"]))
        if now != numbered:
            depth = 2 if now else -1
            counter = rf"\setcounter{{secnumdepth}}{{{depth}}}"
            page.insert(0, raw_latex(counter))
            numbered = now


def raw_latex(text: str) -> nodes.raw:
    return nodes.raw("", text, format="latex")


def pop_solutions(document, env) -> dict[str, list[nodes.Node]]:
    """Take every solution, and the cell that checks it, out of its chapter.

    Returns the taken nodes by chapter. The exercise gets a link to the
    solution's page; a check cell left behind loses its "Correct".
    """
    taken: dict[str, list[nodes.Node]] = {}
    appendix = env.config.pdf_solutions == "appendix"
    # the builder's assembled tree: walk down (parents point to the pages)
    for page in document.findall(addnodes.start_of_file):
        for solution in list(page.findall(solution_node)):
            check = solution.next_node(descend=False, siblings=True)
            if not (
                isinstance(check, nodes.container)
                and "tag_exercise-check" in check["classes"]
            ):
                check = None
            solution.parent.remove(solution)
            if appendix:
                link_exercise(document, solution, env)
                taken.setdefault(page["docname"], []).append(solution)
                if check:
                    check.parent.remove(check)
                    taken[page["docname"]].append(check)
            elif check:
                for output in list(check.findall(nodes.container)):
                    if "cell_output" in output["classes"]:
                        output.parent.remove(output)
    return taken


def link_exercise(document, solution, env) -> None:
    """End the solution's exercise with the page its solution is on."""
    entry = env.sphinx_exercise_registry[solution["label"]]
    label = f"{entry['docname']}:{solution['label']}"
    exercise = env.sphinx_exercise_registry[solution["target_label"]]["node"]
    for node in document.findall(type(exercise)):
        if node.get("label") == exercise.get("label"):
            link = rf"\hyperref[{label}]{{Solution on page~\pageref*{{{label}}}.}}"
            node += nodes.paragraph("", "", raw_latex(link))


def append_solutions(document, taken, env) -> None:
    """A last chapter, before the bibliography: the solutions by chapter."""
    chapter = nodes.section(ids=["solutions-to-the-exercises"])
    chapter += nodes.title("", "Solutions to the exercises")
    chapter += nodes.paragraph(
        "",
        "Each solution follows its exercise's "
        "number; the exercise links here.",
    )
    for docname, parts in taken.items():
        number = ".".join(map(str, env.toc_secnumbers[docname][""]))
        title = f"{number}. {env.titles[docname].astext()}"
        group = addnodes.start_of_file(docname=docname, solutions=True)
        group += nodes.section("", nodes.title("", title), *parts)
        chapter += group
    page = addnodes.start_of_file(docname=env.config.root_doc, solutions=True)
    page += [raw_latex(r"\setcounter{secnumdepth}{-1}"), chapter]
    bibliography = next(document.findall(thebibliography), None)
    before = bibliography
    while not isinstance(before, (addnodes.start_of_file, type(None))):
        before = before.parent
    if before is None:
        before = list(document.findall(addnodes.start_of_file))[-1]
    before.parent.insert(before.parent.index(before), page)


def number_boxes_as_the_website(app, env) -> list[str]:
    """Exercise 2.7 and Theorem 5.1 in the PDF as on the website:
    sphinx-jupyterbook-latex numbers a book in parts by section (2.10.7),
    and sphinx-exercise and sphinx-proof title their boxes with those
    numbers. LaTeX numbers figures and equations itself, by chapter."""
    if app.builder.format == "latex":
        for numbers in env.toc_fignumbers.values():
            for boxes in numbers.values():
                if all(len(n) > 2 for n in boxes.values()):  # by section
                    order = sorted(boxes, key=boxes.get)
                    for k, label in enumerate(order, 1):
                        boxes[label] = (boxes[label][0], k)
    return []


def setup(app):
    solutions = os.environ.get("SOLUTIONS", "appendix")
    app.add_config_value("pdf_solutions", solutions, "", types=[str])
    app.add_post_transform(MarkSlides)
    app.add_post_transform(PrintEdition)
    app.add_post_transform(ExerciseLinks)
    app.add_post_transform(ChapterLinksToChapters)
    app.connect("html-page-context", add_links, priority=600)
    app.connect("env-get-updated", number_boxes_as_the_website, priority=900)
    app.connect("build-finished", decks.write_decks, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
