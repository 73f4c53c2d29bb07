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
ROW = re.compile(r"^\| (\w+)[^|]* \| (\d+) \| (\d*) *\|$", re.M)
LINK = re.compile(r"\]\((\d\d_\w+)\.ipynb#([\w-]+)\)")


def plan() -> str:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index("(teaching-plan)=")
    return text[start : text.index("(teaching-editions)=", start)]


def markdown(stem: str) -> str:
    nb = nbformat.read(CHAPTERS / f"{stem}.ipynb", as_version=4)
    return "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


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
        words = len(markdown(ROWS[first]).split())
        # rounded to 5 minutes, with room for a few hundred words of edits
        assert abs(minutes - words / WORDS_A_MINUTE) <= 4, (first, words)
        if first.isdigit():
            assert 5_500 <= words <= 6_100, "about 6,000 words"


def test_exercise_minutes_are_the_generated_pacing():
    rows = reading_rows(plan())
    assert {k: v[1] for k, v in rows.items() if k.isdigit()} == pacing()
    assert all(not v[1] for k, v in rows.items() if not k.isdigit())


def test_the_check_fails_a_wrong_row():
    rows = reading_rows("| 1 Linear regression | 45 | 130 |\n")
    words = len(markdown(ROWS["1"]).split())
    assert abs(rows["1"][0] - words / WORDS_A_MINUTE) > 4


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
