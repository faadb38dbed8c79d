"""Plump without signal: the game page kept for it, then a whole 4-player game of 19 deals played
offline on the phone, bids made and missed, the dealer's hook kept, tricks saved with a slip and
taken back with Undo, and an earlier deal corrected on its own page; back online the server
shows, step by step, what the phone showed, and stores each change once."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import Offline, Signal, new_game_offline
from tests.browser.test_offline import page_errors
from tests.browser.test_offline_forms import set_tricks
from tests.browser.test_plump_game import PLAN, PLAYERS, Table, order, points, totals_on_sheet

pytestmark = pytest.mark.browser

SLIP = 9  # the deal whose tricks are saved wrong, taken back with Undo and entered again
LATE = 13  # after this deal ...
CORRECTED = 4  # ... this one is corrected: Cia took one of Dan's tricks after all
# (ms) The first answer of the phone may wait for the Python it started when the table was kept.
STARTING = 120_000


def entries(deal: int, cards: int) -> tuple[dict[str, int], dict[str, int]]:
    """Bids and tricks of a deal, the same every run (drawn from the deal's number): the first
    three bid 0-3, never more than is left; the dealer anything but what the hook forbids. All
    make their bids but one, who takes what the others leave (the hook: he misses); every third
    deal one trick more goes astray, and two more miss."""
    draw = random.Random(deal)
    *bidders, dealer = order(deal)
    bids: dict[str, int] = {}
    for player in bidders:
        bids[player] = draw.randint(0, min(3, cards - sum(bids.values())))
    forbidden = cards - sum(bids.values())
    bids[dealer] = draw.choice([bid for bid in range(min(3, cards) + 1) if bid != forbidden])
    loser = draw.choice([p for p in bids if sum(bids.values()) - bids[p] <= cards])
    tricks = {**bids, loser: cards - sum(bids.values()) + bids[loser]}
    if deal % 3 == 0:
        giver = next(p for p in order(deal) if p != loser and tricks[p] > 0)
        taker = next(p for p in reversed(order(deal)) if p not in (loser, giver))
        tricks[giver] -= 1
        tricks[taker] += 1
    return bids, tricks


class OfflineTable(Table):
    """Each step the phone answers noted, as it shows it."""

    def __init__(self, page: Page, offline: Offline) -> None:
        super().__init__(page)
        self.offline = offline

    def said(self, text: str, timeout: float | None = None) -> None:
        expect(self.page.locator("#game .said")).to_contain_text(text, timeout=timeout)
        self.offline.seen()

    def bids(self, deal: int, bids: dict[str, int], *, timeout: float | None = None) -> None:
        if deal % 2:  # the trump turned up, now and then (it is optional)
            self.tap(self.page.locator("label.suit-key").nth(deal // 2 % 4))
        *bidders, dealer = order(deal)
        for player in bidders:
            self.number(player, bids[player])
        forbidden = PLAN[deal - 1] - sum(bids[player] for player in bidders)
        if forbidden >= 0:  # the dealer's hook: the bid that would make the cards is not his
            expect(self.pad(dealer).locator(f"input[value='{forbidden}']")).to_be_disabled()
        self.number(dealer, bids[dealer])
        self.button("Save bids")
        self.said(f"Bids of deal {deal} saved.", timeout)

    def tricks(self, deal: int, tricks: dict[str, int], tapped: list[str] | None = None) -> None:
        """Tricks tapped (by default all but the last player's, which are filled in)."""
        *others, last = order(deal)
        for player in others if tapped is None else tapped:
            self.number(player, tricks[player])
        expect(self.pad(last).locator("input:checked")).to_have_value(str(tricks[last]))
        self.button("Save tricks")
        self.said(f"Tricks of deal {deal} saved.")

    def undo(self, what: str) -> None:
        undo = self.page.locator(".thumb-bar .undo")
        expect(undo).to_have_text(f"↶ Undo: {what}")
        self.tap(undo)
        self.said(f"Undone: {what}.")

    def correct(self, deal: int, tricks: dict[str, int]) -> None:
        """Deal ``deal`` corrected on its own page (drawn on the phone)."""
        self.tap(self.page.get_by_role("link", name=f"Correct deal {deal}"))
        expect(self.page.locator("h1")).to_have_text(f"Correct deal {deal}")
        set_tricks(self.page, tricks)
        self.button("Save the correction")
        self.said(f"Deal {deal} corrected. Totals: ")


def test_a_whole_game_of_19_deals_with_an_undo_and_a_correction_offline(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    offline = new_game_offline(page, signal, "Plump", PLAYERS, "Deal 1 of 19")
    table = OfflineTable(page, offline)
    expected = dict.fromkeys(PLAYERS, 0)
    made = dict.fromkeys(PLAYERS, 0)

    for deal, cards in enumerate(PLAN, start=1):
        bids, tricks = entries(deal, cards)
        # The first answer offline may wait for Python on the phone; the correction's page and
        # the game after it are answered by that same Python (the app stays one document).
        table.bids(deal, bids, timeout=STARTING if deal == 1 else None)
        if deal == SLIP:
            # One trick given to the wrong player and saved; Undo brings the tricks back as
            # tapped, and the two wrong keys are tapped right.
            first, *_, last = order(deal)
            table.tricks(deal, {**tricks, first: tricks[first] + 1, last: tricks[last] - 1})
            table.undo(f"the tricks of deal {deal}")
            table.tricks(deal, tricks, tapped=[first, last])
        else:
            table.tricks(deal, tricks)
        for player, score in points(bids, tricks).items():
            expected[player] += score
        for player in PLAYERS:
            made[player] += bids[player] == tricks[player]
        if deal == SLIP:
            shot(page, "offline-plump-mid-game", full_page=False)
        if deal == LATE:
            bids, tricks = entries(CORRECTED, PLAN[CORRECTED - 1])
            fixed = {**tricks, "Cia": tricks["Cia"] + 1, "Dan": tricks["Dan"] - 1}
            table.correct(CORRECTED, {"Cia": fixed["Cia"], "Dan": fixed["Dan"]})
            for player in PLAYERS:
                expected[player] += points(bids, fixed)[player] - points(bids, tricks)[player]
            expect(page.locator(".banner")).to_contain_text(f"Deal {LATE + 1} of 19")
    assert all(0 < made[player] < len(PLAN) for player in PLAYERS)  # each made some, missed some

    expect(page.locator(".banner")).to_contain_text("Game over")
    assert totals_on_sheet(page) == [expected[player] for player in PLAYERS]
    shot(page, "offline-plump-game-over", full_page=False)
    on_the_phone = offline.phone_export()

    assert offline.back_online() == offline.shown  # the server's answers, step by step
    assert offline.server_export() == on_the_phone
    assert offline.changes() == offline.said  # each change once, in the order it was made
    assert len(offline.said) == 2 * len(PLAN) + 3  # the slip and its Undo, the correction
    assert errors == []
