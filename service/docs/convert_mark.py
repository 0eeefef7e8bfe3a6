"""The ``.tiles-converted`` mark: which pages `tiles convert --all` has rewritten, so a second run leaves them be.

With ``--all`` every picture that names no dialect is read as the dialect; once converted, the same
pictures are ours, and a second ``--all`` run would read them as the dialect again. So each run
with ``--all`` that writes a page lists it in the mark at the converted folder (beside a page given
alone): ``{"pages": {"guide/a.md": "mahgen"}}``, the path relative to the mark. A page listed in a
mark in its folder or any folder above has only its pictures that name a dialect converted.
Delete the mark (or a page's line in it) to convert that page again.

>>> import tempfile
>>> root = Path(tempfile.mkdtemp())
>>> record(root, [root / "guide" / "a.md"], "mahgen")
>>> converted_from(root / "guide" / "a.md"), converted_from(root / "b.md")
('mahgen', None)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable

MARK = ".tiles-converted"
_NOTE = ("tiles convert --all rewrote these pages from the dialect named; a second run leaves them as they are."
         " Delete a page's line, or this file, to convert it again.")


class MarkError(ValueError):
    """A mark tiles convert cannot read: the message names the file."""


def mark_folder(root: str | Path) -> Path:
    """The folder whose mark lists the pages converted under ``root``: itself, or a page's folder.

    >>> import tempfile
    >>> mark_folder(tempfile.gettempdir()) == Path(tempfile.gettempdir())
    True
    """
    root = Path(root)
    return root if root.is_dir() else root.parent


def read_mark(folder: Path) -> dict[str, str]:
    """The pages a folder's mark lists (relative path -> dialect); empty when it has none."""
    path = folder / MARK
    if not path.is_file():
        return {}
    try:
        pages = json.loads(path.read_text(encoding="utf-8")).get("pages")
    except (ValueError, UnicodeDecodeError, AttributeError) as err:
        raise MarkError(f"{path}: not a mark tiles convert wrote ({err}); fix or delete it") from None
    if not isinstance(pages, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in pages.items()):
        raise MarkError(f"{path}: not a mark tiles convert wrote ('pages' must map page paths to dialects);"
                        " fix or delete it")
    return pages


def converted_from(page: Path) -> str | None:
    """The dialect ``page`` was converted from with ``--all``, by a mark in its folder or above; None if none lists it."""
    page = Path(page).absolute()
    for folder in page.parents:
        found = read_mark(folder).get(page.relative_to(folder).as_posix())
        if found is not None:
            return found
    return None


def record(root: str | Path, pages: Iterable[Path], dialect: str) -> None:
    """List ``pages`` (converted from ``dialect`` with ``--all``, under ``root``) in ``root``'s mark."""
    folder = mark_folder(root).absolute()
    listed = read_mark(folder)
    new = {Path(p).absolute().relative_to(folder).as_posix(): dialect for p in pages}
    if not new or all(listed.get(k) == v for k, v in new.items()):
        return
    folder.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"note": _NOTE, "pages": dict(sorted({**listed, **new}.items()))}, indent=2, ensure_ascii=False)
    (folder / MARK).write_text(text + "\n", encoding="utf-8")
