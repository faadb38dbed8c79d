"""Boodle's own settle-up rounds its payments as the evening's settle-up does: to the coin the
table chose with money on a chip, to whole chips without, and says where the remainder went."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from tests.web.test_boodle_web import go_out, play, start
from tests.web.test_evening_web import payments_on, table_url
from tests.web.test_languages import textarea

PLAYERS = ["Anna", "Bo", "Clara", "Dan"]


def one_deal(client: FlaskClient, **options: str):  # type: ignore[no-untyped-def]
    """Anna deals; Bo takes A♥ and goes out: 15 chips stay on the layout (3.75 each), so that
    Anna ends at −6.25 chips, Bo +10.75, Clara −3.25, Dan −1.25."""
    game = start(client, players=PLAYERS, first="Anna", **options)
    play(client, game, "AH", "Bo")
    go_out(client, game, "Bo", {"Anna": 2, "Clara": 3, "Dan": 1}, PLAYERS)
    return game


def settle_of(client: FlaskClient, path: str) -> str:
    page = client.get(path).text
    return html.unescape(page.split('id="settle"')[1].split("</section>")[0])


def payments_of(settle: str) -> list[str]:
    """ "Anna pays Bo: 6 chips = 3.00 kr", one a payment, as the page shows them."""
    found = re.findall(
        r'<span class="bwho-pays">(.*?)</span>\s*<span class="bamount">(.*?)</span>', settle
    )
    return [f"{who}: {re.sub(r'<[^>]+>', '', amount)}" for who, amount in found]


def test_money_on_a_chip_is_paid_in_the_coin_the_table_chose(client: FlaskClient) -> None:
    game = one_deal(client, chip_value="0,50", currency="kr")
    answer = client.post(table_url(game) + "currency", data={"currency": "", "coin": "100"})
    assert answer.status_code == 303
    settle = settle_of(client, game.path)
    # −3.12, +5.38, −1.63, −0.63 kr to the cent; in whole kronor −3, +6, −2, −1.
    assert payments_of(settle) == [
        "Anna pays Bo: 6 chips = 3.00 kr",
        "Clara pays Bo: 4 chips = 2.00 kr",
        "Dan pays Bo: 2 chips = 1.00 kr",
    ]
    rounding = (
        "Rounded to 1.00 kr a payment: Bo gets 0.62 kr more, Clara pays 0.37 kr more,"
        " Dan pays 0.37 kr more, Anna pays 0.12 kr less."
    )
    assert rounding in settle
    assert "3 payments settle everything" in settle
    assert "<td>+10.75</td><td>+5.38 kr</td>" in settle  # each player's result stays exact
    text = textarea(settle, "settle-text")
    assert "Anna pays Bo 6 chips = 3.00 kr" in text and rounding in text


def test_the_same_game_settles_alike_on_its_page_and_on_the_table_page(
    client: FlaskClient,
) -> None:
    game = one_deal(client, chip_value="0,50")
    client.post(table_url(game) + "currency", data={"currency": "", "coin": "50"})
    on_its_page = payments_of(settle_of(client, game.path))
    on_the_table = payments_on(html.unescape(client.get(table_url(game)).text))
    assert [line.split(": ")[0] for line in on_its_page] == [
        line.rsplit(" ", 1)[0] for line in on_the_table
    ]
    assert [line.split(" = ")[1] for line in on_its_page] == [
        line.rsplit(" ", 1)[1] for line in on_the_table
    ]
    assert [line.rsplit(" ", 1)[1] for line in on_the_table] == ["3.00", "1.50", "1.00"]


def test_chips_without_money_are_paid_whole(client: FlaskClient) -> None:
    settle = settle_of(client, one_deal(client).path)
    assert payments_of(settle) == [
        "Anna pays Bo: 6 chips",
        "Clara pays Bo: 3 chips",
        "Dan pays Bo: 2 chips",
    ]
    assert (
        "Rounded to whole chips: Dan pays 0.75 chips more, Anna pays 0.25 chips less,"
        " Bo gets 0.25 chips more, Clara pays 0.25 chips less." in settle
    )
    assert "Bo won 11 chips; Anna lost 6 of them and 2 other players the rest." in settle
    assert "<td>−6.25</td>" in settle  # each player's result stays exact


def test_the_rounding_is_said_in_every_language(client: FlaskClient) -> None:
    path = one_deal(client).path
    said = {
        "sv": "Avrundat till hela marker: Dan betalar 0,75 marker mer",
        "de": "Auf ganze Chips gerundet: Dan zahlt 0,75 Chips mehr",
        "es": "Redondeado a fichas enteras: Dan paga 0,75 fichas más",
    }
    for language, start_of in said.items():
        assert start_of in settle_of(client, f"{path}?lang={language}"), language


FIVE = ["Anna", "Bo", "Cia", "Dan", "Eva"]


def five_at_the_table(client: FlaskClient):  # type: ignore[no-untyped-def]
    """Anna deals; Cia takes A♥, Eva goes out: 18 chips stay on the layout (3.60 each), so that
    Anna ends at −5.40 chips, Bo and Dan alike at −2.40, Cia +2.60, Eva +7.60."""
    game = start(client, players=FIVE, first="Anna")
    play(client, game, "AH", "Cia")
    go_out(client, game, "Eva", {"Anna": 1, "Bo": 2, "Cia": 3, "Dan": 2}, FIVE)
    return game


def test_two_equal_balances_pay_equally_and_each_why_names_its_players(
    client: FlaskClient,
) -> None:
    settle = settle_of(client, five_at_the_table(client).path)
    assert "<td>−2.40</td>" in settle  # Bo and Dan came out alike ...
    assert payments_of(settle) == [
        "Anna pays Eva: 5 chips",
        "Bo pays Eva: 2 chips",
        "Dan pays Cia: 2 chips",
    ]  # ... and pay alike (ties in seat order made it Bo 2, Dan 3)
    assert "Rounded to whole chips:" in settle and "came out the same" not in settle
    assert "Eva won 7 chips; Anna lost 5 of them and Bo the rest." in settle
