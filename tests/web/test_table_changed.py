"""The table page hears of every change of the evening made on another phone: it asks with the
stamp it was drawn at and is told 204 while nothing changed, else a line that says so."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from tests.examples import PLUMP_THREE_DEALS
from tests.web.helpers import PLAYERS, GameUrl, play_deal, start_game
from tests.web.test_evening_web import end, paid_ids, put_stake, table_url, the_evening


def asked_for(page: str) -> str:
    """The address the table page polls, as drawn."""
    found = re.search(r'hx-get="([^"]*/changed\?seen=[^"]+)"', page)
    assert found, "the table page asks whether the evening changed"
    return found.group(1).replace("&amp;", "&")


def new_game(client: FlaskClient, game: GameUrl) -> None:
    data = {"step": "options", "game": "plump", "first": "Bo", "plump-preset": "standard",
            **{f"players-{i}": p for i, p in enumerate(PLAYERS)}}  # fmt: skip
    assert client.post(f"{table_url(game)}new", data=data).status_code == 303


CHANGES: dict[str, Callable[[FlaskClient, GameUrl], object]] = {
    "an entry": lambda client, game: play_deal(
        client, game, PLUMP_THREE_DEALS[0]["bids"], PLUMP_THREE_DEALS[0]["tricks"]
    ),
    "a new game": new_game,
    "a stake": lambda client, game: put_stake(client, game, "0.20", "pairs"),
    "the name": lambda client, game: client.post(
        f"{table_url(game)}name", data={"table-name": "Friday"}
    ),
    "the end of the evening": end,
}


@pytest.mark.parametrize("change", CHANGES, ids=list(CHANGES))
def test_every_change_of_the_evening_is_heard_and_nothing_else(app, client, change: str) -> None:  # type: ignore[no-untyped-def]
    game = start_game(client)
    poll = asked_for(client.get(table_url(game)).text)
    assert client.get(poll).status_code == 204
    assert client.get(game.path).status_code == 200  # reading changes nothing
    assert client.get(poll).status_code == 204

    CHANGES[change](app.test_client(), game)  # another phone
    heard = client.get(poll)
    assert heard.status_code == 200
    assert "Another phone changed the evening." in heard.text
    assert f'href="{table_url(game)}"' in heard.text
    assert client.get(asked_for(client.get(table_url(game)).text)).status_code == 204


def test_a_payment_marked_paid_is_heard(app, client: FlaskClient) -> None:
    plump, _boodle, _mus = the_evening(client)
    end(client, plump)
    page = client.get(table_url(plump)).text
    poll = asked_for(page)
    assert (
        app.test_client().post(f"{table_url(plump)}payments/{paid_ids(page)[0]}/paid").status_code
        == 303
    )
    assert client.get(poll).status_code == 200


def test_the_line_is_in_the_tables_language_and_a_table_unknown_is_404(app) -> None:  # type: ignore[no-untyped-def]
    swedish = app.test_client()
    swedish.get("/?lang=sv")
    game = start_game(swedish)
    poll = asked_for(swedish.get(table_url(game)).text)
    put_stake(swedish, game, "0.20", "pairs")
    heard = app.test_client().get(poll, headers={"Accept-Language": "en"})
    assert "En annan telefon ändrade kvällen." in heard.text
    assert app.test_client().get("/t/nosuchtable/changed?seen=x").status_code == 404
