"""The built website, checked in a real headless browser (``make test-site``).

``tools/site_check.py`` opens every page of ``_build/html`` offline at 390 px
and 1280 px and lists JavaScript errors, requests to other hosts, failed local
requests, broken images and links, unrendered TeX, missing launch buttons,
display equations wider than their column, content no scroll reaches, markup
shown as text, figures with text too small for a phone, axe-core's WCAG 2.1 A
and AA violations, and exercise answers visible outside their solution. Other
tests build tiny sites with one of each problem and check that the site check
reports every one of them.

Check one page of the built book (after ``make book``):

    python tools/site_check.py --page chapters/03_gradient_descent.html
"""

from __future__ import annotations

import importlib.util
import os
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "_build" / "html"


def _load_site_check():
    spec = importlib.util.spec_from_file_location(
        "site_check", ROOT / "tools" / "site_check.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


site_check = _load_site_check()


def chromium_or_skip():
    """The Chromium to run with: skip visibly without one, but fail on CI, where it must exist."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reason = "playwright is not installed: the site check cannot run"
    else:
        path = site_check.find_chromium()
        if path is not None:
            return path
        reason = "no Chromium found (apt-get install chromium): the site check cannot run"
    if os.environ.get("CI") == "true":
        pytest.fail(reason + " (CI=true: the site check is required)")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def chromium():
    return chromium_or_skip()


#: Defects of the reader's page that the check finds today and that are still
#: to be fixed (figures whose text is too small on a phone, two index pages
#: of the theme, one wide table). A problem not in it fails the test; a
#: listed one that is gone is reported, to be removed from the list.
KNOWN_PROBLEMS = ROOT / "tests" / "site_known_problems.txt"


@pytest.mark.site
def test_built_site_has_no_problems():
    if not (BUILD / "index.html").exists():
        pytest.fail("no built website in _build/html: run make book first")
    chromium = chromium_or_skip()
    # Screenshots are for people (python tools/site_check.py saves them to
    # site-screenshots/); the test measures the pages without them.
    results = site_check.check_site(BUILD, None, executable=chromium)
    assert results, "the site check found no page to check"
    assert any(name.startswith("chapters/") for name in results)
    for required in ("genindex.html", "search.html"):
        if (BUILD / required).exists():
            assert required in results
    assert not any(
        name.startswith(("_static/", "_sources/", "_modules/"))
        for name in results
    )
    # Every chapter of the table of contents is a notebook page, so the launch-button check
    # above covered it.
    for notebook in sorted((ROOT / "chapters").glob("*.ipynb")):
        name = f"chapters/{notebook.stem}.html"
        assert name in results, f"no page for {notebook.name}"
        assert site_check._is_notebook_page(BUILD, BUILD / name), (
            f"{name} is not a notebook page"
        )
    report = site_check.format_report(results)
    known = KNOWN_PROBLEMS.read_text(encoding="utf-8").splitlines()
    new, fixed = site_check.compare_with_known(report, known)
    assert not new, "the site check found problems:\n" + "\n".join(new)
    if fixed:  # in the warnings summary; the theme's index pages come and go
        warnings.warn(
            f"listed in {KNOWN_PROBLEMS.name} but not found (remove them "
            "once they stay away):\n" + "\n".join(fixed),
            stacklevel=1,
        )


@pytest.mark.site
def test_a_chapter_reads_well_in_dark_mode():
    if not (BUILD / site_check.DARK_PAGE).exists():
        pytest.fail(
            f"no {site_check.DARK_PAGE} in _build/html: run make book first"
        )
    chromium = chromium_or_skip()
    shot = (
        ROOT
        / "site-screenshots"
        / site_check.dark_screenshot_name(site_check.DARK_PAGE)
    )
    problems, figures = site_check.check_dark_mode(
        BUILD, site_check.DARK_PAGE, shot, executable=chromium
    )
    assert figures >= 3, "the dark-mode page should show the chapter's figures"
    assert problems == [], "\n".join(problems)
    assert shot.exists()


def test_without_chromium_the_check_skips_but_fails_on_ci(monkeypatch):
    monkeypatch.setattr(site_check, "find_chromium", lambda: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no Chromium found"):
        chromium_or_skip()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(
        pytest.fail.Exception, match="CI=true: the site check is required"
    ):
        chromium_or_skip()


# --------------------------------------------------------------------------- the check itself

GOOD_PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>{title}</title></head>
<body><h1 id="top">{title}</h1>{body}</body></html>"""

MATHJAX_STUB = """<script>
// Stands in for MathJax: renders every .math element once startup has finished.
window.MathJax = {startup: {promise: new Promise(resolve => document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll(".math.ok").forEach(el => el.appendChild(document.createElement("mjx-container")));
  resolve();
}))}};
</script>"""

PIXEL = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082"
)


def _site(tmp_path: Path) -> Path:
    build = tmp_path / "html"
    (build / "chapters").mkdir(parents=True)
    (build / "_static").mkdir()
    (build / "_sources" / "chapters").mkdir(parents=True)
    (build / "_static" / "pixel.png").write_bytes(PIXEL)
    (build / "_static" / "broken.js").write_text("this is not javascript(")
    (build / "_static" / "broken.html").write_text(
        "<p>assets are not checked as pages</p>"
    )
    (build / "index.html").write_text(
        '<meta http-equiv="Refresh" content="0; url=chapters/good.html" />'
    )
    good_body = (
        MATHJAX_STUB
        + '<p>A figure: <img src="../_static/pixel.png" alt="one pixel"></p>'
        + '<p><span class="math ok">\\(x\\)</span> and <code>\\(not math\\)</code></p>'
        + '<p><a href="other.html#section">a section</a> <a href="#top">top</a> '
        + '<a href="https://example.org/">outside links are not followed</a></p>'
        + "<pre>$$ in code is fine $$</pre>"
        + '<a href="https://mybinder.org/v2/gh/o/r/main?urlpath=lab/tree/chapters/good.ipynb">Binder</a>'
        + '<a href="https://colab.research.google.com/github/o/r/blob/main/chapters/good.ipynb">Colab</a>'
        + '<button class="btn-launch-thebe">Live code</button>'
    )
    (build / "chapters" / "good.html").write_text(
        GOOD_PAGE.format(title="Good", body=good_body)
    )
    (build / "_sources" / "chapters" / "good.ipynb").write_text("{}")
    (build / "chapters" / "other.html").write_text(
        GOOD_PAGE.format(title="Other", body='<h2 id="section">Section</h2>')
    )
    bad_body = (
        MATHJAX_STUB
        + "<script>undefinedFunction();</script>"
        + '<script>console.error("something went wrong");</script>'
        + '<script src="https://cdn.example.org/lib.js"></script>'
        + '<script src="../_static/missing.js"></script>'
        + '<img src="../_static/missing.png" alt="missing">'
        + '<a href="nowhere.html">no such page</a> <a href="other.html#gone">no such anchor</a>'
        + '<a href="#nothere">no such anchor here</a>'
        + '<p><span class="math">\\(y\\)</span></p><p>Raw TeX: \\[ a + b \\] and $$c$$</p>'
    )
    bad_body += (
        '<div class="cell_input"><pre>%pip install --quiet "mlcourse @ git+URL"</pre></div>'
        "<h1>A second title</h1><h2>Part</h2><h4>Skipped a level</h4>"
        '<img src="../_static/pixel.png">'
        '<figure><img src="../_static/pixel.png?captioned"><figcaption>A caption is '
        "enough</figcaption></figure>"
    )
    (build / "chapters" / "bad.html").write_text(
        GOOD_PAGE.format(title="Bad", body=bad_body)
    )
    (build / "chapters" / "untitled.html").write_text(
        "<!DOCTYPE html><html><head><title>Untitled</title></head><body><h2>Starts low</h2>"
        "<h3>then fine</h3></body></html>"
    )
    (build / "_sources" / "chapters" / "bad.ipynb").write_text("{}")
    return build


@pytest.mark.site
def test_site_check_reports_every_kind_of_problem(chromium, tmp_path):
    build = _site(tmp_path)
    shots = tmp_path / "shots"
    # The tiny pages are not written to pass the accessibility audit.
    results = site_check.check_site(
        build, shots, executable=chromium, axe=False
    )
    assert sorted(results) == [
        "chapters/bad.html",
        "chapters/good.html",
        "chapters/other.html",
        "chapters/untitled.html",
        "index.html",
    ]
    assert results["chapters/untitled.html"] == [
        "the first heading is h2 'Starts low', not h1"
    ]
    assert results["chapters/good.html"] == []
    assert results["chapters/other.html"] == []
    assert results["index.html"] == []
    assert (shots / "chapters__good.png").exists() and (
        shots / "chapters__bad.png"
    ).exists()

    bad = "\n".join(results["chapters/bad.html"])
    expected = [
        "JavaScript error: ReferenceError: undefinedFunction is not defined",
        "console error: something went wrong",
        "request to another host while loading (script): https://cdn.example.org/lib.js",
        "HTTP 404 for script /chapters/../_static/missing.js".replace(
            "/chapters/..", ""
        ),
        "HTTP 404 for image /_static/missing.png",
        "image did not load: ../_static/missing.png",
        "broken link 'nowhere.html': chapters/nowhere.html does not exist",
        "broken link 'other.html#gone': no anchor #gone on chapters/other.html",
        "broken link '#nothere': no anchor #nothere on this page",
        "math not rendered by MathJax: '\\\\(y\\\\)'",
        "markup shown as text (TeX delimiters): 'Raw TeX: \\\\[ a + b \\\\] and $$c$$'",
        "notebook page without its binder launch button",
        "notebook page without its colab launch button",
        "notebook page without its thebe launch button",
        "more than one h1: ['A second title']",
        "the Colab set-up cell (%pip install) is shown on the page",
        "heading level skipped: h2 'Part' is followed by h4 'Skipped a level'",
        "image without alt text or caption: ../_static/pixel.png",
    ]
    missing = [line for line in expected if line not in bad]
    assert not missing, f"not reported: {missing}\nreport:\n{bad}"
    assert "captioned" not in bad, "a captioned figure needs no alt text"


def test_heading_rules():
    assert (
        site_check.heading_problems(
            [[1, "T"], [2, "A"], [3, "B"], [2, "C"], [2, "D"]]
        )
        == []
    )
    assert site_check.heading_problems([]) == ["no heading on the page"]
    assert site_check.heading_problems([[1, "T"], [3, "B"]]) == [
        "heading level skipped: h1 'T' is followed by h3 'B'"
    ]


DARK_THEME = """<script>
document.documentElement.dataset.theme = localStorage.getItem("theme") || "light";
</script><style>html[data-theme=dark] body {{ background: #121212; color: #eee; }}</style>"""


def _png(path: Path, rgba: tuple) -> str:
    from PIL import Image

    Image.new("RGBA", (8, 8), rgba).save(path)
    return path.name


@pytest.mark.site
def test_dark_mode_check_finds_transparent_figures(chromium, tmp_path):
    build = tmp_path / "html"
    (build / "chapters").mkdir(parents=True)
    white = _png(build / "chapters" / "white.png", (255, 255, 255, 255))
    clear = _png(build / "chapters" / "clear.png", (255, 255, 255, 0))
    body = (
        f'<article><h1>Dark</h1><div class="cell_output"><img src="{white}" alt="white"></div>'
        f'<figure><img src="{clear}" alt="clear"></figure>'
        f'<img src="{clear}" alt="an icon outside any figure is not checked"></article>'
    )
    (build / "chapters" / "dark.html").write_text(
        GOOD_PAGE.format(title="Dark", body=DARK_THEME + body)
    )
    shot = tmp_path / "shots" / "dark.png"
    problems, figures = site_check.check_dark_mode(
        build, "chapters/dark.html", shot, executable=chromium
    )
    assert figures == 2 and shot.exists()
    assert (
        len(problems) == 1
        and "clear.png" in problems[0]
        and "opaque white" in problems[0]
    )

    (build / "chapters" / "light.html").write_text(
        GOOD_PAGE.format(title="Light", body=body)
    )
    problems, _ = site_check.check_dark_mode(
        build, "chapters/light.html", None, executable=chromium
    )
    assert any("did not switch to dark mode" in p for p in problems)


def test_site_check_refuses_a_missing_site(tmp_path):
    with pytest.raises(FileNotFoundError, match="run make book first"):
        site_check.check_site(
            tmp_path / "nothing", None, executable="/bin/true"
        )


@pytest.mark.site
def test_redirect_to_a_missing_page_is_reported(chromium, tmp_path):
    build = tmp_path / "html"
    build.mkdir()
    (build / "index.html").write_text(
        '<meta http-equiv="Refresh" content="0; url=chapters/gone.html" />'
    )
    results = site_check.check_site(build, None, executable=chromium)
    assert results == {
        "index.html": ["redirects to chapters/gone.html, which does not exist"]
    }


# --------------------------------------------------------------------------- what a reader sees

READER_PAGE = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Reader</title>
<style>body {{ margin: 0; font-family: sans-serif; }} article {{ padding: 0 16px; }}
div.math {{ display: flex; flex-direction: row-reverse; }}
mjx-container {{ display: block; flex-grow: 1; }} mjx-c {{ display: inline-block; }}
img {{ max-width: 100%; }}</style>
</head><body><main><article><h1>Reader</h1>{body}</article></main></body></html>"""


def _font_png(path: Path, width: int, font_pt: float) -> str:
    from PIL import Image, PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text(site_check.FONT_KEY, str(font_pt))
    Image.new("RGB", (width, width // 2), "white").save(
        path, dpi=(150, 150), pnginfo=info
    )
    return path.name


@pytest.mark.site
def test_site_check_reports_what_a_reader_sees(chromium, tmp_path):
    build = tmp_path / "html"
    (build / "chapters").mkdir(parents=True)
    wide = _font_png(build / "chapters" / "wide.png", 1500, 10)
    fine = _font_png(build / "chapters" / "fine.png", 600, 12)
    body = (
        '<section id="maths"><div class="math"><span class="eqno">(1.1)</span>'
        '<mjx-container display="true"><mjx-c style="width: 600px">x</mjx-c>'
        "</mjx-container></div>"
        '<div class="math"><mjx-container display="true">'
        '<mjx-c style="width: 100px">y</mjx-c></mjx-container></div></section>'
        '<section id="boxes"><div style="overflow: hidden; width: 100px">'
        '<span style="display: inline-block; width: 300px">cut off</span></div>'
        '<div style="overflow-x: auto; width: 100px"><span style="display: '
        'inline-block; width: 300px">scrolls</span></div>'
        '<div style="width: 700px">too wide for a phone</div></section>'
        '<section id="markup"><p>See :func:`fit` and ``x`` and (eq-lr-slope) '
        "and *emphasis* and \\frac12.</p><p>2 * 3 * 4 is arithmetic.</p>"
        "<pre>``code`` and :func:`f` and \\frac are fine in code</pre></section>"
        f'<section id="figures"><img src="{wide}" alt="too small">'
        f'<img src="{fine}" alt="fine" style="width: 300px"></section>'
        '<input type="range">'
    )
    (build / "chapters" / "reader.html").write_text(
        READER_PAGE.format(body=body)
    )
    results = site_check.check_site(
        build, None, executable=chromium, pages=["chapters/reader.html"]
    )
    report = "\n".join(results["chapters/reader.html"])
    expected = [
        "at 390 px: display equation (1.1) in section #maths is 600 px wide",
        "at 390 px: the page is",
        "at 1280 px: 200 px of content cut off with no scroll in section "
        "#boxes",
        "markup shown as text (Sphinx role) in section #markup",
        "markup shown as text (double backquotes)",
        "markup shown as text (raw label)",
        "markup shown as text (asterisk emphasis)",
        "markup shown as text (TeX command)",
        "figure text too small: wide.png in section #figures is shown",
        "axe label (Form elements must have labels)",
    ]
    missing = [line for line in expected if line not in report]
    assert not missing, f"not reported: {missing}\nreport:\n{report}"
    assert "scrolls" not in report
    assert "fine.png" not in report
    assert "arithmetic" not in report
    assert "fine in code" not in report
    assert "number of equation (1.1)" not in report


@pytest.mark.site
def test_sections_drawn_only_near_the_screen_are_measured_too(
    chromium, tmp_path
):
    """A section far down a page with ``content-visibility: auto`` is not
    drawn at load; its width is measured all the same."""
    build = tmp_path / "html"
    (build / "chapters").mkdir(parents=True)
    body = (
        '<section id="top"><div style="height: 4000px">a long start</div>'
        '<section id="far" style="content-visibility: auto; '
        'contain-intrinsic-size: auto 900px">'
        '<div class="math"><span class="eqno">(2.1)</span>'
        '<mjx-container display="true"><mjx-c style="width: 600px">x'
        "</mjx-c></mjx-container></div></section></section>"
    )
    (build / "chapters" / "far.html").write_text(READER_PAGE.format(body=body))
    results = site_check.check_site(
        build, None, executable=chromium, pages=["chapters/far.html"]
    )
    report = "\n".join(results["chapters/far.html"])
    assert "display equation (2.1) in section #far is 600 px wide" in report


EXERCISE_PAGE = """<html><body><article>
<p>The chapter shows 0.5 and 4810 parameters in plain view.</p>
<div class="exercise admonition" id="ex-count"><p class="admonition-title">Exercise 1.1</p>
<section><p>Count the parameters of a 64-unit network with 0.5 dropout.</p></section></div>
<div class="cell"><div class="cell_input"><pre>n_parameters = ...</pre></div></div>
<div class="solution dropdown admonition" id="sol-1">
<p class="admonition-title">Solution to<a href="#ex-count"> Exercise 1.1</a></p>
<section><p>There are 4810 parameters; the rate 0.5 is given; see Rosenblatt 1958;
the weights end at [0, 2, 0, -2, -2] and the class is "versicolor".</p></section></div>
<div class="cell_output"><pre>Correct: a_final = [0, 2, 0, -2, -2]</pre></div>
<p>Only 12 and 64 units and 1958, but not the flower.</p>
</article></body></html>"""


def test_answer_values_are_the_solution_own_quoted_values():
    values = site_check.answer_values(
        "There are 4810 parameters, 0.5 rate, 1958, 12 units, 3.14159, "
        "[0, 2, 0, -2, -2] and (1, 2)",
        'the class is "versicolor"',
        "a network with 0.5 dropout and 3.14159",
    )
    assert values == {"4810", "[0,2,0,-2,-2]", "'versicolor'"}


def test_answer_leaks_names_the_exercise_and_the_value():
    problems = site_check.answer_leaks(EXERCISE_PAGE)
    assert len(problems) == 2, problems
    assert any("4810" in p and "Exercise 1.1" in p for p in problems)
    assert any(
        "[0,2,0,-2,-2]" in p and "Correct: a_final" in p for p in problems
    )
    hidden = EXERCISE_PAGE.replace("and 4810 parameters", "").replace(
        "<pre>Correct: a_final = [0, 2, 0, -2, -2]</pre>",
        "<pre>Correct.</pre>",
    )
    assert site_check.answer_leaks(hidden) == []


def test_a_run_dependent_output_is_no_leak():
    """A timing that equals an answer by chance gives nothing away; the
    same value in the cell's code, or in a compared output, does."""
    timing = (
        '<div class="cell tag_nbval-ignore-output">'
        '<div class="cell_input"><pre>{code}</pre></div>'
        '<div class="cell_output"><pre>newton: 4810 ms per fit</pre></div>'
        "</div>"
    )
    page = EXERCISE_PAGE.replace("and 4810 parameters", "").replace(
        "<pre>Correct: a_final = [0, 2, 0, -2, -2]</pre>",
        "<pre>Correct.</pre>",
    )
    quiet = page.replace(
        "</article>", timing.format(code="fit()") + "</article>"
    )
    assert site_check.answer_leaks(quiet) == []
    in_code = page.replace(
        "</article>", timing.format(code="n = 4810") + "</article>"
    )
    assert any("4810" in p for p in site_check.answer_leaks(in_code))
    compared = quiet.replace(" tag_nbval-ignore-output", "")
    assert any("4810" in p for p in site_check.answer_leaks(compared))


@pytest.mark.site
def test_no_exercise_answer_outside_its_solution():
    """Every exercise of the built book keeps its answer inside its solution."""
    if not (BUILD / "index.html").exists():
        pytest.fail("no built website in _build/html: run make book first")
    leaks = {
        page.relative_to(BUILD).as_posix(): site_check.answer_leaks(
            page.read_text(encoding="utf-8")
        )
        for page in site_check.pages_to_check(BUILD)
    }
    report = site_check.format_report(leaks)
    assert not report, f"answers visible outside their solution:\n{report}"


# --------------------------------------------------------------------------- the built pages' weight


def _reader_page():
    import sys

    sys.path.insert(0, str(ROOT / "tools" / "sphinx_ext"))
    import reader_page

    return reader_page


def test_pages_drop_what_they_load_twice_or_never_use():
    reader_page = _reader_page()
    html = (
        '<head><script defer src="_static/scripts/fontawesome.js?d=1"></script>'
        '<link rel="preload" as="script" href="_static/scripts/fontawesome.js?d=1" />'
        '<script src="_static/documentation_options.js?v=1"></script>'
        '<script src="_static/doctools.js?v=1"></script>'
        '<script async="async" src="_static/sphinx-thebe.js"></script>'
        "<script>const inline = 1;</script>"
        '<script src="_static/searchtools.js"></script>'
        '<script src="searchindex.js"></script>'
        '<script type="application/vnd.jupyter.widget-state+json">{"a": 1}</script>'
        "</head>"
    )
    page = reader_page.rewrite_scripts(html, search_page=False)
    assert "fontawesome" not in page and "widget-state" not in page
    assert "searchindex" not in page and "searchtools" not in page
    assert '<script defer src="_static/doctools.js?v=1">' in page
    assert '<script src="_static/documentation_options.js?v=1">' in page
    assert '<script async="async" src="_static/sphinx-thebe.js">' in page
    assert "<script>const inline = 1;</script>" in page
    search = reader_page.rewrite_scripts(html, search_page=True)
    assert "searchindex.js" in search


def test_images_get_their_size_and_load_lazily(tmp_path):
    from PIL import Image

    reader_page = _reader_page()
    Image.new("RGB", (900, 600), "white").save(
        tmp_path / "figure.png", dpi=(150, 150)
    )
    page = tmp_path / "page.html"
    html = reader_page.rewrite_images(
        '<img alt="a figure" src="figure.png" />', page
    )
    assert 'width="600" height="400"' in html
    assert 'loading="lazy"' in html and 'decoding="async"' in html
    html = reader_page.rewrite_images(
        '<img alt="a" src="figure.png" style="width: 300px;" />', page
    )
    assert 'width="300" height="200"' in html


def test_the_theme_sets_tab_stops_in_drawn_sections_only(tmp_path):
    import pydata_sphinx_theme

    reader_page = _reader_page()
    theme = Path(pydata_sphinx_theme.__file__).parent
    (shipped,) = theme.glob("theme/*/static/scripts/pydata-sphinx-theme.js")
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    script = scripts / "pydata-sphinx-theme.js"
    script.write_text(shipped.read_text(encoding="utf-8"), encoding="utf-8")
    reader_page.patch_theme_script(tmp_path)
    patched = script.read_text(encoding="utf-8")
    assert patched.count("checkVisibility({contentVisibilityAuto:!0})") == 1
    reader_page.patch_theme_script(tmp_path)  # a second build: unchanged
    assert script.read_text(encoding="utf-8") == patched
    script.write_text("function I(){}", encoding="utf-8")
    with pytest.raises(RuntimeError, match="tab-stop loop was not found"):
        reader_page.patch_theme_script(tmp_path)


def test_reader_fixes_of_the_theme_markup():
    reader_page = _reader_page()
    html = reader_page.rewrite_page(
        '<summary aria-label="Toggle hidden content">'
        '<div class="citation" role="doc-biblioentry">'
        '<i class="theme-switch fa-solid fa-sun" data-mode="light" title="Light"></i>'
        '<button class="btn search-button-field search-button__button" '
        'title="Search" aria-label="Search" data-x="1">'
        '<table class="indextable genindextable">',
        Path("page.html"),
        search_page=False,
    )
    assert "<summary>" in html
    assert 'role="listitem"' in html and "doc-biblioentry" not in html
    assert 'data-mode="light" aria-hidden="true"' in html
    assert 'aria-label="Search"' not in html and 'title="Search"' in html
    assert '<table role="presentation" class="indextable' in html


def test_stylesheets_become_one_bundle_read_from_static(tmp_path):
    reader_page = _reader_page()
    static = tmp_path / "_static"
    (static / "styles").mkdir(parents=True)
    (static / "basic.css").write_text("p { margin: 0 }")
    (static / "styles" / "theme.css").write_text(
        '@import "../basic.css";\n'
        ".icon { background: url(../fonts/a.woff2) }\n"
        "/*# sourceMappingURL=theme.css.map */"
    )
    (static / "book.css").write_text('h1 { background: url("data:x") }')
    links = (
        '<link href="{p}_static/styles/theme.css?digest=1" '
        'rel="stylesheet" />\n<style>a {{}}</style>\n'
        '<link rel="stylesheet" type="text/css" href="{p}_static/book.css" />'
    )
    (tmp_path / "chapters").mkdir()
    pages = {
        tmp_path / "index.html": links.format(p=""),
        tmp_path / "chapters" / "one.html": links.format(p="../"),
        tmp_path / "search.html": '<link rel="stylesheet" href="x.css" />',
    }
    rewritten, bundles = reader_page.bundle_stylesheets(pages, tmp_path)
    (bundle,) = bundles
    css = bundle.read_text()
    assert css.index("p { margin: 0 }") < css.index(".icon")
    assert 'url("fonts/a.woff2")' in css and 'url("data:x")' in css
    assert "sourceMappingURL" not in css
    one = rewritten[tmp_path / "chapters" / "one.html"]
    assert one.count("stylesheet") == 1
    assert f'href="../_static/{bundle.name}"' in one and "<style>" in one
    assert (
        f'href="_static/{bundle.name}"' in rewritten[tmp_path / "index.html"]
    )
    # a page whose stylesheet is missing keeps its links
    assert (
        rewritten[tmp_path / "search.html"] == pages[tmp_path / "search.html"]
    )


def test_animation_frames_become_files(tmp_path):
    import base64

    reader_page = _reader_page()
    png = b"\x89PNG\r\n\x1a\nframe"
    data = base64.b64encode(png).decode()
    html = (
        f'frames[0] = "data:image/png;base64,{data}";\n'
        f'frames[1] = "data:image/png;base64,{data}";\n'
    )
    page = tmp_path / "chapters" / "04.html"
    images = tmp_path / "_images"
    new = reader_page.extract_animation_frames(html, page, images)
    (frame,) = images.iterdir()
    assert frame.read_bytes() == png
    assert new.count(f'"../_images/{frame.name}"') == 2
    assert "base64" not in new


def test_maths_is_drawn_as_flat_svg_with_its_mathml(tmp_path):
    """Build-time maths: one <svg> of <use> elements per formula, glyph
    outlines once per page, hidden MathML for screen readers."""
    import re
    import shutil

    reader_page = _reader_page()
    if (
        shutil.which("node") is None
        or not (
            reader_page.RENDER_MATH.parent / "node_modules" / "mathjax-full"
        ).exists()
    ):
        pytest.skip("Node.js or mathjax-full is missing (npm ci)")
    page = tmp_path / "page.html"
    html = (
        "<html><head></head><body>"
        '<p><span class="math notranslate nohighlight">\\(x^2 + '
        "\\frac{a}{b}\\)</span></p>"
        '<div class="math notranslate nohighlight" id="eq">'
        '<span class="eqno">(1.1)</span>\\[\\begin{aligned} y &= x \\\\ '
        "z &= x^2 \\end{aligned}\\]</div></body></html>"
    )
    (out,) = reader_page.render_math({page: html}).values()
    assert out.count('<svg id="MJX-SVG-global-cache"') == 1
    assert out.count('<path id="MJX-TEX-I-1D465"') == 1  # x, drawn 3 times
    inline = out[out.index('<span class="math') :]
    inline = inline[: inline.index("</span>")]
    svg = inline[inline.index("<svg") : inline.index("</svg>")]
    assert svg.count("<use") == 5 and svg.count("<g") == 1
    assert "data-mml-node" not in svg and 'width="' in svg
    assert re.search(r'width="[\d.]+em"', svg)
    assert not re.search(r"\d(?:ex)\b", svg)
    assert "<math" in inline and 'aria-hidden="true"' in svg
    assert '<span class="eqno">(1.1)</span><mjx-container' in out
    assert 'display="true"' in out and "\\[" not in out
    assert '<style id="MJX-SVG-styles">' in out
