"""Hostile input, each kind as it was found: a clear answer (404, 409 or 422 with the reason),
nothing stored, and never a page that breaks (a 500) or a game that can no longer be shown."""

from __future__ import annotations

import io
import json

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.games.base import RuleError
from assistant.store.models import Change, Entry, Game, Table
from assistant.store.records import parse_record
from tests.examples import example_records
from tests.web.helpers import (
    PLAYERS,
    errors,
    form_fields,
    import_record,
    play_deal,
    post_entry,
    seat_fields,
    start_game,
    version_of,
)

HUGE = 10**20


def counts(app: Flask) -> tuple[int, ...]:
    """How many tables, games, entries and changes are stored: nothing may grow on a refusal."""
    with app.app_context():
        return tuple(
            len(db.session.execute(db.select(model)).scalars().all())
            for model in (Table, Game, Entry, Change)
        )


def a_played_deal(client: FlaskClient):  # type: ignore[no-untyped-def]
    game = start_game(client)
    bids = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}
    play_deal(client, game, bids, {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}, trump="S")
    return game


def upload(client: FlaskClient, text: str, path: str = "/import"):  # type: ignore[no-untyped-def]
    data = {"record": (io.BytesIO(text.encode()), "game.json")}
    return client.post(path, data=data, content_type="multipart/form-data")


def example(kind: str) -> dict:
    return json.loads(example_records(kind)[0].read_text())


# --- 1. a version no database can hold -----------------------------------------------------


@pytest.mark.parametrize(
    ("page", "action"), [("", "enter"), ("", "undo"), ("rounds/1", "rounds/1")]
)
def test_a_huge_version_is_refused_and_changes_nothing(
    app: Flask, client: FlaskClient, page: str, action: str
) -> None:
    game = a_played_deal(client)
    before = version_of(client, game), counts(app)
    fields = form_fields(client.get(game.path + page).text, action)
    for bad in (str(HUGE), "-1", str(2**31)):
        fields["version"] = bad
        response = client.post(game.path + action, data=fields)
        assert response.status_code == 422, response.text
        assert any("reload" in message for message in errors(response.text))
    assert (version_of(client, game), counts(app)) == before


# --- 2. a game id no database can hold (more of it in test_house.py) ----------------------


def test_a_huge_game_id_is_404_everywhere(app: Flask, client: FlaskClient) -> None:
    game = start_game(client)
    with app.app_context():
        view = db.session.execute(db.select(Table.view_token)).scalar_one()
    assert client.get(f"/v/{view}/g/{HUGE}/").status_code == 404
    for action in ("enter", "undo", "delete", "rounds/1"):
        data = {"version": 0, "key": "k" * 16}
        assert client.post(f"/t/{game.token}/g/{HUGE}/{action}", data=data).status_code == 404


# --- 3, 6 and plain words: a file that is not a game record --------------------------------


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" * 1000 + "]" * 1000, "nested too deeply"),
        ('{"format": ' + "9" * 5000 + "}", "number"),
        ('{"format": NaN}', "number"),
        ('{"format": "table-assistant/1",\n"game": "plump"\n"players": []}', "near line 3"),
        ("\x00\x01garbage", "near line 1"),
    ],
)
def test_a_damaged_file_is_refused_in_plain_words(
    app: Flask, client: FlaskClient, runner, text: str, said: str
) -> None:
    response = upload(client, text)
    assert response.status_code == 422
    message = errors(response.text)[0]
    assert message.startswith("This file is not a game record") and said in message, message
    assert "Expecting" not in message
    assert counts(app) == (0, 0, 0, 0)
    result = runner.invoke(args=["score", "-"], input=text)
    assert result.exit_code == 1 and result.stdout == "" and "Traceback" not in result.stderr
    assert said in result.stderr


def test_the_engine_still_says_exactly_what_is_wrong_with_a_round(client: FlaskClient) -> None:
    record = example("plump")
    record["rounds"][0]["tricks"]["Anna"] += 1
    table = start_game(client).token
    response = import_record(client, table, record)
    assert response.status_code == 422
    assert "round 1: tricks add up to" in errors(response.text)[0]


# --- 4. a message that names the field it is about -----------------------------------------


@pytest.mark.parametrize("kind", ["plump", "mus"])
def test_a_first_dealer_who_is_not_a_player_is_said_plainly(
    app: Flask, client: FlaskClient, runner, kind: str
) -> None:
    record = example(kind)
    first = "first_mano" if kind == "mus" else "first_dealer"
    record[first] = "Zed"
    response = upload(client, json.dumps(record))
    assert response.status_code == 422
    assert errors(response.text) == [f"{first}: 'Zed' is not a player"]
    assert counts(app) == (0, 0, 0, 0)
    result = runner.invoke(args=["score", "-"], input=json.dumps(record))
    assert (result.exit_code, result.stderr.strip()) == (1, f"{first}: 'Zed' is not a player")


# --- 5. step 2 of the set-up with the players or the game broken --------------------------


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"players-0": "A", "players-1": "B"}, "Choose a game."),
        ({"players-0": "A", "players-1": "B", "game": "poker"}, "Choose a game."),
        ({"players-0": "Anna", "players-1": "anna", "game": "mulle"}, "same name"),
    ],
)
def test_step_two_with_bad_players_or_game_goes_back_to_step_one(
    app: Flask, client: FlaskClient, fields: dict, said: str
) -> None:
    response = client.post("/new", data={"step": "options", "first": "A", **fields})
    assert response.status_code == 422
    assert any(said in message for message in errors(response.text))
    assert 'name="step" type="hidden" value="players"' in response.text
    assert counts(app) == (0, 0, 0, 0)


# --- 7. every stored value can be shown -----------------------------------------------------


@pytest.mark.parametrize("value", [1e24, 10**9, 1e300])
def test_a_chip_value_no_page_could_show_is_refused(
    app: Flask, client: FlaskClient, value: float
) -> None:
    record = example("boodle")
    record["options"]["chip_value"] = value
    response = upload(client, json.dumps(record))
    assert response.status_code == 422
    assert "chip value" in errors(response.text)[0] or "chip_value" in errors(response.text)[0]
    assert counts(app) == (0, 0, 0, 0)


# --- 8. the stored form of an idempotency key fits its column --------------------------------


def test_the_longest_key_a_form_may_carry_is_stored_within_its_column(
    app: Flask, client: FlaskClient
) -> None:
    game = start_game(client)
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    response = post_entry(client, game, {**bids, "trump": "S"}, key="k" * 64)
    assert response.status_code == 303, response.text
    width = Entry.__table__.c.idempotency_key.type.length
    with app.app_context():
        stored = db.session.execute(db.select(Entry.idempotency_key)).scalars().all()
    assert stored and all(len(key) <= width for key in stored)
    again = post_entry(client, game, {**bids, "trump": "S"}, key="k" * 64)
    assert again.status_code == 303 and len(stored) == counts(app)[2]  # a replay: nothing new


# --- 9. control characters in a name -------------------------------------------------------


@pytest.mark.parametrize("name", ["Anna\x00", "Bo\x07b", "\x1b[31mCia", "Dan\u2028", "Eva\ud800"])
def test_a_name_with_a_control_character_is_refused_at_import(
    app: Flask, client: FlaskClient, name: str
) -> None:
    record = example("plump")
    text = json.dumps(record).replace('"Anna"', json.dumps(name))
    response = upload(client, text)
    assert response.status_code == 422
    assert "control character" in errors(response.text)[0]
    assert counts(app) == (0, 0, 0, 0)


@pytest.mark.parametrize("name", ["Anna\x00", "Bo\x07b", "Da\u2028n"])
def test_a_name_with_a_control_character_is_refused_at_set_up(
    app: Flask, client: FlaskClient, name: str
) -> None:
    players = [name, *PLAYERS[1:]]
    data = {"step": "players", "game": "plump"}
    data |= {f"players-{i}": n for i, n in enumerate(players)}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert any("control character" in message for message in errors(response.text))
    assert name in response.text  # kept, to be corrected
    assert counts(app) == (0, 0, 0, 0)


def test_a_damaged_delete_form_deletes_nothing(app: Flask, client: FlaskClient) -> None:
    game = a_played_deal(client)
    before = counts(app)
    response = client.post(game.path + "delete", data={"version": str(HUGE), "key": "k" * 16})
    assert response.status_code == 422
    assert any("reload" in message for message in errors(response.text))
    assert counts(app) == before


@pytest.mark.parametrize("key", ["\x00" * 8, "k\x00" * 8, "é" * 16, "k" * 65])
def test_a_key_the_pages_never_make_is_refused_before_it_is_looked_up(
    app: Flask, client: FlaskClient, key: str
) -> None:
    """Found by the fuzz test on PostgreSQL, which cannot even compare a text with a NUL."""
    game = start_game(client)
    before = counts(app)
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    response = post_entry(client, game, {**bids, "trump": "S"}, key=key)
    assert response.status_code == 422
    assert counts(app) == before


def test_an_undo_sent_again_is_answered_as_saved(app: Flask, client: FlaskClient) -> None:
    """Found by the load-and-crash test: a phone that sends its undo again (its answer was
    lost) must hear "saved", even though that undo left nothing more to undo."""
    game = start_game(client)
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    assert post_entry(client, game, {**bids, "trump": "S"}).status_code == 303
    undo = {"version": version_of(client, game), "key": "undo-key-0001"}
    assert client.post(game.path + "undo", data=undo).status_code == 303
    before = counts(app)
    assert client.post(game.path + "undo", data=undo).status_code == 303
    assert counts(app) == before


def test_a_record_given_as_data_is_bounded_too() -> None:
    """The record parser bounds what the set-up and the command line hand it, not only files."""
    record = example("plump")
    for bad in (10**400, float("inf"), float("nan"), -(10**10)):
        with pytest.raises(RuleError, match="more than a game record can hold"):
            parse_record({**record, "rounds": [{**record["rounds"][0], "trump": bad}]})


def test_a_setting_with_a_control_character_is_refused(app: Flask, client: FlaskClient) -> None:
    data = {"step": "options", "game": "boodle", "first": "Anna", "boodle-currency": "kr\x00"}
    data |= {f"players-{i}": name for i, name in enumerate(PLAYERS)}
    response = client.post("/new", data=data)
    assert response.status_code == 422
    assert "Use no control characters (such as a line break)." in errors(response.text)
    assert counts(app) == (0, 0, 0, 0)
