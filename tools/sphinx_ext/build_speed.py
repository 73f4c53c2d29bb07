"""Sphinx reads each page's doctree back many times; at Python's default
thresholds the garbage collector walks its millions of nodes on each read:
a third of the build. Hand-written: Sphinx has no option for the process."""

import gc


def setup(app):
    gc.set_threshold(100_000, 50, 100)  # objects allocated between passes
    return {"parallel_read_safe": True, "parallel_write_safe": True}
