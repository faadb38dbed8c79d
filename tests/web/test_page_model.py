"""A game page is one value (``play/page.py:GamePage``), built from the replay and plain facts
of the game and its table, without an app, a database or a request: built so for every example
record and drawn with the app's templates, it is the page the app serves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask, has_app_context
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.games import find_game
from assistant.games.spec import Loaded
from assistant.play import adapter_for
from assistant.play.page import GameFacts, TableFacts, game_page
from assistant.store.models import Game
from assistant.store.records import parse_record
from assistant.views.shown import draw_game, game_facts, table_facts
from tests.examples import example_records
from tests.web.helpers import import_record, start_game

# What differs between two drawings of one page for two phones: the CSRF token, the forms'
# keys and the ids made with them.
OWN = (
    (re.compile(r'(name="csrf_token" value=")[^"]*'), r"\1…"),
    (re.compile(r'("X-CSRFToken": ")[^"]*'), r"\1…"),
    (re.compile(r'(name="key" value=")[^"]*'), r"\1…"),
    (re.compile(r"\b(word|key)-[A-Za-z0-9_-]{16}(?![A-Za-z0-9_-])"), r"\1-…"),
)


def game_part(page: str) -> str:
    """The ``#game`` section, with what belongs to one phone alone blanked out."""
    start = page.index('<section id="game"')
    part = page[start : page.index("</main>", start)]
    for pattern, blank in OWN:
        part = pattern.sub(blank, part)
    return part


def stored_facts(app: Flask, game_id: int) -> tuple[GameFacts, TableFacts]:
    with app.app_context():
        game = db.session.get(Game, game_id)
        assert game is not None
        return game_facts(game), table_facts(game.table)


@pytest.mark.parametrize("path", example_records(), ids=lambda p: p.stem)
def test_the_page_model_draws_the_page_the_app_serves(
    app: Flask, client: FlaskClient, path: Path
) -> None:
    data = json.loads(path.read_text())
    response = import_record(client, start_game(client).token, data)
    assert response.status_code == 303, response.text
    url = response.headers["Location"]
    served = client.get(url).text
    game_id = int(url.rstrip("/").rsplit("/", 1)[1])
    facts, table = stored_facts(app, game_id)

    assert not has_app_context()  # the model is built on its own
    record = parse_record(data)
    spec = find_game(record.game)
    loaded = Loaded(record, spec.replay(record), spec, settings=facts.settings)
    page = game_page(adapter_for(record.game), facts, table, loaded)
    assert page.game.version == len(record.rounds)

    with app.test_request_context(url):
        drawn = draw_game(page)
    assert game_part(drawn) == game_part(served)
