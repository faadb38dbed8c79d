"""Two Three in One deals for four players on a phone: the poker stage of the first decided from
the cards (a split pot, the odd chip staying), the second by a tapped winner who takes the carried
chip; chips and pot against hand-worked figures, the taps of each poker stage counted."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import LAYOUT_SCREENS, choose_players, import_example, use_screen
from tests.browser.test_accessibility import problems
from tests.browser.test_boodle import Table, balances

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]


class PokerTable(Table):
    """Tapping the poker stage."""

    def decide(self, folds: list[str], rest: str) -> None:
        for name in folds:
            self.tap(self.page.get_by_role("button", name=f"{name} folds"))
            expect(self.page.locator(".said")).to_have_text(f"✓ {name} folds.")
        self.tap(self.page.get_by_role("button", name=f"The others are in: {rest}"))
        expect(self.page.locator(".said")).to_have_text(f"✓ In: {rest}.")

    def bet(self, chips: int, pot: int) -> None:
        plus = self.page.locator(".bpoker-bet [data-step='1']")
        for _ in range(chips):
            self.tap(plus)
        expect(self.page.locator("input[name=poker_bet]")).to_have_value(str(chips))
        self.tap(self.page.get_by_role("button", name="Save the bet"))
        said = f"Everyone still in bets {chips}: the poker pot holds {pot} chips."
        expect(self.page.locator(".said")).to_have_text(f"✓ {said}")

    def hand(self, cards: list[str]) -> None:
        keys = self.page.locator("[data-keys]")
        for card in cards:
            self.tap(keys.locator(f"[data-rank='{card[:-1]}']"))
            self.tap(keys.locator(f"[data-suit='{card[-1]}']"))


def pot(page: Page) -> str:
    return page.locator(".bpot .bchips").inner_text()


def test_two_three_in_one_deals_on_a_phone(page: Page, live_server: str, shot) -> None:
    choose_players(page, live_server, "Boodle", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.locator("label.key", has_text="Classic, with Three in One").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("the pot holds 4")
    table = PokerTable(page)
    shot(page, "boodle-poker-in-or-fold")
    assert problems(page) == [], "in or fold"

    # Deal 1, Anna deals: layout antes 8 + 4 + 4 + 4 (5 on each card), 1 chip each into the pot.
    table.decide(["Dan"], "Bo, Cia, Anna")
    table.bet(1, pot=7)  # 4 antes + 3 bets
    table.tap(page.locator("summary", has_text="Or the cards"))
    table.hand(["5H", "6H", "7C", "8D", "9S"])  # Bo
    keys = page.locator("[data-keys]")
    table.tap(keys.locator("[data-rank='5']"))  # Cia's 5: the 5♥ is Bo's, so ♥ is greyed out
    expect(keys.locator("[data-suit='H']")).to_be_disabled()
    table.tap(keys.locator("[data-suit='D']"))
    table.hand(["6C", "7S", "8H", "9C"])  # the rest of Cia's straight
    table.hand(["KH", "KD", "4C", "4S", "9D"])  # Anna
    expect(keys.locator("[data-rank='9']")).to_be_enabled()  # 9♥ is still in the pack
    expect(page.locator("[data-hand].full")).to_have_count(3)
    expect(page.locator("input[name=poker_hands_2]")).to_have_value("5D 6C 7S 8H 9C")
    shot(page, "boodle-poker-cards")
    assert problems(page) == [], "the card picker"
    page.emulate_media(color_scheme="dark")
    assert problems(page) == [], "the card picker, dark"
    page.emulate_media(color_scheme="light")
    table.tap(page.get_by_role("button", name="Save the hands"))
    result = page.locator("[data-poker-result]")
    expect(result).to_have_text(
        "Bo and Cia split the pot with straight, nine high: 3 chips each;"
        " the odd chip stays in the pot"
    )
    expect(page.locator(".bshown")).to_contain_text("two pairs, kings and fours")
    assert pot(page) == "1"
    taps_from_the_cards = table.taps
    shot(page, "boodle-poker-split-pot")
    assert problems(page) == [], "the result"

    table.played("AH", "Bo")
    table.out("Cia", {"Anna": 3, "Bo": 2, "Dan": 4}, deal=1)
    assert balances(page) == [-13, 0, 6, -9]
    # Deal 2, Bo deals: the odd chip is carried into the pot with the new antes
    expect(page.locator(".bpot")).to_contain_text("1 carried")
    assert pot(page) == "5"

    before = table.taps
    table.decide(["Cia"], "Dan, Anna, Bo")
    table.bet(2, pot=11)
    table.tap(page.locator(".bpoker-winner button[value=Dan]"))
    expect(page.locator(".said")).to_have_text("✓ Dan wins the poker pot: 11 chips")
    taps_by_a_winner = table.taps - before
    assert pot(page) == "0"
    shot(page, "boodle-poker-winner-tapped")
    table.played("KC", "Dan")
    table.out("Anna", {"Bo": 1, "Cia": 2, "Dan": 3}, deal=2)
    assert balances(page) == [-14, -12, -1, 2]
    foot = page.locator(".boodle-protocol tfoot .blayout-sum")
    expect(foot).to_have_text(["25", "0"])  # on the layout, in the pot

    # The correction of deal 1 shows its poker stage as it was saved.
    page.get_by_role("link", name="Correct deal 1").tap()
    expect(page.locator("input[name=poker_hands_1]")).to_have_value("5H 6H 7C 8D 9S")
    expect(page.locator("input[name=poker_folded_3]")).to_be_checked()
    assert problems(page) == [], "the correction"
    page.get_by_role("link", name="Cancel").tap()

    # Deal 3, Cia deals: a fold taken back by Undo.
    page.get_by_role("button", name="Dan folds").tap()
    expect(page.locator(".bseat-folded")).to_have_text(re.compile("Dan"))
    page.get_by_role("button", name="Undo").tap()
    expect(page.get_by_role("button", name="Dan folds")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # in or fold 2 (a fold, "the others are in"), the bet 1 + its chips, the showdown
    assert taps_from_the_cards == 2 + (1 + 1) + 1 + 3 * 10 + 1
    assert taps_by_a_winner == 2 + (1 + 2) + 1


ONE_LINE = """(names) => {
  // every name shown on the page, and the lines its text takes
  const lines = [];
  const form = document.querySelector("#correction");
  const walker = document.createTreeWalker(form, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    if (!names.includes(text.textContent.trim()) || !text.parentElement.checkVisibility()) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const tops = new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top)));
    if (tops.size) lines.push([text.textContent.trim(), tops.size]);
  }
  return lines;
}"""


def test_no_name_breaks_on_the_correction_of_a_three_in_one_deal_at_320_px(
    page: Page, live_server: str, tmp_path, shot
) -> None:
    names = ["Anna", "Bo", "Clara", "Maximilian"]
    record = {
        "format": "table-assistant/1",
        "game": "boodle",
        "players": names,
        "options": {"three_in_one": {"pot_ante": 1}},
        "first_dealer": "Anna",
        "rounds": [
            {
                "poker": {"bets": {"Bo": 1, "Clara": 1}, "folded": ["Anna", "Maximilian"],
                          "winner": "Clara"},
                "events": [{"boodle": "AH", "by": "Bo"}, {"out": "Clara"}],
                "cards_left": {"Anna": 3, "Bo": 2, "Maximilian": 4},
            }
        ],
    }  # fmt: skip
    path = tmp_path / "three-in-one.json"
    path.write_text(json.dumps(record))
    use_screen(page, "narrow")
    page.goto(import_example(page, live_server, path) + "rounds/1")
    expect(page.locator(".bpoker-row .bseat-name")).to_have_count(4)
    shot(page, "boodle-poker-correction-320")
    lines = page.evaluate(ONE_LINE, names)
    assert {name for name, _ in lines} == set(names)  # each is there, by the folded box at least
    assert [(name, n) for name, n in lines if n > 1] == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def at_the_showdown(page: Page, live_server: str, screen: str) -> PokerTable:
    """A Three in One deal of four on ``screen``: everyone is in, the bet is 2 (pot 12)."""
    use_screen(page, screen)
    choose_players(page, live_server, "Boodle", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.locator("label.key", has_text="Classic, with Three in One").tap()
    page.get_by_role("button", name="Start the game").tap()
    table = PokerTable(page)
    table.tap(page.get_by_role("button", name="Everyone is in"))
    expect(page.locator(".said")).to_have_text("✓ In: Bo, Cia, Dan, Anna.")
    table.bet(2, pot=12)
    return table


def test_a_player_still_in_folds_to_the_bet_on_a_phone(page: Page, live_server: str, shot) -> None:
    """Everyone is in, the bet is 2, then Dan does not call it: he folds and puts nothing in.
    The pot (4 antes and three bets of 2) goes to the best hand of those still in, Cia's pair
    of queens; the deal's chips on the sheet add up with the layout to zero."""
    table = at_the_showdown(page, live_server, "phone")
    fold = page.locator("form.bpoker-fold")
    expect(fold).to_be_hidden()  # folded away, below the winners' keys: one tap opens it
    table.tap(page.locator("summary", has_text="Someone does not call the bet?"))
    expect(fold.get_by_role("button")).to_have_text(
        ["✕ Bo folds", "✕ Cia folds", "✕ Dan folds", "✕ Anna folds"]
    )
    fold.scroll_into_view_if_needed()
    shot(page, "boodle-poker-fold-to-the-bet", full_page=False)
    assert problems(page) == [], "folding to the bet"
    table.tap(fold.get_by_role("button", name="Dan folds"))
    expect(page.locator(".said")).to_have_text("✓ Dan folds.")
    expect(page.locator(".bpoker-pot")).to_have_text("pot 10")  # Dan's 2 are not in it
    expect(fold.get_by_role("button")).to_have_text(["✕ Bo folds", "✕ Cia folds", "✕ Anna folds"])
    expect(page.locator(".bpoker-winner button")).to_have_text(["Bo", "Cia", "Anna"])

    table.tap(page.locator("summary", has_text="Or the cards"))
    expect(page.locator("[data-hand]")).to_have_count(3)  # no hand for Dan
    table.hand(["2H", "5C", "8D", "10S", "KH"])  # Bo: king high
    table.hand(["QH", "QS", "3C", "7S", "9D"])  # Cia: a pair of queens
    table.hand(["4C", "4D", "6S", "9C", "JH"])  # Anna: a pair of fours
    table.tap(page.get_by_role("button", name="Save the hands"))
    expect(page.locator("[data-poker-result]")).to_contain_text("Cia")
    expect(page.locator(".bshown .bwon")).to_have_count(1)
    expect(page.locator(".bshown .bwon")).to_contain_text("Cia")
    expect(page.locator(".bshown .bwon")).to_contain_text("+10")
    expect(page.locator(".bshown .bseat-folded")).to_contain_text("Dan")
    assert pot(page) == "0"
    page.locator(".bpoker").scroll_into_view_if_needed()
    shot(page, "boodle-poker-folded-to-the-bet-result", full_page=False)

    # Anna −8 −1 −2, Bo −4 −1 −2, Cia −4 −1 −2 +10, Dan −4 −1 (no bet): then Bo takes A♥'s 5,
    # Cia goes out and is paid 3 + 2 + 4; the other three boodle cards keep 5 chips each.
    table.played("AH", "Bo")
    table.out("Cia", {"Anna": 3, "Bo": 2, "Dan": 4}, deal=1)
    assert balances(page) == [-14, -4, 12, -9]
    row = page.locator("#row-deal-1")
    expect(row.locator("td .score")).to_have_text(["−14", "−4", "+12", "−9"])
    expect(row.locator("td.blayout-sum")).to_have_text(["15", "0"])  # on the layout, in the pot
    row.scroll_into_view_if_needed()
    shot(page, "boodle-poker-fold-to-the-bet-sheet", full_page=False)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("screen", LAYOUT_SCREENS)
def test_a_fold_sits_apart_from_the_winners_and_looks_like_none(
    page: Page, live_server: str, shot, screen: str
) -> None:
    """At the showdown the winners' keys come first; "X folds" is folded away below them (a
    tap opens it) and drawn dashed, in another colour: never one slip from a winner."""
    at_the_showdown(page, live_server, screen)
    winners = page.locator(".bpoker-winner button")
    expect(winners).to_have_text(["Bo", "Cia", "Dan", "Anna"])
    folds = page.locator(".bpoker-fold button")
    expect(folds.first).to_be_hidden()
    page.locator("summary", has_text="Someone does not call the bet?").tap()
    expect(folds.first).to_be_visible()
    last_winner = winners.last.bounding_box()
    first_fold = folds.first.bounding_box()
    assert (
        last_winner
        and first_fold
        and first_fold["y"] > last_winner["y"] + last_winner["height"] + 40
    )
    look = "b => [getComputedStyle(b).borderTopStyle, getComputedStyle(b).color]"
    assert folds.first.evaluate(look) != winners.first.evaluate(look)
    assert folds.first.evaluate(look)[0] == "dashed"
    folds.first.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, f"boodle-poker-folds-apart-{screen}", full_page=False)
    assert problems(page) == []
