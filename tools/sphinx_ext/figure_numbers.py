"""Each page outside the numbered chapters numbers its figures from 1.

Sphinx counts the figures of every unnumbered page in one sequence, so the
benchmarks page began at "Fig. 2", after the introduction's figure.
Hand-written because no Sphinx option restarts the count per page.
"""


def restart(app, env):
    """Renumber each unnumbered page's figures (and tables) 1, 2, ..."""
    renumbered = []
    for docname, kinds in env.toc_fignumbers.items():
        if env.toc_secnumbers.get(docname):
            continue  # a chapter: "Fig. 4.2" already says whose
        for figtype, numbers in kinds.items():
            order = sorted(numbers, key=numbers.get)
            kinds[figtype] = {key: (n,) for n, key in enumerate(order, 1)}
        renumbered.append(docname)
    return renumbered


def setup(app):
    # after Sphinx's own numbering, which runs at the default priority 500
    app.connect("env-get-updated", restart, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
