"""A whole 4-player Plump game (19 deals) played through the real UI on a phone."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.table import TapCounter

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
PLAN = [*range(10, 0, -1), *range(2, 11)]


class Table(TapCounter):
    """The table of this game, tapping its own controls."""

    def pad(self, name: str):  # type: ignore[no-untyped-def]
        legend = self.page.locator("legend", has_text=re.compile(rf"^\s*{name}\b"))
        return self.page.locator("#entry fieldset.pad").filter(has=legend)

    def number(self, name: str, value: int) -> None:
        self.tap(self.pad(name).locator("label.key").nth(value))

    def button(self, text: str) -> None:
        self.tap(self.page.get_by_role("button", name=text))


def order(deal: int) -> list[str]:
    """Bidding order of deal ``deal`` (1-based) when Anna deals first: the dealer is last."""
    dealer = (deal - 1) % 4
    return [PLAYERS[(dealer + 1 + i) % 4] for i in range(4)]


def deal_entries(deal: int, cards: int) -> tuple[dict[str, int], dict[str, int]]:
    """Bids and tricks for one deal: the first bidder bids 1 and makes it; the second takes the
    rest; the dealer bids 0 unless the hook forbids it."""
    first, second, third, dealer = order(deal)
    bids = {first: 1, second: 0, third: 0, dealer: 0 if cards != 1 else 1}
    tricks = {first: 1, second: cards - 1, third: 0, dealer: 0}
    return bids, tricks


def points(bids: dict[str, int], tricks: dict[str, int]) -> dict[str, int]:
    return {p: (10 + bids[p]) if bids[p] == tricks[p] else 0 for p in bids}


def play_deal(table: Table, deal: int, bids: dict, tricks: dict, *, trump: str | None) -> None:
    page = table.page
    if trump:
        table.tap(page.locator("label.suit-key").nth("HDCS".index(trump)))
    for player in order(deal):
        table.number(player, bids[player])
    table.button("Save bids")
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    for player in order(deal)[:-1]:  # the last player's tricks are filled in
        table.number(player, tricks[player])
    last = order(deal)[-1]
    expect(table.pad(last).locator("input:checked")).to_have_value(str(tricks[last]))
    table.button("Save tricks")
    expect(page.locator(".said")).to_contain_text(f"Tricks of deal {deal} saved")


def totals_on_sheet(page: Page) -> list[int]:
    return [int(t) for t in page.locator("tfoot td").all_inner_texts()]


def test_a_whole_plump_game_on_a_phone(page: Page, live_server: str, shot) -> None:
    page.goto(live_server + "/new")
    for i, name in enumerate(PLAYERS):
        page.locator(f"#players-{i}").fill(name)
    page.locator("label.game-card", has_text="Plump").tap()
    shot(page, "plump-setup-players")
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").tap()
    shot(page, "plump-setup-options")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 19")

    table = Table(page)
    expected = dict.fromkeys(PLAYERS, 0)
    taps_per_deal = []
    for deal, cards in enumerate(PLAN, start=1):
        bids, tricks = deal_entries(deal, cards)
        before = table.taps
        play_deal(table, deal, bids, tricks, trump="HDCS"[deal % 4] if cards < 13 else None)
        taps_per_deal.append(table.taps - before)
        for player, score in points(bids, tricks).items():
            expected[player] += score
        if deal == 2:
            # Undo: the tricks of deal 2 come back off the sheet, then are entered again.
            page.get_by_role("button", name="Undo").tap()
            expect(page.locator("#entry h2")).to_have_text("Tricks taken")
            for player in order(deal)[:-1]:
                table.number(player, tricks[player])
            table.button("Save tricks")
            expect(page.locator(".banner")).to_contain_text("Deal 3 of 19")
        if deal == 4:
            # Deal 3 in progress, as the table sees it: bids entered, tricks to come.
            next_bids, _ = deal_entries(5, PLAN[4])
            for player in order(5):
                table.number(player, next_bids[player])
            shot(page, "plump-deal-in-progress")
            page.reload()  # the unsaved taps go; nothing was stored
        if deal == 6:
            # Correction: in deal 1 the second bidder really took one trick less, the third one.
            page.get_by_role("link", name="Correct deal 1").tap()
            expect(page.locator("h1")).to_have_text("Correct deal 1")
            b1, t1 = deal_entries(1, 10)
            second, third = order(1)[1], order(1)[2]
            fixed = {**t1, second: t1[second] - 1, third: 1}
            seat = {p: PLAYERS.index(p) for p in PLAYERS}
            for player in (second, third):
                pad = page.locator(f"fieldset[data-field=tricks_{seat[player]}]")
                pad.locator("label.key").nth(fixed[player]).tap()
            page.get_by_role("button", name="Save the correction").tap()
            expect(page.locator(".banner")).to_contain_text("Deal 7 of 19")
            old, new = points(b1, t1), points(b1, fixed)
            for player in PLAYERS:
                expected[player] += new[player] - old[player]
        assert totals_on_sheet(page) == [expected[p] for p in PLAYERS], f"after deal {deal}"

    expect(page.locator(".banner")).to_contain_text("Game over")
    best = max(expected.values())
    winners = [p for p in PLAYERS if expected[p] == best]
    expect(page.locator(".banner")).to_contain_text(", ".join(winners))
    shot(page, "plump-final-protocol")
    # One tap per player for bids and for tricks (the last trick is filled in), a tap to
    # confirm each, and one for the trump turned up.
    assert max(taps_per_deal) <= 4 + 1 + 3 + 1 + 1
