"""The teaching page's plan of a term: its reading times follow the
chapters' length, its exercise minutes the generated pacing, and its
schedule links sections that exist."""

import re
from pathlib import Path

import nbformat
from test_glossary import chapter_targets

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
PAGE = CHAPTERS / "teaching.md"
WORDS_A_MINUTE = 200

#: The reading table's rows, by their first word: the notebook each times.
ROWS = {
    "Introduction": "00_introduction",
    "1": "01_linear_regression",
    "2": "02_logistic_regression",
    "3": "03_gradient_descent",
    "4": "04_perceptron",
    "5": "05_perceptron_convergence",
    "6": "06_voted_averaged_perceptron",
    "7": "07_mlp",
    "Benchmarks": "benchmarks",
}
ROW = re.compile(r"^\| (\w+)[^|]* \| (\d+) \| [\d-]* *\| (\d*) *\|$", re.M)
#: A formula, counted as one word; an exercise or a solution, left out.
MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.S)
FENCED = re.compile(
    r"^(`{3,}|:{3,})\{(exercise|solution)\}.*?^\1\s*$", re.M | re.S
)
LINK = re.compile(r"\]\((\d\d_\w+)\.ipynb#([\w-]+)\)")


def plan() -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("(teaching-plan)=")
    return text[start : text.index("(teaching-editions)=", start)]


def markdown(stem: str) -> str:
    """A chapter's running text: no exercise or solution, no code."""
    nb = nbformat.read(CHAPTERS / f"{stem}.ipynb", as_version=4)
    kept, gated = [], False
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        gated = gated or "{solution-start}" in cell.source
        if not gated:
            kept.append(FENCED.sub(" ", cell.source))
        gated = gated and "{solution-end}" not in cell.source
    return "\n".join(kept)


def words(stem: str) -> int:
    """The words of its running text, a formula counted as one."""
    return len(MATH.sub("x", markdown(stem)).split())


def pacing() -> dict[str, int]:
    """The exercise minutes of each chapter, as ``make exercises`` wrote."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(
        r"Its exercises take, in minutes: (.*?); \d+ in all", text
    )
    assert found, "the generated pacing sentence moved"
    return dict(re.findall(r"chapter (\d), (\d+)", found.group(1)))


def reading_rows(text: str) -> dict[str, tuple[int, str]]:
    return {first: (int(m), ex) for first, m, ex in ROW.findall(text)}


def test_reading_times_follow_the_chapters_length():
    rows = reading_rows(plan())
    assert set(rows) == set(ROWS)
    for first, (minutes, _) in rows.items():
        count = words(ROWS[first])
        # rounded to 5 minutes, with room for a few hundred words of edits
        assert abs(minutes - count / WORDS_A_MINUTE) <= 4, (first, count)
        if first.isdigit():
            assert 3_500 <= count <= 4_500, "3,500 to 4,500 words"


def test_exercise_minutes_are_the_generated_pacing():
    rows = reading_rows(plan())
    assert {k: v[1] for k, v in rows.items() if k.isdigit()} == pacing()
    assert all(not v[1] for k, v in rows.items() if not k.isdigit())


def test_the_check_fails_a_wrong_row():
    rows = reading_rows("| 1 Linear regression | 45 | 120-180 | 130 |\n")
    assert abs(rows["1"][0] - words(ROWS["1"]) / WORDS_A_MINUTE) > 4


def test_the_word_count_leaves_out_exercises_and_formulas():
    assert words("01_linear_regression") < 0.8 * sum(
        len(c.source.split())
        for c in nbformat.read(
            CHAPTERS / "01_linear_regression.ipynb", as_version=4
        ).cells
        if c.cell_type == "markdown"
    )


def anchors(stem: str) -> set[str]:
    """The heading anchors of a chapter, as the glossary's check reads them."""
    return chapter_targets()[f"{stem}.ipynb"]


def test_the_schedule_links_existing_sections():
    links = LINK.findall(plan())
    assert len(links) >= 12 and ("07_mlp", "losses") in links
    for stem, anchor in links:
        assert anchor in anchors(stem), f"{stem}#{anchor}"


def test_the_link_check_fails_a_renamed_section():
    assert "slope-and-correlation" in anchors("01_linear_regression")
    assert "slope-and-correlations" not in anchors("01_linear_regression")
