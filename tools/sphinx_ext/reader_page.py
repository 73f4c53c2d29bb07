"""Make the built pages light and accessible for a reader on a phone.

Run once the HTML is written (``build-finished``), on every page:

- the theme's ``fontawesome.js`` (1.45 MB, SVG icons) is dropped: the theme's
  stylesheet already draws the same icons with its web fonts;
- Sphinx's search scripts and the 130 KB search index load on the search page
  only (the search box of every page opens that page);
- the notebooks' widget state (``application/vnd.jupyter.widget-state+json``)
  is dropped: the website runs no widget, it shows static companions;
- every other script is deferred, so nothing blocks the first paint, and
  Sphinx's ``documentation_options.js``, which inline scripts read at once,
  is written into the page;
- images get ``loading="lazy"``, ``decoding="async"`` and their size in CSS
  pixels (a figure's PNG records its resolution: 150 dpi is shown at 100);
- the bibliography's entries use the ARIA role ``listitem`` instead of the
  deprecated ``doc-biblioentry``; the toggles of folded cells are named by
  their visible text; the colour-mode button's icons are decoration;
- the stylesheets a page links (13 files: the theme's, the extensions',
  the book's) become one bundle, in the same order, with the rules no page
  or script of the site can use removed by PurgeCSS
  (``tools/site/purge_css.js``, when Node.js and ``purgecss`` are
  installed): one request on the path to the first paint instead of 13,
  and about a tenth of the bytes;
- the frames of animations become image files instead of base64 in the
  page;
- PNGs are quantised to 256 colours when that makes them smaller
  (``mlcourse.plotting.quantised_png``);
- the theme's icon fonts keep only the icons the purged stylesheet can
  draw (``subset_icon_fonts``);
- the theme's script gives tab stops to the scrollable blocks of the
  sections on screen only; the others get theirs from ``reader.js`` when
  their section is drawn (``patch_theme_script``);
- the maths is rendered at build time to SVG (with hidden MathML for screen
  readers) by ``tools/site/render_math.js`` when Node.js and ``mathjax-full``
  are installed (``npm ci --prefix tools/site``): each formula is a small
  ``<svg>`` of ``<use>`` elements pointing to glyph outlines written once per
  page, about one element per glyph, so a page of maths stays cheap to style
  and lay out on a phone; no page then runs MathJax or loads a font for its
  maths, and no MathJax file is deployed. Without them the pages load
  MathJax, and the bundle keeps only what they load: ``tex-chtml.js``, its
  fonts, the TeX extensions, the menu and its accessibility parts.
"""

from __future__ import annotations

import html as html_lib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

#: Under _static/mathjax, what the pages can load; everything else is removed.
MATHJAX_KEEP = (
    "tex-chtml.js",
    "output/chtml/fonts/woff-v2/",
    "input/tex/extensions/",
    "a11y/",
    "ui/",
)
RENDER_MATH = Path(__file__).resolve().parents[1] / "site" / "render_math.js"
_INLINE_MATH = re.compile(
    r'<span class="math notranslate nohighlight">\\\((.*?)\\\)</span>', re.S
)
_DISPLAY_MATH = re.compile(
    r'(<div class="math notranslate nohighlight"[^>]*>)\s*'
    r'(<span class="eqno">.*?</span>)?(.*?)</div>',
    re.S,
)
_MATHJAX_SCRIPTS = re.compile(
    r"<script>window\.MathJax = .*?</script>\s*"
    r'|<script[^>]*src="[^"]*_static/mathjax/[^"]*"[^>]*></script>'
)

#: Figures are drawn at 100 CSS pixels per inch (matplotlib's figure.dpi).
CSS_DPI = 100.0
SKIPPED = {"_static", "_sources", "_images", "_modules", "_downloads"}

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
_IMG = re.compile(r"<img\b([^>]*?)\s*/?>", re.I)
_PRELOAD_FA = re.compile(
    r'<link rel="preload" as="script" href="[^"]*fontawesome\.js[^"]*"\s*/?>'
)
_SEARCH_ONLY = ("searchtools.js", "language_data.js", "searchindex.js")


def _attribute(attributes: str, name: str) -> str | None:
    match = re.search(rf'\b{name}\s*=\s*"([^"]*)"', attributes)
    return match.group(1) if match else None


def rewrite_scripts(html: str, search_page: bool) -> str:
    def script(match):
        attributes, body = match.group(1), match.group(2)
        src = _attribute(attributes, "src") or ""
        kind = _attribute(attributes, "type") or ""
        if "fontawesome.js" in src:
            return ""
        if kind == "application/vnd.jupyter.widget-state+json":
            return ""
        if not search_page and src.split("?")[0].endswith(_SEARCH_ONLY):
            return ""
        if (
            src
            and not re.search(r"\b(defer|async)\b", attributes)
            and "documentation_options.js" not in src  # inline scripts use it
        ):
            return f"<script defer{attributes}>{body}</script>"
        return match.group(0)

    return _PRELOAD_FA.sub("", _SCRIPT.sub(script, html))


def _image_size(path: Path) -> tuple[int, int] | None:
    from PIL import Image

    try:
        with Image.open(path) as image:
            width, height = image.size
            dpi = float(image.info.get("dpi", (0,))[0] or 0)
    except Exception:
        return None
    if path.suffix.lower() == ".png" and dpi > CSS_DPI + 1:
        scale = CSS_DPI / dpi
        return round(width * scale), round(height * scale)
    return width, height


def rewrite_images(html: str, page: Path) -> str:
    def image(match):
        attributes = match.group(1)
        src = _attribute(attributes, "src") or ""
        extra = ""
        if "loading=" not in attributes:
            extra += ' loading="lazy"'
        if "decoding=" not in attributes:
            extra += ' decoding="async"'
        has_size = re.search(r"\b(width|height)\s*=", attributes)
        if not has_size and src and not src.startswith(("data:", "http")):
            size = _image_size(page.parent / src.split("?")[0])
            if size:
                style = _attribute(attributes, "style") or ""
                shown = re.search(r"width:\s*([\d.]+)px", style)
                width, height = size
                if shown:  # a width given by the notebook's output
                    height = round(height * float(shown.group(1)) / width)
                    width = round(float(shown.group(1)))
                extra += f' width="{width}" height="{height}"'
        return f"<img{attributes}{extra} />"

    return _IMG.sub(image, html)


_OPTIONS_SCRIPT = re.compile(
    r'<script src="([^"?]*documentation_options\.js)[^"]*"></script>'
)


def inline_options(html: str, page: Path) -> str:
    """Sphinx's ``documentation_options.js`` (a dozen settings the inline
    scripts read at once) written into the page: one request less on the
    path to the first paint."""

    def inlined(match):
        path = page.parent / match[1]
        if not path.is_file():
            return match[0]
        return f"<script>{path.read_text(encoding='utf-8').strip()}</script>"

    return _OPTIONS_SCRIPT.sub(inlined, html)


_ANIMATION_FRAME = re.compile(
    r'(frames\[\d+\] = )"data:image/(png|jpeg|gif|webp);base64,'
    r'([A-Za-z0-9+/=]+)"'
)


def extract_animation_frames(html: str, page: Path, images: Path) -> str:
    """The frames of matplotlib's animation players as image files.

    The player (``to_jshtml``) embeds every frame in the page as base64,
    which made chapter 4's page four times heavier than the others before
    anything could be shown; as files, the frames load after the page, as
    its figures do. Identical frames share a file.
    """
    import base64
    import hashlib

    def moved(match):
        data = base64.b64decode(match[3])
        name = f"frame-{hashlib.sha256(data).hexdigest()[:20]}.{match[2]}"
        images.mkdir(parents=True, exist_ok=True)
        target = images / name
        if not target.exists():
            target.write_bytes(data)
        url = Path(os.path.relpath(target, page.parent)).as_posix()
        return f'{match[1]}"{url}"'

    return _ANIMATION_FRAME.sub(moved, html)


def rewrite_page(html: str, page: Path, search_page: bool) -> str:
    html = rewrite_scripts(inline_options(html, page), search_page)
    html = rewrite_images(html, page)
    html = html.replace('role="doc-biblioentry"', 'role="listitem"')
    # A folded cell's toggle is named by its visible text ("Show code cell
    # source"), not by a different label.
    html = html.replace(
        '<summary aria-label="Toggle hidden content">', "<summary>"
    )
    # The index pages' tables lay out columns of links, not data.
    html = html.replace(
        '<table class="indextable',
        '<table role="presentation" class="indextable',
    )
    # The search buttons show "Search" and a keyboard shortcut: their visible
    # text names them.
    html = re.sub(
        r'(<button class="[^"]*search-button-field[^"]*"[^>]*?)'
        r'\s+aria-label="Search"',
        r"\1",
        html,
    )
    # The colour-mode button is named "Color mode"; its icons are decoration.
    return re.sub(
        r'(<i class="theme-switch [^"]*" data-mode="\w+")\s+title="[^"]*"',
        r'\1 aria-hidden="true"',
        html,
    )


def quantise_images(folder: Path) -> None:
    from mlcourse.plotting import quantised_png
    from PIL import Image

    for path in folder.glob("*.png"):
        with Image.open(path) as image:
            if image.mode in ("P", "L"):
                continue
        data = path.read_bytes()
        compact = quantised_png(data)
        if len(compact) < len(data):
            path.write_bytes(compact)


def prune_mathjax(folder: Path) -> None:
    if not (folder / "tex-chtml.js").exists():
        return
    for path in sorted(folder.rglob("*"), reverse=True):
        relative = path.relative_to(folder).as_posix()
        if path.is_dir():
            if not any(path.iterdir()):
                path.rmdir()
            continue
        if not relative.startswith(MATHJAX_KEEP):
            path.unlink()
    sre = folder / "sre"
    if sre.exists():
        shutil.rmtree(sre)


def _display_tex(content: str) -> str:
    tex = content.strip()
    if tex.startswith("\\[") and tex.endswith("\\]"):
        tex = tex[2:-2]
    return html_lib.unescape(tex)


_BODY = re.compile(r"<body\b[^>]*>")


def render_math(pages: dict[Path, str]) -> dict[Path, str]:
    """Each page's maths rendered to SVG (``tools/site/render_math.js``).

    Every formula becomes a small ``<svg>`` of ``<use>`` elements that point
    to the glyph outlines of its page, written once at the top of the body;
    the formula's hidden MathML is what screen readers read. Returns the
    pages whose maths could all be rendered, rewritten; a page with a
    formula MathJax rejects is left to MathJax in the browser.
    """
    node = shutil.which("node")
    if (
        node is None
        or not (RENDER_MATH.parent / "node_modules" / "mathjax-full").exists()
    ):
        return {}
    request, found = [], []
    for page, text in pages.items():
        items = [
            {"tex": html_lib.unescape(m.group(1)), "display": False}
            for m in _INLINE_MATH.finditer(text)
        ] + [
            {"tex": _display_tex(m.group(3)), "display": True}
            for m in _DISPLAY_MATH.finditer(text)
            if "<mjx-container" not in m.group(3)
        ]
        if not items:
            continue
        request.append({"items": items})
        found.append(page)
    if not request:
        return {}
    done = subprocess.run(
        [node, str(RENDER_MATH)],
        input=json.dumps({"pages": request}),
        capture_output=True,
        text=True,
        check=True,
    )
    answer = json.loads(done.stdout)
    style = f'<style id="MJX-SVG-styles">{_compact_css(answer["css"])}</style>'
    rendered = {}
    for page, result in zip(found, answer["pages"]):
        if result["errors"]:
            continue
        snippets = iter(result["html"])
        text = _INLINE_MATH.sub(
            lambda m: (
                '<span class="math notranslate nohighlight">'
                + next(snippets)
                + "</span>"
            ),
            pages[page],
        )
        text = _DISPLAY_MATH.sub(
            lambda m: (
                m.group(0)
                if "<mjx-container" in m.group(3)  # rendered by a former run
                else m.group(1)
                + (m.group(2) or "")
                + next(snippets)
                + "</div>"
            ),
            text,
        )
        text = _MATHJAX_SCRIPTS.sub("", text)
        text = _BODY.sub(lambda m: m[0] + result["defs"], text, count=1)
        rendered[page] = text.replace("</head>", style + "\n</head>", 1)
    return rendered


def _compact_css(css: str) -> str:
    """MathJax's stylesheet without its comments and layout whitespace."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"\s*([{};:,>])\s*", r"\1", css)
    return re.sub(r"\s+", " ", css).strip()


_STYLESHEET = re.compile(r'<link\b[^>]*\brel="stylesheet"[^>]*>[ \t]*\n?')
_CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)""")
_CSS_IMPORT = re.compile(
    r"""@import\s+(?:url\()?\s*['"]([^'"]+)['"]\s*\)?\s*;"""
)
_SOURCE_MAP = re.compile(r"/\*#\s*sourceMappingURL=[^*]*\*/")
PURGE_CSS = Path(__file__).resolve().parents[1] / "site" / "purge_css.js"


def _inlined_css(path: Path, static: Path, seen: set[Path]) -> str:
    """The text of ``path`` as it reads from ``static``: ``@import``s
    inlined, relative ``url()``s rebased, source maps dropped."""
    if path in seen:
        return ""
    seen.add(path)
    text = _SOURCE_MAP.sub("", path.read_text(encoding="utf-8"))

    def imported(match):
        return _inlined_css((path.parent / match[1]).resolve(), static, seen)

    def rebased(match):
        target = match[2].strip()
        if target.startswith(("data:", "#", "/")) or "://" in target:
            return match[0]
        moved = os.path.relpath((path.parent / target).resolve(), static)
        return f'url("{Path(moved).as_posix()}")'

    return _CSS_URL.sub(rebased, _CSS_IMPORT.sub(imported, text))


def bundle_stylesheets(
    pages: dict[Path, str], out: Path
) -> tuple[dict[Path, str], list[Path]]:
    """Each page's local stylesheets as one file in ``_static``.

    Pages that link the same stylesheets share a bundle, named by a hash of
    its content. Returns the pages (rewritten where they link a bundle) and
    the bundles written.
    """
    import hashlib

    static = (out / "_static").resolve()
    bundles: dict[tuple[Path, ...], str] = {}
    rewritten = {}
    for page, html in pages.items():
        tags = list(_STYLESHEET.finditer(html))
        files = []
        for tag in tags:
            href = _attribute(tag[0], "href") or ""
            path = (page.parent / href.split("?")[0]).resolve()
            if (
                "://" in href
                or not path.is_file()
                or static not in path.parents
            ):
                break
            files.append(path)
        if len(files) < 2 or len(files) != len(tags):
            rewritten[page] = html
            continue
        key = tuple(files)
        if key not in bundles:
            css = "\n".join(_inlined_css(f, static, set()) for f in files)
            digest = hashlib.sha256(css.encode()).hexdigest()[:12]
            name = f"book-{digest}.css"
            (static / name).write_text(css, encoding="utf-8")
            bundles[key] = name
        prefix = Path(
            os.path.relpath(static, page.parent.resolve())
        ).as_posix()
        link = (
            f'<link rel="stylesheet" type="text/css" '
            f'href="{prefix}/{bundles[key]}" />\n'
        )
        first, last = tags[0].start(), tags[-1].end()
        between = _STYLESHEET.sub("", html[first:last])
        rewritten[page] = html[:first] + link + between + html[last:]
    return rewritten, [static / name for name in bundles.values()]


def purge_css(out: Path, bundles: list[Path]) -> None:
    """Remove the rules no page or script uses (PurgeCSS, through Node)."""
    node = shutil.which("node")
    modules = PURGE_CSS.parent / "node_modules" / "purgecss"
    if node is None or not modules.exists():
        return  # the bundles still work, whole
    subprocess.run(
        [node, str(PURGE_CSS), str(out), *map(str, bundles)],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )


#: An icon font's face in the bundle: its woff2 and its TrueType file.
_ICON_FACE = re.compile(
    r'src:url\("(?P<base>[^"]*/webfonts/[\w-]+)\.woff2"\) format\("woff2"\),'
    r'url\("(?P=base)\.ttf"\) format\("truetype"\)'
)
#: The icons the purged stylesheet can still draw: their code points.
_ICON_CODE = re.compile(r'"\\(f[0-9a-f]{3,4})"')


def subset_icon_fonts(bundles: list[Path]) -> None:
    """Cut the theme's icon fonts to the icons the pages can draw.

    The theme's Font Awesome faces (about 400 KB of woff2) hold some 2,000
    icons; the book's pages draw about thirty, and a phone downloads the
    fonts before its first paint. Once PurgeCSS has removed the rules no
    page uses, the code points left in the bundle are the icons any page
    can show: each face becomes a WOFF of those glyphs (fontTools, which
    matplotlib already installs; WOFF because WOFF2 needs brotli). The
    full fonts are not deployed.
    """
    from fontTools import subset

    if not bundles:
        return
    static = bundles[0].parent
    styles = {bundle: bundle.read_text(encoding="utf-8") for bundle in bundles}
    codes = {
        int(code, 16)
        for css in styles.values()
        for code in _ICON_CODE.findall(css)
    }
    faces = {
        match["base"]
        for css in styles.values()
        for match in _ICON_FACE.finditer(css)
        if (static / f"{match['base']}.ttf").exists()
    }
    if not codes or not faces:
        return
    options = subset.Options()
    options.flavor = "woff"
    for base in faces:
        font = subset.load_font(str(static / f"{base}.ttf"), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=codes | {0x20})
        subsetter.subset(font)
        subset.save_font(font, str(static / f"{base}.icons.woff"), options)

    def subset_face(match):
        if match["base"] not in faces:
            return match[0]
        return f'src:url("{match["base"]}.icons.woff") format("woff")'

    for bundle, css in styles.items():
        bundle.write_text(_ICON_FACE.sub(subset_face, css), encoding="utf-8")
    for base in faces:
        for suffix in (".ttf", ".woff2"):
            (static / f"{base}{suffix}").unlink(missing_ok=True)


#: pydata-sphinx-theme (0.17) gives every scrollable code block and output a
#: tab stop when the page loads: it sets ``tabIndex`` and reads
#: ``scrollWidth`` element after element, which lays the whole chapter out
#: once per element, sections far from the screen included (the longest
#: task of a chapter's load on a phone). The patched loop leaves the
#: elements of sections not yet drawn to ``_static/reader.js``, which marks
#: them when their section is first drawn.
THEME_TAB_STOPS = (
    "e.tabIndex=e.scrollWidth>e.clientWidth||e.scrollHeight>e.clientHeight"
    "?0:-1"
)
DRAWN_ONLY = "e.checkVisibility({contentVisibilityAuto:!0})&&(%s)"


def patch_theme_script(static: Path) -> None:
    """Tab stops for the sections on screen only (``THEME_TAB_STOPS``)."""
    script = static / "scripts" / "pydata-sphinx-theme.js"
    if not script.exists():
        return
    code = script.read_text(encoding="utf-8")
    patched = DRAWN_ONLY % THEME_TAB_STOPS
    if patched in code:
        return
    if code.count(THEME_TAB_STOPS) != 1:
        raise RuntimeError(
            f"{script}: the theme's tab-stop loop was not found; a new "
            "theme version needs reader_page.THEME_TAB_STOPS updated"
        )
    script.write_text(code.replace(THEME_TAB_STOPS, patched), encoding="utf-8")


def _finished(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    pages = {
        page: page.read_text(encoding="utf-8")
        for page in out.rglob("*.html")
        if not SKIPPED.intersection(page.relative_to(out).parts[:-1])
    }
    mathjax = out / "_static" / "mathjax"
    rendered = render_math(pages)
    bundled, bundles = bundle_stylesheets(
        {page: rendered.get(page, html) for page, html in pages.items()}, out
    )
    for page, html in pages.items():
        new = rewrite_page(
            extract_animation_frames(bundled[page], page, out / "_images"),
            page,
            page.name == "search.html",
        )
        if new != html:
            page.write_text(new, encoding="utf-8")
    patch_theme_script(out / "_static")
    if bundles:  # once every page is written: PurgeCSS reads them
        purge_css(out, bundles)
        subset_icon_fonts(bundles)
    if (out / "_images").exists():
        quantise_images(out / "_images")
    still_mathjax = any(
        "mathjax/tex-chtml.js" in html
        for page, html in pages.items()
        if page not in rendered
    )
    if still_mathjax:
        prune_mathjax(mathjax)
    elif mathjax.exists():  # every formula is drawn in its page
        shutil.rmtree(mathjax)


def setup(app):
    app.connect("build-finished", _finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
