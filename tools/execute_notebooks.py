"""Execute chapters and store their text outputs in place (``make notebooks``).

Usage: python tools/execute_notebooks.py [NOTEBOOK ...]   (default: all)

The stored outputs are strict nbval's expectations, made the same way each
time: the notebook's folder as working directory, the current environment's
``python3`` kernel, counts from 1, streams merged, no images, widget state or
animation frames (nbval does not compare them; the website executes anyway).
Hand-written because nbconvert's ``--execute`` keeps every image and cannot
drop some outputs of a cell while keeping the others.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kernels  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DROPPED = ("image/png", "image/jpeg", "image/svg+xml", "image/gif")
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"  # a fresh id a run
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python"}


def strip_outputs(nb) -> None:
    """Drop what is not committed: images, animation HTML, widget state."""
    nb.metadata.pop("widgets", None)
    nb.metadata["kernelspec"] = {**KERNELSPEC, "name": "python3"}
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        ignored = "nbval-ignore-output" in cell.metadata.get("tags", [])
        for output in cell.outputs:
            for mime in (*DROPPED, WIDGET_VIEW):
                output.get("data", {}).pop(mime, None)
                output.get("metadata", {}).pop(mime, None)
            if ignored:  # an animation: megabytes of frames
                output.get("data", {}).pop("text/html", None)
        cell.outputs = merge_streams(cell.outputs)


def merge_streams(outputs: list) -> list:
    """Join consecutive chunks of one stream, however the kernel split it."""
    merged = []
    for output in outputs:
        last = merged[-1] if merged else {}
        if output.get("output_type") == last.get("output_type") == "stream":
            if output.get("name") == last.get("name"):
                last["text"] += output["text"]
                continue
        merged.append(output)
    return merged


def store(path: Path) -> float:
    """Execute ``path`` and store its text outputs in it; return seconds."""
    start = time.perf_counter()
    path = Path(path).resolve()
    nb = nbformat.read(path, as_version=4)
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    kernels.run_notebook(nb, path.parent, name=str(name))
    strip_outputs(nb)
    nbformat.write(nb, path)
    return time.perf_counter() - start


if __name__ == "__main__":
    paths = sys.argv[1:] or sorted((ROOT / "chapters").glob("*.ipynb"))
    for path in paths:
        print(f"{path}: executed in {store(Path(path)):.1f} s")
