"""The watch view on a TV or a tablet lying sideways: the score, the deal being played and what
happens next above the fold, in large type, following the phones within seconds."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from assistant.games import GAMES
from tests.browser.conftest import PHONE
from tests.browser.table import import_example
from tests.examples import EXAMPLES, example_records

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
    # (The page may scroll to bring the last deal into sight: the score's column sticks.)
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
    # A TV shows no notices: nobody at a TV reads "Another phone: …", and it took the sheet's place.
    expect(tv.locator(".elsewhere")).to_have_count(0)
    assert tv.evaluate(ABOVE_THE_FOLD, ["#game .banner", "#game .strip"])


def long_plump_record(folder: Path, deals: int) -> Path:
    """A Plump game of ``deals`` deals (Anna takes every trick, everybody bids nothing): its
    deal being played is far down the sheet."""
    players = ["Anna", "Bo", "Cia", "Dan"]
    rounds = []
    for deal in range(1, deals + 1):
        cards = 11 - deal if deal <= 10 else deal - 9  # 10 cards down to 1, then up again
        tricks = {name: cards if name == "Anna" else 0 for name in players}
        rounds.append({"trump": "S", "bids": dict.fromkeys(players, 0), "tricks": tricks})
    record = {"format": "table-assistant/1", "game": "plump", "players": players,
              "options": {}, "first_dealer": "Anna", "rounds": rounds}  # fmt: skip
    path = folder / "long-plump.json"
    path.write_text(json.dumps(record))
    return path


def test_the_tv_follows_the_deal_being_played_after_another_phone_saved(
    browser: Browser, live_server: str, shot, tmp_path: Path
) -> None:
    phone = browser.new_context(**PHONE).new_page()
    import_example(phone, live_server, long_plump_record(tmp_path, 14))
    watch = phone.get_by_role("link", name="Watch view").get_attribute("href")
    tv = browser.new_context(viewport=SIZES["tv"]).new_page()
    tv.goto(live_server + str(watch))
    current = tv.locator("#game [aria-current=step]")
    expect(current).to_have_attribute("id", "row-deal-15")
    expect(current).to_be_in_viewport()

    phone.locator(".thumb-bar .undo").tap()  # the tricks of deal 14 taken back: it is played again
    expect(tv.locator("#game [aria-current=step]")).to_have_attribute(
        "id", "row-deal-14", timeout=FOLLOWS_WITHIN_MS
    )
    expect(tv.locator(".elsewhere")).to_have_count(0)
    shot(tv, "watch-plump-follows-deal-14", full_page=False)
    assert tv.evaluate(ABOVE_THE_FOLD, ["#game .banner", "#game .strip", "#game .sheet thead th"])
    expect(tv.locator("#game [aria-current=step]")).to_be_in_viewport(ratio=1)


def test_the_tv_keeps_the_last_boodle_deal_in_sight(
    browser: Browser, live_server: str, shot, tmp_path: Path
) -> None:
    """Boodle's sheet lists the deals played, the last at the bottom: that is the one the TV
    shows, sixteen deals in."""
    record = json.loads((EXAMPLES / "boodle-two-deals.json").read_text())
    record["rounds"] = [record["rounds"][0]] * 16
    path = tmp_path / "long-boodle.json"
    path.write_text(json.dumps(record))
    phone = browser.new_context(**PHONE).new_page()
    import_example(phone, live_server, path)
    watch = phone.get_by_role("link", name="Watch view").get_attribute("href")
    tv = browser.new_context(viewport=SIZES["tv"]).new_page()
    tv.goto(live_server + str(watch))
    expect(tv.locator("#row-deal-16")).to_be_in_viewport(ratio=1)
    assert tv.evaluate(ABOVE_THE_FOLD, ["#game .banner", "#game .strip"])  # the score stays
    shot(tv, "watch-boodle-deal-16", full_page=False)
