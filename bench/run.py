"""Benchmarks (never part of the tests): how long scoring and entering take.

Prints the median of several runs for: replaying a whole 19-deal Plump record, and one entry
through the web stack (form → engine replay → database → the re-rendered fragment).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from assistant import create_app
from assistant.extensions import db
from assistant.games import find_game
from assistant.games.base import Record

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
PLAN = [*range(10, 0, -1), *range(2, 11)]


def whole_plump_record() -> Record:
    rounds = []
    for deal, cards in enumerate(PLAN):
        order = [PLAYERS[(deal + 1 + i) % 4] for i in range(4)]
        bids = {order[0]: 1, order[1]: 0, order[2]: 0, order[3]: 0 if cards != 1 else 1}
        tricks = {order[0]: 1, order[1]: cards - 1, order[2]: 0, order[3]: 0}
        rounds.append({"bids": bids, "tricks": tricks})
    return Record("plump", PLAYERS, "Anna", {}, tuple(rounds))


def median_ms(action: Callable[[], object], runs: int = 30) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def bench_engine() -> None:
    record = whole_plump_record()
    score = find_game("plump").score
    print(f"replay a 19-deal Plump record: {median_ms(lambda: score(record)):.2f} ms")


def bench_web() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(
            {
                "SECRET_KEY": "bench",
                "WTF_CSRF_ENABLED": False,
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.db'}",
            }
        )
        with app.app_context():
            db.create_all()
        client = app.test_client()
        data = {"step": "options", "game": "plump", "first": "Anna", "plump-preset": "standard"}
        data |= {f"players-{i}": name for i, name in enumerate(PLAYERS)}
        game = client.post("/new", data=data).headers["Location"]
        version = 0

        def enter_and_undo() -> None:
            nonlocal version
            bids = {"bids_1": 3, "bids_2": 2, "bids_3": 1, "bids_0": 3}
            headers = {"HX-Request": "true"}
            key = f"bench-{version}-a"
            client.post(
                game + "enter", data={"version": version, "key": key, **bids}, headers=headers
            )
            client.post(game + "undo", data={"version": version + 1, "key": f"bench-{version}-u"})
            version += 2

        print(f"enter bids and undo them (2 requests): {median_ms(enter_and_undo):.2f} ms")
        print(f"render the game page: {median_ms(lambda: client.get(game)):.2f} ms")


if __name__ == "__main__":
    bench_engine()
    bench_web()
