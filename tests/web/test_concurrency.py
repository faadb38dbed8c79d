"""Two phones entering at once: exactly one wins, the other is told, nothing is doubled."""

from __future__ import annotations

import threading

from assistant.extensions import db
from assistant.store.models import Entry, Game
from tests.web.helpers import seat_fields, start_game, version_of


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
