"""Copy the repository URL of `_config.yml` into every notebook's Colab set-up cell.

Usage: python tools/set_repository.py

`_config.yml` (key `repository.url`) is the one place a publisher changes the URL; this
script writes it into the `%pip install "mlcourse @ git+URL"` line of each chapter's and
each student notebook's first cell, leaving everything else untouched.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import yaml

ROOT = Path(__file__).resolve().parents[1]
PATTERN = re.compile(r'(mlcourse @ git\+)[^"\s]+')


def repository_url() -> str:
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    return config["repository"]["url"].rstrip("/")


def main() -> int:
    url = repository_url()
    changed = 0
    for path in sorted([*ROOT.glob("chapters/*.ipynb"), *ROOT.glob("exercises/*.ipynb")]):
        nb = nbformat.read(path, as_version=4)
        cell = nb.cells[0] if nb.cells else None
        if cell is None or "colab-setup" not in cell.metadata.get("tags", []):
            continue
        source = PATTERN.sub(lambda m: m.group(1) + url, cell.source)
        if source != cell.source:
            cell.source = source
            nbformat.write(nb, path)
            changed += 1
    print(f"Repository URL {url}: {changed} notebook(s) updated.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
