"""Playing through the real UI as a person at the table: tapping, and counting the taps."""

from __future__ import annotations

from collections.abc import Sequence

from playwright.sync_api import Locator, Page

from assistant.games.spec import GameSpec

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus", "Hed")


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
