"""The evening at a table through the real forms: stakes, the settle-up, ending and reopening,
payments paid, the history of a game, the whole table as a file, CSV sheets, the table's name."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import secrets

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.evening import load_evening
from assistant.store.models import Change, Entry, Game, Payment, Stake, Table
from tests.examples import EXAMPLES, PLUMP_THREE_DEALS
from tests.web.helpers import (
    PLAYERS,
    GameUrl,
    errors,
    import_record,
    play_deal,
    post_entry,
    start_game,
)


def table_url(game: GameUrl) -> str:
    return f"/t/{game.token}/"


def game_id(game: GameUrl) -> int:
    return int(game.path.rstrip("/").split("/")[-1])


def put_stake(client: FlaskClient, game: GameUrl, amount: str, basis: str, key: str = ""):  # type: ignore[no-untyped-def]
    n = game_id(game)
    data = {f"g{n}-amount": amount, f"g{n}-basis": basis, f"g{n}-key": key or secrets.token_hex(8)}
    return client.post(f"{table_url(game)}stakes/{n}", data=data)


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return len(db.session.execute(db.select(model)).scalars().all())


def start_with_stake(client: FlaskClient, kind: str, amount: str, basis: str) -> GameUrl:
    """A new table set up with a stake on its first game."""
    data = {"step": "options", "game": kind, "first": "Anna", f"{kind}-preset": "standard",
            "stake-amount": amount, "stake-basis": basis,
            **{f"players-{i}": name for i, name in enumerate(PLAYERS)}}  # fmt: skip
    response = client.post("/new", data=data)
    assert response.status_code == 303, errors(response.text)
    return GameUrl(response.headers["Location"])


def plump_with_three_deals(client: FlaskClient, stake: str | None = None) -> GameUrl:
    game = start_with_stake(client, "plump", stake, "pairs") if stake else start_game(client)
    for deal in PLUMP_THREE_DEALS:
        play_deal(client, game, deal["bids"], deal["tricks"])
    return game


def boodle_deal(client: FlaskClient, game: GameUrl) -> None:
    """Anna deals; Bo, Cia, Dan and Anna take A♥, K♣, Q♦, J♠; Dan goes out (Anna -6, Bo -1,
    Cia -3, Dan +10 chips)."""
    for card, by in (("AH", "Bo"), ("KC", "Cia"), ("QD", "Dan"), ("JS", "Anna")):
        assert (
            post_entry(client, game, {"action": "boodle", "card": card, "by": by}).status_code
            == 303
        )
    out = {"action": "out", "out": "Dan", "cards_left_0": 3, "cards_left_1": 2, "cards_left_2": 4}
    assert post_entry(client, game, out).status_code == 303


def mus_record() -> dict:
    """The first game of a Mus match, won by Bo and Dan (players named as at this table)."""
    text = (EXAMPLES / "mus-ordago-wins-game.json").read_text()
    record = json.loads(text.replace("Ben", "Bo").replace("Carla", "Cia"))
    record["rounds"] = record["rounds"][:2]
    return record


def the_evening(client: FlaskClient) -> tuple[GameUrl, GameUrl, GameUrl]:
    """The browser test's evening: Plump at 0.10 a point between every pair, Boodle at 0.50 a
    chip, Mus at 2.00 a game won."""
    plump = plump_with_three_deals(client, stake="0.10")
    response = client.post(
        f"{table_url(plump)}new",
        data={"step": "options", "game": "boodle", "first": "Anna", "boodle-preset": "standard",
              "boodle-chip_value": "0.50", **{f"players-{i}": p for i, p in enumerate(PLAYERS)}},
    )  # fmt: skip
    assert response.status_code == 303, response.text
    boodle = GameUrl(response.headers["Location"])
    boodle_deal(client, boodle)
    mus = GameUrl(import_record(client, plump.token, mus_record()).headers["Location"])
    assert put_stake(client, mus, "2", "game").status_code == 303
    return plump, boodle, mus


def payments_on(page: str) -> list[str]:
    found = re.findall(
        r'<p class="epay"><span>(.*?)</span> <strong class="eamount">(.*?)</strong>', page
    )
    return [f"{who} {amount}" for who, amount in found]


def test_the_evening_settles_every_game_with_a_stake_in_one(client: FlaskClient) -> None:
    plump, _boodle, _mus = the_evening(client)
    page = client.get(table_url(plump)).text
    assert "Bo +5.50 · Anna +1.10 · Dan −0.90 · Cia −5.70" in page
    assert "Dan +5.00 · Bo −0.50 · Cia −1.50 · Anna −3.00" in page
    assert "Bo +1.00 · Dan +1.00 · Anna −1.00 · Cia −1.00" in page
    assert payments_on(page) == ["Anna pays Dan 2.90", "Cia pays Bo 6.00", "Cia pays Dan 2.20"]
    assert "2. Boodle: Cia −1.50 (−3 chips), Dan +5.00 (+10 chips)" in page
    assert "End the evening" in page


def test_a_game_without_a_stake_counts_in_the_results_only(client: FlaskClient) -> None:
    game = plump_with_three_deals(client)
    page = client.get(table_url(game)).text
    assert "Leads: Bo" in page and "Bo 38 · Anna 27 · Dan 22 · Cia 10 points" in page
    assert "No stake: it counts in the results, not in the money." in page
    assert payments_on(page) == []


def test_a_stake_can_be_set_and_changed_later_and_is_logged(client: FlaskClient, app) -> None:
    game = plump_with_three_deals(client)
    assert put_stake(client, game, "0,20", "average").status_code == 303
    page = client.get(table_url(game)).text
    assert "0.20 per point against the average" in page
    assert "Bo +2.75" in page  # 38 - 24.25 = 13.75 points
    history = client.get(game.path + "history").text
    assert "Stake set: 0.20 per point above or below the table" in history
    assert put_stake(client, game, "", "average").status_code == 303
    assert count(app, Stake) == 0


@pytest.mark.parametrize(
    ("amount", "message"),
    [
        ("-1", "A stake cannot be negative"),
        ("−0.50", "A stake cannot be negative"),
        ("ten", "Enter an amount such as 0.50"),
        ("0.125", "Enter an amount such as 0.50"),
        ("1e3", "Enter an amount such as 0.50"),
        ("0", "A stake of nothing is no stake"),
        ("5000", "At most 1,000 a unit"),
        ("99999999", "Enter an amount such as 0.50"),
    ],
)
def test_bad_stakes_are_refused_with_the_input_kept(client, app, amount: str, message: str) -> None:  # type: ignore[no-untyped-def]
    game = plump_with_three_deals(client)
    changes = count(app, Change)
    response = put_stake(client, game, amount, "pairs")
    assert response.status_code == 422
    n = game_id(game)
    assert re.search(
        rf'<p class="error" id="g{n}-amount-error">{re.escape(message)}', response.text
    )
    assert f'value="{amount}"' in response.text
    assert (count(app, Stake), count(app, Change)) == (0, changes)


@pytest.mark.parametrize("kind", ["plump", "boodle"])
def test_a_stake_counted_an_unknown_way_is_refused_with_the_input_kept(client, app, kind) -> None:  # type: ignore[no-untyped-def]
    game = plump_with_three_deals(client) if kind == "plump" else start_game(client, "boodle")
    changes = count(app, Change)
    response = put_stake(client, game, "0.50", "0")
    assert response.status_code == 422
    assert "Choose how the stake is counted." in errors(response.text)
    assert 'value="0.50"' in response.text
    assert (count(app, Stake), count(app, Change)) == (0, changes)


def test_a_bad_stake_at_set_up_stores_no_game(client: FlaskClient, app) -> None:
    data = {"step": "options", "game": "plump", "first": "Anna", "plump-preset": "standard",
            "stake-amount": "-2", **{f"players-{i}": p for i, p in enumerate(PLAYERS)}}  # fmt: skip
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert "A stake cannot be negative" in errors(response.text)[0]
    assert 'value="-2"' in response.text
    assert count(app, Game) == 0 and count(app, Table) == 0


def test_a_boodle_stake_is_its_money_per_chip(client: FlaskClient, app) -> None:
    game = start_game(client, "boodle")
    boodle_deal(client, game)
    assert put_stake(client, game, "0.50", "chip").status_code == 303
    with app.app_context():
        assert db.session.execute(db.select(Game)).scalar_one().options["chip_value"] == 0.5
    assert "One chip is worth 0.50" in client.get(game.path).text  # Boodle's own settle-up
    assert "Dan +5.00" in client.get(table_url(game)).text


def end(client: FlaskClient, game: GameUrl):  # type: ignore[no-untyped-def]
    return client.post(f"{table_url(game)}end")


def test_ending_the_evening_closes_every_game_and_freezes_the_settle_up(client, app) -> None:  # type: ignore[no-untyped-def]
    plump, boodle, _mus = the_evening(client)
    assert end(client, plump).status_code == 303
    assert end(client, plump).status_code == 303  # a double tap: nothing more happens
    with app.app_context():
        games = db.session.execute(db.select(Game)).scalars().all()
        assert all(game.finished is not None for game in games)
        stored = db.session.execute(db.select(Payment)).scalars()
        assert [(p.payer, p.payee, p.cents) for p in stored] == [
            ("Anna", "Dan", 290),
            ("Cia", "Bo", 600),
            ("Cia", "Dan", 220),
        ]
    page = client.get(table_url(plump)).text
    assert "The evening has ended" in page and "Mark as paid" in page
    assert "New game with these players" not in page

    # Every game refuses entries, undo and a stake; nothing is stored.
    entries = count(app, Entry)
    response = post_entry(client, boodle, {"action": "boodle", "card": "AH", "by": "Bo"})
    assert response.status_code == 422
    assert "The evening has ended" in " ".join(errors(response.text))
    assert "Save the deal" not in client.get(boodle.path).text
    undo = client.post(plump.path + "undo", data={"version": 9, "key": "undo-after-the-end"})
    assert undo.status_code in (409, 422)
    refused = put_stake(client, plump, "0.30", "pairs", key="stake-after-end")
    assert refused.status_code == 422 and "The evening has ended" in " ".join(errors(refused.text))
    assert count(app, Entry) == entries

    # Reopened: the games that had not finished go on, the unpaid payments are forgotten.
    assert client.post(f"{table_url(plump)}reopen").status_code == 303
    with app.app_context():
        assert all(game.finished is None for game in db.session.execute(db.select(Game)).scalars())
    assert count(app, Payment) == 0
    assert (
        post_entry(client, boodle, {"action": "boodle", "card": "AH", "by": "Bo"}).status_code
        == 303
    )


def paid_ids(page: str) -> list[int]:
    return [int(n) for n in re.findall(r"/payments/(\d+)/paid", page)]


def test_a_payment_marked_paid_twice_is_refused(client: FlaskClient, app) -> None:
    plump, _boodle, _mus = the_evening(client)
    end(client, plump)
    first = paid_ids(client.get(table_url(plump)).text)[1]
    assert client.post(f"{table_url(plump)}payments/{first}/paid").status_code == 303
    with app.app_context():
        when = db.session.get(Payment, first).paid
    again = client.post(f"{table_url(plump)}payments/{first}/paid")
    assert again.status_code == 422
    assert "This payment was marked paid already." in errors(again.text)
    with app.app_context():
        assert db.session.get(Payment, first).paid == when
    assert client.post(f"{table_url(plump)}payments/99999/paid").status_code == 422
    page = client.get(table_url(plump)).text
    assert "Cia pays Bo 6.00 (paid)" in page  # in the text to send; the payment stays


def test_a_paid_payment_is_taken_off_when_the_evening_is_settled_again(client, app) -> None:  # type: ignore[no-untyped-def]
    plump, _boodle, _mus = the_evening(client)
    end(client, plump)
    cia_to_bo = paid_ids(client.get(table_url(plump)).text)[1]
    client.post(f"{table_url(plump)}payments/{cia_to_bo}/paid")
    client.post(f"{table_url(plump)}reopen")
    assert put_stake(client, plump, "0.20", "pairs", key="double-it").status_code == 303
    end(client, plump)
    with app.app_context():
        table = db.session.execute(db.select(Table)).scalar_one()
        evening = load_evening(table)
        rows = db.session.execute(db.select(Payment)).scalars().all()
        paid = [(p.payer, p.payee, p.cents) for p in rows if p.paid]
        open_ = [(p.payer, p.payee, p.cents) for p in rows if not p.paid]
        assert paid == [("Cia", "Bo", 600)]
        # Plump doubled: Anna +2.20, Bo +11.00, Cia -11.40, Dan -1.80; Boodle and Mus as before.
        assert evening.settlement.balances == {"Anna": -180, "Bo": 1150, "Cia": -1390, "Dan": 420}
        left = dict(evening.settlement.balances)
        for payer, payee, cents in paid + open_:
            left[payer] += cents
            left[payee] -= cents
        assert set(left.values()) == {0}


def test_the_history_of_a_game_says_who_changed_what(client: FlaskClient, app) -> None:
    game = plump_with_three_deals(client)
    page = client.get(game.path + "rounds/1").text
    fields = {
        k: v for k, v in re.findall(r'name="((?:bids|tricks)_\d)" value="(\d+)" checked', page)
    }
    fields.update({"tricks_0": 2, "tricks_2": 4, "version": 6, "key": "correct-deal-1"})
    response = client.post(game.path + "rounds/1", data=fields)
    assert response.status_code == 303, errors(response.text)
    other = app.test_client()
    assert (
        other.post(game.path + "undo", data={"version": 7, "key": "undo-other"}).status_code == 303
    )
    history = client.get(game.path + "history").text
    what = re.findall(r'<p class="hwhat">(.*?)</p>', history)
    assert what[0] == "Undone: the correction of deal 1."
    assert what[1].startswith("Deal 1 corrected.")
    assert 'class="hchange correction"' in history
    said = re.findall(r"<li>(Deal .*?)</li>", history)
    # The correction: Anna took 2, Cia 4 in deal 1; the undo took it back.
    assert "Deal 1: tricks · Anna 3 → 2" in said and "Deal 1: tricks · Cia 3 → 4" in said
    assert "Deal 1: tricks · Anna 2 → 3" in said and "Deal 1: tricks · Cia 4 → 3" in said
    assert not any(line.startswith(("Deal 2", "Deal 3")) for line in said)  # never changed
    assert "this phone" in history and "a phone" in history  # the other, not named
    assert not re.search(r"phone [0-9a-f]{4}", history)  # never by an id nobody can place


def test_the_sheet_downloads_as_csv_one_row_per_round(client: FlaskClient) -> None:
    game = plump_with_three_deals(client)
    response = client.get(game.path + "sheet.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0][:6] == ["Deal", "Cards", "Dealer", "Trump", "Anna: bid", "Anna: tricks"]
    assert len(rows) == 1 + 3
    assert rows[3][rows[0].index("Bo: total")] == "38"
    swedish = client.get(game.path + "sheet.csv?lang=sv").get_data(as_text=True)
    assert swedish.lstrip("\ufeff").startswith("Giv,Kort,Givare")


def export(client: FlaskClient, game: GameUrl) -> dict:
    response = client.get(f"{table_url(game)}export")
    assert response.mimetype == "application/json"
    return json.loads(response.get_data(as_text=True))


def upload(client: FlaskClient, data: object):  # type: ignore[no-untyped-def]
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/import-table", data={"table": (io.BytesIO(body), "t.json")},
                       content_type="multipart/form-data")  # fmt: skip


def test_the_whole_table_exports_and_imports_to_the_same_results(client, app) -> None:  # type: ignore[no-untyped-def]
    plump, _boodle, _mus = the_evening(client)
    client.post(f"{table_url(plump)}name", data={"table-name": "Friday at Eva's"})
    data = export(client, plump)
    assert data["format"] == "table-assistant/table-1" and len(data["games"]) == 3
    assert [g["game"] for g in data["games"]] == ["plump", "boodle", "mus"]
    response = upload(client, data)
    assert response.status_code == 303
    copy = client.get(response.headers["Location"]).text
    original = client.get(table_url(plump)).text
    assert payments_on(copy) == payments_on(original) != []
    assert "Friday at Eva&#39;s" in copy
    with app.app_context():
        first, second = db.session.execute(db.select(Table).order_by(Table.id)).scalars()
        assert load_evening(first).settlement.balances == load_evening(second).settlement.balances


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["games"][1]["rounds"][0]["events"].append({"boodle": "AH", "by": "Cia"}),
         "Game 2 (boodle) is broken 1:"),
        (lambda d: d["games"][2].update(game="chess"), "Game 3 (chess) is broken"),
        (lambda d: d.update(format="table-assistant/1"), "This is not a table file"),
        (lambda d: d["stakes"].__setitem__(0, {"cents": -5, "basis": "pairs"}),
         "Game 1 (plump) is broken: its stake"),
    ],
    ids=["broken-round", "unknown-game", "a-game-file", "negative-stake"],
)  # fmt: skip
def test_a_table_file_with_a_broken_game_stores_nothing(client, app, change, message) -> None:  # type: ignore[no-untyped-def]
    plump, _boodle, _mus = the_evening(client)
    data = export(client, plump)
    change(data)
    tables, entries = count(app, Table), count(app, Entry)
    response = upload(client, data)
    assert response.status_code == 422
    said = " ".join(errors(response.text))
    assert message in said, said
    assert (count(app, Table), count(app, Entry)) == (tables, entries)
    assert upload(client, b"{not json").status_code == 422


def test_a_table_has_a_name_and_the_home_page_tells_tables_apart(client: FlaskClient) -> None:
    first = plump_with_three_deals(client)
    second = start_game(client, "plump")
    for game, name in ((first, "Friday at Eva's"), (second, "Saturday at Bo's")):
        assert client.post(f"{table_url(game)}name", data={"table-name": name}).status_code == 303
    home = client.get("/").text
    assert "Friday at Eva&#39;s" in home and "Saturday at Bo&#39;s" in home
    assert "Plump · ★ Bo leads" in re.sub(r"\s+", " ", home), re.sub(r"\s+", " ", home)
    too_long = client.post(f"{table_url(first)}name", data={"table-name": "x" * 81})
    assert too_long.status_code == 422
    assert "At most 80 characters." in errors(too_long.text)
    assert 'value="' + "x" * 81 + '"' in too_long.text
    assert "Friday at Eva&#39;s" in client.get("/").text


def test_a_name_given_at_set_up_names_the_table(client: FlaskClient) -> None:
    game = start_game(client, "plump", players=PLAYERS, **{})
    data = {"step": "options", "game": "mulle", "first": "Anna", "mulle-preset": "standard",
            "name": "Sunday", "players-0": "Anna", "players-1": "Bo"}  # fmt: skip
    response = client.post("/new", data=data)
    assert response.status_code == 303
    assert (
        "<h1>Sunday</h1>"
        in client.get("/".join(response.headers["Location"].split("/")[:3]) + "/").text
    )
    assert game  # the first table keeps its players as its title


def test_every_change_of_the_evening_needs_its_csrf_token(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.web.test_app import csrf_client

    client = csrf_client(tmp_path)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', client.get("/new").text)
    data = {"csrf_token": token.group(1), "step": "options", "game": "plump", "first": "Anna",
            "plump-preset": "standard"}  # fmt: skip
    data |= {f"players-{i}": p for i, p in enumerate(PLAYERS)}
    game = GameUrl(client.post("/new", data=data).headers["Location"])
    page = client.get(table_url(game)).text
    for path in ("end", "reopen", "name", "currency", "circle", "payments/1/paid", "stakes/1"):
        assert client.post(table_url(game) + path).status_code == 400, path
    assert client.post("/circles", data={"circle-name": "x"}).status_code == 400
    stake_token = re.search(r'name="g1-csrf_token" type="hidden" value="([^"]+)"', page).group(1)
    stake = {"g1-csrf_token": stake_token, "g1-amount": "0.10", "g1-basis": "pairs",
             "g1-key": "stake-with-token"}  # fmt: skip
    assert client.post(table_url(game) + "stakes/1", data=stake).status_code == 303


def test_a_game_still_in_play_is_not_counted_as_played(client: FlaskClient, app) -> None:
    one_deal = {"preset": "custom", "start_cards": "1", "schedule": "down", "hook": "y"}
    first = start_game(client, **one_deal)
    play_deal(
        client,
        first,
        {"Bo": 1, "Cia": 0, "Dan": 0, "Anna": 1},
        {"Bo": 1, "Cia": 0, "Dan": 0, "Anna": 0},
    )
    response = client.post(first.path + "again", data={"key": "again-after-one-deal"})
    assert response.status_code == 303  # the second game is in play
    with app.app_context():
        table = db.session.execute(db.select(Table)).scalar_one()
        standings = {s.name: (s.won, s.played) for s in load_evening(table).standings}
    assert standings == {"Bo": (1, 1), "Anna": (0, 1), "Cia": (0, 1), "Dan": (0, 1)}
    page = client.get(table_url(first)).text
    assert re.search(r"Bo</th>\s*<td[^>]*>1 / 1</td>", page)


def unpaid_ids(page: str) -> list[int]:
    return [int(n) for n in re.findall(r"/payments/(\d+)/unpaid", page)]


def test_a_payment_marked_paid_by_mistake_is_owed_again(client: FlaskClient, app) -> None:
    plump, _boodle, _mus = the_evening(client)
    end(client, plump)
    cia_to_bo = paid_ids(client.get(table_url(plump)).text)[1]
    client.post(f"{table_url(plump)}payments/{cia_to_bo}/paid")
    page = client.get(table_url(plump)).text
    assert unpaid_ids(page) == [cia_to_bo] and "Not paid after all" in page
    assert client.post(f"{table_url(plump)}payments/{cia_to_bo}/unpaid").status_code == 303
    with app.app_context():
        assert db.session.get(Payment, cia_to_bo).paid is None
    page = client.get(table_url(plump)).text
    assert cia_to_bo in paid_ids(page) and unpaid_ids(page) == []
    again = client.post(f"{table_url(plump)}payments/{cia_to_bo}/unpaid")  # a double tap
    assert again.status_code == 422
    assert "This payment is not marked paid." in errors(again.text)


def test_a_reopened_evening_still_shows_what_was_paid(client: FlaskClient) -> None:
    plump, _boodle, _mus = the_evening(client)
    end(client, plump)
    cia_to_bo = paid_ids(client.get(table_url(plump)).text)[1]
    client.post(f"{table_url(plump)}payments/{cia_to_bo}/paid")
    client.post(f"{table_url(plump)}reopen")
    page = client.get(table_url(plump)).text
    assert payments_on(page)[-1] == "Cia pays Bo 6.00"  # after what is still owed
    assert unpaid_ids(page) == [cia_to_bo]
    assert "Cia pays Bo 6.00 (paid)" in page  # in the text to send as well


def test_a_finished_game_with_a_stake_shows_its_money_at_its_end(client: FlaskClient) -> None:
    one_deal = {"preset": "custom", "start_cards": "1", "schedule": "down", "hook": "y"}
    game = start_game(client, **one_deal)
    assert put_stake(client, game, "0.50", "pairs").status_code == 303
    assert "The money of this game" not in client.get(game.path).text  # not before its end
    play_deal(client, game, {"Bo": 1, "Cia": 0, "Dan": 0, "Anna": 1},
              {"Bo": 1, "Cia": 0, "Dan": 0, "Anna": 0})  # fmt: skip
    page = html.unescape(client.get(game.path).text)
    # Bo 11, Cia 10, Dan 10, Anna 0 at 0.50 a point between every pair: Bo +13 points.
    assert "The money of this game" in page
    assert "Bo +6.50 · Cia +4.50 · Dan +4.50 · Anna −15.50" in page
    assert "Anna pays Bo 6.50" in page and "Settle up the whole evening ▸" in page
    response = client.post(table_url(game) + "currency", data={"currency": "SEK"})
    assert response.status_code == 303
    page = html.unescape(client.get(game.path).text)  # drawn again: the version moved on
    assert re.search(r"Anna pays Bo SEK\s?6\.50", page)


def test_the_e_mail_of_the_settle_up_names_the_table_as_written(client: FlaskClient) -> None:
    game = plump_with_three_deals(client, stake="0,10")
    assert (
        client.post(f"{table_url(game)}name", data={"table-name": "Friday at Eva's"}).status_code
        == 303
    )
    page = client.get(table_url(game)).text
    subject = re.search(r'href="mailto:\?subject=([^&"]*)', page)
    assert subject and subject.group(1).startswith("Settle-up%3A%20Friday%20at%20Eva%27s")
