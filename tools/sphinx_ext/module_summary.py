"""``.. module-summary:: mlcourse.x``: autosummary's table of ``__all__``.

Hand-written because autosummary takes its names only from the page.
"""

import importlib

from docutils.statemachine import StringList
from sphinx.ext.autosummary import Autosummary


class ModuleSummary(Autosummary):
    required_arguments, has_content, option_spec = 1, False, {}

    def run(self):
        module, self.arguments = self.arguments[0], []
        names, self.options = importlib.import_module(module).__all__, {}
        self.content = StringList([f"~{module}.{n}" for n in names])
        self.options["nosignatures"] = True
        return super().run()


def setup(app):
    app.setup_extension("sphinx.ext.autosummary")  # its table's nodes
    app.add_directive("module-summary", ModuleSummary)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
