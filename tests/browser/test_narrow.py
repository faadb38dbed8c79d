"""At 360 px nothing scrolls sideways but the sheet table, in every game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.table import choose_players

GAMES = {
    "Plump": ["Anna", "Bo", "Cia", "Dan", "Eva"],
    "Mus": ["Anna", "Ben", "Carla", "Dan"],
    "Mulle": ["Anna", "Bo", "Cia", "Dan"],
    "Boodle": ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia"],
}
LONG = ["Anna-Karin Lindqvist", "Bo Gustav Ekström", "Cecilia Wahlberg", "Dan Nordenskiöld"]
WIDER_THAN_THE_PAGE = """() => document.documentElement.scrollWidth > window.innerWidth"""


@pytest.mark.parametrize("game", GAMES)
def test_no_sideways_scrolling_at_360_px(page: Page, live_server: str, game: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    choose_players(page, live_server, game, GAMES[game])
    assert not page.evaluate(WIDER_THAN_THE_PAGE), "set-up, step 2"
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    assert not page.evaluate(WIDER_THAN_THE_PAGE), "the game page"
    page.goto(page.url + "rules")
    assert not page.evaluate(WIDER_THAN_THE_PAGE), "the rules card"


@pytest.mark.parametrize("game", GAMES)
def test_long_names_do_not_push_the_page_sideways(page: Page, live_server: str, game: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    players = [*LONG, *GAMES[game][4:]]
    choose_players(page, live_server, game, players)
    page.locator("label.key", has_text=LONG[0]).first.tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    assert not page.evaluate(WIDER_THAN_THE_PAGE)
