"""A circle's ratings and rivals on its pages: hidden until five games, the leagues sorted and
filtered as asked, a player's rating, trend, head-to-head, nemesis and partner, the ratings to
share; every rating after a game changes at once when that game is deleted, exactly as if the
circle were read anew; and a circle read again costs the same few queries however many
evenings it has."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import event, update

from assistant.extensions import db
from assistant.store.models import Table
from tests.web.helpers import form_fields, import_record
from tests.web.test_circles_web import evening_in, member_id, new_circle


def mulle(winner: str, loser: str) -> dict:
    """A one-deal Mulle game that ``winner`` wins."""
    return {
        "format": "table-assistant/1", "game": "mulle", "players": [winner, loser],
        "options": {"deals": 1}, "first_dealer": winner,
        "rounds": [{"piles": {winner: {"spades": 26, "aces": 8, "spade_aces": 2, "spade_twos": 2,
                                       "diamond_tens": 2, "tabbar": 3}, loser: {}}}],
    }  # fmt: skip


def mus(first: str, winner: str, third: str, partner: str) -> dict:
    """A Mus game of one game won by an órdago: ``winner`` and ``partner`` (the 2nd and 4th
    seats) beat ``first`` and ``third``."""
    hands = [("KKQ7", "KQJ4", "7654", "Q765"), ("A456", "AA7K", "QJ74", "KK76")]
    seats = [first, winner, third, partner]
    lances = [
        {"grande": {"by": 2, "bets": [2], "answer": "quiero"}, "chica": "paso", "pares": "paso",
         "juego": "paso"},
        {"grande": "paso", "chica": {"by": 1, "bets": [2, "ordago"], "answer": "quiero"}},
    ]  # fmt: skip
    return {
        "format": "table-assistant/1", "game": "mus", "players": seats,
        "options": {"games_to_win": 1}, "first_mano": winner,
        "rounds": [{"lances": lance, "cards": dict(zip(seats, cards, strict=True))}
                   for lance, cards in zip(lances, hands, strict=True)],
    }  # fmt: skip


def evenings(client: FlaskClient, circle: str, records: list[dict]) -> list[str]:
    """One evening of the circle for each record (its players at a Plump table not played):
    the games' addresses."""
    found = []
    for record in records:
        table = evening_in(client, circle, ["Anna", "Bo", "Cia", "Dan"]).token
        response = import_record(client, table, record)
        assert response.status_code == 303, response.text
        found.append(response.headers["Location"])
    return found


def shared(page: str) -> str:
    """The ratings as the page gives them to share."""
    found = re.search(r'<textarea id="ratings-text"[^>]*>(.*?)</textarea>', page, re.S)
    return found.group(1) if found else ""


def test_ratings_show_after_five_games_and_follow_every_change(
    client: FlaskClient, app: Flask
) -> None:
    circle = new_circle(client)
    results = [("Anna", "Bo"), ("Anna", "Bo"), ("Bo", "Anna"), ("Anna", "Bo"), ("Cia", "Anna")]
    evenings(client, circle, [mulle(winner, loser) for winner, loser in results])
    page = client.get(f"/c/{circle}/?by=rating").text  # Anna has played 5 Mulle games, Bo 4
    assert re.fullmatch(r"Rating, Mulle: 1\. Anna 1,\d{3} ▼", shared(page))
    assert players_in_league(page) == ["Anna", "Cia", "Bo"]  # the rated first, then by wins
    bo = client.get(f"/c/{circle}/p/{member_id(app, 'Bo')}").text
    assert "The rating is shown after 1 more game." in bo and "trend-mulle" not in bo
    evenings(client, circle, [mulle("Anna", "Bo")])
    page = client.get(f"/c/{circle}/?by=rating").text
    assert re.fullmatch(r"Rating, Mulle: 1\. Anna 1,\d{3} ▲ · 2\. Bo [\d,]+ ▼", shared(page))
    anna = client.get(f"/c/{circle}/p/{member_id(app, 'Anna')}").text
    assert "Rating: <strong>1," in anna and 'id="trend-mulle"' in anna
    assert "Nemesis: Bo — 1 of 5 games lost (20 %)" in anna
    assert "<caption>Head-to-head</caption>" in anna
    assert re.search(r'<th scope="row">Bo</th><td data-label="Games">5</td>', anna)


def test_a_deleted_first_game_changes_every_later_rating_as_if_read_anew(
    client: FlaskClient, app: Flask
) -> None:
    circle = new_circle(client)
    games = evenings(client, circle, [mulle("Bo", "Anna")] + [mulle("Anna", "Bo")] * 6)
    before = shared(client.get(f"/c/{circle}/").text)
    delete = f"{games[0]}delete"
    sure = form_fields(client.get(delete).text, "/delete")
    assert client.post(delete, data=sure).status_code == 303
    after = shared(client.get(f"/c/{circle}/").text)
    assert after and after != before
    app.extensions["kept"].clear()  # nothing kept: every evening read, every game rated anew
    assert shared(client.get(f"/c/{circle}/").text) == after


def test_a_corrected_first_sheet_rates_as_if_entered_right_from_the_start(
    client: FlaskClient, app: Flask
) -> None:
    wrong = new_circle(client)
    games = evenings(client, wrong, [mulle("Bo", "Anna")] + [mulle("Anna", "Bo")] * 5)
    before = shared(client.get(f"/c/{wrong}/").text)
    form = client.get(f"{games[0]}rounds/1").text  # the first game's only deal: Bo's piles
    fields = form_fields(form, "rounds/1")
    swapped = {
        re.sub(r"^piles_([01])_", lambda m: f"piles_{1 - int(m[1])}_", name): value
        for name, value in fields.items()
    }
    response = client.post(f"{games[0]}rounds/1", data=swapped)
    assert response.status_code == 303, response.text
    corrected = shared(client.get(f"/c/{wrong}/").text)
    right = new_circle(client)
    evenings(client, right, [mulle("Anna", "Bo")] * 6)
    assert corrected != before and corrected == shared(client.get(f"/c/{right}/").text)


def test_mus_partnerships_are_rated_and_a_partner_named(client: FlaskClient, app: Flask) -> None:
    circle = new_circle(client)
    # Bo and Dan win five together; then Bo, with Anna, beats Dan twice.
    records = [mus("Anna", "Bo", "Cia", "Dan")] * 5 + [mus("Cia", "Bo", "Dan", "Anna")] * 2
    evenings(client, circle, records)
    page = client.get(f"/c/{circle}/").text
    assert "Partnerships' ratings:" in page and re.search(r"Bo &amp; Dan <strong>1,", page)
    bo = client.get(f"/c/{circle}/p/{member_id(app, 'Bo')}").text
    assert "Best partner: Dan — 5 of 5 games won together" in bo
    assert re.search(r"with Dan <strong>1,\d{3}</strong>", bo)
    dan = client.get(f"/c/{circle}/p/{member_id(app, 'Dan')}").text
    assert "Nemesis: Bo — 2 of 2" not in dan  # two games are not enough for a nemesis
    assert re.search(r'<th scope="row">Bo</th><td data-label="Games">2</td>', dan)  # opposed


def test_the_leagues_sorted_and_filtered_as_asked(client: FlaskClient, app: Flask) -> None:
    circle = new_circle(client)
    evenings(client, circle, [mulle("Bo", "Anna")] * 2 + [mulle("Anna", "Cia")] * 3)
    with app.app_context():  # the first two evenings were played long ago
        first = db.session.execute(db.select(Table.id).order_by(Table.id).limit(2)).scalars()
        long_ago = datetime(2001, 5, 1)
        db.session.execute(update(Table).where(Table.id.in_(list(first))).values(created=long_ago))
        db.session.commit()
    by_wins = client.get(f"/c/{circle}/").text
    assert players_in_league(by_wins) == ["Anna", "Bo", "Cia"]  # 3 wins, 2, none
    by_share = client.get(f"/c/{circle}/?by=share").text
    assert players_in_league(by_share) == ["Bo", "Anna", "Cia"]  # 100 %, 60 %, 0 %
    this_year = client.get(f"/c/{circle}/?period=year").text
    assert players_in_league(this_year) == ["Anna", "Cia"]
    assert '<option value="year" selected>' in this_year
    at_three = client.get(f"/c/{circle}/?size=3").text
    assert "No game matches this choice." in at_three
    for junk in ("?by=money", "?period=%00", "?size=-1", "?size=99999999999", "?size=²"):
        page = client.get(f"/c/{circle}/{junk}")
        assert page.status_code == 200 and players_in_league(page.text) == ["Anna", "Bo", "Cia"]


def players_in_league(page: str, kind: str = "mulle") -> list[str]:
    table = page.split(f'aria-labelledby="league-{kind}"')[1].split("</table>")[0]
    return re.findall(r'<th scope="row"><a href="[^"]+">([^<]+)</a>', table)


@pytest.mark.keeping
def test_a_circle_read_again_costs_the_same_queries_whatever_its_evenings(
    client: FlaskClient, app: Flask
) -> None:
    circle = new_circle(client)
    evenings(client, circle, [mulle("Bo", "Anna")] * 2)
    sent: list[str] = []
    with app.app_context():
        event.listen(db.engine, "before_cursor_execute", lambda *args: sent.append(args[2]))

    def queries(path: str) -> int:
        client.get(path)  # read once: kept
        sent.clear()
        assert client.get(path).status_code == 200
        return len(sent)

    pages = (f"/c/{circle}/", f"/c/{circle}/p/{member_id(app, 'Anna')}")
    few = [queries(path) for path in pages]
    evenings(client, circle, [mulle("Anna", "Bo")] * 4)
    assert [queries(path) for path in pages] == few
    assert few[0] <= 6, sent  # the circle, its evenings' tables, games and payments, members
