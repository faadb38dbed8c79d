"""Playing a game on the phone without signal (js/phone.js), and holding it to what the server
shows: the table kept for play without signal, the score strip noted after every step offline,
and the server's answers to the same changes when the outbox sends them."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence

from playwright.sync_api import Page, Response, expect

from tests.browser.table import choose_players
from tests.browser.test_offline import CONTROLLED, KEPT
from tests.browser.test_offline_outbox import history, server_page

READY = re.compile(r"^Ready to play without signal \([\d.,]+ MB on this phone\)\.$")
# The text of a game's score strip, from the page or from an answer's HTML, the same way.
STRIP = """(where) => {
  const root = typeof where === "string"
    ? new DOMParser().parseFromString(where, "text/html") : document;
  const strip = root.querySelector("#game .strip");
  return strip ? strip.textContent.replace(/\\s+/g, " ").trim() : null;
}"""
# What the app on the phone answers for a page of this table (its export, say).
ON_THE_PHONE = "(url) => window.phone.answerPage({ method: 'GET', url }).then((got) => got.text)"


def keep_for_play_without_signal(page: Page) -> None:
    """Tap "Keep for play without signal" and wait until the phone says it is ready."""
    page.get_by_role("button", name="Keep for play without signal").tap()
    expect(page.locator("[data-phone-said]")).to_have_text(READY, timeout=180_000)


def landed(response: Response) -> Response:
    """An entry's answer; for a form answered with a redirect (a correction), the page it led to."""
    while (followed := response.request.redirected_to) is not None:
        final = followed.response()
        assert final is not None, f"no answer to {followed.url}"
        response = final
    return response


def new_game_offline(
    page: Page, live_server: str, game: str, players: Sequence[str], opening: str
) -> Offline:
    """A new game of ``game`` with the first of ``players`` dealing first (or mano), its page
    saying ``opening``, then kept on the phone and set offline."""
    choose_players(page, live_server, game, players)
    page.locator("label.key", has_text=players[0]).first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text(opening)
    return Offline(page, page.url)


class Offline:
    """One game played offline on the phone: each step's score strip as the phone showed it, and,
    once back online, the server's answers to the changes the outbox sends."""

    def __init__(self, page: Page, url: str) -> None:
        self.page = page
        self.url = url
        self.shown: list[str] = []
        self.said: list[str] = []
        self.answers: list[Response] = []
        page.evaluate(CONTROLLED)
        keep_for_play_without_signal(page)
        self.server_before = history(url)
        page.context.set_offline(True)

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
        assert history(self.url) == self.server_before  # the server has heard nothing yet
        self.page.on("response", self.heard)
        self.page.context.set_offline(False)
        expect(self.page.locator("[data-outbox-menu]")).to_be_hidden(timeout=60_000)
        assert self.page.evaluate(KEPT) == 0
        return [self.page.evaluate(STRIP, landed(answer).text()) for answer in self.answers]

    def server_export(self) -> object:
        return json.loads(server_page(self.url + "export"))

    def changes(self) -> list[str]:
        """What the server's history says was changed since the phone went offline."""
        return [html.unescape(said) for said in history(self.url)[len(self.server_before) :]]
