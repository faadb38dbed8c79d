"""A real server for the benchmarks: gunicorn with two workers on a file SQLite database, seeded
with long games through the app's own import command."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.visits import LOG_FORMAT

ROOT = Path(__file__).resolve().parents[1]
BIN = ROOT / ".venv" / "bin"
WORKERS = 2


@dataclass(frozen=True)
class Server:
    base: str
    env: dict[str, str]

    def import_game(self, record: dict) -> str:
        """Store ``record`` as a new game; its page's path."""
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as file:
            json.dump(record, file)
        out = flask(self.env, "import", file.name)
        os.unlink(file.name)
        return out.strip().splitlines()[-1]


def flask(env: dict[str, str], *args: str) -> str:
    run = subprocess.run(
        [str(BIN / "flask"), "--app", "assistant", *args],
        env=env, cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return run.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running(access_log: Path | None = None, **settings: str) -> Iterator[Server]:
    """gunicorn on a fresh database in a temporary instance folder, stopped afterwards; with
    ``access_log``, a line per request there (bench/visits.py reads it); ``settings`` are the
    app's (``POLL_SECONDS="3"``: FLASK_POLL_SECONDS in its environment)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder / 'bench.db'}",
        "SECRET_KEY": "benchmarks-only",
        "FLASK_RATELIMIT_ENABLED": "false",  # the load is one client, on purpose
        **{f"FLASK_{name}": value for name, value in settings.items()},
    }
    flask(env, "db", "upgrade")
    port = free_port()
    logging = []
    if access_log is not None:
        access_log.touch()
        # Without sendfile, so that the log counts the bytes of files sent as they are too.
        logging = ["--access-logfile", str(access_log), "--access-logformat", LOG_FORMAT,
                   "--no-sendfile"]  # fmt: skip
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "-w", str(WORKERS), "-b", f"127.0.0.1:{port}",
         "--no-control-socket", "--log-level", "warning", *logging, "assistant:create_app()"],
        env=env, cwd=ROOT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        # gunicorn makes the phone's bundle before its workers start when the code changed
        # (gunicorn.conf.py): up to a minute or two on a busy machine.
        for _ in range(1200):
            try:
                urllib.request.urlopen(base + "/manifest.webmanifest", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield Server(base, env)
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:  # a worker still holding a stream on a busy machine
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)
