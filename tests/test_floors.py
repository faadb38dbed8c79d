"""The house's floors: an import only ever runs down. A floor holds packages (or modules) that
know nothing of each other; a module imports its own package and the floors below its own,
never a floor above it nor a neighbour on its own floor. Every module of ``assistant/`` stands
on a floor, and every import in it counts, at the top of the file or inside a function (the
README's "The house" lists the same floors)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "assistant"

# From the top floor down.
FLOORS = (
    ("assistant.phone",),  # the app on the phone: the frame, run by Pyodide
    ("assistant",),  # the frame: create_app and core_app (assistant/__init__.py)
    ("assistant.views", "assistant.live", "assistant.cli"),  # the hallway, the streams, commands
    ("assistant.night", "assistant.evening"),  # the rooms: a club night; an evening at a table
    ("assistant.circles",),  # the circles, which the evening asks
    # what every room asks: a link's thing, the phone, a page's address to share, a file to keep
    ("assistant.lookup", "assistant.device", "assistant.links", "assistant.download"),
    ("assistant.play", "assistant.store"),  # the play side and the store: neither knows the other
    ("assistant.i18n", "assistant.serving", "assistant.throttle", "assistant.bundle"),
    ("assistant.bytecode",),  # the phone's compiled Python: the standard library only
    (  # the engines; the app's settings, extensions, static files and what a process keeps
        "assistant.games",
        "assistant.assets",
        "assistant.config",
        "assistant.extensions",
        "assistant.keeping",
    ),
)


def module_of(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


SOURCES = {module_of(path): path for path in PACKAGE.rglob("*.py")}


def place_of(module: str) -> tuple[int, str] | None:
    """The floor ``module`` stands on and the part of it that holds it (its package, or the
    module itself); None: on no floor. The frame (``assistant``) holds only its own file."""
    for number, floor in enumerate(FLOORS):
        for part in floor:
            inside = part != "assistant" and module.startswith(part + ".")
            if module == part or inside:
                return number, part
    return None


def may_import(importer: str, imported: str) -> bool:
    here, there = place_of(importer), place_of(imported)
    assert here is not None and there is not None
    return here[1] == there[1] or there[0] > here[0]


def imports_of(module: str, source: str, *, package: bool = False) -> set[str]:
    """The modules of the app that ``source`` (the text of ``module``) imports, anywhere in it;
    a name imported from a package counts as its module where it is one."""
    parts = module.split(".") if package else module.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level + 1] if node.level else []
            name = ".".join([*base, *([node.module] if node.module else [])])
            found |= {name, *(f"{name}.{alias.name}" for alias in node.names)}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found & SOURCES.keys()


def climbing(module: str, source: str, *, package: bool = False) -> list[str]:
    """The imports of ``source`` that run up a floor, or sideways to a neighbour."""
    imported = imports_of(module, source, package=package)
    return sorted(f"{module} -> {name}" for name in imported if not may_import(module, name))


@pytest.mark.parametrize("module", sorted(SOURCES))
def test_every_module_stands_on_a_floor(module: str) -> None:
    assert place_of(module) is not None, f"{module}: add its package to FLOORS"


@pytest.mark.parametrize("module", sorted(SOURCES))
def test_no_import_runs_up(module: str) -> None:
    path = SOURCES[module]
    assert climbing(module, path.read_text(), package=path.name == "__init__.py") == []


@pytest.mark.parametrize(
    ("low", "high"),
    [
        ("assistant.evening", "assistant.views"),  # the rooms never ask the hallway
        ("assistant.circles", "assistant.views"),
        ("assistant.night", "assistant.views"),
        ("assistant.circles", "assistant.evening"),  # the evening asks the circles, not back
        ("assistant.night", "assistant.evening"),  # two rooms on one floor know nothing of
        ("assistant.evening", "assistant.night"),  # each other
        ("assistant.play", "assistant.evening"),  # the play side knows no room
        ("assistant.play", "assistant.circles"),
        ("assistant.play", "assistant.night"),
        ("assistant.play", "assistant.store"),  # nor the store
        ("assistant.store", "assistant.play"),
        ("assistant.store", "assistant.live"),  # the store tells live/ by a signal
        ("assistant.live", "assistant.views"),
        ("assistant.lookup", "assistant.circles"),  # the look-ups ask the store alone
    ],
)
def test_the_floors_keep_the_rules(low: str, high: str) -> None:
    assert not may_import(f"{low}.room", f"{high}.room")


def test_an_import_up_is_caught() -> None:
    """The check fails on a module that climbs: at its top, inside a function, or written
    out whole; and passes one that imports only what stands below it."""
    assert climbing("assistant.play.made_up", "from ..views.games import show") == [
        "assistant.play.made_up -> assistant.views.games"
    ]
    inside = "def view():\n    from ..evening import view\n    return view\n"
    assert climbing("assistant.circles.made_up", inside) == [
        "assistant.circles.made_up -> assistant.evening",
        "assistant.circles.made_up -> assistant.evening.view",
    ]
    assert climbing("assistant.store.made_up", "import assistant.live.hub") == [
        "assistant.store.made_up -> assistant.live.hub"
    ]
    assert climbing("assistant.play.made_up", "from ..store import reads") != []  # a neighbour
    below = "from ..games import GAMES\nfrom . import base\nfrom .money import money\n"
    assert climbing("assistant.play.made_up", below) == []
