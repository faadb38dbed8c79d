"""The note under a settle-up rounded to the table's coin says what is true of each player now:
what is still to pay or get; once his payments are marked paid, what he paid or got; and where
the rounding took his whole due away, that he pays (or gets) nothing."""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.games.evening_money import GameMoney, settle_evening
from assistant.play.money import rounding_text
from tests.web.test_evening_web import end, paid_ids, payments_on, table_url, the_evening


def note(page: str) -> str:
    return re.findall(r"Rounded to [^<]*", html.unescape(page))[0]


def test_after_a_payment_is_marked_paid_the_note_says_what_was_paid(client: FlaskClient) -> None:
    plump, _boodle, _mus = the_evening(client)
    client.post(table_url(plump) + "currency", data={"currency": "SEK", "coin": "100"})
    end(client, plump)
    page = client.get(table_url(plump)).text
    assert payments_on(html.unescape(page))[0] == "Anna pays Dan SEK3.00"
    assert "Anna pays SEK0.10 more" in note(page)
    anna_to_dan = paid_ids(page)[0]
    assert client.post(f"{table_url(plump)}payments/{anna_to_dan}/paid").status_code == 303
    page = client.get(table_url(plump)).text
    assert "Anna paid SEK0.10 more" in note(page)  # she pays nothing now
    assert "Anna pays" not in note(page)
    assert "Dan gets SEK0.10 less" in note(page)  # Cia's payment to him is still to come


@pytest.mark.parametrize(
    ("money", "said"),
    [
        ({"Anna": Fraction(30, 100), "Bo": Fraction(-30, 100)},
         "Rounded to 1.00 a payment: Anna gets nothing: 0.30 rounded away, Bo pays nothing:"
         " 0.30 rounded away."),
        ({"Anna": Fraction(1, 2), "Bo": Fraction(1, 2), "Cia": Fraction(-1)},
         "Rounded to 1.00 a payment: Anna gets 0.50 more, Bo gets nothing: 0.50 rounded away."
         " Anna and Bo came out the same, but the rounding cannot treat them alike here: it"
         " favours Anna, the first of them at the table."),
    ],
)  # fmt: skip
def test_a_due_rounded_away_and_players_rounded_apart_are_said(
    app: Flask, money: dict, said: str
) -> None:
    evening = settle_evening([GameMoney(1, "Plump", money, None, False)], coin=100)
    with app.test_request_context():
        assert rounding_text(evening, "") == said
