"""At 360 px nothing scrolls sideways but the sheet table, in every game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from assistant.games import GAMES
from tests.browser.table import choose_players, players_for

LONG = ["Anna-Karin Lindqvist", "Bo Gustav Ekström", "Cecilia Wahlberg", "Dan Nordenskiöld"]
WIDER_THAN_THE_PAGE = """() => document.documentElement.scrollWidth > window.innerWidth"""


@pytest.mark.parametrize("kind", GAMES)
def test_no_sideways_scrolling_at_360_px(page: Page, live_server: str, kind: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    spec = GAMES[kind]
    choose_players(page, live_server, spec.title, players_for(spec, 6))
    assert not page.evaluate(WIDER_THAN_THE_PAGE), "set-up, step 2"
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    assert not page.evaluate(WIDER_THAN_THE_PAGE), "the game page"
    page.goto(page.url + "rules")
    assert not page.evaluate(WIDER_THAN_THE_PAGE), "the rules card"


@pytest.mark.parametrize("kind", GAMES)
def test_long_names_do_not_push_the_page_sideways(page: Page, live_server: str, kind: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    spec = GAMES[kind]
    players = [*LONG, *players_for(spec, 6)[4:]][: spec.max_players]
    choose_players(page, live_server, spec.title, players)
    page.locator("label.key", has_text=LONG[0]).first.tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    assert not page.evaluate(WIDER_THAN_THE_PAGE)
