"""The library reference's examples (chapters/api.md) print what they show.

Each ``pycon`` block of the page is a doctest, run in one namespace per
page, in order, as a reader pasting them into one session would.
"""

import doctest
import re
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parents[1] / "chapters" / "api.md"
FENCE = re.compile(r"^```pycon\n(.*?)^```$", re.S | re.M)


def examples():
    return FENCE.findall(PAGE.read_text())


def test_every_module_section_has_an_example():
    assert len(examples()) >= 8


def test_examples_print_what_the_page_shows():
    pytest.importorskip("matplotlib").use("Agg")
    parser, globs, report = doctest.DocTestParser(), {}, []
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for number, text in enumerate(examples(), 1):
        test = parser.get_doctest(
            text, globs, f"api.md example {number}", str(PAGE), 0
        )
        runner.run(test, out=report.append, clear_globs=False)
        globs = test.globs
    assert not runner.failures, "".join(report)
