"""One fault run from its seed: gunicorn (gevent workers, as deployed) on an SQLite file or on
PostgreSQL, a Plump table, 2–4 phones each behind its own fault proxy entering at it while the
plan's events happen (the server killed with SIGKILL and started again, signals cut, a tab
closed with changes waiting), then everything calm and online until the phones have sent what
waits, and the checks (``checks.py``). ``run(seed)`` gives its problems and, for a failed run,
everything to read it by: the plan, the steps taken, what the network did to each change."""

from __future__ import annotations

import json
import random
import signal
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser
from sqlalchemy import create_engine, text

from assistant import create_app
from assistant.bundle import make_bundle
from assistant.extensions import db
from assistant.store import keys
from tests.faults import checks
from tests.faults.log import Log
from tests.faults.phones import Phone
from tests.faults.plan import Event, Plan
from tests.faults.proxy import FaultProxy
from tests.faults.schedule import Schedule
from tests.load.test_crash import Server, new_table

SETTINGS = Path(__file__).with_name("gunicorn_settings.py")  # the app's, but for its start hook
SETTLE_SECONDS = 120.0  # for the phones to send what waits
# Settled means so for this long with no request on its way: an answer lost the moment the
# faults stopped is not yet kept by its phone when the server already has the change.
STEADY_SECONDS = 3.0
NAMES = ("Anna", "Bo", "Cia", "Dan")


@dataclass
class Result:
    seed: int
    problems: list[str]
    lines: list[str] = field(default_factory=list)  # what happened, for a failed run
    seconds: float = 0.0
    faults: dict[str, int] = field(default_factory=dict)
    keeper: str = ""  # how the phone that keeps the table for play without signal stood

    @property
    def passed(self) -> bool:
        return not self.problems

    def kinds(self) -> set[str]:
        """The kinds of its problems ("STORED TWICE", "PAINTED OVER"...)."""
        return {problem.split(":")[0] for problem in self.problems if problem[:1].isupper()}

    def report(self) -> str:
        return "\n".join([f"seed {self.seed} failed:", *self.problems, "", *self.lines])


def empty(url: str) -> None:
    """The app's tables, empty, at ``url``; the app for the phone made (once: then found made),
    as the server's start hook makes it (``gunicorn_settings.py``)."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x"})
    make_bundle(app)
    with app.app_context():
        db.drop_all()
        db.create_all()
        db.engine.dispose()


def record(plan: Plan) -> dict:
    """A new game of Plump from ten cards down and up again: 19 deals, two steps each."""
    return {
        "format": "table-assistant/1",
        "game": "plump",
        "players": list(NAMES[: plan.players]),
        "options": {"start_cards": 10},
        "first_dealer": NAMES[0],
        "rounds": [],
    }


def run(
    seed: int, browser: Browser, database: str | None = None, keep: Path | None = None
) -> Result:
    """The run of ``seed`` on ``database`` (a URL), else on an SQLite file of its own; with
    ``keep`` (a folder), what the pages said and what the network did are kept there."""
    started = time.monotonic()
    plan = Plan.of(seed)
    with tempfile.TemporaryDirectory(prefix="faults-") as folder:
        url = database or f"sqlite:///{Path(folder) / 'faults.db'}"
        empty(url)
        server = Server(url, SETTINGS, DOUBLE_TAP_MS="0")
        server.start()
        table = Table(plan, server, browser)
        try:
            table.play()
            table.settle()
            outcome = table.outcome(url)
        finally:
            table.put_away()
            server.end(signal.SIGTERM)
    outcome.server_output = server.output
    if keep is not None:
        keep_heard(keep / f"seed-{seed}.jsonl", outcome)
    result = Result(seed, checks.problems(outcome), faults=table.log.summary(), keeper=table.keeper)
    result.seconds = time.monotonic() - started
    if not result.passed:
        result.lines = [*plan.lines(), "", *table.journal, "", *table.log.faults()]
    return result


def keep_heard(path: Path, outcome: checks.Outcome) -> None:
    """Every line the pages said and every exchange of a change, one JSON object a line."""
    path.parent.mkdir(parents=True, exist_ok=True)
    start = outcome.log.start
    with path.open("w") as kept:
        for line in outcome.heard:
            kept.write(json.dumps(line) + "\n")
        for exchange in outcome.log.changes():
            kept.write(json.dumps({"what": "network", "line": exchange.line(start)}) + "\n")


class Table:
    """The phones at one table, the server behind them, and the plan's events as they come."""

    def __init__(self, plan: Plan, server: Server, browser: Browser) -> None:
        self.plan, self.server = plan, server
        self.game = new_table(server, record(plan))
        self.log = Log()
        self.phones = []
        for number in range(plan.phones):
            schedule = Schedule(plan.seed, str(number), plan.rate)
            proxy = FaultProxy(f"phone {number}", server.port, schedule, self.log)
            proxy.down_as_502 = plan.down_as_502
            keeps = number == plan.keeper
            self.phones.append(Phone(browser, f"phone {number}", proxy, self.game, keeps=keeps))
        self.journal: list[str] = []
        self.later: dict[int, list[Callable[[], None]]] = {}  # step -> what happens then
        self.forced: list[Phone] = []  # the phones that take the next steps
        self.cut_after_tap: list[tuple[Phone, int]] = []
        self.restarting: threading.Thread | None = None
        self.closed_at: dict[str, list[float]] = {}  # when each phone's tab was closed (ms)
        self.keeper = ""
        for phone in self.phones:
            phone.begin_opening()
        for phone in self.phones:
            phone.opened()
        if plan.keeper is not None:
            keeper = self.phones[plan.keeper]
            ready = "ready" if keeper.keep_for_play_without_signal() else "NOT READY"
            self.keeper = f"{keeper} keeps the table for play without signal: {ready}"
            self.say(self.keeper)

    def say(self, line: str) -> None:
        self.journal.append(f"{time.monotonic() - self.log.start:7.2f}s {line}")

    def play(self) -> None:
        who = random.Random(f"{self.plan.seed}:who")
        for step in range(self.plan.steps):
            for then in self.later.pop(step, []):
                then()
            for event in self.plan.at(step):
                self.happen(event)
            phone = self.forced.pop(0) if self.forced else who.choice(self.phones)
            did = phone.act(random.Random(f"{self.plan.seed}:tap:{step}"), step)
            self.say(f"step {step}: {phone} {did}")
            for cut, steps in [c for c in self.cut_after_tap if c[0] is phone]:
                self.cut_after_tap.remove((cut, steps))
                self.cut(phone, step, steps)

    def happen(self, event: Event) -> None:
        self.say(str(event))
        phone = self.phones[event.phone]
        if event.what == "crash":
            self.crash(event.seconds)
        elif event.what == "cut" and event.mid:
            self.forced.append(phone)
            self.cut_after_tap.append((phone, event.steps))
        elif event.what == "cut":
            self.cut(phone, event.step, event.steps)
        else:  # close: offline, two steps, the tab closed; later online and opened again
            phone.signal(False)
            self.forced += [phone, phone]
            self.at(event.step + 2, lambda: self.close_tab(phone))
            self.at(event.step + 2 + event.steps, lambda: self.reopen(phone))

    def at(self, step: int, then: Callable[[], None]) -> None:
        self.later.setdefault(step, []).append(then)

    def cut(self, phone: Phone, step: int, steps: int) -> None:
        phone.signal(False)
        self.say(f"{phone}: no signal")
        self.at(step + steps, lambda: self.back(phone))

    def back(self, phone: Phone) -> None:
        phone.signal(True)
        self.say(f"{phone}: signal back")

    def close_tab(self, phone: Phone) -> None:
        phone.close_tab()
        self.closed_at.setdefault(phone.name, []).append(time.time() * 1000)
        self.say(f"{phone}: tab closed")

    def reopen(self, phone: Phone) -> None:
        self.back(phone)
        phone.open()
        self.say(f"{phone}: the table opened again")

    def crash(self, seconds: float) -> None:
        self.wait_for_server()
        self.server.crash()
        self.say("the server killed")

        def again() -> None:
            time.sleep(seconds)
            self.server.start()
            self.say("the server up again")

        self.restarting = threading.Thread(target=again)
        self.restarting.start()

    def wait_for_server(self) -> None:
        if self.restarting is not None:
            self.restarting.join()
            self.restarting = None

    # --- Then calm: every phone online, the server up, what waits sent ----------------------
    def settle(self) -> None:
        self.say("faults stop")
        for phone in self.phones:
            phone.proxy.schedule.calm = True
        self.wait_for_server()
        for step in sorted(self.later):
            for then in self.later.pop(step):
                then()
        for phone in self.phones:
            if phone.offline or phone.proxy.dark:
                self.back(phone)
            if phone.page is None:
                phone.open()
        deadline = time.monotonic() + SETTLE_SECONDS
        steady_since = None  # settled, with nothing on its way, since then
        while time.monotonic() < deadline:
            if self.log.under_way() or not self.settled():
                steady_since = None
            elif steady_since is None:
                steady_since = time.monotonic()
            elif time.monotonic() - steady_since >= STEADY_SECONDS:
                break
            time.sleep(0.5)
        self.say("settled" if steady_since is not None else "not settled")

    def settled(self) -> bool:
        """Nothing waits to be sent on any phone, and each shows the server's version. A phone
        whose page shows no game is opened again (as its player would)."""
        version = self.server_version()
        done = True
        for phone in self.phones:
            phone.show_what_changed()
            waiting = [entry for entry in phone.entries() if not checks.stuck(entry)]
            if waiting:
                phone.send_waiting()
            shown = phone.shown()
            if shown is None:
                self.say(f"{phone} shows no game: opened again")
                phone.reopen()
            done = done and not waiting and shown is not None and shown["version"] == version
        return done

    def server_version(self) -> int:
        html = self.server_page()
        return checks.version_in(html)

    def server_page(self) -> str:
        address = f"http://127.0.0.1:{self.server.port}{self.game}"
        with urllib.request.urlopen(address, timeout=30) as answer:  # the loopback server
            return answer.read().decode()

    def outcome(self, url: str) -> checks.Outcome:
        page = self.server_page()
        game_id = int(self.game.rstrip("/").split("/")[-1])
        engine = create_engine(url)
        with engine.connect() as connection:
            stored = connection.execute(
                text("SELECT key, author FROM change WHERE game_id = :game"), {"game": game_id}
            ).all()
            (version,) = connection.execute(
                text("SELECT version FROM game WHERE id = :game"), {"game": game_id}
            ).one()
        engine.dispose()
        heard = [line for phone in self.phones for line in phone.heard]
        return checks.Outcome(
            log=self.log,
            heard=heard,
            stored=self.as_sent([digest for digest, _ in stored], game_id, heard),
            version=version,
            server_sheet=self.phones[0].sheet_of(page),
            phones={
                phone.name: checks.Seen(phone.shown(), phone.entries()) for phone in self.phones
            },
            closed=self.closed_at,
        )

    def as_sent(self, stored: list[str], game_id: int, heard: list[dict[str, Any]]) -> list[str]:
        """The stored changes' keys as the phones sent them: the server keeps each as its game's
        digest of it (``store/keys.py``); one no phone sent stays a digest."""
        sent = {exchange.key for exchange in self.log.changes() if exchange.key}
        sent |= {line["key"] for line in heard if line.get("key")}
        named = {keys.of_change(game_id, key): key for key in sent}
        return [named.get(digest, digest) for digest in stored]

    def put_away(self) -> None:
        self.wait_for_server()
        for phone in self.phones:
            phone.close()
            phone.proxy.close()
