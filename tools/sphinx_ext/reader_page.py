"""Light pages for a reader on a phone, through Sphinx's extension points.

- Templates (``templates/``, before the theme's): one viewport tag and one
  stylesheet; no search index outside the search page, no Font Awesome
  script (the stylesheet draws the icons).
- Pages (``html-page-context``): scripts deferred; no widget state (the site
  runs no widget) or Live Code (off); the first paragraph as description.
- Code (``highlight_options``): a token drawn in the text's colour in both
  colour modes is written without its ``<span>``.
- Images load near the screen; animation frames (matplotlib's ``to_jshtml``
  embeds them as base64) become image files.
- Once the pages are written, the stylesheets become one bundle without the
  rules no page uses (``tools/site/bundle_css.js``: clean-css, PurgeCSS),
  and the icon fonts keep the icons it draws (fontTools).
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
from pygments.filter import Filter
from pygments.styles import get_style_by_name
from pygments.token import STANDARD_TYPES, Text
from sphinx.transforms.post_transforms import SphinxPostTransform

HERE = Path(__file__).resolve().parent
BUNDLE = "_static/styles/book.css"
#: Linked by the theme's template, before the extensions' stylesheets.
THEME_CSS = ["_static/basic.css", "_static/styles/pydata-sphinx-theme.css"]
UNUSED = ("widget-state", "thebe")
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
    plain = lambda s, k: s.style_for_token(k) == s.style_for_token(Text)
    return frozenset(
        k for k in STANDARD_TYPES if all(plain(s, k) for s in styles)
    )


def _configure(app, config):
    config.templates_path.insert(0, str(HERE / "templates"))
    options = config.html_theme_options
    styles = (options["pygments_light_style"], options["pygments_dark_style"])
    plain = PlainTokens(plain_tokens(styles))
    for lexer in ("ipython3", "python", "default"):
        config.highlight_options.setdefault(lexer, {})["filters"] = [plain]


def description(doctree) -> str:
    """The first paragraph of some length, cut at a word."""
    texts = (
        " ".join(p.astext().split()) for p in doctree.findall(nodes.paragraph)
    )
    text = next((text for text in texts if len(text) > 40), "")
    return text if len(text) <= 160 else text[:157].rsplit(" ", 1)[0] + "..."


def deferred(script):
    """The script run once the page is parsed (its options are read first)."""
    if not script.filename or "options" in script.filename:
        return script
    attributes = {"defer": "defer", **script.attributes}
    return type(script)(
        script.filename, priority=script.priority, **attributes
    )


def _page(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files", [])
    scripts = [s for s in scripts if not any(w in str(s) for w in UNUSED)]
    search = pagename == "search"  # its own scripts run at once
    context["script_files"] = (
        scripts if search else list(map(deferred, scripts))
    )
    sheets = context.get("css_files", [])
    sheets = [s for s in sheets if "thebe" not in s.filename]
    bundled = app.builder.bundled_css
    bundled += [] if bundled else THEME_CSS + [s.filename for s in sheets]
    context["css_files"] = [s for s in sheets if s.filename not in bundled]
    tags = context.get("metatags", "").splitlines()
    tags = [tag for tag in tags if 'name="viewport"' not in tag]
    text = escape(description(doctree)) if doctree else ""
    tags += [f'<meta name="description" content="{text}" />'] * bool(text)
    context["metatags"] = "\n".join(tags)


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
    sheets = [
        name for name in app.builder.bundled_css if (out / name).exists()
    ]
    if exception is not None or not sheets:  # no page written: as it was
        return
    for unused in out.glob("_static/scripts/fontawesome.js*"):
        unused.unlink()
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
    app.builder.bundled_css = []  # the stylesheets, as the first page has them


def setup(app):
    app.connect("config-inited", _configure)
    app.connect("builder-inited", _start)
    app.connect("html-page-context", _page, priority=900)
    # after the theme writes its colour modes into pygments.css
    app.connect("build-finished", _finished, priority=900)
    app.add_post_transform(LightImages)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
