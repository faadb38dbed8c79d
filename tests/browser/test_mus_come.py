"""Mus on a phone when people come and go: stones adjusted from the game page with a reason,
and a match with a substitute shown as the table sits."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.table import import_example, in_sight, use_screen
from tests.browser.test_mus import Table, board

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_stones_adjusted_from_the_game_page(page: Page, live_server: str, shot) -> None:
    """Open "Adjust stones", tap the team, type the stones and the reason, save: the strip
    counts them, the sheet marks them and says why, Undo takes them back."""
    use_screen(page, "phone")
    import_example(page, live_server, EXAMPLES / "mus-seed-hand.json")
    board(page, [11, 0])
    table = Table(page)
    box = page.locator("details.mus-adjust")
    table.tap(box.locator("summary"))
    table.tap(box.locator("label.mus-t2"))
    box.get_by_label("Stones").fill("3")
    box.get_by_label("Reason").fill("señas")
    shot(page, "mus-adjust-stones", full_page=False)
    table.tap(box.get_by_role("button", name="Save the adjustment"))
    table.saved("Stones adjusted after hand 1: Ben & Dan +3 (señas).")
    board(page, [11, 3])
    expect(page.locator("#row-hand-1 .adjusted-mark")).to_contain_text("+3")
    in_sight(page, "the adjustment")
    expect(page.locator("#row-hand-1 .adjust-note")).to_contain_text("Ben & Dan +3 stones (señas)")
    shot(page, "mus-adjusted-sheet")
    table.tap(page.locator(".thumb-bar .undo"))
    board(page, [11, 0])
    expect(page.locator(".adjusted")).to_have_count(0)


def test_a_match_with_a_substitute_on_a_phone(page: Page, live_server: str, shot) -> None:
    """The substitute sits where the one he replaced sat: his team's name, his turn as mano,
    the hand he came marked on the sheet, the table's corrected stones marked."""
    use_screen(page, "phone")
    import_example(page, live_server, EXAMPLES / "mus-come-and-go.json")
    expect(page.locator(".banner")).to_contain_text("Anna deals · Ben is mano")
    expect(page.locator("#row-hand-4")).to_contain_text("Eva mano")
    expect(page.locator(".strip")).to_contain_text("Ben & Eva")
    expect(page.locator("#row-hand-2 .seat-change").first).to_have_text("Eva for Dan")
    expect(page.locator("#row-hand-3 .adjusted-mark")).to_contain_text("-2")
    shot(page, "mus-substitute")


def test_a_substitute_takes_a_seat_in_two_taps_and_a_name(page: Page, live_server: str, shot):
    """Before a hand: open "A substitute takes a seat", type the name, tap whose seat. The
    strip, the betting keys and the banner name the new holder at once; Undo takes him back."""
    use_screen(page, "phone")
    import_example(page, live_server, EXAMPLES / "mus-seed-hand.json")
    table = Table(page)
    box = page.locator("details.mus-substitute")
    table.tap(box.locator("summary"))
    box.get_by_label("Who comes").fill("Eva")
    table.tap(box.get_by_role("button", name="for Dan"))
    table.saved("Hand 2: Eva takes Dan's seat.")
    expect(page.locator(".strip")).to_contain_text("Ben & Eva")
    expect(page.locator(".mus-by label.mus-t2")).to_have_text("Ben & Eva")
    expect(page.locator(".banner")).to_contain_text("Ben is mano")
    board(page, [11, 0])  # the team keeps its stones
    shot(page, "mus-substitute-entered", full_page=False)
    table.paso()
    table.saved("Hand 2: grande entered.")
    expect(page.locator("details.mus-substitute")).to_have_count(0)  # between hands only
    table.tap(page.locator(".thumb-bar .undo"))
    table.tap(page.get_by_role("button", name="↶ Undo: the substitute of hand 2"))
    expect(page.locator(".strip")).to_contain_text("Ben & Dan")


def play_a_quiet_hand(table: Table, number: int) -> int:
    """Every lance paso, nobody with pares or juego, the winners tapped: the taps it took."""
    page, start = table.page, table.taps
    for _ in range(2):  # grande and chica
        table.paso()
    for _ in range(2):  # pares and juego: nobody says yes
        table.tap(page.locator("[data-said-done]"))
    table.paso()  # punto
    table.tap(page.locator("label.key", has_text="Just the winners"))
    for lance in ("grande", "chica", "fourth"):  # the fourth lance: punto here
        table.tap(page.locator(f"fieldset[data-field=showdown_{lance}] label.mus-t1"))
    table.tap(page.get_by_role("button", name="Save the hand"))
    table.saved(f"Hand {number} saved.")
    return table.taps - start


def test_a_hand_after_a_substitute_takes_the_same_taps(page: Page, live_server: str, shot) -> None:
    """A hand before the substitute and the same hand after him take as many taps; the sheet
    marks the hand he came, the mano passes to his seat in turn."""
    use_screen(page, "phone")
    import_example(page, live_server, EXAMPLES / "mus-seed-hand.json")
    table = Table(page)
    before = play_a_quiet_hand(table, 2)
    expect(page.locator(".banner")).to_contain_text("Ben deals · Carla is mano")
    box = page.locator("details.mus-substitute")
    table.tap(box.locator("summary"))
    box.get_by_label("Who comes").fill("Eva")
    table.tap(box.get_by_role("button", name="for Dan"))
    table.saved("Hand 3: Eva takes Dan's seat.")
    after = play_a_quiet_hand(table, 3)
    assert after == before
    expect(page.locator("#row-hand-3 .seat-change").first).to_have_text("Eva for Dan")
    expect(page.locator("#row-hand-3")).to_contain_text("Carla mano")
    expect(page.locator(".banner")).to_contain_text("Carla deals · Eva is mano")
    expect(page.locator(".strip")).to_contain_text("Ben & Eva")
    in_sight(page, "Eva for Dan")
    shot(page, "mus-substitute-hand-taps")
