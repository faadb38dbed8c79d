"""A big circle's pages: 20 players and 1 000 finished games of every kind over 100 evenings;
the server time of its page and of a player's page after a change (a game added to the last
evening: every evening but the last unchanged), and after a correction of the very first game
(every rating after it made anew), each in one process with its database on a file."""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from assistant import create_app
from assistant.circles import service as circles
from assistant.extensions import db
from assistant.store import evening as evenings
from assistant.store.models import Game, Table
from assistant.store.reads import get_circle
from assistant.store.service import import_record
from bench.inprocess import median_cpu_ms, median_ms
from bench.records import GAMES, record

PLAYERS = tuple(f"P{n:02}" for n in range(20))
EVENINGS, PER_EVENING = 100, 10  # 1 000 games
SEATS = {"plump": 4, "mus": 4, "mulle": 2, "boodle": 4}
ROUNDS = {"plump": 25, "mus": 60, "mulle": 4, "boodle": 3}


def games_of(kind: str) -> dict[str, Any]:
    """One record of ``kind`` with placeholder names, to be given real names game by game."""
    _players, rounds, options = GAMES[kind]
    seats = tuple(f"@{n}" for n in range(SEATS[kind]))
    text = record(kind, ROUNDS[kind])
    text["players"] = list(seats)
    text["options"] = {**options, "deals": ROUNDS[kind]} if kind == "mulle" else options
    text[next(key for key in text if key.startswith("first_"))] = seats[0]
    text["rounds"] = rounds(ROUNDS[kind], seats)
    return text


def named(template: dict[str, Any], names: list[str]) -> str:
    text = json.dumps(template)
    for n, name in enumerate(names):
        text = text.replace(f'"@{n}"', json.dumps(name))
    return text


@contextmanager
def big_circle() -> Iterator[tuple[Flask, str, int]]:
    """An app whose circle has 100 evenings of 10 games each, all but the last ended (its share
    token, and a player's member id)."""
    chance = random.Random(36)
    templates = {kind: games_of(kind) for kind in SEATS}
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({
            "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{Path(folder) / 'bench.db'}",
        })  # fmt: skip
        with app.app_context():
            db.create_all()
            circle = circles.create_circle("Bench")
            for number in range(EVENINGS):
                table = None
                for n in range(PER_EVENING):
                    kind = tuple(SEATS)[n % len(SEATS)]
                    names = chance.sample(PLAYERS, SEATS[kind])
                    table = import_record(named(templates[kind], names), table).table
                assert table is not None
                circles.join(table, circle)
                if number < EVENINGS - 1:  # the last evening goes on
                    evenings.end_evening(table, "bench")
            token = circle.token
            member = next(m.id for m in circle.members if m.name == PLAYERS[0])
        yield app, token, member


def add_a_game(app: Flask, token: str) -> Callable[[], None]:
    """A change: a Mulle game more at the circle's last evening."""
    template = games_of("mulle")

    def change() -> None:
        with app.app_context():
            table = last_table(token)
            import_record(named(template, list(PLAYERS[:2])), table)

    return change


def correct_the_first_game(app: Flask, token: str) -> Callable[[], None]:
    """A correction of the circle's first game (a Plump game): the tricks of two players in its
    last deal swapped, back and forth (its result, and so every later rating, changes)."""

    def change() -> None:
        with app.app_context():
            circle = get_circle(token)
            assert circle is not None
            game = (
                db.session.execute(
                    db.select(Game).where(Game.table_id == circle.tables[0].id).order_by(Game.id)
                )
                .scalars()
                .first()
            )
            assert game is not None
            entry = max(game.entries, key=lambda e: e.seq)
            tricks = dict(entry.payload["tricks"])
            taker = next(name for name, count in tricks.items() if count)
            other = next(name for name in tricks if name != taker)
            tricks[taker], tricks[other] = tricks[other], tricks[taker]
            entry.payload = {**entry.payload, "tricks": tricks}  # a new object: the JSON sees it
            db.session.execute(
                db.update(Game).where(Game.id == game.id).values(version=Game.version + 1)
            )
            db.session.commit()

    return change


def last_table(token: str) -> Table:
    circle = get_circle(token)
    assert circle is not None
    return circle.tables[-1]


def after(change: Callable[[], None], client: FlaskClient, path: str) -> tuple[float, float]:
    """The page's median server time and CPU time (ms) after ``change``, 7 times each: the CPU
    time is what the page costs (a shared machine's other work stretches the wall time)."""
    times, cpu = [], []
    for _ in range(7):
        change()
        start, start_cpu = time.perf_counter(), time.process_time()
        assert client.get(path).status_code == 200
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(times), statistics.median(cpu)


def circle_pages() -> dict[str, Any]:
    """The server time (ms) of the circle's page and a player's page: the first after starting
    (nothing kept), again unchanged, after a game added to the last evening, after a correction
    of the first game (the median of 7 of each; the CPU time beside)."""
    found: dict[str, Any] = {"players": len(PLAYERS), "games": EVENINGS * PER_EVENING}
    with big_circle() as (app, token, member):
        client = app.test_client()
        pages = {"circle": f"/c/{token}/", "player": f"/c/{token}/p/{member}"}
        for name, path in pages.items():
            app.extensions["kept"].clear()
            start = time.perf_counter()
            assert client.get(path).status_code == 200
            found[f"{name}_first_ms"] = (time.perf_counter() - start) * 1000
            found[f"{name}_again_ms"] = median_ms(lambda path=path: client.get(path))
            found[f"{name}_again_cpu_ms"] = median_cpu_ms(lambda path=path: client.get(path))
            for change_name, change in (
                ("added", add_a_game(app, token)),
                ("corrected", correct_the_first_game(app, token)),
            ):
                wall, cpu = after(change, client, path)
                found[f"{name}_after_{change_name}_ms"] = wall
                found[f"{name}_after_{change_name}_cpu_ms"] = cpu
    return found


def rows(found: dict[str, Any]) -> list[list[str]]:
    """The table's rows: the target is judged on the CPU time after a game added (the wall
    time beside it, stretched by whatever else the machine runs)."""
    detail = f"{found['players']} players, {found['games']} games"
    out = []
    for name in ("circle", "player"):
        added, added_cpu = found[f"{name}_after_added_ms"], found[f"{name}_after_added_cpu_ms"]
        met = "yes" if added_cpu < 100 else "no"
        out.append(
            [
                f"{name} page, after a game added",
                f"CPU {added_cpu:.0f} ms",
                f"{added:.0f} ms wall; {detail}",
                "< 100 ms",
                met,
            ]
        )
        out.append(
            [
                f"{name} page, unchanged",
                f"CPU {found[f'{name}_again_cpu_ms']:.0f} ms",
                f"{found[f'{name}_again_ms']:.0f} ms wall",
                "",
                "",
            ]
        )
        corrected = found[f"{name}_after_corrected_cpu_ms"]
        wall = found[f"{name}_after_corrected_ms"]
        out.append(
            [
                f"{name} page, after the first game corrected",
                f"CPU {corrected:.0f} ms",
                f"{wall:.0f} ms wall; every rating anew",
                "",
                "",
            ]
        )
        out.append(
            [
                f"{name} page, first after a start",
                f"{found[f'{name}_first_ms']:.0f} ms",
                "wall; every game replayed",
                "",
                "",
            ]
        )
    return out
