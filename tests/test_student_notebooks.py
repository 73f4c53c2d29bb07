"""The student notebooks (``exercises/``) are what ``make exercises``
generates: they read well without MyST, carry no answer, and run.

Each student notebook is executed top to bottom as handed out: it must not
raise, and every checker must answer "Not attempted yet" for the empty
answers. That run (marked ``student_run``, about a minute for all of
them) is left out of ``make test``, whose time it would exceed: ``make
chapter CH=04`` runs chapter 4's, and ``pytest -m student_run
tests/test_student_notebooks.py`` all of them. ``make test-students`` runs
the rest.
"""

import re
from pathlib import Path

import kernels
import make_exercises
import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]

CHAPTERS = make_exercises.chapter_paths()
STUDENT = [make_exercises.EXERCISES / p.name for p in CHAPTERS]
LABELS = make_exercises.label_index()
SITE = make_exercises.site_url()

#: Numbers as a solution quotes them: decimals, fractions, integers, lists
#: of numbers, counts of updates.
NUMBER = re.compile(
    r"(?<![\w.])-?\d+(?:\.\d+)?(?:/\d+)?(?![\w.])"
    r"|\[[-\d., ]+\]"
    r"|\d+ (?:updates|iterations|passes|mistakes|steps)"
)


def student(chapter):
    return make_exercises.student_notebook(
        nbformat.read(chapter, as_version=4), chapter.stem, SITE, LABELS
    )


def test_committed_student_notebooks_are_up_to_date():
    assert make_exercises.main(["--check"]) == 0, (
        "run 'make exercises' and commit exercises/"
    )


def test_generation_is_deterministic():
    for chapter in CHAPTERS[:2]:
        assert make_exercises.render(chapter) == make_exercises.render(chapter)


def _count(nb, pattern):
    return sum(
        len(pattern.findall(c.source))
        for c in nb.cells
        if c.cell_type == "markdown"
    )


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_solutions_are_removed_and_the_rest_kept(chapter):
    source = nbformat.read(chapter, as_version=4)
    nb = student(chapter)
    text = "\n".join(c.source for c in nb.cells)
    assert "{solution" not in text
    pointer = "Work the exercises in the student notebook"
    assert any(pointer in c.source for c in source.cells), "the page says"
    assert pointer not in text, "the notebook needs no pointer to itself"
    gated = _count(source, make_exercises.SOLUTION_START)
    written = _count(source, make_exercises.SOLUTION_BLOCK)
    answers = [
        c for c in nb.cells if "student-answer" in c.metadata.get("tags", [])
    ]
    # one answer cell per exercise, and a second one for the written
    # exercises that compute and the code exercises with a written part
    from assignments import exercises as book

    records = book.read(chapter)
    computing = sum(
        bool(e.written_solution) and e.kind in make_exercises.CODE_KINDS
        for e in records
    )
    by_hand = sum(e.checked and bool(e.manual) for e in records)
    assert len(answers) == gated + written + computing + by_hand
    code = [c for c in answers if "written-code" in c.metadata["tags"]]
    assert len(code) == computing and all(c.cell_type == "code" for c in code)
    following = [nb.cells[nb.cells.index(c) + 1] for c in code]
    assert all("written-answer" in c.metadata["tags"] for c in following)
    assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")
    assert nb.cells[0].metadata.get("tags", []) == source.cells[
        0
    ].metadata.get("tags", []), "the hidden set-up cell is kept"
    checks = [
        c
        for c in source.cells
        if "exercise-check" in c.metadata.get("tags", [])
    ]
    kept = {c.source for c in nb.cells}
    assert all(c.source in kept for c in checks), "checker cells are kept"


def test_the_pages_hidden_checks_stay_on_the_page():
    def code(source, tags=()):
        return nbformat.v4.new_code_cell(source, metadata={"tags": list(tags)})

    check = code("r = 2.0\nassert f'{r:.1f}' == '2.0'\n", ["remove-cell"])
    for_loop = code("for k in range(3):\n    assert k < 3\n", ["remove-cell"])
    reader = code("print(r)")
    assert make_exercises.page_check(check, [reader]) == "r = 2.0\n"
    assert make_exercises.page_check(check, []) is None  # dropped
    assert make_exercises.page_check(for_loop, []) is None
    assert make_exercises.without_asserts(for_loop.source).endswith("pass\n")
    shown = code("assert True")  # a visible cell is the reader's business
    assert make_exercises.page_check(shown, []) is False
    # only a read counts: a loop variable bound again later does not
    again = code("for k in range(5):\n    print(k)")
    assert make_exercises.page_check(for_loop, [again]) is None
    assert (
        make_exercises.page_check(for_loop, [code("k = 1\nprint(k)")]) is None
    )
    assert (
        make_exercises.page_check(for_loop, [code("[k for k in 'ab']")])
        is None
    )
    assert make_exercises.page_check(check, [code("r = 3.0"), reader]) is None
    # a read before the cell binds the name again, or in a function, counts
    for later in ("r = r + 1", "r += 1", "def f():\n    return r", "r.real"):
        assert make_exercises.page_check(check, [code(later)]) == "r = 2.0\n"
    # a name a comprehension binds is its own, not the cell's
    local = code("s = [r for r in (1, 2)]\nassert s\n", ["remove-cell"])
    assert make_exercises.page_check(local, [reader]) is None
    for path in STUDENT:
        nb = nbformat.read(path, as_version=4)
        hidden = [
            c for c in nb.cells if "remove-cell" in c.metadata.get("tags", [])
        ]
        assert not any("assert " in c.source for c in hidden), path.name


def test_a_check_that_only_a_dropped_check_reads_is_dropped():
    def code(source):
        return nbformat.v4.new_code_cell(
            source, metadata={"tags": ["remove-cell"]}
        )

    cells = [
        code("m = 2\nassert m == 2"),  # read only by the next check
        code("n = m + 1\nassert n == 3"),  # read by no one
        code("p = 5\nassert p"),  # read by the visible cell
        nbformat.v4.new_code_cell("print(p)"),
    ]
    checks = make_exercises.page_checks(cells)
    assert [checks[k] for k in range(4)] == [None, None, "p = 5\n", False]


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_markdown_reads_without_myst(chapter):
    nb = student(chapter)
    markdown = "\n".join(
        c.source for c in nb.cells if c.cell_type == "markdown"
    )
    assert "```{" not in markdown and ":::{" not in markdown
    assert not re.search(r"\{[a-z:]+\}`", markdown), "a MyST role is left"
    assert not re.search(r"^\([\w-]+\)=", markdown, re.MULTILINE)
    assert not re.search(r"\$\$\s*\(eq-", markdown), "an equation label"
    titles = make_exercises.exercise_titles(
        nbformat.read(chapter, as_version=4), chapter.stem
    )
    number = int(chapter.stem[:2])
    for position, title in enumerate(titles.values(), start=1):
        assert title.startswith(f"Exercise {number}.{position}")
        assert f"#### {title}" in markdown
    for link in re.findall(r"\]\((https?://[^)]+)\)", markdown):
        if link.startswith(SITE):
            assert ".html" in link, link


def _solutions_and_rest(nb):
    solutions, rest, inside = [], [], False
    for cell in nb.cells:
        source = cell.source
        tags = set(cell.metadata.get("tags", []))
        if make_exercises.SOLUTION_START.search(source):
            inside = True
            continue
        if make_exercises.SOLUTION_END.search(source):
            inside = False
            continue
        if inside:
            solutions.append(source)
            continue
        if cell.cell_type == "markdown":
            solutions += [
                m.group(0)
                for m in make_exercises.SOLUTION_BLOCK.finditer(source)
            ]
            rest.append(make_exercises.SOLUTION_BLOCK.sub("", source))
        elif not tags & (make_exercises.HIDDEN_TAGS | {"exercise-check"}):
            rest.append(source)
            for output in cell.get("outputs", []):
                rest.append(output.get("text", ""))
                rest.append(str(output.get("data", {}).get("text/plain", "")))
    return solutions, rest


def _numbers(texts):
    return {re.sub(r"\s+", "", t) for s in texts for t in NUMBER.findall(s)}


def answers_of(chapter):
    """Numbers a solution quotes that the chapter does not show elsewhere."""
    solutions, rest = _solutions_and_rest(nbformat.read(chapter, as_version=4))
    return {
        n
        for n in _numbers(solutions) - _numbers(rest)
        if not re.fullmatch(r"-?\d", n)
    }


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_student_notebooks_carry_no_number_of_a_solution(chapter):
    answers = answers_of(chapter)
    nb = nbformat.read(make_exercises.EXERCISES / chapter.name, as_version=4)
    shown = _numbers(c.source for c in nb.cells)
    assert not answers & shown, f"answers in {chapter.name}: {answers & shown}"
    library = ROOT / "lib" / "mlcourse"
    code = _numbers(p.read_text() for p in library.rglob("*.py"))
    lists = {n for n in answers if n.startswith("[") and n.count(",") >= 2}
    assert not lists & code, f"an answer in the library: {lists & code}"


def test_the_leak_test_sees_a_leak():
    chapter = next(p for p in CHAPTERS if p.stem.startswith("01_"))
    answers = answers_of(chapter)
    assert answers, "the solutions of chapter 1 quote numbers"
    leaked = _numbers([f"the slope is {sorted(answers)[0]}"])
    assert answers & leaked


def _listed_answers(nb, chapter):
    """The library answers of ``chapter``'s exercises (their records'
    ``library:``) whose source a code cell of ``nb`` prints."""
    from assignments import exercises as book

    answers = {
        name.rsplit(".", 1)[-1]
        for exercise in book.read(chapter)
        for name in exercise.library
    }
    listed = {
        name.rsplit(".", 1)[-1]
        for cell in nb.cells
        if cell.cell_type == "code"
        for name in re.findall(r"getsource\(\s*([\w.]+)", cell.source)
    }
    return answers & listed


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_no_library_answer_is_listed_outside_its_solution(chapter):
    """A listing of the library function an exercise asks for sits in the
    exercise's solution: in the student notebook "Run all" would print
    it."""
    assert not _listed_answers(student(chapter), chapter)


def test_the_listing_test_sees_a_listing():
    chapter = next(p for p in CHAPTERS if p.stem.startswith("07_"))
    nb = student(chapter)
    nb.cells.insert(
        1, nbformat.v4.new_code_cell("print(inspect.getsource(mlp.backward))")
    )
    assert _listed_answers(nb, chapter) == {"backward"}


@pytest.mark.student_run
@pytest.mark.parametrize("path", STUDENT, ids=[p.stem for p in STUDENT])
def test_student_notebook_runs_and_checkers_report_not_attempted(path):
    nb = nbformat.read(path, as_version=4)
    kernels.run_notebook(nb, ROOT / "chapters", name=path.name)
    for cell in nb.cells:
        if "exercise-check" not in cell.metadata.get("tags", []):
            continue
        text = "".join(
            o.get("text", "") + o.get("data", {}).get("text/plain", "")
            for o in cell.outputs
        )
        assert "Not attempted yet" in text, (
            f"a checker in {path.name} did not say 'Not attempted yet': "
            f"{text!r}"
        )


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_chapter_imports_bind_no_exercise_name(chapter):
    """A student cannot get an answer from the chapter's import cells."""
    import ast

    from assignments import exercises as book

    answers = {
        name
        for exercise in book.read(chapter)
        if exercise.checked
        for name in exercise.answers
    }
    bound = set()
    for tree in book.code_trees(nbformat.read(chapter, as_version=4)):
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                bound |= {a.asname or a.name.split(".")[0] for a in node.names}
    assert not answers & bound


@pytest.mark.parametrize("chapter", CHAPTERS, ids=[p.stem for p in CHAPTERS])
def test_student_notebooks_hold_no_exercise_record(chapter):
    """The records (rubrics, wrong answers) stay in the chapters."""
    nb = student(chapter)
    assert not any(c.cell_type == "raw" for c in nb.cells)
    text = "\n".join(c.source for c in nb.cells)
    assert "exercise-record" not in text and "rubric:" not in text


def test_the_teaching_table_is_written_from_the_records():
    from assignments import exercises as book

    table = make_exercises.teaching_table()
    for exercise in book.every_exercise():
        (row,) = [r for r in table.splitlines() if f"<{exercise.label}>`" in r]
        cells = [c.strip() for c in row.split("|")[1:-1]]
        stars = make_exercises.STARS[exercise.level]
        assert cells[1] == f"{exercise.kind} {stars}, {exercise.minutes}"
        assert cells[2].startswith(f"{exercise.auto or exercise.manual:g} by")
    minutes = sum(e.minutes for e in book.every_exercise())
    assert f"; {minutes} in all, about {round(minutes / 60)} hours" in table
    # the split of points by tests, as the graded assignments give it
    for auto in {e.auto for e in book.every_exercise() if e.auto}:
        assert f"{auto:g} " in table
        assert f" {auto / 2:g} + {auto / 2:g}" in table


def test_the_library_answers_name_public_functions_of_exercises():
    """The teaching page's list: each name is public, each exercise real."""
    import importlib

    from assignments import exercises as book

    answered = [e for e in book.every_exercise() if e.library]
    assert len(answered) >= 16
    for exercise in answered:
        assert exercise.checked, exercise.label
        for (
            name
        ) in exercise.library:  # a public function, or a public class's method
            parts = name.split(".")
            module = importlib.import_module(".".join(parts[:2]))
            assert parts[2] in module.__all__, name
            obj = module
            for attribute in parts[2:]:
                obj = getattr(obj, attribute)
            assert callable(obj), name
    page = make_exercises.library_answers()
    assert f"what {len(answered)} of the" in page
    for exercise in answered:
        assert f"<{exercise.label}>`:" in page


def test_a_library_name_links_to_the_page_that_documents_it():
    """Student notebooks link a library name to its module's reference
    page, where autodoc puts the name's anchor."""
    page = make_exercises._api_page
    assert page("mlcourse.mlp.forward") == "chapters/api/mlp.html"
    assert page("mlcourse.exercises.mlp.check_forward") == (
        "chapters/api/exercises.html"
    )
    assert page("mlcourse.ConvergenceWarning") == "chapters/api.html"
    links = re.findall(
        r"/(chapters/api[\w/]*\.html)#([\w.]+)",
        "".join(
            path.read_text()
            for path in sorted(
                Path(make_exercises.ROOT).glob("exercises/*.ipynb")
            )
        ),
    )
    assert links, "the student notebooks link the library reference"
    assert all(page(name) == html for html, name in links)


def test_citations_read_as_on_the_website(tmp_path, monkeypatch):
    """Author and year, linked to the bibliography page: "(Bishop, 2006)",
    "Bishop (2006)"; names as the website's labels write them."""
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@book{one, author = {Bishop, C. M.}, year = {2006}}\n"
        "@article{two, author = {Freund, Y. and Schapire, R. E.},"
        " year = {1999}}\n"
        "@article{three, author = {Rumelhart, D. and Hinton, G. and"
        " Williams, R.}, year = {1986}}\n"
        "@book{edited, editor = {Smola, A. and Bartlett, P.}, year = {2000}}\n"
        "@manual{body, organization = {NumPy Developers}, year = {2024}}\n"
        "@misc{keyed, key = {Slides}}\n"
    )
    assert make_exercises.citations(bib) == {
        "one": ("Bishop", "2006"),
        "two": ("Freund and Schapire", "1999"),
        "three": ("Rumelhart et al.", "1986"),
        "edited": ("Smola and Bartlett", "2000"),
        "body": ("NumPy Developers", "2024"),
        "keyed": ("Slides", "n.d."),
    }
    url = f"({SITE}chapters/bibliography.html)"
    text = make_exercises.to_markdown(
        "{cite:t}`bishop2006` and {cite}`freund1999,rumelhart1986`.",
        SITE,
        LABELS,
    )
    assert text == (
        f"[Bishop (2006)]{url} and ([Freund and Schapire, 1999]{url}; "
        f"[Rumelhart et al., 1986]{url}).\n"
    )
    # the same names and years as the website's labels, entry by entry
    monkeypatch.syspath_prepend(str(ROOT / "tools" / "sphinx_ext"))
    from bibliography import author_year
    from pybtex.database import parse_file

    entries = parse_file(str(make_exercises.BIBLIOGRAPHY)).entries
    for key, (who, year) in make_exercises.citations().items():
        assert author_year(entries[key]) == f"{who}, {year}", key
    markdown = "".join(path.read_text() for path in STUDENT)
    assert "[bishop2006]" not in markdown and "Bishop, 2006" in markdown
