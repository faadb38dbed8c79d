"""The Boodle page at the table: a deal's keys close together, the balances once (on the score
strip, and so once on a TV), and the strip says "this deal" only for a deal under way."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import choose_players
from tests.browser.test_boodle import Table

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
