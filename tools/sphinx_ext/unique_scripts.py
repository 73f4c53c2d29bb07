"""Keep each inline script once per page.

Sphinx 7 adds a script twice when an extension registers one with ``app.add_js_file(None,
body=...)`` after the HTML builder has started (fixed in Sphinx 8, sphinx-doc/sphinx#13402).
sphinx-thebe does exactly that, and the second copy of its ``const THEBE_JS_URL = ...`` is a
JavaScript error on every page. This extension drops repeated scripts from each page as it is
written.
"""


def _key(script):
    return (script.filename or "", tuple(sorted(script.attributes.items())))


def _drop_repeats(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if not scripts:
        return
    seen, unique = set(), []
    for script in scripts:
        if _key(script) not in seen:
            seen.add(_key(script))
            unique.append(script)
    scripts[:] = unique


def setup(app):
    # last, once every extension has added its scripts to the page
    app.connect("html-page-context", _drop_repeats, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
