"""Nothing runs past the right edge of the screen: at 360 px in every game, and on a 320 px
phone with the browser's text at 200 % on every page of every game (only a sheet's table
scrolls sideways, inside its own frame)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from assistant.games import GAMES
from tests.browser.table import choose_players, import_example, players_for
from tests.browser.walk import every_page, phone_at
from tests.examples import EXAMPLES

LONG = ["Anna-Karin Lindqvist", "Bo Gustav Ekström", "Cecilia Wahlberg", "Dan Nordenskiöld"]
# Against the width the phone was given, not ``innerWidth``: a phone's browser widens its layout
# viewport to whatever sticks out (and zooms out to show it), so ``innerWidth`` grows with the
# page and the comparison could never fail.
WIDER_THAN = """(width) => document.documentElement.scrollWidth > width"""

# What sticks out, to say in the failure: the outermost elements whose box or text passes the
# screen's right edge (their children are not listed again), outside a frame that scrolls by
# itself.
STICKING_OUT = """(width) => {
  const out = [];
  const right = (el, box) => getComputedStyle(el).overflowX === "visible"
    ? Math.max(box.right, box.left + el.scrollWidth) : box.right;
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || right(el, box) <= width + 1) continue;
    if (el.closest(".sheet-scroll, .visually-hidden")) continue;
    if (out.some((seen) => seen.contains(el))) continue;
    out.push(el);
  }
  return out.slice(0, 4).map((el) =>
    `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`
    + ` "${el.textContent.trim().slice(0, 24)}"`
    + ` to ${Math.round(right(el, el.getBoundingClientRect()))}`);
}"""


def wider_than(page: Page, width: int) -> bool:
    return bool(page.evaluate(WIDER_THAN, width))


@pytest.mark.parametrize("kind", GAMES)
def test_no_sideways_scrolling_at_360_px(page: Page, live_server: str, kind: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    spec = GAMES[kind]
    choose_players(page, live_server, spec.title, players_for(spec, 6))
    assert not wider_than(page, 360), ("set-up, step 2", page.evaluate(STICKING_OUT, 360))
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    assert not wider_than(page, 360), ("the game page", page.evaluate(STICKING_OUT, 360))
    page.goto(page.url + "rules")
    assert not wider_than(page, 360), ("the rules card", page.evaluate(STICKING_OUT, 360))


@pytest.mark.parametrize("kind", GAMES)
def test_long_names_do_not_push_the_page_sideways(page: Page, live_server: str, kind: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    spec = GAMES[kind]
    players = [*LONG, *players_for(spec, 6)[4:]][: spec.max_players]
    choose_players(page, live_server, spec.title, players)
    page.locator("label.key", has_text=LONG[0]).first.tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    assert not wider_than(page, 360), page.evaluate(STICKING_OUT, 360)


def test_every_page_fits_320_px_with_text_at_200_percent(
    browser: Browser, live_server: str
) -> None:
    """The header, the evening's standings with their money, every game's steps, sheets and
    pages: ``scrollWidth`` never passes the screen's 320 px. Every page is checked before the test
    says what failed, so that one run names them all."""
    context, page = phone_at(browser, "narrow-large-text", "light")
    wide = {}
    try:
        for name in every_page(page, live_server):
            if wider_than(page, 320):
                wide[name] = page.evaluate(STICKING_OUT, 320)
    finally:
        context.close()
    assert wide == {}, "\n".join(f"{name}: {out}" for name, out in wide.items())


def test_a_five_player_boodle_sheet_shows_every_column_at_390_px(
    page: Page, live_server: str
) -> None:
    """Five players, the deal column, the layout's chips: the whole sheet is on a phone's
    screen, nothing behind a sideways scroll."""
    import_example(page, live_server, EXAMPLES / "boodle-fault.json")
    sheet = page.locator(".boodle-sheet .sheet-scroll")
    expect(sheet.locator("th", has_text="Layout")).to_be_visible()
    widths = sheet.evaluate("(frame) => [frame.scrollWidth, frame.clientWidth]")
    assert widths[0] <= widths[1], widths


# The part of the screen the bar at thumb height and a sticky Save button hold down.
HELD_DOWN = """() => {
  let top = innerHeight;
  for (const el of document.querySelectorAll(".thumb-bar, .confirm")) {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const held = style.position === "fixed" || style.position === "sticky";
    if (box.height && held) top = Math.min(top, box.top);
  }
  return (innerHeight - top) / innerHeight;
}"""


def test_the_mulle_count_leaves_the_screen_to_the_piles_with_large_text(
    browser: Browser, live_server: str
) -> None:
    """At 320 px with the text at 200 % the bar with Undo and the count's Save button (at the
    end of the form there, not held at the bottom) cover at most a quarter of the screen."""
    context, page = phone_at(browser, "narrow-large-text", "light")
    try:
        import_example(page, live_server, EXAMPLES / "mulle-one-deal.json")
        page.get_by_role("button", name="Count the piles now").tap()
        expect(page.locator("form.piles-form")).to_be_visible()
        page.locator("form.piles-form input").first.focus()
        assert page.evaluate(HELD_DOWN) <= 0.25
    finally:
        context.close()
