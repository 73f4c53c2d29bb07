"""Light pages for a reader on a phone, through Sphinx's own extension points.

- Templates (``templates/``, found before the theme's): one viewport tag, one
  stylesheet, no search index outside the search page and no Font Awesome
  script (the stylesheet draws the same icons).
- Pages (``html-page-context``): scripts deferred; no widget state (the site
  runs no widget) or Live Code script (it is off); a meta description from
  the page's first paragraph.
- Code (``highlight_options``): a token drawn in the text's own colour in
  both colour modes is written without its ``<span>``.
- Folded cells: the toggle is named by its visible text, not "Toggle
  hidden content" (myst-nb's node, given an HTML visitor of our own).
- Images load when they near the screen; an animation's frames become image
  files instead of base64 in the page (matplotlib's ``to_jshtml`` player).
- Once every page is written, the stylesheets become one file without the
  rules no page uses (clean-css and PurgeCSS: ``tools/site/bundle_css.js``)
  and the icon fonts keep the icons it draws (fontTools).
Hand-written because each item is this book's use of documented options and
events of Sphinx, myst-nb, Pygments, PurgeCSS and fontTools.
"""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
from html import escape
from pathlib import Path

from docutils import nodes
from pygments.filter import Filter
from pygments.styles import get_style_by_name
from pygments.token import STANDARD_TYPES, Text
from sphinx.transforms.post_transforms import SphinxPostTransform

HERE = Path(__file__).resolve().parent
BUNDLE_CSS = HERE.parent / "site" / "bundle_css.js"
BUNDLE = "_static/styles/book.css"
#: Linked by the theme's template before the extensions' stylesheets.
THEME_CSS = ["_static/basic.css", "_static/styles/pydata-sphinx-theme.css"]
SEARCH_ONLY = ("searchtools.js", "language_data.js")
UNUSED_SCRIPTS = ("application/vnd.jupyter.widget-state+json", "thebe")
LEXERS = ("ipython3", "python", "default")
FRAME = re.compile(r'"data:image/(png|jpeg);base64,([A-Za-z0-9+/=]+)"')


class PlainTokens(Filter):
    """Tokens of the types in ``plain`` become plain text."""

    def __init__(self, plain=frozenset(), **options):
        super().__init__(**options)
        self.plain = frozenset(plain)

    def filter(self, lexer, stream):
        for kind, value in stream:
            yield (Text if kind in self.plain else kind), value

    def __eq__(self, other):  # a rebuild sees an unchanged configuration
        return isinstance(other, PlainTokens) and self.plain == other.plain

    def __hash__(self):
        return hash(self.plain)


def plain_tokens(style_names) -> frozenset:
    """Token types that every style draws as its plain text."""
    styles = [get_style_by_name(name) for name in style_names]
    return frozenset(
        kind
        for kind in STANDARD_TYPES
        if all(
            s.style_for_token(kind) == s.style_for_token(Text) for s in styles
        )
    )


def _configure(app, config):
    config.templates_path.insert(0, str(HERE / "templates"))
    options = config.html_theme_options
    styles = (options["pygments_light_style"], options["pygments_dark_style"])
    for lexer in LEXERS:
        config.highlight_options.setdefault(lexer, {})["filters"] = [
            PlainTokens(plain_tokens(styles))
        ]


def description(doctree) -> str:
    """The page's first paragraph, cut at a word before 160 characters."""
    for paragraph in doctree.findall(nodes.paragraph):
        text = " ".join(paragraph.astext().split())
        if len(text) > 40:
            return (
                text
                if len(text) <= 160
                else text[:157].rsplit(" ", 1)[0] + "..."
            )
    return ""


def _unused(script, pagename) -> bool:
    said = f"{script.filename} {script.attributes.get('type')}"
    if pagename != "search" and (script.filename or "").endswith(SEARCH_ONLY):
        return True
    return any(
        word in said or word in script.attributes.get("body", "")
        for word in UNUSED_SCRIPTS
    )


def deferred(script):
    """The script, run once the page is parsed (the theme's settings are
    read at once by inline scripts: they stay)."""
    if not script.filename or "documentation_options" in script.filename:
        return script
    attributes = {"defer": "defer", **script.attributes}
    return type(script)(
        script.filename, priority=script.priority, **attributes
    )


def _page(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files", [])
    scripts[:] = [
        deferred(s)
        if pagename != "search"
        else s  # its own scripts run at once
        for s in scripts
        if not _unused(s, pagename)
    ]
    sheets = context.get("css_files", [])
    bundled = app.builder.bundled_css
    if not bundled:
        bundled += THEME_CSS + [
            s.filename for s in sheets if "thebe" not in s.filename
        ]
    sheets[:] = [
        s
        for s in sheets
        if s.filename not in bundled and "thebe" not in s.filename
    ]
    tags = context.get("metatags", "").splitlines()
    tags = [tag for tag in tags if 'name="viewport"' not in tag]
    summary = description(doctree) if doctree is not None else ""
    if summary:
        tags.append(f'<meta name="description" content="{escape(summary)}" />')
    context["metatags"] = "\n".join(tags)


def visit_citation(self, node):
    """A bibliography entry is a list item (DPUB's doc-biblioentry role,
    which docutils gives it, is deprecated)."""
    if not isinstance(node.previous_sibling(), nodes.citation):
        self.body.append('<div role="list" class="citation-list">\n')
    self.body.append(
        self.starttag(node, "div", classes=["citation"], role="listitem")
    )


def depart_citation(self, node):
    self.body.append("</div>\n")
    if not isinstance(
        node.next_node(descend=False, siblings=True), nodes.citation
    ):
        self.body.append("</div>\n")


def visit_hidden_cell(self, node):
    classes = " ".join(node["classes"])
    self.body.append(
        f'<details class="admonition hide {classes}">\n<summary>\n'
    )
    for state, prompt in (
        ("collapsed", "prompt_show"),
        ("expanded", "prompt_hide"),
    ):
        self.body.append(
            f'<p class="{state} admonition-title">{escape(node[prompt])}</p>\n'
        )
    self.body.append("</summary>\n")


def depart_hidden_cell(self, node):
    self.body.append("</details>\n")


class LightImages(SphinxPostTransform):
    """Images load when they near the screen; animation frames are files."""

    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs):
        for image in self.document.findall(nodes.image):
            image.setdefault("loading", "lazy")
        folder = Path(self.app.outdir) / "_images"
        depth = "../" * self.env.docname.count("/")
        for raw in self.document.findall(nodes.raw):
            if "frames[" in raw.astext():
                text = FRAME.sub(
                    lambda m: self.frame(m, folder, depth), raw.astext()
                )
                raw.replace_self(nodes.raw("", text, format="html"))

    @staticmethod
    def frame(match, folder: Path, depth: str) -> str:
        data = base64.b64decode(match[2])
        name = f"frame-{hashlib.sha256(data).hexdigest()[:16]}.{match[1]}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
        return f'"{depth}_images/{name}"'


def subset_icon_fonts(static: Path, css: str) -> None:
    """The icon fonts keep the glyphs the stylesheet can draw."""
    import logging

    from fontTools import subset

    logging.getLogger("fontTools").setLevel(logging.WARNING)
    icons = {int(code, 16) for code in re.findall(r'"\\(f[0-9a-f]{3})"', css)}
    options = subset.Options(flavor="woff2")
    for path in static.glob("vendor/fontawesome/webfonts/*.woff2"):
        font = subset.load_font(str(path), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=icons | {0x20})
        subsetter.subset(font)
        subset.save_font(font, str(path), options)


def _finished(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    for unused in out.glob("_static/scripts/fontawesome.js*"):
        unused.unlink()
    sheets = [
        name for name in app.builder.bundled_css if (out / name).exists()
    ]
    if not sheets:  # no page written: the bundle is as it was
        return
    command = ["node", str(BUNDLE_CSS), str(out), BUNDLE, *sheets]
    subprocess.run(command, check=True, timeout=300)
    subset_icon_fonts(out / "_static", (out / BUNDLE).read_text())


def _start(app):
    app.builder.bundled_css = []


def setup(app):
    from myst_nb.sphinx_ import HideCodeCellNode

    app.connect("config-inited", _configure)
    app.connect("builder-inited", _start)
    app.connect("html-page-context", _page, priority=900)
    # after the theme writes its colour modes into pygments.css
    app.connect("build-finished", _finished, priority=900)
    app.add_post_transform(LightImages)
    app.add_node(
        HideCodeCellNode,
        override=True,
        html=(visit_hidden_cell, depart_hidden_cell),
    )
    app.add_node(
        nodes.citation, override=True, html=(visit_citation, depart_citation)
    )
    return {"parallel_read_safe": True, "parallel_write_safe": False}
