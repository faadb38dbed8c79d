"""Mus at the table: stones adjusted on an earlier hand through its correction (added, taken
back, refused beside the field), and the player a substitute replaced coming back at the first
hand of the next game (docs/records.md, "People come and go")."""

from __future__ import annotations

import json

from tests.examples import EXAMPLES
from tests.web.helpers import GameUrl, errors, form_fields, imported_game, post_entry

MUS = json.loads((EXAMPLES / "mus-come-and-go.json").read_text())
RETURNS = json.loads((EXAMPLES / "mus-substitute-returns.json").read_text())


def correction(client, game: str, number: int) -> dict:
    return form_fields(client.get(game + f"rounds/{number}").text, f"rounds/{number}")


def exported(client, game: str) -> list[dict]:
    return client.get(game + "export").get_json()["rounds"]


def test_a_correction_of_an_earlier_hand_adds_an_adjustment_with_its_reason(client) -> None:
    game = imported_game(client, MUS).path
    assert "For an earlier hand: tap it on the sheet, then “Correct hand”." in client.get(game).text
    page = client.get(game + "rounds/2").text
    assert 'id="adjust-stones"' in page
    fields = {**correction(client, game, 2), "adjust_team": "2", "adjust_stones": "4",
              "adjust_reason": "señas seen"}  # fmt: skip
    response = client.post(game + "rounds/2", data=fields)
    assert response.status_code == 303, errors(response.text)
    rounds = exported(client, game)
    assert rounds[1]["adjust"] == [{"team": 2, "stones": 4, "reason": "señas seen"}]
    assert rounds[1]["seats"] == {"Dan": "Eva"}  # kept
    assert rounds[2]["adjust"] == MUS["rounds"][2]["adjust"]  # the later hand's untouched
    assert "señas seen" in client.get(game).text


def test_a_correction_takes_an_adjustment_back_or_changes_it(client) -> None:
    game = imported_game(client, MUS).path
    page = client.get(game + "rounds/3").text
    assert "a seña seen by the other team" in page and 'name="adjust_drop_0"' in page
    fields = {**correction(client, game, 3), "adjust_drop_0": "y", "adjust_team": "1",
              "adjust_stones": "-1", "adjust_reason": "one stone, not two"}  # fmt: skip
    response = client.post(game + "rounds/3", data=fields)
    assert response.status_code == 303, errors(response.text)
    assert exported(client, game)[2]["adjust"] == [
        {"team": 1, "stones": -1, "reason": "one stone, not two"}
    ]
    fields = {**correction(client, game, 3), "adjust_drop_0": "y"}
    assert client.post(game + "rounds/3", data=fields).status_code == 303
    assert "adjust" not in exported(client, game)[2]


def test_a_bad_adjustment_of_an_earlier_hand_is_refused_beside_its_field(client) -> None:
    game = imported_game(client, MUS).path
    before = exported(client, game)
    for extra, message in [
        ({"adjust_team": "2", "adjust_stones": "-9", "adjust_reason": "x"}, "only 3 stones"),
        ({"adjust_team": "2", "adjust_stones": "2", "adjust_reason": ""}, "Say why"),
        ({"adjust_stones": "2", "adjust_reason": "x"}, "Which team"),
    ]:
        response = client.post(game + "rounds/2", data={**correction(client, game, 2), **extra})
        assert response.status_code == 422
        assert any(message in e for e in errors(response.text)), errors(response.text)
        assert f'value="{extra["adjust_stones"]}"' in response.text  # the input kept
    assert exported(client, game) == before


def test_the_replaced_player_comes_back_at_the_next_games_first_hand(client) -> None:
    from tests.web.test_mus_mulle_come_web import hand_to_the_fourth_seat
    from tests.web.test_mus_web import tap

    game = GameUrl(imported_game(client, {**RETURNS, "rounds": RETURNS["rounds"][:3]}).path)
    tap(client, game, "seat-3", newcomer="Dan")  # Dan for Eva, game 2 about to start
    assert "Ben &amp; Dan" in client.get(game.path).text
    hand_to_the_fourth_seat(client, game)  # Dan's
    stored = exported(client, game.path)[3]  # the hand says he comes back (docs/records.md)
    assert stored["seats"] == {"Eva": "Dan"} and stored["back"] == ["Dan"]
    early = GameUrl(imported_game(client, {**RETURNS, "rounds": RETURNS["rounds"][:2]}).path)
    response = post_entry(client, early, {"act": "seat-3", "newcomer": "Dan"})
    assert response.status_code == 422
    assert any("first hand of a later game" in e for e in errors(response.text))


def test_every_view_of_a_match_with_a_return(client) -> None:
    from tests.web.test_mus_mulle_come_web import every_view

    pages = every_view(client, imported_game(client, RETURNS).path)
    assert "Eva for Dan" in pages["game"] and "Dan for Eva" in pages["game"]
    assert "Ben &amp; Dan" in pages["game"]  # the team as it sits again
    sheet = pages["sheet"].removeprefix("\ufeff").splitlines()
    assert [row.split(",")[4] for row in sheet[1:]] == [
        "Ben & Dan", "Ben & Eva", "Ben & Eva", "Ben & Dan", "Ben & Dan"
    ]  # fmt: skip
    assert json.loads(pages["export"])["rounds"][3]["seats"] == {"Eva": "Dan"}
