"""The stream of a game page (assistant/live): a nudge ("version N") after a save, what a
reconnect says it heard, the headers that keep proxies from holding it back, and the one query
a process makes for the versions of every game it holds streams for."""

from __future__ import annotations

import os
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from assistant import create_app
from assistant.extensions import db
from assistant.live import live
from assistant.store.service import import_record
from tests.examples import example_records
from tests.web.helpers import post_entry, seat_fields, start_game
from tests.web.test_costs import statements

THREADED = {"wsgi.multithread": True}  # as the development server says it (gevent: patched)
APP = "assistant:create_app()"
FIRST_EXAMPLE = example_records("plump")[0]
BIDS = seat_fields("bids", {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3})


@pytest.fixture
def app(app: Flask) -> Flask:
    # A ping comes every second: a nudge that does not arrive is a failed assertion, not a hang.
    app.config.update(LIVE_HEARTBEAT_SECONDS=1.0, LIVE_CHECK_SECONDS=0.05)
    return app


class Stream:
    """An open stream read event by event, as an EventSource does."""

    def __init__(self, client: FlaskClient, url: str, **headers: str) -> None:
        self.response = client.get(url, headers=headers, buffered=False, environ_overrides=THREADED)
        self.chunks: Iterator[bytes] = iter(self.response.response)
        self.retry = self.next()

    def next(self) -> dict[str, str]:
        said: dict[str, str] = {}
        while True:
            for line in next(self.chunks).decode().splitlines():
                if line:
                    name, _, value = line.partition(": ")
                    said[name] = value
            if "data" in said or "retry" in said:
                return said

    def close(self) -> None:
        self.response.close()


@pytest.fixture
def streams() -> Iterator[list[Stream]]:
    opened: list[Stream] = []
    yield opened
    for stream in opened:
        stream.close()


def test_a_nudge_arrives_after_a_save_on_another_phone(app, client, streams) -> None:
    game = start_game(client)
    stream = Stream(app.test_client(), game.path + "stream?version=0")
    streams.append(stream)
    assert stream.retry == {"retry": "2000"}
    assert stream.next() == {"event": "ping", "data": "0"}  # held, nothing new
    assert post_entry(client, game, BIDS, version=0).status_code == 303
    assert stream.next() == {"event": "version", "id": "1", "data": "1"}
    assert stream.next() == {"event": "ping", "data": "1"}  # then the heartbeat again


def test_the_watch_view_has_a_stream_of_its_own(app, client, streams) -> None:
    game = start_game(client)
    page = client.get(game.path).text
    watch = page.split('href="/v/')[1].split('"')[0]
    stream = Stream(app.test_client(), f"/v/{watch}stream?version=0")
    streams.append(stream)
    assert stream.next() == {"event": "ping", "data": "0"}
    assert post_entry(client, game, BIDS, version=0).status_code == 303
    assert stream.next()["id"] == "1"


def test_a_reconnect_is_told_what_it_missed_by_its_last_event_id(app, client, streams) -> None:
    game = start_game(client)
    assert post_entry(client, game, BIDS, version=0).status_code == 303
    missed = Stream(app.test_client(), game.path + "stream?version=1", **{"Last-Event-ID": "0"})
    streams.append(missed)
    assert missed.next() == {"event": "version", "id": "1", "data": "1"}  # at once
    heard = Stream(app.test_client(), game.path + "stream?version=0", **{"Last-Event-ID": "1"})
    streams.append(heard)
    assert heard.next() == {"event": "ping", "data": "1"}  # the id wins over the page's version
    for nonsense in ("x", "-1", "9" * 40):  # never a 500: the page's version then
        said = {"Last-Event-ID": nonsense}
        stream = Stream(app.test_client(), game.path + "stream?version=1", **said)
        streams.append(stream)
        assert stream.next() == {"event": "ping", "data": "1"}


def test_the_stream_is_neither_buffered_nor_compressed_nor_cached(app, client, streams) -> None:
    game = start_game(client)
    stream = Stream(app.test_client(), game.path + "stream", **{"Accept-Encoding": "br, gzip"})
    streams.append(stream)
    headers = stream.response.headers
    assert headers["Content-Type"].startswith("text/event-stream")
    assert headers["X-Accel-Buffering"] == "no"
    assert headers["Cache-Control"] == "no-store"
    assert "Content-Encoding" not in headers
    assert "Set-Cookie" not in headers


def test_a_closed_stream_leaves_the_hub(app, client) -> None:
    game = start_game(client)
    stream = Stream(app.test_client(), game.path + "stream")
    stream.next()
    with app.app_context():
        assert len(live().hub.watched()) == 1
        stream.close()
        assert live().hub.watched() == []


def test_a_sync_worker_holds_no_stream(client) -> None:
    """One request at a time: a stream would take the worker from every other phone. 204 tells
    the browser not to reconnect, and the page polls as before."""
    game = start_game(client)
    response = client.get(game.path + "stream")  # the test client is neither threaded nor gevent
    assert response.status_code == 204
    assert response.data == b""


def test_a_stream_of_nothing_is_404(app, client) -> None:
    game = start_game(client)
    others = client.get(game.path.replace("/g/", "/g/9") + "stream", environ_overrides=THREADED)
    assert others.status_code == 404
    wrong = client.get("/t/nothing/g/1/stream", environ_overrides=THREADED)
    assert wrong.status_code == 404
    assert client.get("/v/nothing/g/1/stream", environ_overrides=THREADED).status_code == 404
    assert client.get(f"/t/{game.token}/g/99999999999/stream").status_code == 404


def test_the_watcher_reads_every_game_held_in_one_query(app, client, elsewhere) -> None:
    games = [start_game(client) for _ in range(12)]
    moved = games[::3]
    with app.app_context():
        here = live()
        ids = [int(game.path.split("/")[4]) for game in games]
        listeners = [here.hub.listen(game_id, 0) for game_id in ids]
        for game in moved:
            assert post_entry(elsewhere, game, BIDS, version=0).status_code == 303
        with statements(app) as sent:
            assert here.watcher.check() == len(moved)
        assert len(sent) == 1, sent
        assert f"IN ({', '.join(['?'] * 12)})" in sent[0] or db.engine.dialect.name != "sqlite"
        told = [listener.version for listener in listeners]
        assert told == [1 if i % 3 == 0 else 0 for i in range(12)]
        with statements(app) as sent:
            assert here.watcher.check() == 0  # nothing moved since: nobody is woken
        assert len(sent) == 1
        for listener in listeners:
            here.hub.leave(listener)


def test_one_gevent_worker_holds_streams_and_serves_pages_beside_them(tmp_path) -> None:
    """gunicorn as deployed (gunicorn.conf.py: gevent workers), one worker: streams held open
    take nothing from the requests beside them (a sync worker would be taken by the first)."""
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'live.db'}", "SECRET_KEY": "x"}
    app = create_app({"SQLALCHEMY_DATABASE_URI": env["DATABASE_URL"], "SECRET_KEY": "x"})
    with app.app_context():
        db.create_all()
        game = import_record(FIRST_EXAMPLE.read_text())
        page = f"/t/{game.table.token}/g/{game.id}/"
        db.engine.dispose()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    gunicorn = [str(root / ".venv/bin/gunicorn"), "-w", "1", "-b", f"127.0.0.1:{port}"]
    server = subprocess.Popen([*gunicorn, "--no-control-socket", APP], env=env, cwd=root)
    streams = []
    try:
        wait_until_up(port, server)
        for _ in range(20):
            held = socket.create_connection(("127.0.0.1", port), timeout=30)
            held.sendall(f"GET {page}stream HTTP/1.0\r\n\r\n".encode())
            streams.append(held)
        for held in streams:  # every one answered and held open: its first event came
            assert b"event: ping" in read_until(held, b"event: ping")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{page}", timeout=30) as answer:
            assert answer.status == 200
            assert b'id="game"' in answer.read()
    finally:
        for held in streams:
            held.close()
        server.terminate()
        server.wait(timeout=30)


def wait_until_up(port: int, server: subprocess.Popen[bytes]) -> None:
    """Until gunicorn answers or its process ends. It makes the phone's app before it serves: on
    a loaded machine that took more than the half minute this waited once."""
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"gunicorn ended before it served (exit {server.returncode})")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/manifest.webmanifest", timeout=5)
            return
        except OSError:
            time.sleep(0.2)
    raise AssertionError("gunicorn did not start in three minutes")


def read_until(held: socket.socket, wanted: bytes) -> bytes:
    got = b""
    while wanted not in got:
        chunk = held.recv(4096)
        assert chunk, got
        got += chunk
    return got


def test_the_watcher_reads_only_the_changes_since_its_last_read(app, client, elsewhere) -> None:
    """Between its whole reads, the watcher reads the change log's new lines: one query by the
    log's key, without the list of every game held, however many tables there are."""
    games = [start_game(client) for _ in range(6)]
    with app.app_context():
        here = live()
        ids = [int(game.path.split("/")[4]) for game in games]
        listeners = [here.hub.listen(game_id, 0) for game_id in ids]
        assert here.watcher.check_all() == 0
        for game in games[1::2]:
            assert post_entry(elsewhere, game, BIDS, version=0).status_code == 303
        with statements(app) as sent:
            assert here.watcher.check_new() == 3
        assert len(sent) == 1 and " IN (" not in sent[0], sent
        assert [listener.version for listener in listeners] == [0, 1, 0, 1, 0, 1]
        assert here.watcher.check_new() == 0  # read on from there: nothing new
        assert post_entry(elsewhere, games[0], BIDS, version=0).status_code == 303
        assert here.watcher.check_new() == 1 and listeners[0].version == 1
        for listener in listeners:
            here.hub.leave(listener)


def test_a_save_tells_the_streams_of_its_own_process_at_once(app, client) -> None:
    """The process that saved does not wait for its watcher's next read: its own streams of
    the game are told before the answer (and the watcher, reading the log, tells them nothing
    twice)."""
    games = [start_game(client) for _ in range(2)]
    with app.app_context():
        here = live()
        ids = [int(game.path.split("/")[4]) for game in games]
        listeners = [here.hub.listen(game_id, 0) for game_id in ids]
        here.watcher.check_all()
        assert post_entry(client, games[1], BIDS, version=0).status_code == 303
        assert [listener.version for listener in listeners] == [0, 1]
        assert listeners[1].wait(0) == 1  # woken, with nothing read from the database
        assert here.watcher.check_new() == 0  # already told
        for listener in listeners:
            here.hub.leave(listener)
