"""Where the CPU time of the benchmark's entry POST goes, in one process.

The same saves as the load benchmark (bench/load.py: fresh Plump games for four, bids then
tricks through the real form, htmx, CSRF on, on a file SQLite database), through Flask's test
client: the median CPU time of a save, and a sampled profile of them (every 0.2 ms of CPU,
each function of the app and each line of its templates counted once per sample it is in).

    .venv/bin/python bench/profile_post.py [--games 16] [--top 40] [--time-only] [--cold]

``--cold`` clears the kept replays and pages before each save, as when the phone's previous
request went to the other gunicorn worker.
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import FrameType

from flask import Flask

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from assistant import create_app  # noqa: E402
from bench.load import PlumpPlayer  # noqa: E402
from bench.run import fresh_plump_games  # noqa: E402
from bench.server import Server  # noqa: E402

TEMPLATES = str(ROOT / "templates") + os.sep
APP = str(ROOT / "assistant") + os.sep


class TestPhone:
    """bench/load.py's Phone over Flask's test client (which keeps the session cookie)."""

    def __init__(self, app: Flask) -> None:
        self.client = app.test_client()

    def request(
        self, method: str, path: str, body: dict | None = None, **headers: str
    ) -> tuple[int, str]:
        sent = {k.replace("_", "-"): v for k, v in headers.items()}
        response = self.client.open(path, method=method, data=body, headers=sent)
        return response.status_code, response.text


class Sampler:
    """Counts, on every SIGPROF while on, the app's functions and template lines on the stack."""

    def __init__(self) -> None:
        self.on, self.samples, self.seen = False, 0, Counter[str]()
        signal.signal(signal.SIGPROF, self.sample)
        signal.setitimer(signal.ITIMER_PROF, 0.0002, 0.0002)

    def sample(self, _signal: int, frame: FrameType | None) -> None:
        if not self.on:
            return
        self.samples += 1
        names = set()
        while frame is not None:
            code = frame.f_code
            if code.co_filename.startswith(TEMPLATES):
                template = frame.f_globals.get("__jinja_template__")
                line = template.get_corresponding_lineno(frame.f_lineno) if template else 0
                names.add(f"{code.co_filename.removeprefix(TEMPLATES)}:{line}")
            elif code.co_filename.startswith(APP):
                names.add(f"{code.co_filename.removeprefix(APP)[:-3]}.{code.co_name}")
            frame = frame.f_back
        self.seen.update(names)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=16, help="games played side by side")
    parser.add_argument("--top", type=int, default=40, help="lines of the profile shown")
    parser.add_argument("--cold", action="store_true", help="nothing kept between saves")
    parser.add_argument("--time-only", action="store_true", help="no sampling (it costs ~10 %%)")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-")
    url = f"sqlite:///{folder}/bench.db"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "bench",
                      "RATELIMIT_ENABLED": False})  # fmt: skip
    with app.app_context():
        from assistant.extensions import db

        db.create_all()
    games = fresh_plump_games(Server("", {"DATABASE_URL": url}), args.games)
    phones = [TestPhone(app) for _ in games]
    players = [PlumpPlayer(phone, [path]) for phone, path in zip(phones, games, strict=True)]
    sampler, times = Sampler(), []
    if args.time_only:
        sampler.stop()
    while playing := [(p, ph) for p, ph in zip(players, phones, strict=True) if p.fields]:
        for player, phone in playing:
            if args.cold:
                app.extensions["kept"].clear()
            start, sampler.on = time.process_time(), True
            status = player.enter(phone)
            sampler.on = False
            times.append((time.process_time() - start) * 1000)
            assert status == 200, status
    sampler.stop()
    print(f"{len(times)} saves: median {statistics.median(times):.2f} ms of CPU each")
    if args.time_only:
        return
    print(f"share of the saves' CPU ({sampler.samples} samples), by what was on the stack:")
    for name, count in sampler.seen.most_common(args.top):
        print(f"{100 * count / sampler.samples:6.1f} %  {name}")


if __name__ == "__main__":
    main()
