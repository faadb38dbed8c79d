"""Two phones at one table: what one enters, the other shows within seconds, and a phone in the
middle of tapping is told instead of being overwritten or left silently behind."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import make_phone
from tests.browser.table import choose_players

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
BIDS = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}
# Another poll (or the stream's nudge), its answer and the swap: well within this when busy.
HEARD_WITHIN_MS = 5000


def tap_bids(page: Page, bids: dict[str, int]) -> None:
    for name, number in bids.items():
        legend = page.locator("legend", has_text=re.compile(rf"^\s*{name}\b"))
        page.locator("#entry fieldset.pad").filter(has=legend).locator("label.key").nth(
            number
        ).tap()


def two_phones(phone: Callable[[], Page], server: str, game: str, players: list[str]) -> tuple:
    first = phone()
    choose_players(first, server, game, players)
    first.locator("label.key", has_text="Anna").first.tap()
    first.get_by_role("button", name="Start the game").tap()
    first.wait_for_selector("#game")
    second = phone()
    second.goto(first.url)
    return first, second


def test_the_other_phone_follows_by_itself(phone, server: str) -> None:
    first, second = two_phones(phone, server, "Plump", PLAYERS)
    tap_bids(first, BIDS)
    first.get_by_role("button", name="Save bids").tap()
    # The second phone hears of it (its stream, else its poll) and swaps in the new step by
    # itself, saying who did what.
    expect(second.locator("#entry h2")).to_have_text("Tricks taken", timeout=HEARD_WITHIN_MS)
    expect(second.locator(".elsewhere")).to_contain_text("Another phone: Bids of deal 1 saved.")
    expect(second.locator(".live-line")).to_contain_text("heard from the table")


def test_a_half_filled_form_gets_a_banner_and_a_stale_save_says_what_it_lost(
    phone, server: str, way: str, shot
) -> None:
    first, second = two_phones(phone, server, "Plump", PLAYERS)
    tap_bids(second, {"Bo": 2, "Cia": 1})  # the second phone is in the middle of the bids
    tap_bids(first, BIDS)
    first.get_by_role("button", name="Save bids").tap()
    expect(first.locator(".said")).to_contain_text("Bids of deal 1 saved")

    banner = second.locator("[data-changed]")
    expect(banner).to_be_visible(timeout=HEARD_WITHIN_MS)
    expect(banner).to_contain_text("Another phone saved meanwhile: Bids of deal 1 saved.")
    shot(second, f"two-phones-banner-{way.replace(' ', '-')}")
    expect(second.locator("#entry h2")).to_contain_text("Bids")  # its taps are still there
    expect(second.locator("#entry input:checked")).to_have_count(2)

    tap_bids(second, {"Dan": 0, "Anna": 3})
    second.get_by_role("button", name="Save bids").tap()
    notice = second.locator(".notice")
    said = "Another phone entered meanwhile (Bids of deal 1 saved. Bo leads)."
    expect(notice).to_contain_text(said)
    expect(notice).to_contain_text("so they were not kept")
    expect(notice).to_contain_text("You had tapped: Bo 2, Cia 1, Dan 0, Anna 3.")
    expect(notice).to_be_in_viewport()
    expect(second.locator("#entry h2")).to_have_text("Tricks taken")


HEARD_TWICE = """() => new Promise((done) => {
  let heard = 0;
  document.addEventListener("table:heard", () => { heard += 1; if (heard === 2) done(); });
})"""


def test_a_half_filled_form_is_not_told_of_a_change_that_did_not_happen(
    phone, server: str, way: str
) -> None:
    first, _second = two_phones(phone, server, "Plump", PLAYERS)
    tap_bids(first, {"Bo": 2})  # in the middle of the bids, alone at the table
    if way == "stream":  # two heartbeats saying the version it shows: the first one handled
        first.evaluate(HEARD_TWICE)
    for _ in range(2 if way != "stream" else 0):  # two polls answered "nothing new" (204)
        with first.expect_response(lambda r: "/poll" in r.url and r.status == 204):
            pass
    expect(first.locator("[data-changed]")).to_be_hidden()
    expect(first.locator("#entry input:checked")).to_have_count(1)


def test_taps_of_the_same_step_are_kept_when_the_newer_page_is_shown(phone, server: str) -> None:
    first, second = two_phones(phone, server, "Mulle", ["Anna", "Bo"])
    live = second.locator(".mulle-live")
    live.locator(".names-row label.key", has_text="Bo").tap()  # half a mulle: who and rank
    live.locator(".ranks label.key").filter(has_text=re.compile(r"^7$")).tap()
    first.locator(".tabbe-buttons button", has_text="Anna").tap()
    expect(first.locator(".chip.event.tabbe")).to_have_count(1)

    expect(second.locator("[data-changed]")).to_contain_text(
        "Tabbe for Anna.", timeout=HEARD_WITHIN_MS
    )
    second.locator("[data-changed-show]").tap()
    expect(second.locator(".chip.event.tabbe")).to_have_count(1)  # the newer page is shown ...
    expect(second.locator(".mulle-live input[name=by]:checked")).to_have_value("1")  # ... and
    expect(second.locator(".mulle-live input[name=rank]:checked")).to_have_value("7")  # kept
    second.locator(".mulle-live .suit-buttons button[value=S]").tap()
    expect(second.locator(".said")).to_contain_text("Mulle 7♠ for Bo.")
    expect(second.locator(".chip.event")).to_have_count(2)


def test_the_table_page_says_when_another_phone_changed_the_evening(
    browser: Browser, live_server: str, shot
) -> None:
    """The table page polls (it holds no stream): this test is not run over the stream."""
    first, second = two_phones(make_phone(browser), live_server, "Plump", PLAYERS)
    table = first.url.split("/g/")[0] + "/"
    first.goto(table)
    second.goto(table)
    second.get_by_text("Name the evening").tap()
    second.get_by_label("Name of the evening").fill("Friday at Eva’s")
    second.get_by_role("button", name="Save the name").tap()
    expect(second.locator("h1")).to_have_text("Friday at Eva’s")

    banner = first.locator("#evening-changed")
    expect(banner).to_contain_text(
        "Another phone changed the evening.", timeout=HEARD_WITHIN_MS * 2
    )
    expect(banner).to_be_in_viewport()
    shot(first, "table-changed-banner", full_page=False)
    banner.get_by_role("link", name="Show").tap()
    expect(first.locator("h1")).to_have_text("Friday at Eva’s")
    expect(first.locator("#evening-changed")).to_be_hidden()  # drawn afresh: listening again
