"""The phones of a fault run: real Chromium pages (a browser context each: its own cookies,
service worker and outbox), each opening the app by its own fault proxy's address, tapping a
Plump game as players do, and what each page said about what it sent and kept
(``watch.js``)."""

from __future__ import annotations

import contextlib
import json
import random
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import CHROMIUM, LAUNCH_ARGS
from tests.browser.conftest import PHONE as BROWSER_PHONE
from tests.faults.proxy import FaultProxy

WATCH = (Path(__file__).parent / "watch.js").read_text()
# The browser tests' phone, drawn at twice its size, not three times: 2–4 of them at once.
PHONE = {**BROWSER_PHONE, "device_scale_factor": 2}
TAP_MS = 4_000  # a tap a phone cannot make now (its page is between two states) is skipped
OPEN_MS = 60_000  # a page opened over a bad network on a loaded machine
CLOSE_AFTER_MS = 1_000
# Python started in the page for play without signal: two minutes and more on a loaded machine.
READY_MS = 360_000
READY = re.compile(r"Ready to play without signal")
# What the outbox holds, as watch.js reads it (the one place that knows the outbox's shape).
WAITING = "() => window.faultHarness ? window.faultHarness.waiting() : []"
SEND_NOW = "() => { if (window.outbox) window.outbox.flush(); }"
SHOWN = """() => {
  const game = document.getElementById("game");
  const sheet = game && game.querySelector(".sheet");
  return game ? { version: Number(game.dataset.version),
    sheet: sheet ? sheet.textContent.replace(/\\s+/g, " ").trim() : null } : null;
}"""
SHEET_OF = """(html) => {
  const sheet = new DOMParser().parseFromString(html, "text/html").querySelector("#game .sheet");
  return sheet ? sheet.textContent.replace(/\\s+/g, " ").trim() : null;
}"""


class Phone:
    """One phone at the table: a browser context behind its own fault proxy."""

    def __init__(
        self, browser: Browser, name: str, proxy: FaultProxy, game: str, *, keeps: bool = False
    ) -> None:
        """``keeps``: the phone may keep the table for play without signal; the others ask to
        save data (``Save-Data: on``), so that they never ready themselves for it unasked (the
        app on the phone is some 20 MB and Python started in each page)."""
        self.name, self.proxy = name, proxy
        self.url = proxy.url + game
        saves_data = {} if keeps else {"extra_http_headers": {"Save-Data": "on"}}
        self.context: BrowserContext = browser.new_context(**PHONE, **saves_data)
        self.context.add_init_script(WATCH)
        self.context.set_default_timeout(TAP_MS)
        self.page: Page | None = None
        self.heard: list[dict[str, Any]] = []  # what its pages said (watch.js)
        self.offline = False
        self.fumbles = 0  # taps it could not make (a page between two states)

    def __str__(self) -> str:
        return self.name

    # --- Its tab and its signal --------------------------------------------------------------
    def open(self) -> None:
        """The game's page in a new tab (the outbox sends what waits when it opens). Loaded, it
        shows the game or not (the server down, the signal gone: the player opens it again
        later); nothing more is waited for."""
        self.begin_opening()
        self.opened()

    def begin_opening(self) -> None:
        """The game's page asked for in a new tab, not waited for (``opened``): the table's
        phones open it at once, as its players do."""
        self.page = self.context.new_page()
        self.page.on("console", self._heard)
        try:
            self.page.goto(self.url, timeout=OPEN_MS, wait_until="commit")
        except PlaywrightError:
            self.fumbles += 1

    def opened(self) -> None:
        """Waits until the page asked for has loaded, or could not."""
        if self.page is None:
            return
        try:
            self.page.wait_for_load_state("load", timeout=OPEN_MS)
        except PlaywrightError:
            self.fumbles += 1

    def keep_for_play_without_signal(self) -> bool:
        """The table kept on this phone (the app itself started in the page), as a player makes
        it ready before the cottage: whether it said it is ready."""
        assert self.page is not None
        keep = self.page.get_by_role("button", name="Keep for play without signal")
        try:
            if keep.is_visible():
                keep.tap()
            self.page.locator("[data-phone-said]").filter(has_text=READY).wait_for(timeout=READY_MS)
        except PlaywrightError:
            return False
        return True

    def reopen(self) -> None:
        """The page opened again, as a player does on a page that shows no game (the app's
        "No connection" page, or the browser's, opened while the server was down)."""
        if self.page is not None:
            self.page.close()
        self.open()

    def close_tab(self) -> None:
        """The tab closed, a moment after the last tap (a player puts the phone away; a tab
        closed within milliseconds of a tap is another test)."""
        if self.page is not None:
            self.page.wait_for_timeout(CLOSE_AFTER_MS)
            self.page.close()
        self.page = None

    def signal(self, on: bool) -> None:
        """The signal cut for real (the page's and its service worker's network: the proxy)
        and said (the browser says it is offline), or back."""
        self.offline = not on
        self.context.set_offline(not on)
        if on:
            self.proxy.restore()
        else:
            self.proxy.cut()

    def _heard(self, message: Any) -> None:
        text = message.text
        if text.startswith("fault-harness "):
            self.heard.append(
                {"phone": self.name, **json.loads(text.removeprefix("fault-harness "))}
            )

    # --- Taps --------------------------------------------------------------------------------
    def act(self, draw: random.Random, tap: int) -> str:
        """One step as a player at the table takes it: a step of the game saved (now and then a
        wrong one), or Undo. What it did, in words."""
        page = self.page
        if page is None:
            return "no tab"
        try:
            if self.shown() is None:  # the game gone from the page: its player opens it again
                gone = self.what_it_shows()
                self.reopen()
                return f"opened the table again: the page showed {gone!r}"
            if draw.random() < 0.8:
                self.show_what_changed()
            undo = page.locator(".thumb-bar .undo")
            if draw.random() < 0.12 and undo.is_visible() and undo.is_enabled():
                self._tag(page, tap)
                undo.tap()
                return "undo"
            return self._save(page, draw, tap)
        except PlaywrightError:
            self.fumbles += 1
            return "fumbled"

    def send_waiting(self) -> None:
        """What waits sent now, as the outbox's retry sends it within 20 s: the harness checks
        that it is sent and stored once, not how long the retry waits (the browser tests do)."""
        if self.page is not None:
            with contextlib.suppress(PlaywrightError):
                self.page.evaluate(SEND_NOW)

    def show_what_changed(self) -> None:
        """Taps "Show" where the page says that another phone saved meanwhile."""
        show = self.page.locator("#game [data-changed-show]") if self.page else None
        if show is not None and show.is_visible():
            show.tap()

    def _save(self, page: Page, draw: random.Random, tap: int) -> str:
        form = page.locator("#entry form[data-entry]").first
        tally = form.locator("[data-tally]")
        if not form.count() or not tally.count():
            return "nothing to enter"
        mode = tally.get_attribute("data-mode") or ""
        cards = int(tally.get_attribute("data-cards") or 0)
        pads = form.locator("fieldset.pad[data-field^=bids_], fieldset.pad[data-field^=tricks_]")
        count = pads.count()
        wrong = mode == "tricks" and draw.random() < 0.08  # tricks that do not add up
        for index, value in enumerate(numbers(mode, cards, count, draw, wrong)):
            tap_number(pads.nth(index), value)
        save = form.locator("button[type=submit]").last
        if not save.is_enabled():
            return "waits for its answer"
        self._tag(page, tap)
        save.tap()
        return f"{mode}{' (wrong)' if wrong else ''}"

    @staticmethod
    def _tag(page: Page, tap: int) -> None:
        page.evaluate("(tap) => { window.faultHarnessTap = tap; }", tap)

    # --- What it shows and keeps ---------------------------------------------------------------
    def entries(self) -> list[dict[str, Any]]:
        return list(self.page.evaluate(WAITING)) if self.page else []

    def shown(self) -> dict[str, Any] | None:
        return self.page.evaluate(SHOWN) if self.page else None

    def what_it_shows(self) -> str:
        """The start of the page's text, for the journal."""
        try:
            text = self.page.inner_text("body") if self.page else ""
        except PlaywrightError:
            return ""
        return " ".join(text.split())[:60]

    def sheet_of(self, html: str) -> str | None:
        assert self.page is not None
        return self.page.evaluate(SHEET_OF, html)

    def close(self) -> None:
        self.context.close()


def numbers(mode: str, cards: int, count: int, draw: random.Random, wrong: bool) -> list[int]:
    """Bids (small, as players bid) or tricks that add up to the cards (one off if ``wrong``)."""
    if mode == "bids":
        return [draw.randint(0, min(2, cards)) for _ in range(count)]
    left, taken = cards + (1 if wrong else 0), []
    for _ in range(count - 1):
        taken.append(draw.randint(0, min(left, cards)))
        left -= taken[-1]
    return [*taken, min(left, cards)]


def tap_number(pad: Locator, value: int) -> None:
    """``value`` on a number pad, or the nearest key that may be tapped (the dealer's hook)."""
    keys = pad.locator("label.key")
    allowed = pad.locator("label.key:has(input:not([disabled]))")
    if keys.nth(value).locator("input:not([disabled])").count():
        keys.nth(value).tap()
    elif allowed.count():
        allowed.first.tap()


def launch(playwright: Any) -> Browser:
    """Debian's Chromium, as the browser tests launch it."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
