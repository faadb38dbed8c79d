"""A payment line's offer in the reader's words, and the form that says how a player is paid."""

from __future__ import annotations

from datetime import datetime

import pytest
from flask import Flask
from werkzeug.datastructures import MultiDict

from assistant.games.pay import CASH, parse_method
from assistant.play.pay import PayForm, method_text, pay_line, pay_message

SWISH = parse_method("swish", "0701234567")
IBAN = parse_method("iban", "DE89 3704 0044 0532 0130 00", "Åsa Öberg")
BIZUM = parse_method("bizum", "612 345 678")


@pytest.mark.parametrize(
    ("lang", "message"),
    [("sv", "Plump 7/12"), ("en", "Plump 12/7"), ("de", "Plump 7.12."), ("es", "Plump 7/12")],
)
def test_the_message_is_the_evening_and_its_day_as_the_language_writes_it(
    app: Flask, lang: str, message: str
) -> None:
    with app.test_request_context(f"/?lang={lang}"):
        assert pay_message("Plump", datetime(2025, 12, 7, 21, 30)) == message


def test_swish_offers_its_button_and_the_qr_code_of_the_same_link(app: Flask) -> None:
    with app.test_request_context("/?lang=sv"):
        line = pay_line(SWISH, 4550, "SEK", "Plump 7/12")
    assert line is not None
    assert line.link.startswith("https://app.swish.nu/1/p/sw/?sw=46701234567&amt=45.50&cur=SEK")
    assert line.link_label == "Betala 45,50\xa0kr med Swish"
    assert line.to == "Swish: 070-123 45 67"
    assert line.copy == ""
    assert line.qr is not None and str(line.qr).startswith('<svg viewBox="0 0 ')
    assert "Plump" not in str(line.qr)  # the code's modules only, no text of a player's


def test_an_iban_offers_its_epc_code_and_the_text_to_copy(app: Flask) -> None:
    with app.test_request_context("/?lang=de"):
        line = pay_line(IBAN, 4550, "EUR", "Plump 7.12.")
    assert line is not None and line.link == "" and line.qr is not None
    assert line.copy == "DE89 3704 0044 0532 0130 00 · Åsa Öberg · 45.50 EUR · Plump 7.12."
    assert line.qr_label == "QR-Code: 45,50\xa0€ an Åsa Öberg"


def test_bizum_offers_the_text_to_copy_and_cash_nothing(app: Flask) -> None:
    with app.test_request_context("/?lang=es"):
        line = pay_line(BIZUM, 4550, "EUR", "Plump 7/12")
        assert pay_line(CASH, 4550, "EUR", "Plump 7/12") is None
        elsewhere = pay_line(BIZUM, 4550, "SEK", "Plump 7/12")
    assert elsewhere is not None
    assert (elsewhere.link, elsewhere.qr, elsewhere.copy) == ("", None, "")
    assert elsewhere.note == "Bizum paga solo en EUR."
    assert line is not None and (line.link, line.qr) == ("", None)
    assert line.copy == "612 345 678 · 45,50 EUR · Plump 7/12"


def posted(app: Flask, **fields: str) -> PayForm:
    with app.test_request_context("/?lang=en", method="POST"):
        form = PayForm(MultiDict(fields), meta={"csrf": False})
        form.validate()
        return form


@pytest.mark.parametrize(
    ("fields", "method"),
    [
        ({"scheme": "swish", "account": "070-123 45 67"}, SWISH),
        ({"scheme": "cash", "account": "whatever"}, CASH),
        (
            {"scheme": "iban", "account": "de89370400440532013000", "holder": "Åsa Öberg"},
            IBAN,
        ),
    ],
)
def test_the_form_reads_how_a_player_is_paid(
    app: Flask, fields: dict[str, str], method: object
) -> None:
    form = posted(app, **fields)
    assert not form.errors
    assert form.method == method


@pytest.mark.parametrize(
    ("fields", "where"),
    [
        ({"scheme": "swish", "account": "08-123 45 67"}, "account"),
        ({"scheme": "iban", "account": "DE89 3704 0044 0532 0130 01", "holder": "Bo"}, "account"),
        ({"scheme": "iban", "account": "DE89 3704 0044 0532 0130 00", "holder": ""}, "holder"),
        ({"scheme": "venmo", "account": "@bo"}, "scheme"),
    ],
)
def test_the_form_says_what_is_wrong_beside_its_field(
    app: Flask, fields: dict[str, str], where: str
) -> None:
    form = posted(app, **fields)
    assert list(form.errors) == [where]
    assert form.account.data == fields["account"]  # kept as typed


def test_how_a_player_is_paid_in_a_few_words(app: Flask) -> None:
    with app.test_request_context("/?lang=en"):
        assert method_text(SWISH) == "Swish 070-123 45 67"
        assert method_text(IBAN) == "Bank transfer (IBAN) DE89 3704 0044 0532 0130 00"
        assert method_text(CASH) == "cash"
