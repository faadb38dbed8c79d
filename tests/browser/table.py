"""Playing through the real UI as a person at the table: tapping, and counting the taps."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Locator, Page, Response, TimeoutError

from assistant.games.spec import GameSpec

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus", "Hed")


# ms: a queue of taps answered 300 ms late each drains for seconds on a loaded machine;
# waiting for its last answer needs a longer ceiling than expect's 5 s.
SLOW_ANSWERS = 20_000


def players_for(spec: GameSpec, wanted: int = 4) -> list[str]:
    """``wanted`` players, or as near as the game allows."""
    return list(NAMES[: min(max(wanted, spec.min_players), spec.max_players)])


class TapCounter:
    """Taps like a person at the table, and counts them."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, locator: Locator) -> None:
        locator.tap()
        self.taps += 1


def choose_players(page: Page, live_server: str, game: str, players: Sequence[str]) -> None:
    """New table, step 1: the players in seating order and the game; on to step 2."""
    page.goto(live_server + "/new")
    for i, name in enumerate(players):
        field = page.locator(f"#players-{i}")
        if not field.is_visible():  # the first four rows show; more come with "Add a player"
            page.get_by_role("button", name="Add a player").tap()
        field.fill(name)
    page.locator("label.game-card", has_text=game).tap()
    page.get_by_role("button", name="Next").tap()
    page.get_by_role("button", name="Start the game").wait_for()


# --- The first screen after every save ---------------------------------------------------------
# A phone; the same phone with its text at 200 % (the browser's own text size, as a phone set
# to large text has it); and a narrow 320 px phone.
SCREENS = {
    "phone": {"width": 390, "height": 844, "text": 16},
    "large-text": {"width": 390, "height": 844, "text": 32},
    "narrow": {"width": 320, "height": 640, "text": 16},
}

IN_SIGHT = """() => {
  const inside = (el, top, bottom) => {
    if (!el) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.top >= top - 1 && box.bottom <= bottom + 1
      && box.left >= -1 && box.right <= document.documentElement.clientWidth + 1;
  };
  const bar = document.querySelector(".thumb-bar");
  const above = bar ? bar.getBoundingClientRect().top : window.innerHeight;
  return inside(document.querySelector("#game .banner"), 0, above)
    && inside(document.querySelector("#game .strip"), 0, above)
    && inside(document.querySelector(".thumb-bar .undo"), 0, window.innerHeight)
    && document.documentElement.scrollWidth <= document.documentElement.clientWidth;
}"""

BOXES = """(selectors) => {
  const boxes = {width: document.documentElement.scrollWidth, viewport: [innerWidth, innerHeight]};
  for (const s of [".thumb-bar", ...selectors]) {
    const b = document.querySelector(s)?.getBoundingClientRect();
    boxes[s] = b ? [b.left, b.top, b.right, b.bottom].map(Math.round) : null;
  }
  return boxes;
}"""


ABOVE_THE_BAR = """(selectors) => {
  const bar = document.querySelector(".thumb-bar");
  const above = bar ? bar.getBoundingClientRect().top : window.innerHeight;
  return selectors.every((selector) => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return box && box.height > 0 && box.top >= -1 && box.bottom <= above + 1;
  });
}"""


def above_the_bar(page: Page, *selectors: str) -> None:
    """Each of ``selectors`` is wholly on the screen above the bar at thumb height: the keys of
    the next step are tapped without scrolling first."""
    try:
        page.wait_for_function(ABOVE_THE_BAR, arg=list(selectors), timeout=5000)
    except TimeoutError as error:
        raise AssertionError(f"boxes: {page.evaluate(BOXES, list(selectors))}") from error


# Where layout matters most: a 320 px phone with the browser's text at 200 %.
LAYOUT_SCREENS = {
    "phone": SCREENS["phone"],
    "narrow-large-text": {"width": 320, "height": 640, "text": 32},
}


def use_screen(page: Page, screen: str) -> None:
    """Size the page as ``screen`` of SCREENS or LAYOUT_SCREENS (before it loads anything)."""
    size = SCREENS.get(screen) or LAYOUT_SCREENS[screen]
    page.set_viewport_size({"width": size["width"], "height": size["height"]})
    if size["text"] != 16:
        session = page.context.new_cdp_session(page)
        fixed = size["text"] * 13 // 16
        session.send("Page.setFontSizes", {"fontSizes": {"standard": size["text"], "fixed": fixed}})


def in_sight(page: Page, after: str) -> None:
    """What happens next (the banner), the score strip and Undo are inside the viewport, none
    under the bar at thumb height, and nothing sticks out sideways."""
    try:
        page.wait_for_function(IN_SIGHT, timeout=5000)
    except TimeoutError as error:
        boxes = page.evaluate(BOXES, [".banner", ".strip", ".thumb-bar .undo"])
        raise AssertionError(f"after {after}: {boxes}") from error


def import_example(page: Page, live_server: str, record: Path) -> str:
    """A game from an example record, imported from the home page: its page's address."""
    page.goto(live_server + "/")
    box = page.locator("details.import", has_text="Import a game file")
    box.locator("summary").tap()
    box.locator("input[type=file]").set_input_files(str(record))
    box.get_by_role("button", name="Import").tap()
    page.wait_for_selector("#game")
    # The game's own stylesheet may still be on its way when #game is there: a test that
    # measures the page then measured it unstyled (a sheet 414 px wide in its 360 px frame).
    page.wait_for_load_state("load")
    return page.url


class Answers:
    """The statuses of the entries a page posts (not the polls): 409 is for other phones only."""

    def __init__(self, page: Page) -> None:
        self.statuses: list[int] = []
        page.on("response", self.heard)

    def heard(self, response: Response) -> None:
        if response.request.method == "POST":
            self.statuses.append(response.status)

    def refused(self) -> list[int]:
        return [status for status in self.statuses if status >= 400]
