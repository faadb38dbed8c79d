"""No connection at the table (cut for real: tests/relay.py), every form: a correction kept and
sent once (or, when the table changed the game meanwhile, both versions to choose from), play
again kept, setting up saying it needs a connection; the outbox counted and named in the header,
kept over a closed browser."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect

from tests.browser.conftest import PHONE
from tests.browser.on_the_phone import CONTROLLED, KEPT, Signal, on_server, outbox_holds
from tests.browser.test_offline import (
    BIDS,
    PLAYERS,
    page_errors,
    server_version,
    start_plump,
    tap_pads,
)

pytestmark = pytest.mark.browser

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
TRICKS = {"Bo": 3, "Cia": 3, "Dan": 1}  # deal 1: Anna's 3 are filled in; Cia misses her 2


def play_deal_one(page: Page) -> None:
    tap_pads(page, BIDS)
    page.get_by_role("button", name="Save bids").tap()
    expect(page.get_by_role("heading", name="Tricks taken")).to_be_visible()
    tap_pads(page, TRICKS)
    page.get_by_role("button", name="Save tricks").tap()
    expect(page.locator("#game .banner")).to_contain_text("Deal 2 of 19")


def set_tricks(page: Page, tricks: dict[str, int]) -> None:
    """On the correction page: a player's tricks (the second pad of his name). Offline the page
    is drawn on the phone, by a Python that may still be starting (tens of seconds on a busy
    machine, longer than a tap's own wait)."""
    expect(page.locator("form#correction")).to_be_visible(timeout=300_000)
    for name, number in tricks.items():
        legend = page.locator("legend", has_text=re.compile(rf"^\s*{name}\b"))
        pads = page.locator("form#correction fieldset.pad").filter(has=legend)
        pads.nth(1).locator("label.key", has_text=re.compile(rf"^\s*{number}\s*$")).tap()


def badge(page: Page):  # type: ignore[no-untyped-def]
    return page.locator("header.top [data-outbox-menu] [data-outbox-count]")


def outbox_list(page: Page) -> list[str]:
    page.locator("header.top [data-outbox-menu] summary").tap()
    items = page.locator("header.top [data-outbox-items] li a")
    names = items.all_inner_texts()
    page.locator("header.top [data-outbox-menu] summary").tap()
    return names


def page_text(url: str) -> str:
    """A page as the server has it now, asked past the browser."""
    with urllib.request.urlopen(url) as response:  # a local test server
        return response.read().decode()


WAITS_ONE = "Saved on this phone: 1 change waits for the connection."


def test_a_correction_made_offline_is_applied_once_when_the_connection_returns(
    page: Page, signal: Signal, shot
) -> None:
    errors = page_errors(page)
    url = start_plump(page, signal.url)
    server = on_server(url, signal)
    play_deal_one(page)
    version = server_version(server)
    page.get_by_role("link", name="Correct deal 1").tap()
    expect(page.locator("h1")).to_have_text("Correct deal 1")
    signal.cut(page)
    set_tricks(page, {"Bo": 4, "Cia": 2})  # Cia made her 2 after all, Bo took one more
    page.get_by_role("button", name="Save the correction").tap()

    expect(page.locator("#main [data-outbox]")).to_have_text(WAITS_ONE)
    expect(badge(page)).to_have_text("1")
    assert outbox_list(page) == ["Plump: Correct deal 1"]
    assert page.evaluate(KEPT) == 1
    assert server_version(server) == version
    shot(page, "offline-correction-kept", full_page=False)

    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url) if r.method == "POST" else None)
    signal.restore(page)
    # Sent as the form would have been: the game, saying what the correction did.
    expect(page.locator("#game .said")).to_contain_text("Deal 1 corrected.")
    expect(page).to_have_url(url)
    outbox_holds(page, 0)
    assert len([u for u in sent if "/rounds/1" in u]) == 1  # sent once
    expect(badge(page)).to_be_hidden()
    page.reload()  # nothing is left to send: the correction stays applied once
    expect(page.locator("#game .said")).to_have_count(0)
    assert server_version(server) == version + 1
    expect(page.locator("table.protocol tfoot td")).to_have_text(["13", "0", "12", "11"])
    history = page_text(server + "history")
    assert history.count("Deal 1 corrected.") == 1
    assert errors == []


def other_phone_corrects_deal_one(browser: Browser, server: str) -> None:
    """Meanwhile another phone corrects the same deal its own way: Dan took two."""
    other = browser.new_context(**PHONE)
    try:
        phone = other.new_page()
        phone.goto(server + "rounds/1")
        set_tricks(phone, {"Dan": 2, "Cia": 2})
        phone.get_by_role("button", name="Save the correction").tap()
        expect(phone.locator("#game .said")).to_contain_text("Deal 1 corrected.")
    finally:
        other.close()


def correction_waiting(page: Page, signal: Signal) -> tuple[str, str]:
    """A Plump game's deal 1 corrected with the signal cut (Bo 4 tricks, Cia 2), the correction
    waiting in the outbox: the game's address as the phone has it, and on the server past the
    relay."""
    url = start_plump(page, signal.url)
    server = on_server(url, signal)
    play_deal_one(page)
    page.get_by_role("link", name="Correct deal 1").tap()
    expect(page.locator("h1")).to_have_text("Correct deal 1")
    signal.cut(page)
    set_tricks(page, {"Bo": 4, "Cia": 2})
    page.get_by_role("button", name="Save the correction").tap()
    expect(badge(page)).to_have_text("1")
    return url, server


def test_a_correction_the_table_changed_meanwhile_shows_both_versions(
    page: Page, browser: Browser, signal: Signal, shot
) -> None:
    _, server = correction_waiting(page, signal)
    other_phone_corrects_deal_one(browser, server)
    version = server_version(server)

    signal.restore(page)
    conflict = page.locator("#conflict")
    expect(conflict).to_contain_text("The table changed the game while this correction waited")
    rows = conflict.locator("table.versions tbody tr")
    expect(rows.filter(has_text="Bo: tricks")).to_have_text(re.compile(r"Bo: tricks\s*4\s*3"))
    expect(rows.filter(has_text="Dan: tricks")).to_have_text(re.compile(r"Dan: tricks\s*1\s*2"))
    expect(conflict.get_by_role("link", name="Keep the table's")).to_be_visible()
    outbox_holds(page, 0)  # the choice is on the screen now, not in the outbox
    assert server_version(server) == version  # nothing was applied without asking
    shot(page, "offline-correction-conflict")

    conflict.get_by_role("button", name="Keep this phone's").tap()
    expect(page.locator("#game .said")).to_contain_text("Deal 1 corrected.")
    assert server_version(server) == version + 1
    expect(page.locator("table.protocol tfoot td")).to_have_text(["13", "0", "12", "11"])


def test_the_outbox_counts_and_names_what_waits_even_over_a_closed_browser(
    browser_type: BrowserType, browser_type_launch_args: dict, signal: Signal, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    launch = {**browser_type_launch_args, **PHONE}
    context = browser_type.launch_persistent_context(profile, **launch)
    page = context.pages[0] if context.pages else context.new_page()
    url = start_plump(page, signal.url)
    server = on_server(url, signal)
    play_deal_one(page)
    version = server_version(server)
    signal.cut(page)
    tap_pads(page, {"Cia": 1, "Dan": 1, "Anna": 1, "Bo": 1})
    page.get_by_role("button", name="Save bids").tap()
    expect(badge(page)).to_have_text("1")
    # Undo says "the tricks of deal 1", but sent after the bids it would take those back: it
    # waits until they are sent rather than promise one step and take back another.
    expect(page.locator(".thumb-bar .undo")).to_be_disabled()
    expect(page.locator(".thumb-bar [data-taps-waiting]")).to_have_text(
        "Undo waits until the changes on this phone are sent."
    )
    expect(page.locator("[data-live]")).to_have_text(re.compile(r" · 1 change waits$"))
    assert outbox_list(page) == ["Plump: Save bids"]
    context.close()  # the browser is closed with the change unsent

    context = browser_type.launch_persistent_context(profile, **launch, offline=True)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(signal.url + "/")  # the home page, from the phone itself
        assert page.evaluate(CONTROLLED)
        expect(badge(page)).to_have_text("1")
        assert server_version(server) == version
        page.goto(url)
        signal.restore(page)
        outbox_holds(page, 0)
        expect(badge(page)).to_be_hidden()
        assert server_version(server) == version + 1  # applied once
        expect(page.locator(".thumb-bar .undo")).to_have_text("↶ Undo: the bids of deal 2")
        expect(page.locator(".thumb-bar .undo")).to_be_enabled()
    finally:
        context.close()


def test_play_again_without_a_connection_waits_and_starts_one_game(
    page: Page, signal: Signal, shot
) -> None:
    page.goto(signal.url + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    box = page.locator("details.import").first
    box.locator("summary").tap()
    box.locator("input[type=file]").set_input_files(str(EXAMPLES / "mulle-full-game.json"))
    box.get_by_role("button", name="Import").tap()
    expect(page.locator("#game")).to_be_visible()
    game_url = page.url
    table_url = re.sub(r"g/\d+/$", "", on_server(game_url, signal))
    assert page_text(table_url).count('class="egame ') == 1

    signal.cut(page)
    page.get_by_role("button", name="Play again with the same players").tap()
    expect(page.locator("[data-live]")).to_have_text(re.compile(r" · 1 change waits$"))
    expect(badge(page)).to_have_text("1")
    assert outbox_list(page)[0].startswith("New game: Mulle, the same rules:")
    assert page_text(table_url).count('class="egame ') == 1
    shot(page, "offline-play-again-kept", full_page=False)

    signal.restore(page)
    expect(page).not_to_have_url(game_url)
    expect(page.locator("#game .banner")).to_be_visible()
    outbox_holds(page, 0)
    expect(badge(page)).to_be_hidden()
    assert page_text(table_url).count('class="egame ') == 2  # started once


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "This needs a connection, and the phone has none just now."),
        ("sv", "Det här kräver en anslutning, och telefonen har ingen just nu."),
    ],
)
def test_setting_up_a_table_offline_says_it_needs_a_connection(
    page: Page, signal: Signal, language: str, said: str, shot
) -> None:
    page.goto(f"{signal.url}/new?lang={language}")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#players-{i}", name)
    page.locator("label.game-card", has_text="Plump").tap()
    signal.cut(page)
    page.locator("form.setup button.primary").tap()
    note = page.locator("form.setup [data-offline-note]")
    expect(note).to_be_visible()
    expect(note).to_contain_text(said)
    expect(page).to_have_url(f"{signal.url}/new?lang={language}")
    for i, name in enumerate(PLAYERS):  # the input is kept
        expect(page.locator(f"#players-{i}")).to_have_value(name)
    expect(page.locator("label.game-card input[value=plump]")).to_be_checked()
    shot(page, f"offline-setup-{language}", full_page=False)

    signal.restore(page)  # back: the same tap goes on
    expect(note).to_be_hidden()
    page.locator("form.setup button.primary").tap()
    expect(page.locator("label.key", has_text="Anna")).to_be_visible()


# A stand-in for navigator.storage.persist() that counts the requests; ``asked`` resolves at
# the first.
FAKE_PERSIST = """
window.persisted = 0;
window.asked = new Promise((resolve) => { window.markAsked = resolve; });
Object.defineProperty(navigator, "storage", { value: { persist() {
  window.persisted += 1;
  window.markAsked();
  return Promise.resolve(true);
} } });
"""


def test_the_phone_is_asked_to_keep_the_storage_once_a_game_exists(
    page: Page, live_server: str
) -> None:
    page.add_init_script(FAKE_PERSIST)
    page.goto(live_server + "/")  # loaded: the page's own scripts have run
    assert page.evaluate("window.persisted") == 0  # no game yet
    start_plump(page, live_server)
    assert page.evaluate("window.asked.then(() => window.persisted)") == 1
    page.reload()
    assert page.evaluate("window.persisted") == 0  # asked once, not on every page


IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)
IPHONE_CHROME = IPHONE_SAFARI.replace("Version/17.5", "CriOS/126.0.6478.54")


def test_ios_safari_is_told_once_how_to_add_the_app_to_the_home_screen(
    browser: Browser, live_server: str, shot
) -> None:
    context = browser.new_context(**PHONE, user_agent=IPHONE_SAFARI)
    try:
        page = context.new_page()
        page.goto(live_server + "/")
        hint = page.locator("[data-ios-hint]")
        expect(hint).to_be_visible()
        expect(hint).to_contain_text("Add to Home Screen")
        shot(page, "ios-home-screen-hint", full_page=False)
        hint.get_by_role("button", name="OK").tap()
        expect(hint).to_be_hidden()
        page.reload()
        expect(page.locator("header.top")).to_be_visible()
        expect(hint).to_be_hidden()  # once
    finally:
        context.close()
    for agent in (IPHONE_CHROME, None):  # another browser on iOS, or Chrome on Android
        context = browser.new_context(**PHONE, **({"user_agent": agent} if agent else {}))
        try:
            page = context.new_page()
            page.goto(live_server + "/")
            expect(page.locator("header.top")).to_be_visible()
            expect(page.locator("[data-ios-hint]")).to_be_hidden()
        finally:
            context.close()


def test_a_conflict_found_from_another_page_waits_in_the_list_for_a_choice(
    page: Page, browser: Browser, signal: Signal
) -> None:
    url, server = correction_waiting(page, signal)
    page.goto(signal.url + "/")  # the home page, from the phone itself
    expect(badge(page)).to_have_text("1")
    other_phone_corrects_deal_one(browser, server)
    version = server_version(server)

    signal.restore(page)
    menu = page.locator("header.top [data-outbox-menu]")
    item = menu.locator("[data-outbox-items] li.conflict")
    expect(item).to_contain_text("Plump: Correct deal 1 · the table moved on meanwhile")
    assert server_version(server) == version
    menu.locator("summary").tap()
    item.get_by_role("button", name="Show both versions").tap()
    expect(page.locator("#conflict table.versions")).to_contain_text("Bo: tricks")
    outbox_holds(page, 0)
    page.locator("#conflict").get_by_role("link", name="Keep the table's").tap()
    expect(page).to_have_url(url)
    assert server_version(server) == version  # the table's stays


def test_the_evenings_forms_say_they_need_a_connection(page: Page, signal: Signal) -> None:
    url = start_plump(page, signal.url)
    table = re.sub(r"g/\d+/$", "", url)
    page.goto(table)
    signal.cut(page)
    end = page.get_by_role("button", name="End the evening")
    end.tap()
    note = page.locator("form [data-offline-note]")
    expect(note).to_have_text(
        "This needs a connection, and the phone has none just now. What you typed stays here:"
        " tap again when the connection is back."
    )
    expect(page).to_have_url(table)
    assert "Reopen the evening" not in page_text(on_server(table, signal))

    signal.restore(page)
    expect(note).to_be_hidden()
    end.tap()  # the same button, once more: it was never sent
    expect(page.get_by_role("button", name="Reopen the evening")).to_be_visible()


def test_a_form_sent_over_a_dead_connection_says_so_and_keeps_the_input(
    page: Page, live_server: str, shot
) -> None:
    """The phone believes it is online, but the table cannot be reached: the page says so
    beside the form, what was typed still there, and the same tap goes on once it can."""
    url = start_plump(page, live_server)
    table = re.sub(r"g/\d+/$", "", url)
    page.goto(table)
    page.context.route(re.compile(r".*/name$"), lambda route: route.abort("connectionreset"))
    page.get_by_text("Name the evening").tap()
    page.get_by_label("Name of the evening").fill("Friday at Eva’s")
    page.get_by_role("button", name="Save the name").tap()
    note = page.locator("form [data-offline-note]")
    expect(note).to_contain_text("This needs a connection")
    assert page.evaluate("navigator.onLine")
    expect(page.get_by_label("Name of the evening")).to_have_value("Friday at Eva’s")
    shot(page, "form-not-sent", full_page=False)

    page.context.unroute(re.compile(r".*/name$"))
    page.get_by_role("button", name="Save the name").tap()
    expect(page.locator("h1")).to_have_text("Friday at Eva’s")
