"""Connections that send no request cannot starve a worker: gunicorn as deployed
(``gunicorn.conf.py``: gevent workers) closes a connection whose request's head has not come
whole within its bound (``keepalive``), one that sends nothing and one that sends a byte now
and then alike, and serves one request per connection.

A real server on loopback, bounded: a worker that holds ``IDLE + 1`` connections, ``IDLE`` of
them taken by sockets that never send a request and the last by a slowloris (a header line
every half second); a phone's request, waiting for a free one, is answered all the same once
the bound has passed."""

from __future__ import annotations

import os
import socket
import subprocess
import threading
import urllib.request
from pathlib import Path

from flask import Flask

from assistant import create_app
from assistant.extensions import db
from tests.web.test_live import APP, wait_until_up

ROOT = Path(__file__).resolve().parents[2]
IDLE = 300
HEAD_SECONDS = 10  # gunicorn.conf.py's keepalive: the bound of a request's head


def serve(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[bytes], int]:
    url = f"sqlite:///{tmp_path / 'connections.db'}"
    app: Flask = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x"})
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": "x"}
    command = [str(ROOT / ".venv/bin/gunicorn"), "-w", "1", "-b", f"127.0.0.1:{port}", *extra]
    server = subprocess.Popen([*command, "--no-control-socket", APP], env=env, cwd=ROOT)
    return server, port


def closed_by_the_server(held: socket.socket) -> bool:
    try:
        return held.recv(1024) == b""
    except (ConnectionResetError, BrokenPipeError):
        return True
    except BlockingIOError:
        return False


def slowloris(held: socket.socket, closed: threading.Event, sends: int) -> None:
    """A request's head a line every half second, never finished: told apart by whether the
    server closes it while it is still sending (it sends for three times the bound, and keeps
    the connection open after that)."""
    held.sendall(b"GET /manifest.webmanifest HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    held.setblocking(False)
    for n in range(sends):
        if closed_by_the_server(held):
            closed.set()
            return
        try:
            held.sendall(f"X-Slow-{n}: 1\r\n".encode())
        except (ConnectionResetError, BrokenPipeError):
            closed.set()
            return
        threading.Event().wait(0.5)


def test_idle_and_slow_connections_are_closed_and_a_phone_is_answered(tmp_path: Path) -> None:
    server, port = serve(tmp_path, "--worker-connections", str(IDLE + 1))
    idle: list[socket.socket] = []
    closed = threading.Event()
    try:
        wait_until_up(port, server)
        idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(IDLE)]
        idle.append(held := socket.create_connection(("127.0.0.1", port)))
        slow = threading.Thread(target=slowloris, args=(held, closed, 6 * HEAD_SECONDS))
        slow.start()
        # Every connection of the worker is taken: the phone's request waits for the bound.
        with urllib.request.urlopen(
            f"http://127.0.0.1:{port}/manifest.webmanifest", timeout=6 * HEAD_SECONDS
        ) as answer:
            assert answer.status == 200
            assert answer.headers["Connection"] == "close"  # one request per connection
        slow.join()
        assert closed.is_set()  # the slowloris was closed while it was still sending
        for each in idle:
            each.setblocking(False)
        assert all(closed_by_the_server(each) for each in idle)
    finally:
        for each in idle:
            each.close()
        server.terminate()
        server.wait(timeout=30)
