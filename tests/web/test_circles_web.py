"""Circles through the real forms: their own link, players picked at set-up, renamed and merged
everywhere, the player's page over several evenings, and every bad input refused."""

from __future__ import annotations

import io
import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.models import Change, Circle, Entry, Game, Member, Table
from tests.web.helpers import GameUrl, errors, import_record, play_deal
from tests.web.test_evening_web import PLUMP_THREE_DEALS, table_url


def new_circle(client: FlaskClient, name: str = "The Friday group") -> str:
    response = client.post("/circles", data={"circle-name": name})
    assert response.status_code == 303
    return response.headers["Location"].split("/")[2]


def evening_in(
    client: FlaskClient, circle: str, players: list[str], kind: str = "plump"
) -> GameUrl:
    data = {"step": "options", "game": kind, "first": players[0], f"{kind}-preset": "standard",
            "circle": circle, **{f"players-{i}": p for i, p in enumerate(players)}}  # fmt: skip
    response = client.post("/new", data=data)
    assert response.status_code == 303, errors(response.text)
    return GameUrl(response.headers["Location"])


def members(app: Flask) -> list[str]:
    with app.app_context():
        return [
            m.name for m in db.session.execute(db.select(Member).order_by(Member.name)).scalars()
        ]


def member_id(app: Flask, name: str) -> int:
    with app.app_context():
        return db.session.execute(db.select(Member.id).filter_by(name=name)).scalar_one()


HUNDRED_CLUB = {
    "format": "table-assistant/1", "game": "mulle", "players": ["Anna", "Bo"], "options": {},
    "first_dealer": "Anna",
    "rounds": [{"piles": {"Anna": {"spades": 26, "aces": 8, "spade_aces": 2, "spade_twos": 2,
                                   "diamond_tens": 2, "tabbar": 30}, "Bo": {}}}] * 2,
}  # fmt: skip


def test_a_circle_is_found_only_by_its_whole_link(client: FlaskClient, app) -> None:  # type: ignore[no-untyped-def]
    token = new_circle(client)
    assert len(token) >= 22  # 128 bits
    assert client.get(f"/c/{token}/").status_code == 200
    for wrong in (token[:-1], token[:12], token.swapcase(), "x" * 22, token + "x"):
        assert client.get(f"/c/{wrong}/").status_code == 404
    game = evening_in(client, token, ["Anna", "Bo", "Cia"])
    anna = member_id(app, "Anna")
    assert client.get(f"/c/{token}/p/{anna}").status_code == 200
    assert client.get(f"/c/{token[:-1]}/p/{anna}").status_code == 404
    other = new_circle(client, "Another group")
    assert client.get(f"/c/{other}/p/{anna}").status_code == 404  # not a player of that circle
    assert client.get(f"/c/{token}/p/99999").status_code == 404

    # Nobody else can list it: another phone at the same table sees neither link nor name.
    stranger = app.test_client()
    assert token not in stranger.get(table_url(game)).text
    assert "The Friday group" not in stranger.get(table_url(game)).text
    assert token not in stranger.get("/").text


def test_an_empty_circle_name_is_refused(client: FlaskClient, app) -> None:
    response = client.post("/circles", data={"circle-name": "  "})
    assert response.status_code == 422
    assert "Give the circle a name" in " ".join(errors(response.text))
    assert not members(app)
    with app.app_context():
        assert db.session.execute(db.select(Circle)).first() is None


def test_the_circles_players_are_offered_at_set_up_and_remembered(client, app) -> None:  # type: ignore[no-untyped-def]
    token = new_circle(client)
    evening_in(client, token, ["Anna", "Bo", "Cia"])
    assert members(app) == ["Anna", "Bo", "Cia"]
    page = client.get(f"/new?circle={token}").text
    assert "The players of The Friday group (tap to add):" in page
    assert all(f'data-name="{name}"' in page for name in ("Anna", "Bo", "Cia"))
    evening_in(client, token, ["Anna", "Dan", "Bo", "Cia"], kind="mus")
    assert members(app) == ["Anna", "Bo", "Cia", "Dan"]
    with app.app_context():
        assert {t.circle_id for t in db.session.execute(db.select(Table)).scalars()} == {1}
    assert client.post("/new", data={"step": "options", "circle": "not-a-circle-token-at-all",
                                     "game": "plump"}).status_code == 404  # fmt: skip


def test_a_table_joins_a_circle_this_phone_knows(client: FlaskClient, app) -> None:
    token = new_circle(client)
    upload = {"record": (io.BytesIO(json.dumps(HUNDRED_CLUB).encode()), "g.json")}
    imported = client.post("/import", data=upload, content_type="multipart/form-data")
    table = "/".join(imported.headers["Location"].split("/")[:3]) + "/"
    assert client.post(table + "circle", data={"join-circle": token}).status_code == 303
    assert members(app) == ["Anna", "Bo"]
    assert "Open The Friday group" in client.get(table).text
    stranger = app.test_client()
    stranger_circle = new_circle(stranger, "Strangers")
    elsewhere = import_record(stranger, "", HUNDRED_CLUB)
    assert elsewhere.status_code == 404  # no table without its link
    upload = {"record": (io.BytesIO(json.dumps(HUNDRED_CLUB).encode()), "g.json")}
    second = client.post("/import", data=upload, content_type="multipart/form-data")
    second_table = "/".join(second.headers["Location"].split("/")[:3]) + "/"
    assert stranger.post(second_table + "circle", data={"join-circle": token}).status_code == 404
    with app.app_context():
        circles = [
            t.circle for t in db.session.execute(db.select(Table).order_by(Table.id)).scalars()
        ]
        assert [c.token if c else None for c in circles] == [token, None]
    assert stranger_circle != token


def circle_with_two_evenings(client: FlaskClient) -> tuple[str, GameUrl]:
    token = new_circle(client)
    game = evening_in(client, token, ["Anna", "Bo", "Cia", "Dan"])
    for deal in PLUMP_THREE_DEALS:
        play_deal(client, game, deal["bids"], deal["tricks"])
    n = game.path.rstrip("/").split("/")[-1]
    stake = {f"g{n}-amount": "0.10", f"g{n}-basis": "pairs", f"g{n}-key": "stake-plump"}
    client.post(f"{table_url(game)}stakes/{n}", data=stake)
    client.post(f"{table_url(game)}end")
    second = evening_in(client, token, ["Anna", "Bo"], kind="mulle")
    assert import_record(client, second.token, HUNDRED_CLUB).status_code == 303
    return token, game


def test_the_player_page_shows_his_evenings_and_numbers(client: FlaskClient, app) -> None:
    token, _game = circle_with_two_evenings(client)
    page = client.get(f"/c/{token}/p/{member_id(app, 'Bo')}").text
    assert "2 evenings · 3 games · 1 won" in page
    assert "Seats taken in the hundred club: 1" in page
    assert "Bids made: 3 of 3 (100 %)" in page
    assert "Average score per deal: 12.7" in page  # 38 / 3
    assert "+5.50" in page  # his money of the first evening
    assert "<svg" in page  # his money over the evenings
    circle = client.get(f"/c/{token}/").text
    assert "League: Plump" in circle and "League: Mulle" in circle
    assert re.search(r"Bo</a></span> <strong class=\"up\">\+5\.50</strong>", circle)


def test_renaming_a_player_renames_him_everywhere(client: FlaskClient, app) -> None:
    token, game = circle_with_two_evenings(client)
    before = client.get(table_url(game)).text
    anna = member_id(app, "Anna")
    response = client.post(f"/c/{token}/p/{anna}/rename", data={"name": "Annika"})
    assert response.status_code == 303
    assert members(app) == ["Annika", "Bo", "Cia", "Dan"]
    with app.app_context():
        for table in db.session.execute(db.select(Table)).scalars():
            assert "Anna" not in table.players and "Annika" in table.players
            assert all(p.payer != "Anna" and p.payee != "Anna" for p in table.payments)
        for game_row in db.session.execute(db.select(Game)).scalars():
            assert "Anna" not in game_row.seating and game_row.first != "Anna"
        payloads = [e.payload for e in db.session.execute(db.select(Entry)).scalars()]
        assert "Anna" not in str(payloads) and "Annika" in str(payloads)
    after = client.get(table_url(game)).text
    assert after.count("Annika") >= before.count("Anna") - 1
    assert "Annika +1.10" in after  # the same money, under the new name
    history = client.get(game.path + "history").text
    assert "Anna is now called Annika." in history


@pytest.mark.parametrize(
    ("name", "message"),
    [("bo", "There is already a player called Bo: merge the two instead."),
     ("", "Type the new name."), ("x" * 41, "At most 40 characters."),
     ("An\x08na", "A name cannot hold a control character (such as a line break).")],
)  # fmt: skip
def test_a_rename_that_will_not_do_is_refused(client, app, name, message) -> None:  # type: ignore[no-untyped-def]
    token, _game = circle_with_two_evenings(client)
    changes = len(members(app)), _count(app, Change)
    response = client.post(f"/c/{token}/p/{member_id(app, 'Anna')}/rename", data={"name": name})
    assert response.status_code == 422
    assert message in errors(response.text)
    assert f'value="{name}"' in response.text
    assert (len(members(app)), _count(app, Change)) == changes
    assert "Anna" in members(app)


def _count(app: Flask, model: type) -> int:
    with app.app_context():
        return len(db.session.execute(db.select(model)).scalars().all())


def test_merging_a_name_into_itself_is_refused(client: FlaskClient, app) -> None:
    token, _game = circle_with_two_evenings(client)
    anna = member_id(app, "Anna")
    response = client.post(f"/c/{token}/p/{anna}/merge", data={"into": str(anna)})
    assert response.status_code == 422
    assert "A name cannot be merged into itself." in errors(response.text)
    assert "Anna" in members(app)


def test_two_names_that_played_one_game_together_are_two_people(client, app) -> None:  # type: ignore[no-untyped-def]
    token, _game = circle_with_two_evenings(client)
    response = client.post(
        f"/c/{token}/p/{member_id(app, 'Anna')}/merge", data={"into": str(member_id(app, "Bo"))}
    )
    assert response.status_code == 422
    assert "Anna and Bo played Plump together at" in " ".join(errors(response.text))
    assert members(app) == ["Anna", "Bo", "Cia", "Dan"]


def test_two_names_of_one_person_are_merged(client: FlaskClient, app) -> None:
    token, game = circle_with_two_evenings(client)
    third = evening_in(client, token, ["Ann", "Cia", "Dan"])
    assert members(app) == ["Ann", "Anna", "Bo", "Cia", "Dan"]
    ann, anna = member_id(app, "Ann"), member_id(app, "Anna")
    response = client.post(f"/c/{token}/p/{ann}/merge", data={"into": str(anna)})
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/p/{anna}")
    assert "Ann" not in members(app)
    page = client.get(f"/c/{token}/p/{anna}").text
    assert "3 evenings" in page
    assert "Anna" in client.get(table_url(third)).text
    assert game


def test_a_name_that_is_also_a_word_of_the_record_is_not_renamed(client, app) -> None:  # type: ignore[no-untyped-def]
    """A player called S in a Plump game with spades as trump: S in the record is both."""
    token = new_circle(client)
    game = evening_in(client, token, ["S", "Bo", "Cia"])
    play_deal(client, game, {"Bo": 1, "Cia": 0, "S": 0}, {"Bo": 1, "Cia": 9, "S": 0}, trump="S",
              players=["S", "Bo", "Cia"])  # fmt: skip
    entries = [e for e in _payloads(app)]
    response = client.post(f"/c/{token}/p/{member_id(app, 'S')}/rename", data={"name": "Sam"})
    assert response.status_code == 422
    assert "The name S is also one of the game's own words in Plump" in " ".join(
        errors(response.text)
    )
    assert _payloads(app) == entries and "S" in members(app)


def _payloads(app: Flask) -> list[dict]:
    with app.app_context():
        return [
            e.payload for e in db.session.execute(db.select(Entry).order_by(Entry.id)).scalars()
        ]


def test_the_player_and_circle_pages_fit_anyone(client: FlaskClient, app) -> None:
    """No "he" or "his" of a player: the pages name the player or say it of anyone."""
    token, _game = circle_with_two_evenings(client)
    pages = [
        client.get(f"/c/{token}/p/{member_id(app, 'Bo')}").text,
        client.get(f"/c/{token}/").text,
    ]
    for page in pages:
        text = re.sub(r"<[^>]+>", " ", page)
        assert not re.findall(r"\b(he|his|him|himself)\b", text, re.I), text
    assert "Rename Bo everywhere" in pages[0] and "Bo is the same person as …" in pages[0]
