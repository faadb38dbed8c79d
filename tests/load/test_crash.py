"""Load and crash: gunicorn with two workers on an SQLite file, 20 tables × 4 phones entering as
fast as they can (with replays and stale forms), every server process killed with SIGKILL twice
on the way and started again.

Every change a phone was told was saved is in the change log exactly once, each game's version
is its imported rounds plus its changes, no answer is a 5xx while the server is up, every game
still scores, and SQLite's integrity check says ok. Run by ``.ci/run`` only (``-m crash``).
"""

from __future__ import annotations

import http.client
import io
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import uuid
from collections import Counter
from contextlib import closing
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from assistant import create_app
from assistant.extensions import db
from assistant.games import GAMES
from assistant.store import keys
from assistant.store.records import parse_record, score_text
from tests.examples import example_records
from tests.web.helpers import PageForm, page_forms

pytestmark = pytest.mark.crash

TABLES, PHONES = 20, 4
CHANGES_PER_PHASE = 150  # acknowledged changes between two crashes
ROOT = Path(__file__).resolve().parents[2]
APP = "assistant:create_app()"


class Server:
    """gunicorn, two workers, on an SQLite file (or a database URL: PostgreSQL), with the app's
    ``settings`` (``DOUBLE_TAP_MS="0"``: FLASK_DOUBLE_TAP_MS); ``crash`` kills every process of
    it with SIGKILL, ``start`` starts it again on the same port; ``config``: gunicorn's
    settings file, else the app's own (gunicorn.conf.py)."""

    def __init__(self, database: Path | str, config: Path | None = None, **settings: str) -> None:
        self.config = ["-c", str(config)] if config else []
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.env = {
            **os.environ,
            "DATABASE_URL": database if isinstance(database, str) else f"sqlite:///{database}",
            "SECRET_KEY": "load-and-crash",  # sessions outlive a restart, as deployed
            "FLASK_RATELIMIT_IMPORT": "1000 per minute",  # 20 tables from one address at once
            **{f"FLASK_{name}": value for name, value in settings.items()},
        }
        self.up = threading.Event()
        self.process: subprocess.Popen[str] | None = None
        self.output: list[str] = []  # what the server said (its tracebacks, if any)

    def start(self) -> None:
        gunicorn = str(Path(sys.executable).with_name("gunicorn"))
        where = ["-b", f"127.0.0.1:{self.port}", "--no-control-socket"]
        self.process = subprocess.Popen(
            [gunicorn, *self.config, "-w", "2", *where, APP],
            cwd=ROOT,
            env=self.env,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its own process group: the master and its workers
        )
        assert self.process.stderr is not None
        booted = 0
        for line in self.process.stderr:  # wait until both workers have booted
            self.output.append(line)
            booted += "Booting worker" in line
            if booted == 2:
                break
        assert booted == 2, "".join(self.output[-30:])  # it stopped instead
        self.drain = threading.Thread(target=self.output.extend, args=(self.process.stderr,))
        self.drain.start()
        self.up.set()

    def crash(self) -> None:
        self.up.clear()
        self.end(signal.SIGKILL)

    def end(self, how: signal.Signals) -> None:
        assert self.process is not None and self.process.stderr is not None
        if self.process.poll() is None:
            os.killpg(self.process.pid, how)
        self.process.wait()
        self.drain.join()
        self.process.stderr.close()


class Phone:
    """One phone at one table: the game page's forms, filled as a player might, posted."""

    def __init__(self, server: Server, game: str, seed: int, log: Log) -> None:
        self.server, self.game, self.log = server, game, log
        self.random = random.Random(seed)
        self.cookie = ""
        self.last: dict[str, Any] | None = None  # the last acknowledged post: replayed
        self.old: tuple[str, dict[str, Any]] | None = None  # an old form: posted stale

    def request(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        extra: dict[str, str] | None = None,
    ) -> Any:
        """The answer, once the server is up; a request cut by a crash is sent again as it was
        (the same key: the app answers "already saved" if it had been stored). ``extra``: more
        headers (an htmx request's)."""
        payload = "&".join(f"{k}={quote(str(v))}" for k, v in (body or {}).items())
        headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": self.cookie}
        headers.update(extra or {})
        while True:
            self.server.up.wait()
            up_before = self.server.up.is_set()
            try:
                connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=60)
                connection.request(method, path, body=payload or None, headers=headers)
                response = connection.getresponse()
                text = response.read().decode()
            except (OSError, http.client.HTTPException):
                self.log.cut()
                continue
            finally:
                connection.close()
            if cookie := response.getheader("Set-Cookie"):
                self.cookie = cookie.split(";")[0]
            self.log.answer(response.status, up_before and self.server.up.is_set())
            return response.status, text

    def play(self, stop: threading.Event) -> None:
        while not stop.is_set():
            _, page = self.request("GET", self.game)
            forms = [f for f in page_forms(page) if f.action.endswith(("/enter", "/undo"))]
            roll = self.random.random()
            if roll < 0.1 and self.last:
                status, _ = self.request("POST", self.last["action"], self.last["data"])
                self.log.replayed(status)
                continue
            if roll < 0.2 and self.old:
                action, data = self.old
                data = {**data, "key": uuid.uuid4().hex}
            elif forms:
                form = self.choose(forms)
                action, data = form.action, self.filled(form)
                self.old = (action, data)
            else:
                continue
            status, _ = self.request("POST", action, data)
            if status == 303:
                self.log.acknowledged(self.game, data["key"])
                self.last = {"action": action, "data": data}

    def choose(self, forms: list[PageForm]) -> PageForm:
        """The form tapped: any of the page's, alike (a subclass may weigh them)."""
        return self.random.choice(forms)

    def filled(self, form: PageForm) -> dict[str, Any]:
        data = {}
        for name, offered in form.fields.items():
            shown = form.current.get(name)
            data[name] = shown if shown is not None else self.random.choice(offered or [""])
        if form.buttons:
            name, value = self.random.choice(form.buttons)
            data[name] = value
        data["key"] = uuid.uuid4().hex
        return data


class Log:
    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.keys: list[tuple[str, str]] = []  # each acknowledged change's game and key
        self.statuses: Counter[tuple[int | str, bool]] = Counter()
        self.replays: Counter[int] = Counter()  # the answers to a post sent again

    def acknowledged(self, game: str, key: str) -> None:
        with self.lock:
            self.keys.append((game, key))
            self.lock.notify_all()

    def cut(self) -> None:
        with self.lock:
            self.statuses["cut by a crash", False] += 1

    def replayed(self, status: int) -> None:
        with self.lock:
            self.replays[status] += 1

    def answer(self, status: int, up: bool) -> None:
        with self.lock:
            self.statuses[status, up] += 1

    def wait_for(self, count: int) -> None:
        with self.lock:
            assert self.lock.wait_for(lambda: len(self.keys) >= count, timeout=600)


def going_on(kind: str) -> dict:
    """An example of ``kind`` cut after its first round (a game that goes on)."""
    for path in example_records(kind):
        record = json.loads(path.read_text())
        cut = {**record, "rounds": record["rounds"][:1]}
        if not GAMES[kind].replay(parse_record(cut)).finished:
            return cut
    raise AssertionError(f"no example of {kind} goes on after a round")


def new_table(server: Server, record: dict) -> str:
    """The record imported as a new table, through the home page's form."""
    phone = Phone(server, "", 0, Log())
    _, home = phone.request("GET", "/")
    csrf = next(f for f in page_forms(home) if f.action == "/import").fields["csrf_token"][0]
    boundary = uuid.uuid4().hex
    body = io.StringIO()
    for name, value, extra in (
        ("csrf_token", csrf, ""),
        ("record", json.dumps(record), '; filename="game.json"'),
    ):
        body.write(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"{extra}\r\n\r\n')
        body.write(f"{value}\r\n")
    body.write(f"--{boundary}--\r\n")
    # Closed here: gunicorn's gevent workers keep a connection open after its answer.
    with closing(http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)) as connection:
        connection.request(
            "POST",
            "/import",
            body=body.getvalue().encode(),
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Cookie": phone.cookie,
            },
        )
        response = connection.getresponse()
        assert response.status == 303, response.read()
        return response.getheader("Location")


def empty_database(path: Path) -> Path:
    """An SQLite file with the app's tables and nothing in them."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "x"})
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    return path


def through_two_crashes(
    server: Server, log: Log, threads: list[threading.Thread], stop: threading.Event
) -> None:
    """The phones' (and any other) ``threads`` at work while every server process is killed
    with SIGKILL after ``CHANGES_PER_PHASE`` acknowledged changes, and again after twice as
    many, and started again; stopped after three times as many."""
    for thread in threads:
        thread.start()
    for phase in (1, 2):
        log.wait_for(phase * CHANGES_PER_PHASE)
        server.crash()
        server.start()
    log.wait_for(3 * CHANGES_PER_PHASE)
    stop.set()
    for thread in threads:
        thread.join()


def assert_nothing_broke(server: Server, log: Log) -> None:
    """No 5xx while the server was up, and every post sent again answered as saved."""
    print(f"\nacknowledged: {len(log.keys)}; answers (status, server up): {log.statuses}")
    failed = [s for s, up in log.statuses if isinstance(s, int) and s >= 500 and up]
    assert not failed, "".join(server.output[-60:])
    assert set(log.replays) == {303}, log.replays  # a post sent again is answered as saved


def stored_once(database: Path, log: Log, games: list[str]) -> tuple[list[tuple[int, int]], int]:
    """SQLite's integrity checked and every acknowledged change stored exactly once; each of
    ``games``' (their addresses) stored version and count of changes, and all changes stored."""
    with sqlite3.connect(database) as check:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        stored = Counter(key for (key,) in check.execute("SELECT key FROM change"))
        kept = [keys.of_change(game_id(game), key) for game, key in log.keys]  # as its game's
        assert all(stored[key] == 1 for key in kept), "an acknowledged change is missing"
        counts = []
        for game in games:
            number = game_id(game)
            (version,) = check.execute("SELECT version FROM game WHERE id=?", (number,)).fetchone()
            (changes,) = check.execute(
                "SELECT count(*) FROM change WHERE game_id=?", (number,)
            ).fetchone()
            counts.append((version, changes))
    return counts, sum(stored.values())


def game_id(game: str) -> int:
    """The id of the game at address ``game`` (/t/<token>/g/<id>/)."""
    return int(game.split("/")[4])


def test_acknowledged_changes_survive_two_crashes_of_every_server_process(
    tmp_path: Path,
) -> None:
    database = empty_database(tmp_path / "load.db")
    server, log, stop = Server(database), Log(), threading.Event()
    server.start()
    try:
        kinds = list(GAMES)
        records = [going_on(kinds[n % len(kinds)]) for n in range(TABLES)]
        games = [new_table(server, record) for record in records]
        phones = [
            Phone(server, game, seed=n * PHONES + p, log=log)
            for n, game in enumerate(games)
            for p in range(PHONES)
        ]
        threads = [threading.Thread(target=phone.play, args=(stop,)) for phone in phones]
        through_two_crashes(server, log, threads, stop)
        exports = [phones[0].request("GET", game + "export")[1] for game in games]
    finally:
        stop.set()
        server.end(signal.SIGTERM)

    assert_nothing_broke(server, log)
    counts, _ = stored_once(database, log, games)
    for (version, changes), record in zip(counts, records, strict=True):
        assert version == len(record["rounds"]) + changes
    for export in exports:
        score_text(export)
