"""Figures taken inside one process: scoring and page times at 10, 100 and 1 000 rounds, and
the SQL statements each kind of request costs."""

from __future__ import annotations

import json
import re
import secrets
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask
from sqlalchemy import event

from assistant import create_app
from assistant.extensions import db
from assistant.games import find_game
from assistant.store.records import parse_record
from assistant.store.service import import_record
from bench.records import GAMES, record

SIZES = (10, 100, 1000)


def median_ms(action: Callable[[], object], runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def median_cpu_ms(action: Callable[[], object], runs: int = 7) -> float:
    """The CPU time this process spent (a shared machine's other work is not in it)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        action()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def bench_app(database: Path) -> Flask:
    """The app on an SQLite file of its own, its tables made, without CSRF or rate limits."""
    app = create_app({
        "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}",
    })  # fmt: skip
    with app.app_context():
        db.create_all()
    return app


@contextmanager
def app_with_games() -> Iterator[tuple[Flask, dict[tuple[str, int], str]]]:
    """An app on a temporary database with every game at every size (the page paths)."""
    with tempfile.TemporaryDirectory() as folder:
        app = bench_app(Path(folder) / "bench.db")
        paths = {}
        with app.app_context():
            for kind in GAMES:
                for n in SIZES:
                    game = import_record(json.dumps(record(kind, n)))
                    paths[kind, n] = f"/t/{game.table.token}/g/{game.id}/"
        yield app, paths


def scoring_and_pages() -> list[dict]:
    """Per game and size: the rounds there really are, the ms to score them, the ms of the game
    page with nothing cached (as after a restart: the record replayed, the page rendered) and
    of the page kept for the version (as every phone but the first gets it)."""
    rows = []
    with app_with_games() as (app, paths):
        client = app.test_client()
        for kind in GAMES:
            for n in SIZES:
                parsed = parse_record(record(kind, n))
                scoring = lambda parsed=parsed, kind=kind: find_game(kind).score(parsed)  # noqa: E731
                score, score_cpu = median_ms(scoring), median_cpu_ms(scoring)

                def page(path: str = paths[kind, n], cold: bool = True) -> None:
                    if cold:
                        app.extensions["kept"].clear()
                    assert client.get(path).status_code == 200

                rows.append({"game": kind, "asked": n, "rounds": len(parsed.rounds),
                             "score_ms": score, "score_cpu_ms": score_cpu,
                             "page_ms": median_ms(page),
                             "kept_page_ms": median_ms(lambda p=page: p(cold=False))})  # fmt: skip
    return rows


@contextmanager
def counting(app: Flask) -> Iterator[list[str]]:
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

    def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", count)


def statements_per_request() -> dict[str, int]:
    """SQL statements of: the game page, an unchanged poll, an entry POST answered by htmx."""
    with app_with_games() as (app, paths):
        client = app.test_client()
        path = paths["plump", 10]
        page = client.get(path).text
        version = re.search(r'data-version="(\d+)"', page).group(1)
        fields = sorted(set(re.findall(r'name="(bids_\d+)"', page)))
        step = re.search(r'name="step"[^>]*value="([^"]*)"', page).group(1)
        out = {}
        with counting(app) as statements:
            client.get(path)
        out["game page"] = len(statements)
        with counting(app) as statements:
            assert client.get(f"{path}poll?version={version}").status_code == 204
        out["unchanged poll"] = len(statements)
        body = {"version": version, "key": secrets.token_urlsafe(12), "step": step}
        body |= {name: 0 for name in fields}
        with counting(app) as statements:
            response = client.post(path + "enter", data=body, headers={"HX-Request": "true"})
            assert response.status_code == 200, response.text[:300]
        out["entry POST"] = len(statements)
    return out
