"""The adapters and the page models (``assistant/play``, the evening's and the circle's
``view``) import nothing of the store that holds a database: no model, no session, no service,
neither themselves nor through what they import. So a page's model can be built wherever the
engine runs."""

from __future__ import annotations

import pytest

from tests.test_floors import SOURCES as MODULES
from tests.test_floors import imports_of


def imported_by(module: str) -> set[str]:
    """The modules of the package that ``module`` imports (a name imported from a package may
    be a module of it)."""
    path = MODULES[module]
    return imports_of(module, path.read_text(), package=path.name == "__init__.py")


def reached_from(module: str) -> set[str]:
    reached: set[str] = set()
    todo = [module]
    while todo:
        for found in imported_by(todo.pop()) - reached:
            reached.add(found)
            todo.append(found)
    return reached


# the play side, and the page models of the evening and the circle in their rooms
VIEWS = {"assistant.evening.view", "assistant.circles.view"}
PLAY = sorted(m for m in MODULES if m.startswith("assistant.play") or m in VIEWS)
# what holds the database or a process's keep: the frame's extensions and the store's kept, and
# every module of the store that reaches them (tests/test_floors.py keeps the play side from
# importing the store at all; this check follows what the page models reach through others)
HOLDERS = frozenset({"assistant.extensions", "assistant.store.kept"})
STORE = HOLDERS | {
    m for m in MODULES if m.startswith("assistant.store.") and reached_from(m) & HOLDERS
}


@pytest.mark.parametrize("module", PLAY)
def test_the_play_side_reaches_nothing_of_the_store(module: str) -> None:
    assert reached_from(module) & STORE == set()


def test_the_check_sees_the_store_where_it_is_read() -> None:
    assert {"assistant.store.models", "assistant.store.writes"} <= STORE
    assert "assistant.store.records" not in STORE
    assert "assistant.store.models" in reached_from("assistant.store.service")
    assert {"assistant.store.models", "assistant.store.service"} <= reached_from(
        "assistant.circles.service"
    )


ABOVE_THE_STORE = (
    "assistant.play",
    "assistant.views",
    "assistant.evening",
    "assistant.circles",
    "assistant.live",
)


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("assistant.store.")))
def test_the_store_calls_nothing_above_it(module: str) -> None:
    """The store is asked by the play side, the rooms and the hallway, and asks none of them."""
    above = {m for m in imported_by(module) if m.startswith(ABOVE_THE_STORE)}
    assert above == set()
