"""Play on without signal: a table kept on the phone (js/phone.js) is answered there, by the
server's own Python in Pyodide, step after step; back online every change reaches the server
once, in order, and the server shows what the phone showed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import make_phone
from tests.browser.on_the_phone import keep_for_play_without_signal
from tests.browser.test_offline import BIDS, CONTROLLED, KEPT, page_errors, start_plump, tap_pads
from tests.browser.test_offline_forms import EXAMPLES, play_deal_one, set_tricks
from tests.browser.test_offline_outbox import history, server_page
from tests.browser.test_plump_game import (
    PLAN,
    PLAYERS,
    Table,
    deal_entries,
    order,
    play_deal,
    points,
    totals_on_sheet,
)

pytestmark = pytest.mark.browser


def server_totals(url: str) -> list[int]:
    foot = re.search(r"<tfoot>(.*?)</tfoot>", server_page(url), re.S)
    assert foot
    return [int(cell) for cell in re.findall(r"<td[^>]*>\s*(-?\d+)\s*</td>", foot.group(1))]


# The history of the first three deals of the game both tests play, saved once each.
THREE_DEALS = [
    "Bids of deal 1 saved. Bo leads.",
    "Tricks of deal 1 saved.",
    "Bids of deal 2 saved. Cia leads.",
    "Tricks of deal 2 saved.",
    "Bids of deal 3 saved. Dan leads.",
    "Tricks of deal 3 saved.",
]


def test_plump_deals_bids_tricks_and_an_undo_offline_reach_the_server_once(
    page: Page, live_server: str, shot
) -> None:
    errors = page_errors(page)
    page.goto(live_server + "/new")
    page.evaluate(CONTROLLED)
    for i, name in enumerate(PLAYERS):
        page.locator(f"#players-{i}").fill(name)
    page.locator("label.game-card", has_text="Plump").tap()
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 19")
    url = page.url
    table = Table(page)
    expected = dict.fromkeys(PLAYERS, 0)

    def deal(number: int) -> None:
        bids, tricks = deal_entries(number, PLAN[number - 1])
        play_deal(table, number, bids, tricks, trump="HDCS"[number % 4])
        for player, score in points(bids, tricks).items():
            expected[player] += score

    deal(1)
    after_one = [expected[player] for player in PLAYERS]
    keep_for_play_without_signal(page)
    # Not installed: the browser may clear what the site keeps, so the phone suggests installing.
    expect(page.locator("[data-phone-install]")).to_contain_text("Add the app to the home screen")
    expect(page.get_by_role("button", name="Keep for play without signal")).to_be_hidden()
    shot(page, "play-without-signal-ready", full_page=False)

    page.context.set_offline(True)
    deal(2)
    expect(page.locator(".banner")).to_contain_text("Deal 3 of 19")
    deal(3)
    # Undo offline takes back what the phone shows last: the tricks of deal 3.
    page.get_by_role("button", name="Undo").tap()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    _, tricks = deal_entries(3, PLAN[2])
    for player in order(3)[:-1]:
        table.number(player, tricks[player])
    table.button("Save tricks")
    expect(page.locator(".banner")).to_contain_text("Deal 4 of 19")
    totals = [expected[player] for player in PLAYERS]
    expect(page.locator("tfoot td")).to_have_text([str(total) for total in totals])
    assert page.evaluate(KEPT) == 6  # bids and tricks twice, the undo, the tricks again
    pending = page.locator("#game .pending[role=status]")
    expect(pending).to_have_text("Saved on this phone: 6 entries wait for the connection.")
    expect(page.locator("[data-outbox-next]")).to_be_hidden()
    shot(page, "play-without-signal-offline", full_page=False)
    assert server_totals(url) == after_one  # the server has heard nothing yet

    page.context.set_offline(False)
    expect(pending).to_be_hidden(timeout=30_000)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden()
    assert page.evaluate(KEPT) == 0
    expect(page.locator("#game")).to_have_attribute("data-version", "8")
    assert server_totals(url) == totals == totals_on_sheet(page)
    assert history(url) == [
        *THREE_DEALS,
        "Undone: the tricks of deal 3.",
        "Tricks of deal 3 saved.",
    ]  # each change once, in the order it was made
    assert errors == []


# A network that says it is up and reaches nothing: the browser keeps saying it is online.
SAYS_ONLINE = """Object.defineProperty(Navigator.prototype, "onLine", {
  get: () => true, configurable: true,
})"""


# Resolves once the outbox holds nothing (polled: a predicate of wait_for_function that returns
# a promise is truthy at once, and waited for nothing).
OUTBOX_EMPTIED = """(seconds) => new Promise((done, fail) => {
  const limit = setTimeout(() => fail(new Error("the outbox never emptied")), seconds * 1000);
  const look = () => {
    const db = indexedDB.open("table-assistant");
    db.onerror = () => fail(db.error);
    db.onsuccess = () => {
      const count = db.result.transaction("outbox").objectStore("outbox").count();
      count.onsuccess = () => {
        db.result.close();
        if (count.result !== 0) return setTimeout(look, 100);
        clearTimeout(limit);
        done(true);
      };
    };
  };
  look();
})"""


def test_a_network_that_says_it_is_up_and_reaches_nothing_is_played_on_the_phone(
    page: Page, live_server: str
) -> None:
    """Online by the browser's word, the server out of reach: the kept table's phone answers
    each step itself, as without a connection, and the server gets each change once later."""
    errors = page_errors(page)
    url = start_plump(page, live_server)
    table = Table(page)
    expected = dict.fromkeys(PLAYERS, 0)
    for number in (1, 2, 3):
        if number == 2:  # deal 1 reached the server; now the network reaches nothing
            after_one = [expected[player] for player in PLAYERS]
            keep_for_play_without_signal(page)
            page.evaluate(SAYS_ONLINE)
            page.context.set_offline(True)
            assert page.evaluate("navigator.onLine")
        bids, tricks = deal_entries(number, PLAN[number - 1])
        play_deal(table, number, bids, tricks, trump="HDCS"[number % 4])
        for player, score in points(bids, tricks).items():
            expected[player] += score
    expect(page.locator(".banner")).to_contain_text("Deal 4 of 19")
    totals = [expected[player] for player in PLAYERS]
    expect(page.locator("tfoot td")).to_have_text([str(total) for total in totals])
    assert page.evaluate(KEPT) == 4  # the bids and tricks of deals 2 and 3
    assert server_totals(url) == after_one  # the server has heard nothing of them

    page.context.set_offline(False)
    expect(page.locator("#game")).to_have_attribute("data-version", "6", timeout=30_000)
    # Online by the browser's word all along: sent by the outbox's retry (every 20 s).
    assert page.evaluate(OUTBOX_EMPTIED, 60)
    assert server_totals(url) == totals == totals_on_sheet(page)
    assert history(url) == THREE_DEALS  # each change once, in the order it was made
    assert errors == []


def test_play_again_offline_starts_the_game_on_the_phone_and_once_on_the_server(
    page: Page, live_server: str, shot
) -> None:
    errors = page_errors(page)
    page.goto(live_server + "/")
    page.evaluate(CONTROLLED)
    box = page.locator("details.import").first
    box.locator("summary").tap()
    box.locator("input[type=file]").set_input_files(str(EXAMPLES / "mulle-full-game.json"))
    box.get_by_role("button", name="Import").tap()
    expect(page.locator("#game")).to_be_visible()
    finished = page.url
    table_url = re.sub(r"g/\d+/$", "", finished)
    keep_for_play_without_signal(page)

    page.context.set_offline(True)
    page.get_by_role("button", name="Play again with the same players").tap()
    expect(page).not_to_have_url(finished)  # the new game, drawn on the phone
    expect(page.locator("#game .banner")).to_contain_text("Deal 1")
    page.locator(".tabbe-buttons button", has_text="Bo").tap()
    # A new page starts the app on the phone again (Python, some seconds): the tap waits for it.
    expect(page.locator(".said")).to_contain_text("Tabbe for Bo.", timeout=120_000)
    assert page.evaluate(KEPT) == 2  # play again, and the tabbe in the game it started
    shot(page, "play-without-signal-play-again", full_page=False)
    assert server_page(table_url).count('class="egame ') == 1

    page.context.set_offline(False)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden(timeout=30_000)
    assert server_page(table_url).count('class="egame ') == 2  # started once
    started = re.findall(r'href="(/t/[^"]+/g/\d+/)"', server_page(table_url))
    server_game = live_server + started[-1]
    expect(page).to_have_url(server_game)  # the phone's page moved to the server's game
    assert history(server_game) == ["Tabbe for Bo."]
    assert page.evaluate(KEPT) == 0
    assert errors == []


def test_a_correction_offline_is_drawn_on_the_phone_and_applied_once(
    page: Page, live_server: str
) -> None:
    errors = page_errors(page)
    url = start_plump(page, live_server)
    page.evaluate(CONTROLLED)
    play_deal_one(page)
    keep_for_play_without_signal(page)

    page.context.set_offline(True)
    page.goto(url + "rounds/1")  # the correction page, drawn on the phone
    set_tricks(page, {"Bo": 4, "Cia": 2})
    page.get_by_role("button", name="Save the correction").tap()
    # The correction page started the app on the phone again (Python, some seconds).
    expect(page.locator("#game .said")).to_contain_text("Deal 1 corrected.", timeout=120_000)
    expect(page.locator("table.protocol tfoot td")).to_have_text(["13", "0", "12", "11"])
    assert page.evaluate(KEPT) == 1
    assert "Deal 1 corrected." not in server_page(url + "history")

    page.context.set_offline(False)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden(timeout=30_000)
    assert server_page(url + "history").count("Deal 1 corrected.") == 1
    page.reload()
    expect(page.locator("table.protocol tfoot td")).to_have_text(["13", "0", "12", "11"])
    assert errors == []


def test_what_another_phone_entered_meanwhile_is_kept_and_offered_not_dropped(
    page: Page, browser: Browser, live_server: str, shot
) -> None:
    url = start_plump(page, live_server)
    play_deal_one(page)
    keep_for_play_without_signal(page)
    page.context.set_offline(True)
    tap_pads(page, {"Cia": 1, "Dan": 2, "Anna": 3, "Bo": 2})  # deal 2: Bo deals, Cia bids first
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")  # answered on the phone

    other = make_phone(browser)()
    other.goto(url)
    tap_pads(other, {"Cia": 0, "Dan": 2, "Anna": 4, "Bo": 2})
    other.get_by_role("button", name="Save bids").tap()
    expect(other.locator("#entry h2")).to_have_text("Tricks taken")

    page.context.set_offline(False)
    item = page.locator("header.top [data-outbox-items] li")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Plump: Save bids · the table changed it meanwhile")
    assert page.evaluate(KEPT) == 1  # this phone's bids are kept, not dropped
    assert history(url)[-1] == "Bids of deal 2 saved. Cia leads."  # the other phone's
    page.locator("header.top [data-outbox-menu] summary").tap()
    page.get_by_role("button", name="Show both versions").tap()
    expect(page.locator("#main")).to_contain_text(
        "Another phone entered meanwhile (Bids of deal 2 saved. Cia leads)."
    )
    shot(page, "play-without-signal-conflict", full_page=False)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden()  # shown: the choice is made here


def test_a_table_set_up_offline_gets_its_link_when_it_reaches_the_server(
    page: Page, live_server: str, shot
) -> None:
    errors = page_errors(page)
    start_plump(page, live_server)  # a table this phone keeps: the app is on the phone
    keep_for_play_without_signal(page)
    page.goto(live_server + "/new")
    page.context.set_offline(True)
    for i, name in enumerate(PLAYERS):
        page.fill(f"#players-{i}", name)
    page.locator("label.game-card", has_text="Plump").tap()
    page.get_by_role("button", name="Next").tap()
    # Each page drawn on the phone starts its app again (Python, some seconds).
    page.locator("label.key", has_text="Anna").tap(timeout=120_000)
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("#game .banner")).to_contain_text("Deal 1 of 19", timeout=120_000)
    on_the_phone = page.url
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken", timeout=120_000)
    assert page.evaluate(KEPT) == 2  # the set-up and the bids
    shot(page, "play-without-signal-new-table", full_page=False)

    page.context.set_offline(False)
    expect(page).not_to_have_url(on_the_phone, timeout=30_000)  # the server's own link
    expect(page.locator("[data-outbox-menu]")).to_be_hidden()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    assert history(page.url) == ["Bids of deal 1 saved. Bo leads."]
    assert page.evaluate(KEPT) == 0
    assert errors == []
