"""A two-deal, two-player Mulle game through the real UI on a phone: the rounds of cards with båt,
mulles and tabbar recorded as they happen, the piles counted at the end of each deal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import (
    LAYOUT_SCREENS,
    SCREENS,
    SLOW_ANSWERS,
    Answers,
    TapCounter,
    above_the_bar,
    choose_players,
    import_example,
    in_sight,
    use_screen,
)
from tests.browser.test_accessibility import problems

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

PLAYERS = ["Anna", "Bo"]


class Table(TapCounter):
    """The table of this game, tapping its own controls."""

    def said(self, text: str) -> None:
        expect(self.page.locator(".said")).to_contain_text(text)
        in_sight(self.page, text)

    def next_round(self, to: int) -> None:
        self.tap(self.page.locator(".round-next button"))
        expect(self.page.locator(".round-big")).to_have_text(re.compile(rf"Round {to} of 6"))
        in_sight(self.page, f"round {to}")

    def mulle(self, player: str, card: str) -> None:
        rank, suit = card[:-1], card[-1]
        live = self.page.locator(".mulle-live")
        # "Mulle" may already be said by the mulle before: the new chip is what shows it saved.
        mulles = self.page.locator(".chip.event:not(.tabbe)")
        count = mulles.count()
        self.tap(live.locator(".names-row label.key", has_text=player))
        self.tap(live.locator(".ranks label.key").filter(has_text=re.compile(rf"^{rank}$")))
        self.tap(live.locator(f".suit-buttons button[value={suit}]"))
        self.said(f"Mulle {rank}{SUITS[suit]} for {player}.")
        expect(mulles).to_have_count(count + 1)

    def tabbe(self, player: str) -> None:
        count = self.page.locator(".chip.event.tabbe").count()
        self.tap(self.page.locator(".tabbe-buttons button", has_text=player))
        expect(self.page.locator(".chip.event.tabbe")).to_have_count(count + 1)
        self.said(f"Tabbe for {player}.")

    def count(self, seat: int, what: str, value: int, prefix: str = "piles") -> None:
        """Enter a count: a key of its pad (aces, A♠, 2♠, 10♦: one tap, 0 is already tapped);
        the spades and the tabbar typed when large, else tapped + that many times."""
        if what in PADS:
            key = self.page.locator(f"input[name={prefix}_{seat}_{what}][value='{value}']")
            if value:
                self.tap(key.locator("xpath=.."))
            expect(key).to_be_checked()
            return
        field = self.page.locator(f"#{prefix}_{seat}_{what}")
        if value > 3:
            self.tap(field)
            field.press_sequentially(str(value))
            self.taps += len(str(value))
        else:
            plus = self.page.locator(f"[data-count={what}]:has(#{prefix}_{seat}_{what}) .step-key")
            for _ in range(value):
                self.tap(plus.nth(1))
        expect(field).to_have_value(str(value))


PADS = ("aces", "spade_aces", "spade_twos", "diamond_tens")  # counted on number pads


def value_of(page: Page, name: str) -> str:
    """A count as the page holds it: a stepper's number, or the key tapped on its pad."""
    typed = page.locator(f"input[type=number][name={name}]")
    if typed.count():
        return typed.input_value()
    return page.locator(f"input[type=radio][name={name}]:checked").get_attribute("value") or ""


# The keys of a round of cards: the next round, a mulle (who, rank, suit) and a tabbe.
ROUND_KEYS = (".round-next button", ".mulle-live .names-row", ".mulle-live .ranks",
              ".suit-buttons", ".tabbe-buttons")  # fmt: skip


def values(page: Page, seat: int) -> dict[str, str]:
    counts = ("spades", "aces", "spade_aces", "spade_twos", "diamond_tens", "tabbar")
    return {c: value_of(page, f"piles_{seat}_{c}") for c in counts}


def fits(page: Page) -> None:
    """Nothing scrolls sideways but the sheet (on a phone the page would widen the viewport)."""
    size = page.viewport_size
    assert size and page.evaluate("document.documentElement.scrollWidth") <= size["width"]


def totals_on_sheet(page: Page) -> list[int]:
    return [int(t) for t in page.locator(".mulle-tally tfoot td.total").all_inner_texts()]


@pytest.mark.parametrize("screen", SCREENS)
def test_a_two_deal_mulle_game_on_a_phone(page: Page, live_server: str, shot, screen) -> None:
    """On a phone, with large text, on a narrow phone: after every tap that saves, what happens
    next, the score and Undo are in sight (``Table.said``)."""
    use_screen(page, screen)
    taken = shot

    def shot(page: Page, name: str, full_page: bool = True) -> None:
        taken(page, name if screen == "phone" else f"{name}-{screen}", full_page)

    choose_players(page, live_server, "Mulle", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()
    shot(page, "mulle-setup-options")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 2")
    expect(page.locator(".banner")).to_contain_text("Bo plays first")
    expect(page.locator(".round-big")).to_have_text("Round 1 of 6")
    table = Table(page)

    # Deal 1: the worked example of the rules, 44 against 38, recorded as it happens.
    table.mulle("Anna", "8C")
    if screen == "phone":  # every key of a round in sight, without scrolling
        above_the_bar(page, *ROUND_KEYS)
    table.next_round(2)
    table.tabbe("Anna")
    table.mulle("Bo", "5C")
    table.next_round(3)
    table.mulle("Anna", "KH")
    table.tabbe("Anna")
    table.tabbe("Bo")
    table.next_round(4)
    table.mulle("Bo", "QD")
    table.tabbe("Bo")  # a slip of the finger: removed again with one tap
    expect(page.locator(".chip.event.tabbe")).to_have_count(4)
    table.tap(page.locator(".chip.event.tabbe", has_text="tabbe").last)
    expect(page.locator(".chip.event.tabbe")).to_have_count(3)
    table.next_round(5)
    table.tabbe("Anna")
    table.next_round(6)
    expect(page.locator(".bat-call")).to_contain_text("Båt")
    expect(page.locator(".banner")).to_contain_text("båt")
    if screen == "phone":  # the båt round's call too
        above_the_bar(page, *ROUND_KEYS)
    shot(page, "mulle-first-screen", full_page=False)
    shot(page, "mulle-deal-in-progress")
    fits(page)
    page.reload()  # the live events are stored: every phone (and a reload) sees them
    expect(page.locator(".round-big")).to_have_text("Round 6 of 6")
    expect(page.locator(".mulle-event-row", has_text="Anna").locator(".event-points")).to_have_text(
        "24"
    )
    expect(page.locator(".mulle-event-row", has_text="Bo").locator(".event-points")).to_have_text(
        "18"
    )

    before = table.taps
    table.tap(page.get_by_role("button", name=re.compile("^Count the piles ▸")))
    expect(page.get_by_role("heading", name="Count the piles of deal 1")).to_be_visible()
    assert values(page, 0)["tabbar"] == "3" and values(page, 1)["tabbar"] == "1"
    expect(page.locator(".mulle-chip input:checked")).to_have_count(4)
    table.count(0, "spades", 14)
    table.count(0, "aces", 3)
    table.count(0, "spade_aces", 1)
    table.count(0, "spade_twos", 1)
    table.count(0, "diamond_tens", 1)
    # Bo's pile holds the rest of the double pack, filled in.
    assert values(page, 1) == {
        "spades": "12",
        "aces": "5",
        "spade_aces": "1",
        "spade_twos": "1",
        "diamond_tens": "1",
        "tabbar": "1",
    }
    expect(page.locator("[data-sum=spades]")).to_have_class(re.compile(r"\bok\b"))
    shot(page, "mulle-count-piles")
    fits(page)
    table.tap(page.get_by_role("button", name="Save deal 1"))
    table.said("Deal 1 counted: Anna 44, Bo 38.")
    count_taps = table.taps - before
    assert totals_on_sheet(page) == [44, 38]

    # Deal 2: Bo deals, Anna plays first.
    expect(page.locator(".banner")).to_contain_text("Deal 2 of 2")
    expect(page.locator(".banner")).to_contain_text("Anna plays first")
    table.mulle("Anna", "AH")
    table.mulle("Bo", "10D")
    table.tabbe("Bo")
    for to in range(2, 7):
        table.next_round(to)
    table.mulle("Bo", "3S")
    table.mulle("Bo", "JC")
    table.tabbe("Bo")
    table.tap(page.get_by_role("button", name=re.compile("^Count the piles ▸")))
    table.count(0, "spades", 9)
    table.count(0, "aces", 2)
    table.count(0, "spade_twos", 2)
    # Bo counts his own spades: one short of what the pack says.
    field = page.locator("#piles_1_spades")
    field.fill("16")
    expect(page.locator("[data-sum=spades]")).to_contain_text("25/26")
    page.get_by_role("button", name="Save deal 2").tap()
    expect(page.locator(".warning-box")).to_contain_text("spades add up to 25 of 26")
    shot(page, "mulle-count-short")
    page.locator("[data-count=spades]:has(#piles_1_spades) .step-key").nth(1).tap()
    expect(field).to_have_value("17")
    page.get_by_role("button", name="Save deal 2").tap()

    expect(page.locator(".banner")).to_contain_text("Game over")
    in_sight(page, "the last deal")
    expect(page.locator(".banner")).to_contain_text("Winner: Bo")
    assert totals_on_sheet(page) == [71, 97]
    expect(page.locator(".mulle-tally tbody tr")).to_have_count(2)
    page.locator(".kvitta summary").tap()
    expect(page.locator(".kvitta tfoot")).to_contain_text("Σ")
    shot(page, "mulle-final-tally")
    fits(page)
    # Counting a deal's piles (docs/using.md, "Taps per Mulle count"): 1 tap to end the deal,
    # the spades typed (a tap and two digits), one key each for the aces, A♠, 2♠ and 10♦,
    # 1 to save; the other pile is filled in. On steppers the aces alone took three taps: 11.
    assert count_taps == 9


@pytest.mark.parametrize("screen", LAYOUT_SCREENS)
def test_three_piles_counted_on_pads_with_enter_between_the_spades(
    page: Page, live_server: str, shot, screen: str
) -> None:
    """Three players: Anna's and Bo's piles counted, Cia's filled in with the rest. The spades
    are typed one after the other, Enter going on to the next pile's (never saving the deal);
    the aces and the cards of two points are a key each. 12 taps; on the steppers 15
    (docs/using.md, "Taps per Mulle count")."""
    use_screen(page, screen)
    choose_players(page, live_server, "Mulle", ["Anna", "Bo", "Cia"])
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    table = Table(page)
    table.tap(page.get_by_role("button", name="Count the piles now"))
    expect(page.get_by_role("heading", name="Count the piles of deal 1")).to_be_visible()
    table.tap(page.locator("#piles_0_spades"))
    page.keyboard.type("9")
    page.keyboard.press("Enter")
    expect(page.locator("#piles_1_spades")).to_be_focused()  # Bo's spades, not a save
    page.keyboard.type("8")
    table.taps += 3  # the two digits and Enter
    # An Enter now would go on to the save button (Cia's pile is filled in); a finger at the
    # table goes on to the keys instead, so it is checked and not counted.
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Save deal 1")).to_be_focused()
    expect(page.locator("#piles_2_spades")).to_have_value("9")
    for seat, counts in ((0, (3, 1, 0, 1)), (1, (2, 1, 1, 0))):
        for what, value in zip(PADS, counts, strict=True):
            table.count(seat, what, value)
    assert values(page, 2) == {"spades": "9", "aces": "3", "spade_aces": "0",
                               "spade_twos": "1", "diamond_tens": "1", "tabbar": "0"}  # fmt: skip
    fits(page)
    shot(page, f"mulle-count-three-{screen}")
    assert problems(page) == []
    table.tap(page.get_by_role("button", name="Save deal 1"))
    table.said("Deal 1 counted")
    assert table.taps == 12


def test_four_players_count_per_team_at_360_px(page: Page, live_server: str, shot) -> None:
    """Teams of two, one custom deal; the losing team takes its seats in the hundred club."""
    page.set_viewport_size({"width": 360, "height": 780})
    choose_players(page, live_server, "Mulle", ["Anna", "Bo", "Cia", "Dan"])
    expect(page.locator(".mulle-teams")).to_contain_text("Anna & Cia against Bo & Dan")
    page.locator("label.key", has_text="Dan").tap()
    page.locator("label.key", has_text="Custom").tap()  # opens the custom rules
    page.locator("#mulle-deals").select_option("1")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 1")
    expect(page.locator(".round-big")).to_have_text("Round 1 of 3")
    page.locator(".mulle-live .names-row label.key", has_text="Cia").tap()
    page.locator(".mulle-live .ranks label.key").filter(has_text=re.compile(r"^A$")).tap()
    page.locator(".mulle-live .suit-buttons button[value=S]").tap()
    expect(page.locator(".chip.event")).to_contain_text("Cia")
    fits(page)
    page.get_by_role("button", name="Count the piles now").tap()
    expect(page.locator(".pile legend").first).to_contain_text("Anna & Cia")
    expect(page.locator("#team_0_mulles")).to_have_count(0)
    expect(page.locator("input[name=team_0_mulles][value=AS]")).to_be_checked()
    for what, value in (("spades", 26), ("tabbar", 70)):
        page.locator(f"#team_0_{what}").fill(str(value))
    table = Table(page)
    for what, value in (("aces", 8), ("spade_aces", 2), ("spade_twos", 2), ("diamond_tens", 2)):
        table.count(0, what, value, prefix="team")
    expect(page.locator("#team_1_spades")).to_have_value("0")
    fits(page)
    shot(page, "mulle-teams-count")
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator(".banner")).to_contain_text("Winner: Anna & Cia")
    expect(page.locator(".hundred-club")).to_contain_text(
        "Bo & Dan have taken seats in the hundred club"
    )
    assert totals_on_sheet(page) == [124, 0]
    fits(page)
    shot(page, "mulle-hundred-club")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_mulle_pages_pass_axe(page: Page, live_server: str, scheme: str) -> None:
    page.emulate_media(color_scheme=scheme)
    choose_players(page, live_server, "Mulle", PLAYERS)
    expect(page.get_by_role("button", name="Start the game")).to_be_visible()
    assert problems(page) == []
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".round-big")).to_be_visible()
    table = Table(page)
    table.mulle("Anna", "7H")
    table.tabbe("Bo")
    table.next_round(2)
    assert problems(page) == []
    game = page.url
    page.get_by_role("button", name="Count the piles now").tap()
    page.locator("#piles_1_spades").fill("20")
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator(".warning-box")).to_be_visible()
    assert problems(page) == []
    page.get_by_role("button", name="It is right: save as counted").tap()
    expect(page.locator(".mulle-tally tbody tr.done")).to_have_count(1)
    assert problems(page) == []
    page.goto(game + "rounds/1")
    expect(page.locator("h1")).to_have_text("Correct deal 1")
    assert problems(page) == []
    page.goto(game + "rules")
    assert problems(page) == []


FAST_MULLES = ["2S", "3H", "4D", "5C", "6S", "7H", "8D", "9C", "10S", "JH"]


def test_twenty_entries_tapped_fast_over_a_slow_connection(page: Page, slow_server: str) -> None:
    """A tabbe, then a mulle tapped while the tabbe's answer is still on its way, and so on:
    each waits its turn and goes with the version the answer before gave. None is refused."""
    choose_players(page, slow_server, "Mulle", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".round-big")).to_have_text("Round 1 of 6")
    answers = Answers(page)
    live = page.locator(".mulle-live")
    for i, card in enumerate(FAST_MULLES):
        page.locator(".tabbe-buttons button", has_text=PLAYERS[i % 2]).tap()
        rank, suit = card[:-1], card[-1]
        live.locator(".names-row label.key", has_text=PLAYERS[(i + 1) % 2]).tap()
        live.locator(".ranks label.key").filter(has_text=re.compile(rf"^{rank}$")).tap()
        live.locator(f".suit-buttons button[value={suit}]").tap()
    expect(page.locator("#game")).to_have_attribute("data-version", "20", timeout=SLOW_ANSWERS)
    expect(page.locator(".chip.event")).to_have_count(20)
    assert answers.refused() == [] and len(answers.statuses) == 20


# Where the suit buttons are just before an answer goes in, and two frames after (when the
# browser has laid the new page out and scrolled it if it will): one pair an answer.
FOLLOW_THE_SUITS = """() => {
  window.suitMoves = [];
  const top = () => document.querySelector(".suit-buttons button[value=H]")
    .getBoundingClientRect().top;
  document.addEventListener("htmx:before:swap", () => {
    const before = top();
    document.addEventListener("htmx:after:swap", () => requestAnimationFrame(() =>
      requestAnimationFrame(() => window.suitMoves.push(top() - before))), { once: true });
  });
}"""


def test_the_keys_being_tapped_stay_put_when_an_answer_comes(page: Page, slow_server: str) -> None:
    """A tabbe, then who made a mulle and its rank while the tabbe's answer is on its way: when
    the answer replaces the game, the suit buttons stay where the finger is going (the browser's
    scroll anchoring moved the page by a screen, and the suit tapped then landed beside)."""
    choose_players(page, slow_server, "Mulle", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".round-big")).to_have_text("Round 1 of 6")
    live = page.locator(".mulle-live")
    page.evaluate(FOLLOW_THE_SUITS)
    for tabbe, mulle, rank in (("Anna", "Bo", "3"), ("Bo", "Anna", "4"), ("Anna", "Bo", "5")):
        page.locator(".tabbe-buttons button", has_text=tabbe).tap()
        live.locator(".names-row label.key", has_text=mulle).tap()
        live.locator(".ranks label.key").filter(has_text=re.compile(rf"^{rank}$")).tap()
        page.wait_for_function("() => window.suitMoves.length > 0")
        moved = page.evaluate("window.suitMoves.splice(0)")
        assert all(abs(move) < 60 for move in moved), moved  # a line more above, nothing more
        live.locator(".suit-buttons button[value=H]").tap()
        page.wait_for_function("() => window.suitMoves.length > 0")
        page.evaluate("window.suitMoves.splice(0)")
    expect(page.locator(".chip.event")).to_have_count(6)


def test_an_answer_leaves_the_page_where_the_finger_is(page: Page, slow_server: str) -> None:
    """On a small phone the keys of a round lie below the fold. A tap on Tabbe shows the top of
    the game at once; the player scrolls back down to the mulle keys while the answer is on its
    way, and the answer, when it comes, does not move the page under the finger."""
    use_screen(page, "narrow")
    choose_players(page, slow_server, "Mulle", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".round-big")).to_have_text("Round 1 of 6")
    page.locator(".tabbe-buttons button", has_text="Anna").tap()
    names = page.locator(".mulle-live .names-row")
    names.evaluate("row => row.scrollIntoView({block: 'center'})")
    top = names.evaluate("row => row.getBoundingClientRect().top")
    expect(page.locator(".said")).to_contain_text("Tabbe for Anna.")
    moved = names.evaluate("row => row.getBoundingClientRect().top") - top
    assert abs(moved) < 60, moved  # the strip may grow by a line above it, nothing more


def test_undo_of_a_count_shows_the_count_again_with_the_mulles(
    page: Page, live_server: str
) -> None:
    """Undo right after a deal is counted takes back the count alone: the count screen is back
    with the deal's mulles ticked and its tabbar, and it saves again as it was."""
    choose_players(page, live_server, "Mulle", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    table = Table(page)
    table.mulle("Anna", "8C")
    table.tabbe("Bo")
    table.next_round(2)
    table.mulle("Bo", "QD")
    page.get_by_role("button", name="Count the piles now").tap()
    page.locator("#piles_0_spades").fill("14")  # Bo's pile: the rest of the pack
    page.get_by_role("button", name="Save deal 1").tap()
    table.said("Deal 1 counted: Anna 22, Bo 39.")
    expect(page.locator(".round-big")).to_have_text("Round 1 of 6")

    page.get_by_role("button", name="↶ Undo: the count of deal 1").tap()
    table.said("Undone: the count of deal 1.")
    expect(page.get_by_role("heading", name="Count the piles of deal 1")).to_be_visible()
    expect(page.locator(".mulle-chip input:checked")).to_have_count(2)
    expect(page.locator("input[name=piles_0_mulles][value='8C']")).to_be_checked()
    expect(page.locator("input[name=piles_1_mulles][value=QD]")).to_be_checked()
    expect(page.locator("#piles_1_tabbar")).to_have_value("1")
    expect(page.locator(".thumb-bar .undo")).to_have_text("↶ Undo: the end of deal 1")
    expect(page.locator(".mulle-tally tbody tr.done")).to_have_count(0)

    page.locator("#piles_0_spades").fill("14")
    page.get_by_role("button", name="Save deal 1").tap()
    table.said("Deal 1 counted: Anna 22, Bo 39.")
    expect(page.locator(".mulle-tally tbody tr.done")).to_have_count(1)


def _pile(cards: tuple[int, ...], tabbar: int, mulles: list[str]) -> dict:
    names = ("spades", "aces", "spade_aces", "spade_twos", "diamond_tens")
    return {**dict(zip(names, cards, strict=True)), "tabbar": tabbar, "mulles": mulles}


HIGH = ["10D", "2S", "AH", "AC", "KH", "KC", "KD", "KS"]  # mulles worth 111
# Wide tallies: totals of three digits, a hundred club, a short count, cards·mulles·tabbar of
# 3 digits (the play-tester's game of three: 118–46–218).
WIDE = {
    3: (
        ["Anna", "Bertil", "Cecilia"],
        [
            {"Anna": _pile((7, 2, 0, 1, 1), 1, ["KS"]),
             "Bertil": _pile((9, 3, 1, 0, 0), 0, ["10H", "QS"]),
             "Cecilia": _pile((10, 3, 1, 1, 1), 1, ["JH", "10C", "10S"])},
            {"Anna": _pile((14, 4, 1, 1, 1), 1, ["9H", "8D"]),
             "Bertil": _pile((6, 2, 1, 0, 0), 1, []),
             "Cecilia": _pile((6, 2, 0, 1, 1), 1, ["JD"])},
            {"Anna": _pile((2, 1, 1, 0, 1), 0, ["QH", "QD", "QC", "7H", "7D"]),
             "Bertil": _pile((2, 0, 0, 0, 0), 0, []),
             "Cecilia": _pile((22, 7, 1, 2, 1), 2, HIGH)},
        ],
    ),
    4: (
        ["Anna", "Bertil", "Cecilia", "David"],
        [
            {"Anna": _pile((20, 7, 2, 2, 2), 31, HIGH), "Bertil": _pile((6, 1, 0, 0, 0), 2, [])},
            {"Anna": _pile((18, 6, 1, 1, 2), 20, ["QH", "QD", "QC", "7H", "7D"]),
             "Bertil": _pile((8, 2, 1, 1, 0), 1, ["JD"])},
            {"Anna": _pile((22, 7, 2, 2, 2), 12, ["JH", "10C", "10S"]),
             "Bertil": _pile((4, 1, 0, 0, 0), 0, [])},
            {"Anna": _pile((20, 7, 2, 2, 2), 12, ["JH", "10C", "10S"]),
             "Bertil": _pile((6, 1, 0, 0, 0), 0, [])},
        ],
    ),
}  # fmt: skip
SHEET_FITS = """() => {
  const box = document.querySelector(".mulle-sheet .sheet-scroll");
  const last = box.querySelector("thead th:last-child").getBoundingClientRect();
  return {wider: box.scrollWidth - box.clientWidth,
          last: Math.round(last.right - box.getBoundingClientRect().right)};
}"""


@pytest.mark.parametrize("over", [False, True], ids=["in-play", "over"])
@pytest.mark.parametrize("players", [3, 4])
def test_the_tally_fits_at_320_px(
    page: Page, live_server: str, tmp_path: Path, shot, players: int, over: bool
) -> None:
    """At 320 px a tally of three players (or two teams) with totals of three digits shows
    every column without scrolling sideways: the last one is not cut off."""
    page.set_viewport_size({"width": 320, "height": 640})
    names, deals = WIDE[players]
    record = {
        "format": "table-assistant/1",
        "game": "mulle",
        "players": names,
        "options": {},
        "first_dealer": names[0],
        "rounds": [{"piles": deal} for deal in (deals if over else deals[:-1])],
    }
    path = tmp_path / "wide.json"
    path.write_text(json.dumps(record))
    import_example(page, live_server, path)
    expect(page.locator(".banner")).to_contain_text("Game over" if over else "Deal")
    page.locator(".mulle-sheet").scroll_into_view_if_needed()
    fit = page.evaluate(SHEET_FITS)
    assert fit["wider"] == 0 and fit["last"] <= 0, fit
    fits(page)
    if over:
        shot(page, f"mulle-tally-320-{players}", full_page=False)


# Two clicks on "Next round", the second as soon as the first one's answer is drawn (as when a
# double tap's answer comes back between its taps): how many forms the second click sent.
TAP_AGAIN_AT_ONCE = """async (selector) => {
  document.querySelector(selector).click();
  await new Promise((drawn) => document.addEventListener("htmx:after:swap", drawn, {once: true}));
  let sent = 0;
  const count = () => { sent += 1; };
  document.addEventListener("submit", count, true);
  document.querySelector(selector).click();
  document.removeEventListener("submit", count, true);
  return sent;
}"""


def test_a_double_tap_answered_between_its_taps_is_one_tap(page: Page, human_server: str) -> None:
    choose_players(page, human_server, "Mulle", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".round-big")).to_have_text("Round 1 of 6")
    next_round = page.locator(".round-next button.primary")
    assert page.evaluate(TAP_AGAIN_AT_ONCE, ".round-next button.primary") == 0  # dropped
    expect(page.locator(".round-big")).to_have_text("Round 2 of 6")
    expect(page.locator("#game")).to_have_attribute("data-version", "1")
    # Taps meant one after the other go, however fast: another key tapped between.
    page.locator(".mulle-live .names-row label.key").first.tap()
    next_round.tap()
    expect(page.locator(".round-big")).to_have_text("Round 3 of 6")


@pytest.mark.parametrize("screen", [*SCREENS, "narrow-large"])
def test_a_typo_in_one_pile_names_that_pile_and_the_last_stays_filled_in(
    page: Page, live_server: str, shot, screen: str
) -> None:
    """Olle's aces typed as 7: the count is refused naming Olle's aces alone; Pia's pile is
    still filled in with the rest, so that putting Olle right is all it takes."""
    if screen in SCREENS:
        use_screen(page, screen)
    else:  # a 320 px phone with its text at 200 %
        use_screen(page, "large-text")
        page.set_viewport_size({"width": 320, "height": 640})
    choose_players(page, live_server, "Mulle", ["Anna", "Olle", "Pia"])
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    page.get_by_role("button", name="Count the piles now").tap()
    table = Table(page)
    for seat, counts in ((0, (8, 1, 1, 1, 1)), (1, (8, 7, 0, 0, 1))):
        for what, value in zip(
            ("spades", "aces", "spade_aces", "spade_twos", "diamond_tens"), counts, strict=True
        ):
            table.count(seat, what, value)
    expect(page.locator("input[name=piles_2_spade_aces][value='1']")).to_be_checked()  # the rest
    expect(page.locator("input[name=piles_2_aces][value='0']")).to_be_checked()
    page.get_by_role("button", name="Save deal 1").tap()
    message = "aces other than A♠ add up to 7, but the double pack has 6"
    expect(page.locator("#piles_1_aces-error")).to_have_text(message)
    expect(page.locator(".pile p.error")).to_have_count(1)  # nothing next to Pia's pile
    expect(page.locator("[data-rest-note]")).to_be_visible()
    shot(page, f"mulle-one-pile-named-{screen}", full_page=False)
    assert problems(page) == []
    table.count(1, "aces", 6)
    expect(page.locator("input[name=piles_2_aces][value='1']")).to_be_checked()  # filled in again
    page.get_by_role("button", name="Save deal 1").tap()
    expect(page.locator(".said")).to_contain_text("Deal 1 counted")
