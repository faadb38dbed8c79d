"""Two app processes on two ports sharing one PostgreSQL (as on two machines): a save on one
reaches a phone on the other over its stream, by LISTEN/NOTIFY. Run by ``.ci/run``, which
starts PostgreSQL and gives TEST_DATABASE_URL; skipped elsewhere.

The phones' polls are slowed to a minute and the servers' own read of the versions too, so
that what reaches the phone within seconds came by the NOTIFY of the save's transaction. The
time from each save's answer to the phone showing it is printed (bench/README.md's figure), not
asserted: timings belong to the benchmarks."""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from assistant import create_app
from assistant.extensions import db
from bench import load
from tests.browser.conftest import make_phone
from tests.browser.test_two_phones import BIDS, HEARD_WITHIN_MS, PLAYERS, tap_bids, two_phones
from tests.databases import server_database

pytestmark = pytest.mark.skipif(
    not os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"),
    reason="PostgreSQL only (.ci/run starts one)",
)
ROOT = Path(__file__).resolve().parents[2]
SAVES = 20
APP = "assistant:create_app()"

# The version each time the page shows a new one, with the phone's clock (the same machine's).
RECORD_VERSIONS = """() => {
  window.shownAt = {};
  const note = () => {
    const version = document.getElementById("game")?.dataset.version;
    if (version && !(version in window.shownAt)) window.shownAt[version] = Date.now();
  };
  new MutationObserver(note).observe(document.body, {subtree: true, childList: true,
    attributes: true, attributeFilter: ["data-version"]});
  note();
}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def two_servers() -> Iterator[tuple[str, str]]:
    database = server_database()  # a parallel worker's own
    app = create_app({"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": "two-servers"})
    with app.app_context():
        db.drop_all()
        db.create_all()
        db.engine.dispose()
    env = {
        **os.environ,
        "DATABASE_URL": database,
        "SECRET_KEY": "two-servers",  # one key for both, as on two machines
        "FLASK_RATELIMIT_ENABLED": "false",
        "FLASK_POLL_SECONDS": "60",
        "FLASK_WATCH_POLL_SECONDS": "60",
        "FLASK_LIVE_SAFETY_SECONDS": "60",
    }
    ports = [free_port(), free_port()]
    gunicorn = [str(ROOT / ".venv/bin/gunicorn"), "-w", "1", "--no-control-socket"]
    servers = [
        subprocess.Popen(
            [*gunicorn, "-b", f"127.0.0.1:{port}", "--log-level", "warning", APP], env=env, cwd=ROOT
        )
        for port in ports
    ]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for base in bases:
            wait_until_up(base)
        yield bases[0], bases[1]
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait(timeout=60)


def wait_until_up(base: str) -> None:
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/manifest.webmanifest", timeout=1)
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"{base} did not start")


def test_a_save_on_one_server_reaches_a_phone_on_the_other(
    browser: Browser, two_servers: tuple[str, str]
) -> None:
    one, other = two_servers
    first, second = two_phones(make_phone(browser), one, "Plump", PLAYERS)
    path = first.url.removeprefix(one)
    second.goto(other + path)
    second.evaluate(RECORD_VERSIONS)
    tap_bids(first, BIDS)
    first.get_by_role("button", name="Save bids").tap()
    expect(second.locator("#entry h2")).to_have_text("Tricks taken", timeout=HEARD_WITHIN_MS)

    player = load.Phone(one)  # then saves one after another from a client of the first server
    plump = load.PlumpPlayer(player, [path])
    answered = {}
    for _ in range(SAVES):
        assert plump.enter(player) == 200
        answered[str(plump.version)] = time.time() * 1000
        expect(second.locator("#game")).to_have_attribute(
            "data-version", str(plump.version), timeout=HEARD_WITHIN_MS
        )
    player.conn.close()
    shown = second.evaluate("window.shownAt")
    waits = sorted(shown[version] - at for version, at in answered.items())
    p95 = waits[int(len(waits) * 0.95) - 1]
    print(f"\nsave on one server -> phone on the other: median {statistics.median(waits):.0f} ms,"
          f" p95 {p95:.0f} ms, most {waits[-1]:.0f} ms ({len(waits)} saves)")  # fmt: skip
