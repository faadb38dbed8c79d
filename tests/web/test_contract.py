"""The contract every registered game keeps, and a toy fifth game that keeps it too.

A game is one folder in each layer: ``assistant/games/<kind>/`` (its rules, its live round and
its option schema), ``assistant/play/<kind>/`` (its adapter), ``templates/<kind>/`` and, if it
has any, ``static/<kind>/``; example records show what ``score`` prints for it. Everything else
finds the game through the registry (``assistant.games.GAMES``).
"""

from __future__ import annotations

import importlib
import json
import re
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

import assistant.games
import assistant.play
from assistant.games import GAMES
from assistant.games.base import Message
from assistant.games.options import OptionsSchema
from assistant.games.seating import everyone
from assistant.games.spec import GameSpec
from assistant.play import adapter_for
from assistant.play.base import Adapter
from assistant.store.records import parse_record
from tests.web.helpers import import_record

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "toy"
TEMPLATES = ("_banner.html", "_panel.html", "_sheet.html", "_round.html", "rules.html")
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "N_": None, "_l": None}
NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus", "Hed")


def players_for(spec: GameSpec) -> list[str]:
    return list(NAMES[: min(max(4, spec.min_players), spec.max_players)])


def keeps_the_contract(app: Flask, client: FlaskClient, kind: str, examples: Path) -> None:
    """What a registered game must have and do, checked through the app's own machinery."""
    spec = GAMES[kind]
    assert spec.kind == kind
    assert isinstance(spec.options, OptionsSchema) and spec.options.presets
    adapter = adapter_for(kind)
    assert isinstance(adapter, Adapter) and adapter.kind == kind
    for name in TEMPLATES:
        app.jinja_env.get_template(f"{kind}/{name}")

    records = sorted(p for p in examples.glob(f"{kind}-*.json") if ".expected." not in p.name)
    assert records, f"no example record of {kind}"
    runner = app.test_cli_runner()
    for path in records:
        result = runner.invoke(args=["score", str(path)])
        assert result.exit_code == 0, result.output
        want = json.loads(path.with_name(path.stem + ".expected.json").read_text())
        got = json.loads(result.stdout)
        got.pop("settlement", None), want.pop("settlement", None)  # several are equally short
        assert got == want, path.name

    # The set-up, with the game's first preset, then its pages.
    players = players_for(spec)
    data = {"step": "players", "game": kind, **{f"players-{i}": p for i, p in enumerate(players)}}
    step_two = client.post("/new", data=data)
    assert step_two.status_code == 200 and f'name="{kind}-preset"' in step_two.text
    data.update(
        {"step": "options", "first": players[0], f"{kind}-preset": spec.options.presets[0].name}
    )
    created = client.post("/new", data=data)
    assert created.status_code == 303, created.text
    game = created.headers["Location"]
    page = client.get(game)
    assert page.status_code == 200 and 'data-version="0"' in page.text
    assert client.get(game + "rules").status_code == 200
    watch = re.search(r'href="(/v/[^"]+)"', page.text).group(1)
    assert client.get(watch).status_code == 200

    # An example record imported: its page, its correction page, and its export scores the same.
    token = game.split("/")[2]
    record = json.loads(records[0].read_text())
    imported = import_record(client, token, record)
    assert imported.status_code == 303, imported.text
    game = imported.headers["Location"]
    assert client.get(game).status_code == 200
    if record["rounds"]:
        assert client.get(game + "rounds/1").status_code == 200
        # The game page offers a correction of each round; its watch view offers none.
        shown = client.get(game).text
        watched = client.get(re.search(r'href="(/v/[^"]+)"', shown).group(1)).text
        assert "/rounds/1" in shown
        assert "/rounds/" not in watched and "to correct it" not in watched
    exported = client.get(game + "export").get_data(as_text=True)
    assert spec.score(parse_record(json.loads(exported))) == spec.score(parse_record(record))
    keeps_the_evening(client, spec, game, records)


def keeps_the_evening(client: FlaskClient, spec: GameSpec, game: str, records: list[Path]) -> None:
    """What the game contributes to the evening (GameSpec.evening), for each example record:
    a result naming every player, stakes that add up to zero, counters and figures, a sheet
    of one row per round; and on the pages: the table shows it, a stake can be put on it, its
    sheet downloads as CSV."""
    rules = spec.evening
    assert rules.bases and len({basis.name for basis in rules.bases}) == len(rules.bases)
    for path in records:
        record = parse_record(json.loads(path.read_text()))
        replay = spec.replay(record)
        outcome = rules.outcome(replay)
        people = set(everyone(record))  # a substitute (Mus) too
        shown = {name for score in outcome.scores for name in score.who}
        assert shown <= people and shown | set(outcome.people) == people
        assert set(outcome.winners) <= people and outcome.ended().finished
        for basis in rules.bases:
            units = basis.units(replay)
            assert set(units) <= people and sum(units.values()) == 0, basis.name
        for name in people:
            assert all(isinstance(m, Message) for m in rules.figures(rules.tally(replay, name)))
        sheet = rules.sheet(replay)
        assert len(sheet.rows) == len(record.rounds)
        assert all(len(row) == len(sheet.columns) for row in sheet.rows)

    table = "/".join(game.split("/")[:3]) + "/"
    game_id = int(game.rstrip("/").split("/")[-1])
    page = client.get(table).text
    assert f'id="game-{game_id}"' in page and spec.title in page
    stake = {f"g{game_id}-amount": "0.25", f"g{game_id}-basis": rules.bases[-1].name,
             f"g{game_id}-key": "contract-stake"}  # fmt: skip
    assert client.post(f"{table}stakes/{game_id}", data=stake).status_code == 303
    assert "0.25" in client.get(table).text
    rows = client.get(game + "sheet.csv").get_data(as_text=True).strip().splitlines()
    assert len(rows) == 1 + len(parse_record(json.loads(records[0].read_text())).rounds)


def untranslated(app: Flask, kind: str) -> dict[str, list[str]]:
    """The game's own messages (engine, adapter, templates) without a translation, per shipped
    language."""
    folders = [
        (ROOT / "assistant" / "games" / kind, "python"),
        (ROOT / "assistant" / "play" / kind, "python"),
        (ROOT / "templates" / kind, "jinja2"),
    ]
    ids = {
        message if isinstance(message, str) else message[0]
        for folder, method in folders
        for _file, _line, message, _comments, _context in extract_from_dir(
            str(folder),
            method_map=[(f"**.{'py' if method == 'python' else 'html'}", method)],
            keywords=KEYWORDS,
        )
    }
    assert ids, kind
    missing = {}
    for language in app.config["LANGUAGES"]:
        if language == app.config["BABEL_DEFAULT_LOCALE"]:
            continue
        path = ROOT / "assistant" / "translations" / language / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as handle:
            catalog = read_po(handle)
        missing[language] = sorted(
            msgid
            for msgid in ids
            if (entry := catalog.get(msgid)) is None
            or entry.fuzzy
            or not all(entry.string if isinstance(entry.string, tuple) else [entry.string])
        )
    return {language: ids for language, ids in missing.items() if ids}


@pytest.mark.parametrize("kind", GAMES)
def test_every_game_keeps_the_contract(app: Flask, client: FlaskClient, kind: str) -> None:
    keeps_the_contract(app, client, kind, ROOT / "examples")


@pytest.mark.parametrize("kind", GAMES)
def test_every_game_speaks_every_shipped_language(app: Flask, kind: str) -> None:
    assert untranslated(app, kind) == {}


@pytest.fixture
def toy(app: Flask, monkeypatch: pytest.MonkeyPatch) -> str:
    """The toy game, from its own folders, registered with one line as a real game is."""
    monkeypatch.setattr(
        assistant.games, "__path__", [*assistant.games.__path__, str(TOY / "games")]
    )
    monkeypatch.setattr(assistant.play, "__path__", [*assistant.play.__path__, str(TOY / "play")])
    monkeypatch.setattr(
        app.jinja_loader, "searchpath", [*app.jinja_loader.searchpath, str(TOY / "templates")]
    )
    for name in ("assistant.games.toy", "assistant.play.toy"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    monkeypatch.setitem(
        GAMES, "toy", importlib.import_module("assistant.games.toy").SPEC
    )  # the line
    return "toy"


def test_a_fifth_game_needs_only_its_own_folders(app: Flask, client: FlaskClient, toy: str) -> None:
    """Its strings are not shipped in the catalogs (the toy is not a game anyone plays), so the
    translation check is the one part of the contract it is spared."""
    keeps_the_contract(app, client, toy, TOY / "examples")
    page = client.get("/new")
    assert "Toy" in page.text  # the set-up offers it, as it offers every registered game
