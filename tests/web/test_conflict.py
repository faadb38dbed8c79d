"""A correction made from an older version (kept on a phone without a connection while another
phone changed the game): both versions of the round, the phone's input kept, nothing stored
until the player chooses; chosen, it is stored once."""

from __future__ import annotations

import html
import re

from tests.web.helpers import entries, play_deal, seat_fields, start_game, version_of

BIDS = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}
TRICKS = {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}


def correction(tricks: dict[str, int], version: int, key: str) -> dict:
    return {
        "version": version,
        "key": key,
        **seat_fields("bids", BIDS),
        **seat_fields("tricks", tricks),
    }


def versions_table(page: str) -> list[tuple[str, str, str]]:
    table = page.split('<table class="versions">')[1].split("</table>")[0]
    rows = re.findall(r"<th scope=\"row\">(.*?)</th><td>(.*?)</td><td>(.*?)</td>", table)
    return [tuple(html.unescape(cell) for cell in row) for row in rows]


def test_a_stale_correction_shows_both_versions_and_stores_nothing(app, client) -> None:
    game = start_game(client)
    play_deal(client, game, BIDS, TRICKS)
    seen = version_of(client, game)
    other = correction({"Bo": 3, "Cia": 2, "Dan": 2, "Anna": 3}, seen, "other-phone-1")
    assert client.post(game.path + "rounds/1", data=other).status_code == 303

    mine = correction({"Bo": 4, "Cia": 2, "Dan": 1, "Anna": 3}, seen, "this-phone-1")
    response = client.post(game.path + "rounds/1", data=mine)
    assert response.status_code == 409
    page = response.text
    assert "The table changed the game while this correction waited" in page
    rows = versions_table(page)
    assert ("Bo: tricks", "4", "3") in rows
    assert ("Dan: tricks", "1", "2") in rows
    assert all(phone != table for _what, phone, table in rows)  # only what differs
    assert entries(app)[0]["tricks"] == {"Bo": 3, "Cia": 2, "Dan": 2, "Anna": 3}
    # The phone's input, ready to be saved on top of the table's version with the same key.
    assert f'name="version" value="{seen + 1}"' in page
    assert 'name="key" value="this-phone-1"' in page
    assert 'data-outbox-answered="this-phone-1"' in page  # the outbox lets go of it

    keep_mine = correction({"Bo": 4, "Cia": 2, "Dan": 1, "Anna": 3}, seen + 1, "this-phone-1")
    assert client.post(game.path + "rounds/1", data=keep_mine).status_code == 303
    assert client.post(game.path + "rounds/1", data=keep_mine).status_code == 303  # once
    assert version_of(client, game) == seen + 2
    assert entries(app)[0]["tricks"] == {"Bo": 4, "Cia": 2, "Dan": 1, "Anna": 3}


def test_a_stale_correction_that_no_longer_fits_says_so(app, client) -> None:
    game = start_game(client)
    play_deal(client, game, BIDS, TRICKS)
    seen = version_of(client, game)
    play_deal(
        client,
        game,
        {"Cia": 1, "Dan": 1, "Anna": 1, "Bo": 1},
        {"Cia": 9, "Dan": 0, "Anna": 0, "Bo": 0},
    )
    # Tricks adding up to 11 of 10 cards: refused by the engine, now as before.
    broken = correction({"Bo": 4, "Cia": 3, "Dan": 1, "Anna": 3}, seen, "this-phone-2")
    response = client.post(game.path + "rounds/1", data=broken)
    assert response.status_code == 409
    assert "no longer fits the game" in html.unescape(response.text)
    assert "Keep this phone" not in html.unescape(response.text)
    assert "Keep the table" in html.unescape(response.text)
    assert entries(app)[0]["tricks"] == TRICKS
