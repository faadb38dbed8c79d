"""Boodle without signal: the game page kept for it, then five deals of Three in One played
offline on the phone, with the spare hand auctioned, a fault and every poker stage; back online
the server shows, step by step, what the phone showed, and stores each change once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import Offline, Signal
from tests.browser.table import choose_players
from tests.browser.test_boodle import PLAYERS
from tests.browser.test_boodle_poker import PokerTable
from tests.browser.test_offline import page_errors

pytestmark = pytest.mark.browser


class OfflineTable(PokerTable):
    """Each step the phone answers noted, as it shows it."""

    def __init__(self, page: Page, offline: Offline) -> None:
        super().__init__(page)
        self.offline = offline

    def said(self, text: str) -> None:
        expect(self.page.locator(".said")).to_contain_text(text)
        self.offline.seen()

    def sale(self, buyer: str, price: int, dealer: str) -> None:
        self.tap(self.page.locator("summary", has_text="The spare hand is sold"))
        sale = self.page.locator("details.bmore", has_text="The spare hand is sold")
        self.tap(sale.locator("label.key", has_text=buyer))
        for _ in range(price - 1):  # the price starts at 1
            self.tap(sale.locator("[data-step='1']"))
        self.tap(sale.get_by_role("button", name="Save the sale"))
        self.said(f"{buyer} buys the spare hand for {price} chips, paid to {dealer}")

    def poker(self, folds: list[str], chips: int, pot: int, winner: str) -> None:
        """The poker stage: who folds (or everyone in), the bet, the winner tapped."""
        for name in folds:
            self.tap(self.page.get_by_role("button", name=f"{name} folds"))
            self.said(f"{name} folds.")
        if folds:
            self.tap(self.page.get_by_role("button", name="The others are in:"))
        else:
            self.tap(self.page.get_by_role("button", name="Everyone is in"))
        self.said("In: ")
        self.bet(chips, pot)
        self.offline.seen()
        self.tap(self.page.locator(f".bpoker-winner button[value={winner}]"))
        self.said(f"{winner} wins the poker pot: {pot} chips")

    def played(self, card: str, by: str) -> None:
        super().played(card, by)
        self.offline.seen()

    def fault(self, by: str) -> None:
        super().fault(by)
        self.offline.seen()

    def out(self, winner: str, cards_left: dict[str, int], deal: int) -> None:
        super().out(winner, cards_left, deal)
        self.offline.seen()


def test_five_deals_with_an_auction_a_fault_and_three_in_one_offline(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    choose_players(page, signal.url, "Boodle", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.locator("label.key", has_text="Custom").tap()  # opens the custom rules
    page.locator("label.key", has_text="Auctioned unseen").tap()
    page.get_by_role("checkbox", name="Three in One: a poker stage before the stops").check()
    ante = page.get_by_role("group", name="Chips each player puts into the poker pot")
    ante.locator("label.key", has_text="1").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("the pot holds 4")
    offline = Offline(page, page.url, signal)
    table = OfflineTable(page, offline)

    # Deal 1, Anna deals: Cia buys the spare hand; everyone in, Bo takes the poker pot.
    table.sale("Cia", 2, dealer="Anna")
    table.poker([], chips=1, pot=8, winner="Bo")
    table.played("AH", "Bo")
    table.out("Dan", {"Anna": 3, "Bo": 2, "Cia": 4}, deal=1)
    # Deal 2, Bo deals: Dan folds at poker; Cia leads wrong and is barred.
    table.poker(["Dan"], chips=1, pot=7, winner="Cia")
    table.fault("Cia")
    table.played("QD", "Cia")  # barred: its chips stay
    table.played("JS", "Anna")
    shot(page, "offline-boodle-mid-game", full_page=False)
    table.out("Bo", {"Anna": 1, "Cia": 0, "Dan": 5}, deal=2)
    # Deals 3 to 5.
    table.poker([], chips=1, pot=8, winner="Dan")
    table.played("QD", "Dan")
    table.out("Anna", {"Bo": 2, "Cia": 3, "Dan": 1}, deal=3)
    table.poker([], chips=2, pot=12, winner="Anna")
    table.played("KC", "Anna")
    table.out("Cia", {"Anna": 2, "Bo": 1, "Dan": 0}, deal=4)
    table.poker([], chips=1, pot=8, winner="Bo")
    table.out("Bo", {"Anna": 1, "Cia": 2, "Dan": 3}, deal=5)
    expect(page.locator(".boodle-protocol tbody tr")).to_have_count(5)
    expect(page.locator(".banner")).to_contain_text("Deal 6")
    shot(page, "offline-boodle-five-deals", full_page=False)
    on_the_phone = offline.phone_export()

    assert offline.back_online() == offline.shown  # the server's answers, step by step
    assert offline.server_export() == on_the_phone
    assert offline.changes() == offline.said  # each change once, in the order it was made
    assert errors == []
