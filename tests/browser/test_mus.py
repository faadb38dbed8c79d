"""Mus on a phone: the seed example hand played through the real UI with the cards entered
(11–0), then an órdago that wins the game."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import (
    LAYOUT_SCREENS,
    SCREENS,
    SLOW_ANSWERS,
    Answers,
    TapCounter,
    choose_players,
    import_example,
    in_sight,
    use_screen,
)
from tests.browser.test_accessibility import problems
from tests.web.test_mus_web import SEED_SAID

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SEED_CARDS = ["K3QA", "7654", "JJ54", "KQ77"]  # Anna, Ben, Carla, Dan: Anna is mano


class Table(TapCounter):
    """The table of this game, tapping its own controls."""

    def saved(self, text: str) -> None:
        expect(self.page.locator(".said")).to_contain_text(text)
        in_sight(self.page, text)

    def paso(self) -> None:
        self.tap(self.page.get_by_role("button", name="Paso — nobody bet"))

    def answer(self, team: int, answer: str) -> None:
        column = self.page.locator(f".mus-answer.mus-t{team}")
        self.tap(column.get_by_role("button", name=answer, exact=True))

    def bet_by(self, team: int) -> None:
        self.tap(self.page.locator(f".mus-by label.mus-t{team}"))

    def said_yes(self, *names: str) -> None:
        for name in names:
            self.tap(self.page.locator(".mus-said-keys label", has_text=name))
        self.tap(self.page.locator("[data-said-done]"))

    def cards(self, hands: list[str]) -> None:
        for hand in hands:
            for rank in hand:
                self.tap(self.page.locator(f".rank-pad [data-rank='{rank}']"))


def board(page: Page, stones: list[int]) -> None:
    """Each team's stones on the score strip."""
    expect(page.locator(".strip-total")).to_have_text([str(n) for n in stones])


@pytest.mark.parametrize("screen", SCREENS)
def test_the_seed_hand_then_an_ordago_on_a_phone(
    page: Page, live_server: str, shot, screen
) -> None:
    """On a phone, with large text, on a narrow phone: after every tap that saves, what happens
    next, the score and Undo are in sight (``Table.saved``)."""
    use_screen(page, screen)
    taken = shot

    def shot(page: Page, name: str, full_page: bool = True) -> None:
        taken(page, name if screen == "phone" else f"{name}-{screen}", full_page)

    choose_players(page, live_server, "Mus", PLAYERS)
    expect(page.locator(".mus-team-cards")).to_contain_text("Anna & Carla")
    page.locator("label.key", has_text="Anna").first.tap()
    shot(page, "mus-setup")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Anna is mano")

    table = Table(page)
    table.paso()  # grande
    table.saved("Hand 1: grande entered.")
    table.answer(1, "Quiero")  # chica: Ben bets 2 (the stepper shows 2), Anna: quiero
    table.saved("Hand 1: chica entered.")
    table.said_yes("Anna", "Carla", "Dan")  # pares? Anna (K-3 = two kings), Carla, Dan
    expect(page.locator(".mus-step")).to_contain_text("only Anna, Carla, Dan speak")
    table.bet_by(1)  # Carla bets 2 ...
    expect(page.locator(".mus-answer.mus-t1 button").first).to_be_disabled()
    shot(page, "mus-hand-in-progress")
    table.answer(2, "No quiero")  # ... Dan: no quiero
    table.saved("Hand 1: pares entered.")
    shot(page, "mus-first-screen", full_page=False)
    # The rejected bet pays at once: the stone is on the board now, marked as paid in this hand;
    # the accepted chica waits for the count.
    board(page, [1, 0])
    expect(page.locator(".strip-row.mus-t1 .mark.piedra-now")).to_have_count(1)
    expect(page.locator(".strip-pending")).to_have_text("Still to be counted: chica 2")
    table.said_yes("Anna", "Dan")  # juego? Anna 31, Dan 34
    table.answer(1, "Quiero")  # Dan bets 2, Anna: quiero
    expect(page.locator(".mus-step")).to_have_text("Showdown")
    # A rank whose four cards are all in the hands greys out and says why (taps not counted).
    jack, why = page.locator(".rank-pad [data-rank='J']"), page.locator("[data-used-up]")
    for _ in range(4):
        jack.tap()
    expect(jack).to_be_disabled()
    expect(why).to_have_text("All four J are in the hands already: the pack has four of each.")
    shot(page, "mus-rank-used-up", full_page=False)
    for _ in range(4):
        page.locator("[data-hand-clear]").first.tap()
    expect(jack).to_be_enabled()
    expect(why).to_be_hidden()
    table.cards(SEED_CARDS)
    expect(page.locator("[data-hand-input]").nth(3)).to_have_value("KQ77")
    table.tap(page.get_by_role("button", name="Save the hand"))
    table.saved("Hand 1 saved")
    board(page, [11, 0])
    taps_for_the_seed_hand = table.taps
    expect(page.locator(".strip-row.mus-t1 .mark.amarraco")).to_have_count(2)
    expect(page.locator(".strip-row.mus-t1 .mark.piedra")).to_have_count(1)
    expect(page.locator(".strip-pending")).to_have_count(0)
    expect(page.locator(".banner")).to_contain_text("Ben is mano")

    detail = page.locator(".mus-hand-detail").first  # the last hand is open: paid, and why
    expect(detail).to_contain_text("juego: Anna & Carla 2+3")
    expect(detail).to_contain_text("Anna's K-K-Q-A beats Dan's K-Q-7-7 at grande")
    shot(page, "mus-score-board")

    # Hand 2 (Ben mano): Carla bets an órdago at grande, Ben: quiero. Anna & Carla win it.
    table.tap(page.locator("label.ordago"))
    expect(page.locator(".mus-answer button[data-raise]").first).to_be_disabled()
    table.answer(2, "Quiero")
    expect(page.locator(".mus-step")).to_contain_text("Órdago at grande: who won?")
    table.tap(page.locator("label.key", has_text="Just the winners"))
    table.tap(page.locator("fieldset[data-field=showdown_grande] label.mus-t1"))
    table.tap(page.get_by_role("button", name="Save the hand"))
    table.saved("Hand 2 saved")
    expect(page.locator(".banner")).to_contain_text("Game 2")
    expect(page.locator(".strip-row.mus-t1 .mark.game-won")).to_have_count(1)
    board(page, [0, 0])
    expect(page.locator(".mus-game-block h3").first).to_contain_text(
        "won by Anna & Carla with an órdago (Anna & Carla 11, Ben & Dan 0)"
    )
    expect(page.locator(".mus-hand.game-over .mus-t1 .mus-won")).to_have_text("game")
    shot(page, "mus-game-won")
    # Paso 1 + chica 1 + pares said 4 + bet 2 + juego said 3 + answer 1 + 16 cards + save 1
    assert taps_for_the_seed_hand <= 29


def test_undo_after_a_saved_hand_shows_its_showdown_with_the_lances(
    page: Page, live_server: str, shot
) -> None:
    """Undo right after "Save the hand" takes back the save alone: the showdown is back with
    every lance of the hand listed and the cards as typed, and it saves again as it was."""
    import_example(page, live_server, EXAMPLES / "mus-seed-hand.json")
    board(page, [11, 0])
    table = Table(page)
    table.tap(page.get_by_role("button", name="↶ Undo: the showdown of hand 1"))
    table.saved("Undone: the showdown of hand 1.")
    expect(page.locator(".mus-step")).to_have_text("Showdown")
    expect(page.locator(".mus-said li")).to_have_text(SEED_SAID)
    for seat, cards in enumerate(SEED_CARDS):
        expect(page.locator("[data-hand-input]").nth(seat)).to_have_value(cards)
    expect(page.locator(".thumb-bar .undo")).to_have_text("↶ Undo: juego of hand 1")
    board(page, [1, 0])  # the rejected pares, paid at once; the rest waits for the count
    shot(page, "mus-undo-showdown", full_page=False)
    table.tap(page.get_by_role("button", name="Save the hand"))
    table.saved("Hand 1 saved")
    board(page, [11, 0])


def test_twenty_entries_tapped_fast_over_a_slow_connection(page: Page, slow_server: str) -> None:
    """Paso, Undo, paso …: each tap as soon as its button is there. None is refused."""
    choose_players(page, slow_server, "Mus", PLAYERS)
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("#game .banner")).to_be_visible()
    answers = Answers(page)
    for _ in range(10):
        page.get_by_role("button", name="Paso — nobody bet").tap()
        page.locator(".thumb-bar .undo").tap()
    expect(page.locator("#game")).to_have_attribute("data-version", "20", timeout=SLOW_ANSWERS)
    assert answers.refused() == [] and len(answers.statuses) == 20


def test_the_game_badge_is_one_pill_in_spanish_on_a_phone(page: Page, live_server: str, shot):
    """ "juego ganado" (the badge of the hand that ended a game) is longer than "game": at 390 px
    it stays one pill inside its team's column, its words inside it."""
    game = import_example(page, live_server, EXAMPLES / "mus-ordago-wins-game.json")
    page.goto(game.split("?")[0] + "?lang=es")
    badge = page.locator(".mus-hand.game-over .mus-won")
    expect(badge).to_have_text("juego ganado")
    badge.scroll_into_view_if_needed()
    fits = badge.evaluate(
        """e => {
          const box = e.getBoundingClientRect(), column = e.parentElement.getBoundingClientRect();
          return {pieces: e.getClientRects().length, inside: e.scrollWidth <= e.clientWidth,
                  within: box.left >= column.left - 1 && box.right <= column.right + 1};
        }"""
    )
    assert fits == {"pieces": 1, "inside": True, "within": True}
    shot(page, "mus-game-badge-es", full_page=False)


@pytest.mark.parametrize("screen", LAYOUT_SCREENS)
def test_a_game_won_by_an_ordago_reads_so_on_the_sheet(
    page: Page, live_server: str, shot, screen: str
) -> None:
    """The hand that an accepted órdago won: its winners' cell says "órdago" and "game", not
    "– 0 game" (stones do not win an órdago); the losers keep their stones as they stood."""
    use_screen(page, screen)
    import_example(page, live_server, EXAMPLES / "mus-ordago-wins-game.json")
    hand = page.locator(".mus-hand.game-over summary").first
    expect(hand.locator(".mus-t2")).to_have_text("órdago game")
    expect(hand.locator(".mus-t1")).to_have_text("–6")
    hand.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    shot(page, f"mus-ordago-on-the-sheet-{screen}", full_page=False)


@pytest.mark.parametrize("screen", [*SCREENS, "narrow-large"])
def test_a_spanish_table_taps_rey_caballo_sota(page: Page, live_server: str, shot, screen) -> None:
    """In Spanish the rank keys are R C S, the hands on the sheet R-7-6-5, the teams "Anna y
    Carla"."""
    if screen in SCREENS:
        use_screen(page, screen)
    else:  # a 320 px phone with its text at 200 %
        use_screen(page, "large-text")
        page.set_viewport_size({"width": 320, "height": 640})
    page.goto(live_server + "/?lang=es")
    page.goto(live_server + "/new")
    for i, name in enumerate(PLAYERS):
        page.locator(f"#players-{i}").fill(name)
    page.locator("label.game-card", has_text="Mus").tap()
    page.get_by_role("button", name="Siguiente").tap()
    expect(page.locator(".mus-team-cards")).to_contain_text("Anna y Carla")
    page.locator("label.key", has_text="Anna").first.tap()
    page.locator("form button[type=submit].primary").last.tap()
    table = Table(page)
    for _ in range(2):  # grande and chica: paso
        table.tap(page.locator("button[name=act][value=paso]"))
    for _ in range(2):  # pares and juego: nobody says yes
        table.tap(page.locator("[data-said-done]"))
    table.tap(page.locator("button[name=act][value=paso]"))  # punto
    expect(page.locator(".rank-pad [data-rank]")).to_have_text(
        ["R", "C", "S", "7", "6", "5", "4", "3", "2", "A"]
    )
    table.cards(["R765", "C764", "S654", "R54A"])  # no pares, no juego: as the table said
    expect(page.locator("#cards_0")).to_have_value("R765")
    shot(page, f"mus-spanish-keys-{screen}", full_page=False)
    assert problems(page) == []
    table.tap(page.locator("button[name=act][value=save]"))
    hands = page.locator(".mus-hand-cards").first
    expect(hands).to_contain_text("R-7-6-5")
    expect(hands).to_contain_text("S-6-5-4")
    page.locator(".mus-hand-cards").first.scroll_into_view_if_needed()
    shot(page, f"mus-spanish-hands-{screen}", full_page=False)
