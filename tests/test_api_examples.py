"""The library reference (chapters/api.md and its module pages under
chapters/api/): their examples print what they show, and each module's
table lists the module's public names.

Each ``pycon`` block of a page is a doctest, run in one namespace per
page, in order, as a reader pasting a page's examples into one session
would.
"""

import doctest
import importlib
import inspect
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OVERVIEW = ROOT / "chapters" / "api.md"
PAGES = [OVERVIEW, *sorted((ROOT / "chapters" / "api").glob("*.md"))]
FENCE = re.compile(r"^```pycon\n(.*?)^```$", re.S | re.M)
TEXT = "\n".join(page.read_text() for page in PAGES)


def examples(page):
    return FENCE.findall(page.read_text())


def test_the_module_pages_are_in_the_table_of_contents():
    toc = (ROOT / "_toc.yml").read_text()
    for page in PAGES[1:]:
        assert f"- file: chapters/api/{page.stem}\n" in toc, page.name


def test_every_estimator_module_page_has_an_example():
    with_examples = [page.stem for page in PAGES if examples(page)]
    assert len(with_examples) >= 8


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.stem)
def test_examples_print_what_the_page_shows(page):
    pytest.importorskip("matplotlib").use("Agg")
    parser, globs, report = doctest.DocTestParser(), {}, []
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for number, text in enumerate(examples(page), 1):
        name = f"{page.name} example {number}"
        test = parser.get_doctest(text, globs, name, str(page), 0)
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
    text = TEXT
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


WARNS = {
    "LogisticRegression": True,
    "SoftmaxRegression": True,
    "Perceptron": True,
    "BatchPerceptron": True,
    "KernelPerceptron": True,
    "VotedPerceptron": False,
    "AveragedPerceptron": False,
    "PocketPerceptron": False,
    "MulticlassPerceptron": False,
    "MLPClassifier": False,
}


@pytest.mark.parametrize("name", WARNS)
def test_what_an_iterative_fit_records(name):
    """The overview's table of fit records and its list of the estimators
    that warn when ``converged_`` is False: a fit stopped early (one
    iteration, or the default passes on labels no model fits) records
    ``n_iter_`` and ``converged_ = False``, and warns only where the page
    says it does."""
    import warnings

    import numpy as np
    from mlcourse import ConvergenceWarning

    modules = ["mlcourse.logistic_regression", "mlcourse.perceptron"]
    modules += ["mlcourse.perceptron_variants", "mlcourse.mlp"]
    found = [vars(importlib.import_module(m)).get(name) for m in modules]
    cls = next(c for c in found if c is not None)
    X = np.random.default_rng(0).normal(size=(60, 4))
    y = np.arange(60) % (3 if "Multi" in name or "Softmax" in name else 2)
    short = {"max_iter": 1} if "Regression" in name else {}
    model = cls(**short)
    assert "max_iter" in model.get_params()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.fit(X, y)
    warned = any(issubclass(w.category, ConvergenceWarning) for w in caught)
    assert not model.converged_
    assert warned == WARNS[name]
    assert model.n_iter_ >= 1
    if "Perceptron" in name:
        assert model.n_updates_ >= 1
    if not WARNS[name] and "Perceptron" in name:
        assert model.n_iter_ == 10  # "their max_iter passes (10 by default)"
    if "Regression" in name:
        assert len(model.loss_path_) == model.n_iter_ + 1
    if name == "MLPClassifier":
        assert len(model.loss_curve_) == model.n_iter_


ESTIMATOR_MODULES = [
    "linear_regression",
    "logistic_regression",
    "gradient_descent",
    "perceptron",
    "perceptron_variants",
    "mlp",
]
EQUATION_ROW = re.compile(r"^\| \{eq\}`([\w-]+)` \| ([^|:{]+): (.+) \|$", re.M)


def test_the_equation_index_is_that_of_the_docstrings():
    """api.md's "From an equation to the code": each row names its
    equation in a few words, the equation is named in the docstring of
    each object of the row, and every equation a public docstring of the
    estimator modules names has its row, in the order of the chapters."""
    rows = EQUATION_ROW.findall(OVERVIEW.read_text())
    index = {
        label: re.findall(r"\{py:obj\}`~mlcourse\.([\w.]+)`", objects)
        for label, _, objects in rows
    }
    for label, name, _ in rows:
        assert 1 <= len(name.split()) <= 4, f"{label}: name it in 1-4 words"
    cited = {}
    for module in ESTIMATOR_MODULES:
        imported = importlib.import_module(f"mlcourse.{module}")
        for name in imported.__all__:
            doc = inspect.getdoc(getattr(imported, name)) or ""
            for label in dict.fromkeys(re.findall(r":eq:`([^`]+)`", doc)):
                cited.setdefault(label, []).append(f"{module}.{name}")
    assert {k: sorted(v) for k, v in index.items()} == {
        k: sorted(v) for k, v in cited.items()
    }
    chapters = "".join(
        path.read_text() for path in sorted(ROOT.glob("chapters/0*.ipynb"))
    )
    defined = re.findall(r"\$\$ *\((eq-[\w-]+)\)", chapters)
    assert list(index) == [label for label in defined if label in index]
