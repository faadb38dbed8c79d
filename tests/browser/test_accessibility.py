"""axe-core finds no WCAG 2.2 AA problem on the pages a table uses, light and dark."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from assistant.games import GAMES
from tests.browser.table import choose_players, players_for

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def problems(page: Page) -> list[str]:
    result = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    return [
        f"{v['id']}: {node['target']}" for v in result.response["violations"] for node in v["nodes"]
    ]


def start_plump(page: Page, live_server: str) -> None:
    choose_players(page, live_server, "Plump", ["Anna", "Bo", "Cia", "Dan"])
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_home_setup_and_table_pages_pass_axe(page: Page, live_server: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server + "/")
    assert problems(page) == []
    page.goto(live_server + "/new")
    assert problems(page) == []
    start_plump(page, live_server)
    assert problems(page) == []
    game = page.url
    page.goto(game + "rules")
    assert problems(page) == []
    page.goto(game.split("/g/")[0] + "/")
    assert problems(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", GAMES)
def test_every_games_pages_pass_axe(page: Page, live_server: str, kind: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    choose_players(page, live_server, GAMES[kind].title, players_for(GAMES[kind]))
    assert problems(page) == [], "set-up, step 2"
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    assert problems(page) == [], "the game page"
    page.goto(page.url + "rules")
    assert problems(page) == [], "the rules card"
