"""`make set-repository` carries the URL of `_config.yml` to every place that names it."""

import re
import shutil
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
import set_repository


def _copy_book(tmp_path):
    for name in ("_config.yml", "README.md", "CONTRIBUTING.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "lib" / "mlcourse").mkdir(parents=True)
    shutil.copy(
        ROOT / "lib" / "mlcourse" / "__init__.py",
        tmp_path / "lib" / "mlcourse" / "__init__.py",
    )
    for folder in ("chapters", "exercises"):
        (tmp_path / folder).mkdir()
        for path in (ROOT / folder).glob("*.ipynb"):
            shutil.copy(path, tmp_path / folder / path.name)
    for name in ("teaching.md", "api.md"):
        shutil.copy(ROOT / "chapters" / name, tmp_path / "chapters")
    return tmp_path


def test_every_mention_of_the_repository_follows_the_config(tmp_path):
    book = _copy_book(tmp_path)
    old = set_repository.slug(set_repository.repository_url(book))
    config = book / "_config.yml"
    config.write_text(
        config.read_text().replace(
            f"https://github.com/{old}", "https://github.com/someone/my-course"
        )
    )
    assert set_repository.main(book) == 0
    for path in [
        *book.glob("chapters/*.ipynb"),
        *book.glob("exercises/*.ipynb"),
        book / "README.md",
        book / "CONTRIBUTING.md",
        book / "chapters" / "teaching.md",
    ]:
        assert old not in path.read_text(encoding="utf-8"), (
            f"{path.name} still names {old}"
        )
    intro = nbformat.read(
        book / "chapters" / "00_introduction.ipynb", as_version=4
    )
    version = set_repository.version(book)
    assert (
        f'mlcourse @ git+https://github.com/someone/my-course@v{version}"'
        in intro.cells[0].source
    )
    text = (book / "chapters" / "teaching.md").read_text(encoding="utf-8")
    assert "mybinder.org/v2/gh/someone/my-course/main" in text
    assert (
        "colab.research.google.com/github/someone/my-course/blob/main" in text
    )
    assert set_repository.main(book) == 0, (
        "running it twice changes nothing more"
    )


def test_a_new_edition_is_pinned_by_every_setup_cell(tmp_path):
    book = _copy_book(tmp_path)
    init = book / "lib" / "mlcourse" / "__init__.py"
    old = set_repository.version(book)
    init.write_text(
        init.read_text().replace(f'"{old}"', '"9.8.7"'), encoding="utf-8"
    )
    assert set_repository.main(book) == 0
    for path in [
        *book.glob("chapters/*.ipynb"),
        *book.glob("exercises/*.ipynb"),
    ]:
        first = nbformat.read(path, as_version=4).cells[0].source
        assert first.count('@v9.8.7"') == 1, path.name
        assert f"@v{old}" not in first, path.name
    for name in ("CONTRIBUTING.md", "chapters/teaching.md"):
        text = (book / name).read_text(encoding="utf-8")
        assert '@v9.8.7"' in text, name
        assert f"v{old}" not in text, name


def test_the_text_files_name_no_other_edition():
    """A release tag written out in prose goes stale at the next edition."""
    edition = f"v{set_repository.version()}"
    for name in set_repository.TEXT_FILES.split():
        text = (ROOT / name).read_text(encoding="utf-8")
        tags = set(re.findall(r"\bv\d+\.\d+\.\d+\b", text))
        assert tags <= {edition}, f"{name} names {tags - {edition}}"


def test_the_committed_book_already_follows_the_config():
    assert set_repository.previous_slug() == set_repository.slug(
        set_repository.repository_url()
    )
    intro = nbformat.read(
        ROOT / "chapters" / "00_introduction.ipynb", as_version=4
    )
    assert f'{set_repository.setup_requirement()}"' in intro.cells[0].source
