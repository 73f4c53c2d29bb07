"""Run a notebook with nbclient, in its folder, failing on a slow cell.

Hand-written because nbclient's time-out error names neither the notebook
nor the cell; everything else is nbclient's and jupyter_client's own
options: the kernel of the running interpreter (``JUPYTER_PREFER_ENV_PATH``
puts this environment's ``python3`` before a user's), its sockets in
Jupyter's runtime folder (``transport="ipc"``: no TCP port for two kernels
started at once to race for), no timing metadata, the kernel killed at the
end. A reply whose wake-up the client loses is read at the cell's time-out
(nbclient's last poll): it costs time, never a wrong result.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path

from jupyter_core.paths import jupyter_runtime_dir
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError
from traitlets.config import Config

CELL_TIMEOUT = 30  # seconds, as the book build; the longest cell takes 5
os.environ["JUPYTER_PREFER_ENV_PATH"] = "1"


class NotebookTimeout(RuntimeError):
    """A cell ran longer than its time-out."""


def unix_sockets() -> Config:
    """jupyter_client's settings for a kernel on Unix sockets of its own."""
    if os.name != "posix":
        return Config()
    runtime = Path(jupyter_runtime_dir())
    runtime.mkdir(parents=True, exist_ok=True)
    socket = runtime / f"mlcourse-{uuid.uuid4().hex[:12]}"
    return Config({"KernelManager": {"transport": "ipc", "ip": str(socket)}})


def run_notebook(nb, cwd: Path, *, name: str, timeout: int = CELL_TIMEOUT):
    """Execute ``nb`` in place in ``cwd``; a cell over ``timeout`` s fails.

    The error names the notebook (``name``), the cell and its first line.
    """
    current = {"index": None}

    async def on_cell_start(cell, cell_index):
        current["index"] = cell_index

    client = NotebookClient(
        nb,
        config=unix_sockets(),
        kernel_name="python3",
        timeout=timeout,
        record_timing=False,
        shutdown_kernel="immediate",
        iopub_timeout=10,
        raise_on_iopub_timeout=True,
        on_cell_start=on_cell_start,
        resources={"metadata": {"path": str(cwd)}},
    )
    try:
        client.execute()
    except CellTimeoutError as error:
        index = current["index"]
        first = (nb.cells[index].source.strip().splitlines() or [""])[0]
        raise NotebookTimeout(
            f"{name}: cell {index} ({first[:60]!r}) ran longer than "
            f"{timeout} s; it should take a few seconds"
        ) from error
    return nb
