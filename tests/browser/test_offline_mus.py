"""Mus without signal: the game page kept for it, then a whole game to 40 played offline on the
phone, each hand from the cards: the seed hand (11–0), one where nobody bets, and an órdago at
grande; back online the server shows, step by step, what the phone showed, and stores each
change once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import Signal, new_game_offline
from tests.browser.test_mus import PLAYERS, SEED_CARDS, Table, board
from tests.browser.test_offline import page_errors

pytestmark = pytest.mark.browser


def hands(table: Table, cards: list[str]) -> None:
    """Each player's four cards, tapped on the rank keys into his own row."""
    for seat, hand in enumerate(cards):
        table.tap(table.page.locator(f"#cards_{seat}"))
        table.cards([hand])


def test_a_game_to_40_with_an_ordago_offline(page: Page, signal: Signal, shot) -> None:
    errors = page_errors(page)
    offline = new_game_offline(page, signal, "Mus", PLAYERS, "Anna is mano")
    table = Table(page)

    def saved(said: str) -> None:
        table.saved(said)
        offline.seen()

    # Hand 1, Anna mano: the seed example of the rules, lance by lance, then its cards.
    table.paso()
    saved("Hand 1: grande entered.")
    table.answer(1, "Quiero")  # chica: Ben & Dan bet 2
    saved("Hand 1: chica entered.")
    table.said_yes("Anna", "Carla", "Dan")
    saved("Hand 1: who has pares entered.")
    table.bet_by(1)
    table.answer(2, "No quiero")
    saved("Hand 1: pares entered.")
    board(page, [1, 0])  # the rejected pares pays at once
    table.said_yes("Anna", "Dan")
    saved("Hand 1: who has juego entered.")
    table.answer(1, "Quiero")
    saved("Hand 1: juego entered.")
    expect(page.locator(".mus-step")).to_have_text("Showdown")
    hands(table, SEED_CARDS)
    table.tap(page.get_by_role("button", name="Save the hand"))
    saved("Hand 1 saved")
    board(page, [11, 0])
    expect(page.locator(".banner")).to_contain_text("Ben is mano")
    shot(page, "offline-mus-mid-game", full_page=False)

    # Hand 2, Ben mano: nobody bets; the same cards say who takes each lance.
    table.paso()  # grande
    saved("Hand 2: grande entered.")
    table.paso()  # chica
    saved("Hand 2: chica entered.")
    table.said_yes("Anna", "Carla", "Dan")
    saved("Hand 2: who has pares entered.")
    table.paso()
    saved("Hand 2: pares entered.")
    table.said_yes("Anna", "Dan")
    saved("Hand 2: who has juego entered.")
    table.paso()
    saved("Hand 2: juego entered.")
    hands(table, SEED_CARDS)
    table.tap(page.get_by_role("button", name="Save the hand"))
    saved("Hand 2 saved")
    expect(page.locator(".banner")).to_contain_text("Carla is mano")

    # Hand 3, Carla mano: an órdago at grande, Dan: quiero; the cards say who won it.
    table.tap(page.locator("label.ordago"))
    table.answer(2, "Quiero")
    saved("Hand 3: grande entered.")
    expect(page.locator(".mus-step")).to_contain_text("Órdago at grande: who won?")
    expect(page.locator("input[name=mode][value=cards]")).to_be_checked()
    hands(table, SEED_CARDS)  # Anna's K-K-Q-A is the best grande
    table.tap(page.get_by_role("button", name="Save the hand"))
    saved("Hand 3 saved")
    expect(page.locator(".banner")).to_contain_text("Game 2")
    expect(page.locator(".mus-game-block h3").first).to_contain_text(
        re.compile(r"won by Anna & Carla with an órdago \(Anna & Carla \d+, Ben & Dan \d+\)")
    )
    board(page, [0, 0])
    shot(page, "offline-mus-game-won", full_page=False)
    on_the_phone = offline.phone_export()

    assert offline.back_online() == offline.shown  # the server's answers, step by step
    assert offline.server_export() == on_the_phone
    assert offline.changes() == offline.said  # each change once, in the order it was made
    assert errors == []
