"""The worked examples in the engines' docstrings are right: every module of every game."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import assistant.games

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(assistant.games.__path__, prefix="assistant.games.")
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_every_game_has_worked_examples() -> None:
    for kind in assistant.games.GAMES:
        module = importlib.import_module(f"assistant.games.{kind}")
        finder = doctest.DocTestFinder()
        examples = sum(
            len(test.examples)
            for name in MODULES
            if name == module.__name__ or name.startswith(module.__name__ + ".")
            for test in finder.find(importlib.import_module(name))
        )
        assert examples > 0, kind
