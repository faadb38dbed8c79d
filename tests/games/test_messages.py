"""Engine messages: every placeholder of a RuleError's template is given, ``{field}`` included
(the keyword that places the message next to a form field fills it too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from assistant.games.base import N_, RuleError, placeholders

SOURCES = sorted((Path(__file__).resolve().parents[2] / "assistant").rglob("*.py"))


def rule_errors(path: Path) -> list[tuple[int, str, set[str], bool]]:
    """Each ``RuleError(N_("..."), ...)``: its line, template, keywords, and whether it passes
    more keywords it cannot name here (``**params``)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "RuleError"):
            continue
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Call) and getattr(first.func, "id", None) == "N_":
            template = first.args[0]
            if isinstance(template, ast.Constant) and isinstance(template.value, str):
                names = {k.arg for k in node.keywords if k.arg}
                spread = any(k.arg is None for k in node.keywords)
                found.append((node.lineno, template.value, names, spread))
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_every_placeholder_of_an_engine_message_is_given(path: Path) -> None:
    for line, template, names, spread in rule_errors(path):
        missing = placeholders(template) - names
        assert spread or not missing, f"{path.name}:{line}: {template!r} lacks {missing}"


def test_the_field_keyword_fills_a_field_placeholder_and_moves_with_the_error() -> None:
    error = RuleError(N_("{field}: {name!r} is not a player"), field="first_dealer", name="Zed")
    assert str(error) == "first_dealer: 'Zed' is not a player"
    moved = RuleError(error.message, round=2, field="first")
    assert (str(moved), moved.field) == ("round 2: first_dealer: 'Zed' is not a player", "first")
    assert str(error.at_round(3)) == "round 3: first_dealer: 'Zed' is not a player"
    with pytest.raises(TypeError):
        RuleError(error.message, name="Bo")
