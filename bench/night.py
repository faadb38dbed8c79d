"""A club night of 256 entrants in one process: the ms of its organiser's page (the whole page,
and the round's part the night's stream has it fetch again) and their SQL statements, with
round 1 drawn (64 tables of Plump started) and half its results in. The hall screen's own
figures: bench/hall.py."""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

from flask.testing import FlaskClient

from bench.inprocess import bench_app, counting, median_cpu_ms, median_ms

ENTRANTS = 256
HTMX = {"HX-Request": "true"}


def night_of(client: FlaskClient) -> str:
    """A Plump night of 256 players by lot, round 1 drawn and half its tables' results in: the
    organiser's path."""
    names = "\n".join(f"Player {n:03}" for n in range(ENTRANTS))
    made = client.post("/nights", data={
        "night-name": "Bench", "night-game": "plump", "night-format": "rounds",
        "night-draw": "random", "night-rounds": "3", "night-final": "0", "night-minutes": "0",
        "night-losses": "2", "night-entrants": names,
    })  # fmt: skip
    assert made.status_code == 303, made.text[:500]
    organiser = made.headers["Location"]
    assert client.post(organiser + "draw").status_code == 303
    page = client.get(organiser).text
    for table in range(1, page.count('class="night-table') // 2 + 1):
        shown = client.get(f"{organiser}r/1/t/{table}/").text
        seats = re.findall(r'class="nt-name">([^<]+)<', shown)
        totals = {f"result-totals-{n}": str(10 * (len(seats) - n)) for n in range(len(seats))}
        assert client.post(f"{organiser}r/1/t/{table}/result", data=totals).status_code == 303
    return organiser


def pages() -> dict[str, dict[str, float]]:
    """Per page: the ms (wall and CPU) and the SQL statements of one request."""
    with tempfile.TemporaryDirectory() as folder:
        app = bench_app(Path(folder) / "bench.db")
        client = app.test_client()
        organiser = night_of(client)
        asked = {
            "organiser's page": (organiser, {}),
            "organiser's part (stream's nudge)": (organiser, HTMX),
        }
        out = {}
        for name, (path, headers) in asked.items():

            def get(path: str = path, headers: dict[str, str] = headers) -> None:
                assert client.get(path, headers=headers).status_code == 200

            with counting(app) as statements:
                get()
            out[name] = {"ms": median_ms(get), "cpu_ms": median_cpu_ms(get),
                         "statements": len(statements)}  # fmt: skip
        return out
