"""Interactive explorers for Jupyter (ipywidgets), one submodule per chapter topic.

Widgets need a running kernel: on the website each one has a static companion (a figure or
an animation) in its chapter. ipywidgets is imported by the submodules only, so the rest of
the library works without it.
"""
