"""What every game's pages share: one replay per save, the import in one transaction, 404s for
links to nothing, and the app's own page when something breaks."""

from __future__ import annotations

import dataclasses
import importlib
import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.games import GAMES
from assistant.store import service as services
from assistant.store.models import Entry, Game, Table
from tests.examples import example_records
from tests.web.helpers import form_fields, import_record, post_entry, seat_fields, start_game


@pytest.fixture
def replays(app: Flask, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every replay of a record by any engine, wherever it is asked for (one that takes deals
    from an earlier replay counts as one too)."""
    calls: list[str] = []
    for kind, spec in list(GAMES.items()):
        original = spec.replay

        def counting(record, since=None, original=original):  # type: ignore[no-untyped-def]
            calls.append(record.game)
            return original(record) if since is None else original(record, since)

        monkeypatch.setattr(importlib.import_module(original.__module__), "replay", counting)
        resume = counting if spec.resume is not None else None
        monkeypatch.setitem(GAMES, kind, dataclasses.replace(spec, replay=counting, resume=resume))
    app.extensions["kept"].clear()
    return calls


def a_record_of_every_game() -> list[dict]:
    """One example record per registered game, the longest of its kind."""
    records: dict[str, dict] = {}
    for path in example_records():
        record = json.loads(path.read_text())
        kind = record["game"]
        if len(record["rounds"]) > len(records.get(kind, {"rounds": []})["rounds"]):
            records[kind] = record
    assert set(records) == set(GAMES)
    return list(records.values())


@pytest.mark.keeping
@pytest.mark.parametrize("record", a_record_of_every_game(), ids=lambda r: r["game"])
def test_a_saved_correction_replays_the_record_at_most_once(client, replays, record) -> None:
    table = start_game(client).token
    response = import_record(client, table, record)
    assert response.status_code == 303, response.text
    game = response.headers["Location"]
    correct = f"{game}rounds/1"
    page = client.get(correct).text  # the page as the phone shows it
    replays.clear()
    response = client.post(correct, data=form_fields(page, "rounds/1"))
    if response.status_code == 422:  # the round as it was: refused before any replay
        assert "Nothing was changed" in response.text and replays == []
        return
    assert response.status_code == 303, response.text
    assert replays in ([], [record["game"]])
    replays.clear()
    client.get(game)  # the page after the save is rendered from that replay
    assert replays == []


@pytest.mark.keeping
def test_an_entry_replays_once_and_a_live_step_not_at_all(client, replays) -> None:
    plump = start_game(client)
    client.get(plump.path)
    replays.clear()
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    response = post_entry(client, plump, {**bids, "trump": "S"})
    assert response.status_code == 303, response.text
    assert replays == ["plump"]
    tricks = seat_fields("tricks", {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3})
    assert post_entry(client, plump, tricks).status_code == 303
    page = client.get(plump.path + "rounds/1").text
    changed = {**form_fields(page, "rounds/1"), **seat_fields("tricks", {"Cia": 2, "Dan": 2})}
    replays.clear()
    response = client.post(plump.path + "rounds/1", data=changed)
    assert response.status_code == 303, response.text
    assert replays == ["plump"]  # a correction that changes the deal: replayed once

    mus = start_game(client, "mus")
    client.get(mus.path)
    replays.clear()
    response = post_entry(client, mus, {"act": "paso", "step": "lance-grande-1"})
    assert response.status_code == 303, response.text
    assert replays == []  # the hand is still being entered: only the draft changed


def test_an_import_is_one_transaction(client, app: Flask, monkeypatch) -> None:
    record = json.loads(example_records("plump")[0].read_text())

    def crash() -> None:
        raise RuntimeError("the database went away")

    with app.app_context():
        monkeypatch.setattr(db.session, "commit", crash)
        with pytest.raises(RuntimeError):
            services.import_record(json.dumps(record))
        monkeypatch.undo()
        assert db.session.execute(db.select(Table)).first() is None
        assert db.session.execute(db.select(Game)).first() is None
        assert db.session.execute(db.select(Entry)).first() is None


@pytest.mark.parametrize("what", ["", "poll", "export", "rules", "rounds/1"])
def test_a_game_id_too_large_for_the_database_is_404(client: FlaskClient, what: str) -> None:
    game = start_game(client)
    huge = 10**20
    assert client.get(f"/t/{game.token}/g/{huge}/{what}").status_code == 404
    assert client.get(f"/t/{game.token}/g/0/{what}").status_code == 404


def test_a_server_error_is_our_own_page_and_rolls_back(app: Flask) -> None:
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/test-breaks")
    def breaks() -> str:
        db.session.add(Table(players=["Anna", "Bo"]))
        db.session.flush()
        raise RuntimeError("a bug")

    client = app.test_client()
    response = client.get("/test-breaks")
    assert response.status_code == 500
    assert "nothing was saved" in response.text and "Traceback" not in response.text
    assert '<html lang="en">' in response.text
    fragment = client.get("/test-breaks", headers={"HX-Request": "true"})
    assert fragment.status_code == 500
    assert fragment.headers["HX-Retarget"] == "#main" and "<html" not in fragment.text
    swedish = client.get("/test-breaks?lang=sv")
    assert 'lang="sv"' in swedish.text
    with app.app_context():
        assert db.session.execute(db.select(Table)).first() is None
