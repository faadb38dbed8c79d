"""No connection at the table (cut for real: tests/relay.py): bids are kept on the phone and sent
when the connection returns; a request lost on a network that says it is up, kept too."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from tests.browser.conftest import PHONE
from tests.browser.on_the_phone import CONTROLLED, KEPT, Signal, on_server
from tests.browser.table import import_example
from tests.examples import example_records

pytestmark = pytest.mark.browser

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
BIDS = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}  # deal 1: 10 cards, Anna deals
# Every cache of the site: name -> the URLs it holds.
CACHED = """caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name)
  .then((cache) => cache.keys()).then((keys) => [name, keys.map((k) => k.url)]))))
  .then(Object.fromEntries)"""
# What the live line under the score says while one change waits (the time is the phone's).
WAITS_ONE = re.compile(r"^Offline since .+ · 1 change waits$")


def start_plump(page: Page, live_server: str, *, controlled: bool = True) -> str:
    """From the home page (where the service worker starts) to a new 4-player Plump game."""
    page.goto(live_server + "/")
    if controlled:
        # A page that loaded while the worker was still activating stays uncontrolled (claim()
        # misses it); once the worker is active, the next load is controlled.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        if not page.evaluate("navigator.serviceWorker.controller !== null"):
            page.reload()
        assert page.evaluate(CONTROLLED)
    page.goto(live_server + "/new")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#players-{i}", name)
    page.locator("label.game-card", has_text="Plump").tap()
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.get_by_role("heading", name=re.compile("Bids"))).to_be_visible()
    return page.url


@pytest.fixture
def routed(browser: Browser) -> Iterator[Page]:
    """A phone whose requests a test cuts off (page.route): without a service worker, because
    Playwright's routes now and then miss a request made under one. The outbox is the page's
    own (IndexedDB), so what these tests check holds the same."""
    context = browser.new_context(**PHONE, service_workers="block")
    yield context.new_page()
    context.close()


def pad(page: Page, name: str) -> Locator:
    legend = page.locator("legend", has_text=re.compile(rf"^\s*{name}\b"))
    return page.locator("fieldset.pad", has=legend)


def tap_pads(page: Page, numbers: dict[str, int]) -> None:
    for name, number in numbers.items():
        pad(page, name).locator("label.key", has_text=re.compile(rf"^\s*{number}\s*$")).tap()


def page_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def server_version(url: str) -> int:
    """What the server has, asked past the browser."""
    with urllib.request.urlopen(url) as response:  # a local test server
        page = response.read().decode()
    return int(re.search(r'data-version="(\d+)"', page).group(1))


def test_bids_saved_offline_wait_on_the_phone_and_arrive_later(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    url = start_plump(page, signal.url)
    server = on_server(url, signal)
    version = server_version(server)
    signal.cut(page)
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Save bids").tap()

    # The live line under the score says it (no box pushing the entry down).
    live = page.locator("[data-live]")
    expect(live).to_have_text(WAITS_ONE)
    expect(page.locator("#game [data-outbox]")).to_be_hidden()
    assert page.evaluate(KEPT) == 1
    expect(page.get_by_role("button", name="Save bids")).to_be_enabled()
    shot(page, "offline-bids-pending")
    assert server_version(server) == version  # nothing reached the server

    # Reloading without a connection: the service worker has the page, the entry still waits.
    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(live).to_have_text(WAITS_ONE)
    assert server_version(server) == version

    signal.restore(page)
    expect(page.get_by_role("heading", name="Tricks taken")).to_be_visible()
    expect(page.locator("[data-outbox-menu]")).to_be_hidden()
    assert server_version(server) == version + 1
    open_bids = page.locator(".protocol tr.current .bid.open")
    expect(open_bids).to_have_text([str(BIDS[name]) for name in PLAYERS])
    shot(page, "offline-bids-arrived")

    # The fragment put in place is live: the last player's tricks fill in, htmx saves them.
    tap_pads(page, {"Bo": 3, "Cia": 3, "Dan": 1})
    expect(pad(page, "Anna").locator("input:checked")).to_have_value("3")
    page.get_by_role("button", name="Save tricks").tap()
    expect(page.locator("#game .banner")).to_contain_text("Deal 2 of 19")
    assert server_version(server) == version + 2
    assert errors == []

    # What the service worker keeps: the precached files and whole pages, no fragments or posts.
    cached = page.evaluate(CACHED)
    pages = next(urls for name, urls in cached.items() if name.endswith("-pages"))
    statics = next(urls for name, urls in cached.items() if "-static-" in name)
    assert url in pages  # the game page, stored on its way in
    assert not [u for u in pages if u.endswith(("/poll", "/enter", "/undo")) or "version=" in u]
    assert signal.url + "/offline" in statics
    # Static files are kept under their fingerprinted URLs, as the pages ask for them.
    assert [u for u in statics if u.startswith(signal.url + "/static/js/pwa.js?v=")]


def test_a_lost_request_is_kept_and_sent_with_the_next_page_load(
    routed: Page, live_server: str, shot
) -> None:
    page = routed
    errors = page_errors(page)
    url = start_plump(page, live_server, controlled=False)
    version = server_version(url)
    # The phone thinks it is online but the request never arrives (a dead Wi-Fi).
    page.route("**/enter", lambda route: route.abort("internetdisconnected"))
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Save bids").tap()
    live = page.locator("[data-live]")
    expect(live).to_contain_text(" · 1 change waits to be sent")
    assert server_version(url) == version

    assert page.evaluate(KEPT) == 1

    # Saving the same form again replaces the kept entry instead of queueing a second one.
    pad(page, "Dan").locator("label.key", has_text=re.compile(r"^\s*0\s*$")).tap()
    with page.expect_event("requestfailed"):
        page.get_by_role("button", name="Save bids").tap()
    assert page.evaluate(KEPT) == 1
    expect(live).to_contain_text(" · 1 change waits to be sent")
    shot(page, "offline-request-lost")

    page.unroute("**/enter")
    page.reload()
    expect(page.get_by_role("heading", name="Tricks taken")).to_be_visible()
    expect(live).to_contain_text(" · 1 waiting change sent at ")  # said once the server has it
    expect(live).not_to_contain_text("waits to be sent")
    assert server_version(url) == version + 1
    expect(pad(page, "Dan")).to_contain_text("bid 0")  # the corrected bid, not the first one
    assert page.evaluate(KEPT) == 0
    assert errors == []


def test_an_entry_whose_answer_was_lost_is_not_entered_twice(
    routed: Page, live_server: str
) -> None:
    page = routed
    errors = page_errors(page)
    url = start_plump(page, live_server, controlled=False)
    version = server_version(url)
    # A Swedish phone: the words come from the page (translated).
    page.goto(url + "?lang=sv")

    def arrives_but_the_answer_is_lost(route: Route) -> None:
        route.fetch()
        route.abort("internetdisconnected")

    page.route("**/enter", arrives_but_the_answer_is_lost)
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Spara bud").tap()
    expect(page.locator("[data-live]")).to_contain_text(" · 1 ändring väntar på att skickas")
    assert server_version(url) == version + 1  # it did arrive

    page.unroute("**/enter")
    page.reload()  # the kept copy is sent again with the same key: answered, not applied
    expect(page.locator("#game .said")).to_have_text("✓ Redan sparat.")
    expect(page.locator("[data-live]")).not_to_contain_text("väntar")
    expect(page.get_by_role("heading", name="Tagna stick")).to_be_visible()
    assert server_version(url) == version + 1
    assert page.evaluate(KEPT) == 0
    assert errors == []


# A stand-in for the Screen Wake Lock API that records what the page asks for.
FAKE_WAKE_LOCK = """
window.wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", { value: { request(type) {
  const lock = { type, released: false };
  lock.release = () => { lock.released = true; return Promise.resolve(); };
  window.wakeLocks.push(lock);
  return Promise.resolve(lock);
} } });
"""


def wake_locks(page: Page) -> list[str]:
    """The lock requests so far, after the page's pending work has run."""
    return page.evaluate(
        "new Promise((done) => setTimeout(() => done(window.wakeLocks.map((l) => l.type)), 100))"
    )


def test_the_screen_stays_on_during_a_game(page: Page, live_server: str) -> None:
    page.add_init_script(FAKE_WAKE_LOCK)
    page.goto(live_server + "/")
    assert wake_locks(page) == []  # no game on the home page
    start_plump(page, live_server)
    assert wake_locks(page) == ["screen"]
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert wake_locks(page) == ["screen"]  # still held: not asked twice
    # The browser drops the lock when the phone is put away; coming back takes it again.
    page.evaluate(
        "window.wakeLocks[0].released = true; document.dispatchEvent(new Event('visibilitychange'))"
    )
    assert wake_locks(page) == ["screen", "screen"]


def test_an_entry_the_server_refuses_stays_named_with_its_reason_until_let_go(
    routed: Page, live_server: str
) -> None:
    page = routed
    url = start_plump(page, live_server, controlled=False)
    version = server_version(url)
    page.route("**/enter", lambda route: route.abort("internetdisconnected"))
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("[data-live]")).to_contain_text(" · 1 change waits to be sent")

    # Say the session was lost meanwhile: the CSRF check answers 400 with an error page.
    page.unroute("**/enter")
    page.route("**/enter", lambda route: route.fulfill(status=400, body="<h1>Bad request</h1>"))
    page.reload()
    note = page.locator("#game [data-outbox]")
    expect(note).to_contain_text("The server refused a change kept on this phone: Bad request")
    page.locator("header.top [data-outbox-menu] summary").tap()
    expect(page.locator("header.top [data-outbox-items] li")).to_have_text(
        ["Plump: Save bids · refused by the server: Bad request Let it go"]
    )
    assert page.evaluate(KEPT) == 1  # kept, named, until the table decides
    note.get_by_role("button", name="Let it go").tap()
    expect(note).to_be_hidden()
    expect(page.locator("[data-outbox-menu]")).to_be_hidden()
    assert page.evaluate(KEPT) == 0
    assert server_version(url) == version


# Resolves once a cache holds a file whose address contains ``part`` (the worker keeps a
# page's own files when told: there is no event to wait for from the page).
HOLDS = """(part) => new Promise((resolve, fail) => {
  const given = Date.now();
  const look = () => caches.keys()
    .then((names) => Promise.all(names.map((name) => caches.open(name).then((c) => c.keys()))))
    .then((lists) => lists.flat().some((request) => request.url.includes(part)))
    .then((found) => {
      if (found) resolve(true);
      else if (Date.now() - given > 15000) fail(new Error(`no cache holds ${part}`));
      else setTimeout(look, 50);
    });
  look();
})"""
# Whether every stylesheet of a game's own folder loaded (and has rules).
OWN_STYLES = """(kind) => [...document.styleSheets]
  .filter((sheet) => sheet.href && sheet.href.includes(`/static/${kind}/`))
  .map((sheet) => sheet.cssRules.length > 0)"""


def test_a_game_opened_first_by_its_link_keeps_its_own_files(
    browser: Browser, page: Page, signal: Signal, shot
) -> None:
    """The worker precaches only the shared files (a first visit stays light); a game's own
    files are kept from the first page of that game on, so it opens again without signal."""
    maker = browser.new_context(**PHONE)
    url = import_example(maker.new_page(), signal.url, example_records("mulle")[0])
    maker.close()
    page.goto(url)  # a phone that never saw the site opens the link it was sent
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    assert page.evaluate(HOLDS, "/static/mulle/mulle.css?v=")
    cached = page.evaluate(CACHED)
    statics = next(urls for name, urls in cached.items() if "-static-" in name)
    assert not [u for u in statics if "/static/boodle/" in u or "/static/plump/" in u]
    page.reload()  # the worker now controls the page, and keeps it on its way in
    page.evaluate(CONTROLLED)
    signal.cut(page)
    page.reload()
    expect(page.locator("#game")).to_be_visible()
    assert page.evaluate(OWN_STYLES, "mulle") == [True]
    shot(page, "offline-mulle-own-files")
    signal.restore(page)
