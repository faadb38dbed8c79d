"""Boodle: chips moved by hand in an earlier deal, on that deal's correction: a move added with
its reason, a move taken off, a half-given move refused beside its field (nothing stored)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.web.helpers import GameUrl, errors, form_fields, version_of
from tests.web.test_boodle_come_web import RECORD, imported, saved_rounds


def test_a_correction_adds_a_move_of_chips_with_its_reason(client: FlaskClient, app: Flask) -> None:
    game = imported(client)
    page = client.get(game + "rounds/1").text
    assert 'id="move-chips"' in page
    fields = form_fields(page, "rounds/1")
    fields |= {"move_from": "Bo", "move_to": "Anna", "move_chips": "2", "move_reason": "paid late"}
    answer = client.post(game + "rounds/1", data=fields)
    assert answer.status_code == 303, errors(answer.text)
    assert saved_rounds(app)[0]["adjust"] == [
        {"from": "Bo", "to": "Anna", "chips": 2, "reason": "paid late"}
    ]
    assert "Bo gives 2 chips to Anna (paid late)" in client.get(game).text


def test_a_correction_takes_a_move_off(client: FlaskClient, app: Flask) -> None:
    game = imported(client)
    fields = form_fields(client.get(game + "rounds/3").text, "rounds/3")
    fields["remove_move_0"] = "y"  # Cia gave Anna 2 chips: taken off
    answer = client.post(game + "rounds/3", data=fields)
    assert answer.status_code == 303, errors(answer.text)
    assert saved_rounds(app)[2]["adjust"] == RECORD["rounds"][2]["adjust"][1:]


def test_a_move_without_its_reason_is_refused_beside_the_field(
    client: FlaskClient, app: Flask
) -> None:
    game = imported(client)
    version = version_of(client, GameUrl(game))
    fields = form_fields(client.get(game + "rounds/1").text, "rounds/1")
    fields |= {"move_from": "Bo", "move_to": "KC", "move_chips": "3"}
    answer = client.post(game + "rounds/1", data=fields)
    assert answer.status_code == 422
    assert "Say why the chips are moved (a few words)" in errors(answer.text)
    assert 'value="3"' in answer.text  # the input kept
    assert version_of(client, GameUrl(game)) == version and "adjust" not in saved_rounds(app)[0]
