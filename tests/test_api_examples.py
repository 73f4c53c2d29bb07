"""The library reference (chapters/api.md): its examples print what they
show, and each module's table lists the module's public names.

Each ``pycon`` block of the page is a doctest, run in one namespace per
page, in order, as a reader pasting them into one session would.
"""

import doctest
import importlib
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


SUMMARY = re.compile(
    r"^\.\. currentmodule:: ([\w.]+)\n\n\.\. autosummary::\n"
    r"   :nosignatures:\n\n((?:   \w+\n)+)",
    re.M,
)


DATA = re.compile(r"^\.\. py:data:: (\w+(?:\n +\w+$)*)", re.M)
MODULE = re.compile(r"^\.\. currentmodule:: ([\w.]+)$", re.M)


def test_each_modules_table_lists_its_public_names_in_order():
    """A module's table lists its public names in order; constants that
    autosummary cannot summarize (imported numbers and strings) are written
    as ``py:data`` entries on the page instead."""
    text = PAGE.read_text()
    data = [  # each name in the module of the currentmodule above it
        f"{MODULE.findall(text, 0, m.start())[-1]}.{name}"
        for m in DATA.finditer(text)
        for name in m.group(1).split()
    ]
    tables = SUMMARY.findall(text)
    modules = [module for module, _ in tables]
    assert len(tables) >= 10 and "mlcourse" in modules
    assert "mlcourse.exercises" in modules
    for module, names in tables:
        public = importlib.import_module(module).__all__
        written = [n for n in public if f"{module}.{n}" not in data]
        assert names.split() == written, module
    for name in data:
        module, _, attribute = name.rpartition(".")
        assert attribute in importlib.import_module(module).__all__, name


def test_the_table_check_reads_a_table():
    text = ".. currentmodule:: m.x\n\n.. autosummary::\n   :nosignatures:\n\n"
    found = SUMMARY.findall(text + "   a\n   b\n")
    assert found == [("m.x", "   a\n   b\n")]
