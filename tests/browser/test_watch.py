"""The watch view on a TV or a tablet lying sideways: the score, the deal being played and what
happens next above the fold, in large type, following the phones within seconds."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from assistant.games import GAMES
from tests.browser.table import import_example
from tests.examples import example_records

SIZES = {"tv": {"width": 1280, "height": 720}, "tablet": {"width": 1024, "height": 768}}
FOLLOWS_WITHIN_MS = 3000

ABOVE_THE_FOLD = """(selectors) => selectors.every((s) => {
  const box = document.querySelector(s)?.getBoundingClientRect();
  return box && box.top >= 0 && box.left >= 0
    && box.bottom <= innerHeight && box.right <= innerWidth;
})"""


def longest_example(kind: str):  # type: ignore[no-untyped-def]
    return max(example_records(kind), key=lambda path: len(json.loads(path.read_text())["rounds"]))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind", GAMES)
def test_the_watch_view_has_the_score_and_what_comes_next_above_the_fold(
    phone: Callable[..., Page], server: str, shot, kind: str, size: str
) -> None:
    player = phone()
    import_example(player, server, longest_example(kind))
    watch = player.get_by_role("link", name="Watch view").get_attribute("href")
    tv = phone(viewport=SIZES[size], is_mobile=False, has_touch=False, device_scale_factor=1)
    tv.goto(server + str(watch))
    expect(tv.locator(".game.watch")).to_be_visible()
    assert tv.evaluate("scrollY") == 0
    assert tv.evaluate(ABOVE_THE_FOLD, ["#game .banner", "#game .strip"])
    # Large type: the totals at least twice a phone's body text (18 px).
    total = tv.locator(".strip-total").first.evaluate(
        "t => parseFloat(getComputedStyle(t).fontSize)"
    )
    assert total >= 36
    shot(tv, f"watch-{kind}-{size}")

    version = int(str(tv.locator("#game").get_attribute("data-version")))
    player.locator(".thumb-bar .undo").tap()  # a phone changes the sheet
    expect(player.locator(".said")).to_contain_text("Undone")
    expect(tv.locator("#game")).to_have_attribute(
        "data-version", str(version + 1), timeout=FOLLOWS_WITHIN_MS
    )
    expect(tv.locator(".elsewhere")).to_contain_text("Another phone: Undone:")
    assert tv.evaluate(ABOVE_THE_FOLD, ["#game .banner", "#game .strip"])
