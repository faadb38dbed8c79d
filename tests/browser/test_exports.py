"""The sheet and the texts on a phone: the CSV sheet is a tap from the game page, and the texts
to send from the table page name one who joined a game in play."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.table import choose_players
from tests.browser.test_plump_comings import PLAYERS, Table, play


def test_a_newcomer_is_in_the_texts_to_send_and_the_csv_is_on_the_game_page(
    page: Page, live_server: str
) -> None:
    choose_players(page, live_server, "Plump", PLAYERS[:4])
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    table = Table(page)
    play(table, ["Bo", "Cia", "Dan", "Anna"], {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3},
         {"Bo": 3, "Cia": 3, "Dan": 1, "Anna": 3}, 1)  # fmt: skip
    table.tap(page.locator("details.newcomer summary"))
    page.locator("#newcomer").fill("Eva")
    table.button("Joins from 0")
    expect(page.locator(".said")).to_contain_text("Eva joins from deal 2, from 0.")

    with page.expect_download() as download:
        page.get_by_role("link", name="Sheet (CSV)").tap()
    assert download.value.suggested_filename.endswith(".csv")
    assert "Eva" in download.value.path().read_text(encoding="utf-8-sig").splitlines()[0]

    page.get_by_role("link", name="Table", exact=True).tap()
    night = page.locator("#night-text")
    expect(night).to_have_value(re.compile(r"^Anna, Bo, Cia, Dan, Eva, "))
    expect(page.locator("h1")).to_have_text("Anna, Bo, Cia, Dan, Eva")
