"""Play on without signal (cut for real: tests/relay.py): a table kept on the phone (kept/phone.js)
is answered there, by the server's own Python in Pyodide, step after step; back online every
change reaches the server once, in order, and the server shows what the phone showed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import (
    CONTROLLED,
    KEPT,
    Signal,
    history,
    keep_for_play_without_signal,
    on_server,
    outbox_holds,
    plump_set_up_tapped,
    server_page,
)
from tests.browser.test_offline import BIDS, page_errors, start_plump, tap_pads
from tests.browser.test_offline_forms import EXAMPLES, play_deal_one, set_tricks
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
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    page.goto(signal.url + "/new")
    page.evaluate(CONTROLLED)
    plump_set_up_tapped(page, PLAYERS)
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 19")
    url = on_server(page.url, signal)
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

    signal.cut(page)
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
    expect(page.locator("[data-live]")).to_have_text(re.compile(r" · 6 changes wait$"))
    expect(page.locator("[data-outbox-next]")).to_be_hidden()
    shot(page, "play-without-signal-offline", full_page=False)
    assert server_totals(url) == after_one  # the server has heard nothing yet

    signal.restore(page)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden(timeout=60_000)
    assert page.evaluate(KEPT) == 0
    expect(page.locator("#game")).to_have_attribute("data-version", "8")
    assert server_totals(url) == totals == totals_on_sheet(page)
    assert history(url) == [
        *THREE_DEALS,
        "Undone: the tricks of deal 3.",
        "Tricks of deal 3 saved.",
    ]  # each change once, in the order it was made
    assert errors == []


def test_a_network_that_says_it_is_up_and_reaches_nothing_is_played_on_the_phone(
    page: Page, signal: Signal
) -> None:
    """Online by the browser's word, the server out of reach (the relay cut, the browser not
    told): the kept table's phone answers each step itself, as without a connection, and the
    server gets each change once later."""
    errors = page_errors(page)
    url = start_plump(page, signal.url)
    server = on_server(url, signal)
    table = Table(page)
    expected = dict.fromkeys(PLAYERS, 0)
    for number in (1, 2, 3):
        if number == 2:  # deal 1 reached the server; now the network reaches nothing
            after_one = [expected[player] for player in PLAYERS]
            keep_for_play_without_signal(page)
            signal.relay.cut()
            assert page.evaluate("navigator.onLine")
        bids, tricks = deal_entries(number, PLAN[number - 1])
        play_deal(table, number, bids, tricks, trump="HDCS"[number % 4])
        for player, score in points(bids, tricks).items():
            expected[player] += score
    expect(page.locator(".banner")).to_contain_text("Deal 4 of 19")
    totals = [expected[player] for player in PLAYERS]
    expect(page.locator("tfoot td")).to_have_text([str(total) for total in totals])
    assert page.evaluate(KEPT) == 4  # the bids and tricks of deals 2 and 3
    assert server_totals(server) == after_one  # the server has heard nothing of them

    signal.relay.restore()
    expect(page.locator("#game")).to_have_attribute("data-version", "6", timeout=60_000)
    # Online by the browser's word all along: sent by the outbox's retry (every 20 s).
    outbox_holds(page, 0, seconds=60)
    assert server_totals(server) == totals == totals_on_sheet(page)
    assert history(server) == THREE_DEALS  # each change once, in the order it was made
    assert errors == []


def test_play_again_offline_starts_the_game_on_the_phone_and_once_on_the_server(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    page.goto(signal.url + "/")
    page.evaluate(CONTROLLED)
    box = page.locator("details.import").first
    box.locator("summary").tap()
    box.locator("input[type=file]").set_input_files(str(EXAMPLES / "mulle-full-game.json"))
    box.get_by_role("button", name="Import").tap()
    expect(page.locator("#game")).to_be_visible()
    finished = page.url
    table_url = re.sub(r"g/\d+/$", "", on_server(finished, signal))
    keep_for_play_without_signal(page)

    signal.cut(page)
    page.get_by_role("button", name="Play again with the same players").tap()
    expect(page).not_to_have_url(finished)  # the new game, drawn on the phone
    expect(page.locator("#game .banner")).to_contain_text("Deal 1")
    page.locator(".tabbe-buttons button", has_text="Bo").tap()
    # The Python the table's page started answers it: no new start for the new game.
    expect(page.locator(".said")).to_contain_text("Tabbe for Bo.")
    assert page.evaluate(KEPT) == 2  # play again, and the tabbe in the game it started
    shot(page, "play-without-signal-play-again", full_page=False)
    assert server_page(table_url).count('class="egame ') == 1

    signal.restore(page)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden(timeout=60_000)
    assert server_page(table_url).count('class="egame ') == 2  # started once
    started = re.findall(r'href="(/t/[^"]+/g/\d+/)"', server_page(table_url))
    server_game = signal.server + started[-1]
    expect(page).to_have_url(signal.url + started[-1])  # the phone's page moved to the server's
    assert history(server_game) == ["Tabbe for Bo."]
    assert page.evaluate(KEPT) == 0
    assert errors == []


def test_a_correction_offline_is_drawn_on_the_phone_and_applied_once(
    page: Page, signal: Signal
) -> None:
    errors = page_errors(page)
    url = start_plump(page, signal.url)
    server = on_server(url, signal)
    page.evaluate(CONTROLLED)
    play_deal_one(page)
    keep_for_play_without_signal(page)

    signal.cut(page)
    page.get_by_role("link", name="Correct deal 1").tap()  # the correction page, drawn on the phone
    set_tricks(page, {"Bo": 4, "Cia": 2})
    page.get_by_role("button", name="Save the correction").tap()
    # Answered by the Python already running: the page is answered in this document.
    expect(page.locator("#game .said")).to_contain_text("Deal 1 corrected.")
    expect(page.locator("table.protocol tfoot td")).to_have_text(["13", "0", "12", "11"])
    assert page.evaluate(KEPT) == 1
    assert "Deal 1 corrected." not in server_page(server + "history")

    signal.restore(page)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden(timeout=60_000)
    assert server_page(server + "history").count("Deal 1 corrected.") == 1
    page.reload()
    expect(page.locator("table.protocol tfoot td")).to_have_text(["13", "0", "12", "11"])
    assert errors == []


def test_a_table_set_up_offline_gets_its_link_when_it_reaches_the_server(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    start_plump(page, signal.url)  # a table this phone keeps: the app is on the phone
    keep_for_play_without_signal(page)
    page.get_by_role("link", name="Table assistant").tap()
    page.get_by_role("link", name="New table").tap()
    signal.cut(page)
    plump_set_up_tapped(page, PLAYERS)
    expect(page.locator("#game .banner")).to_contain_text("Deal 1 of 19")
    on_the_phone = page.url
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    assert page.evaluate(KEPT) == 2  # the set-up and the bids
    shot(page, "play-without-signal-new-table", full_page=False)

    signal.restore(page)
    expect(page).not_to_have_url(on_the_phone, timeout=60_000)  # the server's own link
    expect(page.locator("[data-outbox-menu]")).to_be_hidden()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    assert history(on_server(page.url, signal)) == ["Bids of deal 1 saved. Bo leads."]
    assert page.evaluate(KEPT) == 0
    assert errors == []
