"""The server behind a reverse proxy gone for a moment (restarting): the proxy answers every
request ``502 Bad Gateway`` (tests/relay.py's ``bad_gateway``). An entry answered so did not reach
the server: the phone keeps it to send later, as it keeps one that got no answer at all, and
never lets it go; and no such answer, to an entry or to the page's poll, takes the game's place
on the page or is offered as another phone's news."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import KEPT, Signal, history, on_server, outbox_holds
from tests.browser.test_offline import BIDS, page_errors, start_plump, tap_pads

pytestmark = pytest.mark.browser

# Asks the server for news at once, as the live stream's word does (the poll's "live" trigger),
# and resolves once htmx is done with its answer (swapped, or not).
POLL_NOW = """new Promise((done, fail) => {
  setTimeout(() => fail(new Error("the poll never ended")), 20000);
  document.addEventListener("htmx:finally:request", () => done(true), { once: true });
  document.querySelector("#game [data-poll]").dispatchEvent(new Event("live"));
})"""


def bad_answer(page: Page, path: str):  # type: ignore[no-untyped-def]
    """Waits for the proxy's 502 to a request of ``path``."""
    return page.expect_response(lambda answer: path in answer.url and answer.status == 502)


def test_an_entry_answered_502_is_kept_and_sent_once_when_the_server_is_back(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    url = on_server(start_plump(page, signal.url), signal)
    signal.relay.bad_gateway()
    tap_pads(page, BIDS)
    with bad_answer(page, url.removeprefix(signal.server)):
        page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("[data-live]")).to_have_text(re.compile(r" · 1 change waits to be sent$"))
    expect(page.locator("#game")).to_have_attribute("data-version", "0")
    expect(page.get_by_text("Bad Gateway")).to_have_count(0)
    assert page.evaluate(KEPT) == 1
    assert history(url) == []
    shot(page, "bad-gateway-entry-kept", full_page=False)

    signal.relay.restore()
    page.evaluate("window.outbox.flush()")  # what its retry does, a moment sooner
    expect(page.locator("#game")).to_have_attribute("data-version", "1")
    outbox_holds(page, 0)
    assert history(url) == ["Bids of deal 1 saved. Bo leads."]
    assert errors == []


def test_a_poll_answered_502_leaves_the_game_and_the_taps_made_on_it(
    page: Page, signal: Signal
) -> None:
    errors = page_errors(page)
    start_plump(page, signal.url)
    signal.relay.bad_gateway()
    with bad_answer(page, "/poll"):
        page.evaluate(POLL_NOW)
    expect(page.locator("#game")).to_have_attribute("data-version", "0")
    expect(page.get_by_text("Bad Gateway")).to_have_count(0)

    tap_pads(page, {"Bo": 3, "Cia": 2})  # half filled: a newer page would be offered, not drawn
    with bad_answer(page, "/poll"):
        page.evaluate(POLL_NOW)
    expect(page.locator("#game")).to_have_attribute("data-version", "0")
    expect(page.locator("#game [data-changed]")).to_be_hidden()
    expect(page.locator("fieldset.pad input:checked")).to_have_count(2)
    expect(page.get_by_text("Bad Gateway")).to_have_count(0)
    assert errors == []
