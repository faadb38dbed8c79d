"""A club night's pages answered in one document (base.html: htmx's boost): the organiser goes
from the night's page to a table's game and back, and home; each page holds the stream of what
it shows (static/js/hall.js for the night, static/js/live.js for a game), once, and none is left
open for a page that is gone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import make_phone
from tests.browser.test_night_evening import make_night

pytestmark = pytest.mark.browser

# Every EventSource the document opens, to count the ones still open (readyState 2: closed).
STREAMS = """(() => {
  const Real = window.EventSource;
  window.streams = [];
  window.EventSource = class extends Real {
    constructor(...args) {
      super(...args);
      window.streams.push(this);
    }
  };
})()"""
HELD = """() => window.streams.filter((source) => source.readyState !== 2)
  .map((source) => new URL(source.url).pathname)"""
NIGHT_STREAM = re.compile(r"^/n/[\w-]+/stream$")
GAME_STREAM = re.compile(r"^/t/[\w-]+/g/\d+/stream$")


def held(page: Page) -> list[str]:
    return list(page.evaluate(HELD))


ONE_HELD = """(pattern) => {
  const open = window.streams.filter((source) => source.readyState !== 2);
  return open.length === 1 && new RegExp(pattern).test(new URL(open[0].url).pathname);
}"""


def holds(page: Page, pattern: re.Pattern[str]) -> None:
    """Waits until the page holds one stream, and it is ``pattern``'s."""
    page.wait_for_function(ONE_HELD, arg=pattern.pattern, timeout=20_000)


def test_the_night_s_stream_follows_the_organiser_from_page_to_page(
    browser: Browser, stream_server: str
) -> None:
    organiser = make_phone(browser)()
    organiser.add_init_script(STREAMS)
    players = [f"Player {n}" for n in range(1, 9)]
    night = make_night(organiser, stream_server, {"Game": "plump"}, players)
    organiser.get_by_role("button", name="Draw round 1").click()
    expect(organiser.locator("#t1-2")).to_be_visible()
    holds(organiser, NIGHT_STREAM)

    # A table's game, answered in this document: its stream, and the night's let go.
    organiser.locator("#t1-1").get_by_role("link", name="Open the table").click()
    expect(organiser.locator("#game")).to_be_visible()
    holds(organiser, GAME_STREAM)

    # Back to the night: its stream once more, once; the game's let go.
    organiser.go_back()
    expect(organiser).to_have_url(night)
    expect(organiser.locator("#t1-2")).to_be_visible()
    holds(organiser, NIGHT_STREAM)

    # Home, which follows nothing: no stream left open.
    organiser.get_by_role("link", name="Table assistant").click()
    expect(organiser.get_by_role("link", name="New table")).to_be_visible()
    organiser.wait_for_function("() => window.streams.every((s) => s.readyState === 2)")
    assert held(organiser) == []
    # The night's stream opened for round 1's games (and before, for none), the game's, the
    # night's again: one for each page shown, none twice.
    opened = organiser.evaluate("window.streams.map((s) => new URL(s.url).pathname)")
    assert [bool(GAME_STREAM.match(path)) for path in opened[-3:]] == [False, True, False], opened
