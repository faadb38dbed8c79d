"""Phones sending at once: of two entries exactly one wins and the other is told, nothing is
doubled; one form sent many times at once is stored once and every sending told so."""

from __future__ import annotations

import threading
from collections.abc import Callable

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from assistant.extensions import db
from assistant.store.models import Entry, Game, Stake, Table
from tests.web.helpers import PLAYERS, seat_fields, start_game, version_of


def test_two_phones_saving_the_same_step_at_once(app, client) -> None:
    game = start_game(client)
    version = version_of(client, game)
    bids = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})
    statuses: list[int] = []
    start = threading.Barrier(4)

    def phone(n: int) -> None:
        other = app.test_client()
        start.wait()
        data = {"version": version, "key": f"phone-{n}-key", **bids}
        statuses.append(other.post(game.path + "enter", data=data).status_code)

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [303, 409, 409, 409]
    with app.app_context():
        assert len(db.session.execute(db.select(Entry)).scalars().all()) == 1
        assert db.session.execute(db.select(Game.version)).scalar() == version + 1


def all_at_once(count: int, send: Callable[[FlaskClient], TestResponse], app: Flask) -> list:
    """``send`` by ``count`` phones at the same moment (each its own client): their answers."""
    answers: list[TestResponse] = []
    start = threading.Barrier(count)

    def phone() -> None:
        client = app.test_client()
        start.wait()
        answers.append(send(client))

    threads = [threading.Thread(target=phone) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def test_one_set_up_sent_twenty_times_at_once_is_one_table(app, client) -> None:
    """What an outbox sending from two tabs does: every sending is answered with the one
    table (its first game), none with an error."""
    data = {
        "step": "options",
        "game": "plump",
        "first": "Anna",
        "plump-preset": "standard",
        "key": "one-set-up-many-times",
        **{f"players-{i}": name for i, name in enumerate(PLAYERS)},
    }
    answers = all_at_once(20, lambda phone: phone.post("/new", data=data), app)
    assert [answer.status_code for answer in answers] == [303] * 20
    assert len({answer.headers["Location"] for answer in answers}) == 1
    with app.app_context():
        assert db.session.execute(db.select(db.func.count(Table.id))).scalar_one() == 1
        assert db.session.execute(db.select(db.func.count(Game.id))).scalar_one() == 1


def test_one_stake_sent_a_hundred_times_at_once_is_stored_once(app, client) -> None:
    game = start_game(client)
    game_id = game.path.split("/")[4]
    data = {f"g{game_id}-amount": "2", f"g{game_id}-key": "one-stake-many-times"}
    path = f"/t/{game.token}/stakes/{game_id}"
    answers = all_at_once(100, lambda phone: phone.post(path, data=data), app)
    assert sorted({answer.status_code for answer in answers}) == [303]
    with app.app_context():
        assert db.session.execute(db.select(Stake.cents)).scalars().all() == [200]
        assert db.session.execute(db.select(Game.version)).scalar_one() == 1
