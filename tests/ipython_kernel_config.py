# The kernels of strict nbval (make test-chapters, make test-compat): nbval
# compares a chapter's text and skips its images, so these kernels draw no
# figure to PNG (the website's build draws and checks them); and they keep
# no history. Make copies this file into the IPython profile of those runs.
c = get_config()  # noqa: F821
c.DisplayFormatter.active_types = [
    "text/plain",
    "text/html",
    "text/markdown",
    "text/latex",
    "application/json",
    "application/javascript",
]
c.HistoryManager.enabled = False
