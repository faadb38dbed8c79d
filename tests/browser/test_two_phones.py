"""Two phones at one table: what one enters, the other shows within seconds."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.conftest import PHONE
from tests.browser.table import choose_players

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
BIDS = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}


def tap_bids(page, bids: dict[str, int]) -> None:  # type: ignore[no-untyped-def]
    for name, number in bids.items():
        legend = page.locator("legend", has_text=re.compile(rf"^\s*{name}\b"))
        page.locator("#entry fieldset.pad").filter(has=legend).locator("label.key").nth(
            number
        ).tap()


def test_the_other_phone_follows_and_a_half_filled_form_is_kept(
    browser: Browser, live_server: str
) -> None:
    first = browser.new_context(**PHONE).new_page()
    choose_players(first, live_server, "Plump", PLAYERS)
    first.locator("label.key", has_text="Anna").tap()
    first.get_by_role("button", name="Start the game").tap()
    first.wait_for_selector("#game")
    second = browser.new_context(**PHONE).new_page()
    second.goto(first.url)

    tap_bids(first, BIDS)
    first.get_by_role("button", name="Save bids").tap()
    # The second phone polls and swaps in the new step by itself.
    expect(second.locator("#entry h2")).to_have_text("Tricks taken", timeout=15000)

    # A phone in the middle of tapping is not overwritten: its save is answered 409, input kept.
    second.locator("#entry fieldset.pad").first.locator("label.key").nth(3).tap()
    first.locator("#entry fieldset.pad").nth(0).locator("label.key").nth(3).tap()
    first.locator("#entry fieldset.pad").nth(1).locator("label.key").nth(3).tap()
    first.locator("#entry fieldset.pad").nth(2).locator("label.key").nth(1).tap()
    first.get_by_role("button", name="Save tricks").tap()
    expect(first.locator(".banner")).to_contain_text("Deal 2 of 19")
    second.wait_for_timeout(6000)  # longer than a poll
    expect(second.locator("#entry h2")).to_have_text("Tricks taken")  # still its own form
    expect(second.locator("#entry fieldset.pad").first.locator("input:checked")).to_have_value("3")
    second.get_by_role("button", name="Save tricks").tap()
    expect(second.locator(".notice")).to_contain_text("Another phone entered meanwhile")
    expect(second.locator(".banner")).to_contain_text("Deal 2 of 19")
