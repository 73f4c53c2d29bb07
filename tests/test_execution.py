"""The tools that execute notebooks: time-outs that name the cell, kept
runs of strict nbval, fresh runs for the book, one chapter's tests."""

from __future__ import annotations

import os
import time
from pathlib import Path

import chapter_tests
import execute_notebooks
import kernels
import nbformat
import nbval_record
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]


def test_a_slow_cell_fails_fast_naming_the_notebook_and_the_cell(tmp_path):
    nb = new_notebook(
        cells=[
            new_code_cell("x = 1"),
            new_code_cell("import time\ntime.sleep(30)"),
        ]
    )
    start = time.perf_counter()
    with pytest.raises(kernels.NotebookTimeout) as error:
        kernels.run_notebook(nb, tmp_path, name="slow.ipynb", timeout=2)
    assert time.perf_counter() - start < 20
    message = str(error.value)
    assert "slow.ipynb" in message and "cell 1" in message
    assert "'import time'" in message and "2 s" in message


def test_kernels_run_in_the_notebook_folder_over_unix_sockets(tmp_path):
    nb = new_notebook(cells=[new_code_cell("import os\nprint(os.getcwd())")])
    kernels.notebook_client(nb, tmp_path).execute()
    assert nb.cells[0].outputs[0]["text"].strip() == str(tmp_path)
    manager = kernels.KernelManager(kernel_name="python3")
    if os.name == "posix":
        assert manager.transport == "ipc" and manager.ip.endswith("-ipc")
    assert isinstance(manager.client(), kernels.KernelClient)


def test_nbval_runs_become_executed_notebooks():
    nb = new_notebook(
        cells=[
            new_markdown_cell("# Title"),
            new_code_cell("print(1)"),
            new_code_cell("skipped"),
            new_code_cell("2"),
        ]
    )
    stream = nbformat.from_dict(
        {"output_type": "stream", "name": "stdout", "text": "1\n"}
    )
    result = nbformat.from_dict(
        {
            "output_type": "execute_result",
            "data": {"text/plain": "2"},
            "execution_count": 3,
        }
    )
    run = nbval_record.executed_notebook(
        nb, {1: [stream], 2: None, 3: [result]}
    )
    assert [c.get("execution_count") for c in run.cells[1:]] == [1, None, 2]
    assert run.cells[3].outputs[0]["execution_count"] == 2
    nbformat.validate(run)
    assert nb.cells[1].outputs == [], "the collected notebook is not changed"
    error = nbformat.from_dict(
        {"output_type": "error", "ename": "E", "evalue": "", "traceback": []}
    )
    assert nbval_record.executed_notebook(nb, {1: [error], 2: None}) is None
    assert nbval_record.executed_notebook(nb, {1: [stream]}) is None


def test_a_run_is_fresh_only_after_its_notebook_and_the_library(tmp_path):
    source = ROOT / "chapters" / "00_introduction.ipynb"
    run = tmp_path / source.name
    assert not execute_notebooks.is_fresh(run, source)
    run.write_text("{}")
    os.utime(run, (time.time() + 60, time.time() + 60))
    assert execute_notebooks.is_fresh(run, source)
    os.utime(run, (0, 0))
    assert not execute_notebooks.is_fresh(run, source)


def test_one_chapter_runs_its_notebook_and_its_modules_tests():
    args = chapter_tests.arguments("4")
    assert args[0] == "chapters/04_perceptron.ipynb"
    assert "tests/test_perceptron.py" in args
    assert not any("test_datasets" in a or "test_plotting" in a for a in args)
    if "-k" in args:
        assert "04_perceptron" in args[args.index("-k") + 1]
    with pytest.raises(SystemExit):
        chapter_tests.chapter("99")


def test_every_notebook_run_goes_through_the_stall_free_client():
    """nbclient's own client can sit out a whole time-out on a lost
    wake-up (see tools/kernels.py): no test or tool may start one."""
    offenders = [
        path.relative_to(ROOT).as_posix()
        for folder in ("tests", "tools", "bench")
        for path in (ROOT / folder).rglob("*.py")
        if path.name != "kernels.py"
        and "node_modules" not in path.parts
        and "NotebookClient" + "(" in path.read_text(encoding="utf-8")
    ]
    assert offenders == [], (
        f"{offenders} run notebooks with nbclient directly: "
        "use kernels.run_notebook"
    )
