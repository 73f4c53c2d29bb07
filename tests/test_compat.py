"""Every dependency states the lowest version it is tested at.

``pyproject.toml`` promises loose lower bounds (``numpy>=1.24`` ...) so that
Colab and other ready-made environments can install the library.
``make test-compat`` installs exactly those bounds (uv's
``--resolution lowest-direct``), of the dependencies and of the extras, and
runs every chapter under strict nbval and the library's tests there. A
bound that fails there is raised, never left untested (CHANGELOG.md says
why each moved). Here: each requirement has such a bound.
"""

import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
PROMISED = ("numpy", "scipy", "matplotlib", "scikit-learn", "pandas")


def requirements() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project.get("optional-dependencies", {}).values()
    found = [*project["dependencies"], *(r for e in extras for r in e)]
    return [Requirement(r) for r in found]


def test_every_dependency_has_a_tested_lower_bound():
    unbounded = [
        str(r)
        for r in requirements()
        if not any(s.operator == ">=" for s in r.specifier)
    ]
    assert unbounded == [], f"state a lower bound (name>=version): {unbounded}"
    names = {r.name.lower() for r in requirements()}
    assert set(PROMISED) <= names, "pyproject.toml lost a bound"
