"""The book's configuration keeps the promises of DESIGN.md and the README."""

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def _config():
    return yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))


def test_lock_pins_every_package_exactly():
    lines = [
        line.strip()
        for line in (ROOT / "requirements.txt").read_text().splitlines()
    ]
    packages = [line for line in lines if line and not line.startswith("#")]
    assert len(packages) > 50, (
        "requirements.txt should pin the whole environment"
    )
    unpinned = [
        line
        for line in packages
        if not re.fullmatch(r"[A-Za-z0-9_.\-\[\],]+==[^=\s]+", line)
    ]
    assert unpinned == [], (
        f"every line of the lock must be name==version; not pinned: {unpinned}"
    )


def test_lock_covers_the_top_level_requirements():
    pinned = {
        line.split("==")[0].lower().replace("_", "-")
        for line in (ROOT / "requirements.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    }
    from packaging.requirements import Requirement

    wanted = [
        Requirement(line).name.lower().replace("_", "-")
        for line in (ROOT / "requirements.in").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    missing = [name for name in wanted if name not in pinned]
    assert missing == [], (
        f"requirements.in names packages the lock does not pin: {missing}"
    )


def test_binder_installs_the_lock_and_the_library():
    lines = [
        line.strip()
        for line in (ROOT / "binder" / "requirements.txt")
        .read_text()
        .splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines == ["-r ../requirements.txt", "-e ."]


def test_the_build_executes_every_notebook():
    """The website shows what the code does today: the build fills an empty
    cache (the PDF's build then reads the runs from it)."""
    execute = _config()["execute"]
    assert execute["execute_notebooks"] == "cache"
    assert "cache" not in execute, "the default, _build/.jupyter_cache"
    assert 0 < execute["timeout"] <= 120
    assert execute["allow_errors"] is False
    makefile = (ROOT / "Makefile").read_text()
    for target in ("book:", "test-book:"):
        recipe = makefile.split(f"\n{target} ", 1)[1].split("\n\n", 1)[0]
        empty = recipe.index("rm -rf _build/.jupyter_cache")
        assert empty < recipe.index("jupyter-book build"), target


def test_pages_are_published_only_after_strict_nbval():
    """The publishing workflow builds the pages on a machine whose runs
    strict nbval has just found equal to the stored outputs."""
    steps = yaml.safe_load(
        (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    )["jobs"]["build"]["steps"]
    commands = [step.get("run", "") for step in steps]
    check = commands.index("make test-chapters")
    build = next(i for i, c in enumerate(commands) if "make book" in c)
    assert check < build


def test_one_edition_for_book_and_library():
    """pyproject.toml reads the version from the library, and the changelog
    starts with it (the set-up cells are checked in test_notebooks.py)."""
    import tomllib

    import mlcourse

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["dynamic"] == ["version"]
    attr = project["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "mlcourse.__version__"
    assert re.fullmatch(r"\d+\.\d+\.\d+", mlcourse.__version__)
    changelog = (ROOT / "CHANGELOG.md").read_text()
    first = re.search(r"^## (\S+)", changelog, re.MULTILINE)
    assert first and first.group(1) == mlcourse.__version__, (
        "CHANGELOG.md should start with the current edition"
    )


def test_repository_and_launch_buttons():
    config = _config()
    repository = config["repository"]
    assert repository["url"].startswith("https://")
    assert repository["branch"] == "main"
    assert "path_to_book" in repository
    buttons = config["launch_buttons"]
    # Live Code (thebe) is off: it needs a CDN and Binder, so offline it
    # waits forever; Binder and Colab give the same live kernel.
    assert (
        buttons["binderhub_url"]
        and buttons["colab_url"]
        and buttons["thebe"] is False
    )
    assert buttons["notebook_interface"] in ("classic", "jupyterlab")


def test_extensions_and_offline_math():
    sphinx = _config()["sphinx"]
    assert sphinx["recursive_update"] is True, (
        "theme options would otherwise drop the launch buttons"
    )
    for extension in ("sphinx_proof", "sphinx_exercise"):
        assert extension in sphinx["extra_extensions"]
    # The maths is drawn at build time: no page loads MathJax or a CDN.
    assert sphinx["config"]["html_math_renderer"] == "svg"
    assert "math_svg" in sphinx["local_extensions"]
    assert sphinx["config"]["nb_ipywidgets_js"] == {}, (
        "no widget scripts from a CDN"
    )


def test_excluded_paths_keep_the_environment_out():
    patterns = _config()["exclude_patterns"]
    for pattern in (".venv/*", "_build", "**/.ipynb_checkpoints"):
        assert pattern in patterns


def test_copyright_is_current_and_names_the_licence():
    copyright = str(_config()["copyright"])
    assert copyright.startswith("2026 ") and "MIT licence" in copyright
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert (
        "make test" in ci and "make test" in readme and "make book" in readme
    )
    assert readme.index("make book") < readme.index("## "), (
        "the two commands come first"
    )


def test_pytest_collects_only_the_tests_folder():
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'testpaths = ["tests"]' in pyproject


def test_no_package_slows_every_process_down():
    """jsonschema 4.24 and later bring rfc3987-syntax, whose import built
    three parsers (2.4 s of CPU) in every process that imports nbformat:
    requirements.in keeps jsonschema below it."""
    lock = (ROOT / "requirements.txt").read_text().lower()
    assert "\nrfc3987-syntax==" not in lock and "\nlark==" not in lock


def _tool_lines(paths):
    """Lines of the hand-written tools (CONTRIBUTING.md, "Budgets")."""
    skipped = ("tools/assignments/", "tools/make_exercises.py",
               "tools/make_assignments.py")  # fmt: skip
    return sum(
        len((ROOT / path).read_text(encoding="utf-8").splitlines())
        for path in paths
        if not path.startswith(skipped)
        and not path.endswith(("package.json", "package-lock.json"))
    )


def test_tools_and_benchmarks_stay_within_their_line_budget():
    import subprocess

    listed = subprocess.run(
        ["git", "ls-files", "tools", "bench"], cwd=ROOT, check=True,
        capture_output=True, text=True,
    ).stdout.split()  # fmt: skip
    assert _tool_lines(listed) <= 2_500
    # trusted: the budget counts what it should (this file alone is short)
    assert 0 < _tool_lines(["tools/execute_notebooks.py"]) < 200
    assert _tool_lines(["tools/make_exercises.py"]) == 0
