"""A phone without signal, for real, and playing on it (kept/phone.js, js/outbox.js): the phone
reaches the app only through a loopback relay (tests/relay.py) that a test cuts, so that its
page *and* its service worker lose the server (Playwright's ``set_offline`` alone leaves the
service worker online, microsoft/playwright#2311; it is still set, for ``navigator.onLine``).

Also: the outbox as IndexedDB holds it, the Python starts of a page, a game played offline
held to what the server shows once the changes are sent."""

from __future__ import annotations

import html
import json
import re
import urllib.request
from collections.abc import Sequence

from playwright.sync_api import Page, Response, expect

from tests.browser.table import choose_players
from tests.relay import Relay

READY = re.compile(r"^Ready to play without signal \([\d.,]+ MB on this phone\)\.$")
# Resolves once the service worker controls the page (wait_for_function would need eval: CSP).
CONTROLLED = """navigator.serviceWorker.controller !== null || Promise.race([
  new Promise((resolve) => {
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true));
  }),
  new Promise((_, fail) => setTimeout(() => fail(new Error("no service worker took over")), 15000)),
])"""
# How many changes wait in the outbox, as IndexedDB holds them (after the page's pending work).
KEPT = """new Promise((done, fail) => setTimeout(() => {
  setTimeout(() => fail(new Error("the outbox did not answer")), 10000);
  const box = idbKeyval.createStore("table-assistant-outbox", "changes");
  idbKeyval.keys(box).then((keys) => done(keys.length), fail);
}, 300))"""
# Resolves once the outbox holds ``wanted`` changes (what the page does meanwhile is awaited).
HOLDS = """([wanted, seconds]) => new Promise((done, fail) => {
  const limit = setTimeout(
    () => fail(new Error(`the outbox never held ${wanted}`)), seconds * 1000);
  const box = idbKeyval.createStore("table-assistant-outbox", "changes");
  const look = () => idbKeyval.keys(box).then((keys) => {
    if (keys.length !== wanted) return setTimeout(look, 50);
    clearTimeout(limit);
    done(true);
  }, fail);
  look();
})"""
# Resolves once the page's copy kept for the next opening (js/pwa.js, written to the service
# worker's cache just after each answer is shown) shows the game at ``version``.
COPY_AT = """(version) => new Promise((done, fail) => {
  const limit = setTimeout(() => fail(new Error(`no copy of the page at ${version}`)), 20000);
  const look = () => caches.match(location.href.split("#")[0], { ignoreVary: true })
    .then((copy) => (copy ? copy.text() : ""))
    .then((text) => {
      if (!text.includes(`data-version="${version}"`)) return setTimeout(look, 50);
      clearTimeout(limit);
      done(true);
    }, fail);
  look();
})"""
# The text of a game's score strip, from the page or from an answer's HTML, the same way.
STRIP = """(where) => {
  const root = typeof where === "string"
    ? new DOMParser().parseFromString(where, "text/html") : document;
  const strip = root.querySelector("#game .strip");
  return strip ? strip.textContent.replace(/\\s+/g, " ").trim() : null;
}"""
# What the app on the phone answers for a page of this table (its export, say).
ON_THE_PHONE = "(url) => window.phone.answerPage({ method: 'GET', url }).then((got) => got.text)"
WORKER = "/static/phone/worker.mjs"


class Signal:
    """A phone's signal: the app at ``url`` (a relay in front of the server), cut and back."""

    def __init__(self, server: str) -> None:
        self.server = server
        self.relay = Relay(server)
        self.url = self.relay.url

    def cut(self, page: Page) -> None:
        self.relay.cut()
        page.context.set_offline(True)

    def restore(self, page: Page) -> None:
        self.relay.restore()
        page.context.set_offline(False)

    def close(self) -> None:
        self.relay.close()


# Half offline: the page's own network gone while its service worker's is not (a test can't have
# that from set_offline, which, in this Chromium, cuts the worker too). The page believes it is
# offline and reaches nothing by itself, over a reload too; the worker still reaches the server.
HALF_OFFLINE = """(() => {
  const half = () => sessionStorage.getItem("half-offline") === "1";
  Object.defineProperty(Navigator.prototype, "onLine", { get: () => !half(), configurable: true });
})()"""
HALF_CUT = """(cut) => {
  sessionStorage.setItem("half-offline", cut ? "1" : "0");
  window.dispatchEvent(new Event(cut ? "offline" : "online"));
}"""


def half_offline(page: Page) -> None:
    """Only the page offline: its service worker still reaches the server."""
    page.add_init_script(HALF_OFFLINE)
    page.evaluate(HALF_OFFLINE)
    page.route("**/*", lambda route: route.abort("internetdisconnected"))
    page.evaluate(HALF_CUT, True)


def half_online(page: Page) -> None:
    page.unroute("**/*")
    page.evaluate(HALF_CUT, False)


class PythonStarts:
    """Each time a page of the phone starts the app on the phone (a worker of Pyodide)."""

    def __init__(self, page: Page) -> None:
        self.urls: list[str] = []
        page.on(
            "worker", lambda worker: self.urls.append(worker.url) if WORKER in worker.url else None
        )

    @property
    def count(self) -> int:
        return len(self.urls)


def plump_set_up_tapped(page: Page, players: Sequence[str]) -> None:
    """The set-up's two steps tapped from its first, as a player does (no page loaded by its
    address, so it goes as well with the signal cut): the players, Plump, Anna dealing first,
    started."""
    for i, name in enumerate(players):
        page.locator(f"#players-{i}").fill(name)
    page.locator("label.game-card", has_text="Plump").tap()
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()


def controlled(page: Page, url: str) -> None:
    """``url`` opened by a page the service worker controls (it precaches on its first visit,
    and keeps the pages of the app from then on)."""
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload()
    assert page.evaluate(CONTROLLED)


def keep_for_play_without_signal(page: Page) -> None:
    """Tap "Keep for play without signal" and wait until the phone says it is ready."""
    page.get_by_role("button", name="Keep for play without signal").tap()
    expect(page.locator("[data-phone-said]")).to_have_text(READY, timeout=300_000)


def ready_without_signal(page: Page) -> None:
    """Wait until the phone says, quietly, that it is ready to play without signal."""
    expect(page.locator("#game [data-phone-line]")).to_have_text(
        " · ready without signal", timeout=300_000
    )


def outbox_holds(page: Page, wanted: int, seconds: int = 20) -> None:
    """Wait until the outbox holds ``wanted`` changes (a sending retried now and then: longer)."""
    assert page.evaluate(HOLDS, [wanted, seconds])


def server_page(url: str) -> str:
    """A page as the server has it, asked past the browser."""
    with urllib.request.urlopen(url) as response:  # a local test server
        return response.read().decode()


def history(game_url: str) -> list[str]:
    """What the server's change log says, oldest first."""
    page = server_page(game_url + "history")
    return [
        html.unescape(said) for said in reversed(re.findall(r'<p class="hwhat">([^<]*)</p>', page))
    ]


def on_server(url: str, signal: Signal) -> str:
    """A page's address on the server itself, from its address on the phone."""
    return url.replace(signal.url, signal.server)


def landed(response: Response) -> Response:
    """An entry's answer; for a form answered with a redirect (a correction), the page it led to."""
    while (followed := response.request.redirected_to) is not None:
        final = followed.response()
        assert final is not None, f"no answer to {followed.url}"
        response = final
    return response


def new_game_offline(
    page: Page, signal: Signal, game: str, players: Sequence[str], opening: str
) -> Offline:
    """A new game of ``game`` with the first of ``players`` dealing first (or mano), its page
    saying ``opening``, then kept on the phone and its signal cut."""
    choose_players(page, signal.url, game, players)
    page.locator("label.key", has_text=players[0]).first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text(opening)
    return Offline(page, page.url, signal)


class Offline:
    """One game played offline on the phone: each step's score strip as the phone showed it, and,
    once back online, the server's answers to the changes the outbox sends."""

    def __init__(self, page: Page, url: str, signal: Signal) -> None:
        self.page = page
        self.url = url
        self.signal = signal
        self.shown: list[str] = []
        self.said: list[str] = []
        self.answers: list[Response] = []
        page.evaluate(CONTROLLED)
        keep_for_play_without_signal(page)
        self.server_before = history(self.server_url)
        signal.cut(page)

    @property
    def server_url(self) -> str:
        return on_server(self.url, self.signal)

    def seen(self) -> None:
        """After a step the phone answered: what its score strip and its last word say now."""
        strip = self.page.evaluate(STRIP, None)
        assert strip, "the page shows no score strip"
        self.shown.append(strip)
        self.said.append(self.page.locator("#game .said").inner_text().removeprefix("✓ "))

    def heard(self, response: Response) -> None:
        if response.request.method == "POST" and response.url.startswith(self.url):
            self.answers.append(response)

    def phone_export(self) -> object:
        return json.loads(self.page.evaluate(ON_THE_PHONE, self.url + "export"))

    def back_online(self) -> list[str]:
        """Connection back: every kept change sent, in order; the server's strip after each."""
        assert self.page.evaluate(KEPT) == len(self.shown)  # each step kept once
        assert history(self.server_url) == self.server_before  # the server has heard nothing yet
        self.page.on("response", self.heard)
        self.signal.restore(self.page)
        expect(self.page.locator("[data-outbox-menu]")).to_be_hidden(timeout=120_000)
        assert self.page.evaluate(KEPT) == 0
        return [self.page.evaluate(STRIP, landed(answer).text()) for answer in self.answers]

    def server_export(self) -> object:
        return json.loads(server_page(self.server_url + "export"))

    def changes(self) -> list[str]:
        """What the server's history says was changed since the phone went offline."""
        return history(self.server_url)[len(self.server_before) :]
