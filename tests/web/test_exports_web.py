"""A game's sheet and the evening's texts: the CSV a tap from the game page as from the table
page, and the texts to send naming everyone at the table, one who joined a game in play too."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from tests.web.helpers import GameUrl, post_entry, seat_fields, start_game
from tests.web.test_evening_web import put_stake, table_url
from tests.web.test_languages import textarea
from tests.web.test_newcomer_web import FIVE, join, plump_after_two_deals


def test_the_csv_sheet_is_a_tap_from_the_game_page(client: FlaskClient) -> None:
    game = start_game(client)
    page = client.get(game.path).text
    link = re.search(
        r'<a class="button" href="([^"]+/sheet\.csv)" download>Sheet \(CSV\)</a>', page
    )
    assert link, "no link to the CSV sheet on the game page"
    answer = client.get(link.group(1))
    assert answer.status_code == 200 and answer.mimetype == "text/csv"


def eva_joined(client: FlaskClient) -> GameUrl:
    """Plump at 0.10 a point; Eva joins after deal 2 from the lowest total and plays deal 3."""
    game = plump_after_two_deals(client)
    assert put_stake(client, game, "0.10", "pairs").status_code == 303
    assert join(client, game, "Eva", start="lowest").status_code == 303
    bids = {"Dan": 0, "Eva": 1, "Anna": 1, "Bo": 0, "Cia": 0}
    assert post_entry(client, game, seat_fields("bids", bids, FIVE)).status_code == 303
    tricks = {"Dan": 0, "Eva": 1, "Anna": 7, "Bo": 0, "Cia": 0}
    assert post_entry(client, game, seat_fields("tricks", tricks, FIVE)).status_code == 303
    return game


def test_the_texts_to_send_name_one_who_joined_later(client: FlaskClient) -> None:
    page = html.unescape(client.get(table_url(eva_joined(client))).text)
    settle = textarea(page, "esettle-text")
    assert settle.startswith("Anna, Bo, Cia, Dan, Eva, ")  # the evening's title
    assert "Eva pays Dan 1.30" in settle
    night = textarea(page, "night-text")
    assert night.startswith("Anna, Bo, Cia, Dan, Eva, ") and "Eva −1.30" in night
    assert "<h1>Anna, Bo, Cia, Dan, Eva</h1>" in page
