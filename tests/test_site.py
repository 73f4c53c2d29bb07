"""The website as readers meet it (``make test-site``).

``tools/site_check.py`` opens every page of ``_build/html`` in headless
Chromium, offline, at 390, 768 and 1280 px, in light and dark mode, with the
folds closed and opened, and reports axe-core's violations and its own
probe's findings. Each rule is proven by a fixture page in
``tests/site_fixtures/`` that must fail it (its ``<meta name="expect">``
names the rule); ``clean.html`` must pass. The build's own work (maths drawn
at build time, one stylesheet, light pages) is checked on the built pages.

Check one page of the built book (after ``make book``):

    python tools/site_check.py --page chapters/03_gradient_descent.html
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "_build" / "html"
FIXTURES = Path(__file__).with_name("site_fixtures")
#: Problems of the reader's page still to fix: a line of the site check's
#: report that contains a listed text is accepted. It may only shrink.
KNOWN_PROBLEMS = ROOT / "tests" / "site_known_problems.txt"


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


site_check = _load("site_check", ROOT / "tools" / "site_check.py")
sys.path.insert(0, str(ROOT / "tools" / "sphinx_ext"))
import math_svg  # noqa: E402
import reader_page  # noqa: E402


def chromium_or_skip() -> str:
    """Chromium, or a visible skip; on CI (``CI=true``) a failure."""
    path = site_check.find_chromium()
    if path is not None and site_check.AXE_JS.exists():
        return path
    reason = "no Chromium or axe-core (apt-get install chromium; npm ci)"
    if os.environ.get("CI") == "true":
        pytest.fail(reason + ": CI=true, the site check is required")
    pytest.skip(reason)


def test_without_chromium_the_check_skips_but_fails_on_ci(monkeypatch):
    monkeypatch.setattr(site_check, "find_chromium", lambda: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no Chromium"):
        chromium_or_skip()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        chromium_or_skip()


# ------------------------------------------------------ every rule fails its fixture


def _small_text_png(path: Path) -> None:
    """A 1500 px figure at 150 dpi whose smallest text is 10 pt: shown 350 px
    wide, its text is 4.9 px."""
    from PIL import Image, PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text(site_check.FONT_KEY, "10")
    Image.new("RGB", (1500, 600), "white").save(
        path, dpi=(150, 150), pnginfo=info
    )


@pytest.fixture(scope="module")
def fixture_report(tmp_path_factory):
    chromium = chromium_or_skip()
    site = tmp_path_factory.mktemp("site")
    shutil.copytree(FIXTURES, site, dirs_exist_ok=True)
    _small_text_png(site / "small-text.png")
    (site / "_sources").mkdir()
    (site / "_sources" / "notebook.ipynb").write_text("{}")
    results, counts = site_check.check_site(site, executable=chromium)
    return results, counts


FIXTURE_PAGES = sorted(page.name for page in FIXTURES.glob("*.html"))
#: Where a rule must fire, beyond its name.
WHERE = {
    "dark_code.html": "dark, folds closed",  # a page without folds
    "fold.html": "light, folds open",
    "scroll.html": "390 px",
    "navigation.html": "opens no links",
}


@pytest.mark.site
@pytest.mark.parametrize("page", FIXTURE_PAGES)
def test_each_rule_fails_its_fixture(fixture_report, page):
    results, _ = fixture_report
    text = (FIXTURES / page).read_text(encoding="utf-8")
    rule = re.search(r'<meta name="expect" content="([^"]*)">', text)[1]
    found = results[page]
    if not rule:
        assert found == [], "the clean page has problems:\n" + "\n".join(found)
        return
    hits = [problem for problem in found if problem.startswith(f"[{rule}]")]
    assert hits, (
        f"{page} should fail [{rule}]; the check found:\n" + "\n".join(found)
    )
    assert any(WHERE.get(page, "") in hit for hit in hits), hits
    if page in ("dark_code.html", "fold.html"):  # and only there
        assert not any("light, folds closed" in hit for hit in hits), hits


@pytest.mark.site
def test_axe_counts_are_reported_per_mode(fixture_report):
    _, counts = fixture_report
    assert counts["dark, folds closed"] >= 1  # the dark code
    assert counts["light, folds open"] >= 1  # the fold's image
    assert counts["light, folds closed"] >= 2  # the label, the pale text


# ------------------------------------------------------ the built book


def _built():
    if not (BUILD / "index.html").exists():
        pytest.fail("no built website in _build/html: run make book first")
    return BUILD


@pytest.mark.site
def test_built_site_has_no_problems():
    build = _built()
    chromium = chromium_or_skip()
    results, counts = site_check.check_site(build, executable=chromium)
    for notebook in sorted((ROOT / "chapters").glob("*.ipynb")):
        assert f"chapters/{notebook.stem}.html" in results
    assert any(name.startswith("_modules/") for name in results)
    known = [
        line.strip()
        for line in KNOWN_PROBLEMS.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    report = [f"{page}: {p}" for page, found in results.items() for p in found]
    new = [line for line in report if not any(k in line for k in known)]
    gone = [k for k in known if not any(k in line for line in report)]
    assert not new, "the site check found problems:\n" + "\n".join(new)
    assert not gone, (
        f"fixed: remove from {KNOWN_PROBLEMS.name}:\n" + "\n".join(gone)
    )


@pytest.mark.site
def test_built_pages_are_light():
    """One viewport tag, one stylesheet, one file of deferred scripts after
    the options the inline scripts read, maths as images with their spoken
    form, no MathJax, no Font Awesome script, no search index outside the
    search page, a description (the root's too) and a favicon; the only
    images before the article are maths (no logo fetched before the first
    paint)."""
    build = _built()
    page = (build / "chapters" / "03_gradient_descent.html").read_text()
    assert page.count('name="viewport"') == 1
    assert re.findall(r'<link[^>]*rel="stylesheet"', page) == [
        '<link href="../_static/styles/book.css" rel="stylesheet"'
    ]
    assert "MathJax" not in page and "fontawesome.js" not in page
    assert "searchindex.js" not in page and "widget-state" not in page
    assert '<meta name="description" content="' in page
    assert 'rel="icon" href="../_static/favicon.svg"' in page
    formulas = re.findall(r'<img class="math[^>]*>', page)
    assert len(formulas) > 100
    assert all(re.search(r'alt="[^"]+"', img) for img in formulas)
    assert 'alt="StartFraction' in page or "Superscript" in page  # speech
    scripts = re.findall(r'<script[^>]* src="([^"?]*)', page)
    assert scripts[-1] == "../_static/scripts/book.js", scripts  # one file
    assert len(scripts) == 2 and "documentation_options" in scripts[0]
    assert "bootstrap.js" in (build / "_static/scripts/book.js").read_text()
    header = page[: page.index("<article")]
    assert not re.findall(r"<img(?![^>]*math)[^>]*>", header)
    assert 'class="o"' not in page and '<span class="si">' not in page
    assert "searchindex.js" in (build / "search.html").read_text()
    root = (build / "index.html").read_text()  # the introduction's opening
    assert '<meta name="description" content="This is an open course' in root
    assert '<meta property="og:description" content="This is an open' in root
    assert 'learns its own features." />' in root and "..." not in root
    assert '<meta property="og:title" content="From least squares' in root
    assert "Start with the introduction</a>" in root  # shown, not left
    assert (
        'href="_downloads/slides/01_linear_regression.html">Chapter 1, '
        "Linear regression</a>" in root
    )
    edition = f'<p class="edition">Edition {reader_page.__version__}</p>'
    assert edition in (build / "chapters" / "notation.html").read_text()
    chapters = re.findall(r'href="chapters/0[1-7]_\w+\.html">', root)
    assert len(chapters) == 7 and "Notation and conventions</a>" in root
    assert not root_page_problems(root, reader_page.__version__)
    student = (  # the launch menu opens the notebook without solutions
        'href="https://colab.research.google.com/github/mlcourse-book/'
        'linear-models/blob/main/exercises/03_gradient_descent.ipynb"'
    )
    assert student in page and "Binder: student notebook</span>" in page
    css = (build / "_static" / "styles" / "book.css").read_text()
    # PurgeCSS ran (the theme's sheets alone hold 470 KB) and read no bundle
    # of Bootstrap's code, which names every component: with it, the rules
    # of carousels, toasts and popovers, which no page uses, would stay
    assert len(css) < 160_000
    assert not re.search(r"\.(carousel|toast|popover)\b", css)
    for mode in ("light", "dark"):  # both accessible code palettes
        assert f"html[data-theme={mode}] .highlight .k{{" in css.replace(
            '"', ""
        )


# ------------------------------------------------------ the site's root

#: The first part of the contents as the theme's toctree writes it.
TOCTREE = """<p aria-level="2" class="caption" role="heading"><span \
class="caption-text">Getting started</span></p>
<ul>
<li class="toctree-l1"><a class="reference internal" \
href="chapters/notation.html">Notation and conventions</a></li>
</ul>
<p aria-level="2" class="caption" role="heading"><span \
class="caption-text">Regression</span></p>
<ul>
<li class="toctree-l1"><a class="reference internal" \
href="chapters/01_linear_regression.html">1. Linear regression</a></li>
<li class="toctree-l1"><a class="reference internal" \
href="chapters/02_logistic_regression.html">2. Logistic regression</a></li>
</ul>
<p aria-level="2" class="caption" role="heading"><span \
class="caption-text">Reference</span></p>
<ul>
<li class="toctree-l1"><a class="reference internal" \
href="chapters/teaching.html">Teaching with this book</a></li>
<li class="toctree-l1"><a class="reference internal" \
href="chapters/glossary.html">Glossary</a></li>
<li class="toctree-l1"><a class="reference internal" \
href="chapters/api.html">Library reference</a></li>
<li class="toctree-l1"><a class="reference internal" \
href="chapters/benchmarks.html">Benchmarks</a></li>
<li class="toctree-l1"><a class="reference internal" \
href="chapters/bibliography.html">Bibliography</a></li>
</ul>
"""
DECK_NAMES = ["01_linear_regression", "02_logistic_regression"]
EDITION = reader_page.__version__
REPOSITORY = "https://github.com/mlcourse-book/linear-models"


def chapter_adds() -> dict[str, str]:
    """The introduction's table of what each chapter adds, by file name."""
    import json

    notebook = ROOT / "chapters" / "00_introduction.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = "".join("".join(cell["source"]) for cell in cells)
    rows = re.findall(r"^\| (\d)\. [^|]* \| (.*) \|$", text, flags=re.M)
    names = {p.stem[:2]: p.stem for p in (ROOT / "chapters").glob("0*.ipynb")}
    return {names[f"0{number}"]: adds for number, adds in rows}


def root_page_problems(html: str, edition: str) -> list[str]:
    """What the site's root (home.html) lacks of a landing page: shown
    (no redirect), the introduction first in the contents, what each
    chapter adds (as the introduction's table says), the edition, the
    PDF, every deck with its handout, how to run the chapters, the author
    and licence; the edition links the changelog, and every page listed
    besides the chapters says in a line what it holds."""
    from html import unescape

    first = re.search(
        r"<ul>\s*<li[^>]*><a[^>]*>([^<]*)</a>"
        r'(?:<span class="adds">([^<]{20,})</span>)?',
        html,
    )
    listed = re.findall(
        r'href="chapters/(0[1-7]\w+)\.html">[^<]*</a>'
        r'(?:<span class="adds">([^<]*)</span>)?',
        html,
    )
    adds = chapter_adds()
    decks = re.findall(r'href="_downloads/slides/(0\d_\w+)\.pdf"', html)
    others = re.findall(
        r'href="chapters/([a-z]\w*)\.html">[^<]*</a>'
        r'(?:<span class="adds">([^<]{20,})</span>)?',
        html,
    )
    changelog = re.search(
        r'<a class="changelog" href="https://github\.com/[^"/]+/[^"/]+'
        r'/blob/\w+/CHANGELOG\.md"[^>]*><p class="edition">Edition ',
        html,
    )
    wanted = {
        "the introduction first": bool(first) and first[1] == "Introduction",
        "what the introduction holds": not first
        or first[1] != "Introduction"
        or bool(first[2]),
        "shown, not a redirect": "refresh" not in html.lower()
        and 'rel="canonical"' not in html,
        "the edition": f"Edition {edition}</p>" in html,
        "the changelog": bool(changelog),
        "what each other page holds": all(text for _, text in others),
        "the PDF": 'href="_downloads/book.pdf"' in html,
        "the slides": bool(decks)
        and all(f"slides/{deck}.html" in html for deck in decks),
        "how to run the chapters": "How to run the chapters</h2>" in html,
        "what each chapter adds": bool(listed)
        and all(unescape(text) == adds[name] for name, text in listed),
        "the author and licence": bool(
            re.search(r"<footer><p>By [^<]+\. © [^<]*licence", html)
        ),
    }
    return [name for name, present in wanted.items() if not present]


def render_root(contents: str = TOCTREE) -> str:
    """home.html as the build writes it, from a contents list."""
    import jinja2

    folder = ROOT / "tools" / "sphinx_ext" / "templates"
    template = jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder)
    ).get_template("home.html")
    return template.render(
        docstitle="From least squares to the multi-layer perceptron",
        page_description="This is an open course on learning linear models.",
        pathto=lambda docname: "chapters/00_introduction.html",
        toctree=lambda **options: contents,
        theme_extra_footer=f'<p class="edition">Edition {EDITION}</p>',
        theme_repository_url=REPOSITORY,
        theme_repository_branch="main",
        favicon_url="_static/favicon.svg",
        chapter_titles={
            "01_linear_regression": "Linear regression",
            "02_logistic_regression": "Logistic regression",
        },
        book_pdf="_downloads/book.pdf",
        decks=[f"_downloads/slides/{name}" for name in DECK_NAMES],
        author="The mlcourse authors",
        copyright="2026 the authors of this book; text and code under the"
        " MIT licence",
        last_updated="Nov 27, 2026",
    )


def test_the_root_is_a_landing_page():
    root = render_root()
    assert not root_page_problems(root, reader_page.__version__)
    assert (
        'slides/02_logistic_regression.html">Chapter 2, Logistic '
        "regression</a>" in root
    )
    # the introduction opens the first part only
    twice = render_root(TOCTREE + TOCTREE)
    assert twice.count(">Introduction</a>") == 1
    assert twice.index(">Introduction<") < twice.index(">Notation")


def test_the_root_check_fails_a_root_without_introduction_or_edition():
    edition = reader_page.__version__
    root = render_root()
    without = root.replace(
        '<li class="toctree-l1"><a href="chapters/00_introduction.html">'
        'Introduction</a><span class="adds">',
        '<li class="toctree-l1"><span class="adds">',
    )
    assert without != root
    assert root_page_problems(without, edition) == ["the introduction first"]
    bare = re.sub(r"(?<=Introduction</a>)<span[^>]*>[^<]*</span>", "", root)
    assert bare != root
    assert root_page_problems(bare, edition) == ["what the introduction holds"]
    assert root_page_problems(root, "0.0.1") == ["the edition"]
    old = root.replace("How to run the chapters</h2>", "</h2>")
    assert root_page_problems(old, edition) == ["how to run the chapters"]
    # the root as it was: it sent the reader on at once
    left = '<meta http-equiv="refresh" content="0; url=chapters/x.html" />'
    redirect = root.replace("</head>", left + "</head>")
    assert root_page_problems(redirect, edition) == ["shown, not a redirect"]


def test_the_root_links_the_edition_to_the_changelog():
    root = render_root()
    link = f'href="{REPOSITORY}/blob/main/CHANGELOG.md"'
    assert (
        f'{link} title="What each edition changed"><p class="edition"' in root
    )
    bare = root.replace('<a class="changelog"', "<a")
    assert root_page_problems(bare, EDITION) == ["the changelog"]


def test_the_root_says_what_each_other_page_holds():
    root = render_root()
    for stem in ["teaching", "glossary", "api", "benchmarks", "bibliography"]:
        assert re.search(
            rf'chapters/{stem}\.html">[^<]*</a><span class="adds">', root
        ), stem
    lost = re.sub(r"(?<=Glossary</a>)<span[^>]*>[^<]*</span>", "", root)
    assert lost != root
    assert root_page_problems(lost, EDITION) == ["what each other page holds"]


def test_the_root_says_what_each_chapter_adds():
    adds = chapter_adds()
    assert len(adds) == 7 and all(len(text) > 20 for text in adds.values())
    root = render_root()
    assert (
        '2. Logistic regression</a><span class="adds">probabilities, '
        "maximum likelihood" in root
    )
    edition = reader_page.__version__
    # the template lost a chapter's line, or it says other than the
    # introduction does: both fail
    lost = re.sub(
        r"(?<=Linear regression</a>)<span[^>]*>[^<]*</span>", "", root
    )
    other = root.replace("maximum likelihood", "likelihood")
    for html in (lost, other):
        assert html != root
        assert root_page_problems(html, edition) == ["what each chapter adds"]
    # every chapter of the book has its line in the template
    for name in adds:
        item = f'<li><a href="chapters/{name}.html">{name}</a></li>'
        assert 'class="adds"' in render_root(f"<ul>{item}</ul>"), name
    unlicensed = root.replace("licence", "")
    assert root_page_problems(unlicensed, edition) == [
        "the author and licence"
    ]


def test_every_page_names_the_edition():
    from types import SimpleNamespace

    styles = ["a11y-high-contrast-light", "a11y-high-contrast-dark"]
    options = dict(
        zip(["pygments_light_style", "pygments_dark_style"], styles)
    )
    config = SimpleNamespace(
        templates_path=[], html_theme_options=options, highlight_options={}
    )
    reader_page._configure(None, config)
    edition = f"Edition {reader_page.__version__}</p>"
    assert options["extra_footer"] == f'<p class="edition">{edition}'
    assert edition in render_root()  # the root shows the same line


def title_heights(page, html: str) -> list[float]:
    """The heights, in its font size, of the root's title, and of the
    title with the browser's heading size and the body's line height (4
    lines at 390 px), in a browser ``page``."""
    loose = re.sub(r"h1\{[^}]*\}", "h1{line-height:inherit}", html)
    assert loose != html
    heights = []
    for version in (html, loose):
        page.set_content(version)
        heights.append(
            page.evaluate(
                "(h => h.getBoundingClientRect().height"
                " / parseFloat(getComputedStyle(h).fontSize))"
                "(document.querySelector('h1'))"
            )
        )
    return heights


def figure_numbers(html: str) -> list[int]:
    """The numbers of a page's figure captions, in order."""
    return [int(n) for n in re.findall(r'caption-number">Fig\. (\d+) ', html)]


@pytest.mark.site
def test_an_unnumbered_pages_figures_count_one_by_one():
    """The library reference's and the benchmarks' figures read Fig. 1, 2,
    3: matplotlib's own plot template writes each figure twice, and Sphinx
    numbered both (Fig. 1, 3, 5)."""
    chapters = _built() / "chapters"
    for page in [*chapters.glob("api/*.html"), chapters / "benchmarks.html"]:
        numbers = figure_numbers(page.read_text())
        assert numbers == list(range(1, len(numbers) + 1)), (page, numbers)


def test_the_figure_count_check_reads_a_skip():
    skipped = 'caption-number">Fig. 1 </span>, caption-number">Fig. 3 </span>'
    assert figure_numbers(skipped) == [1, 3]


@pytest.mark.site
def test_each_tab_names_the_book_once():
    """Every tab names the book once: a page's title, then the book's (a
    page titled as the book says it once, not "title — title")."""
    build = _built()
    config = (ROOT / "_config.yml").read_text(encoding="utf-8")
    book = re.search(r'^title: "([^"]+)"', config, re.M).group(1)
    pages = sorted(build.glob("chapters/*.html")) + [build / "index.html"]
    for page in pages:
        tab = re.search(r"<title>([^<]*)</title>", page.read_text()).group(1)
        assert tab.count(book) == 1, f"{page.name}: {tab}"


# ------------------------------------------------------ the build's pieces


def test_a_formula_and_its_punctuation_break_as_one_word():
    img = '<img alt="x" class="math dark-light" src="a.svg"/>'
    shown = '<img class="math dark-light display" src="b.svg"/>'
    body = f"so ({img}), then {img}: and {img} alone; {shown}."
    glued = reader_page.GLUED.sub(r"<u>\g<0></u>", body)
    assert (
        glued
        == f"so <u>({img}),</u> then <u>{img}:</u> and {img} alone; {shown}."
    )


def test_tokens_drawn_alike_share_a_span():
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer
    from pygments.token import Name, Number, Operator, Punctuation, String

    styles = ("a11y-high-contrast-light", "a11y-high-contrast-dark")
    kinds = reader_page.same_style_tokens(styles)
    assert not {Name, Punctuation, Operator} & {kinds.get(k, k) for k in kinds}
    assert kinds[String.Interpol] == String  # drawn as a string
    assert kinds[Number.Float] == Number.Float.split()[1]  # Literal
    assert Name.Builtin not in kinds  # drawn unlike a name
    lexer = PythonLexer(filters=[reader_page.SameStyleTokens(kinds)])
    code = 'def f(x):\n    return f"{x:.2f}" + x * 1\n'
    html = highlight(code, lexer, HtmlFormatter())
    assert 'class="k"' in html and 'class="l">1<' in html
    assert '<span class="s">f"{</span>x<span class="s">:.2f}"</span>' in html
    assert 'class="n"' not in html and 'class="o"' not in html
    same = reader_page.SameStyleTokens(kinds)
    assert same == reader_page.SameStyleTokens(kinds)
    assert hash(same) == hash(reader_page.SameStyleTokens(kinds))


#: The launch menu as sphinx-book-theme 1.1 writes it for a chapter.
LAUNCH = [
    {"label": "launch-buttons", "icon": "fas fa-rocket", "buttons": [
        {"type": "link", "text": name, "tooltip": f"Launch on {name}",
         "icon": f"_static/images/logo_{name.lower()}.svg",
         "url": f"https://{host}/main/chapters/04_perceptron.ipynb"}
        for name, host in [("Binder", "b.org"), ("Colab", "c.com")]
    ]},
    {"label": "download-buttons", "buttons": [
        {"text": ".ipynb", "url": "../_sources/04_perceptron.ipynb"}
    ]},
]  # fmt: skip


def test_the_launch_menu_opens_the_student_notebook_too():
    import copy

    before = reader_page.without_logos(copy.deepcopy(LAUNCH))
    buttons = copy.deepcopy(before)
    reader_page.with_student_notebooks(buttons, "04_perceptron")
    launch, download = buttons
    assert [b["text"] for b in launch["buttons"]] == [
        "Binder", "Colab",
        "Binder: student notebook", "Colab: student notebook",
    ]  # fmt: skip
    urls = [b["url"] for b in launch["buttons"]]
    assert urls[2:] == [
        "https://b.org/main/exercises/04_perceptron.ipynb",
        "https://c.com/main/exercises/04_perceptron.ipynb",
    ]
    assert urls[:2] == [b["url"] for b in LAUNCH[0]["buttons"]]
    assert all(b["icon"] is None for b in launch["buttons"])
    assert download == before[1]  # other menus are left as they were
    again = reader_page.with_student_notebooks(buttons, "05_other")
    assert len(again[0]["buttons"]) == 4  # another page's name: no entry


def test_description_is_the_first_paragraph_in_whole_sentences():
    from docutils import nodes

    def description(text):
        doctree = nodes.document(None, None)
        doctree += nodes.paragraph(text="Short.")
        doctree += nodes.paragraph(text=text)
        return reader_page.description(doctree)

    said = "It says what it is, in more than forty characters. (It does.) "
    assert description(said * 5) == (said * 3).strip()  # within 200
    long = "A sentence " + "that goes on " * 20 + "ends. Here."
    assert description(long) == long.removesuffix(" Here.")  # at least one
    text = description("word " * 50)  # no sentence: cut at a word
    assert text.startswith("word word") and text.endswith("...")
    assert len(text) <= 160


def test_display_maths_is_wrapped_as_sphinx_does():
    from docutils import nodes

    def block(text, nowrap=False):
        return nodes.math_block(text, text, nowrap=nowrap)

    assert math_svg.display_tex(block("a = b")) == "a = b"
    assert (
        math_svg.display_tex(block(r"a \\ b"))
        == r"\begin{split}a \\ b\end{split}"
    )
    both = math_svg.display_tex(block("a = b\n\nc = d"))
    assert both == r"\begin{aligned}a = b\\c = d\end{aligned}"
    assert math_svg.display_tex(block(r"\begin{align}x\end{align}", True)) == (
        r"\begin{align}x\end{align}"
    )


def test_a_formula_is_drawn_with_its_spoken_form(tmp_path):
    if (
        shutil.which("node") is None
        or not math_svg.RENDER_MATH.with_name("node_modules").exists()
    ):
        pytest.skip("Node.js or the tools of tools/site are missing (npm ci)")
    renderer = math_svg.Renderer(tmp_path / "cache.json")
    key, drawn = renderer(r"x \in \mathbb{R}^d", display=False)
    with pytest.raises(ValueError, match="MathJax cannot draw"):
        renderer(r"\frac{", display=True)
    renderer.close()
    assert (
        drawn["speech"] == "x element of double struck upper R Superscript d"
    )
    assert drawn["svg"].startswith("<svg") and "<path" in drawn["svg"]
    assert 3 < drawn["width"] < 4 and drawn["valign"] <= 0
    assert key in {
        k[:12]
        for k in math_svg.json.loads((tmp_path / "cache.json").read_text())
    }


LANDING = """id => {
  const top = document.getElementById(id).getBoundingClientRect().top;
  const end = scrollY + innerHeight >= document.documentElement.scrollHeight - 2;
  return (top > -5 && top < 200) || (end && top >= -5);
}"""


def _missed_landings(browser, base: str, chapters: list[str], route=None):
    """Sections whose link leaves their heading off the top of the screen
    once the page has settled (figures and sections drawn near it): a
    middle and a late section of each chapter, each chapter in a tab of its
    own (the tabs settle side by side); ``route`` serves ``book.js``."""
    tabs = []
    for chapter in chapters:
        tab = browser.new_page(viewport={"width": 390, "height": 800})
        if route is not None:
            tab.route("**/book.js*", route)
        tab.goto(f"{base}/chapters/{chapter}")
        ids = tab.evaluate(
            "[...document.querySelectorAll('article section > section[id]')]"
            ".map(s => s.id)"
        )
        tabs.append((tab, chapter, [ids[len(ids) // 2], ids[-2]]))
    missed = []
    for turn in (0, 1):
        for tab, chapter, sections in tabs:
            tab.goto(f"{base}/chapters/{chapter}#{sections[turn]}")
        tabs[-1][0].wait_for_timeout(1000)
        missed += [
            f"{chapter}#{sections[turn]}"
            for tab, chapter, sections in tabs
            if not tab.evaluate(LANDING, sections[turn])
        ]
    for tab, _, _ in tabs:
        tab.close()
    return missed


@pytest.mark.site
def test_links_to_sections_land_on_their_headings():
    """At 390 px, a middle and a late section of every chapter, opened by
    their links; without reader.js's follow-up some of them miss. The
    root's title takes 3 lines at most."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    build = _built()
    handler = functools.partial(site_check._Quiet, directory=str(build))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    chapters = sorted(p.name for p in (build / "chapters").glob("0*.html"))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_or_skip())
            assert _missed_landings(browser, base, chapters) == []
            # trusted: the scripts' bundle without reader.js misses some
            bundle = (build / "_static/scripts/book.js").read_text()
            reader = (build / "_static/reader.js").read_text()
            assert reader in bundle
            without = bundle.replace(reader, "")
            serve = lambda r: r.fulfill(body=without)  # noqa: E731
            assert _missed_landings(browser, base, chapters, serve)
            # the root's title: 3 lines at most (4 with the loose style)
            page = browser.new_page(viewport={"width": 390, "height": 800})
            root = (build / "index.html").read_text()
            title, loose = title_heights(page, root)
            assert title <= 3 * 1.25 < loose
            browser.close()
    finally:
        server.shutdown()


CONTENTS = """() => {
  const line = document.getElementById('pst-header').offsetHeight
    + 0.3 * innerHeight;
  const links = [...document.querySelectorAll('#pst-page-toc-nav a')];
  const read = links.filter(a => {
    const s = document.getElementById(decodeURIComponent(a.hash.slice(1)));
    const h = s && (s.querySelector('h1, h2, h3, h4, h5, h6') || s);
    return h && h.getBoundingClientRect().top <= line;
  }).pop();
  const marked = document.querySelector('#pst-page-toc-nav a.active');
  const box = document.querySelector('.bd-sidebar-secondary')
    .getBoundingClientRect();
  const place = marked && marked.getBoundingClientRect();
  return [read && read.hash, marked && marked.hash,
          !!place && place.top >= box.top && place.bottom <= box.bottom];
}"""


def _contents_misses(page, url: str) -> list[str]:
    """After a jump (the scroll bar, the End key), the page's Contents marks
    the section being read, and its list shows the marked entry."""
    page.goto(url)
    page.wait_for_load_state("load")
    misses = []
    for fraction in (0.5, 0.9):
        page.evaluate(
            f"scrollTo(0, {fraction} * document.documentElement.scrollHeight)"
        )
        page.wait_for_timeout(800)
        read, marked, shown = page.evaluate(CONTENTS)
        if read != marked or not shown:
            misses.append(f"at {fraction}: {read} read, {marked} marked")
    return misses


@pytest.mark.site
def test_contents_follow_a_jump():
    """At 1280 px, on the longest chapter; without reader.js the theme's
    mark stays behind or its entry is off the list's screen."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    build = _built()
    handler = functools.partial(site_check._Quiet, directory=str(build))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    url = f"{base}/chapters/01_linear_regression.html"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_or_skip())
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            assert _contents_misses(page, url) == []
            bundle = (build / "_static/scripts/book.js").read_text()
            reader = (build / "_static/reader.js").read_text()
            without = bundle.replace(reader, "")
            page.route("**/book.js*", lambda r: r.fulfill(body=without))
            assert _contents_misses(page, url) != []
            browser.close()
    finally:
        server.shutdown()
