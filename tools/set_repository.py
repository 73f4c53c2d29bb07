"""Copy the repository URL and the edition everywhere the book names them.

Usage: python tools/set_repository.py     (or: make set-repository)

The URL is set in `_config.yml` (`repository.url`), the edition in
`lib/mlcourse/__init__.py` (`__version__`, which pyproject.toml reads). The
previous URL, read from the introduction's Colab set-up cell, is replaced
wherever it appears: the set-up cells (``%pip install "mlcourse @
git+URL@vX.Y.Z"``, the tag of the edition) and the Binder and Colab links of
the teaching page, README, CONTRIBUTING and the API page. Run it, re-run
``make exercises``, commit. Hand-written: release tools (bump-my-version)
replace fixed strings; none reads the URL from _config.yml and rewrites
notebook cells through nbformat.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parents[1]
SETUP_URL = re.compile(
    r'mlcourse @ git\+(https://github\.com/([^/"\s@]+/[^/"\s@]+?))'
    r'(?:\.git)?(?:@[^"\s]*)?"'
)
VERSION = re.compile(r'^__version__ = "([^"]+)"', re.MULTILINE)
TEXT_FILES = "README.md CONTRIBUTING.md chapters/teaching.md chapters/api.md"


def repository_url(root: Path = ROOT) -> str:
    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    return config["repository"]["url"].rstrip("/").removesuffix(".git")


def version(root: Path = ROOT) -> str:
    """The edition: ``__version__`` of the library."""
    init = root / "lib" / "mlcourse" / "__init__.py"
    match = VERSION.search(init.read_text(encoding="utf-8"))
    if not match:
        raise ValueError(f"{init} sets no __version__")
    return match.group(1)


def setup_requirement(root: Path = ROOT) -> str:
    """What the set-up cells install: the tagged edition of the library."""
    return f"mlcourse @ git+{repository_url(root)}@v{version(root)}"


def slug(url: str) -> str:
    """``owner/name`` of a GitHub URL."""
    match = re.fullmatch(r"https://github\.com/([^/\s]+/[^/\s]+)", url)
    if not match:
        raise ValueError(
            f"repository.url must look like https://github.com/OWNER/NAME; got {url!r}"
        )
    return match.group(1)


def previous_slug(root: Path = ROOT) -> str:
    intro = nbformat.read(
        root / "chapters" / "00_introduction.ipynb", as_version=4
    )
    match = SETUP_URL.search(intro.cells[0].source)
    if not match:
        raise ValueError(
            "the introduction's first cell has no 'mlcourse @ git+https://github.com/...' line"
        )
    return match.group(2)


def replace_slug(text: str, old: str, new: str) -> str:
    return re.sub(rf"(?<=[/ ]){re.escape(old)}(?=[/\"\s?#)>`@]|$)", new, text)


def pin_edition(text: str, requirement: str) -> str:
    """Point every ``mlcourse @ git+URL[@ref]"`` at ``requirement``."""
    return SETUP_URL.sub(lambda _: f'{requirement}"', text)


def main(root: Path = ROOT) -> int:
    old, new = previous_slug(root), slug(repository_url(root))
    requirement = setup_requirement(root)
    edit = lambda text: pin_edition(replace_slug(text, old, new), requirement)
    changed = []
    notebooks = ("chapters", "exercises")
    for path in sorted(
        p for d in notebooks for p in root.glob(f"{d}/*.ipynb")
    ):
        nb = nbformat.read(path, as_version=4)
        sources = [cell.source for cell in nb.cells]
        for cell in nb.cells:
            cell.source = edit(cell.source)
        if sources != [cell.source for cell in nb.cells]:
            nbformat.write(nb, path)
            changed.append(path)
    for path in (root / name for name in TEXT_FILES.split()):
        text = path.read_text(encoding="utf-8")
        if edit(text) != text:
            path.write_text(edit(text), encoding="utf-8")
            changed.append(path)
    print(f"repository {old} -> {new}, edition v{version(root)}: "
          f"{len(changed)} file(s) updated.")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
