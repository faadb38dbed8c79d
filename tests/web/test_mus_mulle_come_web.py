"""Mus and Mulle games with a substitute and adjustments, imported: every view shows them as
paper does (a substitute's name where he sat, a marked total with its reason) and the evening
and the circle count each person's own games."""

from __future__ import annotations

import copy
import json

from flask import Flask
from flask.testing import FlaskClient

from tests.examples import EXAMPLES
from tests.web.helpers import (
    GameUrl,
    errors,
    form_fields,
    imported_game,
    post_entry,
    version_of,
)
from tests.web.test_circles_web import member_id, new_circle

MUS = json.loads((EXAMPLES / "mus-come-and-go.json").read_text())
MULLE = json.loads((EXAMPLES / "mulle-come-and-go.json").read_text())
PARTNERS = json.loads((EXAMPLES / "mulle-come-and-go-partnership.json").read_text())


def imported(client: FlaskClient, record: dict) -> str:
    return imported_game(client, record).path


def every_view(client: FlaskClient, game: str) -> dict[str, str]:
    table = "/".join(game.split("/")[:3]) + "/"
    pages = {
        "game": game, "history": game + "history", "export": game + "export",
        "sheet": game + "sheet.csv", "rules": game + "rules", "table": table,
        "correct": game + "rounds/1",
    }  # fmt: skip
    shown = {}
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        shown[name] = response.get_data(as_text=True)
    return shown


def test_a_mus_match_with_a_substitute_and_an_adjustment_shows_in_every_view(client) -> None:
    game = imported(client, MUS)
    pages = every_view(client, game)
    page = pages["game"]
    assert "Eva for Dan" in page  # the hand the substitute came
    assert "From this hand on Eva holds Dan's seat" in page
    assert 'class="adjusted-mark"' in page and "a seña seen by the other team" in page
    assert "Adjusted by the table: Anna & Carla -2 stones" in page
    assert "Ben &amp; Eva" in page  # the team as it sits now
    assert json.loads(pages["export"])["rounds"][1]["seats"] == {"Dan": "Eva"}
    assert json.loads(pages["export"])["rounds"][2]["adjust"][0]["stones"] == -2
    assert "Eva" in pages["table"]
    sheet = pages["sheet"].removeprefix("\ufeff").splitlines()
    assert sheet[0].startswith("Hand,Game,Mano,Team 1,Team 2,") and sheet[0].endswith("Adjustments")
    assert sheet[1].startswith("1,1,Anna,Anna & Carla,Ben & Dan,")  # Dan played hand 1
    assert sheet[3].endswith(",Anna & Carla −2: a seña seen by the other team")
    for number in (2, 3, 4, 5):  # a hand the substitute played can be corrected
        assert client.get(game + f"rounds/{number}").status_code == 200


def test_a_hand_decided_by_a_player_who_left_later_still_names_him(client) -> None:
    """Hand 1's cards leave pares and juego to Ben & Dan alone, Dan's the best; Eva takes his
    seat in hand 2. The game page once asked the seats of now for Dan's team: a 500, the game
    unopenable (found by the fuzz)."""
    record = copy.deepcopy(MUS)
    record["rounds"][0]["cards"].update(Anna="K7QA", Carla="J654")
    record["rounds"][0]["lances"].update(pares="paso", juego="paso")
    record["rounds"] = record["rounds"][:2]  # Eva comes in hand 2
    page = every_view(client, imported(client, record))["game"]
    assert "Only Ben &amp; Dan have pares; the best is Dan&#39;s 7-7" in page
    assert "Ben &amp; Eva" in page  # the team as it sits now


def test_correcting_a_hand_keeps_its_substitute_and_its_adjustment(client) -> None:
    game = imported(client, MUS)
    for number, chica in ((2, "2"), (3, "1")):  # the chica to the other team
        fields = form_fields(client.get(game + f"rounds/{number}").text, f"rounds/{number}")
        assert fields["mode"] == "winners" and fields["showdown_chica"] != chica
        fields["showdown_chica"] = chica
        response = client.post(game + f"rounds/{number}", data=fields)
        assert response.status_code == 303, errors(response.text)
    rounds = client.get(game + "export").get_json()["rounds"]
    assert rounds[1]["seats"] == {"Dan": "Eva"}
    assert rounds[2]["adjust"] == MUS["rounds"][2]["adjust"]
    assert rounds[1]["showdown"]["chica"] == 2 and rounds[2]["showdown"]["chica"] == 1


def test_a_mulle_game_with_adjustments_marks_the_cells_and_counts_them(client) -> None:
    pages = every_view(client, imported(client, MULLE))
    page = pages["game"]
    assert page.count('class="adjusted"') == 2
    assert "revoke" in page and "a mulle left off her pile" in page
    assert "Adjusted by the table: -10" in page and "Adjusted by the table: +40" in page
    assert ">111<" in page and ">87<" in page  # the totals count them
    assert "± marks points given or taken" in page
    assert "111" in pages["sheet"] and ",Bo −10: revoke" in pages["sheet"]
    assert "Someone who arrives joins the next game" in pages["rules"]  # where a table looks


def test_a_partners_adjustment_is_marked_on_his_sides_cell(client) -> None:
    page = every_view(client, imported(client, PARTNERS))["game"]
    assert page.count('class="adjusted"') == 1 and "tabbe not counted" in page
    assert ">39<" in page


def test_the_evening_and_the_circle_count_the_substitute(client: FlaskClient, app: Flask) -> None:
    token = new_circle(client)
    game = imported(client, MUS)
    table = "/".join(game.split("/")[:3]) + "/"
    assert client.post(table + "circle", data={"join-circle": token}).status_code == 303
    evening = client.get(table).text
    assert "Eva" in evening
    circle = client.get(f"/c/{token}/").text
    assert "Eva" in circle and "Dan" in circle
    eva = client.get(f"/c/{token}/p/{member_id(app, 'Eva')}")
    assert eva.status_code == 200 and "Games won: 0 of 1" in eva.text  # decided in her seat
    dan = client.get(f"/c/{token}/p/{member_id(app, 'Dan')}").text
    assert "Hands played: 1, stones won in them: 0" in dan  # his own hand
    assert "Games won: 0 of 0" in dan  # he went home before it was decided
    assert "Hands played: 4, stones won in them: 8" in eva.text


# --- entering an adjustment at the table (Mus) ----------------------------------------------

ONE_HAND = {**MUS, "rounds": [{"lances": {}, "showdown": {"grande": 1, "chica": 1, "pares": None,
                                                          "punto": 1}}]}  # fmt: skip


def test_stones_adjusted_from_the_game_page_are_stored_on_the_last_hand(client) -> None:
    from tests.web.test_mus_web import score, tap

    game = GameUrl(imported(client, ONE_HAND))
    page = client.get(game.path).text
    assert "Adjust stones" in page and score(page) == [3, 0]
    tap(client, game, "adjust", adjust_team="2", adjust_stones="5", adjust_reason="señas")
    page = client.get(game.path).text
    assert score(page) == [3, 5] and "señas" in page and 'class="adjusted-mark"' in page
    rounds = client.get(game.path + "export").get_json()["rounds"]
    assert rounds[0]["adjust"] == [{"team": 2, "stones": 5, "reason": "señas"}]
    assert (
        "Stones adjusted after hand 1: Ben &amp; Dan +5 (señas)."
        in client.get(game.path + "history").text
    )


def test_a_bad_adjustment_is_refused_next_to_its_field_and_nothing_is_stored(client) -> None:
    game = GameUrl(imported(client, ONE_HAND))
    for fields, message in [
        ({"adjust_team": "1", "adjust_stones": "-4", "adjust_reason": "x"}, "only 3 stones"),
        ({"adjust_team": "1", "adjust_stones": "2", "adjust_reason": " "}, "Say why"),
        ({"adjust_stones": "2", "adjust_reason": "x"}, "Which team"),
        ({"adjust_team": "1", "adjust_stones": "", "adjust_reason": "x"}, "How many stones"),
        ({"adjust_team": "1", "adjust_stones": "41", "adjust_reason": "x"}, "Choose from -40"),
    ]:
        response = post_entry(client, game, {"act": "adjust", **fields})
        assert response.status_code == 422
        assert any(message in e for e in errors(response.text)), errors(response.text)
        assert 'class="mus-adjust" open' in response.text  # the input kept in sight
    assert "adjust" not in client.get(game.path + "export").get_json()["rounds"][0]


def test_no_adjustment_after_a_hand_that_ended_the_game(client) -> None:
    game = GameUrl(imported(client, {**MUS, "rounds": MUS["rounds"][:4]}))  # hand 4 won game 1
    fields = {"act": "adjust", "adjust_team": "2", "adjust_stones": "1", "adjust_reason": "x"}
    response = post_entry(client, game, fields)
    assert response.status_code == 422
    assert any("already over" in e for e in errors(response.text))


# --- a substitute entered at the table (Mus) ------------------------------------------------


def hand_to_the_fourth_seat(client, game: GameUrl) -> None:
    """A hand nobody bets on, won by the team of the fourth seat: only its holder has pares
    and juego (3 stones and more to that team)."""
    from tests.web.test_mus_web import tap

    tap(client, game, "paso")  # grande
    tap(client, game, "paso")  # chica
    tap(client, game, "said", said_3="y")  # only the fourth seat has pares
    tap(client, game, "said", said_3="y")  # and juego
    tap(client, game, "save", mode="winners", showdown_grande="2", showdown_chica="2",
        pares_values_2="1", juego_values_2="2")  # fmt: skip


def test_a_substitute_entered_before_a_hand_plays_it_and_is_stored_with_it(client) -> None:
    from tests.web.test_mus_web import score, tap

    game = GameUrl(imported(client, ONE_HAND))  # hand 2 next: Ben is mano, Anna deals
    page = client.get(game.path).text
    assert "A substitute takes a seat" in page
    tap(client, game, "seat-3", newcomer="Eva")  # Eva for Dan
    page = client.get(game.path).text
    assert "Ben &amp; Eva" in page and "Undo: the substitute of hand 2" in page
    hand_to_the_fourth_seat(client, game)  # Eva's
    rounds = client.get(game.path + "export").get_json()["rounds"]
    assert rounds[1]["seats"] == {"Dan": "Eva"}
    page = client.get(game.path).text
    assert "Eva for Dan" in page and score(page)[0] == 3
    assert "Carla is mano" in page  # hand 3: the seat after Ben's


def test_a_bad_substitute_is_refused_next_to_the_name(client) -> None:
    from tests.web.test_mus_web import tap

    game = GameUrl(imported(client, ONE_HAND))
    for name, message in [
        ("", "Type the name"),
        ("Ben", "has held a seat before"),
        ("E" * 41, "40 characters"),  # a record keeps no longer name
        ("E\u202eva", "control character"),
    ]:
        response = post_entry(client, game, {"act": "seat-3", "newcomer": name})
        assert response.status_code == 422
        assert any(message in e for e in errors(response.text)), errors(response.text)
        assert 'class="mus-substitute" open' in response.text
    tap(client, game, "paso")
    response = post_entry(client, game, {"act": "seat-3", "newcomer": "Eva"})
    assert response.status_code == 422 and "between hands" in " ".join(errors(response.text))
    assert client.get(game.path + "export").get_json()["rounds"] == ONE_HAND["rounds"]


def test_undo_takes_the_substitute_back_and_undo_of_his_hand_keeps_him(client) -> None:
    from tests.web.test_mus_web import tap

    game = GameUrl(imported(client, ONE_HAND))
    tap(client, game, "seat-3", newcomer="Eva")
    data = {"version": version_of(client, game), "key": "undo-substitute-1"}
    assert client.post(game.path + "undo", data=data).status_code == 303
    assert "Ben &amp; Dan" in client.get(game.path).text
    imported_with = GameUrl(imported(client, {**MUS, "rounds": MUS["rounds"][:2]}))
    page = client.get(imported_with.path).text
    assert "Undo: the showdown of hand 2" in page
    data = {"version": version_of(client, imported_with), "key": "undo-substitute-2"}
    assert client.post(imported_with.path + "undo", data=data).status_code == 303
    page = client.get(imported_with.path).text
    assert "Ben &amp; Eva" in page  # hand 2 in play again, with its substitute
    fields = form_fields(page, "enter")  # the showdown as it was saved
    response = post_entry(client, imported_with, {**fields, "act": "save"})
    assert response.status_code == 303, errors(response.text)
    assert client.get(imported_with.path + "export").get_json()["rounds"][1]["seats"] == {
        "Dan": "Eva"
    }


def test_a_mulle_total_is_adjusted_from_the_last_deals_correction(client) -> None:
    """ "± Adjust a total" under the tally opens the last deal's correction, which asks whose
    total, the points and why; the deal's own points stay, the total counts them."""
    game = imported(client, MULLE)
    page = client.get(game).text
    deals = len(MULLE["rounds"])
    link = f'{game}rounds/{deals}#adjust-a-total">± Adjust a total</a>'
    assert link in page
    correction = client.get(f"{game}rounds/{deals}").text
    assert 'id="adjust-a-total"' in correction
    fields = form_fields(correction, f"rounds/{deals}")
    before = [e for r in MULLE["rounds"] for e in r.get("adjust", [])]
    sent = {**fields, "adjust_player": "Bo", "adjust": "-5", "adjust_reason": "looked at the pack"}
    assert client.post(f"{game}rounds/{deals}", data=sent).status_code == 303
    record = client.get(game + "export").get_json()
    adjust = [e for r in record["rounds"] for e in r.get("adjust", [])]
    assert adjust == [*before, {"player": "Bo", "points": -5, "reason": "looked at the pack"}]
    assert record["rounds"][-1]["piles"] == MULLE["rounds"][-1]["piles"]  # the deal as it was


def test_a_mulle_adjustment_without_its_reason_is_refused_beside_the_field(client) -> None:
    game = imported(client, MULLE)
    deals = len(MULLE["rounds"])
    fields = form_fields(client.get(f"{game}rounds/{deals}").text, f"rounds/{deals}")
    sent = {**fields, "adjust_player": "Bo", "adjust": "-5", "adjust_reason": " "}
    answer = client.post(f"{game}rounds/{deals}", data=sent)
    assert answer.status_code == 422
    assert "Say why, as the sheet will." in errors(answer.text)
    assert 'value="-5"' in answer.text  # what was typed stays
    assert client.get(game + "export").get_json()["rounds"] == MULLE["rounds"]


def test_correcting_a_mulle_deal_keeps_its_adjustments(client) -> None:
    game = imported(client, MULLE)
    number = next(n for n, r in enumerate(MULLE["rounds"], 1) if r.get("adjust"))
    fields = form_fields(client.get(f"{game}rounds/{number}").text, f"rounds/{number}")
    fields["piles_0_mulles"], fields["piles_1_mulles"] = ["8C"], ["5C", "QD", "KH"]  # Bo's K♥
    assert client.post(f"{game}rounds/{number}", data=fields).status_code == 303
    record = client.get(game + "export").get_json()
    assert record["rounds"][number - 1]["adjust"] == MULLE["rounds"][number - 1]["adjust"]
    assert record["rounds"][number - 1]["piles"]["Bo"]["mulles"] == ["5C", "QD", "KH"]
