"""``flask score`` (docs/records.md), ``flask export``/``import`` of games, ``flask translate``,
``flask phone build`` (the app for the phone, ``bundle.py``)."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

import click
from babel.messages.frontend import CommandLineInterface
from flask import Flask, current_app, url_for
from flask.cli import with_appcontext

from .bundle import make_bundle
from .extensions import db
from .games.base import RuleError
from .store.models import Game
from .store.records import dump_record, score_text
from .store.service import import_record, record_of

ROOT = Path(__file__).resolve().parent
TRANSLATIONS = ROOT / "translations"
CATALOG = TRANSLATIONS / "messages.pot"


@click.command("score")
@click.argument("record", type=click.File("r", encoding="utf-8"))
def score_command(record: TextIO) -> None:
    """Print what the engine derives from a game record (FILE, or - for standard input)."""
    try:
        result = score_text(record.read())
    except RuleError as error:
        click.echo(str(error), err=True)
        sys.exit(1)
    click.echo(json.dumps(result, ensure_ascii=False, indent=2))


@click.command("export")
@click.argument("game_id", type=int)
@with_appcontext
def export_command(game_id: int) -> None:
    """Print a stored game as a record (docs/records.md)."""
    game = db.session.get(Game, game_id)
    if game is None:
        raise click.ClickException(f"no game {game_id}")
    click.echo(json.dumps(dump_record(record_of(game)), ensure_ascii=False, indent=2))


@click.command("import")
@click.argument("record", type=click.File("r", encoding="utf-8"))
@with_appcontext
def import_command(record: TextIO) -> None:
    """Store a record as a new game at a new table and print its link."""
    try:
        game = import_record(record.read())
    except RuleError as error:
        raise click.ClickException(str(error)) from None
    with current_app.test_request_context():  # a link needs a request; the path is enough here
        click.echo(url_for("games.show", token=game.table.token, game_id=game.id))


@click.group("translate")
def translate_group() -> None:
    """Translation catalogs (wraps pybabel)."""


def pybabel(*args: str) -> None:
    # Babel's command line is not typed: its one entry point, as the app calls it.
    run: Callable[[list[str]], object] = CommandLineInterface().run
    run(["pybabel", "-q", *args])


@translate_group.command("update")
def translate_update() -> None:
    """Extract the messages and merge them into every language's catalog."""
    # From the project's folder with relative paths: the catalogs name files, not machines.
    with contextlib.chdir(ROOT.parent):
        pybabel(
            "extract",
            "-F",
            "babel.cfg",
            "-k",
            "_l",
            "-k",
            "N_",
            "-k",
            "NN_:1,2",
            "--sort-by-file",
            "-o",
            str(CATALOG.relative_to(ROOT.parent)),
            ".",
        )
    if any(TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")):
        pybabel(
            "update",
            "-i",
            str(CATALOG),
            "-d",
            str(TRANSLATIONS),
            "--no-fuzzy-matching",
            "--ignore-obsolete",
        )


@translate_group.command("init")
@click.argument("language")
def translate_init(language: str) -> None:
    pybabel("init", "-i", str(CATALOG), "-d", str(TRANSLATIONS), "-l", language)


@translate_group.command("compile")
def translate_compile() -> None:
    """Compile the catalogs (the .mo files are built, not committed)."""
    pybabel("compile", "-d", str(TRANSLATIONS))


@click.group("phone")
def phone_group() -> None:
    """The app for play without signal."""


@phone_group.command("build")
@with_appcontext
def phone_build() -> None:
    """Make the phone's bundle of this version of the app, unless it was made (``bundle.py``):
    gunicorn runs this as it starts (``gunicorn.conf.py``), never a request."""
    made = make_bundle(current_app)
    sizes = ", ".join(
        f"{name} {made.path(encoding).stat().st_size / 1e6:.2f} MB"
        for name, encoding in (("stored", None), ("brotli", "br"), ("gzip", "gzip"))
    )
    click.echo(f"{made.path()} ({sizes})")


def register_commands(app: Flask) -> None:
    commands = (score_command, export_command, import_command, translate_group, phone_group)
    for command in commands:
        app.cli.add_command(command)
