"""Who sits where and who deals next, for Plump and Boodle (Mus has its teams), and each
player's colour: the same on the score strip, the sheet, the seating sketch and the chart,
never the only cue, and with AA contrast for a graphic (3:1) in light and dark."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import import_example
from tests.examples import EXAMPLES


def seats(page: Page) -> list[str]:
    texts = page.locator(".seating .seat").all_inner_texts()
    return [re.sub(r"\s+", " ", text).strip() for text in texts]


def test_the_plump_sketch_follows_the_dealer_of_the_replay(
    page: Page, live_server: str, shot
) -> None:
    """plump-three-deals: Anna dealt first, so Dan deals the fourth deal and Anna bids first."""
    import_example(page, live_server, EXAMPLES / "plump-three-deals.json")
    expect(page.locator(".banner")).to_contain_text("Dan deals")
    assert seats(page) == ["Anna bids first", "Bo", "Cia", "Dan deals next"]
    shot(page, "seating-plump")


def test_the_boodle_sketch_says_who_deals_next(page: Page, live_server: str, shot) -> None:
    """boodle-fault: five players, P1 dealt the first deal; P2 deals next, P3 plays first."""
    import_example(page, live_server, EXAMPLES / "boodle-fault.json")
    assert seats(page) == ["P1", "P2 deals next", "P3 plays first", "P4", "P5"]
    page.locator(".seating").scroll_into_view_if_needed()
    shot(page, "seating-boodle", full_page=False)


COLOURS = """() => {
  const colour = (el, prop) => el ? getComputedStyle(el)[prop] : null;
  const names = [...document.querySelectorAll(".boodle-protocol thead th.player-col")];
  return names.map((th, i) => ({
    sheet: colour(th, "boxShadow").match(/rgb\\([^)]*\\)/)[0],
    strip: colour(document.querySelectorAll("#game .strip-row")[i], "borderLeftColor"),
    seat: colour(document.querySelectorAll(".seating .seat")[i], "borderTopColor"),
    chart: colour(document.querySelectorAll(".chart polyline.series")[i], "stroke"),
    card: colour(document.querySelector(".seating"), "backgroundColor"),
    page: colour(document.body, "backgroundColor"),
  }));
}"""


def luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in re.findall(r"\d+", rgb)[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_player_has_one_colour_everywhere(page: Page, live_server: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    import_example(page, live_server, EXAMPLES / "boodle-fault.json")
    players = page.evaluate(COLOURS)
    assert len(players) == 5
    for n, player in enumerate(players):
        assert player["sheet"] == player["strip"] == player["seat"] == player["chart"], (n, player)
        assert contrast(player["seat"], player["card"]) >= 3, (n, player)
        assert contrast(player["seat"], player["page"]) >= 3, (n, player)
    assert len({player["seat"] for player in players}) == 5  # five players, five colours


def test_the_mus_chart_draws_each_teams_stones_in_its_colour(
    page: Page, live_server: str, shot
) -> None:
    """mus-ordago-wins-game: three hands; one line a team, in the team's colour of the strip."""
    import_example(page, live_server, EXAMPLES / "mus-ordago-wins-game.json")
    chart = page.locator(".mus-sheet figure.chart")
    expect(chart.locator("polyline.series")).to_have_count(2)
    expect(chart.locator("figcaption")).to_contain_text("Anna & Carla")
    colours = page.evaluate(
        """() => [...document.querySelectorAll(".mus-sheet .chart polyline.series")].map(
             (line, i) => [getComputedStyle(line).stroke,
                           getComputedStyle(document.querySelectorAll("#game .strip-row")[i])
                             .borderLeftColor])"""
    )
    assert all(line == strip for line, strip in colours), colours
    assert colours[0][0] != colours[1][0]
    chart.scroll_into_view_if_needed()
    shot(page, "mus-chart", full_page=False)


def test_the_evening_has_a_chart_of_the_money_across_its_games(
    page: Page, live_server: str, shot
) -> None:
    import_example(page, live_server, EXAMPLES / "plump-three-deals.json")
    page.get_by_role("link", name="Table", exact=True).tap()
    expect(page.locator(".evening-standings figure.chart")).to_have_count(0)  # no money yet
    game = page.locator("li.egame").first
    game.locator("summary", has_text="Put a stake on it").tap()
    game.get_by_label("Money per unit").fill("0.10")
    game.get_by_role("button", name="Save the stake").tap()
    chart = page.locator(".evening-standings figure.chart")
    expect(chart.locator("polyline.series")).to_have_count(4)
    expect(chart.locator(".legend-item")).to_have_text(["Anna", "Bo", "Cia", "Dan"])
    chart.scroll_into_view_if_needed()
    shot(page, "evening-chart", full_page=False)
