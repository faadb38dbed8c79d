"""The Boodle page at the table: a deal's keys close together, the balances once (on the score
strip, and so once on a TV), the strip says "this deal" only for a deal under way, and the
settle-up pays in the coin of the table."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import choose_players, import_example, use_screen
from tests.browser.test_accessibility import problems
from tests.browser.test_boodle import Table
from tests.examples import EXAMPLES

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]

# From the top of the layout's cards to the bottom of "Save the deal", in screens.
SPAN = """() => {
  const top = document.querySelector("form.boodle-play").getBoundingClientRect().top;
  const save = [...document.querySelectorAll("form.boodle-out button")].pop();
  return (save.getBoundingClientRect().bottom - top) / innerHeight;
}"""


def start(page: Page, live_server: str) -> Table:
    choose_players(page, live_server, "Boodle", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Anna deals")
    return Table(page)


def test_a_deal_is_entered_in_fewer_swipes(page: Page, live_server: str, shot) -> None:
    """The layout's cards, who played them, "Out" and the cards left of three players: from
    the first card to Save, at most 1.4 screens of a 390×844 phone (it was 1.7, with the
    deal's log between the cards and "Out", the names one a line, the pads' air)."""
    table = start(page, live_server)
    table.played("AH", "Bo")
    table.played("KC", "Cia")
    out = page.locator("form.boodle-out")
    table.tap(out.locator("label.key").filter(has=page.locator("input[value=Dan]")))
    expect(out.locator("[data-player=Dan]")).to_be_hidden()
    span = page.evaluate(SPAN)
    shot(page, "boodle-deal-keys")
    assert span <= 1.4, span


def test_the_strip_says_this_deal_only_once_the_deal_is_under_way(
    page: Page, live_server: str
) -> None:
    table = start(page, live_server)
    notes = page.locator("#game .strip .strip-note")
    expect(notes).to_have_count(0)  # the antes alone: the banner says them
    table.played("AH", "Bo")
    expect(notes.first).to_have_text("this deal: −8")  # Anna deals: 2 chips on each card
    expect(notes.nth(1)).to_have_text("this deal: +1")  # 1 on each card, then A♥'s 5
    table.out("Bo", {"Anna": 3, "Cia": 2, "Dan": 4}, deal=1)
    # Right after the save: the next deal's antes are not "this deal: −8" on the strip.
    expect(page.locator("#game .banner")).to_contain_text("Deal 2")
    expect(notes).to_have_count(0)


def test_the_watch_view_shows_the_balances_once(page: Page, live_server: str) -> None:
    table = start(page, live_server)
    table.played("AH", "Bo")
    table.out("Bo", {"Anna": 3, "Cia": 2, "Dan": 4}, deal=1)
    watch = str(page.get_by_role("link", name="Watch view").get_attribute("href"))
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(live_server + watch)
    expect(page.locator(".strip-total")).to_have_count(4)
    expect(page.get_by_role("heading", name="Balances")).to_have_count(0)
    expect(page.locator(".boodle-protocol tbody tr")).to_have_count(1)


@pytest.mark.parametrize("screen", ["phone", "large-text-narrow"])
def test_the_settle_up_pays_in_the_coin_of_the_table(
    page: Page, live_server: str, shot, screen: str
) -> None:
    """Five players at 0.50 a chip, the table's payments rounded to 1.00: Boodle's own
    settle-up pays what the table page pays, says where the cents went, and fits the screen
    at 390 px and at 320 px with the text at 200 %."""
    if screen == "large-text-narrow":
        use_screen(page, "narrow")
        session = page.context.new_cdp_session(page)
        session.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    game = import_example(page, live_server, EXAMPLES / "boodle-fault.json")
    page.get_by_role("link", name="Table", exact=True).tap()
    page.locator("summary", has_text="Currency: none").tap()
    page.get_by_label("Payments rounded to").select_option(label="1.00")
    page.get_by_role("button", name="Save the currency").tap()
    expect(page.locator(".erounding")).to_contain_text("Rounded to 1.00 a payment:")
    on_the_table = page.locator(".epayment .eamount").all_inner_texts()

    page.goto(game + "#settle")
    settle = page.locator("#settle")
    expect(settle.locator(".brounding")).to_contain_text("Rounded to 1.00 a payment:")
    assert settle.locator(".bmoney").all_inner_texts() == on_the_table
    assert all(amount.endswith(".00") for amount in on_the_table), on_the_table
    settle.locator(".brounding").scroll_into_view_if_needed()
    shot(page, f"boodle-settle-up-in-coins-{screen}", full_page=False)
    assert problems(page) == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
