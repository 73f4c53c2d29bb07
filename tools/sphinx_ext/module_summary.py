"""``.. module-summary:: mlcourse.x``: a table of a module's public names.

scikit-learn's and numpy's references open each module with such a table,
written with autosummary; this directive fills autosummary's list from the
module's ``__all__``, so that the table cannot drift from the code.
Hand-written because autosummary takes its names only from the page.
"""

import importlib

from docutils.statemachine import StringList
from sphinx.ext.autosummary import Autosummary


class ModuleSummary(Autosummary):
    """Autosummary of ``module.__all__``, in that order, without signatures."""

    required_arguments = 1
    has_content = False
    option_spec = {}

    def run(self):
        module = self.arguments[0]
        names = importlib.import_module(module).__all__
        self.arguments = []
        self.options = {"nosignatures": True}
        self.content = StringList(
            [f"~{module}.{name}" for name in names], source=module
        )
        return super().run()


def setup(app):
    app.setup_extension("sphinx.ext.autosummary")
    app.add_directive("module-summary", ModuleSummary)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
