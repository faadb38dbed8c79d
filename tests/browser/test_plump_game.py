"""A whole 4-player Plump game (19 deals) played through the real UI on a phone."""

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
from tests.browser.test_accessibility import problems

PLAYERS = ["Anna", "Bo", "Cia", "Dan"]
PLAN = [*range(10, 0, -1), *range(2, 11)]


class Table(TapCounter):
    """The table of this game, tapping its own controls."""

    def pad(self, name: str):  # type: ignore[no-untyped-def]
        legend = self.page.locator("legend", has_text=re.compile(rf"^\s*{name}\b"))
        return self.page.locator("#entry fieldset.pad").filter(has=legend)

    def number(self, name: str, value: int) -> None:
        self.tap(self.pad(name).locator("label.key").nth(value))

    def button(self, text: str) -> None:
        self.tap(self.page.get_by_role("button", name=text))


def order(deal: int) -> list[str]:
    """Bidding order of deal ``deal`` (1-based) when Anna deals first: the dealer is last."""
    dealer = (deal - 1) % 4
    return [PLAYERS[(dealer + 1 + i) % 4] for i in range(4)]


def deal_entries(deal: int, cards: int) -> tuple[dict[str, int], dict[str, int]]:
    """Bids and tricks for one deal: the first bidder bids 1 and makes it; the second takes the
    rest; the dealer bids 0 unless the hook forbids it."""
    first, second, third, dealer = order(deal)
    bids = {first: 1, second: 0, third: 0, dealer: 0 if cards != 1 else 1}
    tricks = {first: 1, second: cards - 1, third: 0, dealer: 0}
    return bids, tricks


def points(bids: dict[str, int], tricks: dict[str, int]) -> dict[str, int]:
    return {p: (10 + bids[p]) if bids[p] == tricks[p] else 0 for p in bids}


def play_deal(table: Table, deal: int, bids: dict, tricks: dict, *, trump: str | None) -> None:
    page = table.page
    if trump:
        table.tap(page.locator("label.suit-key").nth("HDCS".index(trump)))
    for player in order(deal):
        table.number(player, bids[player])
    table.button("Save bids")
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    for player in order(deal)[:-1]:  # the last player's tricks are filled in
        table.number(player, tricks[player])
    last = order(deal)[-1]
    expect(table.pad(last).locator("input:checked")).to_have_value(str(tricks[last]))
    table.button("Save tricks")
    expect(page.locator(".said")).to_contain_text(f"Tricks of deal {deal} saved")


def totals_on_sheet(page: Page) -> list[int]:
    return [int(t) for t in page.locator("tfoot td").all_inner_texts()]


def test_a_whole_plump_game_on_a_phone(page: Page, live_server: str, shot) -> None:
    page.goto(live_server + "/new")
    for i, name in enumerate(PLAYERS):
        page.locator(f"#players-{i}").fill(name)
    page.locator("label.game-card", has_text="Plump").tap()
    shot(page, "plump-setup-players")
    page.get_by_role("button", name="Next").tap()
    page.locator("label.key", has_text="Anna").tap()
    shot(page, "plump-setup-options")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 19")

    table = Table(page)
    expected = dict.fromkeys(PLAYERS, 0)
    taps_per_deal = []
    for deal, cards in enumerate(PLAN, start=1):
        bids, tricks = deal_entries(deal, cards)
        before = table.taps
        play_deal(table, deal, bids, tricks, trump="HDCS"[deal % 4] if cards < 13 else None)
        taps_per_deal.append(table.taps - before)
        for player, score in points(bids, tricks).items():
            expected[player] += score
        if deal == 2:
            # Undo: the tricks of deal 2 come back off the sheet, then are entered again.
            page.get_by_role("button", name="Undo").tap()
            expect(page.locator("#entry h2")).to_have_text("Tricks taken")
            for player in order(deal)[:-1]:
                table.number(player, tricks[player])
            table.button("Save tricks")
            expect(page.locator(".banner")).to_contain_text("Deal 3 of 19")
        if deal == 4:
            # Deal 3 in progress, as the table sees it: bids entered, tricks to come.
            next_bids, _ = deal_entries(5, PLAN[4])
            for player in order(5):
                table.number(player, next_bids[player])
            shot(page, "plump-deal-in-progress")
            page.reload()  # the unsaved taps go; nothing was stored
        if deal == 6:
            # Correction: in deal 1 the second bidder really took one trick less, the third one.
            page.get_by_role("link", name="Correct deal 1").tap()
            expect(page.locator("h1")).to_have_text("Correct deal 1")
            b1, t1 = deal_entries(1, 10)
            second, third = order(1)[1], order(1)[2]
            fixed = {**t1, second: t1[second] - 1, third: 1}
            seat = {p: PLAYERS.index(p) for p in PLAYERS}
            for player in (second, third):
                pad = page.locator(f"fieldset[data-field=tricks_{seat[player]}]")
                pad.locator("label.key").nth(fixed[player]).tap()
            page.get_by_role("button", name="Save the correction").tap()
            expect(page.locator(".banner")).to_contain_text("Deal 7 of 19")
            old, new = points(b1, t1), points(b1, fixed)
            for player in PLAYERS:
                expected[player] += new[player] - old[player]
        assert totals_on_sheet(page) == [expected[p] for p in PLAYERS], f"after deal {deal}"

    expect(page.locator(".banner")).to_contain_text("Game over")
    best = max(expected.values())
    winners = [p for p in PLAYERS if expected[p] == best]
    expect(page.locator(".banner")).to_contain_text(", ".join(winners))
    shot(page, "plump-final-protocol")
    # One tap per player for bids and for tricks (the last trick is filled in), a tap to
    # confirm each, and one for the trump turned up.
    assert max(taps_per_deal) <= 4 + 1 + 3 + 1 + 1


SIX = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia"]
SIX_PLAN = [*range(8, 0, -1), *range(2, 9)]  # 52 cards for six: at most 8 each, 15 deals


def six_order(deal: int) -> list[str]:
    """Bidding order of deal ``deal`` when Anna deals first: the dealer bids last."""
    dealer = (deal - 1) % 6
    return [SIX[(dealer + 1 + i) % 6] for i in range(6)]


def six_entries(deal: int, cards: int) -> tuple[dict[str, int], dict[str, int]]:
    """The first bidder bids 1 and makes it, the second takes the rest; the dealer bids 0
    unless the hook forbids it."""
    order = six_order(deal)
    bids = dict.fromkeys(order, 0) | {order[0]: 1, order[-1]: 1 if cards == 1 else 0}
    tricks = dict.fromkeys(order, 0) | {order[0]: 1, order[1]: cards - 1}
    return bids, tricks


@pytest.mark.parametrize("screen", SCREENS)
def test_six_players_fifteen_deals_with_the_score_always_in_sight(
    page: Page, live_server: str, shot, screen: str
) -> None:
    use_screen(page, screen)
    choose_players(page, live_server, "Plump", SIX)
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".banner")).to_contain_text("Deal 1 of 15")
    table = Table(page)
    taps_per_deal = []
    for deal, cards in enumerate(SIX_PLAN, start=1):
        bids, tricks = six_entries(deal, cards)
        order = six_order(deal)
        before = table.taps
        if deal == 2:
            # The dealer's forbidden bid answers a tap with its reason, beside it, in sight.
            for player in order[:-1]:
                table.number(player, bids[player])
            forbidden = table.pad(order[-1]).locator("label.key").nth(cards - 1)
            forbidden.evaluate("key => key.scrollIntoView({block: 'center'})")  # not under a bar
            forbidden.tap(force=True)  # it is disabled: the check would wait for ever
            reason = table.pad(order[-1]).locator("[data-forbidden-reason]")
            expect(reason).to_contain_text(f"The dealer may not bid {cards - 1}")
            expect(reason).to_have_class(re.compile(r"\bflash\b"))
            expect(reason).to_be_in_viewport()
            table.number(order[-1], bids[order[-1]])
            table.taps -= 1  # the forbidden tap was part of the check, not of the deal
        elif deal == 3:
            # A missing bid is marked at its pad and brought into sight above the Save bar.
            for player in order[:-1]:
                table.number(player, bids[player])
            page.get_by_role("button", name="Save bids").tap()
            missing = table.pad(order[-1])
            expect(missing).to_have_class(re.compile(r"\bhas-error\b"))
            expect(missing.locator(".error")).to_have_text("Tap a number.")
            keys = missing.locator(".pad-keys").bounding_box()
            save = page.get_by_role("button", name="Save bids").bounding_box()
            assert keys and save and keys["y"] >= 0 and keys["y"] + keys["height"] <= save["y"]
            table.number(order[-1], bids[order[-1]])
        else:
            for player in order:
                table.number(player, bids[player])
        table.button("Save bids")
        expect(page.locator(".said")).to_contain_text(f"Bids of deal {deal} saved")
        in_sight(page, f"the bids of deal {deal}")
        for player in order[:-1]:  # the last player's tricks are filled in
            table.number(player, tricks[player])
        table.button("Save tricks")
        expect(page.locator(".said")).to_contain_text(f"Tricks of deal {deal} saved")
        in_sight(page, f"the tricks of deal {deal}")
        taps_per_deal.append(table.taps - before)
        if deal == 7:
            shot(page, f"plump-first-screen-{screen}".removesuffix("-phone"), full_page=False)
        if deal == 4:
            # Undo from far down the page: it names what it takes back, and the page stays put.
            page.locator(".sheet").evaluate("sheet => sheet.scrollIntoView()")
            scrolled = page.evaluate("scrollY")
            undo = page.locator(".thumb-bar .undo")
            expect(undo).to_have_text("↶ Undo: the tricks of deal 4")
            undo.tap()
            expect(page.locator(".said")).to_have_text("✓ Undone: the tricks of deal 4.")
            expect(page.locator(".said")).to_be_in_viewport()
            # Still where it was: the panel above may change by a pad or so, nothing more.
            assert abs(page.evaluate("scrollY") - scrolled) < 200, (
                scrolled,
                page.evaluate("scrollY"),
            )
            for player in order[:-1]:
                table.number(player, tricks[player])
            table.button("Save tricks")
            expect(page.locator(".said")).to_contain_text("Tricks of deal 4 saved")
            in_sight(page, "the tricks of deal 4 again")
        if deal == 5:
            # A correction of deal 1 (the link is a full-size target) says what it changed:
            # the third bidder took 1 trick of the second's, and misses his 0.
            second, third = six_order(1)[1], six_order(1)[2]
            strip_total = page.locator(".strip-row", has_text=third).locator(".strip-total")
            before = int(strip_total.inner_text())
            link = page.get_by_role("link", name="Correct deal 1")
            box = link.bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44
            link.tap()
            expect(page.locator("h1")).to_have_text("Correct deal 1")
            for player, taken in ((second, SIX_PLAN[0] - 2), (third, 1)):
                pad = page.locator(f"fieldset[data-field=tricks_{SIX.index(player)}]")
                pad.locator("label.key").nth(taken).tap()
            page.get_by_role("button", name="Save the correction").tap()
            said = page.locator(".said")
            expect(said).to_contain_text(
                f"Deal 1 corrected. Totals: {third} {before} → {before - 10}"
            )
            expect(strip_total).to_have_text(str(before - 10))
    expect(page.locator(".banner")).to_contain_text("Game over")
    in_sight(page, "the last deal")
    shot(page, f"plump-six-players-{screen}")
    assert max(taps_per_deal) <= 2 * len(SIX) + 2  # a tap per bid and trick but the last, 2 saves


def test_twenty_entries_tapped_fast_over_a_slow_connection(page: Page, slow_server: str) -> None:
    """Ten deals' bids and tricks, each tapped as soon as its form is there. None is refused."""
    choose_players(page, slow_server, "Plump", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator("#game .banner")).to_be_visible()
    answers = Answers(page)
    table = Table(page)
    for deal, cards in enumerate(PLAN[:10], start=1):
        bids, tricks = deal_entries(deal, cards)
        expect(page.locator("#entry h2")).to_contain_text("Bids")
        for player in order(deal):
            table.number(player, bids[player])
        table.button("Save bids")
        expect(page.locator("#entry h2")).to_have_text("Tricks taken")
        for player in order(deal)[:-1]:
            table.number(player, tricks[player])
        table.button("Save tricks")
    expect(page.locator("#game")).to_have_attribute("data-version", "20", timeout=SLOW_ANSWERS)
    assert answers.refused() == [] and len(answers.statuses) == 20


KEYS_PER_ROW = """(pad) => {
  const rows = {};
  for (const key of pad.querySelectorAll("label.key")) {
    const top = Math.round(key.getBoundingClientRect().top);
    rows[top] = (rows[top] || 0) + 1;
  }
  return Object.values(rows);
}"""


@pytest.mark.parametrize(("width", "rows"), [(390, 1), (320, 2)])
def test_a_pad_of_eight_keys_is_one_row_on_a_phone_and_two_even_ones_on_a_narrow_one(
    page: Page, live_server: str, width: int, rows: int
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    seven = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gus"]
    choose_players(page, live_server, "Plump", seven)
    page.locator("label.key", has_text="Anna").first.tap()
    page.get_by_role("button", name="Start the game").tap()
    pads = page.locator("#entry fieldset.pad:not(.suits)")
    expect(pads).to_have_count(7)
    for i in range(7):  # 7 cards: the keys 0-7 (they wrapped as seven and one)
        assert pads.nth(i).locator("label.key").count() == 8
        per_row = pads.nth(i).evaluate(KEYS_PER_ROW)
        assert len(per_row) == rows and max(per_row) - min(per_row) <= 1
    widths = pads.first.locator("label.key").evaluate_all("(keys) => keys.map(k => k.offsetWidth)")
    assert min(widths) >= 36 and len(set(widths)) <= 2  # a finger's width, all alike


BIDS = deal_entries(1, 10)[0]


def bids_undone(page: Page, live_server: str, screen: str) -> Table:
    """Deal 1's bids (♥ turned up) saved, then taken back with Undo."""
    if screen in SCREENS:
        use_screen(page, screen)
    else:  # a 320 px phone with its text at 200 %
        use_screen(page, "large-text")
        page.set_viewport_size({"width": 320, "height": 640})
    choose_players(page, live_server, "Plump", PLAYERS)
    page.locator("label.key", has_text="Anna").tap()
    page.get_by_role("button", name="Start the game").tap()
    table = Table(page)
    table.tap(page.locator("label.suit-key").nth(0))
    for player in order(1):
        table.number(player, BIDS[player])
    table.button("Save bids")
    expect(page.locator("#entry h2")).to_have_text("Tricks taken")
    undo = page.locator(".thumb-bar .undo")
    if screen in SCREENS:
        undo.tap()
    else:  # at 320 px with 200 % text the bar's line lies over its Undo: the keyboard's Enter
        undo.focus()
        page.keyboard.press("Enter")
    expect(page.locator(".said")).to_contain_text("Undone: the bids of deal 1.")
    return table


@pytest.mark.parametrize("screen", [*SCREENS, "narrow-large"])
def test_undo_of_the_bids_brings_them_back_as_tapped(
    page: Page, live_server: str, shot, screen: str
) -> None:
    """Undo of the bids shows the bids and the trump as they were tapped, on every screen (a
    320 px phone with its text at 200 % too)."""
    table = bids_undone(page, live_server, screen)
    for player in order(1):
        expect(table.pad(player).locator("input:checked")).to_have_value(str(BIDS[player]))
    expect(page.locator("label.suit-key input").nth(0)).to_be_checked()
    shot(page, f"plump-bids-back-after-undo-{screen}", full_page=False)


def test_one_wrong_bid_is_one_key_and_impossible_tricks_hold_save_back(
    page: Page, live_server: str, shot
) -> None:
    """Undo of the bids, one key changed, saved: two taps. Tricks that cannot add up hold Save
    back and say why in the app's words."""
    table = bids_undone(page, live_server, "phone")
    before = table.taps
    table.number("Cia", 2)  # the one wrong bid
    table.button("Save bids")
    expect(page.locator(".strip")).to_contain_text("bid 2")
    assert table.taps - before == 2
    first, second, _third, _dealer = order(1)
    table.number(first, 6)
    table.number(second, 5)  # 11 of 10 cards: cannot be
    reason = page.locator("[data-impossible]")
    expect(reason).to_have_text(
        "The tricks add up to 11, but 10 cards were dealt: one count is wrong."
    )
    expect(page.get_by_role("button", name="Save tricks")).to_be_disabled()
    shot(page, "plump-impossible-tricks-phone", full_page=False)
    assert problems(page) == []
    table.number(second, 3)
    expect(reason).to_be_hidden()
    expect(page.get_by_role("button", name="Save tricks")).to_be_enabled()
