"""How each player is paid, said on the table's page and a circle player's page: remembered,
offered on each payment line to that payee, refused beside its field with the input kept and
nothing stored; the watch view never shows a number."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.models import Member, Table
from tests.web.helpers import GameUrl, start_game
from tests.web.test_evening_web import (
    boodle_deal,
    plump_with_three_deals,
    put_stake,
    table_url,
)


def sek_evening(client: FlaskClient) -> GameUrl:
    """Plump at 0.10 a point between every pair, in SEK (Bo and Anna are paid)."""
    game = plump_with_three_deals(client, "0.10")
    response = client.post(f"{table_url(game)}currency", data={"currency": "SEK", "coin": "1"})
    assert response.status_code == 303
    return game


def say_how(client: FlaskClient, game: GameUrl, index: int, scheme: str, account: str = "",
            holder: str = ""):  # type: ignore[no-untyped-def]  # fmt: skip
    data = {f"pay{index}-scheme": scheme, f"pay{index}-account": account,
            f"pay{index}-holder": holder}  # fmt: skip
    return client.post(f"{table_url(game)}pay/{index}", data=data)


def kept(app: Flask) -> tuple[object, ...]:
    with app.app_context():
        tables = db.session.execute(db.select(Table.pay).order_by(Table.id)).scalars().all()
        members = db.session.execute(db.select(Member.pay).order_by(Member.id)).scalars().all()
    return (tables, members)


def test_a_payee_paid_by_swish_gets_its_button_and_qr_code(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    game = sek_evening(client)
    response = say_how(client, game, 1, "swish", "070-123 45 67")  # Bo
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#pay-1")
    assert kept(app)[0] == [{"Bo": {"scheme": "swish", "account": "+46701234567", "holder": ""}}]
    page = client.get(table_url(game)).text
    links = re.findall(r'href="(https://app\.swish\.nu/[^"]+)"', page)
    assert links and all("sw=46701234567&amp;amt=" in link for link in links)
    assert all("&amp;cur=SEK&amp;msg=" in link for link in links)
    assert '<svg viewBox="0 0 ' in page
    assert "Swish 070-123 45 67" in page  # the summary of Bo's form


def test_a_wrong_number_is_refused_beside_its_field_and_nothing_stored(
    client: FlaskClient, app
) -> None:  # type: ignore[no-untyped-def]
    game = sek_evening(client)
    before = kept(app)
    for scheme, account, holder, field, said in [
        ("swish", "08-123 45 67", "", "pay2-account", "Swedish mobile number"),
        ("iban", "SE45 5000 0000 0583 9825 7467", "Cia", "pay2-account", "does not add up"),
        ("iban", "SE45 5000 0000 0583 9825 7466", "", "pay2-holder", "name on the account"),
        ("bizum", "070 123 45 67", "", "pay2-account", "Spanish mobile"),
        ("venmo", "@cia", "", "pay2-scheme", "Choose how"),
    ]:
        response = say_how(client, game, 2, scheme, account, holder)
        assert response.status_code == 422, (scheme, account)
        page = response.text
        error = re.search(rf'<p class="error" id="{field}-error">([^<]*)</p>', page)
        assert error is not None and said in error.group(1), (field, page.count("error"))
        assert f'value="{account}"' in page.replace("&#39;", "'")  # the input kept
        assert kept(app) == before


def test_cash_forgets_the_number(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    game = sek_evening(client)
    assert say_how(client, game, 0, "bizum", "612345678").status_code == 303
    assert say_how(client, game, 0, "cash", "612345678").status_code == 303
    assert kept(app)[0] == [{}]


def test_no_such_player_is_a_404(client: FlaskClient) -> None:
    game = sek_evening(client)
    for index in ("4", "99", str(2**63)):
        assert client.post(f"{table_url(game)}pay/{index}", data={}).status_code == 404


def test_in_a_circle_it_is_remembered_with_the_player(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    game = sek_evening(client)
    response = client.post(f"{table_url(game)}circle", data={"circle-name": "Fridays"})
    assert response.status_code == 303
    assert say_how(client, game, 1, "swish", "0701234567").status_code == 303
    tables, members = kept(app)
    assert tables == [{}]
    assert {"scheme": "swish", "account": "+46701234567", "holder": ""} in members
    # The circle's player page says it, and changes it for every evening.
    with app.app_context():
        circle = db.session.execute(db.select(Table)).scalar_one().circle
        bo = next(m for m in circle.members if m.name == "Bo")
        page_of_bo = f"/c/{circle.token}/p/{bo.id}"
    assert "Swish 070-123 45 67" in client.get(page_of_bo).text
    refused = client.post(f"{page_of_bo}/pay", data={"pay-scheme": "iban", "pay-account": "DE89"})
    assert refused.status_code == 422
    assert 'id="pay-account-error"' in refused.text
    data = {"pay-scheme": "iban", "pay-account": "DE89 3704 0044 0532 0130 00",
            "pay-holder": "Bo Ek"}  # fmt: skip
    assert client.post(f"{page_of_bo}/pay", data=data).status_code == 303
    assert "DE89 3704 0044 0532 0130 00" in client.get(table_url(game)).text
    # A rename carries it along.
    assert client.post(f"{page_of_bo}/rename", data={"name": "Bosse"}).status_code == 303
    assert "Bosse: Bank transfer (IBAN) DE89" in client.get(table_url(game)).text


def test_a_boodle_settle_up_offers_it_and_the_watch_view_never(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    game = start_game(client, "boodle")
    boodle_deal(client, game)  # Dan wins 10 chips
    assert put_stake(client, game, "1", "chip").status_code == 303
    client.post(f"{table_url(game)}currency", data={"currency": "SEK", "coin": "1"})
    page = client.get(game.path).text
    assert "app.swish.nu" not in page
    assert say_how(client, game, 3, "swish", "070-123 45 67").status_code == 303
    page = client.get(game.path).text  # the kept page is made again: the table changed
    assert page.count("https://app.swish.nu/1/p/sw/?sw=46701234567") == 3
    with app.app_context():
        view_token = db.session.execute(db.select(Table.view_token)).scalar_one()
    watched = client.get(f"/v/{view_token}/g/{game.path.rstrip('/').split('/')[-1]}/")
    assert watched.status_code == 200
    shown = watched.text
    assert "Dan" in shown
    assert "46701234567" not in shown and "070-123 45 67" not in shown
