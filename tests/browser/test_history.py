"""A game's history on two phones: a change from the other phone is said to come from "a
phone" (never an id such as "phone 8f5f", which nobody at the table can place), and once that
phone has named itself (and made a change since), by its name."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from tests.browser.conftest import make_phone
from tests.browser.table import choose_players
from tests.browser.test_plump_comings import PLAYERS, Table, play


def test_the_history_names_a_phone_by_its_name_or_as_a_phone(
    browser: Browser, live_server: str, shot
) -> None:
    phone = make_phone(browser)
    first = phone()
    choose_players(first, live_server, "Plump", PLAYERS[:4])
    first.locator("label.key", has_text="Anna").tap()
    first.get_by_role("button", name="Start the game").tap()
    expect(first.locator(".banner")).to_contain_text("Deal 1")
    second = phone()
    second.goto(first.url)
    play(Table(second), ["Bo", "Cia", "Dan", "Anna"], {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3},
         {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}, 1)  # fmt: skip

    first.goto(first.url.split("?")[0] + "history")
    who = first.locator(".hchange .muted")
    expect(who.first).to_contain_text("a phone")
    assert not re.search(r"phone [0-9a-f]{4}", first.locator(".history").inner_text())
    shot(first, "history-a-phone", full_page=False)

    second.goto(second.url.split("?")[0] + "history")
    expect(second.locator(".hchange .muted").first).to_contain_text("this phone")
    second.locator("details.phone-name summary").tap()
    second.locator("details.phone-name input[name=name]").fill("Bo's phone")
    second.get_by_role("button", name="Save the name").tap()
    second.get_by_role("link", name="Back to the game").first.tap()
    second.locator(".thumb-bar .undo").tap()  # a change under the name: the earlier ones too
    expect(second.locator(".said")).to_contain_text("Undone")
    first.reload()
    expect(who.first).to_contain_text("Bo's phone")
    expect(first.locator(".history")).not_to_contain_text("a phone")
