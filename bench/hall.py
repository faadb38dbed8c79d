"""The hall screen of a full club night, in one process: 256 players of Plump, round 1 drawn and
its 64 tables started; what a TV's poll of the hall's part
costs when the part is drawn anew (the night moved) and when it is kept (``night/hall.py``)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from assistant.extensions import db
from assistant.store.kept import kept
from assistant.store.models import Night
from bench.inprocess import bench_app, median_cpu_ms

PLAYERS = 256


def hall_figures() -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        app = bench_app(Path(folder) / "hall.db")
        client = app.test_client()
        night = client.post("/nights", data={
            "night-name": "Club", "night-game": "plump", "night-format": "rounds",
            "night-draw": "random", "night-rounds": "3", "night-final": "0",
            "night-minutes": "40", "night-losses": "2",
            "night-entrants": "\n".join(f"Player {n}" for n in range(PLAYERS)),
        }).headers["Location"]  # fmt: skip
        client.post(night + "draw")
        tables = PLAYERS // 4
        for number in range(1, tables + 1):
            client.post(night + f"r/1/t/{number}/start")
        with app.app_context():
            hall = f"/hall/{db.session.execute(db.select(Night.view_token)).scalar_one()}/"
        fragment = client.get(hall, headers={"HX-Request": "true"})

        def poll() -> object:
            return client.get(hall, headers={"HX-Request": "true"})

        def moved() -> object:
            with app.app_context():
                kept().halls.clear()
            return poll()

        return {
            "players": PLAYERS,
            "tables": tables,
            "bytes": len(fragment.data),
            "drawn_ms": median_cpu_ms(moved, runs=15),
            "kept_ms": median_cpu_ms(poll, runs=31),
        }
