"""Both versions of a game (views/versions.py): what a phone played on without signal beside the
table's, and this phone's kept as one change over it, guarded by the table's version."""

from __future__ import annotations

import html
import json
import re
import secrets

from tests.examples import EXAMPLES
from tests.web.helpers import (
    entries,
    errors,
    imported_game,
    play_deal,
    post_entry,
    seat_fields,
    start_game,
    version_of,
)

DEAL_1 = ({"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}, {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3})
PHONE_DEAL_2 = ({"Cia": 1, "Dan": 2, "Anna": 3, "Bo": 2}, {"Cia": 3, "Dan": 2, "Anna": 2, "Bo": 2})
TABLE_DEAL_2 = ({"Cia": 0, "Dan": 2, "Anna": 4, "Bo": 2}, {"Cia": 0, "Dan": 3, "Anna": 4, "Bo": 2})


def undo(client, game) -> None:
    data = {"version": version_of(client, game), "key": secrets.token_urlsafe(12)}
    assert client.post(game.path + "undo", data=data).status_code == 303


def apart(client, app):
    """Deal 1 on the table; this phone's deal 2 (its version, as the phone's app says it), then
    the table's own deal 2 entered by another phone instead."""
    game = start_game(client)
    play_deal(client, game, *DEAL_1)
    since = version_of(client, game)
    play_deal(client, game, *PHONE_DEAL_2)
    mine = client.get(game.path + "versions/mine").get_data(as_text=True)
    undo(client, game)
    undo(client, game)
    play_deal(client, game, *TABLE_DEAL_2)
    return game, mine, since


def test_this_phones_version_says_its_record_and_round_in_play(client) -> None:
    game = start_game(client)
    response = post_entry(client, game, seat_fields("bids", DEAL_1[0]))
    assert response.status_code == 303
    mine = client.get(game.path + "versions/mine").get_json()
    assert mine["version"] == 1
    assert mine["record"]["game"] == "plump"
    assert len(mine["record"]["rounds"]) == 1  # the bids of deal 1, the deal in play


def test_both_versions_are_shown_round_by_round_with_each_ones_score(client, app) -> None:
    game, mine, since = apart(client, app)
    steps = json.dumps(["Plump: The bids of deal 2", "Plump: The tricks of deal 2"])
    page = client.post(game.path + "versions/", data={"mine": mine, "steps": steps, "since": since})
    assert page.status_code == 200
    text = html.unescape(page.get_data(as_text=True))
    assert "Both versions of the game" in text
    assert "Plump: The bids of deal 2" in text and "Plump: The tricks of deal 2" in text
    assert "Bids of deal 2 saved. Cia leads." in text  # what the table did meanwhile
    assert "Deal 2" in re.search(r"<caption>(.*?)</caption>", text).group(1)
    assert "Deal 1" not in re.findall(r"<caption>(.*?)</caption>", text)  # the same on both


def test_this_phones_version_is_kept_over_the_tables_as_one_change(client, app) -> None:
    game, mine, since = apart(client, app)
    version = version_of(client, game)
    key = secrets.token_urlsafe(12)
    data = {"mine": mine, "since": since, "version": version, "key": key}
    response = client.post(game.path + "versions/keep", data=data)
    assert response.status_code == 303
    assert version_of(client, game) == version + 1
    assert entries(app) == json.loads(mine)["record"]["rounds"]
    page = client.get(game.path + "history").get_data(as_text=True)
    assert "This phone's version of the game kept over the table's." in html.unescape(page)
    # Sent again (a double tap): already saved, nothing more.
    assert client.post(game.path + "versions/keep", data=data).status_code == 303
    assert version_of(client, game) == version + 1


def test_keeping_this_phones_version_over_a_table_that_moved_on_again_is_stale(client, app) -> None:
    game, mine, since = apart(client, app)
    seen = version_of(client, game)
    undo(client, game)  # the table moves again while the players choose
    before = entries(app)
    data = {"mine": mine, "since": since, "version": seen, "key": secrets.token_urlsafe(12)}
    response = client.post(game.path + "versions/keep", data=data)
    assert response.status_code == 409
    assert "Both versions of the game" in response.get_data(as_text=True)
    assert entries(app) == before


def test_a_version_of_another_game_is_refused_next_to_nothing_stored(client, app) -> None:
    game, mine, since = apart(client, app)
    other = json.loads(mine)
    other["record"]["first_dealer"] = "Bo"  # another game: another first dealer
    before = entries(app)
    for sent in (json.dumps(other), "{not json", json.dumps({"record": 3})):
        data = {"mine": sent, "since": since, "version": version_of(client, game), "key": "k" * 16}
        response = client.post(game.path + "versions/keep", data=data)
        assert response.status_code == 422
        assert "This phone's version is not one of this game." in html.unescape(response.text)
    assert entries(app) == before


def test_a_game_imported_with_some_options_named_is_the_same_game_on_the_phone(client) -> None:
    """A record names only the options it changes; the phone's version writes every option out.
    Both say the same game: shown side by side, not refused as another game's."""
    record = json.loads((EXAMPLES / "plump-come-and-go.json").read_text())
    game = imported_game(client, record)
    mine = client.get(game.path + "versions/mine").get_data(as_text=True)
    page = client.post(game.path + "versions/", data={"mine": mine, "since": 0})
    assert page.status_code == 200
    assert errors(page.get_data(as_text=True)) == []
    assert "This phone and the table now say the same." in html.unescape(page.text)
