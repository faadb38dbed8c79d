"""The live load test (``make bench``, ``--only live``): N tables, four pages open at each (three
phones and the TV's watch view), one save per table every 20 s from one of the phones, against
gunicorn's two gevent workers on an SQLite file, loopback only.

Run twice in the same run: with every page holding its stream (a nudge, then the page fetches
what changed, as live.js makes it do), and with every page polling as it did before the
stream (phones every POLL_SECONDS, the TV every WATCH_POLL_SECONDS). Measured: the time from a
save's answer to each other page hearing of it (the nudge; for the poll, the poll that brings
the new version), and the saves' latency. Bounded: the count of tables and the seconds are
given, and every connection is closed at the end."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import random
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urlsplit

from assistant import create_app
from assistant.config import Defaults
from assistant.store.service import import_record
from bench import load
from bench.records import record
from bench.server import running

SAVE_EVERY = 20.0  # seconds between two saves of one table
TIMEOUT = 15.0  # an answer later than this counts as an error (and the run stays bounded)
OPENING = 800  # connections being opened at once (gunicorn's backlog is 2 048)
# Pages opened a second before the saves begin (the saves wait for them all): more than a
# club's evening ever opens, fewer than this busy machine can take on top of everything else.
OPENED_A_SECOND = 400
Answer = tuple[int, dict[str, str], str]


@dataclass
class Table:
    page: str  # /t/<token>/g/<id>/
    watch: str  # /v/<view token>/g/<id>/
    cookie: str = ""
    player: Any = None  # the saving phone's form (load.PlumpPlayer without its own connection)


@dataclass
class Tally:
    """What one mode measured, in ms."""

    saves: list[float] = field(default_factory=list)
    answered: dict[tuple[str, int], float] = field(default_factory=dict)
    heard: list[tuple[str, int, float]] = field(default_factory=list)
    errors: int = 0
    cuts: int = 0  # streams cut and opened again

    def propagation(self) -> list[float]:
        return sorted(
            max(0.0, at - self.answered[(page, version)])
            for page, version, at in self.heard
            if (page, version) in self.answered
        )

    def expected(self, listeners: int) -> int:
        return len(self.answered) * listeners


def now_ms() -> float:
    return time.perf_counter() * 1000


class Client:
    """HTTP/1.0 over asyncio, a connection per request (a stream's answer then ends with its
    connection, without chunks); loopback only."""

    def __init__(self, base: str) -> None:
        parts = urlsplit(base)
        if parts.hostname not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit("the live load test runs against this machine only")
        self.host, self.port = parts.hostname, parts.port
        self.opening = asyncio.Semaphore(OPENING)

    async def connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        async with self.opening:
            return await asyncio.open_connection(self.host, self.port, limit=2**20)

    async def send(
        self, writer: asyncio.StreamWriter, method: str, path: str, body: str, **headers: str
    ) -> None:
        lines = [f"{method} {path} HTTP/1.0", f"Host: {self.host}"]
        lines += [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
        if body:
            lines += [
                "Content-Type: application/x-www-form-urlencoded",
                f"Content-Length: {len(body)}",
            ]
        writer.write(("\r\n".join(lines) + "\r\n\r\n" + body).encode())
        await writer.drain()

    async def request(self, method: str, path: str, body: str = "", **headers: str) -> Answer:
        """The answer; status 0 for a connection refused, cut or too slow."""
        try:
            reader, writer = await self.connect()
        except OSError:
            return 0, {}, ""
        try:
            await self.send(writer, method, path, body, **headers)
            raw = await asyncio.wait_for(reader.read(), TIMEOUT)
        except (OSError, TimeoutError):
            return 0, {}, ""
        finally:
            writer.close()
        head, _, text = raw.decode().partition("\r\n\r\n")
        status_line, *header_lines = head.split("\r\n")
        said = dict(line.split(": ", 1) for line in header_lines if ": " in line)
        return int(status_line.split()[1]), said, text


async def stream(
    client: Client, page: Page, told: Callable[[int], Awaitable[None]], until: float, after: float
) -> int:
    """One page's stream, opened ``after`` seconds and read until ``until``; ``told`` for every
    version event. A stream cut is opened again after the server's retry, as a browser does:
    how many times."""
    await asyncio.sleep(after)
    cuts = 0
    while now_ms() < until:
        try:
            await read_stream(client, page, told, until)
        except (ConnectionError, OSError):
            cuts += 1
            await asyncio.sleep(2)
    return cuts


async def read_stream(
    client: Client, page: Page, told: Callable[[int], Awaitable[None]], until: float
) -> None:
    reader, writer = await client.connect()
    try:
        await client.send(writer, "GET", f"{page.path}stream?version={page.version}", "")
        while now_ms() < until:
            try:
                line = await asyncio.wait_for(reader.readline(), (until - now_ms()) / 1000)
            except TimeoutError:
                return
            if not line:
                raise ConnectionError(f"{page.path}stream ended")
            if line.startswith(b"id: "):
                await told(int(line[4:]))
    finally:
        writer.close()


VERSION = re.compile(r'id="game"[^>]*data-version="(\d+)"')


class Page:
    """One open page: it knows the version it shows, and fetches what changed as the poll does."""

    def __init__(
        self, client: Client, path: str, tally: Tally, listening: bool, measured: bool = True
    ) -> None:
        self.client, self.path, self.tally, self.listening = client, path, tally, listening
        self.measured = measured  # not the saving phone's own page: it has the answer
        self.version = 0
        self.table = path

    async def fetch(self) -> None:
        poll = f"{self.path}poll" if self.path.startswith("/t/") else self.path
        status, _, text = await self.client.request(
            "GET", f"{poll}?version={self.version}", HX_Request="true"
        )
        if status == 200 and (found := VERSION.search(text)):
            self.version = int(found.group(1))
            if self.measured and not self.listening:  # the poll itself brought the news
                self.tally.heard.append((self.table, self.version, now_ms()))
        elif status != 204:
            self.tally.errors += 1

    async def nudged(self, version: int) -> None:
        if version > self.version:
            self.tally.heard.append((self.table, version, now_ms()))
            await self.fetch()

    async def poll(self, every: float, until: float) -> None:
        await asyncio.sleep(random.uniform(0, every))
        while now_ms() < until:
            await self.fetch()
            await asyncio.sleep(every)


async def open_table(client: Client, table: Table) -> None:
    """The saving phone opens its page: its session cookie, CSRF token and form."""
    status, headers, text = await client.request("GET", table.page)
    for _ in range(5):  # a machine this busy may refuse a connection now and then
        if status == 200:
            break
        await asyncio.sleep(1)
        status, headers, text = await client.request("GET", table.page)
    assert status == 200, (status, text[:200])
    table.cookie = headers.get("Set-Cookie", "").split(";", 1)[0]
    player = load.PlumpPlayer.__new__(load.PlumpPlayer)
    player.path, player.games = table.page, []
    player.csrf = re.search(r'"X-CSRFToken": "([^"]+)"', text).group(1)
    player.read(text)
    table.player = player


async def saves(client: Client, table: Table, tally: Tally, start: float, until: float) -> None:
    await asyncio.sleep(max(0.0, start - now_ms()) / 1000 + random.uniform(0, SAVE_EVERY))
    while now_ms() < until - 2000:  # the last saves' pages still have two seconds to hear
        began = now_ms()
        body = urlencode(table.player.body())
        status, _, text = await client.request(
            "POST", table.page + "enter", body,
            Cookie=table.cookie, HX_Request="true", X_CSRFToken=table.player.csrf,
        )  # fmt: skip
        answered = now_ms()
        if status == 200:
            table.player.read(text)
            tally.saves.append(answered - began)
            tally.answered[(table.page, table.player.version)] = answered
        else:
            tally.errors += 1
        await asyncio.sleep(max(0.0, SAVE_EVERY - (now_ms() - began) / 1000))


async def run_mode(
    base: str, tables: list[Table], seconds: float, listening: bool, polls: tuple[float, float]
) -> tuple[Tally, float]:
    """One mode for ``seconds`` after every page is open; the tally and the seconds opening
    took. The saving phones run in a process of their own (``save_all``): a phone's save is
    timed by a client that does nothing else, not by one that also reads 8 000 streams (its
    lag was in every save's time: p50 17 ms against the server's 4). Both read the same
    clock (``time.perf_counter``, the machine's monotonic one)."""
    client, tally = Client(base), Tally()
    opening = asyncio.Semaphore(32)  # the saving phones' first pages: a few at a time

    async def opened(table: Table) -> None:
        async with opening:
            await open_table(client, table)

    await asyncio.gather(*(opened(table) for table in tables))
    opened_at = now_ms()
    pages = []
    for table in tables:
        listeners = [Page(client, table.page, tally, listening) for _ in range(2)]
        listeners.append(Page(client, table.watch, tally, listening))
        saver = Page(client, table.page, tally, listening, measured=False)
        for page in [*listeners, saver]:
            page.table, page.version = table.page, table.player.version
        pages.append((table, saver, listeners))
    ramp = len(tables) * 4 / OPENED_A_SECOND
    until = opened_at + (ramp + seconds) * 1000
    answers, sent = multiprocessing.get_context("spawn").Pipe(duplex=False)
    saving = multiprocessing.get_context("spawn").Process(
        target=save_all, args=(base, tables, opened_at + ramp * 1000, until, sent)
    )
    saving.start()
    tasks = []
    for number, (_table, saver, listeners) in enumerate(pages):
        if listening:
            after = number * 4 / OPENED_A_SECOND
            tasks.append(stream(client, saver, saver_ignores, until, after))
            tasks += [stream(client, p, p.nudged, until, after) for p in listeners]
        else:
            phone, tv = polls
            tasks.append(saver.poll(phone, until))
            tasks += [p.poll(tv if p.path.startswith("/v/") else phone, until) for p in listeners]
    outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    tally.errors += sum(isinstance(outcome, Exception) for outcome in outcomes)
    tally.cuts = sum(outcome for outcome in outcomes if isinstance(outcome, int))
    saved = await asyncio.to_thread(answers.recv)
    await asyncio.to_thread(saving.join)
    tally.saves, tally.answered = saved.saves, saved.answered
    tally.errors += saved.errors
    return tally, ramp


def save_all(base: str, tables: list[Table], start: float, until: float, sent: Any) -> None:
    """The saving phones, one save per table every SAVE_EVERY seconds from ``start``, in a
    process of their own: what they measured is sent back as a Tally."""
    tally, client = Tally(), Client(base)

    async def all_tables() -> None:
        await asyncio.gather(*(saves(client, table, tally, start, until) for table in tables))

    asyncio.run(all_tables())
    sent.send(tally)


async def saver_ignores(_version: int) -> None:
    """The saving phone's own stream: held (it counts in the load), its nudges not measured."""


def percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(len(values) * share))] if values else float("nan")


def summary(tally: Tally) -> dict[str, Any]:
    heard = tally.propagation()
    saves = sorted(tally.saves)
    return {
        "saves": len(saves),
        "save_p50_ms": percentile(saves, 0.5),
        "save_p99_ms": percentile(saves, 0.99),
        "heard": len(heard),
        "expected": tally.expected(3),
        "heard_p50_ms": percentile(heard, 0.5),
        "heard_p95_ms": percentile(heard, 0.95),
        "heard_p99_ms": percentile(heard, 0.99),
        "errors": tally.errors,
        "streams_cut": tally.cuts,
    }


def seed(database_url: str, count: int) -> list[Table]:
    """``count`` games of Plump for four at deal 1, each at a table of its own, stored straight
    into the server's database."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "x"})
    empty = {**record("plump", 0), "players": ["Anna", "Bo", "Cia", "Dan"], "options": {}}
    tables = []
    with app.app_context():
        for _ in range(count):
            game = import_record(json.dumps(empty))
            tables.append(
                Table(
                    f"/t/{game.table.token}/g/{game.id}/",
                    f"/v/{game.table.view_token}/g/{game.id}/",
                )
            )
    return tables


def both_modes(tables: int, seconds: float) -> dict[str, Any]:
    """The same load over the streams, then by polling, each against a fresh server."""
    polls = (float(Defaults.POLL_SECONDS), float(Defaults.WATCH_POLL_SECONDS))
    results = {}
    for mode, listening in (("stream", True), ("poll", False)):
        with running() as server:
            seeded = seed(server.env["DATABASE_URL"], tables)
            tally, _ramp = asyncio.run(run_mode(server.base, seeded, seconds, listening, polls))
            results[mode] = summary(tally)
    return results
