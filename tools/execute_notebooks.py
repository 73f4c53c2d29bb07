"""Execute chapter notebooks in place and store clean outputs.

Usage: python tools/execute_notebooks.py [NOTEBOOK ...]   (default: every chapter)

The stored outputs are strict nbval's expectations, so they are produced the same way every
time: the notebook's own directory as the working directory, the ``python3`` kernel of the
current environment, no timing metadata, execution counts from 1.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# Images are not committed: nbval does not compare them and the website,
# Binder and Colab execute the chapters anyway. Their text form stays.
IMAGES = ("image/png", "image/jpeg", "image/svg+xml")


def strip_outputs(nb) -> None:
    """Drop what is not committed: images, animation HTML, widget state."""
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        tags = cell.metadata.get("tags", [])
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            # a widget view carries a fresh model id on every run
            data.pop(WIDGET_VIEW, None)
            for mime in IMAGES:
                data.pop(mime, None)
            if "nbval-ignore-output" in tags:
                data.pop("text/html", None)  # animations: megabytes of frames
    nb.metadata.pop("widgets", None)


def execute(path: Path) -> float:
    nb = nbformat.read(path, as_version=4)
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    start = time.perf_counter()
    client = NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        record_timing=False,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    seconds = time.perf_counter() - start
    strip_outputs(nb)
    nbformat.write(nb, path)
    return seconds


def main(argv: list[str]) -> int:
    paths = [Path(p) for p in argv] or sorted(
        (ROOT / "chapters").glob("*.ipynb")
    )
    for path in paths:
        seconds = execute(path.resolve())
        print(f"{path}: executed in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
