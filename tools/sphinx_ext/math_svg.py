"""Maths drawn at build time: each formula an SVG image with its spoken form.

A Sphinx math renderer (``html_math_renderer: svg``): MathJax draws a
formula's SVG file and the speech rule engine its MathSpeak ``alt`` text
(``tools/site/render_math.js``). A page holds an ``<img>`` per formula: no
script or font, sized in em (never shrunk), loaded near the screen.
Hand-written because no maintained extension renders MathJax at build time
(``sphinx.ext.imgmath`` needs LaTeX and gives the TeX source as alt text).
"""

from __future__ import annotations

import hashlib
import html
import json
import subprocess
from pathlib import Path
from subprocess import PIPE

from docutils import nodes
from sphinx.locale import _
from sphinx.util.math import get_node_equation_number

RENDER_MATH = Path(__file__).resolve().parents[1] / "site" / "render_math.js"
VERSION = "1"  # of the drawing, in the cache's keys


class Renderer:
    """TeX to ``{"svg", "speech", "width", "height", "valign"}`` through
    one Node.js process, cached in ``_build/.math-cache.json``."""

    def __init__(self, cache: Path):
        self.file, self.process = cache, None
        self.cache = json.loads(cache.read_text()) if cache.exists() else {}

    def __call__(self, tex: str, display: bool) -> tuple[str, dict]:
        key = hashlib.sha256(f"{VERSION}{display}{tex}".encode()).hexdigest()
        if key not in self.cache:
            if self.process is None:
                command = ["node", str(RENDER_MATH)]
                self.process = subprocess.Popen(
                    command, stdin=PIPE, stdout=PIPE, text=True
                )
            request = json.dumps({"tex": tex, "display": display})
            print(request, file=self.process.stdin, flush=True)
            answer = json.loads(self.process.stdout.readline())
            if "error" in answer:
                raise ValueError(f"MathJax cannot draw {tex!r}: {answer}")
            self.cache[key] = answer
        return key[:12], self.cache[key]

    def close(self) -> None:
        if self.process is not None:
            self.process.stdin.close()
            self.process.wait()
        self.file.write_text(json.dumps(self.cache))


def image(self, tex: str, display: bool) -> str:
    """The ``<img>`` of one formula; its SVG written once per build."""
    key, drawn = self.builder.math_renderer(tex, display)
    path = Path(self.builder.outdir, "_images", "math", f"{key}.svg")
    if not path.exists():
        path.write_text(drawn["svg"], encoding="utf-8")
    width, height, align = (
        f"{drawn[k]:.3g}" for k in ("width", "height", "valign")
    )
    return (
        f'<img class="math dark-light{" display" if display else ""}" '
        f'src="{self.builder.imgpath}/math/{key}.svg" '
        f'alt="{html.escape(drawn["speech"])}" loading="lazy" '
        f'style="width:{width}em;height:{height}em;vertical-align:{align}em">'
    )


def visit_math(self, node):
    self.body.append(image(self, node.astext(), display=False))
    raise nodes.SkipNode


def display_tex(node) -> str:
    """The TeX of a display, wrapped as ``sphinx.ext.mathjax`` wraps it."""
    if node["nowrap"]:
        return node.astext()
    parts = [part for part in node.astext().split("\n\n") if part.strip()]
    split = r"\begin{{split}}{}\end{{split}}".format
    parts = [split(part) if r"\\" in part else part for part in parts]
    aligned = r"\begin{aligned}" + r"\\".join(parts) + r"\end{aligned}"
    return parts[0] if len(parts) == 1 else aligned


def visit_displaymath(self, node):
    self.body.append(self.starttag(node, "div", CLASS="math"))
    if node["number"]:
        number = get_node_equation_number(self, node)
        self.body.append(f'<span class="eqno">({number})')
        self.add_permalink_ref(node, _("Link to this equation"))
        self.body.append("</span>")
    self.body.append(image(self, display_tex(node), display=True))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def _start(app):
    if app.builder.format == "html":
        Path(app.outdir, "_images", "math").mkdir(parents=True, exist_ok=True)
        cache = Path(app.outdir).parent / ".math-cache.json"
        app.builder.math_renderer = Renderer(cache)


def _finish(app, exception):
    renderer = getattr(app.builder, "math_renderer", None)
    if renderer is not None:
        renderer.close()


def setup(app):
    app.add_html_math_renderer(
        "svg", (visit_math, None), (visit_displaymath, None)
    )
    app.connect("builder-inited", _start)
    app.connect("build-finished", _finish)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
