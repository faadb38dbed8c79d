"""A Plump game where people come and go, and totals are corrected, shown in every view."""

from __future__ import annotations

import csv
import io
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.models import Entry
from tests.examples import EXAMPLES
from tests.web.helpers import (
    GameUrl,
    draft,
    entries,
    errors,
    import_record,
    imported_game,
    post_entry,
    seat_fields,
    start_game,
    strip_totals,
    totals_row,
    version_of,
)
from tests.web.test_circles_web import evening_in, member_id, new_circle

COME_AND_GO = json.loads((EXAMPLES / "plump-come-and-go.json").read_text())
PACK = json.loads((EXAMPLES / "plump-come-and-go-pack.json").read_text())


def imported(client: FlaskClient, record: dict) -> GameUrl:
    return imported_game(client, record)


def cells_of(page: str, deal: int) -> list[str]:
    row = re.search(rf'<tr id="row-deal-{deal}".*?</tr>', page, re.S)
    assert row, deal
    return re.findall(r"<td.*?</td>", row.group(0), re.S)


def test_the_sheet_marks_who_was_not_dealt_in_and_the_corrections(client: FlaskClient) -> None:
    game = imported(client, COME_AND_GO)
    page = client.get(game.path).text
    eva_first, bo_fourth = cells_of(page, 1)[4], cells_of(page, 4)[1]
    for cell in (eva_first, bo_fourth):  # a marked empty cell, not a 0
        assert 'class="out"' in cell and "not dealt in" in cell
        assert not re.search(r">\s*0\s*<", cell)
    eva_third = cells_of(page, 3)[4]
    assert "adjusted" in eva_third and ">+10<sup>1</sup>" in eva_third
    assert '<li id="note-1">Deal 3: Eva +10, joins at the lowest total</li>' in page
    assert '<li id="note-2">Deal 4: Cia −10, revoke</li>' in page
    totals = re.search(r"<tfoot>.*?</tfoot>", page, re.S).group(0)
    assert re.findall(r'<td class="total[^"]*">(-?\d+)</td>', totals) == [
        "41", "35", "32", "32", "32"
    ]  # fmt: skip
    assert "Winner: Anna" in page


def test_every_view_of_the_game_shows_it(client: FlaskClient) -> None:
    game = imported(client, COME_AND_GO)
    for path in ("", "history", "export", "sheet.csv", "rules"):
        assert client.get(game.path + path).status_code == 200, path
    history = client.get(game.path + "history").text
    assert "Eva" in history
    rows = list(csv.reader(io.StringIO(client.get(game.path + "sheet.csv").text)))
    assert rows[0][-1] == "Adjustments"
    assert rows[1][-5:] == ["", "", "", "0", ""]  # Eva had not come yet: no bid, tricks, score
    assert rows[3][-1] == "Eva +10: joins at the lowest total"
    exported = json.loads(client.get(game.path + "export").text)
    assert exported["rounds"] == COME_AND_GO["rounds"]
    table = client.get(f"/t/{game.token}/")
    assert table.status_code == 200 and "Anna" in table.text


def test_the_evening_and_the_players_pages_count_each_players_own_deals(
    client: FlaskClient, app: Flask
) -> None:
    circle = new_circle(client)
    game = evening_in(client, circle, ["Anna", "Bo", "Cia", "Dan", "Eva"])
    assert import_record(client, game.token, COME_AND_GO).status_code == 303
    evening = client.get(f"/t/{game.token}/").text
    assert re.search(r"Anna\D*41", evening)  # the imported game's result, adjustments counted
    eva = client.get(f"/c/{circle}/p/{member_id(app, 'Eva')}").text
    assert "Bids made: 2 of 3 (67 %)" in eva  # she came for deal 3
    assert "Average score per deal: 10.7" in eva  # 32 (10 of them her start) / 3
    bo = client.get(f"/c/{circle}/p/{member_id(app, 'Bo')}").text
    assert "Bids made: 3 of 4 (75 %)" in bo  # he sat deal 4 out


def test_the_next_deal_shows_only_those_dealt_in(client: FlaskClient) -> None:
    game = imported(client, {**COME_AND_GO, "rounds": COME_AND_GO["rounds"][:4]})
    page = client.get(game.path).text
    # deal 5: Bo sits out as in deal 4 (the last deal's players play on); Eva deals
    assert "Eva deals" in page and "Anna bids first" in page
    bids = re.findall(r'name="bids_(\d)"', page)
    assert sorted(set(bids)) == ["0", "2", "3", "4"]  # not Bo's seat 1
    assert "not dealt in" in page


def test_a_deal_the_schedule_no_longer_fits_offers_the_largest_that_does(
    client: FlaskClient,
) -> None:
    game = imported(client, PACK)
    page = client.get(game.path).text
    assert re.search(r"<strong>13</strong> cards", page)  # the schedule says 14
    assert "The schedule's 14 cards each do not fit 4 players: 13 each." in page


# --- entering it at the table ---------------------------------------------------------------

FIVE = ["Anna", "Bo", "Cia", "Dan", "Eva"]


def tap_setup(client: FlaskClient, game: GameUrl, deal: int, **fields: int):
    return post_entry(client, game, {"step": f"setup-{deal}", **fields})


def test_a_tap_on_a_name_sets_the_next_deal_up_and_the_bids_store_it(
    client: FlaskClient, app: Flask
) -> None:
    game = start_game(client, players=FIVE)
    assert tap_setup(client, game, 1, toggle=4).status_code == 303  # Eva has not come yet
    assert entries(app) == [] and draft(app)["setup"] == {"deal": 1, "out": ["Eva"]}
    page = client.get(game.path).text
    assert sorted(set(re.findall(r'name="bids_(\d)"', page))) == ["0", "1", "2", "3"]
    assert "Players in deal 1: 4 of 5" in page and "Bo bids first" in page
    bids = {"Bo": 2, "Cia": 2, "Dan": 2, "Anna": 2}  # 10 cards: Anna may not bid 4
    assert post_entry(client, game, seat_fields("bids", bids, FIVE)).status_code == 303
    assert entries(app) == [{"out": ["Eva"], "bids": bids}] and draft(app) is None
    tricks = {"Bo": 2, "Cia": 2, "Dan": 2, "Anna": 4}
    assert post_entry(client, game, seat_fields("tricks", tricks, FIVE)).status_code == 303
    # deal 2: Eva still out (the last deal's players play on) until a tap deals her in
    page = client.get(game.path).text
    assert "Players in deal 2: 4 of 5" in page and "Bo deals" in page
    assert 'class="out"' in cells_of(page, 3)[4]  # as the sheet foresees them
    assert tap_setup(client, game, 2, toggle=4).status_code == 303
    page = client.get(game.path).text
    assert "Players in deal 2: 5 of 5" in page and 'name="bids_4"' in page
    assert "Cia bids first" in page
    assert 'class="out"' not in cells_of(page, 3)[4]  # she plays on in the deals to come
    bids = {"Cia": 0, "Dan": 0, "Eva": 1, "Anna": 1, "Bo": 0}  # 9 cards
    assert post_entry(client, game, seat_fields("bids", bids, FIVE)).status_code == 303
    assert entries(app)[-1] == {"bids": bids}  # everyone dealt in: no out


def test_a_set_up_with_too_few_players_is_refused(client: FlaskClient, app: Flask) -> None:
    game = start_game(client)  # four players
    assert tap_setup(client, game, 1, toggle=3).status_code == 303
    response = tap_setup(client, game, 1, toggle=2)
    assert response.status_code == 422
    assert "2 players are dealt in, but Plump is played by 3 to 7" in errors(response.text)
    assert draft(app)["setup"]["out"] == ["Dan"]


def test_the_first_dealer_cannot_sit_out_the_first_deal(client: FlaskClient) -> None:
    game = start_game(client)
    response = tap_setup(client, game, 1, toggle=0)
    assert response.status_code == 422
    assert "Anna deals round 1 but is not dealt in" in " ".join(errors(response.text))


def test_the_cards_can_be_chosen_where_the_schedule_no_longer_fits(
    client: FlaskClient, app: Flask
) -> None:
    game = imported(client, PACK)
    page = client.get(game.path).text
    assert "Cards each (at most 13 for 4 players)" in page
    assert tap_setup(client, game, 4, cards=12).status_code == 303
    assert re.search(r"<strong>12</strong> cards", client.get(game.path).text)
    bids = {"Anna": 3, "Bo": 3, "Cia": 3, "Dan": 0}  # Dan deals 12: 9 bid, he may not bid 3
    assert post_entry(client, game, seat_fields("bids", bids, PACK["players"])).status_code == 303
    with app.app_context():
        stored = db.session.execute(db.select(Entry).order_by(Entry.seq)).scalars().all()
        assert stored[-1].payload == {"cards": 12, "bids": bids}


def test_undo_says_it_takes_back_the_set_up_first(client: FlaskClient) -> None:
    game = start_game(client)
    assert tap_setup(client, game, 1, toggle=3).status_code == 303
    assert "Undo: the set-up of deal 1" in client.get(game.path).text


def test_a_total_is_corrected_with_its_reason_on_the_deals_correction(
    client: FlaskClient, app: Flask
) -> None:
    game = imported(client, PACK)
    page = client.get(game.path).text
    assert re.search(r'href="[^"]*/rounds/3#adjust-a-total"', page)  # one tap from the game page
    form = client.get(game.path + "rounds/3").text
    assert 'id="adjust-a-total"' in form and 'name="adjust_reason"' in form
    raw = PACK["rounds"][2]
    fields = seat_fields("bids", raw["bids"], PACK["players"]) | seat_fields(
        "tricks", raw["tricks"], PACK["players"]
    )
    data = {"version": version_of(client, game), "key": "adjust-1-abcdef", **fields}
    zero = client.post(game.path + "rounds/3", data=data | {"adjust_player": "Cia",
                       "adjust": "0", "adjust_reason": "x"})  # fmt: skip
    assert zero.status_code == 422 and "adjust: points must not be 0" in errors(zero.text)
    data |= {"adjust_player": "Cia", "adjust": "5", "adjust_reason": "miscounted deal 1"}
    assert client.post(game.path + "rounds/3", data=data).status_code == 303
    exported = json.loads(client.get(game.path + "export").text)
    assert exported["rounds"][2]["adjust"] == [
        {"player": "Bo", "points": -10, "reason": "revoke"},
        {"player": "Cia", "points": 5, "reason": "miscounted deal 1"},
    ]
    assert exported["rounds"][2]["cards"] == 12  # the correction keeps the deal's own cards
    assert totals_row(client.get(game.path).text) == [27, 20, 18, 12]
    history = client.get(game.path + "history").text
    assert "Deal 3 corrected: Cia +5 (miscounted deal 1)." in history
    assert "this phone" in history  # who entered it


def test_undo_takes_the_set_up_back_and_leaves_the_rounds(client: FlaskClient, app: Flask) -> None:
    game = start_game(client)
    play_deal = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}
    assert post_entry(client, game, seat_fields("bids", play_deal)).status_code == 303
    tricks = {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}
    assert post_entry(client, game, seat_fields("tricks", tricks)).status_code == 303
    assert tap_setup(client, game, 2, toggle=3).status_code == 303
    undo = {"version": version_of(client, game), "key": "undo-setup-1234"}
    assert client.post(game.path + "undo", data=undo).status_code == 303
    assert draft(app) is None and len(entries(app)) == 1
    assert "Players in deal 2: 4 of 4" in client.get(game.path).text


def test_a_player_who_sat_a_deal_out_has_his_total_corrected_on_it(
    client: FlaskClient, app: Flask
) -> None:
    """Bo sat deal 4 out; his total is corrected on that deal's correction (the record format
    allows an adjustment of a player not dealt in), shown in his marked cell with its note."""
    game = imported(client, COME_AND_GO)
    form = client.get(game.path + "rounds/4").text
    assert 'name="adjust_player" value="Bo"' in form  # offered, marked out of deal 4
    assert re.search(r'value="Bo"[^>]*><span class="noted">Bo <small[^>]*>out<', form)
    raw = COME_AND_GO["rounds"][3]
    players = COME_AND_GO["players"]
    fields = seat_fields("bids", raw["bids"], players) | seat_fields(
        "tricks", raw["tricks"], players
    )
    data = {"version": version_of(client, game), "key": "adjust-out-1234", **fields}
    data |= {"adjust_player": "Bo", "adjust": "-3", "adjust_reason": "paid for the pizza"}
    answer = client.post(game.path + "rounds/4", data=data)
    assert answer.status_code == 303, errors(answer.text)
    exported = json.loads(client.get(game.path + "export").text)
    assert exported["rounds"][3]["adjust"][-1] == {
        "player": "Bo", "points": -3, "reason": "paid for the pizza"}  # fmt: skip
    page = client.get(game.path).text
    bo_fourth = cells_of(page, 4)[1]
    assert 'class="out adjusted"' in bo_fourth and ">−3<sup>3</sup>" in bo_fourth
    assert '<span class="running">21</span>' in bo_fourth  # his 24 after deal 3, less 3
    assert totals_row(page) == [41, 32, 32, 32, 32] and strip_totals(page)["Bo"] == "32"
