"""Every file the code cites is in the repository: a comment or a docstring that says "see
docs/records.md" or "``store/writes.py``" sends a new maintainer to a file they can open, not to
one they never had."""

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
# a module, script or template named by a path with at least one folder: tests/web/test_app.py,
# store/writes.py (from assistant/), js/table.js (from static/), mulle/_panel.html (templates/)
CODE = re.compile(r"(?<![\w/.<>{}-])((?:[\w-]+/)+[\w.-]+\.(?:py|js|html))\b(?![/\w])")
CODE_FOLDERS = ("", "assistant", "templates", "static")
# made where the app is deployed, never in the repository
DEPLOYED = ("instance/",)


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


def code_citations(text: str) -> set[str]:
    """The modules, scripts and templates a text names by a path (web addresses left out)."""
    text = re.sub(r"https?://\S+", "", text)
    return {name for name in CODE.findall(text) if not name.startswith(DEPLOYED)}


def is_in_the_repository(name: str) -> bool:
    """A code path is read from the root, or from the folder its kind lives in."""
    return any((ROOT / folder / name).is_file() for folder in CODE_FOLDERS)


def test_the_citations_are_found() -> None:
    text = 'see docs/records.md, "Mus"; records.md; rules/plump.md; `README.md`; https://x.org/a.md'
    assert citations(text) == {"docs/records.md", "records.md", "rules/plump.md", "README.md"}
    assert citations("docs/rules/*.md, sheet.md5 and records.mdx") == set()
    code = "tests/web/test_app.py::test_x, ``store/writes.py``, js/table.js; <kind>/_panel.html"
    assert code_citations(code) == {"tests/web/test_app.py", "store/writes.py", "js/table.js"}
    assert code_citations("kept.py, play.base.py, static/js/*.js, instance/config.py") == set()


def test_a_missing_code_path_is_caught() -> None:
    assert is_in_the_repository("assistant/store/writes.py")
    assert is_in_the_repository("store/writes.py") and is_in_the_repository("js/table.js")
    assert not is_in_the_repository("tests/test_phone.py")


@pytest.mark.parametrize("path", source_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_cited_file_is_in_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    missing = sorted(name for name in citations(text) if not (ROOT / name).is_file())
    missing += sorted(name for name in code_citations(text) if not is_in_the_repository(name))
    assert not missing, f"{path.relative_to(ROOT)} cites {missing}, which the repository lacks"
