"""An answer draws the game anew, and the phone ends up showing exactly what a fresh load of the
page shows, whether it saved the change itself or heard of it by polling."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import PHONE, make_phone
from tests.browser.test_plump_game import PLAN, PLAYERS, Table, deal_entries, order, play_deal
from tests.browser.test_two_phones import HEARD_WITHIN_MS, two_phones

# What differs between two renderings of the same version: htmx's mark on what it processed.
POWERED = re.compile(r' data-htmx-powered="true"')

SHEET = """() => Array.from(document.querySelectorAll(
  "#game .sheet [data-row], #game .sheet tfoot, #game .strip")).map((el) => el.outerHTML)"""


def sheet(page: Page) -> list[str]:
    return [POWERED.sub("", html) for html in page.evaluate(SHEET)]


def same_as_a_fresh_load(browser: Browser, page: Page, version: str) -> None:
    expect(page.locator("#game")).to_have_attribute("data-version", version)
    fresh = browser.new_context(**PHONE).new_page()
    fresh.goto(page.url)
    assert sheet(page) == sheet(fresh)
    fresh.context.close()


def test_the_saving_phone_and_the_polling_phone_show_what_a_fresh_load_shows(
    browser: Browser, live_server: str, shot
) -> None:
    first, second = two_phones(make_phone(browser), live_server, "Plump", PLAYERS)
    table = Table(first)
    answers: list[str] = []
    first.on(
        "response",
        lambda r: answers.append(r.text()) if r.request.method == "POST" and r.ok else None,
    )

    def both_as_fresh() -> None:
        version = first.locator("#game").get_attribute("data-version")
        same_as_a_fresh_load(browser, first, version)
        expect(second.locator("#game")).to_have_attribute(
            "data-version", version, timeout=HEARD_WITHIN_MS
        )
        same_as_a_fresh_load(browser, second, version)

    for deal in (1, 2):
        bids, tricks = deal_entries(deal, PLAN[deal - 1])
        play_deal(table, deal, bids, tricks, trump="HDCS"[deal % 4])
        both_as_fresh()
    # The answers to the saves drew the whole sheet: no row is left to the phone to keep.
    assert answers and not any("hx-preserve" in text for text in answers)

    # Undo the tricks of deal 2, and enter them again.
    first.get_by_role("button", name="Undo").tap()
    expect(first.locator("#entry h2")).to_have_text("Tricks taken")
    both_as_fresh()
    _bids, tricks = deal_entries(2, PLAN[1])
    for player in order(2)[:-1]:
        table.number(player, tricks[player])
    table.button("Save tricks")
    expect(first.locator(".banner")).to_contain_text("Deal 3 of 19")
    both_as_fresh()

    # A correction of deal 1 changes every running total after it.
    first.get_by_role("link", name="Correct deal 1").tap()
    seat = PLAYERS.index(order(1)[2])
    first.locator(f"fieldset[data-field=tricks_{seat}]").locator("label.key").nth(1).tap()
    seat = PLAYERS.index(order(1)[1])
    first.locator(f"fieldset[data-field=tricks_{seat}]").locator("label.key").nth(PLAN[0] - 2).tap()
    first.get_by_role("button", name="Save the correction").tap()
    expect(first.locator(".banner")).to_contain_text("Deal 3 of 19")
    both_as_fresh()
    shot(second, "answers-polling-phone-after-a-correction")
