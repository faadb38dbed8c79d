"""What the rate limits count under gunicorn with several workers, as docs/operations.md says:
with the default in-memory storage each worker counts on its own (so a limit holds per worker,
at most workers × the setting for the server); a shared
``RATELIMIT_STORAGE_URI`` makes it one count."""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
from collections import Counter
from pathlib import Path

from assistant import create_app
from assistant.extensions import db

ROOT = Path(__file__).resolve().parents[2]
WORKERS = 3
LIMIT = 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_with_the_default_storage_each_worker_counts_on_its_own(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'workers.db'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "workers"})
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database, "SECRET_KEY": "workers",
           "FLASK_RATELIMIT_WRONG_LINKS": f"{LIMIT} per minute"}  # fmt: skip
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    server = subprocess.Popen(
        [gunicorn, "-w", str(WORKERS), "-b", f"127.0.0.1:{port}", "--no-control-socket",
         "assistant:create_app()"],
        cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert server.stderr is not None
        booted = 0
        for line in server.stderr:  # every worker has booted (and loaded the app)
            booted += "Booting worker" in line
            if booted == WORKERS:
                break
        answers: Counter[int] = Counter()
        for _ in range(40):  # each on a new connection, taken by whichever worker is free
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            connection.request("GET", "/t/no-such-table-link/")
            answers[connection.getresponse().status] += 1
            connection.close()
    finally:
        server.terminate()
        server.wait(timeout=60)
        if server.stderr is not None:
            server.stderr.close()
    assert set(answers) == {404, 429}, answers
    assert LIMIT <= answers[404] <= WORKERS * LIMIT, answers
