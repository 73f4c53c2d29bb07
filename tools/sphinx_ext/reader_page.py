"""Light pages for a reader on a phone, through Sphinx's extension points.

- Templates (``templates/``, before the theme's): one viewport tag and one
  stylesheet; no search index outside the search page, no Font Awesome
  script (the stylesheet draws the icons).
- Pages (``html-page-context``): scripts deferred, in one file (the search
  page's run at once); no Live Code or widget state; the first paragraph
  as description; the edition in footers; the root's decks by title; the
  launch menu names Binder and Colab, no logos, and opens a chapter's
  student notebook too; module pages unfold one class; an inline formula
  and the punctuation touching it wrap as one word (no line starts ":").
- Code (``highlight_options``): a token takes its first ancestor type drawn
  as it is in both colour modes, so that neighbours share one ``<span>`` and
  a token drawn as text has none; operators are drawn as text.
- Images load near the screen; animation frames (matplotlib's ``to_jshtml``
  embeds them as base64) become image files.
- Once the pages are written, the stylesheets become one bundle without the
  rules no page uses (``tools/site/bundle_css.js``: clean-css, PurgeCSS),
  the scripts one file (one request, not ten), and the icon fonts keep the
  icons it draws (fontTools).
Hand-written because each item is this book's use of documented options and
events of Sphinx, myst-nb, Pygments, PurgeCSS and fontTools.
"""

from __future__ import annotations

import base64
import hashlib
import re
import subprocess
import sys
from html import escape
from pathlib import Path

from docutils import nodes
from mlcourse import __version__
from pygments.filter import Filter
from pygments.styles import get_style_by_name
from pygments.token import STANDARD_TYPES, Operator, Text
from sphinx.transforms.post_transforms import SphinxPostTransform

HERE = Path(__file__).resolve().parent
#: The library's module pages, whose contents unfold one class at a time.
OBJECT_PAGES = "chapters/api/"
BUNDLE = "_static/styles/book.css"
JS_BUNDLE = "_static/scripts/book.js"
#: Written by the theme's template after the body (templates/static).
THEME_JS = [
    "_static/scripts/bootstrap.js",
    "_static/scripts/pydata-sphinx-theme.js",
]
#: Linked by the theme's template, before the extensions' stylesheets.
THEME_CSS = ["_static/basic.css", "_static/styles/pydata-sphinx-theme.css"]
UNUSED = ("widget-state", "thebe")
FRAME = re.compile(r'"data:image/(png|jpeg);base64,([A-Za-z0-9+/=]+)"')
IMG = r'<img [^>]*class="math dark-light"[^>]*>'
GLUED = re.compile(rf"\({IMG}[,.;:)]*|{IMG}[,.;:)]+")


class SameStyleTokens(Filter):
    """Each token's type becomes ``kinds[type]``, one drawn the same."""

    def __init__(self, kinds=(), **options):
        super().__init__(**options)
        self.kinds = dict(kinds)

    def filter(self, lexer, stream):
        for kind, value in stream:
            yield self.kinds.get(kind, kind), value

    def __eq__(self, other):  # a rebuild sees an unchanged configuration
        return isinstance(other, SameStyleTokens) and self.kinds == other.kinds

    def __hash__(self):
        return hash(frozenset(self.kinds.items()))


def same_style_tokens(style_names, plain=(Operator,)) -> dict:
    """``{type: its first ancestor drawn as it is in every style}``.

    Pygments writes one span for neighbouring tokens of one type, and none
    for text; the types in ``plain`` (the operators, which the palettes draw
    as strings, a span between two names) are drawn as text.
    """
    styles = [get_style_by_name(name) for name in style_names]
    look = lambda k: [s.style_for_token(k) for s in styles]
    ancestor = lambda k: next(
        a for a in [Text, *k.split()] if look(a) == look(k)
    )
    kinds = {k: ancestor(k) for k in STANDARD_TYPES}
    kinds.update({k: Text for k in plain})
    return {k: v for k, v in kinds.items() if k != v}


def _configure(app, config):
    config.templates_path.insert(0, str(HERE / "templates"))
    options = config.html_theme_options
    options["extra_footer"] = f'<p class="edition">Edition {__version__}</p>'
    styles = (options["pygments_light_style"], options["pygments_dark_style"])
    same = SameStyleTokens(same_style_tokens(styles))
    for lexer in ("ipython3", "python", "default"):
        config.highlight_options.setdefault(lexer, {})["filters"] = [same]


def description(doctree) -> str:
    """The first long paragraph: whole sentences up to 200 characters."""
    texts = (
        " ".join(p.astext().split()) for p in doctree.findall(nodes.paragraph)
    )
    text = next((text for text in texts if len(text) > 40), "")
    ends = [m.end() for m in re.finditer(r"[.!?]\)?(?= [A-Z(]|$)", text)]
    ends = [end for end in ends if end <= 200] or ends[:1]
    if ends or len(text) <= 160:
        return text[: max(ends, default=None)]
    return text[:157].rsplit(" ", 1)[0] + "..."


def one_bundle(names: list, scripts: list) -> list:
    """The inline scripts and the options (they read), then one deferred
    file of the scripts the first page has, in order, the theme's last."""
    files = [s.filename for s in scripts if "options" not in str(s.filename)]
    names += [] if names else [*filter(None, files), *THEME_JS]
    kept = [s for s in scripts if s.filename not in names]
    return kept + [type(scripts[0])(JS_BUNDLE, defer="defer")]


def without_logos(buttons: list) -> list:
    """The launch menu's logos (fetched before the text) left out."""
    for button in buttons:
        without_logos(button.get("buttons", []))
        if not str(button.get("icon")).startswith("fa"):
            button["icon"] = None
    return buttons


def with_student_notebooks(buttons: list, name: str) -> list:
    """The launch menu also opens the chapter without its solutions."""
    chapter, student = f"chapters/{name}.ipynb", f"exercises/{name}.ipynb"
    for group in buttons:
        if group.get("label") == "launch-buttons":
            group["buttons"] += [
                {**b, "text": f"{b['text']}: student notebook",
                 "tooltip": f"{b['tooltip']}, without the solutions",
                 "url": b["url"].replace(chapter, student)}
                for b in group["buttons"] if chapter in b.get("url", "")
            ]  # fmt: skip
    return buttons


def _page(app, pagename, templatename, context, doctree):
    buttons = without_logos(context.get("header_buttons", []))
    name = Path(pagename).name
    if (Path(app.srcdir) / "exercises" / f"{name}.ipynb").exists():
        with_student_notebooks(buttons, name)
    scripts = context.get("script_files", [])
    scripts = [s for s in scripts if not any(w in str(s) for w in UNUSED)]
    if pagename != "search":  # its own scripts run at once
        scripts = one_bundle(app.builder.bundled_js, scripts)
    context["script_files"] = scripts
    sheets = context.get("css_files", [])
    sheets = [s for s in sheets if "thebe" not in s.filename]
    bundled = app.builder.bundled_css
    bundled += [] if bundled else THEME_CSS + [s.filename for s in sheets]
    context["css_files"] = [s for s in sheets if s.filename not in bundled]
    glued = r'<span class="nowrap">\g<0></span>'
    context["body"] = GLUED.sub(glued, context.get("body", ""))
    tags = context.get("metatags", "").splitlines()
    tags = [tag for tag in tags if 'name="viewport"' not in tag]
    if pagename == "index" and doctree is None:  # the site's root: home.html
        doctree = app.env.get_doctree(app.config.root_doc)
        t = app.env.titles  # the root's slides are named by their chapters
        context["chapter_titles"] = {Path(d).name: t[d].astext() for d in t}
    text = escape(description(doctree)) if doctree else ""
    tags += [f'<meta name="description" content="{text}" />'] * bool(text)
    context["metatags"] = "\n".join(tags)
    context["page_description"] = text  # home.html's og:description, body


def _contents_depth(app, pagename, templatename, context, doctree):
    """A module page's contents unfold one class (before the theme's)."""
    if pagename.startswith(OBJECT_PAGES):
        context["theme_show_toc_level"] = 1


class LightImages(SphinxPostTransform):
    """Images load near the screen; animation frames become image files."""

    default_priority = 900
    formats = ("html",)

    def run(self, **kwargs):
        for image in self.document.findall(nodes.image):
            image.setdefault("loading", "lazy")
        for raw in self.document.findall(nodes.raw):
            if "frames[" in raw.astext():
                text = FRAME.sub(self.frame, raw.astext())
                raw.replace_self(nodes.raw("", text, format="html"))

    def frame(self, match) -> str:
        data = base64.b64decode(match[2])
        name = f"frame-{hashlib.sha256(data).hexdigest()[:16]}.{match[1]}"
        folder = Path(self.app.outdir) / "_images"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
        return f'"{"../" * self.env.docname.count("/")}_images/{name}"'


def _finished(app, exception):
    out = Path(app.outdir)
    sheets = [n for n in app.builder.bundled_css if (out / n).exists()]
    if exception is not None or not sheets:  # no page written: as it was
        return
    for unused in out.glob("_static/scripts/fontawesome.js*"):
        unused.unlink()
    scripts = [(out / name).read_text() for name in app.builder.bundled_js]
    # a first statement: a file's "use strict" would hold for all the others
    (out / JS_BUNDLE).write_text(";\n" + "\n;\n".join(scripts))
    bundle = HERE.parent / "site" / "bundle_css.js"
    subprocess.run(["node", bundle, out, BUNDLE, *sheets], check=True)
    # The icon fonts keep the glyphs that the bundle can draw (fontTools).
    css = (out / BUNDLE).read_text()
    icons = ",".join(sorted(set(re.findall(r'"\\(f[0-9a-f]{3})"', css))))
    for font in out.glob("_static/vendor/fontawesome/webfonts/*.woff2"):
        options = f"--unicodes={icons},20 --flavor=woff2 --output-file={font}"
        command = [sys.executable, "-m", "fontTools.subset", font]
        subprocess.run([*command, *options.split()], check=True)


def _start(app):
    # the stylesheets and the scripts, as the first page has them
    app.builder.bundled_css, app.builder.bundled_js = [], []


def setup(app):
    app.connect("config-inited", _configure)
    app.connect("builder-inited", _start)
    app.connect("html-page-context", _page, priority=900)
    app.connect("html-page-context", _contents_depth, priority=100)
    # after the theme writes its colour modes into pygments.css
    app.connect("build-finished", _finished, priority=900)
    app.add_post_transform(LightImages)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
