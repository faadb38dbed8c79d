"""Every page of every game, each visited once: the walk that the accessibility test and the
narrow-screen test share. ``every_page`` loads a page, waits until it is drawn and yields its
name; the test checks the page as it stands and lets the walk go on."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from assistant.games import GAMES
from tests.browser.conftest import PHONE
from tests.browser.table import choose_players, import_example, players_for
from tests.examples import EXAMPLES, example_records

# The two sizes every page must read at: a phone, and a narrow phone with the browser's own
# text at 200 % (Chromium's font size, as a person sets it: a CSS rule would not reach the
# media queries in em).
SIZES = {
    "phone": {"width": 390, "height": 844, "text": 16},
    "narrow-large-text": {"width": 320, "height": 640, "text": 32},
}


def phone_at(browser: Browser, size: str, scheme: str) -> tuple[BrowserContext, Page]:
    """A new phone of ``size`` (of SIZES) in the colour ``scheme``, its text size set."""
    screen = SIZES[size]
    viewport = {"width": screen["width"], "height": screen["height"]}
    context = browser.new_context(**{**PHONE, "viewport": viewport}, color_scheme=scheme)
    page = context.new_page()
    if screen["text"] != 16:
        session = context.new_cdp_session(page)
        fixed = screen["text"] * 13 // 16
        sizes = {"standard": screen["text"], "fixed": fixed}
        session.send("Page.setFontSizes", {"fontSizes": sizes})
    return context, page


# The walk in parts, each short enough to be one test: the pages of the tables, then each game's.
PARTS = ("tables", *GAMES)


def every_page(page: Page, live_server: str, parts: tuple[str, ...] = PARTS) -> Iterator[str]:
    """Home, set-up, an evening with a stake and its settle-up, the circle and a player's
    page (``tables``); for each game: its set-up and first step, every example record's game
    page, the other pages of a game in play (correction, rules, history, watch view, delete,
    table page), the Mulle count, Boodle's settle-up."""
    if "tables" in parts:
        yield from table_pages(page, live_server)
    for kind in (kind for kind in GAMES if kind in parts):
        yield from pages_of(page, live_server, kind)


def table_pages(page: Page, live_server: str) -> Iterator[str]:
    page.goto(live_server + "/")
    yield "home"
    page.goto(live_server + "/new")
    yield "set-up, step 1"
    page.goto(live_server + "/")
    circle = start_circle(page)
    yield "the circle, new"
    yield from evening_pages(page, live_server, circle)


def pages_of(page: Page, live_server: str, kind: str) -> Iterator[str]:
    spec = GAMES[kind]
    choose_players(page, live_server, spec.title, players_for(spec, 5))
    yield f"{kind}: set-up"
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("#game")).to_be_visible()
    yield f"{kind}: the first step"
    if kind == "mulle":
        page.get_by_role("button", name="Count the piles now").tap()
        expect(page.locator("form.piles-form")).to_be_visible()
        yield "mulle: the count"
    for record in example_records(kind):
        import_example(page, live_server, record)
        yield f"{record.stem}: the game page"
    yield from game_pages(page, live_server, longest(kind))


def start_circle(page: Page) -> str:
    page.locator("summary", has_text="Start a circle").tap()
    page.get_by_label("Name of the circle").fill("The Friday group")
    page.get_by_role("button", name="Start the circle").tap()
    expect(page.locator("h1")).to_have_text("The Friday group")
    return page.url


def longest(kind: str) -> Path:
    return max(example_records(kind), key=lambda p: len(json.loads(p.read_text())["rounds"]))


def game_pages(page: Page, live_server: str, record: Path) -> Iterator[str]:
    game = import_example(page, live_server, record)
    kind = record.stem.split("-")[0]
    watch = str(page.get_by_role("link", name="Watch view").get_attribute("href"))
    words = page.locator("#game button.word")
    if words.count():
        # by the keyboard: inside a sheet a word may lie under its sticky first column
        words.first.focus()
        page.keyboard.press("Enter")
        expect(page.locator(".word-tip:popover-open")).to_be_visible()
        yield f"{kind}: a word explained"
        page.keyboard.press("Escape")
    if kind == "boodle":
        page.goto(game + "#settle")
        yield "boodle: the settle-up"
    for path, what in (
        (game + "rounds/1", "the correction of round 1"),
        (game + "rules", "the rules"),
        (game + "history", "the history"),
        (live_server + watch, "the watch view"),
        (game + "delete", "the delete page"),
        (game.split("/g/")[0] + "/", "the table page"),
    ):
        page.goto(path)
        yield f"{kind}: {what}"


def evening_pages(page: Page, live_server: str, circle: str) -> Iterator[str]:
    """Plump's three worked deals with a stake, in the circle; the evening ended."""
    import_example(page, live_server, EXAMPLES / "plump-three-deals.json")
    page.get_by_role("link", name="Table", exact=True).tap()
    game = page.locator("li.egame").first
    game.locator("summary", has_text="Put a stake on it").tap()
    game.get_by_label("Money per unit").fill("0.10")
    game.get_by_role("button", name="Save the stake").tap()
    expect(page.locator(".estandings .emoney").first).to_be_visible()
    page.get_by_label("Put this evening in a circle").select_option(label="The Friday group")
    page.get_by_role("button", name="Put it in the circle").tap()
    expect(page.get_by_role("link", name="Open The Friday group")).to_be_visible()
    yield "the evening with a stake"
    page.get_by_role("button", name="End the evening").tap()
    expect(page.locator(".evening-ended")).to_be_visible()
    page.locator(".epayment").first.get_by_role("button", name="Mark as paid").tap()
    expect(page.locator(".epayment.paid")).to_have_count(1)
    yield "the evening's settle-up"
    page.goto(circle)
    expect(page.locator(".owed li").first).to_be_visible()
    yield "the circle with an evening"
    page.locator("section[aria-labelledby=players-title]").get_by_role("link", name="Bo").tap()
    expect(page.locator("h1")).to_have_text("Bo")
    yield "a player's page"
