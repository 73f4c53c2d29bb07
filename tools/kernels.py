"""Run a notebook in a kernel with nbclient, without stalls.

Every tool and test that executes a notebook with nbclient goes through
:func:`run_notebook` (or :func:`notebook_client`): the execution of the book
(``tools/execute_notebooks.py``), the student notebooks, the compatibility
run.

Why a kernel client of our own. nbclient waits for the kernel's replies on
pyzmq's asyncio sockets, which wake the event loop through an
edge-triggered file descriptor. Now and then the wake-up for a reply that
has already arrived is lost, and the wait lasts its whole time-out, then
finds the reply and goes on as if nothing happened: under pytest-xdist a
student notebook sat idle for the 300 s of its time-out. Measured with a
three-cell notebook (a slider, an ``interact``, a print) run 93 times in
two parallel loops with a 20 s time-out: 3 runs took 20 s more than the
usual 2 s, always waiting for the reply of the ``interact`` cell whose
output had already arrived in full. Here each wait is cut into slices of
0.2 s, and each slice ends with a plain zero-time poll of the socket, which
sees the waiting reply: a lost wake-up costs at most one slice. With it,
the same loops (150 runs each) had no slow cell.

A second, rarer stall: kernels started in parallel over TCP. jupyter_client
picks free ports, closes them, and the kernel binds them a second later; in
those loops one kernel start in 300 found a port taken ("Address already
in use") and, instead of dying, hung while closing its sockets, so that the
client waited its whole start-up time-out. Kernels here use Unix sockets
(ipc) in Jupyter's runtime folder, see :class:`KernelManager`: no ports.
nbval's kernels use them too (``tools/nbval_ipc.py``), so that two nbval
sessions at once, say ``make chapter`` beside ``make test``, cannot race.

Hand-written because neither nbclient nor jupyter_client lets a waiting
client poll in slices; it is a subclass of each, and nothing else changes.

:func:`run_notebook` also turns a time-out into an error that names the
notebook and the cell, and never waits longer than ``timeout`` per cell.
"""

from __future__ import annotations

import os
import time
import uuid
from pathlib import Path
from queue import Empty

import ipykernel.kernelspec
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_client.channels import AsyncZMQSocketChannel
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from jupyter_core.paths import jupyter_runtime_dir
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError
from traitlets import Type, default
from traitlets.config import LoggingConfigurable

SLICE = 0.2  # seconds: the longest a lost wake-up can delay a message
CELL_TIMEOUT = 60  # seconds: no cell of the book takes more than a few


class SlicedPollChannel(AsyncZMQSocketChannel):
    """A channel whose waits end every ``SLICE`` with a real poll."""

    async def get_msg(self, timeout: float | None = None) -> dict:
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = SLICE
            if deadline is not None:
                left = min(SLICE, max(0.0, deadline - time.monotonic()))
            if await self.socket.poll(int(left * 1000)):
                return await self._recv()
            if deadline is not None and time.monotonic() >= deadline:
                raise Empty


class KernelClient(AsyncKernelClient):
    shell_channel_class = Type(SlicedPollChannel)
    iopub_channel_class = Type(SlicedPollChannel)
    stdin_channel_class = Type(SlicedPollChannel)
    control_channel_class = Type(SlicedPollChannel)


class CurrentEnvironmentKernels(KernelSpecManager):
    """``python3`` is the interpreter running this code (as nbval's
    ``--nbval-current-env``), whatever kernels a user has installed."""

    def get_kernel_spec(self, kernel_name: str):
        if kernel_name == "python3":
            return self.kernel_spec_class(
                resource_dir=ipykernel.kernelspec.RESOURCES,
                **ipykernel.kernelspec.get_kernel_dict(),
            )
        return super().get_kernel_spec(kernel_name)


class UnixSockets(LoggingConfigurable):
    """Kernels on Unix sockets (a mix-in for jupyter_client's managers).

    ipc instead of TCP: no port is picked by one process and bound later by
    another (a race between kernels started in parallel that jupyter_client
    guards against only within one process), and no warning about
    unencrypted TCP on every kernel's stderr. The sockets live in Jupyter's
    runtime folder and are removed with the kernel.
    """

    @default("transport")
    def _transport_default(self) -> str:
        return "ipc" if os.name == "posix" else "tcp"

    @default("ip")
    def _ip_default(self) -> str:
        if self.transport != "ipc":
            return super()._ip_default()
        runtime = Path(jupyter_runtime_dir())
        runtime.mkdir(parents=True, exist_ok=True)
        return str(runtime / f"mlcourse-{uuid.uuid4().hex[:12]}-ipc")


class KernelManager(UnixSockets, AsyncKernelManager):
    """A kernel on Unix sockets, with the client above."""

    @default("kernel_spec_manager")
    def _kernel_spec_manager_default(self) -> KernelSpecManager:
        return CurrentEnvironmentKernels(data_dir=self.data_dir)

    @default("client_factory")
    def _client_factory_default(self) -> type:
        return KernelClient


class NotebookTimeout(RuntimeError):
    """A cell ran longer than its time-out."""


def notebook_client(
    nb, cwd: Path, *, timeout: int = CELL_TIMEOUT, **options
) -> NotebookClient:
    """An nbclient client for ``nb`` that runs in ``cwd`` with our kernels.

    No timing metadata, the ``python3`` kernel of the current environment,
    the kernel killed at the end (nothing of it is kept), and an output
    that is late after the reply is an error rather than silently lost.
    """
    settings = dict(
        timeout=timeout,
        kernel_name="python3",
        kernel_manager_class=KernelManager,
        record_timing=False,
        shutdown_kernel="immediate",
        iopub_timeout=10,
        raise_on_iopub_timeout=True,
        resources={"metadata": {"path": str(cwd)}},
    )
    settings.update(options)
    return NotebookClient(nb, **settings)


def run_notebook(
    nb, cwd: Path, *, name: str, timeout: int = CELL_TIMEOUT, **options
):
    """Execute ``nb`` in place; a cell over ``timeout`` seconds fails.

    The error names the notebook (``name``) and the cell, and the cell's
    first line, so that a stall is found without reading a log.
    """
    current = {"index": None}

    async def on_cell_start(cell, cell_index):
        current["index"] = cell_index

    client = notebook_client(
        nb, cwd, timeout=timeout, on_cell_start=on_cell_start, **options
    )
    try:
        client.execute()
    except CellTimeoutError as error:
        index = current["index"]
        first = nb.cells[index].source.strip().splitlines()[:1]
        raise NotebookTimeout(
            f"{name}: cell {index} ({first[0][:60] if first else ''!r}) "
            f"ran longer than {timeout} s; it should take a few seconds"
        ) from error
    return nb
