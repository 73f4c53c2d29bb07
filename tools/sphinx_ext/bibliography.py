"""The bibliography's labels read as the text cites, and link back to it.

sphinxcontrib-bibtex cites by author and year (``bibtex_reference_style``)
but labels its list with a pybtex label style (alpha: [FS99]), and links an
entry back to its citations on the same page only. Its documented plug-in
points take the rest: a pybtex style whose labels are the text's own
("Freund and Schapire, 1999"), sorted by author and year, and, on the
bibliography page, a line "Cited in" linking each citation in the book.
In the PDF, Sphinx gathers every entry into one list at the end of the
book; here each of the page's lists stays under its own heading.
Hand-written because no maintained extension links citations across pages.
"""

from __future__ import annotations

from docutils import nodes
from pybtex.plugin import register_plugin
from pybtex.style.formatting import toplevel
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.formatting.unsrt import date, pages
from pybtex.style.labels import BaseLabelStyle
from pybtex.style.template import optional, sentence, words
from pybtex.style.template import optional_field as opt
from sphinx.transforms.post_transforms import SphinxPostTransform


def author_year(entry) -> str:
    """The label of ``entry`` as a parenthetical citation writes it."""
    people = entry.persons.get("author") or entry.persons.get("editor", [])
    parts = (p.rich_prelast_names + p.rich_last_names for p in people)
    names = [" ".join(map(str, part)) for part in parts]
    who = f"{names[0]} et al." if len(names) > 2 else " and ".join(names)
    return f"{who or entry.key}, {entry.fields.get('year', 'n.d.')}"


class AuthorYearLabels(BaseLabelStyle):
    def format_labels(self, sorted_entries):
        return (author_year(entry) for entry in sorted_entries)


class AuthorYearStyle(UnsrtStyle):
    """pybtex's ``unsrt`` entries, labelled and sorted by author and year;
    a paper in proceedings reads like a chapter ("In Book, pages 1-8, 2002.")."""

    default_label_style = "author_year"
    default_sorting_style = "author_year_title"

    def get_inproceedings_template(self, e):
        book = sentence[self.format_btitle(e, "booktitle", as_sentence=False),
                        self.format_volume_and_series(e, as_sentence=False),
                        optional[words["pages", pages]], opt("publisher"),
                        opt("address"), date]  # fmt: skip
        return toplevel[sentence[self.format_names("author")],
                        self.format_title(e, "title"), words["In", book],
                        self.format_web_refs(e)]  # fmt: skip


def _where(env, docname: str) -> str:
    """How the "Cited in" line names a page: "chapter 4", "Glossary"."""
    number = env.toc_secnumbers.get(docname, {}).get("")
    if number:
        return f"chapter {number[0]}"
    if docname == env.config.root_doc:
        return "Introduction"
    library = "Library: " if docname.startswith("chapters/api/") else ""
    return library + env.titles[docname].astext()  # "Library: mlp"


def cited_in(app, doctree, docname: str) -> None:
    """Append to each entry of this page's lists the places that cite it."""
    if app.builder.format != "html":
        return
    domain = app.env.get_domain("cite")
    keys = {c.citation_id: c.key for c in domain.citations}
    for entry in doctree.findall(nodes.citation):
        key = keys.get(entry["ids"][0])
        refs = [ref for ref in domain.citation_refs if ref.docname != docname
                and key in {target.key for target in ref.targets}]  # fmt: skip
        if not refs:
            continue
        pages: dict[str, list] = {}
        for ref in sorted(refs, key=lambda ref: ref.docname):  # stable
            pages.setdefault(ref.docname, []).append(ref)
        line = nodes.paragraph(classes=["bib-cited-in"])
        line += nodes.Text("Cited in ")
        for i, (page, found) in enumerate(pages.items()):
            uri = app.builder.get_relative_uri(docname, page)
            links = [f"{uri}#{ref.citation_ref_id}" for ref in found]
            line += nodes.Text(", " if i else "")
            line += nodes.reference("", _where(app.env, page), refuri=links[0])
            if len(links) > 1:
                line += nodes.Text(" (")
                for j, link in enumerate(links):
                    line += nodes.Text(", " if j else "")
                    line += nodes.reference("", str(j + 1), refuri=link)
                line += nodes.Text(")")
        line += nodes.Text(".")
        entry += line


class local_bibliography(nodes.General, nodes.Element):
    """A list of entries printed where it stands (LaTeX only)."""


class local_citation(nodes.General, nodes.Element):
    """An entry of a :class:`local_bibliography`, citable as before."""


class KeepListsInPlace(SphinxPostTransform):
    """Wrap each run of entries before Sphinx gathers them at the end.

    Sphinx's ``BibliographyTransform`` (priority 750) moves every
    ``citation`` node to one list at the end of the book; an entry turned
    into a ``local_citation`` first stays in its own list.
    """

    default_priority = 740
    formats = ("latex",)

    def run(self, **kwargs) -> None:
        runs: dict[int, list] = {}
        for node in self.document.findall(nodes.citation):
            runs.setdefault(id(node.parent), []).append(node)
        for citations in runs.values():
            parent = citations[0].parent
            wrapper = local_bibliography()
            parent.insert(parent.index(citations[0]), wrapper)
            for citation in citations:
                parent.remove(citation)
                entry = local_citation(**citation.attributes)
                entry += citation.children
                wrapper += entry


def _visit_list(self, node) -> None:
    # thebibliography opens with \chapter*{\bibname}: not here, where the
    # page's own heading names the list
    self.body.append(
        "\n\\begingroup\\renewcommand{\\chapter}[2]{}"
        "\\begin{thebibliography}{Novikoff, 1962}\n"
    )


def _depart_list(self, node) -> None:
    self.body.append("\\end{thebibliography}\\endgroup\n")


def _visit_entry(self, node) -> None:
    label = node[0].astext()
    key = f"{node['docname']}:{node['ids'][0]}"
    self.body.append(f"\\bibitem[{self.encode(label)}]{{{key}}}")
    node.remove(node[0])


def _skip(self, node) -> None:
    raise nodes.SkipNode


def setup(app):
    lists = dict(latex=(_visit_list, _depart_list), html=(_skip, None))
    app.add_node(local_bibliography, **lists)
    app.add_node(local_citation, latex=(_visit_entry, lambda self, node: None))
    app.add_post_transform(KeepListsInPlace)
    register_plugin("pybtex.style.labels", "author_year", AuthorYearLabels)
    register_plugin("pybtex.style.formatting", "author_year", AuthorYearStyle)
    app.connect("doctree-resolved", cited_in)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
