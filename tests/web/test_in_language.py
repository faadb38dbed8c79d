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


def test_the_evening_to_send_speaks_the_table_language(client) -> None:  # type: ignore[no-untyped-def]
    """A phone reading English at a Swedish table sends the group chat the evening in Swedish;
    the rest of its page stays English."""
    from tests.web.test_evening_web import plump_with_three_deals, table_url

    game = plump_with_three_deals(client, "0.10")
    client.post(f"{table_url(game)}currency", data={"currency": "SEK", "coin": "1"})
    assert (
        client.post(f"{table_url(game)}language", data={"language-language": "sv"}).status_code
        == 303
    )
    page = client.get(f"{table_url(game)}?lang=en").text
    sent = page.split('id="night-text"')[1].split("</textarea>")[0]
    assert "Ställningen" in sent and "kr" in sent and "betalar" in sent
    assert "Standings" not in sent
    assert "Settle up the evening" in page  # the page itself in the phone's language
