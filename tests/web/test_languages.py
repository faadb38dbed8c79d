"""Each table in its own language: the menu, the choice kept per phone, the table's default,
the browser's Accept-Language, the manifest; and play again with the same players."""

from __future__ import annotations

import html
import re
from fractions import Fraction
from urllib.parse import unquote

import pytest
from flask_babel import format_decimal

from assistant.extensions import db
from assistant.play.money import number, signed_number
from assistant.store.models import Game, Table
from tests.web.helpers import errors, start_game
from tests.web.test_evening_web import boodle_deal, plump_with_three_deals

SWEDISH = {"Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5"}


def table_of(app, token: str) -> Table:
    with app.app_context():
        return db.session.execute(db.select(Table).filter_by(token=token)).scalar_one()


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def test_the_menu_names_every_language_in_itself_and_keeps_the_page(client) -> None:
    page = client.get("/new?circle=").text
    menu = page.split('class="top-menu lang-menu"')[1].split("</details>")[0]
    names = re.findall(r'<a href="([^"]+)" lang="(\w+)" hreflang="\w+"[^>]*>([^<]+)</a>', menu)
    assert [(code, name) for _href, code, name in names] == [
        ("en", "English"),
        ("sv", "Svenska"),
        ("de", "Deutsch"),
        ("es", "Español"),
    ]
    assert names[2][0] == "?circle=&amp;lang=de"  # this page, its own parameters kept
    assert 'aria-current="true">English' in menu


def test_a_choice_is_remembered_on_this_phone(client) -> None:
    assert html_lang(client.get("/?lang=de").text) == "de"
    page = client.get("/", headers=SWEDISH).text  # the choice wins over the browser's
    assert html_lang(page) == "de"
    assert "Neuer Tisch" in page or "Tisch" in page
    assert html_lang(client.get("/?lang=es").text) == "es"
    assert html_lang(client.get("/").text) == "es"


def test_the_first_visit_follows_accept_language(client) -> None:
    assert html_lang(client.get("/", headers=SWEDISH).text) == "sv"
    assert html_lang(client.get("/", headers={"Accept-Language": "es-AR,es;q=0.8"}).text) == "es"
    assert html_lang(client.get("/", headers={"Accept-Language": "fi, ja"}).text) == "en"


def test_a_new_table_speaks_the_language_of_the_phone_that_made_it(app, client) -> None:
    game = start_game(client.application.test_client(), players=["Anna", "Bo", "Cia"])
    assert table_of(app, game.token).language == "en"
    swedish = client.application.test_client()
    swedish.get("/?lang=sv")
    game = start_game(swedish, players=["Anna", "Bo", "Cia"])
    assert table_of(app, game.token).language == "sv"


def test_a_phone_without_a_choice_gets_the_tables_language(app, client) -> None:
    game = start_game(client, players=["Anna", "Bo", "Cia"])
    table = f"/t/{game.token}/"
    form = {"language-language": "de"}
    assert client.post(table + "language", data=form).status_code == 303
    assert table_of(app, game.token).language == "de"

    newcomer = app.test_client()  # another phone: no choice of its own, its browser Swedish
    assert html_lang(newcomer.get(game.path, headers=SWEDISH).text) == "de"
    assert html_lang(newcomer.get(table, headers=SWEDISH).text) == "de"
    assert html_lang(newcomer.get("/", headers=SWEDISH).text) == "sv"  # not at the table
    newcomer.get("/?lang=es")  # its own choice from now on, at the table too
    assert html_lang(newcomer.get(game.path).text) == "es"
    watch = re.search(r'href="(/v/[^"]+)"', client.get(game.path).text).group(1)
    assert html_lang(app.test_client().get(watch).text) == "de"  # the watch view too


def test_a_table_language_not_offered_is_refused_next_to_the_field(app, client) -> None:
    game = start_game(client, players=["Anna", "Bo", "Cia"])
    response = client.post(f"/t/{game.token}/language", data={"language-language": "fi"})
    assert response.status_code == 422
    assert "Choose one of the languages." in errors(response.text)
    assert table_of(app, game.token).language == "en"
    swedish = client.post(f"/t/{game.token}/language?lang=sv", data={})
    assert swedish.status_code == 422
    assert "Välj ett av språken." in errors(swedish.text)


def test_the_manifest_speaks_the_language_its_link_carries(client) -> None:
    page = client.get("/?lang=sv").text
    link = re.search(r'rel="manifest" href="([^"]+)"', page).group(1)
    assert link == "/manifest.webmanifest?lang=sv"
    fresh = client.application.test_client()  # browsers fetch it without cookies
    manifest = fresh.get(link).get_json(force=True)
    assert manifest["name"] == "Bordsassistenten"
    assert manifest["short_name"] == "Bord"
    assert manifest["id"] == manifest["start_url"] == "/"  # one app whatever its language
    assert "Set-Cookie" not in fresh.get(link).headers  # not a choice of the phone
    assert fresh.get("/manifest.webmanifest").get_json(force=True)["name"] == "The table assistant"


def test_play_again_starts_the_next_game_once(app, client) -> None:
    game = start_game(client, players=["Anna", "Bo", "Cia"])
    with app.app_context():  # as if its last deal had been entered
        db.session.execute(db.update(Game).values(finished=db.func.now()))
        db.session.commit()
    assert "Play again with the same players" in client.get(f"/t/{game.token}/").text
    page = client.get(game.path).text
    assert "Play again with the same players" in page
    assert "Plump, the same rules: Bo deals first" in page
    key = re.search(r'action="[^"]*/again".*?name="key" value="([^"]+)"', page, re.S).group(1)
    first = client.post(game.path + "again", data={"key": key})
    assert first.status_code == 303
    again = client.post(game.path + "again", data={"key": key})  # sent again from the outbox
    assert again.headers["Location"] == first.headers["Location"]
    with app.app_context():
        games = db.session.execute(db.select(Game).order_by(Game.id)).scalars().all()
        assert len(games) == 2
        assert (games[1].kind, games[1].seating, games[1].first) == (
            "plump",
            ["Anna", "Bo", "Cia"],
            "Bo",
        )
        assert games[1].options == games[0].options
    refused = client.post(game.path + "again", data={"key": "x"})
    assert refused.status_code == 422
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Game.id))).scalar_one() == 2


def textarea(page: str, name: str) -> str:
    return html.unescape(re.search(rf'<textarea id="{name}"[^>]*>(.*?)</textarea>', page, re.S)[1])


@pytest.mark.parametrize(
    ("language", "balance", "payment", "date"),
    [
        ("en", "Bo +SEK5.50", "Cia pays Bo SEK5.50", r"[A-Z][a-z]{2} \d{1,2}, \d{4} ·"),
        ("sv", "Bo +5,50\xa0kr", "Cia betalar 5,50\xa0kr till Bo", r"\d{1,2} [a-z]{3}\. \d{4} ·"),
        ("de", "Bo +5,50\xa0SEK", "Cia zahlt 5,50\xa0SEK an Bo", r"\d{2}\.\d{2}\.\d{4} ·"),
        ("es", "Bo +5,50\xa0SEK", "Cia paga 5,50\xa0SEK a Bo", r"\d{1,2} [a-z]{3} \d{4} ·"),
    ],
)
def test_money_and_dates_in_the_readers_locale_on_the_page_and_in_the_text_to_send(
    client, language: str, balance: str, payment: str, date: str
) -> None:
    game = plump_with_three_deals(client, stake="0.10")
    table = f"/t/{game.token}/"
    assert client.post(table + "currency", data={"currency": "SEK"}).status_code == 303
    page = html.unescape(client.get(f"{table}?lang={language}").text)
    assert balance in page  # the game's money on the evening's page
    text = textarea(page, "esettle-text")  # what goes out by SMS and e-mail
    assert payment in text
    sms = re.search(r'href="sms:\?&body=([^"]+)"', page)[1]
    assert unquote(sms) == text  # the same words in the message
    head = page.split('<p class="muted">')[1].split("</p>")[0]
    assert re.match(date, head.strip()), head
    stake = re.search(r'name="g\d+-amount" value="([^"]*)"', page)[1]
    assert stake == ("0.10" if language == "en" else "0,10")  # as the table types it


def test_a_boodle_currency_code_is_written_the_locales_way(client) -> None:
    game = start_game(client, game="boodle", chip_value="0.5", currency="eur")
    boodle_deal(client, game)  # Dan goes out: Anna pays him 6 chips
    page = html.unescape(client.get(game.path + "?lang=de").text)
    assert "0,50\xa0€" in page  # the money per chip
    assert "Anna zahlt 6 Chips = 3,00\xa0€ an Dan" in textarea(page, "settle-text")
    page = html.unescape(client.get(game.path + "?lang=en").text)
    assert "€0.50" in page
    assert "Anna pays Dan 6 chips = €3.00" in textarea(page, "settle-text")


@pytest.mark.parametrize("language", ["en", "sv", "de", "es"])
def test_small_numbers_are_written_as_babel_writes_them(app, language: str) -> None:
    """The scores of a sheet skip Babel (only their minus sign is the locale's): the same text."""
    with app.test_request_context(f"/?lang={language}"):
        for value in [*range(-999, 1000), -1000, 1000, 12345, -12345]:
            assert number(value) == str(format_decimal(value)), value


def test_a_count_split_to_the_cent_keeps_its_cents(app) -> None:
    """A Boodle player's share of a layout split four ways (−6.25 chips) was written −6.2."""
    with app.test_request_context("/?lang=sv"):
        assert signed_number(Fraction(-25, 4)) == "\u22126,25"
        assert signed_number(Fraction(10, 3)) == "+3,33"
        assert signed_number(8) == "+8"
