"""At a 390 x 844 phone: a game of Mulle is over, Cia has come: play again with her in two taps
and her name."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import import_example
from tests.examples import EXAMPLES

pytestmark = pytest.mark.browser


def test_someone_who_came_plays_the_next_game_of_mulle(page: Page, live_server: str, shot) -> None:
    url = import_example(page, live_server, EXAMPLES / "mulle-full-game.json")  # Anna and Bo
    change = page.locator("details.again-change")
    expect(change.locator("summary")).to_have_text("Someone comes or goes?")
    expect(change).to_contain_text("keeps its players")
    change.locator("summary").tap()
    change.get_by_label("Someone new").fill("Cia")
    shot(page, "again-changed-mulle", full_page=False)
    change.get_by_role("button", name="Play again with these players").tap()
    expect(page).not_to_have_url(url)
    expect(page.locator("#game .strip")).to_contain_text("Cia")
    expect(page.locator("#game .banner")).to_contain_text(re.compile("Anna|Bo"))
    shot(page, "again-changed-mulle-new-game", full_page=False)


def test_a_list_the_game_cannot_play_is_said_beside_it(page: Page, live_server: str) -> None:
    import_example(page, live_server, EXAMPLES / "mulle-full-game.json")
    change = page.locator("details.again-change")
    change.locator("summary").tap()
    for name in ("Anna", "Bo"):  # both go home
        change.locator("label.key", has_text=name).tap()
    change.get_by_label("Someone new").fill("Cia")
    change.get_by_role("button", name="Play again with these players").tap()
    error = page.locator("#again-playing-error")
    expect(error).to_have_text("Mulle is played by 2 to 4 players; you named 1.")
    expect(page.locator("details.again-change")).to_have_attribute("open", "")
    expect(change.get_by_label("Someone new")).to_have_value("Cia")


def test_a_mulle_total_is_adjusted_with_its_reason_from_the_game_page(
    page: Page, live_server: str, shot
) -> None:
    """Anna 71, Bo 97: a revoke costs Bo 10 points, written on the sheet with its reason."""
    import_example(page, live_server, EXAMPLES / "mulle-full-game.json")
    page.get_by_role("link", name="± Adjust a total").tap()
    page.locator("label.key", has_text="Bo").tap()
    page.get_by_label("Points").fill("-10")
    page.get_by_label("Why").fill("revoke")
    shot(page, "mulle-adjust-a-total", full_page=False)
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator("#game .strip")).to_contain_text("87")
    expect(page.locator("#game .adjusted")).to_have_count(1)
    expect(page.locator("#game")).to_contain_text("revoke")
