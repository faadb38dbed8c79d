"""Every file the code cites is in the repository: a comment or a docstring that says "see
docs/records.md" sends a new maintainer to a file they can open, not to one they never had."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("assistant", "templates", "static", "tests", "bench", "migrations")
KINDS = {".py", ".html", ".js", ".css", ".cfg", ".toml", ".txt", ".sh"}
ROOT_FILES = ("Makefile", "pyproject.toml", "babel.cfg", "gunicorn.conf.py", "README.md")
# a document named by its path from the root of the repository: docs/records.md, README.md
CITED = re.compile(r"(?<![\w/.-])([\w-]+(?:/[\w.-]+)*\.md)\b")


def source_files() -> list[Path]:
    files = [ROOT / name for name in ROOT_FILES if (ROOT / name).exists()]
    for folder in SOURCES:
        files += (p for p in (ROOT / folder).rglob("*") if p.suffix in KINDS and p.is_file())
    files += (ROOT / "docs").rglob("*.md")
    return sorted(p for p in files if p != Path(__file__).resolve())  # its examples are made up


def citations(text: str) -> set[str]:
    """The documents a text names, leaving out web addresses (their path is not ours)."""
    text = re.sub(r"https?://\S+", "", text)
    return set(CITED.findall(text))


def test_the_citations_are_found() -> None:
    text = 'see docs/records.md, "Mus"; records.md; rules/plump.md; `README.md`; https://x.org/a.md'
    assert citations(text) == {"docs/records.md", "records.md", "rules/plump.md", "README.md"}
    assert citations("docs/rules/*.md, sheet.md5 and records.mdx") == set()


@pytest.mark.parametrize("path", source_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_file_is_in_the_repository(path: Path) -> None:
    missing = sorted(
        name for name in citations(path.read_text(encoding="utf-8")) if not (ROOT / name).is_file()
    )
    assert not missing, f"{path.relative_to(ROOT)} cites {missing}, which the repository lacks"
