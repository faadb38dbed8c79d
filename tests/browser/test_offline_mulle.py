"""Mulle without signal: the game page kept for it, then a whole game of two deals played offline
on the phone, its mulles, tabbar (one removed again) and both counts of the piles; back online
the server shows, step by step, what the phone showed, and stores each change once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import Offline, Signal, new_game_offline
from tests.browser.test_mulle import PLAYERS, Table, totals_on_sheet
from tests.browser.test_offline import page_errors

pytestmark = pytest.mark.browser


class OfflineTable(Table):
    """Each step the phone answers noted, as it shows it."""

    def __init__(self, page: Page, offline: Offline) -> None:
        super().__init__(page)
        self.offline = offline

    def mulle(self, player: str, card: str) -> None:
        super().mulle(player, card)
        self.offline.seen()

    def tabbe(self, player: str) -> None:
        super().tabbe(player)
        self.offline.seen()

    def next_round(self, to: int) -> None:
        super().next_round(to)
        self.offline.seen()

    def count_the_piles(self, deal: int) -> None:
        self.tap(self.page.get_by_role("button", name=re.compile("^Count the piles ▸")))
        heading = self.page.get_by_role("heading", name=f"Count the piles of deal {deal}")
        expect(heading).to_be_visible()
        self.offline.seen()

    def save_count(self, deal: int, said: str) -> None:
        self.tap(self.page.get_by_role("button", name=f"Save deal {deal}"))
        self.said(said)
        self.offline.seen()


def test_a_whole_game_with_mulles_tabbar_and_the_count_offline(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    offline = new_game_offline(page, signal, "Mulle", PLAYERS, "Deal 1 of 2")
    table = OfflineTable(page, offline)

    # Deal 1: the worked example of the rules, 44 against 38.
    table.mulle("Anna", "8C")
    table.next_round(2)
    table.tabbe("Anna")
    table.mulle("Bo", "5C")
    table.next_round(3)
    table.mulle("Anna", "KH")
    table.tabbe("Anna")
    table.tabbe("Bo")
    table.next_round(4)
    table.mulle("Bo", "QD")
    table.tabbe("Bo")  # a slip of the finger, removed again with one tap
    table.tap(page.get_by_role("button", name="Remove tabbe of Bo").last)
    expect(page.locator(".chip.event.tabbe")).to_have_count(3)
    offline.seen()
    table.next_round(5)
    table.tabbe("Anna")
    table.next_round(6)
    expect(page.locator(".bat-call")).to_contain_text("Båt")
    shot(page, "offline-mulle-mid-game", full_page=False)
    table.count_the_piles(1)
    table.count(0, "spades", 14)
    table.count(0, "aces", 3)
    table.count(0, "spade_aces", 1)
    table.count(0, "spade_twos", 1)
    table.count(0, "diamond_tens", 1)
    shot(page, "offline-mulle-count", full_page=False)
    table.save_count(1, "Deal 1 counted: Anna 44, Bo 38.")
    assert totals_on_sheet(page) == [44, 38]

    # Deal 2: Bo deals, Anna plays first; Bo's pile is the rest of the pack.
    expect(page.locator(".banner")).to_contain_text("Anna plays first")
    table.mulle("Anna", "AH")
    table.mulle("Bo", "10D")
    table.tabbe("Bo")
    for to in range(2, 7):
        table.next_round(to)
    table.mulle("Bo", "3S")
    table.mulle("Bo", "JC")
    table.tabbe("Bo")
    table.count_the_piles(2)
    table.count(0, "spades", 9)
    table.count(0, "aces", 2)
    table.count(0, "spade_twos", 2)
    table.save_count(2, "Deal 2 counted")
    expect(page.locator(".banner")).to_contain_text("Winner: Bo")
    assert totals_on_sheet(page) == [71, 97]
    shot(page, "offline-mulle-game-over", full_page=False)
    on_the_phone = offline.phone_export()

    assert offline.back_online() == offline.shown  # the server's answers, step by step
    assert offline.server_export() == on_the_phone
    assert offline.changes() == offline.said  # each change once, in the order it was made
    assert errors == []
