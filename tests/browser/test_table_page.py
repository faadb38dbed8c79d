"""The table page (the evening) on a phone: a refused form answered where it is, sharing the
table from its top, the settle-up one line a payment, and a night to send."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import import_example, use_screen
from tests.browser.test_accessibility import problems
from tests.examples import EXAMPLES


def open_table(page: Page, live_server: str) -> None:
    """A table with one Plump game of three deals, its page open."""
    import_example(page, live_server, EXAMPLES / "plump-three-deals.json")
    page.get_by_role("link", name="Table", exact=True).tap()
    expect(page.locator("h1")).to_be_visible()


def test_a_refused_form_is_answered_where_the_form_is(page: Page, live_server: str, shot) -> None:
    open_table(page, live_server)
    page.locator("summary", has_text="Start a new circle with these players").tap()
    page.get_by_role("button", name="Start the circle").tap()  # no name given
    error = page.locator(".ecircle .error")
    expect(error).to_contain_text("Give the circle a name")
    expect(error).to_be_in_viewport()
    expect(page.get_by_label("Name of the circle")).to_be_in_viewport()
    shot(page, "table-circle-error-in-sight", full_page=False)


def open_boodle_table(page: Page, live_server: str) -> None:
    """A table with the Boodle game of five players at 0.50 a chip (the example with a fault):
    its settle-up has several payments."""
    import_example(page, live_server, EXAMPLES / "boodle-fault.json")
    page.get_by_role("link", name="Table", exact=True).tap()
    expect(page.locator(".epayment").first).to_be_visible()


def test_the_settle_up_is_a_line_a_payment_with_its_reasons_a_tap_away(
    page: Page, live_server: str, shot
) -> None:
    open_boodle_table(page, live_server)
    lines = page.locator(".epayment")
    count = lines.count()
    assert count >= 2
    for i in range(count):  # one line each, not a screen each
        box = lines.nth(i).bounding_box()
        assert box is not None and box["height"] <= 110, (i, box)
    why = lines.first.locator(".ewhy")
    expect(why.locator("li").first).to_be_hidden()
    why.locator("summary").tap()
    expect(why.locator("li").first).to_contain_text("1. Boodle:")
    shot(page, "table-settle-up-lines")
    text = page.locator("#esettle-text").input_value().splitlines()
    assert len(text) == 1 + count  # the title, then a line a payment
    assert all(" pays " in line for line in text[1:])


# A phone's share sheet, as the page sees it: what it was asked to share is kept to be read.
SHARE_SHEET = """
window.sharedData = [];
navigator.share = async (data) => { window.sharedData.push({...data, files: (data.files || []).map(
  (f) => ({name: f.name, type: f.type, size: f.size}))}); };
navigator.canShare = () => true;
"""


def test_the_table_is_shared_from_the_top_of_its_page(page: Page, live_server: str, shot) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(SHARE_SHEET)
    open_table(page, live_server)
    link = page.get_by_label("Table link").input_value()
    share = page.get_by_role("button", name="Share the table")
    copy = page.locator("[data-copy='#table-link']")
    expect(copy).to_have_text("Copy the link")
    expect(share).to_be_in_viewport(ratio=1)  # the first screen, no scrolling
    expect(copy).to_be_in_viewport(ratio=1)
    shot(page, "table-share-top", full_page=False)
    share.tap()
    page.wait_for_function("() => window.sharedData.length === 1")
    assert page.evaluate("window.sharedData[0].url") == link
    copy.tap()
    expect(copy).to_have_text("✓ Copied")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.locator("summary", has_text="QR code and link").tap()  # the QR code stays a tap away
    expect(page.get_by_alt_text("QR code of the table link")).to_be_visible()


def test_a_night_to_send_as_a_few_lines_and_as_a_picture(
    page: Page, live_server: str, shot
) -> None:
    page.add_init_script(SHARE_SHEET)
    open_boodle_table(page, live_server)
    night = page.locator("#night")
    text = night.locator("#night-text").input_value()
    assert text.splitlines()[2:4] == ["Games", "1. Boodle: Leads: P4"]
    assert "P1 pays P4 4.70" in text
    # A line a game, a player and a payment under their headings, nothing more.
    assert len(text.splitlines()) == 1 + (2 + 1) + (2 + 5) + (2 + 4)
    assert "★ P4 +5.30" in text
    preview = night.get_by_role("img", name=re.compile("The evening as a picture"))
    expect(preview).to_be_visible()
    assert preview.evaluate("img => img.complete && img.naturalWidth") == 1080
    preview.scroll_into_view_if_needed()
    shot(page, "table-night-card", full_page=False)
    night.get_by_role("button", name="Share the picture").tap()
    page.wait_for_function("() => window.sharedData.length === 1")
    (shared,) = page.evaluate("window.sharedData[0].files")
    assert shared["type"] == "image/png" and shared["name"] == "evening.png"
    assert shared["size"] > 10_000  # a picture, not an empty canvas
    night.get_by_role("button", name="Send the text").tap()
    page.wait_for_function("() => window.sharedData.length === 2")
    assert page.evaluate("window.sharedData[1].text") == text


def test_the_settle_up_rounds_to_the_coin_the_table_chose(
    page: Page, live_server: str, shot
) -> None:
    open_boodle_table(page, live_server)
    page.locator("summary", has_text="Currency: none").tap()
    page.get_by_label("Payments rounded to").select_option(label="1.00")
    page.get_by_role("button", name="Save the currency").tap()
    expect(page.locator(".erounding")).to_contain_text("Rounded to 1.00 a payment:")
    amounts = page.locator(".epayment .eamount").all_inner_texts()
    assert amounts and all(amount.endswith(".00") for amount in amounts), amounts
    expect(page.locator("#evening-money summary")).to_contain_text("payments rounded to 1.00")
    page.locator(".erounding").scroll_into_view_if_needed()
    shot(page, "table-settle-up-in-coins", full_page=False)


# Each of the selectors is within the page's width (the layout viewport: a mobile browser
# widens ``innerWidth`` to whatever sticks out).
INSIDE = """(selectors) => selectors.every((s) => {
  const box = document.querySelector(s).getBoundingClientRect();
  return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth;
})"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("screen", ["phone", "large-text-narrow"])
def test_the_table_page_passes_axe_and_fits_the_screen(
    page: Page, live_server: str, shot, scheme: str, screen: str
) -> None:
    """With payments, their reasons open, the coin, the night's picture: axe finds nothing,
    and none of them sticks out sideways, at 390 px and at 320 px with the text at 200 %."""
    page.emulate_media(color_scheme=scheme)
    if screen == "large-text-narrow":
        use_screen(page, "narrow")
        session = page.context.new_cdp_session(page)
        session.send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    page.add_init_script(SHARE_SHEET)
    open_boodle_table(page, live_server)
    page.locator(".epayment .ewhy summary").first.tap()
    page.locator("#evening-money summary").tap()
    expect(page.get_by_role("img", name=re.compile("The evening as a picture"))).to_be_visible()
    assert page.evaluate(INSIDE, [".share-bar", "#settle", "#night", ".night-card img"])
    assert problems(page) == []
    shot(page, f"table-page-{screen}-{scheme}")
    for part in ("#share", "#settle", "#night"):  # each part as the screen shows it
        page.locator(part).evaluate("e => e.scrollIntoView()")
        shot(page, f"table-page-{screen}-{scheme}-{part[1:]}", full_page=False)
