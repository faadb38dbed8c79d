"""Boodle on a phone when people come and go: Bo sits out a deal (two taps where the deal is set
up), chips are moved by hand with a reason, Bo joins again, Eva (new to the game) sits down
and Cia goes home; the banner, the keys of the deal, the sheet and the strip follow each
change."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.table import in_sight
from tests.browser.test_boodle import Table, balances, start_boodle


def who_plays(table: Table, deal: int, button: str) -> None:
    """The change of who plays: open "Who plays deal N" (unless it is open), tap the name."""
    page = table.page
    seats = page.locator("details.bseats")
    if not seats.evaluate("node => node.open"):
        table.tap(seats.locator("summary", has_text=f"Who plays deal {deal}"))
    table.tap(seats.get_by_role("button", name=button))


def test_a_player_sits_out_chips_are_moved_and_he_joins_again(
    page: Page, live_server: str, shot
) -> None:
    table = start_boodle(page, live_server)
    table.played("AH", "Bo")
    table.out("Dan", {"Anna": 3, "Bo": 2, "Cia": 4}, deal=1)
    assert balances(page) == [-11, -1, -8, 5]

    # Bo was to deal deal 2: he sits it out, and the deal passes to Cia
    before = table.taps
    who_plays(table, 2, "Bo sits out or leaves")
    assert table.taps - before == 2
    expect(page.locator(".said")).to_contain_text("Bo sits out deal 2.")
    expect(page.locator(".banner")).to_contain_text("Cia deals")
    out_keys = page.locator("form.boodle-out input[name=out]")
    expect(out_keys).to_have_count(3)
    expect(page.locator("form.boodle-play button[name=by]")).to_have_text(["Anna", "Cia", "Dan"])
    shot(page, "boodle-come-sits-out", full_page=False)

    # Dan drops a chip: it goes onto Q♦'s pile, with its reason
    table.tap(page.locator("summary", has_text="Move chips"))
    move = page.locator("details.bmove")
    move.locator("select[name=move_from]").select_option("Dan")
    move.locator("select[name=move_to]").select_option("QD")
    move.locator("input[name=move_reason]").fill("dropped a chip")
    table.tap(move.get_by_role("button", name="Move the chips"))
    expect(page.locator(".said")).to_contain_text("Dan puts 1 chip on Q♦ (dropped a chip)")
    in_sight(page, "the chips moved")
    table.out("Anna", {"Cia": 2, "Dan": 3}, deal=2)
    # Cia dealt (8), Anna and Dan 4 each; Anna goes out with 5 cards left; Dan's chip on Q♦
    assert balances(page) == [-11 - 4 + 5, -1, -8 - 8 - 2, 5 - 4 - 3 - 1]
    row = page.locator("#row-deal-2 td")
    expect(row.nth(1)).to_have_class(re.compile(r"\bsat-out\b"))
    expect(row.nth(1)).to_contain_text("not dealt in")
    expect(row.nth(3)).to_have_class(re.compile(r"\badjusted\b"))
    expect(page.locator("#adjust-2")).to_contain_text("Dan puts 1 chip on Q♦ (dropped a chip)")
    page.locator("#row-deal-2").scroll_into_view_if_needed()
    shot(page, "boodle-come-sheet", full_page=False)

    # Bo comes back for deal 3 (the table played on without him until he joins)
    expect(page.locator(".banner")).to_contain_text("Dan deals")
    who_plays(table, 3, "Bo joins")
    expect(page.locator(".said")).to_contain_text("Bo joins deal 3.")
    expect(out_keys).to_have_count(4)
    expect(page.locator(".banner")).to_contain_text("Dan deals")

    # Eva, new to the game, sits down before deal 3 (two taps and her name): she is dealt in
    before = table.taps
    table.tap(page.locator("details.newcomer summary"))
    page.locator("#newcomer").fill("Eva")
    table.tap(page.get_by_role("button", name="Joins from this deal"))
    assert table.taps - before == 2
    expect(page.locator(".said")).to_contain_text("Eva joins from deal 3.")
    expect(out_keys).to_have_count(5)
    expect(page.locator("form.boodle-play button[name=by]")).to_have_text(
        ["Anna", "Bo", "Cia", "Dan", "Eva"]
    )
    expect(page.locator("#row-deal-1 td").nth(4)).to_have_class(re.compile(r"\bsat-out\b"))

    # Cia goes home (two taps): the deal is dealt to the four others
    before = table.taps
    who_plays(table, 3, "Cia sits out or leaves")
    assert table.taps - before == 2
    expect(page.locator(".said")).to_contain_text("Cia sits out deal 3.")
    expect(out_keys).to_have_count(4)
    expect(page.locator("form.boodle-play button[name=by]")).to_have_text(
        ["Anna", "Bo", "Dan", "Eva"]
    )
    shot(page, "boodle-come-newcomer", full_page=False)
