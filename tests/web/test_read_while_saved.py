"""A page read while another phone saves: what one request shows is of one version.

The game's row and its rounds are two reads; another worker may save between them. The page
must not pair one version's number with another's rounds (nor keep such a pair for the next
phone), and a request that draws its page twice (a refused post drawn again) draws the page
its form was made from, even when what the process kept was dropped in between.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event

from assistant.extensions import db
from assistant.store.kept import kept
from assistant.store.tablefile import FORMAT, import_table_data
from assistant.views import respond
from tests.web.helpers import GameUrl, post_entry, seat_fields, start_game

BIDS = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})


def drawn(page: str) -> tuple[int, bool]:
    """The version a page says it shows, and whether it asks for tricks (else for bids)."""
    version = int(re.search(r'data-version="(\d+)"', page).group(1))
    return version, "Tricks taken" in page


def forget_what_was_kept(app: Flask) -> None:
    with app.app_context():
        kept().clear()


@contextmanager
def just_before(app: Flask, sent: str, meanwhile: Callable[[], int]) -> Iterator[list[int]]:
    """While inside: just before this app sends its first statement holding ``sent``,
    ``meanwhile`` runs (another phone's request); the list holds the status it was answered."""
    answered: list[int] = []

    def first(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        if not answered and sent in statement:
            answered.append(meanwhile())

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", first)
    try:
        yield answered
    finally:
        event.remove(engine, "before_cursor_execute", first)


def test_a_save_between_the_games_row_and_its_rounds_shows_one_version(
    app: Flask, client: FlaskClient, elsewhere: FlaskClient
) -> None:
    game = start_game(client)
    forget_what_was_kept(app)
    save = lambda: post_entry(elsewhere, game, BIDS, version=0).status_code  # noqa: E731
    with just_before(app, "game.version", save) as saved:  # the game's first read
        version, tricks = drawn(client.get(game.path).text)
    assert saved == [303]
    assert (version, tricks) == (1, True)  # the version read with its rounds, not 0 with them
    # Nothing of the other version was kept under this one: the next phone reads it right.
    assert drawn(app.test_client().get(game.path).text) == (1, True)


def test_a_refused_post_is_drawn_with_the_page_its_form_was_made_from(
    app: Flask, client: FlaskClient, elsewhere: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the form's judging and its drawing, the process drops what it kept and another
    phone saves: the answer is the refused form on its own step, never a page of two steps."""
    game = start_game(client)
    drawn_again = respond.refused_parts

    def meanwhile(asked: Any, error: Any) -> dict[str, Any]:
        kept().clear()
        assert post_entry(elsewhere, game, BIDS, version=0).status_code == 303
        return drawn_again(asked, error)

    monkeypatch.setattr(respond, "refused_parts", meanwhile)
    forbidden = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 4})  # adds up to 10
    response = post_entry(client, game, forbidden, version=0)
    assert response.status_code == 422, response.text
    assert drawn(response.text) == (0, False)
    assert "The dealer may not bid 4" in response.text
    assert re.search(r'name="bids_1" value="3"\s+checked', response.text)  # Bo's 3 kept


def test_bids_overtaken_by_a_deal_set_up_again_are_kept_in_the_new_deals_fields(
    app: Flask, client: FlaskClient, elsewhere: FlaskClient
) -> None:
    """A phone saves the bids of a deal Dan sits out; just before, another phone deals him in
    again. The bids are kept, in the form of the deal as it is now (Dan's bid asked too)."""
    game = start_game(client)
    toggle_dan = {"step": "setup-1", "toggle": 3}
    assert post_entry(client, game, toggle_dan).status_code == 303  # he sits it out
    deal_him_in = lambda: post_entry(elsewhere, game, toggle_dan, version=1).status_code  # noqa: E731
    three = {"step": "bids-1", **seat_fields("bids", {"Bo": 3, "Cia": 2, "Anna": 3})}
    with just_before(app, "UPDATE game", deal_him_in) as dealt_in:
        response = post_entry(client, game, three, version=1)
    assert dealt_in == [303]
    assert response.status_code == 409, response.text
    assert "Your input is kept" in response.text
    assert drawn(response.text) == (2, False)
    assert re.search(r'name="bids_1" value="3"\s+checked', response.text)  # Bo's 3 kept
    assert 'name="bids_3"' in response.text and not re.search(
        r'name="bids_3" value="\d+"\s+checked', response.text
    )  # Dan's bid asked, none given


def test_a_correction_of_a_round_undone_meanwhile_sends_the_phone_to_the_game(
    app: Flask, client: FlaskClient, elsewhere: FlaskClient
) -> None:
    """A phone corrects deal 1's bids; just before, another phone takes them back (Undo): the
    round is gone, and the phone is told so on the game page."""
    game = start_game(client)
    assert post_entry(client, game, BIDS, version=0).status_code == 303
    undo = {"version": 1, "key": "undo-the-bids-1"}
    take_back = lambda: elsewhere.post(game.path + "undo", data=undo).status_code  # noqa: E731
    fix = {"version": 1, "key": "fix-the-bids-1"}
    fix |= seat_fields("bids", {"Bo": 2, "Cia": 2, "Dan": 1, "Anna": 3})
    with just_before(app, "UPDATE game", take_back) as undone:
        response = client.post(game.path + "rounds/1", data=fix)
    assert undone == [303]
    assert response.status_code == 409, response.text
    assert "Another phone changed the sheet" in response.text
    assert drawn(response.text) == (2, False)


@pytest.mark.keeping
def test_a_table_files_games_are_kept_with_their_records(app: Flask, client: FlaskClient) -> None:
    """As every replay kept (``kept.py``): a page of one reads no rounds, and no replay is ever
    paired with rounds read anew, which may be of a newer version (``service.record_of``)."""
    record = json.loads(client.get(start_game(client).path + "export").text)
    table_file = {"format": FORMAT, "players": record["players"], "games": [record]}
    with app.app_context():
        table = import_table_data(table_file)
        game = GameUrl(f"/t/{table.token}/g/{table.games[0].id}/")
    with just_before(app, "entry.payload", lambda: 0) as rounds_read:
        assert drawn(client.get(game.path).text) == (0, False)
    assert rounds_read == []
