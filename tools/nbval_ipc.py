"""A pytest plugin: nbval's kernels listen on Unix sockets, not TCP ports.

Load it with ``-p nbval_ipc`` (the Makefile's nbval options do). nbval
starts each kernel with jupyter_client's ``KernelManager`` over TCP, whose
ports are picked by one process and bound later by another: two sessions
at once (``make chapter`` beside ``make test``, or two chapters) can race
for a port and leave a kernel hung until nbval's start-up time-out. Here
nbval's manager gets the same Unix sockets as every other notebook run
(``kernels.UnixSockets``). Hand-written because nbval has no option for
the transport.
"""

from __future__ import annotations

import jupyter_client
import kernels
import nbval.kernel


class KernelManager(kernels.UnixSockets, jupyter_client.KernelManager):
    """jupyter_client's blocking manager, on Unix sockets."""


nbval.kernel.KernelManager = KernelManager
