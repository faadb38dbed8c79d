"""The stream on the phone (static/js/live.js): while it is held the poll's timer is quiet (the
capacity polling spent), a page in the background lets go of it and opens it again when shown,
and a version told while the page's own request runs is fetched once that request is done."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from bench import load
from tests.browser.conftest import make_phone, serve
from tests.browser.table import choose_players

HEARD = """(times) => new Promise((done) => {
  let heard = 0;
  document.addEventListener("table:heard", () => { heard += 1; if (heard === times) done(); });
})"""
SHOWN = """(state) => {
  Object.defineProperty(document, "visibilityState", {value: state, configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A poll every second and a heartbeat every second: a few heartbeats span a few polls."""
    yield from serve(
        Path(tmp_path_factory.mktemp("quick")), POLL_SECONDS=1, LIVE_HEARTBEAT_SECONDS=1.0
    )


@pytest.fixture(scope="module")
def told_only_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """No poll's timer and no heartbeat within a test's wait: only the stream's versions."""
    yield from serve(
        Path(tmp_path_factory.mktemp("told")),
        POLL_SECONDS=60,
        LIVE_HEARTBEAT_SECONDS=60.0,
        LIVE_CHECK_SECONDS=0.05,
    )


def open_game(browser: Browser, server: str) -> Page:
    # No service worker: the test's own hand on the page's requests (page.route) sees them all.
    page = make_phone(browser)(service_workers="block")
    choose_players(page, server, "Plump", ["Anna", "Bo", "Cia", "Dan"])
    page.locator("label.key", has_text="Anna").first.tap()  # who deals first
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    return page


def test_a_held_stream_quiets_the_poll(browser: Browser, quick_server: str) -> None:
    page = open_game(browser, quick_server)
    page.evaluate(HEARD, 1)  # held
    polls: list[str] = []
    page.on("request", lambda request: polls.append(request.url) if "/poll" in request.url else 0)
    page.evaluate(HEARD, 4)  # four heartbeats: three seconds and more of a one-second poll
    assert polls == []
    expect(page.locator(".live-line")).to_have_text("Live: heard from the table just now")


def test_a_page_in_the_background_lets_go_of_its_stream(
    browser: Browser, quick_server: str
) -> None:
    page = open_game(browser, quick_server)
    page.evaluate(HEARD, 1)
    with page.expect_request(lambda request: "/poll" in request.url):  # the poll speaks again
        page.evaluate(SHOWN, "hidden")
    with page.expect_request(lambda request: "/stream" in request.url):
        page.evaluate(SHOWN, "visible")
    page.evaluate(HEARD, 1)  # held again


NEXT_HEARD = """() => { window.nextHeard = new Promise((done) =>
  document.addEventListener("table:heard", done, {once: true})); }"""


def test_a_version_told_while_the_poll_runs_is_fetched_after_it(
    browser: Browser, told_only_server: str
) -> None:
    """Another phone saves twice in a row; the second save is told while this page's poll for
    the first is still on its way. That poll's answer is one version behind, and the page asks
    again by itself (htmx drops a request asked while another of the page runs)."""
    page = open_game(browser, told_only_server)
    expect(page.locator(".live-line")).to_have_text("Live: heard from the table just now")
    path = page.url.removeprefix(told_only_server)
    other = load.Phone(told_only_server)
    entries = load.PlumpPlayer(other, [path])
    held: list[Route] = []
    page.route("**/poll?*", lambda route: route.continue_() if held else held.append(route))

    assert entries.enter(other) == 200  # the bids: version 1, told, and its poll held
    for _ in range(10_000):  # each call to the page lets Playwright run the route's handler
        if held:
            break
        page.evaluate("0")
    first_answer = page.request.get(held[0].request.url)  # the page of version 1
    page.evaluate(NEXT_HEARD)
    assert entries.enter(other) == 200  # the tricks: version 2, told while the poll is held
    page.evaluate("() => window.nextHeard")
    held[0].fulfill(response=first_answer)

    expect(page.locator("#game")).to_have_attribute("data-version", str(entries.version))
    expect(page.locator("#entry h2")).to_have_text("Bids, in order")  # of the next deal
    other.conn.close()
