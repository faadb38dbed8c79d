"""Mus on a phone: the cards shown at the end are checked against who said yes before pares and
juego. Dan said yes to pares; typed without a pair, his hand is refused beside it, the cards
kept; corrected, the hand saves."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import LAYOUT_SCREENS, choose_players, use_screen
from tests.browser.test_accessibility import problems
from tests.browser.test_mus import PLAYERS, SEED_CARDS, Table, board


@pytest.mark.parametrize("screen", LAYOUT_SCREENS)
def test_a_hand_that_contradicts_what_was_said_is_said_beside_it(
    page: Page, live_server: str, shot, screen: str
) -> None:
    use_screen(page, screen)
    choose_players(page, live_server, "Mus", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    table = Table(page)
    table.paso()  # grande
    table.answer(1, "Quiero")  # chica
    table.said_yes("Anna", "Carla", "Dan")  # pares
    table.bet_by(1)
    table.answer(2, "No quiero")
    table.said_yes("Anna", "Dan")  # juego
    table.answer(1, "Quiero")
    expect(page.locator(".mus-step")).to_have_text("Showdown")
    table.cards([*SEED_CARDS[:3], "KQ76"])  # Dan: no pair, though he said yes to pares
    table.tap(page.get_by_role("button", name="Save the hand"))
    dan = page.locator("#cards_3")
    error = page.locator("#cards_3-error")
    expect(error).to_have_text(
        "Dan said yes to pares, but these cards have no pares. Yes or no is said truthfully:"
        " correct the cards, or step back to who said yes."
    )
    expect(dan).to_have_value("KQ76")
    expect(dan).to_have_attribute("aria-describedby", "cards_3-error")
    board(page, [1, 0])  # nothing counted yet
    error.scroll_into_view_if_needed()
    shot(page, f"mus-said-against-the-cards-{screen}", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert problems(page) == []
    table.tap(page.locator("[data-hand-clear]").nth(3))  # Dan's last card back: a 7
    table.tap(page.locator(".rank-pad [data-rank='7']"))
    expect(dan).to_have_value("KQ77")
    table.tap(page.get_by_role("button", name="Save the hand"))
    expect(page.locator(".said")).to_contain_text("Hand 1 saved")
    board(page, [11, 0])
