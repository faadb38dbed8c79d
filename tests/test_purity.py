"""The engines stay pure: nothing in assistant/games imports Flask, SQLAlchemy or WTForms."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "assistant" / "games"
FORBIDDEN = ("flask", "sqlalchemy", "flask_sqlalchemy", "wtforms", "flask_wtf", "flask_babel")


@pytest.mark.parametrize(
    "module", sorted(GAMES.rglob("*.py")), ids=lambda p: str(p.relative_to(GAMES))
)
def test_engine_module_imports_no_web_library(module: Path) -> None:
    tree = ast.parse(module.read_text())
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.add(node.module.split(".")[0])
    assert not imported & set(FORBIDDEN)
