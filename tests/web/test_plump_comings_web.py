"""A Plump game where people come and go, and totals are corrected, shown in every view."""

from __future__ import annotations

import csv
import io
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from tests.examples import EXAMPLES
from tests.web.helpers import GameUrl, import_record, start_game
from tests.web.test_circles_web import evening_in, member_id, new_circle

COME_AND_GO = json.loads((EXAMPLES / "plump-come-and-go.json").read_text())
PACK = json.loads((EXAMPLES / "plump-come-and-go-pack.json").read_text())


def imported(client: FlaskClient, record: dict) -> GameUrl:
    response = import_record(client, start_game(client).token, record)
    assert response.status_code == 303, response.text
    return GameUrl(response.headers["Location"])


def cells_of(page: str, deal: int) -> list[str]:
    row = re.search(rf'<tr id="row-deal-{deal}".*?</tr>', page, re.S)
    assert row, deal
    return re.findall(r"<td.*?</td>", row.group(0), re.S)


def test_the_sheet_marks_who_was_not_dealt_in_and_the_corrections(client: FlaskClient) -> None:
    game = imported(client, COME_AND_GO)
    page = client.get(game.path).text
    eva_first, bo_fourth = cells_of(page, 1)[4], cells_of(page, 4)[1]
    for cell in (eva_first, bo_fourth):  # a marked empty cell, not a 0
        assert 'class=" out"' in cell and "not dealt in" in cell
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
