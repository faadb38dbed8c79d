"""The table page as a table reads it: a refused form answered where the form is, the settle-up
one line a payment, money rounded to the table's coin, money and dates the reader's way."""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.games.base import N_, Message, partners
from assistant.i18n import say
from assistant.play.money import with_numbers
from assistant.store.models import Payment, Table
from tests.web.helpers import page_forms, start_game
from tests.web.test_evening_web import boodle_deal, payments_on, table_url, the_evening
from tests.web.test_languages import textarea


def ids_on(page: str) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', page))


def test_every_form_of_the_table_page_answers_where_it_is(client: FlaskClient) -> None:
    """A refused form is drawn again with its error beside it: the fragment of its action
    takes the answer there, not to the top of a page ten screens long."""
    plump, _, _ = the_evening(client)
    for state in ("open", "ended"):
        if state == "ended":
            assert client.post(f"{table_url(plump)}end").status_code == 303
        page = client.get(table_url(plump)).text
        every_id = re.findall(r'\sid="([^"]+)"', page)
        assert sorted(every_id) == sorted(set(every_id)), state  # a fragment names one place
        forms = [f for f in page_forms(page) if not f.action.endswith("/reopen")]
        assert len(forms) >= 5, state
        for form in forms:
            fragment = form.action.partition("#")[2]
            assert fragment in ids_on(page), (state, form.action)


def test_a_refused_circle_name_is_answered_at_the_circle_form(client: FlaskClient) -> None:
    plump, _, _ = the_evening(client)
    page = client.get(table_url(plump)).text
    (form,) = [f for f in page_forms(page) if f.action.endswith("/circle#new-circle")]
    answer = client.post(form.action, data={**form.current, "name": ""})
    assert answer.status_code == 422
    assert re.search(r'<details class="inline-edit" id="new-circle" open>', answer.text)


def test_the_settle_up_says_each_payment_in_one_line_and_sends_only_those(
    client: FlaskClient,
) -> None:
    plump, _, _ = the_evening(client)
    page = html.unescape(client.get(table_url(plump)).text)
    assert payments_on(page) == ["Anna pays Dan 2.90", "Cia pays Bo 6.00", "Cia pays Dan 2.20"]
    assert "From:" not in page
    reasons = re.findall(r'<details class="ewhy">(.*?)</details>', page, re.S)
    assert len(reasons) == 3
    assert "2. Boodle: Cia −1.50 (−3 chips), Dan +5.00 (+10 chips)" in reasons[2]
    text = textarea(page, "esettle-text").splitlines()
    assert text[1:] == ["Anna pays Dan 2.90", "Cia pays Bo 6.00", "Cia pays Dan 2.20"]


def test_the_evening_settles_in_the_coin_the_table_chose(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    plump, _, _ = the_evening(client)
    table = table_url(plump)
    answer = client.post(table + "currency", data={"currency": "SEK", "coin": "100"})
    assert answer.status_code == 303
    page = html.unescape(client.get(table).text)
    # Anna −2.90, Bo +6.00, Cia −8.20, Dan +5.10, in whole kronor: Anna −3, Cia −8, Dan +5.
    assert payments_on(page) == [
        "Anna pays Dan SEK3.00",
        "Cia pays Bo SEK6.00",
        "Cia pays Dan SEK2.00",
    ]
    assert (
        "Rounded to SEK1.00 a payment: Cia pays SEK0.20 less, Anna pays SEK0.10 more, "
        "Dan gets SEK0.10 less." in page
    )
    assert "payments rounded to SEK1.00" in page
    assert "Bo +SEK6.00" in page and "Cia −SEK8.20" in page  # the standings stay exact
    # Ended, the payments stored are the rounded ones.
    assert client.post(table + "end").status_code == 303
    with app.app_context():
        stored = db.session.execute(db.select(Payment.cents)).scalars().all()
    assert sorted(stored) == [200, 300, 600]


def test_a_coin_not_offered_is_refused_beside_the_field(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    plump, _, _ = the_evening(client)
    table = table_url(plump)
    answer = client.post(table + "currency", data={"currency": "SEK", "coin": "3"})
    assert answer.status_code == 422
    assert 'id="evening-money" open' in answer.text
    assert re.search(r'id="coin-error"', answer.text)
    with app.app_context():
        assert db.session.execute(db.select(Table.coin, Table.currency)).one() == (1, "")


def head_date(page: str) -> str:
    return page.split('<p class="muted">')[1].split(" · ")[0].strip()


@pytest.mark.parametrize(
    ("accept", "date"),
    [
        ("en-GB,en;q=0.8", r"\d{1,2} [A-Z][a-z]{2} \d{4}"),  # 1 Dec 2026, not Dec 1
        ("en-US,en;q=0.8", r"[A-Z][a-z]{2} \d{1,2}, \d{4}"),
        ("en", r"[A-Z][a-z]{2} \d{1,2}, \d{4}"),
        ("en-ZZ, en-<b>;q=0.9, en-GBR;q=0.8", r"[A-Z][a-z]{2} \d{1,2}, \d{4}"),  # no such region
        # The table's language (English), in the region the phone asks for it in.
        ("sv-FI,sv;q=0.9,en-AU;q=0.5", r"\d{1,2} [A-Z][a-z]{2} \d{4}"),
    ],
)
def test_dates_are_written_the_way_of_the_readers_region(
    client: FlaskClient, accept: str, date: str
) -> None:
    game = start_game(client)
    page = client.get(table_url(game), headers={"Accept-Language": accept}).text
    assert re.fullmatch(date, html.unescape(head_date(page))), head_date(page)


def test_a_kept_page_is_kept_for_each_region_of_a_language(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    """Money of a game in Swedish crowns, read in English: "5,00 kr" on a Swedish phone set to
    English, "SEK5.00" in the United States; a page kept for one is never the other's."""
    game = start_game(client, game="boodle", chip_value="0.5", currency="SEK")
    boodle_deal(client, game)
    readers = [app.test_client() for _ in range(3)]  # other phones: pages kept for every phone
    readers[0].get(game.path, headers={"Accept-Language": "en-SE"})
    swedish = html.unescape(readers[1].get(game.path, headers={"Accept-Language": "en-SE"}).text)
    american = html.unescape(readers[2].get(game.path, headers={"Accept-Language": "en-US"}).text)
    assert "5,00\xa0kr" in swedish and "SEK5.00" not in swedish
    assert "SEK5.00" in american and "5,00\xa0kr" not in american


def test_a_boodle_games_own_unit_is_kept_on_the_evening_page_until_a_currency_is_chosen(
    client: FlaskClient,
) -> None:
    game = start_game(client, game="boodle", chip_value="0.5", currency="kr")
    boodle_deal(client, game)  # Anna −6, Bo −1, Cia −3, Dan +10 chips
    page = html.unescape(client.get(table_url(game)).text)
    assert "Dan +5.00 kr · Bo −0.50 kr · Cia −1.50 kr · Anna −3.00 kr" in page  # the game
    assert payments_on(page)[0] == "Anna pays Dan 3.00 kr"  # the settle-up
    assert ">+5.00 kr<" in page  # the standings
    assert client.post(table_url(game) + "currency", data={"currency": "EUR"}).status_code == 303
    page = html.unescape(client.get(table_url(game)).text)
    assert "Dan +€5.00" in page and ">+€5.00<" in page and "5.00 kr" not in page


def test_a_spanish_table_names_the_mus_partners_as_the_mus_pages_do(client: FlaskClient) -> None:
    """ "Bo y Dan", not "Bo & Dan": the evening's page says a team as the Mus pages do."""
    plump, _, _ = the_evening(client)
    page = html.unescape(client.get(table_url(plump) + "?lang=es").text)
    mus = page.split('id="game-3"')[1].split("</li>")[0]
    assert "★ En cabeza: Bo y Dan" in mus
    assert "Bo y Dan 1 · Anna y Cia 0 juegos ganados" in mus
    assert "&" not in mus.split('<div class="egame-actions">')[0]


def test_a_remark_keeps_the_team_it_names_in_the_readers_words(app) -> None:  # type: ignore[no-untyped-def]
    remark = Message(N_("Game {number} in play: {first} {a}, {second} {b} stones"), {
        "number": 2, "first": partners("Ane", "Miren"), "a": 3,
        "second": partners("Iker", "Jon"), "b": 12,
    })  # fmt: skip
    with app.test_request_context("/?lang=es"):
        said = say(with_numbers(remark))
    assert "Ane y Miren 3" in said and "Iker y Jon 12" in said
