"""Every parameter the reference page shows is explained where it is shown.

A public function or class with parameters has a numpydoc "Parameters"
section that names every parameter of its signature, and every field of a
public result record (a dataclass or a named tuple) is listed under
"Attributes" or has a ``#:`` comment, which autodoc renders beside it.
numpydoc's validator would do this, but the book renders docstrings with
napoleon and does not install numpydoc.
"""

import dataclasses
import importlib
import inspect
import re

import pytest
from sklearn.utils._param_validation import StrOptions

MODULES = [
    "mlcourse.linear_regression",
    "mlcourse.logistic_regression",
    "mlcourse.gradient_descent",
    "mlcourse.perceptron",
    "mlcourse.perceptron_variants",
    "mlcourse.mlp",
    "mlcourse.datasets",
    "mlcourse.plotting",
]
SECTION = r"^(?:{})\n-+\n(.*?)(?=^\S[^\n]*\n-+\n|\Z)"
ENTRY = re.compile(r"^(\*{0,2}[A-Za-z_][\w, *]*?)(?:\s:|$)")
SKIPPED = {"self", "args", "kwargs"}


def public(kind):
    """Every public name of the given kind, as pytest parameters."""
    found = []
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            obj = getattr(module, name)
            if kind(obj):
                found.append(pytest.param(obj, id=f"{module_name}.{name}"))
    return found


def is_record(obj):
    return inspect.isclass(obj) and (
        dataclasses.is_dataclass(obj) or hasattr(obj, "_fields")
    )


def documented_parameters(doc, sections="Parameters|Other Parameters"):
    """The names listed in a docstring's numpydoc sections of that kind."""
    names = set()
    pattern = re.compile(SECTION.format(sections), re.S | re.M)
    for section in pattern.finditer(inspect.cleandoc(doc or "")):
        for line in section.group(1).splitlines():
            match = ENTRY.match(line)
            if match:
                names.update(
                    part.strip().lstrip("*")
                    for part in match.group(1).split(",")
                )
    return names


def record_fields(cls):
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    return list(cls._fields)


def commented_fields(cls):
    """Fields of a record class preceded by a ``#:`` comment."""
    lines = inspect.getsource(cls).splitlines()
    names = set()
    for above, line in zip(lines, lines[1:]):
        match = re.match(r"\s+(\w+):", line)
        if match and above.strip().startswith("#:"):
            names.add(match.group(1))
    return names


def is_documented_callable(obj):
    """Functions and classes, less records and warnings (their own kind)."""
    warning = inspect.isclass(obj) and issubclass(obj, BaseException)
    return callable(obj) and not is_record(obj) and not warning


@pytest.mark.parametrize("obj", public(is_documented_callable))
def test_parameters_section_names_every_parameter(obj):
    doc = inspect.getdoc(obj) or ""
    signature = inspect.signature(obj)
    expected = [p for p in signature.parameters if p not in SKIPPED]
    if expected:
        assert re.search(r"^Parameters\n-+$", doc, re.M), "no Parameters"
    missing = [p for p in expected if p not in documented_parameters(doc)]
    assert not missing, f"Parameters section leaves out {missing}"


@pytest.mark.parametrize("cls", public(is_record))
def test_every_record_field_is_described(cls):
    listed = documented_parameters(cls.__doc__, "Attributes")
    described = commented_fields(cls) | listed
    missing = [n for n in record_fields(cls) if n not in described]
    assert not missing, f"fields neither under Attributes nor '#:': {missing}"


def test_the_check_sees_a_partial_section():
    def draw(n_samples, margin, random_state=None):
        """Draw.

        Parameters
        ----------
        margin : float
            The margin.

        Returns
        -------
        None
        """

    assert documented_parameters(draw.__doc__) == {"margin"}


def constraints(obj):
    """scikit-learn's parameter constraints of a class or function."""
    return getattr(
        obj,
        "_parameter_constraints",
        getattr(obj, "_skl_parameter_constraints", {}),
    )


def string_options(constraint_list):
    """The strings a parameter accepts, from its ``StrOptions``."""
    return {
        option
        for c in constraint_list
        if isinstance(c, StrOptions)
        for option in c.options
        if option not in c.deprecated
    }


def documented_options(doc, name):
    """The quoted strings of a parameter's type line, its default aside.

    ``name : {"a", "b"}, default "a"`` and ``name : float or "auto"``
    give ``{"a", "b"}`` and ``{"auto"}``; a type line without a quoted
    string gives None.
    """
    pattern = rf"^{re.escape(name)} : (.*)$"
    match = re.search(pattern, inspect.cleandoc(doc or ""), re.M)
    if not match:
        return None
    kind = re.split(r",?\s*default\b", match.group(1))[0]
    return set(re.findall(r'"([^"]*)"', kind)) or None


@pytest.mark.parametrize(
    "obj",
    [p for p in public(is_documented_callable) if constraints(p.values[0])],
)
def test_documented_string_options_are_those_accepted(obj):
    wrong = {}
    for name, constraint_list in constraints(obj).items():
        accepted = string_options(constraint_list)
        if accepted:
            shown = documented_options(obj.__doc__, name)
            if shown != accepted:
                wrong[name] = (shown, sorted(accepted))
    assert not wrong, f"docstring options differ from the code's: {wrong}"


def test_the_options_check_fails_a_wrong_set():
    def activation(name, Z):
        """Apply.

        Parameters
        ----------
        name : {"tanh", "logistic", "relu"}
            The activation.
        """

    activation._skl_parameter_constraints = {
        "name": [StrOptions({"tanh", "relu", "sigmoid"})]
    }
    shown = documented_options(activation.__doc__, "name")
    assert shown == {"tanh", "logistic", "relu"}
    assert shown != string_options(constraints(activation)["name"])
