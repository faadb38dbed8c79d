"""Plump on a phone when people come and go: Eva comes late and starts from a total the
table chooses, Bo sits a deal out, Dan goes home and Fia, new to the game, joins from the
lowest total; after each change the strip, the sheet, the first bidder and the dealer's
forbidden bid follow the players dealt in; each change is a tap or two from the game page,
and a deal takes the taps it always takes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.table import choose_players, import_example
from tests.browser.test_plump_game import Table as PlumpTable
from tests.examples import EXAMPLES

PLAYERS = ["Anna", "Bo", "Cia", "Dan", "Eva"]


class Table(PlumpTable):
    """The Plump table, with the set-up of the next deal; its buttons are named exactly."""

    def button(self, text: str) -> None:
        self.tap(self.page.get_by_role("button", name=text, exact=True))

    def toggle(self, name: str) -> None:
        """The set-up of the next deal: open it, tap the name (two taps)."""
        setup = self.page.locator("details.setup")
        if not setup.evaluate("box => box.open"):
            self.tap(setup.locator("summary"))
        self.tap(setup.get_by_role("button", name=re.compile(rf"^{name}\b")))


def play(table: Table, order: list[str], bids: dict, tricks: dict, deal: int) -> None:
    """Bids in order, then the tricks (the last player's are filled in): the usual taps."""
    for player in order:
        table.number(player, bids[player])
    table.button("Save bids")
    expect(table.page.locator("#entry h2")).to_have_text("Tricks taken")
    for player in order[:-1]:
        table.number(player, tricks[player])
    table.button("Save tricks")
    expect(table.page.locator(".said")).to_contain_text(f"Tricks of deal {deal} saved")


def adjust_total(
    page: Page, name: str, points: int, reason: str, looked: Callable[[], object]
) -> None:
    """ "± Adjust a total" (one tap to the last deal's correction), then whose, how much and why;
    ``looked`` before it is saved."""
    page.get_by_role("link", name="± Adjust a total").tap()
    page.locator("fieldset[data-field=adjust_player] label.key", has_text=name).tap()
    page.locator("#adjust").fill(str(points))
    page.locator("#adjust_reason").fill(reason)
    looked()
    page.get_by_role("button", name="Save the correction").tap()


def strip_totals(page: Page) -> dict[str, str]:
    names = page.locator(".strip-name").all_inner_texts()
    totals = page.locator(".strip-total").all_inner_texts()
    return {name.replace("★", "").strip(): total for name, total in zip(names, totals, strict=True)}


def test_people_come_and_go_at_a_plump_table(page: Page, live_server: str, shot) -> None:
    choose_players(page, live_server, "Plump", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()  # deals first
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 19")
    table = Table(page)

    # Deal 1: Eva has not come yet. Two taps leave her out; Anna deals, Bo bids first.
    table.toggle("Eva")
    expect(page.locator("details.setup summary")).to_have_text("Players in deal 1: 4 of 5")
    expect(page.locator(".banner")).to_contain_text("Bo bids first")
    expect(table.pad("Eva")).to_have_count(0)
    shot(page, "plump-come-and-go-setup", full_page=False)
    before = table.taps
    order = ["Bo", "Cia", "Dan", "Anna"]
    play(table, order, {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3},
         {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}, 1)  # fmt: skip
    assert table.taps - before == 4 + 1 + 3 + 1  # as for any deal of four
    eva_first = page.locator("#row-deal-1 td").nth(4)
    expect(eva_first).to_have_class(re.compile(r"\bout\b"))
    expect(eva_first).to_have_text("–")

    # Deal 2: Eva sits down (two taps); the deal passes to Bo, Cia bids first; with the
    # others' 0 + 2 + 4 + 2 of 9 cards Bo may not bid 1.
    table.toggle("Eva")
    expect(page.locator(".banner")).to_contain_text("Bo deals")
    expect(page.locator(".banner")).to_contain_text("Cia bids first")
    order = ["Cia", "Dan", "Eva", "Anna", "Bo"]
    for player, bid in zip(order[:-1], (0, 2, 4, 2), strict=True):
        table.number(player, bid)
    forbidden = table.pad("Bo").locator("label.key").nth(1).locator("input")
    expect(forbidden).to_be_disabled()
    table.number("Bo", 0)
    table.button("Save bids")
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")

    # The table lets her start from Dan's 11: one tap to the deal's correction, then whose,
    # how much and why.
    adjust_total(
        page, "Eva", 11, "joins with Dan's 11", lambda: shot(page, "plump-come-and-go-adjust")
    )
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    assert strip_totals(page)["Eva"] == "11"
    for player, taken in zip(order[:-1], (1, 2, 4, 2), strict=True):
        table.number(player, taken)
    table.button("Save tricks")
    expect(page.locator(".said")).to_contain_text("Tricks of deal 2 saved")
    # Cia missed her 0 (1 trick), Dan 12, Eva 14 + 11, Anna 12, Bo made his 0: 10
    expect(page.locator("tfoot td")).to_have_text(["25", "23", "0", "23", "25"])
    expect(page.locator("#note-1")).to_contain_text("Eva +11, joins with Dan's 11")

    # Deal 3: Bo sits out; Cia deals, Dan bids first, the pads are the four others'.
    table.toggle("Bo")
    expect(page.locator(".banner")).to_contain_text("Cia deals")
    expect(page.locator(".banner")).to_contain_text("Dan bids first")
    expect(page.locator("#entry fieldset.pad:not(.suits)")).to_have_count(4)
    expect(table.pad("Bo")).to_have_count(0)
    shot(page, "plump-come-and-go-sheet")
    order = ["Dan", "Eva", "Anna", "Cia"]  # 8 cards; with 2 + 2 + 2 bid, Cia may not bid 2
    for player, bid in zip(order[:-1], (2, 2, 2), strict=True):
        table.number(player, bid)
    expect(table.pad("Cia").locator("label.key").nth(2).locator("input")).to_be_disabled()
    table.number("Cia", 0)
    table.button("Save bids")
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    for player, taken in zip(order[:-1], (2, 3, 3), strict=True):
        table.number(player, taken)
    table.button("Save tricks")
    expect(page.locator(".said")).to_contain_text("Tricks of deal 3 saved")
    # Dan 12, Cia made her 0 (10), Eva and Anna missed; Bo, out, keeps his 23 on the strip
    expect(page.locator("tfoot td")).to_have_text(["25", "23", "10", "35", "25"])
    assert strip_totals(page) == {"Anna": "25", "Bo": "23", "Cia": "10", "Dan": "35", "Eva": "25"}
    expect(page.locator("#row-deal-3 td").nth(1)).to_have_class(re.compile(r"\bout\b"))

    # Deal 4: Dan goes home (two taps); Fia joins from the lowest total of those playing on,
    # Cia's 10 (two taps and her name).
    table.toggle("Dan")
    expect(page.locator("details.setup summary")).to_have_text("Players in deal 4: 3 of 5")
    before = table.taps
    table.tap(page.locator("details.newcomer summary"))
    page.locator("#newcomer").fill("Fia")
    table.button("Joins from the lowest total")
    assert table.taps - before == 2
    expect(page.locator(".said")).to_contain_text(
        "Fia joins from deal 4, from the lowest total (10)."
    )
    assert strip_totals(page)["Fia"] == "10"  # at once, not only once deal 4's bids are saved
    expect(page.locator("tfoot td")).to_have_text(["25", "23", "10", "35", "25", "10"])
    expect(page.locator("details.setup summary")).to_have_text("Players in deal 4: 4 of 6")
    expect(page.locator(".banner")).to_contain_text("Eva deals")
    expect(page.locator(".banner")).to_contain_text("Fia bids first")
    order = ["Fia", "Anna", "Cia", "Eva"]
    for player in order:
        table.number(player, 1)
    table.button("Save bids")
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    assert strip_totals(page)["Fia"] == "10"
    expect(page.locator("#note-2")).to_contain_text("Fia +10, joins from the lowest total")
    expect(page.locator("#row-deal-1 td").nth(5)).to_have_class(re.compile(r"\bout\b"))
    shot(page, "plump-come-and-go-newcomer")


def test_a_player_who_sat_out_has_his_total_adjusted_on_that_deal(
    page: Page, live_server: str, shot, tmp_path: Path
) -> None:
    """Bo sat deal 4 out; the table corrects his total on it: one tap to the deal's correction,
    his name among everyone's (marked out of that deal), the points and why."""
    record = json.loads((EXAMPLES / "plump-come-and-go.json").read_text())
    record["rounds"] = record["rounds"][:4]  # deal 5 still to play
    (tmp_path / "four.json").write_text(json.dumps(record))
    import_example(page, live_server, tmp_path / "four.json")
    assert strip_totals(page)["Bo"] == "24"

    def looked() -> None:  # Bo offered with everyone, marked out of deal 4
        bo = page.locator("fieldset[data-field=adjust_player] label.key", has_text="Bo")
        expect(bo).to_have_text("Bo out")
        shot(page, "plump-adjust-one-who-sat-out")

    adjust_total(page, "Bo", 5, "counted short in deal 3", looked)
    expect(page.locator(".said")).to_contain_text("Deal 4 corrected: Bo +5")
    assert strip_totals(page)["Bo"] == "29"
    cell = page.locator("#row-deal-4 td").nth(1)
    expect(cell).to_have_class(re.compile(r"\bout\b.*\badjusted\b"))
    expect(cell.locator("a.adjust")).to_have_text("+53")  # the points and the note's number
    expect(cell.locator(".running")).to_have_text("29")
    expect(page.locator("#note-3")).to_contain_text("Bo +5, counted short in deal 3")
