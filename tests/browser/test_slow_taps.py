"""Every tap counts over a slow connection: a tap made while an answer is on its way is kept,
shown as waiting, and sent after it in order, with its own key and the version the answer
before it gave. Twenty taps about 70 ms apart, every answer 300 ms late: twenty changes."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from assistant.config import Defaults
from tests.browser.conftest import serve
from tests.browser.table import SLOW_ANSWERS, Answers, choose_players
from tests.browser.test_offline_outbox import history

pytestmark = pytest.mark.browser

# Taps as a thumb makes them, one every `gap` ms whatever the page is doing: each lands on what
# is at the spot of its button at that moment (a disabled button takes none). Returns how many
# of the taps found their button.
TAP_IN_RHYTHM = """async ({selectors, gap}) => {
  let landed = 0;
  for (const selector of selectors) {
    const button = document.querySelector(selector);
    if (button) {
      const box = button.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const spot = document.elementFromPoint(x, y);
      if (spot && button.contains(spot)) landed += 1;
      if (spot) spot.dispatchEvent(new MouseEvent("click", {
        bubbles: true, cancelable: true, composed: true, clientX: x, clientY: y, view: window,
      }));
    }
    await new Promise((next) => setTimeout(next, gap));  // the thumb's rhythm, not a wait
  }
  return landed;
}"""
GAP_MS = 70


@pytest.fixture(scope="module")
def slow_human_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Answers 300 ms late, and the double-tap window of a real phone."""
    yield from serve(
        tmp_path_factory.mktemp("slow-human"),
        ANSWER_DELAY_SECONDS=0.3,
        DOUBLE_TAP_MS=Defaults.DOUBLE_TAP_MS,
    )


def start(page: Page, server: str, game: str, players: list[str]) -> str:
    choose_players(page, server, game, players)
    page.locator("label.key", has_text=players[0]).first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("#game")).to_have_attribute("data-version", "0")
    # Where an entry's tap shows the game from (table.js): the keys stay where they are.
    page.locator("#game").evaluate("game => game.scrollIntoView({block: 'start'})")
    return page.url


def test_twenty_tabbe_taps_70_ms_apart_are_twenty_changes_in_order(
    page: Page, slow_server: str, shot
) -> None:
    players = ["Anna", "Bo", "Cia"]
    url = start(page, slow_server, "Mulle", players)
    answers = Answers(page)
    order = [players[i % 3] for i in range(20)]
    buttons = [f".tabbe-buttons button:nth-child({players.index(name) + 1})" for name in order]
    landed = page.evaluate(TAP_IN_RHYTHM, {"selectors": buttons, "gap": GAP_MS})
    assert landed == 20

    # The taps not answered yet are counted in the bar and marked where they were made.
    waiting = page.locator(".thumb-bar [data-taps-waiting]")
    expect(waiting).to_have_text(re.compile(r"^\d+ taps wait to be saved$"))
    expect(page.locator(".tabbe-buttons button.waiting").first).to_be_visible()
    expect(page.locator(".thumb-bar .undo")).to_be_disabled()  # it would not take back what it says
    shot(page, "slow-taps-waiting", full_page=False)

    expect(page.locator("#game")).to_have_attribute("data-version", "20", timeout=SLOW_ANSWERS)
    expect(waiting).to_be_hidden()
    expect(page.locator(".tabbe-buttons button.waiting")).to_have_count(0)
    expect(page.locator(".thumb-bar .undo")).to_be_enabled()
    assert history(url) == [f"Tabbe for {name}." for name in order]
    assert answers.refused() == [] and len(answers.statuses) == 20
    shot(page, "slow-taps-all-saved", full_page=False)


def test_boodle_cards_tapped_back_to_back_are_all_stored_in_order(
    page: Page, slow_server: str
) -> None:
    """Card, then who played it, four times over, none waiting for an answer: the card tapped
    on a page that was swapped meanwhile goes into the new page with the tap on its player."""
    players = ["Anna", "Bo", "Cia", "Dan"]
    url = start(page, slow_server, "Boodle", players)
    answers = Answers(page)
    plays = [("AH", "Bo"), ("KC", "Cia"), ("QD", "Dan"), ("JS", "Anna")]
    taps = []
    for card, by in plays:
        taps += [f"form.boodle-play label.bcard:has(input[value={card}])",
                 f"form.boodle-play button[value={by}]"]  # fmt: skip
    assert page.evaluate(TAP_IN_RHYTHM, {"selectors": taps, "gap": GAP_MS}) == 8
    expect(page.locator("#game")).to_have_attribute("data-version", "4", timeout=SLOW_ANSWERS)
    expect(page.locator(".bcard.bplayed")).to_have_count(4)
    cards = {"AH": "A♥", "KC": "K♣", "QD": "Q♦", "JS": "J♠"}
    said = history(url)
    assert [line.split(" and ")[0] for line in said] == [
        f"{by} plays {cards[card]}" for card, by in plays
    ]
    assert answers.refused() == [] and len(answers.statuses) == 4


def test_a_double_tap_while_the_answer_is_on_its_way_is_one_tap(
    page: Page, slow_human_server: str
) -> None:
    """With no button disabled while an answer is on its way, the second half of a double tap
    (the same spot, at once) is dropped by the page; a tap on the next button still counts."""
    url = start(page, slow_human_server, "Mulle", ["Anna", "Bo", "Cia"])
    anna = ".tabbe-buttons button:nth-child(1)"
    bo = ".tabbe-buttons button:nth-child(2)"
    assert page.evaluate(TAP_IN_RHYTHM, {"selectors": [anna, anna, bo], "gap": GAP_MS}) == 3
    expect(page.locator("#game")).to_have_attribute("data-version", "2", timeout=SLOW_ANSWERS)
    assert history(url) == ["Tabbe for Anna.", "Tabbe for Bo."]


def test_a_step_saved_twice_while_its_answer_is_on_its_way_is_saved_once(
    page: Page, slow_server: str
) -> None:
    """ "Save bids" tapped again before its answer came (did it take?) is not a second change:
    the bids are saved once, with no refusal, and the tricks come next."""
    start(page, slow_server, "Plump", ["Anna", "Bo", "Cia", "Dan"])
    answers = Answers(page)
    for name, number in {"Bo": 3, "Cia": 2, "Dan": 1, "Anna": 3}.items():
        pad = page.locator("fieldset.pad", has=page.locator("legend", has_text=name))
        pad.locator("label.key", has_text=re.compile(rf"^\s*{number}\s*$")).tap()
    save = "#entry button[type=submit]"
    assert page.evaluate(TAP_IN_RHYTHM, {"selectors": [save, save], "gap": 3 * GAP_MS}) == 2
    expect(page.get_by_role("heading", name="Tricks taken")).to_be_visible()
    expect(page.locator(".thumb-bar [data-taps-waiting]")).to_be_hidden()
    expect(page.locator("#game")).to_have_attribute("data-version", "1")
    assert answers.statuses == [200]


# A tap on the answer the moment it is in, before htmx has taken its forms in (it does once the
# answer has settled, a timer later): the game's next tabbe tapped at once. Under load a tap
# 70 ms after the one before it landed there, and went as a page: a 409 in place of the game.
TAP_AS_IT_COMES = """([first, second]) => new Promise((done) => {
  document.addEventListener("htmx:before:settle", () => {
    document.querySelector(second).click();
    done(true);
  }, {once: true});
  document.querySelector(first).click();
})"""


def test_a_tap_on_an_answer_just_swapped_in_goes_as_the_others(
    page: Page, slow_server: str
) -> None:
    """Not as a page the browser would load (that left the game for the bare answer)."""
    url = start(page, slow_server, "Mulle", ["Anna", "Bo", "Cia"])
    answers = Answers(page)
    anna, bo = (f".tabbe-buttons button:nth-child({n})" for n in (1, 2))
    assert page.evaluate(TAP_AS_IT_COMES, [anna, bo])
    expect(page.locator("#game")).to_have_attribute("data-version", "2", timeout=SLOW_ANSWERS)
    assert history(url) == ["Tabbe for Anna.", "Tabbe for Bo."]
    assert answers.statuses == [200, 200]  # a page loaded by the browser is answered 303
