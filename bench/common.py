"""What the benchmarks share: the machine, seeded data, one timed case.

The cases are pytest-benchmark tests (``*_bench.py``): each times one fit
(by ``mlcourse``, its plain textbook loop, or scikit-learn) on seeded data
and checks its answer; ``run.py`` collects them into the results file.
"""

import ast
import hashlib
import os
import platform
import warnings
from functools import cache
from importlib import metadata
from importlib.util import find_spec
from pathlib import Path

import numpy as np

ROUNDS = 7  # timed runs of each fit; the page reads the fastest
#: The library's modules whose code the timed fits run.
TIMED = ("_base", "_validation", "datasets", "gradient_descent",
         "linear_regression", "logistic_regression", "mlp", "perceptron",
         "perceptron_variants")  # fmt: skip


def machine():
    """Cores, processor, system, BLAS and the versions measured."""
    names = ("numpy", "scipy", "scikit-learn", "mlcourse", "pytest-benchmark")
    versions = {"python": platform.python_version()}
    versions.update({name: metadata.version(name) for name in names})
    with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
        cpu = [line.split(":", 1)[1].strip() for line in cpuinfo
               if line.startswith("model name")]  # fmt: skip
    blas = np.show_config(mode="dicts")["Build Dependencies"]["blas"]
    return {
        "cores": os.cpu_count(),
        "processor": cpu[0] if cpu else platform.machine(),
        "system": f"{platform.system()} {platform.machine()}",
        "blas": blas["name"],
        "versions": versions,
    }


def _is_doc(node):
    """A docstring, or an assignment to ``__doc__``."""
    if isinstance(node, ast.Expr):
        return isinstance(node.value, ast.Constant) and isinstance(
            node.value.value, str
        )
    return isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__doc__" for t in node.targets
    )


def _without_docstrings(tree):
    for part in ast.walk(tree):
        body = getattr(part, "body", None)
        if isinstance(body, list) and any(map(_is_doc, body)):
            part.body = [n for n in body if not _is_doc(n)] or [ast.Pass()]
    return tree


def _dump(node):
    """``ast.dump`` without empty fields, the same on every Python >= 3.11."""
    if isinstance(node, list):
        return "[" + ",".join(map(_dump, node)) + "]"
    if not isinstance(node, ast.AST):
        return repr(node)
    fields = (getattr(node, f, None) for f in node._fields)
    kept = [_dump(v) for v in fields if v is not None and v != []]
    return f"{type(node).__name__}({','.join(kept)})"


def _hash(nodes):
    """The nodes' code with their local variables renamed in order of use."""
    dumps = []
    for node in nodes:
        names = [n for n in ast.walk(node) if isinstance(n, ast.Name)]
        local = {n.id for n in names if isinstance(n.ctx, ast.Store)}
        renamed = {}
        for n in names:
            if n.id in local:
                n.id = renamed.setdefault(n.id, f"_{len(renamed)}")
        dumps.append(_dump(node))
    return hashlib.sha256("".join(dumps).encode()).hexdigest()[:12]


def code_fingerprints(read=None):
    """A hash of each function, method and module body of ``TIMED``.

    Docstrings are left out and local variables renamed in order of use,
    so a hash changes only with what the code does. ``read(module)`` gives
    a module's source; by default the installed library's.
    """
    if read is None:
        read = lambda m: Path(find_spec(f"mlcourse.{m}").origin).read_text()  # noqa: E731
    parts = {}
    for module in TIMED:
        for node in _without_docstrings(ast.parse(read(module))).body:
            if isinstance(node, ast.FunctionDef):
                parts.setdefault(f"{module}.{node.name}", []).append(node)
            elif isinstance(node, ast.ClassDef):
                for item in node.body:
                    name = f"{module}.{node.name}"
                    if isinstance(item, ast.FunctionDef):
                        name += f".{item.name}"
                    parts.setdefault(name, []).append(item)
            else:
                parts.setdefault(module, []).append(node)
    return {name: _hash(nodes) for name, nodes in parts.items()}


@cache
def noisy(n=20_000, d=50, flipped=0.1, seed=0):
    """Gaussian samples labelled by the sign of a random linear score.

    ``flipped`` of the labels are flipped, so the classes overlap.
    """
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    y = np.where(X @ rng.standard_normal(d) > 0, 1.0, -1.0)
    y[rng.random(n) < flipped] *= -1
    return X, y


def run_case(benchmark, case, who, fit, check=None, rounds=ROUNDS, **facts):
    """Time ``fit`` (``who``'s) on ``case``; ``check(model)`` words its answer.

    A check asserts what the answer must be, so a wrong answer fails the
    run; ``facts`` (counts of updates or iterations, memory) go with it.
    """
    benchmark.group = case
    benchmark.extra_info.update(who=who, **facts)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = benchmark.pedantic(fit, rounds=rounds, warmup_rounds=1)
        benchmark.extra_info["check"] = check(model) if check else ""
