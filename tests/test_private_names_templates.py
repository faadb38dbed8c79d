"""No private name in the templates nor in our JavaScript: a template reads no attribute whose
name starts with an underscore (``field._value()``, ``form._fields``: WTForms, Jinja and the
rest may change those in any release without a word; our own objects have public names for
what a page needs), and our scripts ask nothing of htmx whose name starts with one. The
templates are read as Jinja reads them (its parser), so text around the tags cannot mislead."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from flask import Flask
from jinja2 import Environment, nodes

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"
SCRIPTS = ROOT / "static" / "js"
VENDORED = re.compile(r"^htmx-[\d.]+(\.min)?\.js$")  # htmx itself
# htmx._x, htmx["_x"], htmx.config._x, and a name taken apart from it: { _x } = htmx
HTMX_PRIVATE = re.compile(
    r"""\bhtmx(?:\s*\.\s*[A-Za-z$][\w$]*)*\s*(?:\.\s*_|\[\s*["'`]_)"""
    r"""|\{[^{}]*(?<![\w$])_[\w$]*[^{}]*\}\s*=\s*htmx\b"""
)


def private(name: object) -> bool:
    return isinstance(name, str) and name.startswith("_")


def private_reads(tree: nodes.Template) -> Iterator[tuple[int, str]]:
    """Every read of an underscored name in a parsed template: ``x._name``, ``x["_name"]``
    and ``x|attr("_name")``, as (line, what)."""
    for node in tree.find_all(nodes.Getattr):
        if private(node.attr):
            yield node.lineno, f".{node.attr}"
    for item in tree.find_all(nodes.Getitem):
        if isinstance(item.arg, nodes.Const) and private(item.arg.value):
            yield item.lineno, f"[{item.arg.value!r}]"
    for call in tree.find_all(nodes.Filter):
        named = call.args and isinstance(call.args[0], nodes.Const)
        if call.name == "attr" and named and private(call.args[0].value):
            yield call.lineno, f"|attr({call.args[0].value!r})"


def templates() -> list[Path]:
    return sorted(p for p in TEMPLATES.rglob("*") if p.is_file() and p.suffix in (".html", ".js"))


def scripts() -> list[Path]:
    return sorted(p for p in SCRIPTS.glob("*.js") if not VENDORED.match(p.name))


def htmx_private_lines(text: str) -> list[int]:
    return [n for n, line in enumerate(text.splitlines(), start=1) if HTMX_PRIVATE.search(line)]


def test_the_files_checked_are_there() -> None:
    assert TEMPLATES / "macros.html" in templates()
    assert SCRIPTS / "table.js" in scripts()
    assert not any(VENDORED.match(p.name) for p in scripts())
    assert any(VENDORED.match(p.name) for p in SCRIPTS.glob("*.js"))  # the one left out


def test_no_template_reads_a_private_name(app: Flask) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in templates()
        for line, what in private_reads(app.jinja_env.parse(path.read_text(), path.name))
    ]
    assert found == []


def test_no_script_nor_template_asks_htmx_for_a_private_name() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in [*scripts(), *templates()]
        for line in htmx_private_lines(path.read_text())
    ]
    assert found == []


def test_the_template_check_finds_what_it_looks_for() -> None:
    """Each way a template can reach an underscored name is found; public names and an
    underscore in text or in a template's file name are not."""
    source = """{% from "boodle/_macros.html" import x %}<p class="a_b">snake_case</p>
{{ field._value() }}
{% if form["_fields"] %}{{ loop.index }}{% endif %}
{{ form|attr("_prefix") }}{{ field.raw_data }}{{ field|input_value }}{{ names["Anna"] }}"""
    found = sorted(what for _line, what in private_reads(Environment().parse(source)))
    assert found == ["._value", "['_fields']", "|attr('_prefix')"]


def test_the_script_check_finds_what_it_looks_for() -> None:
    for private_use in (
        "htmx._loc.reload()",
        "htmx . _internal",
        "htmx['_x']",
        'htmx["_x"]',
        "htmx.config._secret = 1",
        "const { swap, _process } = htmx;",
    ):
        assert htmx_private_lines(private_use) == [1], private_use
    for public_use in (
        "htmx.ajax('GET', url)",
        "htmx.config.defaultSwap = 'outerHTML'",
        "htmx.swap(target, text, spec)",
        "const { swap } = htmx;",
        "elt._kept = htmx.find('#x')",  # our own name on our own object
        "let htmx_ = 1",
    ):
        assert htmx_private_lines(public_use) == [], public_use
