"""The bar at thumb height on a 320 px phone with the browser's text at 200 %: what it says
while taps wait for their turn ("1 tap waits to be saved") never lies over Undo."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.conftest import PHONE
from tests.browser.table import choose_players
from tests.browser.test_offline import tap_pads

pytestmark = pytest.mark.browser

BIDS = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}
TRICKS = {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}

# The boxes of the line and of Undo, and whether they overlap (by more than a rounding pixel).
BOXES = """() => {
  const box = (selector) => {
    const b = document.querySelector(selector).getBoundingClientRect();
    return {left: b.left, top: b.top, right: b.right, bottom: b.bottom};
  };
  const line = box(".thumb-bar [data-taps-waiting]"), undo = box(".thumb-bar .undo");
  const apart = line.right <= undo.left + 1 || undo.right <= line.left + 1
    || line.bottom <= undo.top + 1 || undo.bottom <= line.top + 1;
  return {line, undo, apart, width: document.documentElement.scrollWidth};
}"""


def bids_saved(page: Page, live_server: str) -> None:
    """A new Plump game for four, Anna dealing, with the bids of deal 1 saved."""
    choose_players(page, live_server, "Plump", ["Anna", "Bo", "Cia", "Dan"])
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Save bids").tap()


@pytest.fixture
def narrow_large_text(browser: Browser) -> Iterator[Page]:
    """A 320 px phone with its text at 200 % (Chromium's own font size at 32 px), whose
    requests a test holds (page.route): without a service worker, which routes now and then
    miss a request under."""
    viewport = {"width": 320, "height": 640}
    context = browser.new_context(**{**PHONE, "viewport": viewport}, service_workers="block")
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    yield page
    context.close()


def test_the_waiting_taps_line_lies_above_undo_at_320_px_and_200_percent_text(
    narrow_large_text: Page, live_server: str, shot
) -> None:
    page = narrow_large_text
    bids_saved(page, live_server)
    undo = page.locator(".thumb-bar .undo")
    expect(undo).to_have_text(re.compile("Undo: the bids of deal 1"))

    held: list[Route] = []
    page.route(re.compile(r"/enter$"), lambda route: held.append(route))  # answer on its way
    tap_pads(page, TRICKS)
    save = page.get_by_role("button", name="Save tricks")
    with page.expect_request(re.compile(r"/enter$")):
        save.tap()
    save.tap()  # did it take? tapped again: it waits its turn
    line = page.locator(".thumb-bar [data-taps-waiting]")
    expect(line).to_have_text("1 tap waits to be saved")
    expect(undo).to_be_disabled()
    boxes = page.evaluate(BOXES)
    shot(page, "thumb-bar-waiting-320-large-text", full_page=False)
    assert boxes["apart"], boxes
    assert boxes["line"]["bottom"] <= boxes["undo"]["top"] + 1, boxes  # the line above Undo
    assert boxes["width"] <= 320, boxes

    held[0].abort()  # the answer never comes: the phone keeps the tricks for later


# The page's last line (the language links at its foot) and the bar, after scrolling to the end.
FOOT = """() => {
  window.scrollTo(0, document.documentElement.scrollHeight);
  const foot = [...document.querySelectorAll("footer a")].pop().getBoundingClientRect();
  const bar = document.querySelector("[data-thumb-bar]").getBoundingClientRect();
  return {foot: foot.bottom, bar: bar.top, height: bar.height};
}"""


def test_the_page_makes_room_for_the_bar_when_the_bar_grows(page: Page, live_server: str) -> None:
    """The bar is measured whenever its size changes: here the page's text grows to 200 %
    after the bar was measured, and the foot of the page still scrolls clear of it."""
    bids_saved(page, live_server)
    bar = page.locator("[data-thumb-bar]")
    expect(bar.locator(".undo")).to_have_text(re.compile("Undo: the bids of deal 1"))
    small = bar.bounding_box()
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    grown = bar.bounding_box()
    assert grown["height"] > small["height"] * 1.5
    # the bar's height in whole pixels (offsetHeight), and 8 px more
    expect(page.locator("body")).to_have_css(
        "padding-bottom", f"{int(grown['height'] + 0.5) + 8}px"
    )
    seen = page.evaluate(FOOT)
    assert seen["foot"] <= seen["bar"] + 1, seen
