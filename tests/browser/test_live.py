"""The stream on the phone (static/js/live.js): while it is held the poll's timer is quiet (the
capacity polling spent), a page in the background lets go of it and opens it again when shown."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

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


def open_game(browser: Browser, server: str) -> Page:
    page = make_phone(browser)()
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
