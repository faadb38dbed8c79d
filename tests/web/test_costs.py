"""What a request costs the database and the engines: SQL statements and replays counted (never
time). A poll that finds nothing new is one query; a page of a version already replayed is one
query; a save is a handful of statements and one replay, and its answer replays nothing more."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from flask import Flask
from sqlalchemy import event

from assistant.extensions import db
from assistant.store.models import Game
from tests.web import test_house
from tests.web.helpers import form_fields, import_record, post_entry, seat_fields, start_game
from tests.web.test_house import a_record_of_every_game

replays = test_house.replays  # the fixture that counts the replays
pytestmark = pytest.mark.keeping  # these tests count what keeping saves

HTMX = {"HX-Request": "true"}


@contextmanager
def statements(app: Flask) -> Iterator[list[str]]:
    """Every SQL statement sent while inside."""
    sent: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        sent.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield sent
    finally:
        event.remove(engine, "before_cursor_execute", count)


def imported(client, record: dict) -> tuple[str, str]:
    """A game of ``record`` stored at a new table: its path and the page as a phone shows it."""
    table = start_game(client).token
    response = import_record(client, table, record)
    assert response.status_code == 303, response.text
    game = response.headers["Location"]
    return game, client.get(game).text


def version(page: str) -> int:
    return int(re.search(r'id="game"[^>]*data-version="(\d+)"', page).group(1))


@pytest.mark.parametrize("record", a_record_of_every_game(), ids=lambda r: r["game"])
def test_an_unchanged_poll_is_one_query_and_no_cookie(app, client, replays, record) -> None:
    game, page = imported(client, record)
    replays.clear()
    with statements(app) as sent:
        response = client.get(f"{game}poll?version={version(page)}", headers=HTMX)
    assert response.status_code == 204
    assert len(sent) == 1, sent
    assert "Set-Cookie" not in response.headers
    assert replays == []


@pytest.mark.parametrize("record", a_record_of_every_game(), ids=lambda r: r["game"])
def test_a_page_already_replayed_is_one_query(app, client, replays, record) -> None:
    game, _page = imported(client, record)
    replays.clear()
    with statements(app) as sent:
        assert client.get(game).status_code == 200
    assert len(sent) == 1, sent  # the game with its table: no rounds read, nothing replayed
    assert replays == []


@pytest.mark.parametrize("record", a_record_of_every_game(), ids=lambda r: r["game"])
def test_an_undo_is_a_few_statements_and_one_replay(app, client, replays, record) -> None:
    game, page = imported(client, record)
    replays.clear()
    with statements(app) as sent:
        response = client.post(f"{game}undo", data=form_fields(page, "/undo"), headers=HTMX)
    assert response.status_code == 200, response.text
    assert version(response.text) == version(page) + 1
    # The game and its table, the guarded update, the rounds rewritten (the last one taken
    # away, or written again without its last step), the log; PostgreSQL's NOTIFY to the others.
    with app.app_context():
        notify = db.engine.dialect.name == "postgresql"
    assert len(sent) <= 5 + notify, sent
    assert replays == [record["game"]]  # the answer is made from the replay of the save


def test_an_entry_is_five_statements_and_one_replay(app, client, replays) -> None:
    plump = start_game(client)
    client.get(plump.path)
    replays.clear()
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    with statements(app) as sent:
        response = post_entry(client, plump, bids, version=0, headers=HTMX)
    assert response.status_code == 200, response.text
    assert version(response.text) == 1
    # game and table, update, the new round, the log (and PostgreSQL's NOTIFY to the others)
    with app.app_context():
        notify = db.engine.dialect.name == "postgresql"
    assert len(sent) == 4 + notify, sent
    assert replays == ["plump"]


def test_a_double_tap_and_a_stale_post_replay_nothing(app, client, replays) -> None:
    plump = start_game(client)
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    assert post_entry(client, plump, bids, version=0, key="the-first-tap").status_code == 303
    replays.clear()
    with statements(app) as sent:
        response = post_entry(client, plump, bids, version=0, key="the-first-tap")
    assert response.status_code == 303  # already saved
    assert len(sent) == 2, sent  # the game and its table, the key: nothing else is built
    response = post_entry(client, plump, bids, version=0, key="another-phone-late")
    assert response.status_code == 409
    assert replays == []


def test_a_used_key_on_a_form_of_the_current_version_stores_nothing(app, client) -> None:
    """Such a form is not looked up before it is built (no saved form can be of the current
    version); the key's unique index still refuses it."""
    plump = start_game(client)
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    assert post_entry(client, plump, bids, version=0, key="the-first-tap").status_code == 303
    tricks = seat_fields("tricks", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 4})
    response = post_entry(client, plump, tricks, version=1, key="the-first-tap", headers=HTMX)
    assert response.status_code == 200
    assert "Already saved." in response.text
    assert version(response.text) == 1
    with app.app_context():
        game = db.session.execute(db.select(Game)).scalar_one()
        assert [set(entry.payload) for entry in game.entries] == [{"bids"}]


def test_the_forms_own_catalog_is_read_once_per_language(app, client, monkeypatch) -> None:
    """WTForms' messages come from a catalog file: read once in the process, not per save."""
    from babel import support

    read: list[tuple[str, ...]] = []
    load = support.Translations.load

    def counted(dirname, locales, domain):  # type: ignore[no-untyped-def]
        if domain == "wtforms":
            read.append(tuple(str(locale) for locale in locales))
        return load(dirname, locales, domain)

    plump = start_game(client)
    app.extensions["kept"].clear()  # what the start read, read again after it
    monkeypatch.setattr(support.Translations, "load", counted)
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    assert post_entry(client, plump, bids, version=0).status_code == 303
    tricks = seat_fields("tricks", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 4})
    assert post_entry(client, plump, tricks, version=1).status_code == 303
    client.get(plump.path + "?lang=sv")
    nobody = seat_fields("bids", dict.fromkeys(("Anna", "Bo", "Cia", "Dan"), 0))
    assert post_entry(client, plump, nobody, version=2).status_code == 303
    assert read == [("en",), ("sv",)]


def test_a_save_replays_the_deal_it_changed_not_the_game(app, client, monkeypatch) -> None:
    """The save's replay takes the deals before it from the replay it started from; a worker
    that kept only an older version of the game replays the deals since that one."""
    from assistant.games import plump

    game = start_game(client)
    everyone, plan = ("Anna", "Bo", "Cia", "Dan"), plump.deal_plan({}, 4)

    def entry(step: str, deal: int) -> dict:  # nobody bids, one player takes every trick
        counts = dict.fromkeys(everyone, 0)
        return seat_fields(step, counts | ({"Bo": plan[deal - 1]} if step == "tricks" else {}))

    for version in range(6):  # three deals, bids then tricks
        step = ("bids", "tricks")[version % 2]
        assert (
            post_entry(client, game, entry(step, version // 2 + 1), version=version).status_code
            == 303
        )
    replayed: list[int] = []
    replay_deal = plump._replay_deal

    def counted(setup, *args):  # type: ignore[no-untyped-def]
        replayed.append(setup.deal)
        return replay_deal(setup, *args)

    monkeypatch.setattr(plump, "_replay_deal", counted)
    assert post_entry(client, game, entry("bids", 4), version=6).status_code == 303
    assert replayed == [4]  # the new deal only
    with app.app_context():
        stored = db.session.execute(db.select(Game)).scalar_one()
        replays = app.extensions["kept"].replays
        kept = replays.latest(stored)
        assert kept is not None and len(kept[0].rounds) == 4
        # As if the other worker had saved the last three entries: this one kept version 4.
        earlier = kept[0].with_rounds(kept[0].rounds[:2])
        replays.clear()
        replays.put(stored, 4, plump.replay(earlier), earlier)
    replayed.clear()
    assert post_entry(client, game, entry("tricks", 4), version=7).status_code == 303
    assert replayed == [3, 4, 4]  # the game as read (from deal 3 on), then the save's deal


def test_a_poll_after_another_phones_save_is_drawn_from_the_page_that_save_made(
    app, client, replays
) -> None:
    """Two light reads (the page's look with its version, what changed), no game read through
    the ORM and nothing replayed; and it says what the other phone did."""
    plump = start_game(client)
    page = client.get(plump.path).text
    watch = "/v/" + page.split('href="/v/')[1].split('"')[0]
    other, tv, another_tv = app.test_client(), app.test_client(), app.test_client()
    for phone, path in ((other, plump.path), (tv, watch), (another_tv, watch)):
        assert phone.get(path).status_code == 200
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    assert post_entry(client, plump, bids, version=0, headers=HTMX).status_code == 200
    assert tv.get(f"{watch}?version=0", headers=HTMX).status_code == 200  # the TV's page made
    replays.clear()
    for phone, asked in (
        (other, f"{plump.path}poll?version=0"),
        (another_tv, f"{watch}?version=0"),
    ):
        with statements(app) as sent:
            response = phone.get(asked, headers=HTMX)
        assert response.status_code == 200
        assert version(response.text) == 1
        assert 'data-elsewhere="Bids of deal 1 saved.' in response.text
        assert len(sent) == 2, sent
    assert replays == []
