"""The table page (the evening) on a phone: a refused form answered where it is, sharing the
table from its top, the settle-up one line a payment, and a night to send."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.table import import_example
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
