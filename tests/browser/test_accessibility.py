"""axe-core finds no WCAG 2.2 AA problem on the pages a table uses, light and dark."""

from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from assistant.games import GAMES
from tests.browser.table import choose_players, import_example, players_for
from tests.examples import example_records

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]


def problems(page: Page) -> list[str]:
    """axe-core's findings on the whole page. The page is checked laid out at its full height:
    a sticky Save button or the bar at thumb height lie over different keys at every scroll
    position, so their overlap is not what target-size measures here."""
    size = page.viewport_size
    assert size is not None
    height = page.evaluate("document.documentElement.scrollHeight")
    page.set_viewport_size({"width": size["width"], "height": max(height, size["height"])})
    try:
        result = Axe().run(page, options={"runOnly": {"type": "tag", "values": TAGS}})
    finally:
        page.set_viewport_size(size)
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


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("kind", GAMES)
def test_every_page_of_a_game_in_play_passes_axe(
    page: Page, live_server: str, kind: str, scheme: str
) -> None:
    """A game with rounds (its longest example record): the game page with its strip, Undo and
    sheet, a word explained, the correction of a round, the rules, the watch view, the delete
    page and the table page. target-size is among the rules checked (wcag22aa)."""
    page.emulate_media(color_scheme=scheme)
    record = max(example_records(kind), key=lambda p: len(json.loads(p.read_text())["rounds"]))
    game = import_example(page, live_server, record)
    expect(page.locator(".thumb-bar .undo")).to_be_visible()
    assert problems(page) == [], "the game page"
    words = page.locator("#game button.word")
    if words.count():
        words.first.tap()
        expect(page.locator(".word-tip:popover-open")).to_be_visible()
        assert problems(page) == [], "a word explained"
        page.keyboard.press("Escape")
    watch = str(page.get_by_role("link", name="Watch view").get_attribute("href"))
    for path, what in (
        (game + "rounds/1", "the correction of round 1"),
        (game + "rules", "the rules"),
        (live_server + watch, "the watch view"),
        (game + "delete", "the delete page"),
        (game.split("/g/")[0] + "/", "the table page"),
    ):
        page.goto(path)
        assert problems(page) == [], what
