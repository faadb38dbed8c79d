"""axe-core finds no WCAG 2.2 AA problem on any page of any game, light and dark, on a phone
and on a 320 px phone with its text at 200 %."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page

from tests.browser.walk import PARTS, SIZES, every_page, phone_at

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
        result = Axe().run(
            page,
            options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]},
        )
    finally:
        page.set_viewport_size(size)
    return [
        f"{v['id']}: {node['target']}" for v in result.response["violations"] for node in v["nodes"]
    ]


@pytest.mark.parametrize("part", PARTS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_of_every_game_passes_axe(
    browser: Browser, live_server: str, scheme: str, size: str, part: str
) -> None:
    """Home and set-up, each game's set-up and first step, the game page of every example
    record (every game in play, one of them finished), a word explained, the Mulle count,
    Boodle's settle-up, the correction of a round, the rules, the history, the watch view, the
    delete page, the table page, an evening with a stake and its settle-up, the circle and a
    player's page (tests/browser/walk.py). target-size is among the rules checked (wcag22aa).
    Every page is checked before the test says what failed. One phone a part of the walk (the
    tables' pages, each game's): a part is about a minute, the whole walk too long for one
    test's time limit on a busy machine."""
    context, page = phone_at(browser, size, scheme)
    found = {}
    try:
        for name in every_page(page, live_server, (part,)):
            if seen := problems(page):
                found[name] = seen
    finally:
        context.close()
    assert found == {}, "\n".join(f"{name}: {seen}" for name, seen in found.items())
