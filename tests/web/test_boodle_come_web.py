"""Boodle when people come and go, on the pages: an imported game whose players sat out,
arrived late and left, with chips moved by hand, renders in every view; a player who is out
has a marked empty cell, an adjusted cell is marked with its reason, the totals count both;
the evening and the circle count each person's own deals and keep the balance of one who left."""

from __future__ import annotations

import html
import io
import json
import re

from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store import service as services
from assistant.store.models import Game
from tests.examples import EXAMPLES
from tests.web.helpers import form_fields, post_entry, start_game
from tests.web.test_boodle_undo_web import undo
from tests.web.test_circles_web import new_circle

RECORD = json.loads((EXAMPLES / "boodle-come-and-go.json").read_text())
EXPECTED = json.loads((EXAMPLES / "boodle-come-and-go.expected.json").read_text())


def imported(client: FlaskClient, record: dict | None = None) -> str:
    """The game page's path of the record imported as a new table."""
    data = json.dumps(record or RECORD).encode()
    upload = {"record": (io.BytesIO(data), "game.json")}
    response = client.post("/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303, response.text
    return response.headers["Location"]


def cells(page: str, deal: int) -> list[str]:
    """The player cells of a deal's row on the sheet, as text."""
    row = re.search(rf'<tr id="row-deal-{deal}".*?</tr>', page, re.S)
    assert row is not None
    found = re.findall(r"<td([^>]*)>(.*?)</td>", row.group(0), re.S)
    return [f"{attrs}|{re.sub(r'<[^>]+>', ' ', text).split()}" for attrs, text in found]


def test_the_game_page_marks_who_was_out_and_the_chips_moved_by_hand(client) -> None:
    page = client.get(imported(client))
    assert page.status_code == 200
    text = page.text
    deal_two = cells(text, 2)
    # Bo and Eva sat out deal 2: a dash and "not dealt in", their balances kept (−3, 0)
    assert 'class="sat-out"' in deal_two[1] and "'not', 'dealt', 'in', '−3'" in deal_two[1]
    assert 'class="sat-out"' in deal_two[4] and "'0'" in deal_two[4]
    assert "sat-out" not in deal_two[0]
    deal_three = cells(text, 3)  # Cia gave Anna 2 chips, Dan put 1 on J♠
    assert (
        "adjusted" in deal_three[0] and "adjusted" in deal_three[2] and "adjusted" in deal_three[3]
    )
    assert "adjusted" not in deal_three[1] and "adjusted" not in deal_three[4]
    assert 'id="adjust-3"' in text
    assert "Cia gives 2 chips to Anna (played out of turn)" in text
    assert "Dan puts 1 chip on J♠ (a chip short on the ante)" in text
    assert "Not dealt in: Bo, Eva" in text  # the history of deal 2
    totals = re.search(r"<tfoot>.*?</tfoot>", text, re.S)
    assert totals is not None
    assert re.findall(r'class="total">([^<]*)<', totals.group(0)) == [
        "−8", "−6", "0", "−24", "+7"
    ]  # fmt: skip


def test_the_next_deal_is_dealt_to_those_dealt_in(client) -> None:
    text = client.get(imported(client)).text
    # Dan left: deal 5 is Anna's, and the out keys offer the four still playing
    outs = re.findall(r'name="out" value="([^"]+)"', text)
    assert outs == ["Anna", "Bo", "Cia", "Eva"]
    assert "Dan" not in re.findall(r'data-player="([^"]+)"', text)


def test_every_view_of_the_game_renders(client) -> None:
    game = imported(client)
    for path in ("history", "rules", "export", "sheet.csv"):
        assert client.get(game + path).status_code == 200, path
    exported = client.get(game + "export").get_json()
    assert exported["rounds"] == RECORD["rounds"]
    csv = client.get(game + "sheet.csv").text
    lines = csv.splitlines()
    assert lines[0].endswith("On the layout,Chips moved by hand")
    assert lines[2] == "2,Cia,Anna,11,1,,-3,-10,-7,-8,-13,,0,22,"  # Bo and Eva: empty cells
    moved = "Cia → Anna: 2 (played out of turn); Dan → JS: 1 (a chip short on the ante)"
    assert lines[3] == f"3,Dan,Bo,-3,-2,2,-1,-6,-13,-11,-24,8,8,32,{moved}"
    page = client.get(game).text
    watch = re.search(r'href="([^"]+)"[^>]*>\s*Watch view', page)
    assert watch is not None
    tv = client.get(html.unescape(watch.group(1)))
    assert tv.status_code == 200 and 'class="sat-out"' in tv.text
    table = client.get(table_url_of(game))
    assert table.status_code == 200
    assert client.get(table_url_of(game) + "export").status_code == 200


def table_url_of(game: str) -> str:
    return "/".join(game.split("/")[:3]) + "/"


def test_the_settle_up_keeps_the_balance_of_one_who_left(client) -> None:
    text = client.get(imported(client)).text
    # 31 chips on the layout shared among the four dealt in to the last deal: 7.75 each
    assert "7.75" in text
    table = client.get(table_url_of(imported(client))).text
    assert "Dan" in table and "−24" in table


def test_the_circle_counts_each_persons_own_deals(client, app) -> None:
    token = new_circle(client)
    game = imported(client)
    table = table_url_of(game)
    assert client.post(table + "circle", data={"join-circle": token}).status_code == 303
    page = client.get(f"/c/{token}/")
    assert page.status_code == 200
    members = dict(
        (name, number)
        for number, name in re.findall(rf'href="/c/{token}/p/(\d+)"[^>]*>\s*(\w+)', page.text)
    )
    said = {}
    for name, number in members.items():
        person = client.get(f"/c/{token}/p/{number}")
        assert person.status_code == 200
        said[name] = re.findall(r"Net chips: [^<]*", person.text)
    # Eva came for deal 3, Bo sat out deal 2, Dan left after deal 3; the layout's 31 chips
    # are shared among the four of the last deal (7.75 each), Dan keeps his −24
    assert said == {
        "Anna": ["Net chips: -0.2 in 4 deals"],
        "Bo": ["Net chips: 1.8 in 3 deals"],
        "Cia": ["Net chips: 7.8 in 4 deals"],
        "Dan": ["Net chips: -24 in 3 deals"],
        "Eva": ["Net chips: 14.8 in 2 deals"],
    }


# --- entered at the table ------------------------------------------------------------------

FOUR = ["Anna", "Bo", "Cia", "Dan"]


def saved_rounds(app) -> list[dict]:
    with app.app_context():
        game = db.session.execute(db.select(Game)).scalar_one()
        return json.loads(json.dumps(services.load_game(game).record.rounds))


def test_a_player_sits_out_joins_and_chips_are_moved_at_the_table(client, app) -> None:
    game = start_game(client, game="boodle", players=FOUR, first="Anna")
    go = {"action": "out", "out": "Bo", "cards_left_0": 1, "cards_left_2": 2, "cards_left_3": 3}
    assert post_entry(client, game, go).status_code == 303
    # Bo was to deal deal 2: he sits out, Cia deals to Anna, Cia and Dan
    said = post_entry(client, game, {"action": "seat", "seat": "Bo"})
    assert said.status_code == 303
    page = client.get(game.path).text
    assert "Bo joins" in page and "Cia deals" in page
    assert re.findall(r'name="out" value="([^"]+)"', page) == ["Anna", "Cia", "Dan"]
    move = {"action": "move", "move_from": "Dan", "move_to": "QD", "move_chips": 2,
            "move_reason": "dropped two chips"}  # fmt: skip
    assert post_entry(client, game, move).status_code == 303
    assert "Dan puts 2 chips on Q♦ (dropped two chips)" in client.get(game.path).text
    # who plays is settled once the deal has begun
    late = post_entry(client, game, {"action": "seat", "seat": "Anna"})
    assert late.status_code == 422
    assert "settled before it starts" in html.unescape(late.text)
    go = {"action": "out", "out": "Anna", "cards_left_1": 0, "cards_left_2": 4}
    assert post_entry(client, game, go).status_code == 303
    second = saved_rounds(app)[1]
    assert second["out"] == ["Bo"]
    assert second["adjust"] == [{"from": "Dan", "to": "QD", "chips": 2,
                                 "reason": "dropped two chips"}]  # fmt: skip
    # the table plays on as it sat: deal 3 is saved with Bo out again, until he joins
    go = {"action": "out", "out": "Cia", "cards_left_0": 0, "cards_left_2": 1}
    assert post_entry(client, game, go).status_code == 303
    assert saved_rounds(app)[2]["out"] == ["Bo"]
    assert post_entry(client, game, {"action": "seat", "seat": "Bo"}).status_code == 303
    page = client.get(game.path).text
    assert re.findall(r'name="out" value="([^"]+)"', page) == FOUR


def test_a_move_needs_a_reason_and_a_player_dealt_in(client, app) -> None:
    game = start_game(client, game="boodle", players=FOUR, first="Anna")
    move = {"action": "move", "move_from": "Dan", "move_to": "Anna", "move_chips": 2}
    refused = post_entry(client, game, {**move, "move_reason": "  "})
    assert refused.status_code == 422
    assert "Say why the chips are moved" in html.unescape(refused.text)
    assert 'value="2"' in refused.text  # the input kept
    to_self = post_entry(client, game, {**move, "move_to": "Dan", "move_reason": "x"})
    assert to_self.status_code == 422
    assert "Dan cannot move chips to themselves" in html.unescape(to_self.text)
    too_few = post_entry(client, game, {"action": "seat", "seat": "Anna"})
    assert too_few.status_code == 422  # Anna deals the first deal
    with app.app_context():
        assert db.session.execute(db.select(Game)).scalar_one().draft in (None, {})


def test_undo_after_a_deal_with_a_sit_out_takes_back_only_its_out(client, app) -> None:
    game = start_game(client, game="boodle", players=FOUR, first="Anna")
    go = {"action": "out", "out": "Bo", "cards_left_0": 1, "cards_left_2": 2, "cards_left_3": 3}
    assert post_entry(client, game, go).status_code == 303
    assert post_entry(client, game, {"action": "seat", "seat": "Bo"}).status_code == 303
    move = {"action": "move", "move_from": "Dan", "move_to": "Anna", "move_chips": 3,
            "move_reason": "paid late"}  # fmt: skip
    assert post_entry(client, game, move).status_code == 303
    go = {"action": "out", "out": "Anna", "cards_left_1": 0, "cards_left_2": 4}
    assert post_entry(client, game, go).status_code == 303
    saved = saved_rounds(app)[1]
    assert undo(client, game) == "Undone: Anna went out, deal 2."
    with app.app_context():
        draft = db.session.execute(db.select(Game)).scalar_one().draft
    assert draft["out"] == ["Bo"] and draft["adjust"] == saved["adjust"]
    page = client.get(game.path).text
    assert "Cia deals" in page  # Bo still sits it out
    assert post_entry(client, game, go).status_code == 303
    assert saved_rounds(app)[1] == saved


def test_a_correction_keeps_who_was_out_and_the_chips_moved(client, app) -> None:
    game = imported(client)
    form = client.get(game + "rounds/2")
    assert form.status_code == 200
    # deal 2 was dealt to Anna, Cia and Dan only: the form has their rows
    assert re.findall(r'name="out" value="([^"]+)"', form.text) == ["Anna", "Cia", "Dan"]
    fields = form_fields(form.text, "rounds/2")
    fields.update({"cards_left_1": 4})  # Cia held 4 cards, not 3
    answer = client.post(game + "rounds/2", data=fields)
    assert answer.status_code == 303, answer.text
    rounds = saved_rounds(app)
    assert rounds[1]["out"] == ["Bo", "Eva"] and rounds[1]["cards_left"] == {"Cia": 4, "Dan": 2}
    assert rounds[2]["adjust"] == RECORD["rounds"][2]["adjust"]
    three = form_fields(client.get(game + "rounds/3").text, "rounds/3")
    three["cards_left_4"] = 2  # Eva held 2
    assert client.post(game + "rounds/3", data=three).status_code == 303
    assert saved_rounds(app)[2]["adjust"] == RECORD["rounds"][2]["adjust"]


def test_the_poker_stage_of_a_deal_with_a_sit_out_is_corrected_for_those_dealt_in(client):
    record = json.loads((EXAMPLES / "boodle-come-and-go-three-in-one.json").read_text())
    game = imported(client, record)
    page = client.get(game + "rounds/1").text  # Dan came for deal 2; Anna sits out deal 4
    hands = re.findall(r'<div class="bhand[^"]*" data-hand>\s*<label for="[^"]+">([^<]+)<', page)
    assert hands == ["Anna", "Bo", "Cia"]
