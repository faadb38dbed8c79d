"""Hostile input, round four: each finding of the attack run, as a test (the key, connection
and concurrency findings have tests of their own: ``test_keys.py``, ``test_connections.py``,
``test_concurrency.py``).

Each of them was a 500, or something stored that should not have been, before its fix."""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store.models import Change, Entry, Game
from tests.examples import example_records
from tests.web.helpers import GameUrl, import_record, start_game
from tests.web.test_live import Stream
from tests.web.test_newcomer_web import join, plump_after_one_deal

COME_AND_GO = next(p for p in example_records("plump") if p.name == "plump-come-and-go.json")


def stored(app: Flask) -> tuple[int, int, int]:
    with app.app_context():
        return tuple(  # type: ignore[return-value]
            db.session.execute(db.select(db.func.count()).select_from(model)).scalar_one()
            for model in (Game, Entry, Change)
        )


def finished_with_one_out(client: FlaskClient) -> tuple[GameUrl, str]:
    """A finished Plump game whose last deal left Dan out: he is not counted for the win."""
    record = json.loads(COME_AND_GO.read_text())
    game = GameUrl(import_record(client, start_game(client).token, record).headers["Location"])
    page = client.get(game.path).text
    assert "Count everyone who played" in page
    return game, re.search(r'data-version="(\d+)"', page).group(1)  # type: ignore[union-attr]


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("bad", [{"version": "abc"}, {"version": "²"}, {"key": "x"}])
def test_count_everyone_who_played_with_a_bad_field_is_refused(
    app: Flask, client: FlaskClient, bad: dict, htmx: bool
) -> None:
    """Plump's finished game: "Count everyone who played" with a damaged field says so (the
    page drawn again with nothing stored), as every other form does."""
    game, version = finished_with_one_out(client)
    before = stored(app)
    data = {"version": version, "key": "winners-key-0", "step": "winners", **bad}
    headers = {"HX-Request": "true"} if htmx else {}
    answer = client.post(game.path + "enter", data=data, headers=headers)
    assert answer.status_code == 422, answer.text[:2000]
    assert "Count everyone who played" in answer.text
    assert stored(app) == before


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_count_everyone_who_played_sent_with_two_keys_is_counted_once(
    app: Flask, client: FlaskClient, htmx: bool
) -> None:
    """Two keys: the first is the form's (as for every form); sent again, already saved."""
    game, version = finished_with_one_out(client)
    before = stored(app)
    data = {"version": version, "key": ["winners-key-1", "winners-key-2"], "step": "winners"}
    headers = {"HX-Request": "true"} if htmx else {}
    for _ in range(2):
        answer = client.post(game.path + "enter", data=data, headers=headers)
        assert answer.status_code in (200, 303), answer.text[:2000]
    assert stored(app) == (before[0], before[1], before[2] + 1)
    assert "Count everyone who played" not in client.get(game.path).text


@pytest.mark.parametrize("said", ["²", "١٢", "𝟗"])
def test_a_stream_told_a_version_in_other_digits_starts_from_the_page(
    app: Flask, client: FlaskClient, said: str
) -> None:
    """``"²".isdigit()`` holds and ``int("²")`` fails: a stream's ``?version=`` and its
    reconnect's ``Last-Event-ID`` take ASCII digits only, else the game's own version."""
    game = start_game(client)
    for url, headers in ((f"{game.path}stream?version={said}", {}),
                         (f"{game.path}stream", {"Last-Event-ID": said})):  # fmt: skip
        stream = Stream(app.test_client(), url, **headers)
        try:
            assert stream.response.status_code == 200
            assert stream.next() == {"event": "ping", "data": "0"}
        finally:
            stream.close()


def test_a_number_option_in_other_digits_is_refused_beside_it(
    app: Flask, client: FlaskClient
) -> None:
    data = {"step": "players", "game": "plump", "players-0": "Anna", "players-1": "Bo",
            "players-2": "Cia"}  # fmt: skip
    assert client.post("/new", data=data).status_code == 200
    page = client.post(
        "/new",
        data={
            **data,
            "step": "options",
            "first": "Anna",
            "plump-preset": "custom",
            "plump-start_cards": "-²",
        },
    )
    assert page.status_code == 422
    assert stored(app) == (0, 0, 0)


# --- names: nothing invisible, accents composed ------------------------------------------

INVISIBLE = ["\ufeff", "\u200f", "\u200b", "\u2060", "\u00ad", "\u3164", "\u200d"]


@pytest.mark.parametrize("hidden", INVISIBLE, ids=lambda c: f"U+{ord(c):04X}")
def test_a_name_with_an_invisible_character_is_refused_beside_it(
    app: Flask, client: FlaskClient, hidden: str
) -> None:
    data = {"step": "players", "game": "plump", "players-0": "Anna", "players-1": "Bo",
            "players-2": f"Cia{hidden}"}  # fmt: skip
    refused = client.post("/new", data=data)
    assert refused.status_code == 422
    assert "cannot hold an invisible character" in refused.text
    assert f'value="Cia{hidden}"' in refused.text  # the input kept as typed
    game = plump_after_one_deal(client)
    before = stored(app)
    joined = join(client, game, f"{hidden}Eva", start="0")
    assert joined.status_code == 422 and "cannot hold an invisible character" in joined.text
    assert f'value="{hidden}Eva"' in joined.text
    assert stored(app) == before


def test_a_person_at_a_laptop_and_a_flag_are_names() -> None:
    """The joiners and a flag's tags draw one picture: they stay."""
    from assistant.games.names import has_invisible

    assert not has_invisible("Bo 👩\u200d💻")
    assert not has_invisible("🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f")


def test_a_name_typed_with_a_combining_accent_is_the_same_name(
    app: Flask, client: FlaskClient
) -> None:
    """ "Anna" typed with a combining accent is kept composed (NFC), and is the "Anná" typed
    on another phone: two players of one name are refused."""
    data = {"step": "players", "game": "plump", "players-0": "Ann\u00e1", "players-1": "Bo",
            "players-2": "Anna\u0301"}  # fmt: skip
    refused = client.post("/new", data=data)
    assert refused.status_code == 422 and "Two players have the same name." in refused.text
    game = start_game(client, players=["Anna\u0301", "Bo", "Cia"], first="Bo")
    with app.app_context():
        assert db.session.execute(db.select(Game.seating)).scalar_one()[0] == "Ann\u00e1"
    page = client.get(game.path).text
    assert "Ann\u00e1" in page and "Anna\u0301" not in page


# --- no cache keeps a page with a key --------------------------------------------------------


def test_no_cache_keeps_a_page_that_carries_a_key(app: Flask, client: FlaskClient) -> None:
    game = start_game(client)
    with app.app_context():
        view = db.session.execute(db.select(Game.table.property.mapper.class_.view_token)).scalar()
    game_id = game.path.split("/")[4]
    table = f"/t/{game.token}/"
    pages = ["/", "/new", game.path, table, f"{game.path}history", f"{game.path}export"]
    pages += [f"{game.path}sheet.csv", f"{table}export", f"{table}rows", f"/v/{view}/g/{game_id}/"]
    for path in [*pages, "/t/no-such-table/"]:
        answer = client.get(path)
        assert answer.headers.get("Cache-Control") == "no-store", (path, answer.headers)
    fragment = client.get(game.path, headers={"HX-Request": "true"})
    assert fragment.headers["Cache-Control"] == "no-store"
    assert "no-store" not in client.get("/manifest.webmanifest").headers.get("Cache-Control", "")


def test_play_again_with_players_its_rules_do_not_fit_says_so(
    app: Flask, client: FlaskClient
) -> None:
    """Found by the fuzz: a Plump game of three starting at 17 cards each, played again with a
    fourth (4 × 17 cards are more than a pack) was stored, and its page could not be drawn."""
    record = {"format": "table-assistant/1", "game": "plump", "players": ["Anna", "Bo", "Cia"],
              "options": {"start_cards": 17}, "first_dealer": "Anna", "rounds": []}  # fmt: skip
    game = GameUrl(import_record(client, start_game(client).token, record).headers["Location"])
    with app.app_context():
        db.session.execute(db.update(Game).values(finished=db.func.now()))
        db.session.commit()
    page = client.get(game.path).text
    key = re.search(r'action="[^"]*/again".*?name="key" value="([^"]+)"', page, re.S)
    assert key is not None
    before = stored(app)
    data = {"key": key.group(1), "changed": "1", "playing": ["Anna", "Bo", "Cia", "Dan"]}
    refused = client.post(game.path + "again", data=data)
    assert refused.status_code == 422
    assert "with 4 players at most 13 cards can be dealt to each, not 17" in refused.text
    assert stored(app) == before
