"""Hostile input, round three: each finding of an attack with tools of its own, as a test.

Every one of them was a 500 (or a stored control character, a live formula, a link to another
host, a missing header) before its fix: now a clear answer, nothing stored."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store import evening
from assistant.store.models import Stake, Table
from tests.databases import database_url
from tests.examples import PLUMP_THREE_DEALS
from tests.web.helpers import PLAYERS, errors, import_record, play_deal, start_game
from tests.web.hostile import FORMATTING
from tests.web.test_circles_web import evening_in, member_id, new_circle
from tests.web.test_evening_web import end, plump_with_three_deals, put_stake
from tests.web.test_evening_web import upload as upload_table
from tests.web.test_hostile import counts, example, upload

ROOT = Path(__file__).resolve().parents[2]

# --- 1. a record that formats itself -----------------------------------------------------


@pytest.mark.parametrize("bad", FORMATTING, ids=lambda bad: bad["template"])
@pytest.mark.parametrize("place", ["first_dealer", "game", "format", "round"])
def test_a_record_is_never_formatted_as_one_of_our_messages(
    app: Flask, client: FlaskClient, place: str, bad: dict
) -> None:
    record = example("plump")
    if place == "round":
        record["rounds"][0]["trump"] = bad
    else:
        record[place] = bad
    response = upload(client, json.dumps(record))
    assert response.status_code == 422, response.text[:500]
    assert len(response.data) < 50_000  # no width of twenty million spaces
    assert "<class" not in errors(response.text)[0]  # no attribute walked
    assert counts(app) == (0, 0, 0, 0)


@pytest.mark.parametrize("bad", FORMATTING, ids=lambda bad: bad["template"])
def test_a_table_file_is_never_formatted_either(app: Flask, client: FlaskClient, bad: dict) -> None:
    game = plump_with_three_deals(client)
    exported = json.loads(client.get(f"/t/{game.token}/export").text)
    before = counts(app)
    for change in ("name", "currency", "game"):
        table_file = json.loads(json.dumps(exported))
        if change == "game":
            table_file["games"][0]["first_dealer"] = bad
        else:
            table_file[change] = bad
        response = upload_table(client, table_file)
        assert response.status_code in (303, 422), response.text[:500]
        assert len(response.data) < 50_000 and "<class" not in " ".join(errors(response.text))
    assert counts(app)[0] <= before[0] + 2  # the name and currency are dropped, not formatted


# --- 2. a POST over MAX_CONTENT_LENGTH ----------------------------------------------------


@pytest.fixture
def deployed(app: Flask) -> Flask:
    """The app as deployed: CSRF on (its check is the first to read a body)."""
    app.config["WTF_CSRF_ENABLED"] = True
    return app


@pytest.mark.parametrize("path", ["/import", "/new", "/t/nothing/g/1/enter"])
@pytest.mark.parametrize("size", [512 * 1024 + 1, 2 * 1024 * 1024])
def test_a_body_too_large_is_a_413_that_says_so(deployed: Flask, path: str, size: int) -> None:
    response = deployed.test_client().post(path, data={"key": "k" * 16, "record": "x" * size})
    assert response.status_code == 413, response.text[:500]
    assert "too large" in response.text
    assert counts(deployed) == (0, 0, 0, 0)


def test_a_body_too_large_to_no_page_is_a_404(deployed: Flask) -> None:
    response = deployed.test_client().post("/nowhere", data={"key": "x" * (2 * 1024 * 1024)})
    assert response.status_code == 404  # the page that says so reads no body


def test_a_body_too_large_is_a_413_without_csrf_too(app: Flask, client: FlaskClient) -> None:
    response = client.post("/import", data={"record": "x" * (2 * 1024 * 1024)})
    assert response.status_code == 413, response.text[:500]


def test_a_form_of_too_many_parts_is_a_413_too(client: FlaskClient) -> None:
    fields = {f"f{i}": "1" for i in range(2000)}  # Werkzeug refuses more than 1 000 parts
    response = client.post("/new", data=fields, content_type="multipart/form-data")
    assert response.status_code == 413, response.text[:500]


# --- 3. a NUL (or anything a token never holds) in a link --------------------------------


@pytest.mark.parametrize(
    "path", ["/t/%00/", "/t/%00/g/1/", "/t/a%00b/export", "/v/%00/g/1/", "/c/%00/", "/t/é/"]
)
def test_a_link_no_token_could_be_is_a_404_and_counted(app: Flask, path: str) -> None:
    app.config["RATELIMIT_WRONG_LINKS"] = "3 per minute"
    client = app.test_client()
    assert [client.get(path).status_code for _ in range(4)] == [404, 404, 404, 429]


def test_a_nul_in_the_circle_a_set_up_names_is_a_404(client: FlaskClient) -> None:
    data = {"step": "players", "game": "plump", "circle": "ab\x00cd"}
    data |= {f"players-{i}": name for i, name in enumerate(PLAYERS)}
    assert client.post("/new", data=data).status_code == 404


# --- 4. ids beyond what the database holds ------------------------------------------------


@pytest.mark.parametrize("payment", [2**31, 2**63, 10**20])
@pytest.mark.parametrize("what", ["paid", "unpaid"])
def test_a_payment_id_no_database_holds_is_refused(
    app: Flask, client: FlaskClient, payment: int, what: str
) -> None:
    game = plump_with_three_deals(client, stake="1")
    end(client, game)
    before = counts(app)
    response = client.post(f"/t/{game.token}/payments/{payment}/{what}")
    assert response.status_code in (404, 422), response.text[:500]
    assert counts(app) == before


@pytest.mark.parametrize("into", [str(2**31), str(10**20), "9" * 5000, "²", "-1", "1e3"])
def test_merging_into_an_id_no_database_holds_is_refused(
    app: Flask, client: FlaskClient, into: str
) -> None:
    circle = new_circle(client)
    evening_in(client, circle, PLAYERS)
    anna = member_id(app, "Anna")
    response = client.post(f"/c/{circle}/p/{anna}/merge", data={"into": into})
    assert response.status_code == 422, response.text[:500]
    assert errors(response.text)


# --- 5. a poker step sent to a Boodle game without Three in One ---------------------------


@pytest.mark.parametrize("action", ["bet", "winner", "hands", "decide", "stakes"])
def test_a_step_of_a_stage_the_game_does_not_have_is_refused(
    app: Flask, client: FlaskClient, action: str
) -> None:
    game = start_game(client, "boodle")
    before = counts(app)
    data = {"version": 0, "key": "k" * 16, "action": action, "poker_bet": "3", "winner": "Bo"}
    response = client.post(game.path + "enter", data=data)
    assert response.status_code == 422, response.text[:500]
    assert counts(app) == before


# --- 6. control characters in the evening's name ------------------------------------------


@pytest.mark.parametrize("name", ["Friday\x00", "Fri\u202eday", "Fri\nday", "Fri\u2066day"])
def test_an_evening_name_with_a_control_character_is_refused_at_set_up(
    app: Flask, client: FlaskClient, name: str
) -> None:
    data = {"step": "options", "game": "plump", "first": "Anna", "plump-preset": "standard"}
    data |= {"name": name, **{f"players-{i}": n for i, n in enumerate(PLAYERS)}}
    response = client.post("/new", data=data)
    assert response.status_code == 422, response.text[:500]
    assert any("control character" in message for message in errors(response.text))
    assert counts(app) == (0, 0, 0, 0)


@pytest.mark.parametrize("name", ["Friday\x00", "Fri\u202eday", "Fri\nday"])
def test_a_table_file_name_with_a_control_character_is_refused(
    app: Flask, client: FlaskClient, name: str
) -> None:
    game = plump_with_three_deals(client)
    table_file = json.loads(client.get(f"/t/{game.token}/export").text)
    before = counts(app)
    response = upload_table(client, {**table_file, "name": name})
    assert response.status_code == 422, response.text[:500]
    assert "control character" in errors(response.text)[0]
    assert counts(app) == before


def test_a_player_name_with_a_bidi_override_is_refused(app: Flask, client: FlaskClient) -> None:
    record = example("plump")
    text = json.dumps(record).replace('"Anna"', json.dumps("An\u202ena"))
    assert upload(client, text).status_code == 422
    assert counts(app) == (0, 0, 0, 0)


# --- 7. the stake form sent twice at once -------------------------------------------------


def test_a_stake_whose_key_won_a_race_meanwhile_is_answered_as_saved(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = plump_with_three_deals(client)
    assert put_stake(client, game, "1", "pairs", key="stake-key-0001").status_code == 303
    before = counts(app)
    # The second request looked for its key before the first one's commit: both insert.
    looked: list[str] = []
    real = evening.keys.applied

    def not_yet_then_found(game_id: int, key: str) -> bool:  # not committed when first asked
        looked.append(key)
        return len(looked) > 1 and real(game_id, key)

    monkeypatch.setattr(evening.keys, "applied", not_yet_then_found)
    response = put_stake(client, game, "1", "pairs", key="stake-key-0001")
    assert response.status_code == 303, response.text[:500]
    assert counts(app) == before
    with app.app_context():
        assert len(db.session.execute(db.select(Stake)).scalars().all()) == 1


# --- 8. a formula in the CSV --------------------------------------------------------------


FORMULAS = ["=HYPERLINK(1)", "+1+1", "@SUM(1)", "-1+1"]


def test_a_name_that_is_a_formula_is_plain_text_in_the_csv(client: FlaskClient) -> None:
    text = json.dumps(example("plump"))
    for old, new in zip(example("plump")["players"], FORMULAS, strict=True):
        text = text.replace(json.dumps(old), json.dumps(new))
    response = import_record(client, start_game(client).token, json.loads(text))
    assert response.status_code == 303, errors(response.text)
    sheet = client.get(response.headers["Location"] + "sheet.csv").get_data(as_text=True)
    cells = [cell for row in csv.reader(io.StringIO(sheet.lstrip("\ufeff"))) for cell in row]
    live = [c for c in cells if c.startswith(tuple("=+-@\t\r")) and not re.fullmatch(r"-\d+", c)]
    assert live == []
    assert "'=HYPERLINK(1): bid" in cells  # the same words, marked as text
    assert "'=HYPERLINK(1)" in cells  # a name alone: the first dealer's in deal 1
    assert "'-1+1: bid" in cells  # a minus that is no number


def test_a_table_name_that_is_a_formula_is_plain_text_in_the_csv() -> None:
    from assistant.store.tablefile import plain_cell

    assert [plain_cell(v) for v in ("=1", "\t=1", "\r=1", "-3", -3, "Anna", None)] == [
        "'=1",
        "'\t=1",
        "'\r=1",
        "-3",
        -3,
        "Anna",
        "",
    ]


# --- 9. the language links never lead to another host -------------------------------------


@pytest.mark.parametrize("path", ["/\\evil.example/", "//evil.example/", "/\\/evil.example/"])
def test_the_language_links_stay_on_this_site(client: FlaskClient, path: str) -> None:
    page = client.get("/", environ_overrides={"PATH_INFO": path})  # as a browser sends it
    assert page.status_code == 404
    links = re.findall(r'<a href="([^"]*)" lang="\w+"', page.text)
    assert len(links) == 8  # the menu's and the footer's
    for link in links:
        # Browsers read a backslash as a slash in a link.
        target = urlsplit(urljoin("http://localhost/x/", link.replace("\\", "/")))
        assert target.netloc == "localhost", link


# --- 10. HSTS over HTTPS ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("settings", "sent"),
    [
        ({}, False),
        ({"PUBLIC_URL": "https://cards.example"}, True),
        ({"SESSION_COOKIE_SECURE": True}, True),
        ({"PUBLIC_URL": "http://cards.example"}, False),
    ],
)
def test_hsts_is_sent_when_the_app_is_served_over_https(
    app: Flask, client: FlaskClient, settings: dict, sent: bool
) -> None:
    app.config.update(settings)
    header = client.get("/manifest.webmanifest").headers.get("Strict-Transport-Security")
    assert (header is not None) == sent
    if sent:
        assert re.fullmatch(r"max-age=\d{8,}", header or "")


def test_hsts_is_sent_for_a_request_over_https(client: FlaskClient) -> None:
    answer = client.get("/manifest.webmanifest", base_url="https://localhost")
    assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"


# --- what one hostile request may cost ---------------------------------------------------


def worst_requests() -> dict[str, tuple[str, dict | bytes]]:
    widest = {**example("plump"), "first_dealer": FORMATTING[3]}
    record = (io.BytesIO(json.dumps(widest).encode()), "game.json")
    return {
        "a record that once formatted itself 20 MB wide": ("/import", {"record": record}),
        # Sent as bytes made beforehand: the client's own encoding is no cost of the server's.
        "a body of 2 MB": ("/import", b"record=" + b"x" * (2 * 1024 * 1024)),
        "an id of 5 000 digits": ("/c/nothing/p/1/merge", {"into": "9" * 5000}),
        "a NUL in a link": ("/t/%00/g/1/enter", {"key": "k" * 16}),
    }


@pytest.mark.parametrize("what", list(worst_requests()))
def test_a_hostile_request_costs_a_small_answer_and_a_few_mb_at_most(
    tmp_path: Path, what: str
) -> None:
    url = database_url(tmp_path, "cost.db")
    measured = subprocess.run(
        [sys.executable, "-m", "tests.web.one_request", what, url],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
        cwd=ROOT,
    )
    cost = json.loads(measured.stdout.splitlines()[-1])
    assert cost["status"] < 500
    assert cost["size"] < 64 * 1024, cost
    assert cost["peak"] < 4 * 1024 * 1024, cost


# --- found on the way: a rename that rewrote one of our sentences -------------------------


def test_renaming_a_player_never_rewrites_the_app_s_own_sentences(
    app: Flask, client: FlaskClient
) -> None:
    """A player called exactly as one of the change log's sentences ("Tricks of deal {deal}
    saved.") renamed "{deal:>99999999}": the sentence stays ours, only its values change."""
    sentence = "Tricks of deal {deal} saved."
    players = [sentence, *PLAYERS[1:]]
    circle = new_circle(client)
    game = evening_in(client, circle, players)
    deal = PLUMP_THREE_DEALS[0]
    rename = {name: sentence if name == "Anna" else name for name in PLAYERS}
    bids = {rename[name]: bid for name, bid in deal["bids"].items()}
    tricks = {rename[name]: took for name, took in deal["tricks"].items()}
    play_deal(client, game, bids, tricks, trump="S", players=players)
    member = member_id(app, sentence)
    renamed = client.post(f"/c/{circle}/p/{member}/rename", data={"name": "{deal:>99999999}"})
    assert renamed.status_code == 303, errors(renamed.text)
    history = client.get(game.path + "history")
    assert history.status_code == 200 and len(history.data) < 200_000
    assert "Tricks of deal 1 saved." in history.text


@pytest.mark.parametrize("path", ["/import-table", "/import", "/new"])
def test_a_form_part_with_a_line_break_in_its_name_is_a_bad_request_not_a_500(
    tmp_path: Path, path: str
) -> None:
    """A multipart part whose name holds a line break (no browser writes one) is read without a
    name; Flask-WTF's CSRF check then broke on it. Found by the fuzz test."""
    from tests.conftest import fresh_app

    app = fresh_app(f"sqlite:///{tmp_path / 'csrf.db'}", csrf=True)
    upload = {"csrf_token": "", "file\nname": (io.BytesIO(b"{}"), "t.json")}
    response = app.test_client().post(path, data=upload, content_type="multipart/form-data")
    assert response.status_code == 400
    assert "went wrong" not in response.text
    with app.app_context():
        assert db.session.execute(db.select(Table)).first() is None  # nothing stored
