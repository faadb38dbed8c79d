"""Offline (cut for real: tests/relay.py), every change the phone accepts is kept with its own key
and the version it was made on, and sent in order when the connection is back: none takes the
place of the one before."""

from __future__ import annotations

import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from tests.browser.on_the_phone import KEPT, Signal, on_server
from tests.browser.table import choose_players
from tests.browser.test_offline import page_errors

pytestmark = pytest.mark.browser
CLOCK = r"\d{1,2}:\d\d(\s?[AP]M)?"  # the phone's time of day, as its language writes it


def server_page(url: str) -> str:
    """A page as the server has it, asked past the browser."""
    with urllib.request.urlopen(url) as response:  # a local test server
        return response.read().decode()


def history(game_url: str) -> list[str]:
    """What the server's change log says, oldest first."""
    page = server_page(game_url + "history")
    return list(reversed(re.findall(r'<p class="hwhat">([^<]*)</p>', page)))


def start(page: Page, server: str, game: str, players: list[str]) -> str:
    choose_players(page, server, game, players)
    page.locator("label.key", has_text=players[0]).first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("#game")).to_have_attribute("data-version", "0")
    return page.url


def mulle(page: Page, who: str, rank: str, suit: str) -> None:
    live = page.locator(".mulle-live")
    live.locator(".names-row label.key", has_text=who).tap()
    live.locator(".ranks label.key").filter(has_text=re.compile(rf"^{rank}$")).tap()
    live.locator(f".suit-buttons button[value={suit}]").tap()


def test_three_mulles_offline_are_three_mulles_on_the_server(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    url = on_server(start(page, signal.url, "Mulle", ["Olle", "Pia", "Lisa"]), signal)
    page.locator(".tabbe-buttons button", has_text="Pia").tap()  # online: something to undo
    expect(page.locator(".said")).to_contain_text("Tabbe for Pia.")
    undo = page.locator(".thumb-bar .undo")
    expect(undo).to_have_text("↶ Undo: Pia's tabbe")

    signal.cut(page)
    live_line = page.locator("[data-live]")
    expect(live_line).to_have_text(re.compile(rf"^Offline since {CLOCK}$"))
    mulle(page, "Olle", "8", "C")
    expect(live_line).to_have_text(re.compile(rf"^Offline since {CLOCK} · 1 change waits$"))
    mulle(page, "Pia", "K", "H")
    expect(live_line).to_have_text(re.compile(rf"^Offline since {CLOCK} · 2 changes wait$"))
    mulle(page, "Lisa", "5", "D")
    expect(live_line).to_have_text(re.compile(rf"^Offline since {CLOCK} · 3 changes wait$"))
    assert page.evaluate(KEPT) == 3
    expect(page.locator("#game [data-outbox]")).to_be_hidden()  # the line says it: no box
    # Undo would take back the tabbe (all the server knows), not the last mulle: it waits.
    expect(undo).to_be_disabled()
    expect(page.locator(".thumb-bar [data-taps-waiting]")).to_have_text(
        "Undo waits until the changes on this phone are sent."
    )
    # A mulle adds to the deal: no note that the next one replaces it.
    expect(page.locator("[data-outbox-next]")).to_be_hidden()
    shot(page, "offline-outbox-three-mulles", full_page=False)
    assert history(url) == ["Tabbe for Pia."]

    signal.restore(page)
    expect(page.locator("#game")).to_have_attribute("data-version", "4")
    assert history(url) == [
        "Tabbe for Pia.",
        "Mulle 8♣ for Olle.",
        "Mulle K♥ for Pia.",
        "Mulle 5♦ for Lisa.",
    ]
    expect(page.locator(".chip.event:not(.tabbe)")).to_have_count(3)
    expect(live_line).to_have_text(re.compile(rf"· 3 waiting changes sent at {CLOCK}$"))
    expect(undo).to_be_enabled()
    expect(undo).to_have_text(re.compile(r"↶ Undo: .*Lisa"))
    expect(page.locator(".thumb-bar [data-taps-waiting]")).to_be_hidden()
    shot(page, "offline-outbox-three-mulles-sent", full_page=False)
    assert page.evaluate(KEPT) == 0
    assert errors == []


def test_two_boodle_cards_offline_are_both_stored_with_their_chips(
    page: Page, signal: Signal
) -> None:
    errors = page_errors(page)
    url = on_server(start(page, signal.url, "Boodle", ["Anna", "Bo", "Cia", "Dan"]), signal)
    form = page.locator("form.boodle-play")
    signal.cut(page)
    for card, by in (("KC", "Bo"), ("QD", "Cia")):
        form.locator("label.bcard").filter(has=page.locator(f"input[value={card}]")).tap()
        form.locator(f"button[value={by}]").tap()
    expect(page.locator("[data-live]")).to_have_text(re.compile(r" · 2 changes wait$"))
    assert page.evaluate(KEPT) == 2

    signal.restore(page)
    expect(page.locator("#game")).to_have_attribute("data-version", "2")
    assert history(url) == [
        "Bo plays K♣ and takes the 5 chips on it",
        "Cia plays Q♦ and takes the 5 chips on it",
    ]
    assert server_page(url).count('class="bcard bplayed"') == 2  # both taken on the server
    expect(page.locator(".bcard.bplayed")).to_have_count(2)
    assert errors == []


def test_bids_saved_twice_offline_are_one_change_and_the_page_says_so(
    page: Page, signal: Signal
) -> None:
    """A form that takes one entry a step (Plump's bids) saved again offline replaces what
    waits, and the page says that the next step comes when the connection is back."""
    url = on_server(start(page, signal.url, "Plump", ["Anna", "Bo", "Cia", "Dan"]), signal)
    signal.cut(page)
    bids = {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}
    for name, number in bids.items():
        pad = page.locator("fieldset.pad", has=page.locator("legend", has_text=name))
        pad.locator("label.key", has_text=re.compile(rf"^\s*{number}\s*$")).tap()
    page.get_by_role("button", name="Save bids").tap()
    note = page.locator("[data-outbox-next]")
    expect(note).to_have_text(
        "The next step can be entered once it is sent; saving this form again replaces what waits."
    )
    dan = page.locator("fieldset.pad", has=page.locator("legend", has_text="Dan"))
    dan.locator("label.key", has_text=re.compile(r"^\s*0\s*$")).tap()
    page.get_by_role("button", name="Save bids").tap()
    expect(page.locator("[data-live]")).to_have_text(re.compile(r" · 1 change waits$"))
    assert page.evaluate(KEPT) == 1

    signal.restore(page)
    expect(page.get_by_role("heading", name="Tricks taken")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-version", "1")
    assert len(history(url)) == 1
    expect(dan).to_contain_text("bid 0")
