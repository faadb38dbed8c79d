"""An evening without signal, for real (the phone reaches the app through a relay the test cuts):
a table readies itself for it once its first deal is saved, and the phone plays on with the
Python it started once — deals, a correction, the table's page, the next game —; a table set
up from Home with no signal; the app opened again without signal showing its last state at
once. Back online, every change reaches the server once, in order."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import (
    KEPT,
    PythonStarts,
    Signal,
    controlled,
    history,
    on_server,
    ready_without_signal,
    server_page,
)
from tests.browser.test_offline import page_errors, tap_pads
from tests.browser.test_offline_forms import set_tricks
from tests.browser.test_plump_game import PLAN, PLAYERS, Table, deal_entries, play_deal

pytestmark = pytest.mark.browser
SENT = re.compile(r"\d+ waiting changes sent at")


def new_plump_table(page: Page) -> None:
    """From Home: a new table of four playing Plump, Anna dealing first."""
    page.get_by_role("link", name="New table").tap()
    for i, name in enumerate(PLAYERS):
        page.locator(f"#players-{i}").fill(name)
    page.locator("label.game-card", has_text="Plump").tap()
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 19")


def deal(table: Table, number: int) -> None:
    bids, tricks = deal_entries(number, PLAN[number - 1])
    play_deal(table, number, bids, tricks, trump="HDCS"[number % 4])


def test_a_table_that_readied_itself_plays_the_evening_on_with_the_python_it_started_once(
    page: Page, ready_signal: Signal, shot
) -> None:
    errors = page_errors(page)
    starts = PythonStarts(page)
    controlled(page, ready_signal.url + "/")
    new_plump_table(page)
    game = page.url
    table = Table(page)
    deal(table, 1)
    # Nobody taps "Keep for play without signal": the deal saved, the phone readies itself.
    ready_without_signal(page)
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
    assert said[:6] == [
        "Bids of deal 1 saved. Bo leads.",
        "Tricks of deal 1 saved.",
        "Bids of deal 2 saved. Cia leads.",
        "Tricks of deal 2 saved.",
        "Bids of deal 3 saved. Dan leads.",
        "Tricks of deal 3 saved.",
    ]
    assert len(said) == 7 and said[6].startswith("Deal 1 corrected")
    assert history(on_server(page.url, ready_signal)) == ["Bids of deal 1 saved. Cia leads."]
    table_page = re.sub(r"g/\d+/$", "", on_server(game, ready_signal))
    games = re.findall(r'class="egame ', server_page(table_page))
    assert len(games) == 2  # the next game started once
    assert starts.count == 1
    assert errors == []
