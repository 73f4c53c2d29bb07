"""The tools that execute notebooks: time-outs that name the cell, stored
outputs without what is not committed, one chapter's tests."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import chapter_tests
import execute_notebooks
import kernels
import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

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


def test_kernels_run_here_in_the_notebook_folder_on_unix_sockets(tmp_path):
    nb = new_notebook(
        cells=[
            new_code_cell("import os, sys\nprint(os.getcwd())\nsys.prefix"),
            new_code_cell(
                "import json, ipykernel\n"
                "json.load(open(ipykernel.get_connection_file()))['transport']"
            ),
        ]
    )
    kernels.run_notebook(nb, tmp_path, name="where.ipynb")
    assert nb.cells[0].outputs[0]["text"].strip() == str(tmp_path)
    prefix = nb.cells[0].outputs[1]["data"]["text/plain"].strip("'")
    assert Path(prefix) == Path(__import__("sys").prefix)
    assert nb.cells[1].outputs[0]["data"]["text/plain"] == "'ipc'"


def test_stored_outputs_keep_text_and_drop_images_and_widget_ids():
    figure = new_output(
        "display_data",
        data={"image/png": "iVBOR", "text/plain": "<Figure size 6x4>"},
        metadata={"image/png": {"width": 600}},
    )
    widget = new_output(
        "display_data",
        data={
            "application/vnd.jupyter.widget-view+json": {"model_id": "1a"},
            "text/plain": "IntSlider(value=3)",
        },
    )
    animation = new_output(
        "display_data", data={"text/html": "<div>frames</div>"}
    )
    nb = new_notebook(
        cells=[
            new_code_cell(
                "plot()",
                outputs=[
                    new_output("stream", name="stdout", text="a"),
                    new_output("stream", name="stdout", text="b\n"),
                    figure,
                    widget,
                ],
            ),
            new_code_cell(
                "animate()",
                outputs=[animation],
                metadata={"tags": ["nbval-ignore-output"]},
            ),
        ]
    )
    nb.metadata["widgets"] = {"state": {}}
    execute_notebooks.strip_outputs(nb)
    first, second = nb.cells
    assert [o.get("text") for o in first.outputs][0] == "ab\n"
    assert first.outputs[1]["data"] == {"text/plain": "<Figure size 6x4>"}
    assert first.outputs[1]["metadata"] == {}
    assert first.outputs[2]["data"] == {"text/plain": "IntSlider(value=3)"}
    assert second.outputs[0]["data"] == {}
    assert "widgets" not in nb.metadata
    assert nb.metadata["kernelspec"]["name"] == "python3"
    nbformat.validate(nb)


@pytest.mark.parametrize(
    "number,notebook,library",
    [
        ("4", "04_perceptron", "test_perceptron.py"),
        ("06", "06_voted_averaged_perceptron", "test_perceptron_variants.py"),
    ],
)
def test_one_chapter_selects_its_notebook_and_its_tests(
    number, notebook, library
):
    args = chapter_tests.arguments(number)
    assert args[:2] == [f"chapters/{notebook}.ipynb", "tests"]
    selection = args[args.index("-k") + 1].split(" or ")
    assert notebook in selection and library in selection
    assert "test_datasets.py" not in selection
    assert "test_plotting.py" not in selection
    with pytest.raises(SystemExit):
        chapter_tests.chapter("99")


def collected(selection: str) -> set[str]:
    """The ids of the checker tests that ``-k selection`` selects."""
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"]
        + ["--collect-only", "-q", "-k", selection]
        + ["tests/test_exercises_chapters.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return {line for line in result.stdout.splitlines() if "::" in line}


def test_checker_tests_answer_to_their_chapter():
    """``make chapter CH=04`` selects chapter 4's checkers by ``-k``."""
    chapter4, chapter1 = collected("04_perceptron"), collected("01_linear")
    assert any("ex-pc-" in test for test in chapter4), chapter4
    assert any("ex-lr-" in test for test in chapter1), chapter1
    assert not chapter4 & chapter1
