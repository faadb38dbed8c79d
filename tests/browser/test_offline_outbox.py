"""Offline, every change the phone accepts is kept with its own key and the version it was made
on, and sent in order when the connection is back: none takes the place of the one before."""

from __future__ import annotations

import re
import urllib.request

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import choose_players
from tests.browser.test_offline import KEPT, page_errors

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
    page: Page, live_server: str, shot
) -> None:
    errors = page_errors(page)
    url = start(page, live_server, "Mulle", ["Olle", "Pia", "Lisa"])
    page.locator(".tabbe-buttons button", has_text="Pia").tap()  # online: something to undo
    expect(page.locator(".said")).to_contain_text("Tabbe for Pia.")
    undo = page.locator(".thumb-bar .undo")
    expect(undo).to_have_text("↶ Undo: Pia's tabbe")

    page.context.set_offline(True)
    live_line = page.locator("[data-live]")
    expect(live_line).to_have_text(re.compile(rf"^Offline since {CLOCK}$"))
    mulle(page, "Olle", "8", "C")
    pending = page.locator("#game .pending[role=status]")
    expect(pending).to_have_text("Saved on this phone: 1 entry waits for the connection.")
    mulle(page, "Pia", "K", "H")
    expect(pending).to_have_text("Saved on this phone: 2 entries wait for the connection.")
    mulle(page, "Lisa", "5", "D")
    expect(pending).to_have_text("Saved on this phone: 3 entries wait for the connection.")
    assert page.evaluate(KEPT) == 3
    expect(live_line).to_have_text(re.compile(rf"^Offline since {CLOCK} · 3 changes wait$"))
    # Undo would take back the tabbe (all the server knows), not the last mulle: it waits.
    expect(undo).to_be_disabled()
    expect(page.locator(".thumb-bar [data-taps-waiting]")).to_have_text(
        "Undo waits until the changes on this phone are sent."
    )
    # A mulle adds to the deal: no note that the next one replaces it.
    expect(page.locator("[data-outbox-next]")).to_be_hidden()
    shot(page, "offline-outbox-three-mulles", full_page=False)
    assert history(url) == ["Tabbe for Pia."]

    page.context.set_offline(False)
    expect(pending).to_be_hidden()
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
    page: Page, live_server: str
) -> None:
    errors = page_errors(page)
    url = start(page, live_server, "Boodle", ["Anna", "Bo", "Cia", "Dan"])
    form = page.locator("form.boodle-play")
    page.context.set_offline(True)
    for card, by in (("KC", "Bo"), ("QD", "Cia")):
        form.locator("label.bcard").filter(has=page.locator(f"input[value={card}]")).tap()
        form.locator(f"button[value={by}]").tap()
    expect(page.locator("#game .pending[role=status]")).to_have_text(
        "Saved on this phone: 2 entries wait for the connection."
    )
    assert page.evaluate(KEPT) == 2

    page.context.set_offline(False)
    expect(page.locator("#game .pending[role=status]")).to_be_hidden()
    expect(page.locator("#game")).to_have_attribute("data-version", "2")
    assert history(url) == [
        "Bo plays K♣ and takes the 5 chips on it",
        "Cia plays Q♦ and takes the 5 chips on it",
    ]
    assert server_page(url).count('class="bcard bplayed"') == 2  # both taken on the server
    expect(page.locator(".bcard.bplayed")).to_have_count(2)
    assert errors == []


def test_bids_saved_twice_offline_are_one_change_and_the_page_says_so(
    page: Page, live_server: str
) -> None:
    """A form that takes one entry a step (Plump's bids) saved again offline replaces what
    waits, and the page says that the next step comes when the connection is back."""
    url = start(page, live_server, "Plump", ["Anna", "Bo", "Cia", "Dan"])
    page.context.set_offline(True)
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
    expect(page.locator("#game .pending[role=status]")).to_have_text(
        "Saved on this phone: 1 entry waits for the connection."
    )
    assert page.evaluate(KEPT) == 1

    page.context.set_offline(False)
    expect(page.get_by_role("heading", name="Tricks taken")).to_be_visible()
    expect(page.locator("#game")).to_have_attribute("data-version", "1")
    assert len(history(url)) == 1
    expect(dan).to_contain_text("bid 0")
