"""Execute the book's notebooks: store their text outputs, or feed the book.

Usage:
  python tools/execute_notebooks.py [NOTEBOOK ...]
      execute chapters (default: all) and store their text outputs in place
      (``make notebooks``)
  python tools/execute_notebooks.py --book [-j N]
      give every page of chapters/ a fresh run in ``_build/executed/``
      (the runs strict nbval just made are reused, the others executed, N at
      a time), then load those runs into the book's execution cache, so that
      ``jupyter-book build`` executes nothing (``make book``, ``make test``)
  python tools/execute_notebooks.py --run DIR [NOTEBOOK ...]
      execute and write the full runs to DIR, checking nothing else (the
      compatibility run, ``make test-compat``)

The stored outputs are strict nbval's expectations, so they are produced the
same way every time: the notebook's own directory as the working directory,
the ``python3`` kernel of the current environment, no timing metadata,
execution counts from 1, and no images (see :func:`strip_outputs`).

Execution is nbclient's (through ``tools/kernels.py``); the cache is
jupyter-cache's, the one the book build reads. What is hand-written here is
the choice of what to run (a run is fresh when it is newer than its notebook
and than every module of the library) and the stripping of outputs.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import kernels  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ROOT / "chapters"
EXECUTED = ROOT / "_build" / "executed"
CACHE = ROOT / "_build" / ".jupyter_cache"  # execute.cache in _config.yml
LIBRARY = ROOT / "lib" / "mlcourse"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
# Images are not committed: nbval does not compare them and the website,
# Binder and Colab execute the chapters anyway. Their text form stays.
IMAGES = ("image/png", "image/jpeg", "image/svg+xml", "image/gif")


def strip_outputs(nb) -> None:
    """Drop what is not committed: images, animation HTML, widget state."""
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        tags = cell.metadata.get("tags", [])
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            # a widget view carries a fresh model id on every run
            data.pop(WIDGET_VIEW, None)
            metadata = output.get("metadata", {})
            for mime in IMAGES:
                data.pop(mime, None)
                metadata.pop(mime, None)  # the image's display size
            if "nbval-ignore-output" in tags:
                data.pop("text/html", None)  # animations: megabytes of frames
        if cell.cell_type == "code":
            cell["outputs"] = merge_streams(cell["outputs"])
    nb.metadata.pop("widgets", None)


def merge_streams(outputs: list) -> list:
    """Join consecutive stdout (or stderr) chunks into one output.

    How a kernel splits a stream into messages depends on timing; merged,
    the stored text is the same on every run (as nbval compares it).
    """
    merged = []
    for output in outputs:
        previous = merged[-1] if merged else None
        if (
            output.get("output_type") == "stream"
            and previous is not None
            and previous.get("output_type") == "stream"
            and previous.get("name") == output.get("name")
        ):
            previous["text"] += output["text"]
        else:
            merged.append(output)
    return merged


def run(path: Path):
    """The notebook at ``path`` executed in its own folder (not written)."""
    path = Path(path).resolve()
    nb = nbformat.read(path, as_version=4)
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return kernels.run_notebook(nb, path.parent, name=str(name))


def store(path: Path) -> float:
    """Execute ``path`` and store its text outputs in it; return seconds."""
    start = time.perf_counter()
    nb = run(path)
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    strip_outputs(nb)
    nbformat.write(nb, path)
    return time.perf_counter() - start


def run_to(path: Path, folder: Path) -> float:
    """Execute ``path``, write the full run to ``folder``; return seconds."""
    start = time.perf_counter()
    nb = run(path)
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / Path(path).name)
    return time.perf_counter() - start


def is_fresh(run_path: Path, source: Path) -> bool:
    """Is the run newer than its notebook and than every library module?"""
    if not run_path.exists():
        return False
    newest = max(
        [source.stat().st_mtime]
        + [p.stat().st_mtime for p in LIBRARY.rglob("*.py")]
    )
    return run_path.stat().st_mtime > newest


def run_all(paths: list[Path], folder: Path, jobs: int) -> None:
    """Execute ``paths`` into ``folder``, ``jobs`` at a time; fail on any."""
    if not paths:
        return
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = {p: pool.submit(run_to, p, folder) for p in paths}
        failures = []
        for path, future in futures.items():
            try:
                print(f"{path.name}: executed in {future.result():.1f} s")
            except Exception as error:  # report every failing notebook
                failures.append(
                    f"{path.name}: {type(error).__name__}: {error}"
                )
    if failures:
        raise SystemExit("execution failed:\n" + "\n".join(failures))


def fill_cache(runs: list[Path], cache: Path = CACHE) -> None:
    """Load ``runs`` into a fresh jupyter-cache that the book build reads."""
    from jupyter_cache import get_cache

    shutil.rmtree(cache, ignore_errors=True)
    store_ = get_cache(str(cache))
    for path in runs:
        store_.cache_notebook_file(
            str(path), uri=str(path), check_validity=False, overwrite=True
        )


def book(jobs: int) -> None:
    sources = sorted(CHAPTERS.glob("*.ipynb"))
    stale = [p for p in sources if not is_fresh(EXECUTED / p.name, p)]
    reused = len(sources) - len(stale)
    print(f"book: {reused} fresh run(s) reused, {len(stale)} to execute")
    run_all(stale, EXECUTED, jobs)
    fill_cache([EXECUTED / p.name for p in sources])


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    parser.add_argument("--book", action="store_true")
    parser.add_argument("--run", type=Path, metavar="DIR")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.book:
        book(args.jobs)
        return 0
    paths = args.notebooks or sorted(CHAPTERS.glob("*.ipynb"))
    if args.run:
        run_all(paths, args.run, args.jobs)
        return 0
    for path in paths:
        print(f"{path}: executed in {store(path):.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
