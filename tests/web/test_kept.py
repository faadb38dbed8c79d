"""A game page drawn from the model kept for its version: the same page for everyone who reads
the game the same way, but never one phone's CSRF token, keys or notices for another."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant import create_app
from assistant.extensions import db
from assistant.keeping import made_once
from tests.examples import example_records
from tests.web.helpers import form_fields, imported_game, post_entry, seat_fields, start_game

BIDS = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})


def token_of(page: str) -> str:
    return re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)


def keys_of(page: str) -> list[str]:
    return re.findall(r'name="key"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="key"', page)


def test_each_phone_gets_its_own_token_and_fresh_keys(app, client: FlaskClient) -> None:
    game = start_game(client).path
    app.config["WTF_CSRF_ENABLED"] = True
    first = client.get(game).text  # its model kept
    other = app.test_client()
    second = other.get(game).text  # drawn from the kept model
    assert token_of(first) != token_of(second)
    keys = keys_of(first) + keys_of(second)
    assert len(keys) >= 2 and len(set(keys)) == len(keys)  # no key given twice
    # The token in the kept page is the second phone's own: its save goes through.
    fields = {
        name: value
        for name, value in form_fields(second, "/enter").items()  # the bids, not the set-up
        if name in ("csrf_token", "version", "step")
    }
    data = {**fields, **BIDS, "key": "the-second-phone-1"}
    response = other.post(game + "enter", data=data)
    assert response.status_code == 303, response.text
    # The first phone's token does not work for it.
    stale = {**data, "key": "the-second-phone-2", "csrf_token": token_of(first)}
    assert other.post(game + "enter", data=stale).status_code == 400


def test_what_one_phone_is_told_is_not_kept_for_another(app, client: FlaskClient) -> None:
    game = start_game(client)
    assert post_entry(client, game, BIDS, version=0).status_code == 303  # without htmx
    told = client.get(game.path).text
    assert "Bids of deal 1 saved" in told  # the line after the save, for this phone
    other = app.test_client().get(game.path).text
    assert "Bids of deal 1 saved" not in other
    assert "Bids of deal 1 saved" not in client.get(game.path).text  # said once


def test_a_kept_page_follows_the_language(app, client: FlaskClient) -> None:
    game = start_game(client).path
    english = client.get(game).text
    chose_swedish = app.test_client()
    chose_swedish.get("/?lang=sv")  # this phone's own choice, remembered
    swedish = chose_swedish.get(game).text
    assert "Save bids" in english and "Save bids" not in swedish
    assert 'lang="sv"' in swedish


def test_a_kept_page_is_in_the_tables_language_for_a_phone_without_a_choice(app) -> None:
    creator = app.test_client()
    creator.get("/?lang=sv")
    game = start_game(creator).path  # a Swedish table
    chose_english = app.test_client()
    chose_english.get("/?lang=en")
    assert "Save bids" in chose_english.get(game).text  # kept in English
    english_browser = app.test_client().get(game, headers={"Accept-Language": "en"}).text
    assert 'lang="sv"' in english_browser and "Save bids" not in english_browser


def test_a_page_asked_with_other_arguments_is_not_kept_for_another_phone(app, client) -> None:  # type: ignore[no-untyped-def]
    game = start_game(client).path
    asked = client.get(game + "?from=somewhere-else").text
    assert "somewhere-else" in asked  # the language links keep the page's own arguments
    assert "somewhere-else" not in app.test_client().get(game).text


# What is new in every drawing of a page: a phone's CSRF token and the idempotency keys.
FRESH = re.compile(
    r'("X-CSRFToken": ")[^"]+'
    r'|((?:name="key"|name="csrf_token")[^>]*value=")[^"]+'
    r'|(value=")[^"]+("[^>]*name="(?:key|csrf_token)")'
    r"|((?:word|key)-)[\w-]{16}(?![\w-])"  # a popover's id, new in every drawing (may end in -)
)


def without_fresh(page: str) -> str:
    """The page but for what is new in every drawing of it."""
    return FRESH.sub(lambda found: "".join(part for part in found.groups() if part), page)


# A game of each kind where players come and go (test_answer_rows.py goes through them all).
COME_AND_GO = [path for path in example_records() if path.stem.endswith("-come-and-go")]


def keeping(app: Flask, on: bool) -> Flask:
    """Another app on ``app``'s database, keeping things or not, whatever the suite was run
    with (``FLASK_KEEP_IN_PROCESS=false``)."""
    return create_app({**app.config, "KEEP_IN_PROCESS": on})


@pytest.mark.parametrize("path", COME_AND_GO, ids=lambda p: p.stem)
def test_a_kept_page_is_the_page_made_with_nothing_kept(app: Flask, path: Path) -> None:
    game = imported_game(app.test_client(), json.loads(path.read_text())).path
    kept_app, fresh_app = keeping(app, True), keeping(app, False)
    client, fresh = kept_app.test_client(), fresh_app.test_client()
    for asked in (game, game + "?sheet=all", game + "history"):
        made, kept = client.get(asked).text, client.get(asked).text  # the second from the keep
        anew = fresh.get(asked).text
        assert without_fresh(kept) == without_fresh(made) == without_fresh(anew), asked
    assert kept_app.extensions["kept"].pages.copy()  # the second was drawn from the keep
    nothing = fresh_app.extensions["kept"]
    assert (
        not (nothing.made.copy() or nothing.replays.kept.copy() or nothing.pages.copy())
        and not nothing.sheets.copy()
    )
    for each in (kept_app, fresh_app):
        with each.app_context():
            db.engine.dispose()


def test_made_once_makes_once_while_the_app_keeps_things(app: Flask) -> None:
    made: list[int] = []

    def make(n: int) -> list[int]:
        made.append(n)
        return [n]

    assert made_once(make, 1) is not made_once(make, 1)  # no app (the phone's page model)
    on, off = keeping(app, True), keeping(app, False)
    with on.app_context():
        assert made_once(make, 2) is made_once(make, 2)
        assert made == [1, 1, 2]
        on.extensions["kept"].clear()
        made_once(make, 2)
        assert made == [1, 1, 2, 2]
    with off.app_context():
        assert made_once(make, 3) is not made_once(make, 3)
        assert made == [1, 1, 2, 2, 3, 3]
    for each in (on, off):
        with each.app_context():
            db.engine.dispose()
