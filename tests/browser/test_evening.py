"""An evening in a circle on a phone: Plump with a stake per point, a Boodle session with money
per chip and a Mus match per game, one settle-up, one payment paid; then a second evening of
the same circle, and a player's page with both. Then a Plump protocol printed on one page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_accessibility import problems
from tests.browser.test_boodle import Table as BoodleTable
from tests.browser.test_plump_game import Table as PlumpTable
from tests.browser.test_plump_game import play_deal
from tests.examples import EXAMPLES, PLUMP_THREE_DEALS

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]


def mus_record(tmp_path: Path) -> Path:
    """The first game of a Mus match, won by Bo and Dan with an órdago (the example record,
    its players named as at this table)."""
    text = (EXAMPLES / "mus-ordago-wins-game.json").read_text()
    record = json.loads(text.replace("Ben", "Bo").replace("Carla", "Cia"))
    record["rounds"] = record["rounds"][:2]
    path = tmp_path / "mus.json"
    path.write_text(json.dumps(record))
    return path


def hundred_club_record(tmp_path: Path) -> Path:
    """Two deals of Mulle in which Anna takes everything: Bo loses by more than 100."""
    pile = {"spades": 26, "aces": 8, "spade_aces": 2, "spade_twos": 2, "diamond_tens": 2,
            "tabbar": 30}  # fmt: skip
    deal = {"piles": {"Anna": pile, "Bo": {}}}
    record = {"format": "table-assistant/1", "game": "mulle", "players": ["Anna", "Bo"],
              "options": {}, "first_dealer": "Anna", "rounds": [deal, deal]}  # fmt: skip
    path = tmp_path / "mulle.json"
    path.write_text(json.dumps(record))
    return path


def game_card(page: Page, number: int):  # type: ignore[no-untyped-def]
    return page.locator("li.egame").nth(number - 1)


def payments(page: Page) -> list[str]:
    texts = page.locator(".epay").all_inner_texts()
    return [re.sub(r"\s+", " ", text).strip() for text in texts]


def test_an_evening_in_a_circle_settled_and_remembered(
    page: Page, live_server: str, shot, tmp_path: Path
) -> None:
    # A circle, and its first evening.
    page.goto(live_server + "/")
    page.locator("summary", has_text="Start a circle").tap()
    page.get_by_label("Name of the circle").fill("The Friday group")
    page.get_by_role("button", name="Start the circle").tap()
    expect(page.locator("h1")).to_have_text("The Friday group")
    page.get_by_role("link", name="New evening in this circle").tap()
    page.get_by_label("Name of the evening").fill("Friday at Eva's")
    for i, name in enumerate(PLAYERS):
        page.locator(f"#players-{i}").fill(name)
    page.locator("label.game-card", has_text="Plump").tap()
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_label("Money per unit").fill("0.10")
    page.locator("label.key", has_text="between every pair").tap()
    shot(page, "evening-plump-setup-stake")
    page.get_by_role("button", name="Start the game").tap()

    # Plump: the rules' three worked deals (totals Anna 27, Bo 38, Cia 10, Dan 22).
    plump = PlumpTable(page)
    for deal, entered in enumerate(PLUMP_THREE_DEALS, start=1):
        trump = entered["trump"] if entered["trump"] in "HDCS" else None
        play_deal(plump, deal, entered["bids"], entered["tricks"], trump=trump)
    page.get_by_role("link", name="Table", exact=True).tap()
    plump_card = game_card(page, 1)
    expect(plump_card).to_contain_text("Leads: Bo")
    expect(plump_card).to_contain_text("0.10 per point of difference, between every pair")
    expect(plump_card.locator(".egame-money")).to_have_text(
        "Bo +5.50 · Anna +1.10 · Dan −0.90 · Cia −5.70"
    )

    # Boodle, money per chip: Bo, Cia, Dan and Anna each take a boodle card, Dan goes out.
    page.get_by_role("link", name="New game with these players").tap()
    page.locator("label.game-card", has_text="Boodle").tap()
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").first.tap()
    page.locator("#boodle-chip_value").fill("0.50")
    page.get_by_role("button", name="Start the game").tap()
    boodle = BoodleTable(page)
    for card, by in (("AH", "Bo"), ("KC", "Cia"), ("QD", "Dan"), ("JS", "Anna")):
        boodle.played(card, by)
    boodle.out("Dan", {"Anna": 3, "Bo": 2, "Cia": 4}, deal=1)
    page.get_by_role("link", name="Table", exact=True).tap()
    expect(game_card(page, 2).locator(".egame-money")).to_have_text(
        "Dan +5.00 · Bo −0.50 · Cia −1.50 · Anna −3.00"
    )

    # Mus, imported; its stake set later, per game won.
    page.locator("summary", has_text="Import a game file").tap()
    page.locator("input[type=file]").set_input_files(str(mus_record(tmp_path)))
    page.get_by_role("button", name="Import").tap()
    expect(page.locator(".banner")).to_be_visible()
    page.get_by_role("link", name="Table", exact=True).tap()
    mus = game_card(page, 3)
    mus.locator("summary", has_text="Put a stake on it").tap()
    mus.get_by_label("Money per unit").fill("2")
    mus.locator("label.key", has_text="per game won").tap()
    mus.get_by_role("button", name="Save the stake").tap()
    expect(game_card(page, 3).locator(".egame-money")).to_have_text(
        "Bo +1.00 · Dan +1.00 · Anna −1.00 · Cia −1.00"
    )
    shot(page, "evening-table-before-the-end")

    # End the evening: Anna -2.90, Bo +6.00, Cia -8.20, Dan +5.10; nothing pairs off, so
    # three payments, the biggest loser paying the biggest winner first.
    page.get_by_role("button", name="End the evening").tap()
    expect(page.locator(".evening-ended")).to_contain_text("The evening has ended")
    for number in (1, 2, 3):
        expect(game_card(page, number).locator(".badge")).to_have_text(
            re.compile("finished|ended as it stood")
        )
    assert payments(page) == [
        "Anna pays Dan 2.90",
        "Cia pays Bo 6.00",
        "Cia pays Dan 2.20",
    ]
    cia_to_dan = page.locator(".epayment").nth(2)
    expect(cia_to_dan).to_contain_text("2. Boodle: Cia −1.50 (−3 chips), Dan +5.00 (+10 chips)")
    shot(page, "evening-settle-up")

    # One payment paid; it stays, struck through.
    page.locator(".epayment").nth(1).get_by_role("button", name="Mark as paid").tap()
    expect(page.locator(".epayment").nth(1).locator(".badge.paid")).to_have_text("✓ paid")
    expect(page.locator(".epayment.paid")).to_have_count(1)
    paid_by_mistake = page.locator(".epayment").nth(1).get_by_role("button")
    expect(paid_by_mistake).to_have_text(["Not paid after all"])  # the one way back
    text = page.locator("#esettle-text").input_value()
    assert "Cia pays Bo 6.00 (paid)" in text
    shot(page, "evening-one-paid")

    # The game pages take no more entries.
    game_card(page, 2).get_by_role("link", name="2. Boodle").tap()
    expect(page.locator(".notice")).to_contain_text("The evening has ended")
    expect(page.locator("#entry")).to_have_count(0)
    page.get_by_role("link", name="Table", exact=True).tap()
    expect(page.locator(".evening-ended")).to_be_visible()  # there before going on

    # A second evening of the circle: a Mulle game imported at home, then put in the circle.
    page.goto(live_server + "/")
    page.locator("summary", has_text="Import a game file").tap()
    page.locator("input[type=file]").first.set_input_files(str(hundred_club_record(tmp_path)))
    page.get_by_role("button", name="Import", exact=True).tap()
    expect(page.locator(".banner")).to_contain_text("Bo")
    page.get_by_role("link", name="Table", exact=True).tap()
    page.get_by_label("Put this evening in a circle").select_option(label="The Friday group")
    page.get_by_role("button", name="Put it in the circle").tap()
    page.get_by_role("link", name="Open The Friday group").tap()
    expect(page.locator(".tables-list li")).to_have_count(2)
    # What the circle still owes: Bo was paid his 6.00; the Mulle evening had no stake.
    expect(page.locator(".owed li")).to_have_text(["Dan +5.10", "Cia −2.20", "Anna −2.90"])
    shot(page, "circle-page")

    # Bo's page: both evenings, his Mulle seat in the hundred club, his money.
    page.locator("section[aria-labelledby=players-title]").get_by_role("link", name="Bo").tap()
    expect(page.locator("h1")).to_have_text("Bo")
    evenings = page.locator(".tables-list li")
    expect(evenings).to_have_count(2)
    expect(evenings.nth(1)).to_contain_text("Friday at Eva's")
    expect(evenings.nth(1)).to_contain_text("+6.00")
    expect(page.locator(".kind-card", has_text="Mulle")).to_contain_text(
        "Seats taken in the hundred club: 1"
    )
    expect(page.locator(".kind-card", has_text="Plump")).to_contain_text("Bids made: 3 of 3")
    expect(page.locator("figure.chart")).to_be_visible()
    shot(page, "circle-player-page")


def full_plump_record(players: list[str]) -> dict:
    """A whole game: every deal the first bidder bids 1 and makes it, the next takes the rest."""
    from assistant.games.plump import PlumpOptions, deal_plan

    rounds = []
    for deal, cards in enumerate(deal_plan(PlumpOptions(), len(players)), start=1):
        dealer = (deal - 1) % len(players)
        order = [players[(dealer + 1 + i) % len(players)] for i in range(len(players))]
        bids = {name: 0 for name in order}
        bids[order[0]] = 1
        if cards == 1:
            bids[order[-1]] = 1  # the hook: the dealer may not make the bids add up to 1
        tricks = {name: 0 for name in order}
        tricks[order[0]] = 1
        tricks[order[1]] = cards - 1
        rounds.append({"trump": "S", "bids": bids, "tricks": tricks})
    return {"format": "table-assistant/1", "game": "plump", "players": players,
            "options": {}, "first_dealer": players[0], "rounds": rounds}  # fmt: skip


def test_the_plump_protocol_prints_on_one_page(
    page: Page, live_server: str, tmp_path: Path
) -> None:
    for players in (
        ["Anna", "Bo", "Cia", "Dan"],
        ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus"],
    ):
        path = tmp_path / f"plump-{len(players)}.json"
        path.write_text(json.dumps(full_plump_record(players)))
        page.goto(live_server + "/")
        page.locator("summary", has_text="Import a game file").tap()
        page.locator("input[type=file]").first.set_input_files(str(path))
        page.get_by_role("button", name="Import", exact=True).tap()
        expect(page.locator(".banner")).to_contain_text("Game over")
        page.emulate_media(media="print")
        expect(page.locator(".actions")).to_be_hidden()
        expect(page.locator("table.protocol tfoot")).to_be_visible()
        pdf = page.pdf(format="A4")
        page.emulate_media(media="screen")
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 1, f"{len(players)} players: {pages} pages"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_evening_and_circle_pages_pass_axe(
    page: Page, live_server: str, tmp_path: Path, scheme: str
) -> None:
    """An ended evening with a stake and a paid payment, a game's history, the circle and a
    player's page."""
    page.emulate_media(color_scheme=scheme)
    page.goto(live_server + "/")
    page.locator("summary", has_text="Start a circle").tap()
    page.get_by_label("Name of the circle").fill("The Friday group")
    page.get_by_role("button", name="Start the circle").tap()
    page.get_by_role("link", name="New evening in this circle").tap()
    expect(page.get_by_label("Name of the evening")).to_be_visible()
    assert problems(page) == [], "set-up in a circle"
    for i, name in enumerate(PLAYERS):
        page.locator(f"#players-{i}").fill(name)
    page.locator("label.game-card", has_text="Plump").tap()
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_label("Money per unit").fill("0.10")
    page.get_by_role("button", name="Start the game").tap()
    play_deal(PlumpTable(page), 1, PLUMP_THREE_DEALS[0]["bids"], PLUMP_THREE_DEALS[0]["tricks"],
              trump="S")  # fmt: skip
    page.get_by_role("link", name="Table", exact=True).tap()
    expect(page.locator(".egame-money")).to_be_visible()
    assert problems(page) == [], "the evening"
    page.get_by_role("button", name="End the evening").tap()
    expect(page.locator(".evening-ended")).to_be_visible()
    page.locator(".epayment").first.get_by_role("button", name="Mark as paid").tap()
    expect(page.locator(".epayment.paid")).to_have_count(1)
    assert problems(page) == [], "the evening, ended"
    page.get_by_role("link", name="History").first.tap()
    expect(page.locator("h1")).to_have_text("History of Plump")
    assert problems(page) == [], "a game's history"
    page.go_back()
    page.get_by_role("link", name="Open The Friday group").tap()
    expect(page.locator("h1")).to_have_text("The Friday group")
    assert problems(page) == [], "the circle"
    page.locator("section[aria-labelledby=players-title]").get_by_role("link", name="Bo").tap()
    page.locator("summary", has_text="Bo is the same person as").tap()
    expect(page.get_by_label("The same person as")).to_be_visible()
    assert problems(page) == [], "a player's page"
