"""Three Boodle deals for four players through the real UI on a phone: a sale of the spare hand,
a fault, a pot carried over and taken later, then the balances and the settle-up."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import (
    SCREENS,
    SLOW_ANSWERS,
    Answers,
    TapCounter,
    choose_players,
    in_sight,
    use_screen,
)

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
CARDS = {"AH": "A♥", "KC": "K♣", "QD": "Q♦", "JS": "J♠"}


class Table(TapCounter):
    """The table of this game, tapping its own controls."""

    def played(self, card: str, by: str) -> None:
        form = self.page.locator("form.boodle-play")
        self.tap(form.locator("label.bcard").filter(has=self.page.locator(f"input[value={card}]")))
        self.tap(form.locator(f"button[value={by}]"))
        expect(self.page.locator(".said")).to_contain_text(f"{by} plays {CARDS[card]}")
        in_sight(self.page, f"{by} plays {card}")

    def fault(self, by: str) -> None:
        self.tap(self.page.locator("summary", has_text="A fault"))
        details = self.page.locator("details.bmore", has_text="A fault")
        self.tap(details.locator(f"button[value={by}]"))
        expect(self.page.locator(".said")).to_contain_text(f"{by} led a card")
        in_sight(self.page, f"the fault of {by}")

    def out(self, winner: str, cards_left: dict[str, int], deal: int) -> None:
        form = self.page.locator("form.boodle-out")
        self.tap(form.locator("label.key").filter(has=self.page.locator(f"input[value={winner}]")))
        for name, held in cards_left.items():
            self.tap(form.locator(f"[data-player={name}] label.key").nth(held))
        self.tap(form.get_by_role("button", name="Save the deal"))
        expect(self.page.locator(".said")).to_contain_text(f"Deal {deal} saved: {winner} went out")
        in_sight(self.page, f"deal {deal}")


def start_boodle(page: Page, live_server: str) -> Table:
    """A new game of Boodle for the four, Anna dealing first, on its game page."""
    choose_players(page, live_server, "Boodle", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Anna deals")
    return Table(page)


def balances(page: Page) -> list[int]:
    texts = page.locator("#game .strip .strip-total").all_inner_texts()
    return [int(t.replace("−", "-").replace("+", "")) for t in texts]


@pytest.mark.parametrize("screen", SCREENS)
def test_three_deals_with_a_sale_a_fault_and_a_carried_pot(
    page: Page, live_server: str, shot, screen: str
) -> None:
    """On a phone, with large text, on a narrow phone: after every tap that saves, what happens
    next, the score and Undo are in sight (the ``Table`` methods check it)."""
    use_screen(page, screen)
    taken = shot

    def shot(page: Page, name: str, full_page: bool = True) -> None:
        taken(page, name if screen == "phone" else f"{name}-{screen}", full_page)

    choose_players(page, live_server, "Boodle", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.locator("label.key", has_text="Custom").tap()  # opens the custom rules
    page.locator("label.key", has_text="Auctioned unseen").tap()
    page.locator("#boodle-chip_value").fill("0.50")
    shot(page, "boodle-setup-options")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1")
    expect(page.locator(".banner")).to_contain_text("Anna deals")
    table = Table(page)

    # Deal 1, Anna deals (5 chips on each card): Cia buys the spare hand for 2 chips.
    table.tap(page.locator("summary", has_text="The spare hand is sold"))
    sale = page.locator("details.bmore", has_text="The spare hand is sold")
    table.tap(sale.locator("label.key", has_text="Cia"))
    table.tap(sale.locator("[data-step='1']"))
    shot(page, "boodle-spare-hand-sale")
    table.tap(sale.get_by_role("button", name="Save the sale"))
    expect(page.locator(".said")).to_contain_text(
        "Cia buys the spare hand for 2 chips, paid to Anna"
    )
    in_sight(page, "the sale of the spare hand")
    before = table.taps
    table.played("AH", "Bo")
    table.played("KC", "Cia")
    table.out("Dan", {"Anna": 3, "Bo": 2, "Cia": 4}, deal=1)
    shot(page, "boodle-first-screen", full_page=False)
    taps_for_a_deal = table.taps - before
    assert balances(page) == [-9, -1, -5, 5]

    # Deal 2, Bo deals: Q♦ and J♠ carry 5 chips each into it. Cia leads wrong and is barred.
    cards = page.locator("form.boodle-play .bchips")
    expect(cards).to_have_text(["5", "5", "10", "10"])
    table.fault("Cia")
    table.played("QD", "Cia")  # barred: its 10 chips stay
    expect(page.locator(".bcard.bplayed")).to_contain_text("Cia: barred, the chips stay")
    table.played("JS", "Anna")
    out_form = page.locator("form.boodle-out")
    expect(out_form.locator("input[value=Cia]")).to_be_disabled()  # a faulted player cannot win
    shot(page, "boodle-deal-in-progress")
    table.tap(out_form.locator("label.key").filter(has=page.locator("input[value=Bo]")))
    expect(out_form.locator("[data-player=Bo]")).to_be_hidden()  # the winner holds no cards
    for name, held in {"Anna": 1, "Cia": 0, "Dan": 5}.items():
        table.tap(out_form.locator(f"[data-player={name}] label.key").nth(held))
    shot(page, "boodle-out-entered")
    table.tap(out_form.get_by_role("button", name="Save the deal"))
    expect(page.locator(".said")).to_contain_text("Deal 2 saved: Bo went out")
    assert balances(page) == [-3, -2, -12, -3]

    # Deal 3, Cia deals: Dan plays Q♦ and takes the pot carried over two deals (15 chips).
    expect(cards).to_have_text(["10", "10", "15", "5"])
    table.played("QD", "Dan")
    table.out("Anna", {"Bo": 2, "Cia": 3, "Dan": 1}, deal=3)
    assert balances(page) == [-1, -8, -23, 7]
    expect(page.locator(".banner")).to_contain_text("45 chips on the layout, this deal's antes")
    expect(page.locator(".boodle-protocol tbody tr")).to_have_count(3)
    shot(page, "boodle-after-three-deals")

    # Settle up: the 25 chips left on the layout are shared, then 3 payments.
    page.get_by_role("link", name="Settle up").tap()
    settle = page.locator("#settle")
    expect(settle).to_be_in_viewport()
    expect(page.locator(".boodle-panel")).to_be_hidden()  # the settle-up has the screen
    expect(settle).to_contain_text("shared equally first: 6.25 each")
    payments = settle.locator(".bpayment")
    expect(payments).to_have_count(3)
    expect(payments.nth(2)).to_contain_text("Cia pays Dan")
    # Dan's 13.25 chips are 6.625 at 0.50: to the cent as the evening's settle-up pays them.
    expect(payments.nth(2)).to_contain_text("13.24 chips = 6.62")
    expect(payments.nth(2)).to_contain_text("Cia lost 8.38 and Dan won 6.62")
    text = settle.locator("textarea").input_value()
    assert "Cia pays Dan 13.24 chips = 6.62" in text
    expect(settle.get_by_role("button", name="Copy")).to_be_visible()
    shot(page, "boodle-settle-up")

    # Another phone enters a card of deal 4: this phone's poll swaps the page, the settle-up stays.
    other = page.context.new_page()
    other.goto(page.url.split("#")[0])
    Table(other).played("AH", "Bo")
    expect(page.locator(".blive-log")).to_contain_text("Bo plays A♥", timeout=10_000)
    expect(page.locator(".boodle-panel")).to_be_hidden()
    other.close()
    settle.get_by_role("link", name="Back to the game").tap()
    expect(page.locator(".boodle-panel")).to_be_visible()

    # A sale, two boodle cards and the out with three cards left: 2 + 2 + 1 + 3 + 1 taps.
    assert taps_for_a_deal == 9
    assert re.search(r"Deal 4", page.locator(".banner").inner_text())


def test_free_stakes_with_steppers_and_a_correction(page: Page, live_server: str, shot) -> None:
    choose_players(page, live_server, "Boodle", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.locator("label.key", has_text="Free stake of 6 chips").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("#entry h2")).to_have_text("Where does everyone put their chips?")

    stake = {name: page.locator("fieldset.bstake", has_text=name).first for name in PLAYERS}
    stake["Anna"].locator("input[name=stakes_0_AH]").fill("12")
    for card in ("KC", "QD"):
        plus = stake["Bo"].locator(
            f"[data-stepper]:has(input[name=stakes_1_{card}]) [data-step='1']"
        )
        for _ in range(3):
            plus.tap()
    stake["Bo"].locator("[data-stepper]:has(input[name=stakes_1_QD]) [data-step='-1']").tap()
    expect(stake["Bo"].locator("[data-sum]")).to_have_text("5")
    stake["Bo"].locator("[data-stepper]:has(input[name=stakes_1_QD]) [data-step='1']").tap()
    expect(stake["Bo"].locator("[data-sum]")).to_have_text("6")
    expect(stake["Bo"]).to_have_class(re.compile(r"\bbexact\b"))
    stake["Cia"].locator("input[name=stakes_2_JS]").fill("6")
    stake["Dan"].locator("input[name=stakes_3_AH]").fill("6")
    shot(page, "boodle-free-stakes")
    page.get_by_role("button", name="Save the stakes").tap()
    cards = page.locator("form.boodle-play .bchips")
    expect(cards).to_have_text(["18", "3", "3", "6"])
    table = Table(page)
    table.played("KC", "Bo")
    table.out("Bo", {"Anna": 2, "Cia": 1, "Dan": 0}, deal=1)
    assert balances(page) == [-14, 0, -7, -6]

    # Deal 2, Bo deals: last deal's placements come back (doubled for Bo, halved for Anna).
    expect(stake["Bo"].locator("input[name=stakes_1_KC]")).to_have_value("6")
    expect(stake["Anna"].locator("input[name=stakes_0_AH]")).to_have_value("6")
    page.get_by_role("button", name="Save the stakes").tap()
    expect(cards).to_have_text(["30", "6", "9", "12"])  # A♥, Q♦, J♠ carried 18, 3, 6
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    page.get_by_role("link", name="Correct deal 1").tap()
    expect(page.locator("h1")).to_have_text("Correct deal 1")
    shot(page, "boodle-correct-deal")
    page.locator("fieldset.pad:has(input[name=cards_left_3]) label.key").nth(4).tap()
    page.get_by_role("button", name="Save the correction").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 2")
    assert balances(page) == [-14, 4, -7, -10]
    expect(cards).to_have_text(["30", "6", "9", "12"])  # the deal being played is kept


def test_undo_of_a_saved_deal_brings_its_out_back_as_entered(
    page: Page, live_server: str, shot
) -> None:
    """One wrong number of cards left: Undo, one key, Save; not the whole out tapped again."""
    table = start_boodle(page, live_server)
    table.played("AH", "Bo")
    table.out("Dan", {"Anna": 3, "Bo": 2, "Cia": 4}, deal=1)
    table.tap(page.get_by_role("button", name="Undo: Dan went out, deal 1"))
    expect(page.locator(".said")).to_contain_text("Undone: Dan went out, deal 1.")
    form = page.locator("form.boodle-out")
    expect(form.locator("input[name=out][value=Dan]")).to_be_checked()
    for name, held in {"Anna": 3, "Bo": 2, "Cia": 4}.items():
        expect(form.locator(f"[data-player={name}] input[value='{held}']")).to_be_checked()
    shot(page, "boodle-out-undone")
    before = table.taps
    table.tap(form.locator("[data-player=Cia] label.key").nth(5))
    table.tap(form.get_by_role("button", name="Save the deal"))
    expect(page.locator(".said")).to_contain_text("Deal 1 saved: Dan went out")
    assert table.taps - before == 2
    # Anna dealt (8 on the layout, the others 4): Bo took A♥'s 5, Dan 3 + 2 + 5 cards left
    assert balances(page) == [-11, -1, -9, 6]


def test_twenty_entries_tapped_fast_over_a_slow_connection(page: Page, slow_server: str) -> None:
    """A boodle card taken back, and the next one tapped while the removal is on its way: each
    waits its turn and goes with the version the answer before gave. None is refused."""
    choose_players(page, slow_server, "Boodle", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    form = page.locator("form.boodle-play")
    expect(form).to_be_visible()
    answers = Answers(page)
    cards = list(CARDS)

    def play(i: int) -> None:
        form.locator("label.bcard").filter(has=page.locator(f"input[value={cards[i % 4]}]")).tap()
        form.locator(f"button[value={PLAYERS[i % 4]}]").tap()

    play(0)
    for i in range(1, 10):
        page.get_by_role("button", name="Remove the last entry").tap()
        play(i)  # on the page the removal was tapped on, while its answer is on its way
    page.get_by_role("button", name="Remove the last entry").tap()
    expect(page.locator("#game")).to_have_attribute("data-version", "20", timeout=SLOW_ANSWERS)
    assert answers.refused() == [] and len(answers.statuses) == 20
