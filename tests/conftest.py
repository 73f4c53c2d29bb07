"""Shared test set-up: the repository's command-line tools (``tools/``) import as modules."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
