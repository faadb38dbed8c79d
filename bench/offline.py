"""Play without signal, on a phone (static/kept/phone.js, static/phone/worker.mjs): what
keeping a table costs over the air, how long until it is ready, and what a person waits for once
the signal is gone. Measured as the person sees it, the page's DOM on its own clock
(bench/offline_page.py), so that it stays right whatever the page does to get there.

Two profiles, each a fresh Chromium phone with its service worker: this machine as it is, and a
phone's CPU (bench/phone_cpu.py: the browser's renderers run a quarter of the time, the page's
worker included; ``calibrate`` shows what that and Chromium's own throttling do). The phone
reaches the bench server through a loopback relay (tests/relay.py): no signal is the relay cut
*and* the browser set offline, so its service worker has none either. On a game of Plump for
four, two deals in, each profile measures:

* keeping the table: from the tap on "Keep for play without signal" (or, on a page that readies
  itself, from its load) to "Ready…", every byte the server sent meanwhile (as transferred) and
  what the phone stores; then how long until it kept the compiled Python for its next start;
* a step offline (the signal cut, the app started): a deal's bids or tricks, tap on Save to the
  page saying it was saved;
* a correction on its own page offline: the tap on "Correct deal 1" to its page, a bid changed
  and "Save the correction" to the game's page;
* a cold open offline: the page closed and opened again with no signal, to the game painted as
  the phone left it (its version), and the next step tapped then, to its answer;
* a new table from Home offline: "New table" tapped to the set-up (or what the phone says
  instead), then its two steps to the new game's page;
* back online, that every step made offline reached the server once;
* each start of the app on the phone as its worker reports it (its stages, and whether it ran
  from the compiled Python it kept).

Bounded: a few steps, every wait with a time-out; a scenario that does not come to its end is
reported with what the page showed instead.
"""

from __future__ import annotations

import contextlib
import statistics
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page

from bench import phone_cpu
from bench.offline_page import (
    BYTECODE_KEPT,
    PLAYED,
    PLAYERS,
    STORED,
    WATCH,
    Steps,
    asked,
    seen,
    tap_until,
    watch,
)
from bench.records import plump, record
from bench.visits import phone, requests_since
from tests.relay import Relay  # the tests' own: one way to cut a phone's signal

WAIT_S = 600  # the longest any state is waited for (keeping a table on a slow phone)
OFFLINE_STEPS = 6
READY = r"^Ready to play without signal"


def offline_runtime(base: str, import_game: Callable[[dict], str], log: Path) -> dict[str, Any]:
    """Both profiles on the bench server at ``base``; ``log`` its access log."""
    with phone() as context:
        results: dict[str, Any] = {"calibration": phone_cpu.calibrate(context)}
    for profile in ("as it is", "phone"):
        slowed = phone_cpu.SlowCpu() if profile == "phone" else contextlib.nullcontext()
        with phone() as context, Relay(base) as relay, slowed:
            context.add_init_script(WATCH)
            url = relay.url + import_game(a_game())
            results[profile] = one_phone(context, relay, url, log)
    return results


def a_game() -> dict[str, Any]:
    game = {**record("plump", 0), "players": list(PLAYERS), "first_dealer": PLAYERS[0]}
    game["rounds"] = plump(PLAYED, PLAYERS)
    return game


def one_phone(context: BrowserContext, relay: Relay, url: str, log: Path) -> dict[str, Any]:
    found: dict[str, Any] = {}
    steps = Steps(2 * OFFLINE_STEPS + 4)
    home = context.new_page()
    home.goto(url.split("/t/")[0] + "/")  # Home, as a phone that has opened the app before
    home.close()
    page = open_game(context, url)
    found["keep"] = keep(page, log)
    found["keep"]["bytecode kept after s"] = bytecode_kept(page)
    before = server_version(url)
    with no_signal(context, relay):
        found["step offline"] = attempt(lambda: offline_steps(page, steps))
        last = int(page.get_attribute("#game", "data-version") or 0)
        found["correction offline"] = attempt(lambda: correction(page, url))
        corrected = "failed" not in found["correction offline"]
        found["starts"] = page.evaluate("window.bench.starts")
        page.close()
        found["cold open offline"] = attempt(
            lambda: cold_open(context, url, last + corrected, steps, found)
        )
        found["new table offline"] = attempt(lambda: new_table(context, url))
    found["sent back"] = sent_back(context, url, before, steps.made + corrected)
    return found


def offline_steps(page: Page, steps: Steps) -> dict[str, float]:
    return spread([steps.step(page, WAIT_S) for _ in range(OFFLINE_STEPS)])


def attempt(scenario: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """A scenario's figures, or what stopped it."""
    try:
        return scenario()
    except (TimeoutError, AssertionError) as error:
        return {"failed": str(error)}


@contextlib.contextmanager
def no_signal(context: BrowserContext, relay: Relay) -> Iterator[None]:
    relay.cut()
    context.set_offline(True)
    try:
        yield
    finally:
        context.set_offline(False)
        relay.restore()


def open_game(context: BrowserContext, url: str) -> Page:
    """The game's page in a page of its own, controlled by the service worker."""
    page = context.new_page()
    page.goto(url, wait_until="load")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload(wait_until="load")  # the first load ran before the worker took over
    return page


def keep(page: Page, log: Path) -> dict[str, Any]:
    """ "Keep for play without signal" tapped (or the page readying itself): the time to
    "Ready…", each file fetched meanwhile (transferred and stored) and the totals."""
    start = log.stat().st_size
    button = page.get_by_role("button", name="Keep for play without signal")
    if button.count() and button.is_visible():
        ready_ms, how = tap_until(page, button, "[data-phone-said]", READY, WAIT_S), "tapped"
    else:
        watch(page, "ready", "[data-phone-said]", READY)
        opened = page.evaluate("window.bench.opened")
        ready_ms, how = seen(page, "ready", WAIT_S) - opened, "unasked"
    page.wait_for_load_state("networkidle")
    sent = requests_since(log, start)
    stored = page.evaluate(STORED)
    files = [
        {"path": path, "transferred": size, "stored": stored["files"].get(path.split("?")[0])}
        for path, size in sent
    ]
    return {
        "ready_ms": ready_ms,
        "how": how,
        "files": files,
        "transferred": sum(f["transferred"] for f in files),
        "stored": sum(size for size in stored["files"].values()),
        "usage": stored["usage"],
        "said": page.locator("[data-phone-said]").text_content(),
    }


def bytecode_kept(page: Page) -> float | None:
    """Seconds from Ready until the phone kept the compiled Python (None: it does not keep it,
    or did not within the bound)."""
    began = time.monotonic()
    if not any("from" in start for start in page.evaluate("window.bench.starts")):
        return None  # a worker that keeps nothing
    with contextlib.suppress(TimeoutError):
        asked(page, BYTECODE_KEPT, None, WAIT_S)
        return time.monotonic() - began
    return None


def correction(page: Page, url: str) -> dict[str, Any]:
    """Deal 1's correction, on its own page: the first bidder's bid from 0 to 1."""
    link = page.get_by_role("link", name="Correct deal 1")
    opened = tap_until(page, link, "#correction button[type=submit]", "", WAIT_S, across=True)
    bidder = page.locator("#correction fieldset[data-field^=bids_]").first
    bidder.locator("label.key").nth(1).tap()
    button = page.get_by_role("button", name="Save the correction")
    saved = tap_until(page, button, "#game", "", WAIT_S, across=True)
    assert page.url.startswith(url), page.url
    return {"page shown ms": opened, "saved, game shown ms": saved}


def cold_open(
    context: BrowserContext, url: str, version: int, steps: Steps, found: dict[str, Any]
) -> dict[str, Any]:
    """The game opened with no signal: to the state the phone left it in (its version, or a
    later one) painted, then the next step's Save."""
    page = context.new_page()
    # The order of init scripts is not defined: this one waits for WATCH's.
    page.add_init_script(
        "(function go() { window.benchWatchGame ?"
        f" window.benchWatchGame('last state', {version}) : setTimeout(go, 0); }})();"
    )
    page.goto(url, wait_until="commit")
    painted = seen(page, "last state", WAIT_S) - page.evaluate("window.bench.opened")
    answered = steps.step(page, WAIT_S)
    total = float(page.evaluate("Date.now() - window.bench.opened"))
    found["starts"] = found.get("starts", []) + page.evaluate("window.bench.starts")
    page.close()
    return {"last state painted ms": painted, "first step answered ms": answered,
            "open to answered ms": total}  # fmt: skip


def new_table(context: BrowserContext, url: str) -> dict[str, Any]:
    """Home opened with no signal, "New table" tapped, four players, the game started."""
    page = context.new_page()
    page.goto(url.split("/t/")[0] + "/", wait_until="load")
    try:
        link = page.get_by_role("link", name="New table")
        setup = "form.setup input[name=players-0]"
        shown = tap_until(page, link, f"{setup}, main", "", WAIT_S, across=True)
        if not page.locator(setup).count():
            raise AssertionError(f"the phone answered: {page.locator('main').inner_text()[:120]}")
        for n, name in enumerate(PLAYERS):
            page.fill(f"input[name=players-{n}]", name)
        page.locator("label.game-card", has_text="Plump").tap()
        step = "form.setup button", "^Start the game$"
        options = tap_until(page, page.get_by_role("button", name="Next"), *step, WAIT_S,
                            across=True)  # fmt: skip
        page.locator("label.key", has_text=PLAYERS[0]).tap()  # the first dealer
        start = page.get_by_role("button", name="Start the game")
        started = tap_until(page, start, "#game", "", WAIT_S, across=True)
        return {"set-up shown ms": shown, "options shown ms": options, "game shown ms": started}
    finally:
        page.close()


def sent_back(context: BrowserContext, url: str, before: int, made: int) -> dict[str, Any]:
    """Back online, the game opened again: every change made offline stored once (within a
    bound)."""
    page = context.new_page()
    page.goto(url, wait_until="load")
    until = time.monotonic() + WAIT_S
    saved = server_version(url) - before
    while saved < made and time.monotonic() < until:
        time.sleep(1)
        saved = server_version(url) - before
    page.close()
    return {"saved": saved, "made": made}


def spread(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median_ms": statistics.median(ordered), "p95_ms": p95, "steps": len(ordered)}


def server_version(url: str) -> int:
    with urllib.request.urlopen(url) as response:  # the bench server, on loopback
        page = response.read().decode()
    return int(page.split('data-version="', 1)[1].split('"', 1)[0])
