"""A text said in the table's language, whatever the phone reads (the evening to send)."""

from __future__ import annotations

from flask import Flask

from assistant.i18n import current_language, gettext, in_language
from assistant.play.money import money


def test_inside_the_table_language_and_after_it_the_reader_own(app: Flask) -> None:
    with app.test_request_context("/?lang=en"):
        assert gettext("Settle-up") == "Settle-up"
        with in_language("sv"):
            assert current_language() == "sv"
            assert gettext("Settle-up") == "Uppgörelsen"
            assert money(4550, "SEK", cents=True) == "45,50\xa0kr"
        assert current_language() == "en"
        assert gettext("Settle-up") == "Settle-up"
        assert money(4550, "SEK", cents=True) == "SEK45.50"


def test_no_table_language_is_the_reader_own(app: Flask) -> None:
    with app.test_request_context("/?lang=de"), in_language(None):
        assert gettext("Settle-up") == "Abrechnung"
