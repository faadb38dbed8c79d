"""What a phone shows when the app refuses: a damaged game file, and too many new tables from
one network (each readable at 390 px, with the way on in sight)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import serve
from tests.browser.table import choose_players


@pytest.fixture
def strict_server(tmp_path: Path) -> Iterator[str]:
    """A server of its own whose limit on new tables is one a minute."""
    yield from serve(tmp_path, RATELIMIT_ENABLED=True, RATELIMIT_CREATE="1 per minute")


def test_a_damaged_game_file_is_said_in_plain_words(page: Page, live_server: str, shot) -> None:
    page.goto(live_server + "/")
    page.get_by_text("Import a game file").tap()
    damaged = b'{"format": "table-assistant/1",\n"game": "plump"\n"players": []}'
    page.get_by_label("Game file (.json)").set_input_files(
        {"name": "game.json", "mimeType": "application/json", "buffer": damaged}
    )
    page.get_by_role("button", name="Import").tap()
    message = page.locator("p.error")
    expect(message).to_have_text("This file is not a game record: it is damaged near line 3.")
    expect(message).to_be_in_viewport()
    shot(page, "refused-damaged-file")


def test_too_many_new_tables_is_a_page_that_says_to_wait(
    page: Page, strict_server: str, shot
) -> None:
    choose_players(page, strict_server, "Plump", ["Anna", "Bo", "Cia"])
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#game")
    page.goto(strict_server + "/new")  # one more table: the limit is met
    page.locator("#players-0").fill("Eva")
    page.locator("#players-1").fill("Fia")
    page.locator("label.game-card", has_text="Mulle").tap()
    page.get_by_role("button", name="Next").tap()
    expect(page.get_by_role("alert")).to_contain_text("Wait a minute and try again.")
    expect(page.get_by_role("link", name="Home")).to_be_in_viewport()
    shot(page, "refused-too-many-tables")
