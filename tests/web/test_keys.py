"""Keys belong to what they were made for: a set-up's, a game's start or a change's key sent
at another table opens nothing there, finds nothing there, and is answered as a form of that
table; sent again where it was made, it is the same table, game or change (the outbox).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant.extensions import db
from assistant.store import writes
from assistant.store.models import Change, Entry, Game, Stake, Table
from tests.web.helpers import PLAYERS, GameUrl, post_entry, seat_fields, start_game, version_of

SETUP = {
    "step": "options",
    "game": "plump",
    "first": "Anna",
    "plump-preset": "standard",
    **{f"players-{i}": name for i, name in enumerate(PLAYERS)},
}
OTHERS = {**SETUP, "players-0": "Mallory", "first": "Mallory"}


def count(app: Flask, model: type) -> int:
    with app.app_context():
        return db.session.execute(db.select(db.func.count()).select_from(model)).scalar_one()


def token_of(location: str) -> str:
    return location.split("/")[2]


def test_a_set_up_key_seen_elsewhere_opens_no_table(app: Flask, client: FlaskClient) -> None:
    """Anna's set-up key, posted by another phone from /new or from its own table's set-up,
    starts that phone's own table or game, never a way into Anna's table."""
    anna = client.post("/new", data={**SETUP, "key": "anna-setup-key"})
    assert anna.status_code == 303
    mallory = app.test_client()
    own = mallory.post("/new", data={**OTHERS, "key": "mallory-own-key"})
    for path in ("/new", f"/t/{token_of(own.headers['Location'])}/new"):
        sent = mallory.post(path, data={**OTHERS, "key": "anna-setup-key"})
        assert sent.status_code == 303
        assert token_of(sent.headers["Location"]) != token_of(anna.headers["Location"])
        assert "Mallory" in mallory.get(sent.headers["Location"]).text
    # Even with Anna's very players: a form that is not the one her key was sent with.
    same_players = mallory.post("/new", data={**SETUP, "first": "Bo", "key": "anna-setup-key"})
    assert token_of(same_players.headers["Location"]) != token_of(anna.headers["Location"])
    assert count(app, Table) == 4


def test_a_game_started_at_another_table_is_not_found_by_its_key(
    app: Flask, client: FlaskClient
) -> None:
    """A game's start key (a new game at a table) sent at another table's set-up starts a game
    there."""
    anna = start_game(client)
    at_anna = client.post(f"/t/{anna.token}/new", data={**SETUP, "key": "anna-second-game"})
    assert token_of(at_anna.headers["Location"]) == anna.token
    mallory = start_game(app.test_client(), players=["Mallory", "Bo", "Cia"], first="Mallory")
    sent = client.post(
        f"/t/{mallory.token}/new", data={**OTHERS, "players-3": "", "key": "anna-second-game"}
    )
    assert token_of(sent.headers["Location"]) == mallory.token
    assert count(app, Game) == 4


def finished(app: Flask, game: GameUrl) -> None:
    with app.app_context():  # as if its last deal had been entered
        game_id = int(game.path.split("/")[4])
        db.session.execute(db.update(Game).filter_by(id=game_id).values(finished=db.func.now()))
        db.session.commit()


def again_key(client: FlaskClient, game: GameUrl) -> str:
    page = client.get(game.path).text
    found = re.search(r'action="[^"]*/again".*?name="key" value="([^"]+)"', page, re.S)
    assert found
    return found.group(1)


def test_play_again_with_a_start_key_of_another_table_starts_a_game_here(
    app: Flask, client: FlaskClient
) -> None:
    anna = start_game(client)
    mallory = start_game(client, players=["Mallory", "Bo", "Cia"], first="Bo")
    finished(app, anna)
    finished(app, mallory)
    key = again_key(client, anna)
    first = client.post(anna.path + "again", data={"key": key})
    assert token_of(first.headers["Location"]) == anna.token
    sent = client.post(mallory.path + "again", data={"key": key})
    assert sent.status_code == 303
    assert token_of(sent.headers["Location"]) == mallory.token
    assert client.get(sent.headers["Location"]).status_code == 200
    assert count(app, Game) == 4
    # Sent again where it was made, it is the game it started.
    sent_again = client.post(anna.path + "again", data={"key": key})
    assert sent_again.headers["Location"] == first.headers["Location"]


def test_a_change_saved_at_one_table_is_saved_again_at_another(
    app: Flask, client: FlaskClient
) -> None:
    """A change's key stored at table A and sent at table B: B stores its own change; sent again
    at A it is "already saved" there."""
    anna, mallory = start_game(client), start_game(client)
    bids = seat_fields("bids", {"Anna": 1, "Bo": 0, "Cia": 0, "Dan": 1})
    assert post_entry(client, anna, bids, key="one-key-two-tables").status_code == 303
    sent = post_entry(client, mallory, bids, key="one-key-two-tables")
    assert sent.status_code == 303
    assert version_of(client, mallory) == 1
    assert count(app, Entry) == 2 and count(app, Change) == 2
    again = post_entry(client, anna, bids, key="one-key-two-tables", version=0)
    assert again.status_code == 303 and count(app, Change) == 2
    assert "Already saved." in client.get(again.headers["Location"]).text


def test_already_saved_is_said_only_of_a_key_that_is_stored(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A unique index that refuses a save's writes is "already saved" only when the change's
    key is stored (another worker won the race with it); for anything else nothing was stored,
    and the phone's outbox, told "saved", would let go of a change the server never kept."""
    game = start_game(client)
    bids = seat_fields("bids", {"Anna": 1, "Bo": 0, "Cia": 0, "Dan": 1})
    store = writes.store

    def raced(*args: Any) -> bool:  # the same key stored by another worker a moment before
        store(*args)
        raise writes.KeyTaken

    monkeypatch.setattr(writes, "store", raced)
    won = post_entry(client, game, bids, key="raced-key")
    assert won.status_code == 303 and count(app, Change) == 1
    assert "Already saved." in client.get(won.headers["Location"]).text

    def refused(*args: Any) -> bool:  # another constraint: nothing stored
        raise writes.KeyTaken

    monkeypatch.setattr(writes, "store", refused)
    tricks = seat_fields("tricks", {"Anna": 1, "Bo": 3, "Cia": 3, "Dan": 3})
    with pytest.raises(writes.KeyTaken):  # a 500 served: the outbox keeps it and sends it again
        post_entry(client, game, tricks, key="never-stored")
    assert count(app, Change) == 1


def test_a_stake_saved_at_one_table_is_set_at_another(app: Flask, client: FlaskClient) -> None:
    anna, mallory = start_game(client), start_game(client)
    for game in (anna, mallory):
        game_id = game.path.split("/")[4]
        data = {f"g{game_id}-amount": "2", f"g{game_id}-key": "one-stake-key"}
        assert client.post(f"/t/{game.token}/stakes/{game_id}", data=data).status_code == 303
    assert count(app, Stake) == 2


def test_a_set_up_sent_again_is_one_table_whatever_the_order_of_its_fields(
    app: Flask, client: FlaskClient
) -> None:
    """The outbox sends a kept set-up again with the same fields (after an answer lost, from
    another tab with another CSRF token): one table, one game."""
    first = client.post("/new", data={**SETUP, "key": "kept-setup-key"})
    backwards = dict(reversed(list({**SETUP, "key": "kept-setup-key"}.items())))
    again = app.test_client().post("/new", data={**backwards, "csrf_token": "another"})
    assert again.headers["Location"] == first.headers["Location"]
    at_table = f"/t/{token_of(first.headers['Location'])}/new"
    games = [client.post(at_table, data={**SETUP, "key": "kept-game-key"}) for _ in range(2)]
    assert games[0].headers["Location"] == games[1].headers["Location"]
    assert count(app, Table) == 1 and count(app, Game) == 2


def test_the_keys_stored_before_are_kept_by_their_owners_after_the_upgrade(
    tmp_path: Path,
) -> None:
    """The migration rewrites the keys stored so far as their game's and table's: a change or
    a play again sent again across the upgrade is still "already saved"."""
    from flask_migrate import upgrade

    from assistant import create_app
    from assistant.store import keys

    url = f"sqlite:///{tmp_path}/m.db"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        upgrade(revision="b5d1e9a3c7f2")  # where a database stood before the keys were owned
        db.session.execute(
            db.text(
                'INSERT INTO "table" (id, token, view_token, name, players, currency, coin,'
                " created, updated) VALUES (7, 't', 'v', '', '[]', '', 1, '2026-01-01',"
                " '2026-01-01')"
            )
        )
        db.session.execute(
            db.text(
                "INSERT INTO game (id, table_id, kind, seating, options, first, settings,"
                " version, created, start_key) VALUES (9, 7, 'plump', '[]', '{}', 'A', '{}', 1,"
                " '2026-01-01', 'raw-start-key')"
            )
        )
        db.session.execute(
            db.text(
                "INSERT INTO change (game_id, key, version, summary, author, created) VALUES"
                " (9, 'raw-change-key', 1, '{}', '', '2026-01-01')"
            )
        )
        db.session.commit()
        upgrade()
        assert keys.applied(9, "raw-change-key")
        start = keys.started(keys.of_start(7, "raw-start-key"))
        assert start is not None and start.id == 9
