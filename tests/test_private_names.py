"""No library's private API: nothing with a leading underscore is taken from Flask, Jinja,
Werkzeug, WTForms, Flask-WTF, SQLAlchemy, Flask-SQLAlchemy, Flask-Babel, Flask-Limiter, Babel
or segno (an import of it, an attribute of one of their modules or objects, a method of their
class overridden or called through ``super()``), nor from htmx in our JavaScript. Such a name
may change in any release without a word."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = frozenset(
    {
        "flask",
        "jinja2",
        "werkzeug",
        "wtforms",
        "flask_wtf",
        "sqlalchemy",
        "flask_sqlalchemy",
        "flask_babel",
        "flask_limiter",
        "babel",
        "segno",
        "markupsafe",
    }
)
# A name with an underscore that its library documents for overriding: WTForms' guide to
# custom fields writes ``Field._value`` (the text the input shows) in its own example.
DOCUMENTED_HOOKS = frozenset({"_value"})
HTMX_PRIVATE = re.compile(r"\bhtmx\s*(?:\.\s*_|\[\s*[\"']_)")


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def from_library(module: str | None) -> bool:
    return module is not None and module.split(".")[0] in LIBRARIES


def library_names(tree: ast.Module) -> set[str]:
    """The names a module binds to a library's modules or objects."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {
                (a.asname or a.name).split(".")[0] for a in node.names if from_library(a.name)
            }
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and from_library(node.module):
            names |= {a.asname or a.name for a in node.names}
    return names


def root_name(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    return node.id if isinstance(node, ast.Name) else None


def is_super(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) == "super"


def uses(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Every use of a private name of a library in ``tree``: (line, what)."""
    names = library_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and from_library(node.module):
            parts = [*(node.module or "").split("."), *(a.name for a in node.names)]
            yield from ((node.lineno, f"import {p}") for p in parts if private(p))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if from_library(alias.name) and any(map(private, alias.name.split("."))):
                    yield node.lineno, f"import {alias.name}"
        elif isinstance(node, ast.Attribute) and private(node.attr):
            if root_name(node.value) in names or is_super(node.value):
                yield node.lineno, f".{node.attr}"
        elif isinstance(node, ast.ClassDef) and {root_name(b) for b in node.bases} & names:
            for item in node.body:
                named = isinstance(item, ast.FunctionDef) and private(item.name)
                if named and item.name not in DOCUMENTED_HOOKS:
                    yield item.lineno, f"{node.name}.{item.name} overrides a library's own"


def python_files() -> list[Path]:
    return sorted(
        path
        for folder in ("assistant", "tests", "bench")
        for path in (ROOT / folder).rglob("*.py")
        if "translations" not in path.parts
    )


def test_no_private_name_of_a_library_is_used() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in python_files()
        for line, what in uses(ast.parse(path.read_text(), str(path)))
    ]
    assert found == []


def test_our_javascript_asks_nothing_private_of_htmx() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "static" / "js").rglob("*.js"))
        if not path.name.startswith("htmx")  # htmx itself
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if HTMX_PRIVATE.search(line)
    ]
    assert found == []


def test_the_check_finds_what_it_looks_for() -> None:
    """Each kind of use the check knows, written as it was once in the app, is found."""
    code = """
from flask import g
from flask_wtf import csrf
from jinja2 import Template
from werkzeug._internal import _log
import sqlalchemy.orm._private
class AppTemplate(Template):
    def _get_default_module(self, ctx=None):
        return super()._get_default_module(ctx)
g._csrf_token = 1
csrf._helper()
"""
    found = sorted(what for _line, what in uses(ast.parse(code)))
    assert found == sorted(
        [
            "import _internal",
            "import _log",
            "import sqlalchemy.orm._private",
            "AppTemplate._get_default_module overrides a library's own",
            "._get_default_module",
            "._csrf_token",
            "._helper",
        ]
    )
    assert HTMX_PRIVATE.search("htmx._loc.reload()") and not HTMX_PRIVATE.search("htmx.ajax()")
