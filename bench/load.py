"""Load against the running server: wrk for the pages (GET), and for the entry POST a small
client of our own (each connection plays its own games through the real form, CSRF and all),
which also measures the floor so that the two are compared with the same client."""

from __future__ import annotations

import http.client
import re
import secrets
import shutil
import statistics
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

CONNECTIONS = 16
THREADS = 2
SECONDS = 8


@dataclass(frozen=True)
class Figures:
    rps: float
    p50_ms: float
    p99_ms: float
    errors: int = 0

    def ratio(self, floor: Figures) -> float:
        return self.rps / floor.rps if floor.rps else 0.0


def wrk(url: str, seconds: int = SECONDS, **headers: str) -> Figures:
    """``wrk -t2 -c16 --latency``: requests per second, median and 99th percentile (with the
    request ``headers``, as ``Accept_Encoding="br"``)."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is needed for the benchmarks: apt-get install wrk")
    sent = [f"-H{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    out = subprocess.run(
        ["wrk", f"-t{THREADS}", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", *sent, url],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return Figures(
        rps, _latency(out, "50"), _latency(out, "99"), int(errors.group(1)) if errors else 0
    )


def _latency(out: str, percent: str) -> float:
    value, unit = re.search(rf"^\s+{percent}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M).groups()
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]


class Phone:
    """One connection of the client: a keep-alive HTTP connection with a session cookie."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.cookie = ""

    def request(
        self, method: str, path: str, body: dict | None = None, **headers: str
    ) -> tuple[int, str]:
        headers = {k.replace("_", "-"): v for k, v in headers.items()}
        if self.cookie:
            headers["Cookie"] = self.cookie
        data = None
        if body is not None:
            data = urlencode(body)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # gunicorn's gevent workers keep an idle connection 2 s (the sync ones none): a
            # request on one it closed meanwhile was never read, and goes again, as a browser's
            self.conn.close()
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
        text = response.read().decode()
        if cookie := response.getheader("Set-Cookie"):
            self.cookie = cookie.split(";", 1)[0]
        return response.status, text


def timed(
    phones: list[Phone],
    action: Callable[[Phone], int],
    seconds: float,
    prepare: Callable[[Phone], None] | None = None,
) -> Figures:
    """Every phone repeats ``action`` for ``seconds``, at once: requests per second and latency.
    ``prepare`` runs before each action, off the clock (a player opening its next game: timed
    with the save after it, one save in 38 counted two requests, and they made the p99)."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def run(phone: Phone) -> None:
        mine, bad = [], 0
        while time.perf_counter() < stop:
            if prepare is not None:
                prepare(phone)
            start = time.perf_counter()
            status = action(phone)
            mine.append((time.perf_counter() - start) * 1000)
            bad += status >= 400
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    threads = [threading.Thread(target=run, args=(p,)) for p in phones]
    begin = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - begin  # the opening of games included: what they cost
    latencies.sort()
    p99 = latencies[int(len(latencies) * 0.99) - 1] if latencies else 0.0
    return Figures(len(latencies) / elapsed, statistics.median(latencies), p99, errors[0])


class PlumpPlayer:
    """Plays Plump games through the real form: the bids, then the tricks, deal after deal."""

    def __init__(self, phone: Phone, games: list[str]) -> None:
        self.phone, self.games = phone, games
        self.csrf, self.version, self.step = "", 0, ""
        self.open_next_game()

    def open_next_game(self) -> None:
        self.path = self.games.pop()
        _status, page = self.phone.request("GET", self.path)
        self.csrf = re.search(r'"X-CSRFToken": "([^"]+)"', page).group(1)
        self.read(page)

    def read(self, page: str) -> None:
        self.version = int(re.search(r'data-version="(\d+)"', page).group(1))
        step = re.search(r'name="step"[^>]*value="([^"]*)"', page)
        self.step = step.group(1) if step else ""
        self.fields = sorted(set(re.findall(r'name="((?:bids|tricks)_\d+)"', page)))
        self.cards = int(re.search(r'data-cards="(\d+)"', page).group(1)) if self.fields else 0

    def ready(self) -> None:
        if not self.fields:  # the game is over: on to the next one
            self.open_next_game()

    def body(self) -> dict[str, object]:
        """The next step's form: everyone bids 0, then one player takes every trick."""
        values = {name: 0 for name in self.fields}
        if self.fields[0].startswith("tricks"):
            values[self.fields[0]] = self.cards  # one player takes every trick
        return {
            "version": self.version,
            "key": secrets.token_urlsafe(12),
            "step": self.step,
            **values,
        }

    def enter(self, phone: Phone) -> int:
        status, page = phone.request(
            "POST", self.path + "enter", self.body(), HX_Request="true", X_CSRFToken=self.csrf
        )
        if status == 200:
            self.read(page)
        return status
