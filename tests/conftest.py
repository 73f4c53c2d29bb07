"""Shared test set-up: the repository's command-line tools (``tools/``) import as modules."""

from pathlib import Path
import sys

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
