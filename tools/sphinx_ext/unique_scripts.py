"""Keep each inline script once per page.

Sphinx 7 adds a script twice when an extension registers one with ``app.add_js_file(None,
body=...)`` after the HTML builder has started (fixed in Sphinx 8, sphinx-doc/sphinx#13402).
sphinx-thebe does exactly that, and the second copy of its ``const THEBE_JS_URL = ...`` is a
JavaScript error on every page. This extension drops repeated scripts before the pages are
written.
"""


def _key(script):
    return (script.filename or "", tuple(sorted(script.attributes.items())))


def _drop_repeats(app, env, docnames):
    scripts = getattr(app.builder, "_js_files", None)
    if scripts is None:
        return
    seen, unique = set(), []
    for script in scripts:
        if _key(script) not in seen:
            seen.add(_key(script))
            unique.append(script)
    scripts[:] = unique


def setup(app):
    # after sphinx-thebe's handler of the same event (priority 500)
    app.connect("env-before-read-docs", _drop_repeats, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
