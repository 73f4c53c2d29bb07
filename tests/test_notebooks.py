"""Hygiene of every chapter notebook: fresh, complete, clean outputs and the book's conventions.

Each check is parametrized by notebook, so a failure names the notebook (and the cell).
Strict nbval (``make test-notebooks``) checks that re-execution reproduces the outputs; these
tests check what nbval cannot: that the stored outputs are fresh, clean and complete.
"""

from __future__ import annotations

import ast
import json
import re
import warnings
from pathlib import Path

import nbformat
import pytest
import set_repository
import yaml

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
INTRO = CHAPTERS / "00_introduction.ipynb"
NOTEBOOKS = sorted(p for p in CHAPTERS.glob("*.ipynb"))
IGNORE_OUTPUT = "nbval-ignore-output"

notebooks = pytest.mark.parametrize(
    "path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS]
)

# Text in an output that betrays the machine or the moment it was run on.
MEMORY_ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]+")
MACHINE_PATHS = ("/work/", "/tmp/", "/root/", "/home/", "site-packages")
TIMING = re.compile(
    r"Wall time|CPU times|\bper loop\b|\bloops?, best of\b|\belapsed\b|"
    r"\b\d+(?:\.\d+)?\s?(?:ms|µs|μs|us|ns|sec|secs|seconds)\b",
    re.IGNORECASE,
)
# Embedded images (data URIs, long base64 runs) are not text and must not be scanned.
EMBEDDED = re.compile(
    r"data:[\w/+.-]+;base64,[A-Za-z0-9+/=\s]*|[A-Za-z0-9+/=]{200,}"
)
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
IMAGE_MIMES = ("image/png", "image/jpeg", "image/svg+xml", "image/gif")


def _load(path: Path):
    return nbformat.read(path, as_version=4)


def _source(cell) -> str:
    return (
        cell.source if isinstance(cell.source, str) else "".join(cell.source)
    )


def _tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def _code_cells(nb):
    return [
        (index, cell)
        for index, cell in enumerate(nb.cells)
        if cell.cell_type == "code"
    ]


def _where(index: int, cell) -> str:
    first = _source(cell).strip().splitlines()[:1]
    return f"cell {index} ({first[0][:60]!r})" if first else f"cell {index}"


def _output_texts(output):
    """The text an output shows: streams, tracebacks and every text-like MIME type."""
    if output.output_type == "stream":
        yield output.get("name", "stream"), output.get("text", "")
    elif output.output_type == "error":
        yield (
            "error",
            "\n".join(output.get("traceback", [])) + output.get("evalue", ""),
        )
    else:
        for mime, value in output.get("data", {}).items():
            if mime.startswith("text/") or mime in (
                "application/javascript",
                "application/json",
            ):
                text = (
                    value
                    if isinstance(value, str)
                    else json.dumps(value)
                    if not isinstance(value, list)
                    else "".join(value)
                )
                yield mime, EMBEDDED.sub("", text)


def _config():
    return yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- the list itself


def test_the_introduction_is_checked():
    """The parametrized tests below would pass vacuously over an empty chapter list."""
    assert INTRO.exists(), "chapters/00_introduction.ipynb is missing"
    assert INTRO in NOTEBOOKS


# --------------------------------------------------------------------------- format


@notebooks
def test_valid_nbformat(path):
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw.get("nbformat") == 4, (
        f"{path.name}: nbformat {raw.get('nbformat')}, expected 4"
    )
    nbformat.validate(
        nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    )


@notebooks
def test_kernelspec_is_python3(path):
    kernelspec = _load(path).metadata.get("kernelspec", {})
    assert kernelspec.get("name") == "python3", (
        f"{path.name}: kernelspec {kernelspec!r}"
    )
    assert kernelspec.get("language") == "python"


@notebooks
def test_no_widget_state_saved(path):
    assert "widgets" not in _load(path).metadata, (
        f"{path.name}: metadata.widgets holds saved widget state; clear it (the website shows static companions)"
    )


# --------------------------------------------------------------------------- fresh, complete run


@notebooks
def test_every_code_cell_executed_in_order(path):
    cells = _code_cells(_load(path))
    assert cells, f"{path.name} has no code cell"
    counts = [cell.get("execution_count") for _, cell in cells]
    missing = [
        _where(i, c) for i, c in cells if c.get("execution_count") is None
    ]
    assert not missing, f"{path.name}: code cells never executed: {missing}"
    assert counts == list(range(1, len(cells) + 1)), (
        f"{path.name}: execution counts {counts} are not 1..{len(cells)}: "
        "re-run the notebook from a fresh kernel with tools/execute_notebooks.py"
    )
    for index, cell in cells:
        for output in cell.outputs:
            if output.output_type == "execute_result":
                assert output.get("execution_count") == cell.execution_count, (
                    f"{path.name}: {_where(index, cell)} has a result from another run"
                )


@notebooks
def test_outputs_are_stored(path):
    n_outputs = sum(len(cell.outputs) for _, cell in _code_cells(_load(path)))
    assert n_outputs > 0, (
        f"{path.name}: no outputs stored; commit the notebook with its outputs"
    )


@notebooks
def test_no_errors_or_warnings_in_outputs(path):
    problems = []
    for index, cell in _code_cells(_load(path)):
        for output in cell.outputs:
            if output.output_type == "error":
                problems.append(
                    f"{_where(index, cell)}: error output {output.get('ename')}: {output.get('evalue')}"
                )
            elif (
                output.output_type == "stream"
                and output.get("name") == "stderr"
            ):
                text = output.get("text", "")
                if "Warning" in text or "Traceback" in text:
                    problems.append(
                        f"{_where(index, cell)}: stderr shows {text.strip()[:200]!r}"
                    )
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@notebooks
def test_outputs_carry_no_addresses_paths_or_timings(path):
    problems = []
    for index, cell in _code_cells(_load(path)):
        if IGNORE_OUTPUT in _tags(cell):
            continue
        for output in cell.outputs:
            for kind, text in _output_texts(output):
                for match in MEMORY_ADDRESS.finditer(text):
                    problems.append(
                        f"{_where(index, cell)} [{kind}]: memory address {match.group()!r}"
                    )
                for fragment in MACHINE_PATHS:
                    if fragment in text:
                        problems.append(
                            f"{_where(index, cell)} [{kind}]: machine path containing {fragment!r}"
                        )
                for match in TIMING.finditer(text):
                    problems.append(
                        f"{_where(index, cell)} [{kind}]: timing {match.group()!r}"
                    )
    assert not problems, (
        f"{path.name}: outputs that differ between machines or runs (end plot cells with plt.show(), "
        f"or tag the cell {IGNORE_OUTPUT}):\n" + "\n".join(problems)
    )


# --------------------------------------------------------------------------- conventions


def _expected_setup_source() -> str:
    """The set-up cell of CONTRIBUTING.md, with the repository URL of _config.yml."""
    text = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    match = re.search(
        r"```python\n([ \t]*# Set-up for Colab.*?)\n[ \t]*```", text, re.DOTALL
    )
    assert match, "CONTRIBUTING.md no longer shows the set-up cell"
    lines = match.group(1).rstrip("\n").splitlines()
    indent = min(
        len(line) - len(line.lstrip()) for line in lines if line.strip()
    )
    source = "\n".join(line[indent:] for line in lines)
    return re.sub(
        r"mlcourse @ git\+https?://[^\"'\s]+",
        set_repository.setup_requirement(),
        source,
    )


@notebooks
def test_first_cell_is_the_colab_setup(path):
    nb = _load(path)
    first = nb.cells[0]
    assert first.cell_type == "code", (
        f"{path.name}: the first cell must be the set-up code cell"
    )
    tags = _tags(first)
    assert "remove-cell" in tags and "colab-setup" in tags, (
        f"{path.name}: set-up cell tags are {tags}"
    )
    requirement = set_repository.setup_requirement()
    source = _source(first).rstrip("\n")
    assert f'"{requirement}"' in source, (
        f"{path.name}: the set-up cell does not install {requirement} "
        "(run make set-repository)"
    )
    assert source == _expected_setup_source(), (
        f"{path.name}: the set-up cell differs from CONTRIBUTING.md:\n{source}"
    )


def _toc_files(node) -> list[str]:
    found = []
    if isinstance(node, dict):
        for key in ("root", "file"):
            if isinstance(node.get(key), str):
                found.append(node[key])
        for value in node.values():
            if isinstance(value, (dict, list)):
                found.extend(_toc_files(value))
    elif isinstance(node, list):
        for item in node:
            found.extend(_toc_files(item))
    return found


def _resolve(entry: str) -> Path | None:
    path = ROOT / entry
    if path.suffix in (".ipynb", ".md", ".rst") and path.exists():
        return path
    for suffix in (".ipynb", ".md", ".rst"):
        if path.with_name(path.name + suffix).exists():
            return path.with_name(path.name + suffix)
    return None


def _toc():
    return yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))


def test_every_toc_entry_exists():
    entries = _toc_files(_toc())
    assert entries, "_toc.yml lists no page"
    missing = [entry for entry in entries if _resolve(entry) is None]
    assert not missing, f"_toc.yml lists pages that do not exist: {missing}"
    duplicates = sorted({e for e in entries if entries.count(e) > 1})
    assert not duplicates, f"_toc.yml lists pages twice: {duplicates}"


def _chapter_pages():
    pages = list(CHAPTERS.rglob("*.ipynb")) + list(CHAPTERS.rglob("*.md"))
    return sorted(p for p in pages if ".ipynb_checkpoints" not in p.parts)


def test_every_chapter_page_is_in_the_toc():
    listed = {_resolve(entry) for entry in _toc_files(_toc())}
    unlisted = [
        str(p.relative_to(ROOT)) for p in _chapter_pages() if p not in listed
    ]
    assert not unlisted, (
        f"pages under chapters/ missing from _toc.yml: {unlisted}"
    )


@notebooks
def test_notebook_is_in_the_toc(path):
    listed = {_resolve(entry) for entry in _toc_files(_toc())}
    assert path in listed, f"{path.name} is not listed in _toc.yml"


def _parse(source: str):
    code = "\n".join(
        line
        for line in source.splitlines()
        if not line.lstrip().startswith(("%", "!"))
    )
    try:
        with (
            warnings.catch_warnings()
        ):  # a notebook's own invalid escapes are not this test's business
            warnings.simplefilter("ignore")
            return ast.parse(code)
    except SyntaxError:
        return None


def _widget_names(nb) -> set[str]:
    """Names bound from mlcourse.widgets anywhere in the notebook (functions and modules)."""
    names = set()
    for _, cell in _code_cells(nb):
        tree = _parse(_source(cell))
        for node in ast.walk(tree) if tree else ():
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module == "mlcourse.widgets" or node.module.startswith(
                    "mlcourse.widgets."
                ):
                    names.update(
                        alias.asname or alias.name for alias in node.names
                    )
                elif node.module == "mlcourse":
                    names.update(
                        alias.asname or alias.name
                        for alias in node.names
                        if alias.name == "widgets"
                    )
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("mlcourse.widgets"):
                        names.add(alias.asname or "mlcourse")
    return names


def _root_name(node):
    while isinstance(node, (ast.Attribute, ast.Call)):
        node = node.value if isinstance(node, ast.Attribute) else node.func
    return node.id if isinstance(node, ast.Name) else None


def _displays_widget(cell, names: set[str]) -> bool:
    if any(WIDGET_MIME in output.get("data", {}) for output in cell.outputs):
        return True
    source = _source(cell)
    if "mlcourse.widgets" not in source and not any(
        re.search(rf"\b{re.escape(n)}\b", source) for n in names
    ):
        return False
    tree = _parse(source)
    if tree is None:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id == "display":
                return True
    if (
        tree.body
        and isinstance(tree.body[-1], ast.Expr)
        and not source.rstrip().endswith(";")
    ):
        return _root_name(tree.body[-1].value) in names
    return False


@notebooks
def test_widget_cells_are_tagged(path):
    nb = _load(path)
    names = _widget_names(nb)
    problems = []
    for index, cell in _code_cells(nb):
        if _displays_widget(cell, names):
            missing = {IGNORE_OUTPUT, "remove-output"} - set(_tags(cell))
            if missing:
                problems.append(
                    f"{_where(index, cell)} displays a widget but lacks tags {sorted(missing)}"
                )
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@notebooks
def test_exercise_stubs_are_followed_by_a_solution(path):
    nb = _load(path)
    problems = []
    for index, cell in enumerate(nb.cells):
        if "exercise-stub" not in _tags(cell):
            continue
        later = nb.cells[index + 1 :]
        if not any(
            c.cell_type == "markdown" and "{solution-start}" in _source(c)
            for c in later
        ):
            problems.append(
                f"{_where(index, cell)} is an exercise stub with no solution-start cell after it"
            )
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


@notebooks
def test_figures_have_a_caption_or_alt_text(path):
    problems = []
    for index, cell in _code_cells(_load(path)):
        if not any(
            mime in output.get("data", {})
            for output in cell.outputs
            for mime in IMAGE_MIMES
        ):
            continue
        mystnb = cell.metadata.get("mystnb", {})
        caption = mystnb.get("figure", {}).get("caption")
        alt = mystnb.get("image", {}).get("alt")
        if not (caption or alt):
            problems.append(
                f"{_where(index, cell)} shows an image without mystnb.figure.caption or mystnb.image.alt"
            )
    assert not problems, f"{path.name}:\n" + "\n".join(problems)


# --------------------------------------------------------------------------- the checks catch what they should


def test_detectors_on_made_up_cells():
    from nbformat.v4 import new_code_cell, new_notebook, new_output

    widget = new_code_cell(
        "from mlcourse.widgets.perceptron import explorer\nexplorer(X, y)"
    )
    hidden = new_code_cell(
        "from mlcourse.widgets.perceptron import explorer\nw = explorer(X, y);"
    )
    plain = new_code_cell("print(1)")
    mime = new_code_cell(
        "anything()",
        outputs=[new_output("display_data", data={WIDGET_MIME: {}})],
    )
    nb = new_notebook(cells=[widget, hidden, plain, mime])
    names = _widget_names(nb)
    assert names == {"explorer"}
    assert _displays_widget(widget, names) and _displays_widget(mime, names)
    assert not _displays_widget(hidden, names) and not _displays_widget(
        plain, names
    )

    leaky = [
        new_output(
            "stream",
            name="stdout",
            text="<matplotlib.lines.Line2D at 0x7f3a2c1d0e50>\n",
        ),
        new_output(
            "execute_result",
            data={"text/plain": "'/home/student/data.csv'"},
            execution_count=1,
        ),
        new_output("stream", name="stdout", text="Wall time: 1.2 s\n"),
        new_output("stream", name="stdout", text="fitted in 35 ms\n"),
    ]
    texts = [text for output in leaky for _, text in _output_texts(output)]
    assert MEMORY_ADDRESS.search(texts[0])
    assert any(fragment in texts[1] for fragment in MACHINE_PATHS)
    assert TIMING.search(texts[2]) and TIMING.search(texts[3])
    clean = (
        "slope = 1.162, intercept = 1.108, R^2 = 0.92, 3 mistakes in 5 passes"
    )
    assert not TIMING.search(clean) and not MEMORY_ADDRESS.search(clean)
    image = new_output(
        "display_data",
        data={
            "text/html": '<img src="data:image/png;base64,'
            + "A/tmp/ms" * 50
            + '">'
        },
    )
    assert all("/tmp/" not in text for _, text in _output_texts(image))


def test_expected_setup_cell_uses_the_configured_url():
    source = _expected_setup_source()
    assert source.startswith("# Set-up for Colab")
    url = _config()["repository"]["url"]
    version = set_repository.version()
    assert f'%pip install --quiet "mlcourse @ git+{url}@v{version}"' in source


# --------------------------------------------------------------------------- small diffs

LONGEST_LINE = 1000  # characters of a stored line; an embedded image is more


@notebooks
def test_no_images_are_committed(path):
    """nbval does not compare images and every reader's copy re-executes."""
    found = [
        f"{_where(index, cell)}: {mime}"
        for index, cell in _code_cells(_load(path))
        for output in cell.outputs
        for mime in (*IMAGE_MIMES, WIDGET_MIME)
        if mime in output.get("data", {})
    ]
    assert not found, (
        f"{path.name} stores images; store outputs with "
        "tools/execute_notebooks.py, which strips them:\n" + "\n".join(found)
    )


@notebooks
def test_a_one_line_change_makes_a_small_diff(path):
    """The file is in nbformat's own layout, with short lines: a tool that
    rewrites it changes only what changed, and a changed line is short."""
    import difflib

    text = path.read_text(encoding="utf-8")
    assert nbformat.writes(_load(path)) + "\n" == text, (
        f"{path.name} is not in nbformat's layout: store it with "
        "tools/execute_notebooks.py (or nbformat.write)"
    )
    long = [
        number
        for number, line in enumerate(text.splitlines(), 1)
        if len(line) > LONGEST_LINE
    ]
    assert not long, f"{path.name}: lines {long[:5]} are over {LONGEST_LINE}"
    nb = _load(path)
    cell = next(c for c in nb.cells if c.cell_type == "markdown")
    cell.source += "\nOne more line."
    changed = nbformat.writes(nb) + "\n"
    diff = "".join(
        difflib.unified_diff(
            text.splitlines(keepends=True), changed.splitlines(keepends=True)
        )
    )
    assert 0 < len(diff) < 2000, f"{path.name}: {len(diff)} bytes of diff"
