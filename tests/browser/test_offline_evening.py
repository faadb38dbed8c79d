"""An evening without signal, for real (the phone reaches the app through a relay the test cuts):
a table readies itself for it once its first deal is saved, and the phone plays on with the
Python it started once — deals, a correction, the table's page, the next game —; a table set
up from Home with no signal; the app opened again without signal showing its last state at
once. Back online, every change reaches the server once, in order."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import make_phone
from tests.browser.on_the_phone import (
    COPY_AT,
    KEPT,
    PythonStarts,
    Signal,
    controlled,
    half_offline,
    half_online,
    history,
    on_server,
    outbox_holds,
    plump_set_up_tapped,
    ready_without_signal,
    server_page,
)
from tests.browser.test_offline import page_errors, tap_pads
from tests.browser.test_offline_forms import set_tricks
from tests.browser.test_play_without_signal import THREE_DEALS
from tests.browser.test_plump_game import PLAN, PLAYERS, Table, deal_entries, order, play_deal

pytestmark = pytest.mark.browser
SENT = re.compile(r"\d+ waiting changes sent at")


def new_plump_table(page: Page, *, starting: bool = False) -> None:
    """From Home: a new table of four playing Plump, Anna dealing first (``starting``: the set-up
    waits for Python to start on the phone)."""
    page.get_by_role("link", name="New table").tap()
    expect(page.locator("#players-0")).to_be_visible(timeout=300_000 if starting else 5_000)
    plump_set_up_tapped(page, PLAYERS)
    # Started on the phone, the game's page is the first it draws there (its templates too).
    expect(page.locator(".banner")).to_contain_text(
        "Deal 1 of 19", timeout=60_000 if starting else 5_000
    )


def readied_table(page: Page, signal: Signal) -> tuple[str, Table]:
    """A new Plump table opened through ``signal`` with the service worker in control, its first
    deal saved and nobody tapping "Keep for play without signal": the phone readies itself. Its
    game's address and the table to play on."""
    controlled(page, signal.url + "/")
    new_plump_table(page)
    game = page.url
    table = Table(page)
    deal(table, 1)
    ready_without_signal(page)
    return game, table


def deal(table: Table, number: int) -> None:
    bids, tricks = deal_entries(number, PLAN[number - 1])
    play_deal(table, number, bids, tricks, trump="HDCS"[number % 4])


def test_a_table_that_readied_itself_plays_the_evening_on_with_the_python_it_started_once(
    page: Page, ready_signal: Signal, shot
) -> None:
    errors = page_errors(page)
    starts = PythonStarts(page)
    # Nobody taps "Keep for play without signal": the deal saved, the phone readies itself.
    game, table = readied_table(page, ready_signal)
    expect(page.locator("#game [data-keep-line]")).to_be_hidden()
    shot(page, "evening-ready-by-itself", full_page=False)

    ready_signal.cut(page)
    deal(table, 2)
    deal(table, 3)
    expect(page.locator(".banner")).to_contain_text("Deal 4 of 19")
    expect(page.locator("[data-live]")).to_have_text(
        re.compile(r"^Offline since .* · 4 changes wait$")
    )
    expect(page.locator("#game [data-outbox]")).to_be_hidden()  # the live line says it, no box
    shot(page, "evening-offline-deal-4", full_page=False)

    # A correction of deal 1, on its own page: answered by the Python already running.
    page.get_by_role("link", name="Correct deal 1").tap()
    set_tricks(page, {"Bo": 2, "Cia": 8})
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator("#game .said")).to_contain_text("Deal 1 corrected.")
    expect(page).to_have_url(game)
    # The table's page, then the next game at the table, set up and played on.
    page.locator("header.top").get_by_role("link", name="Table", exact=True).tap()
    expect(page.get_by_role("heading", name="Games, in the order played")).to_be_visible()
    shot(page, "evening-offline-table-page", full_page=False)
    page.get_by_role("link", name="New game with these players").tap()
    page.locator("label.game-card", has_text="Plump").tap()
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Bo").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 19")
    tap_pads(page, {"Cia": 3, "Dan": 2, "Anna": 1, "Bo": 3})
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    assert starts.count == 1  # game → correction → game → table → next game: one Python
    assert page.evaluate(KEPT) == 7  # two deals, the correction, the next game, its bids
    assert history(on_server(game, ready_signal)) == [
        "Bids of deal 1 saved. Bo leads.",
        "Tricks of deal 1 saved.",
    ]  # the server has heard nothing since

    ready_signal.restore(page)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden(timeout=120_000)
    expect(page.locator("[data-live]")).to_have_text(SENT)
    assert page.evaluate(KEPT) == 0
    said = history(on_server(game, ready_signal))
    assert said[:6] == THREE_DEALS
    assert len(said) == 7 and said[6].startswith("Deal 1 corrected")
    assert history(on_server(page.url, ready_signal)) == ["Bids of deal 1 saved. Cia leads."]
    table_page = re.sub(r"g/\d+/$", "", on_server(game, ready_signal))
    games = re.findall(r'class="egame ', server_page(table_page))
    assert len(games) == 2  # the next game started once
    assert starts.count == 1
    assert errors == []


def test_the_app_opened_again_without_signal_shows_its_last_state_and_answers_taps_in_order(
    page: Page, ready_signal: Signal, shot
) -> None:
    game, _ = readied_table(page, ready_signal)
    ready_signal.cut(page)
    bids, tricks = deal_entries(2, PLAN[1])
    tap_pads(page, bids)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    # The app put away once the phone kept what it shows (a moment after it is shown).
    assert page.evaluate(COPY_AT, 3)
    context = page.context
    page.close()

    again = context.new_page()
    errors = page_errors(again)
    starts = PythonStarts(again)
    opened = again.goto(game)
    assert opened is not None and opened.from_service_worker
    first_paint = opened.text()
    assert 'data-version="3"' in first_paint  # the last state the phone showed, at once
    assert "Tricks taken" in first_paint and "Deal 2 of 19" in first_paint
    expect(again.locator("#game")).to_have_attribute("data-version", "3")
    # Python is still starting: the page says so, and a tap made now waits for it, in order.
    expect(again.locator("#game [data-phone-line]")).to_contain_text("getting ready")
    assert again.evaluate("document.documentElement.dataset.phoneState") == "getting"
    shot(again, "reopened-offline-getting-ready", full_page=False)
    tap_pads(again, {name: tricks[name] for name in ("Cia", "Dan", "Anna")})
    again.get_by_role("button", name="Save tricks").tap()
    expect(again.locator("#game .said")).to_contain_text("Tricks of deal 2 saved.", timeout=300_000)
    expect(again.locator(".banner")).to_contain_text("Deal 3 of 19")
    next_bids, _ = deal_entries(3, PLAN[2])
    tap_pads(again, next_bids)
    again.get_by_role("button", name="Save bids").tap()
    expect(again.locator("#entry h2")).to_have_text("Tricks taken")
    assert starts.count == 1
    assert again.evaluate(KEPT) == 3

    ready_signal.restore(again)
    expect(again.locator("[data-outbox-menu]")).to_be_hidden(timeout=120_000)
    assert history(on_server(game, ready_signal)) == [
        "Bids of deal 1 saved. Bo leads.",
        "Tricks of deal 1 saved.",
        "Bids of deal 2 saved. Cia leads.",
        "Tricks of deal 2 saved.",
        "Bids of deal 3 saved. Dan leads.",
    ]
    assert errors == []


def test_a_new_table_from_home_without_signal_is_set_up_and_played_on_the_phone(
    page: Page, ready_signal: Signal, shot
) -> None:
    readied_table(page, ready_signal)  # the app is on the phone
    context = page.context
    page.close()
    ready_signal.cut(context.new_page())  # no signal at the cottage, the app opened there

    home = context.pages[-1]
    errors = page_errors(home)
    starts = PythonStarts(home)
    opened = home.goto(ready_signal.url + "/")
    assert opened is not None and opened.from_service_worker
    new_plump_table(home, starting=True)  # the set-up's two steps, answered on the phone
    on_the_phone = home.url
    shot(home, "new-table-offline", full_page=False)
    deal(Table(home), 1)  # and the game's first two steps
    assert starts.count == 1
    assert home.evaluate(KEPT) == 3  # the set-up, the bids, the tricks

    ready_signal.restore(home)
    expect(home).not_to_have_url(on_the_phone, timeout=120_000)  # the server's own link
    expect(home.locator("[data-outbox-menu]")).to_be_hidden()
    expect(home.locator(".banner")).to_contain_text("Deal 2 of 19")
    assert history(on_server(home.url, ready_signal)) == [
        "Bids of deal 1 saved. Bo leads.",
        "Tricks of deal 1 saved.",
    ]
    assert home.evaluate(KEPT) == 0
    assert errors == []


@pytest.mark.parametrize("kept", ["this phone's", "the table's"])
def test_another_phone_entered_meanwhile_both_versions_are_shown_and_one_is_kept(
    page: Page, browser: Browser, ready_signal: Signal, kept: str, shot
) -> None:
    errors = page_errors(page)
    game, _ = readied_table(page, ready_signal)
    ready_signal.cut(page)
    tap_pads(page, {"Cia": 1, "Dan": 2, "Anna": 3, "Bo": 2})  # deal 2, as this phone has it
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    tap_pads(page, {"Cia": 3, "Dan": 2, "Anna": 2})
    page.get_by_role("button", name="Save tricks").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 3 of 19")

    other = make_phone(browser)()  # another phone at the table, with signal
    other.goto(on_server(game, ready_signal))
    tap_pads(other, {"Cia": 0, "Dan": 2, "Anna": 4, "Bo": 2})
    other.get_by_role("button", name="Save bids").tap()
    expect(other.locator("#entry h2")).to_have_text("Tricks taken")
    tap_pads(other, {"Cia": 0, "Dan": 3, "Anna": 4})
    other.get_by_role("button", name="Save tricks").tap()
    expect(other.locator(".banner")).to_contain_text("Deal 3 of 19")
    table_totals = other.locator("tfoot td").all_inner_texts()

    ready_signal.restore(page)
    # At once, on the main screen: the table moved on; this phone's changes wait for a choice.
    note = page.locator("#game [data-outbox]")
    expect(note).to_contain_text(
        "The table moved on while this phone was offline: 2 of its changes wait for your choice.",
        timeout=60_000,
    )
    expect(page.locator("[data-live]")).not_to_contain_text("wait")
    expect(page.locator("tfoot td")).to_have_text(table_totals)  # the table's game, shown
    page.locator("header.top [data-outbox-menu] summary").tap()
    expect(page.locator("header.top [data-outbox-items] li")).to_have_text(
        [
            "Plump: The bids of deal 2 · the table moved on meanwhile Show both versions",
            "Plump: The tricks of deal 2 · waits for the choice above",
        ]
    )
    page.locator("header.top [data-outbox-menu] summary").tap()
    shot(page, "both-versions-said", full_page=False)
    note.get_by_role("button", name="Show both versions").tap()

    expect(page.get_by_role("heading", name="Both versions of the game")).to_be_visible()
    mine = page.locator("section.version", has=page.get_by_role("heading", name="This phone"))
    expect(mine.locator(".version-steps li")).to_have_text(
        ["Plump: The bids of deal 2", "Plump: The tricks of deal 2"]
    )
    theirs = page.locator("section.version", has=page.get_by_role("heading", name="The table now"))
    expect(theirs.locator(".version-steps li")).to_have_text(
        ["Bids of deal 2 saved. Cia leads.", "Tricks of deal 2 saved."]
    )
    expect(page.locator("table.versions caption")).to_have_text(["Deal 2"])
    expect(page.locator("table.versions tbody tr").first).to_be_visible()
    shot(page, "both-versions", full_page=True)
    page.get_by_role("button" if kept == "this phone's" else "link", name=f"Keep {kept}").tap()

    expect(page.locator("#game")).to_be_visible()
    expect(page).to_have_url(game)
    outbox_holds(page, 0)  # let go of, whichever was kept
    expect(page.locator("[data-outbox-menu]")).to_be_hidden()
    said = history(on_server(game, ready_signal))
    if kept == "this phone's":
        assert said[-1] == "This phone's version of the game kept over the table's."
        expect(page.locator("tfoot td")).not_to_have_text(table_totals)
        expect(other.locator("tfoot td")).not_to_have_text(table_totals)  # heard on the other
    else:
        assert said[-1] == "Tricks of deal 2 saved."  # nothing more: the table's stays
        expect(page.locator("tfoot td")).to_have_text(table_totals)
    assert errors == []


def test_a_phone_half_offline_loses_nothing(page: Page, ready_signal: Signal) -> None:
    """Only the page offline, its service worker still reaching the server (what a phone's
    radio can do, and Playwright's ``set_offline`` once did): thirteen changes kept, every one
    sent once, in order; the page loaded again shows the phone's state, not the server's older
    one that the worker could fetch."""
    errors = page_errors(page)
    game, table = readied_table(page, ready_signal)
    half_offline(page)
    for number in (2, 3, 4):
        deal(table, number)
    # Loaded again: the service worker reaches the server, whose page is six changes behind.
    # The phone's own page is shown, never the server's, whose forms would send changes made
    # on an older version. Loaded again once the phone kept the copy of what it shows (pwa.js
    # writes it just after the answer is shown: loaded before that, the first paint was the
    # copy of a step before, deal 4's bids, until Python had started again and drawn deal 5).
    assert page.evaluate(COPY_AT, 8)
    page.reload()
    expect(page.locator("#game")).to_have_attribute("data-version", "8")
    expect(page.locator(".banner")).to_contain_text("Deal 5 of 19")
    # Loaded again is opened again: the correction's page waits for Python to start anew.
    page.get_by_role("link", name="Correct deal 1").tap()
    set_tricks(page, {"Bo": 2, "Cia": 8})
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator("#game .said")).to_contain_text("Deal 1 corrected.")
    page.get_by_role("button", name="Undo").tap()  # takes the correction back
    expect(page.locator("#game .said")).to_contain_text("Undone: the correction of deal 1.")
    deal(table, 5)
    page.get_by_role("link", name="Correct deal 2").tap()
    set_tricks(page, {"Cia": 2, "Dan": 7})
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator("#game .said")).to_contain_text("Deal 2 corrected.")
    deal(table, 6)
    assert page.evaluate(KEPT) == 13

    half_online(page)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden(timeout=120_000)
    said = history(on_server(game, ready_signal))
    assert len(said) == 15  # deal 1's two, then every one of the thirteen, once
    assert said[2:8] == [
        "Bids of deal 2 saved. Cia leads.",
        "Tricks of deal 2 saved.",
        "Bids of deal 3 saved. Dan leads.",
        "Tricks of deal 3 saved.",
        "Bids of deal 4 saved. Anna leads.",
        "Tricks of deal 4 saved.",
    ]
    assert said[8].startswith("Deal 1 corrected")
    assert said[9] == "Undone: the correction of deal 1."
    assert said[10:12] == ["Bids of deal 5 saved. Bo leads.", "Tricks of deal 5 saved."]
    assert said[12].startswith("Deal 2 corrected")
    assert said[13:] == ["Bids of deal 6 saved. Cia leads.", "Tricks of deal 6 saved."]
    assert page.evaluate(KEPT) == 0
    assert errors == []


# Every version of #game the page paints, in order, and when the live line first says that
# what waited was sent; and when the server's answer to each change the page posts arrives.
WATCHED = """(() => {
  window.painted = [];
  window.answered = [];
  window.sentSaid = null;
  let last = null;
  new MutationObserver(() => {
    const game = document.getElementById("game");
    if (game && game !== last) window.painted.push(Number(game.dataset.version));
    last = game;
    const line = document.querySelector("[data-live]");
    if (line && / sent at /.test(line.textContent) && window.sentSaid === null) {
      window.sentSaid = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const network = window.fetch;
  window.fetch = async (...asked) => {
    const response = await network(...asked);
    const init = asked[1] || {};
    if (init.method === "POST" && response.ok) window.answered.push(performance.now());
    return response;
  };
})()"""


def test_back_online_with_forty_changes_the_page_only_goes_forward_and_says_sent_at_the_end(
    page: Page, ready_signal: Signal
) -> None:
    errors = page_errors(page)
    page.add_init_script(WATCHED)
    game, table = readied_table(page, ready_signal)
    ready_signal.cut(page)
    for number in range(2, 20):  # 36 changes
        deal(table, number)
        if number in (5, 12):  # and twice Undo, the tricks again: 40
            page.get_by_role("button", name="Undo").tap()
            expect(page.locator("#entry h2")).to_have_text("Tricks taken")
            _, tricks = deal_entries(number, PLAN[number - 1])
            for player in order(number)[:-1]:
                table.number(player, tricks[player])
            table.button("Save tricks")
            expect(page.locator("#game .said")).to_contain_text(f"Tricks of deal {number} saved")
    assert page.evaluate(KEPT) == 40
    shown = int(page.locator("#game").get_attribute("data-version") or 0)
    assert shown == 42
    before = page.evaluate("window.painted.length")

    ready_signal.restore(page)
    expect(page.locator("[data-outbox-menu]")).to_be_hidden(timeout=300_000)
    expect(page.locator("[data-live]")).to_have_text(SENT)
    painted = page.evaluate("window.painted")[before:]
    assert painted and all(version >= shown for version in painted), painted  # never older
    assert len(history(on_server(game, ready_signal))) == 42
    # "Sent" only once the server had answered the last of them.
    assert page.evaluate("window.sentSaid > Math.max(...window.answered)")
    assert page.evaluate("window.answered.length") >= 40
    assert errors == []


def test_a_phone_that_asks_to_save_data_is_not_readied_unasked(
    browser: Browser, ready_signal: Signal
) -> None:
    page = make_phone(browser)(extra_http_headers={"Save-Data": "on"})
    starts = PythonStarts(page)
    controlled(page, ready_signal.url + "/")
    new_plump_table(page)
    # Before anything is played, the way to keep the table is in sight under the live line.
    keep = page.locator("#game [data-keep-line]")
    expect(keep).to_be_visible()
    expect(keep).to_be_in_viewport()
    deal(Table(page), 1)
    # Not readied; the step's keys keep their place (no line above them), and the way to keep
    # the table is below the game.
    expect(page.locator("#game .said")).to_contain_text("Tricks of deal 1 saved.")
    expect(keep).to_have_count(0)
    expect(page.get_by_role("button", name="Keep for play without signal")).to_be_visible()
    assert page.evaluate("localStorage.getItem('play-without-signal')") is None
    assert starts.count == 0
