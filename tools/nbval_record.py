"""A pytest plugin that keeps the notebooks strict nbval executes.

Load it with ``-p nbval_record --nbval-record DIR``: every notebook that
nbval ran to the end without an error is written to ``DIR/<name>.ipynb`` with
the outputs of that run, images included. The book build then takes its
outputs from these files (``tools/execute_notebooks.py --cache``) instead of
executing every chapter a second time.

Hand-written because nbval cannot save what it executes; it is a few lines
on nbval's own test items (each keeps its cell and the outputs it received).
"""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat
import pytest

_RUNS: dict[Path, dict] = {}


def pytest_addoption(parser):
    parser.addoption(
        "--nbval-record",
        metavar="DIR",
        default=None,
        help="write each notebook nbval executed, with its outputs, to DIR",
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    yield
    if call.when != "call" or not item.config.getoption("nbval_record"):
        return
    notebook = getattr(item.parent, "nb", None)
    outputs = getattr(item, "test_outputs", None)
    if notebook is None or not hasattr(item, "cell"):
        return
    run = _RUNS.setdefault(
        Path(str(item.parent.fspath)), {"nb": notebook, "outputs": {}}
    )
    index = next(i for i, c in enumerate(notebook.cells) if c is item.cell)
    run["outputs"][index] = outputs  # None: nbval skipped the cell


def executed_notebook(notebook, outputs: dict):
    """The notebook with the outputs of the run, counts from 1; or None.

    None when a code cell was not reached or ended in an error: such a run
    is not worth keeping (the tests fail anyway, and the build executes the
    notebook again and shows the error).
    """
    nb = copy.deepcopy(notebook)
    count = 0
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        if index not in outputs:
            return None
        cell_outputs = outputs[index]
        if cell_outputs is None:  # nbval-skip
            cell.outputs, cell.execution_count = [], None
            continue
        if any(o.get("output_type") == "error" for o in cell_outputs):
            return None
        count += 1
        cell.execution_count = count
        cell.outputs = [nbformat.from_dict(dict(o)) for o in cell_outputs]
        for output in cell.outputs:
            if output.output_type == "execute_result":
                output.execution_count = count
            if output.output_type in ("execute_result", "display_data"):
                output.setdefault("metadata", {})
    return nb


def pytest_sessionfinish(session):
    folder = session.config.getoption("nbval_record")
    if not folder:
        return
    for path, run in sorted(_RUNS.items()):
        nb = executed_notebook(run["nb"], run["outputs"])
        if nb is None:
            continue
        target = Path(folder) / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target)
