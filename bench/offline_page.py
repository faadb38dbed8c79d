"""What bench/offline.py watches in a phone's page: taps and states on the page's own clock
(``performance.timeOrigin + performance.now()``: one clock across the pages a tap leads to),
each start of the app on the phone as its worker reports it, and the steps of a Plump game
tapped as a person taps them."""

from __future__ import annotations

import json
import time
from typing import Any

from playwright.sync_api import Error, Page

from bench.records import plump

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
PLAYED = 2  # deals already on the sheet when the phone opens the game

# Installed before every page's own scripts. A watch asked for before a tap that leads to
# another page (``sessionStorage``) is set in that page as it begins; so is the tap's moment.
WATCH = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const kept = (key, fallback) => JSON.parse(sessionStorage.getItem(key) || fallback);
  window.bench = { seen: {}, starts: kept("bench:starts", "[]"), opened: performance.timeOrigin };
  for (const kind of ["pointerdown", "touchstart", "click"]) {
    document.addEventListener(kind, () => {
      if (!sessionStorage.getItem("bench:tapped")) sessionStorage.setItem("bench:tapped", now());
    }, true);
  }
  window.benchTapped = () => Number(sessionStorage.getItem("bench:tapped"));
  // ``fresh``: only an element that was not there yet (a page a tap leads to within this
  // document, as a boosted link's, has elements of its own).
  window.benchWatch = (name, selector, pattern, fresh = false) => {
    const before = new Set(fresh ? document.querySelectorAll(selector) : []);
    const found = () => Array.from(document.querySelectorAll(selector)).some((element) =>
      !before.has(element) && !element.hidden
      && new RegExp(pattern).test(element.textContent.trim()));
    const note = () => { if (found()) { window.bench.seen[name] ??= now(); return true; } };
    if (note()) return;
    const watch = new MutationObserver(() => { if (note()) watch.disconnect(); });
    const everything = { subtree: true, childList: true, characterData: true, attributes: true };
    watch.observe(document, everything);
  };
  // The game drawn at a version of at least ``least`` (the state the phone left it in, or later).
  window.benchWatchGame = (name, least) => {
    const note = () => {
      const game = document.getElementById("game");
      if (game && !game.hidden && Number(game.dataset.version) >= least) {
        window.bench.seen[name] ??= now();
        return true;
      }
    };
    if (note()) return;
    const watch = new MutationObserver(() => { if (note()) watch.disconnect(); });
    watch.observe(document, { subtree: true, childList: true, attributes: true });
  };
  for (const asked of kept("bench:watches", "[]")) window.benchWatch(...asked);
  // Each start of the app on the phone, as its worker answers "start" (static/phone/worker.mjs).
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const result = event.data && event.data.result;
        if (result && typeof result === "object" && "pyodide" in result) {
          window.bench.starts.push(result);
          sessionStorage.setItem("bench:starts", JSON.stringify(window.bench.starts));
        }
      });
    }
  };
})();
"""
# Every file the phone keeps (Cache Storage), and the origin's whole use as the browser counts it.
STORED = """async () => {
  const files = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const body = await (await cache.match(request)).arrayBuffer();
      files[new URL(request.url).pathname] = body.byteLength;
    }
  }
  const { usage } = await navigator.storage.estimate();
  return { files, usage };
}"""
# The compiled Python the phone kept for its next start (worker.mjs), once it is kept.
BYTECODE_KEPT = """async () => (await (await caches.open("phone-compiled")).keys()).length >= 2"""


# What the phone shows instead of an answer: the app's own pages for a page it could not get.
REFUSED = ("main h1", "^(Not sent|No connection)$")


def seen(page: Page, name: str, wait_s: float) -> float:
    """The moment (page clock, ms) the watch ``name`` saw its state, waiting through pages;
    an AssertionError if the page says it could not get there (``REFUSED``) first."""
    script = "([n, r]) => window.bench && (window.bench.seen[n] || -window.bench.seen[r] || 0)"
    moment = asked(page, script, [name, "refused"], wait_s)
    if moment < 0:
        raise AssertionError(f"the phone showed: {page.locator('main').inner_text()[:100]!r}")
    return moment


def asked(page: Page, script: str, arg: Any, wait_s: float) -> float:
    """What ``script`` answers once it answers something, asked again through pages."""
    until = time.monotonic() + wait_s
    while time.monotonic() < until:
        try:
            found = page.evaluate(script, arg)
        except Error:  # a page going, another coming
            found = None
        if found:
            return float(found)
        time.sleep(0.05)
    raise TimeoutError(f"no answer within {wait_s:.0f} s: {script} {arg}")


def watch(page: Page, name: str, selector: str, pattern: str = "", *, across: bool = False) -> None:
    """Watch for ``selector`` (its text matching ``pattern``) here, or in the page a tap leads
    to (``across``: a new document, or the same one when the page is boosted, where only an
    element that was not there yet counts), and for the pages that say the phone could not get
    there."""
    watches = [[name, selector, pattern], ["refused", *REFUSED]]
    if across:
        page.evaluate("(w) => sessionStorage.setItem('bench:watches', w)", json.dumps(watches))
    for asked in watches:  # what an earlier page of this document saw does not count
        page.evaluate(
            "([n, s, p, f]) => { delete window.bench.seen[n]; window.benchWatch(n, s, p, f); }",
            [*asked, across],
        )


def tap_until(
    page: Page, target: Any, selector: str, pattern: str, wait_s: float, *, across: bool = False
) -> float:
    """Taps ``target``; ms from the tap to ``selector`` matching ``pattern``."""
    name = f"{selector} {pattern}"
    page.evaluate("sessionStorage.removeItem('bench:tapped')")
    watch(page, name, selector, pattern, across=across)  # before the tap: a state not yet shown
    try:
        target.tap()
        tapped = asked(page, "() => window.benchTapped && window.benchTapped()", None, wait_s)
        return seen(page, name, wait_s) - tapped
    finally:
        page.evaluate("sessionStorage.removeItem('bench:watches')")


class Steps:
    """The planned steps of the game, tapped on its page: each deal's bids (everybody 0), then
    its tricks (the first bidder takes them all; the last player's are filled in by the page)."""

    def __init__(self, count: int) -> None:
        deals = plump(PLAYED + (count + 1) // 2, PLAYERS)[PLAYED:]
        self.planned = [
            (number, kind, deal[kind])
            for number, deal in enumerate(deals, start=PLAYED + 1)
            for kind in ("bids", "tricks")
        ]
        self.made = 0

    def prepare(self, page: Page) -> str:
        """Taps the next step's numbers; the button that saves them (not tapped yet)."""
        _, kind, values = self.planned[0]
        players = list(values)
        for player in players[:-1] if kind == "tricks" else players:
            pad = f"#entry fieldset[data-field={kind}_{PLAYERS.index(player)}]"
            page.locator(f"{pad} label.key").nth(values[player]).tap()
        if kind == "tricks":
            last = f"#entry fieldset[data-field=tricks_{PLAYERS.index(players[-1])}]"
            filled = "([pad, v]) => document.querySelector(pad + ' input:checked')?.value === v"
            page.wait_for_function(filled, arg=[last, str(values[players[-1]])])
        return f"Save {kind}"

    def save(self, page: Page, button: str, wait_s: float) -> float:
        """Taps Save; ms from the tap to the page saying the step was saved."""
        number, kind, _ = self.planned.pop(0)
        self.made += 1
        said = f"{kind.capitalize()} of deal {number} saved"
        return tap_until(page, page.get_by_role("button", name=button), "#game .said", said, wait_s)

    def step(self, page: Page, wait_s: float) -> float:
        return self.save(page, self.prepare(page), wait_s)
