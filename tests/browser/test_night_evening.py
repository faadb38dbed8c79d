"""Two club nights played in the browser from first draw to last result, as a club runs them.

A Mus night of 8 pairs in a winners' and losers' bracket: the organiser at 390×844 makes it with
7 pairs (its address is then the night's own), draws; three table phones open their tables by
the QR code's address, play their matches (an órdago a match: the night plays one game to 30),
send their results, and a phone of the other pair confirms each; the organiser corrects one
result; a late pair takes the bye's place before round 2; the next round is drawn only once
every table counts (the organiser's page hears it live); the hall at 1920×1080 shows each
round's state; to the winner in large type. A Plump night of 12 by progression over three
rounds: the winner of each table stays at it, the others move on by their place; its pages in
Swedish, German and Spanish.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import segno
from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import make_phone
from tests.browser.test_accessibility import problems
from tests.browser.test_night import TV, enter_result, seats_at

PAIRS = [
    ("Ane", "Bea"), ("Carlos", "Dolores"), ("Eneko", "Fermín"), ("Garazi", "Haritz"),
    ("Iker", "Jone"), ("Koldo", "Leire"), ("Mikel", "Nerea"),
]  # fmt: skip
LATE = ("Oier", "Pello")
LIVE = 20_000  # ms: a nudge over the night's stream on a busy machine


def make_night(organiser: Page, server: str, fields: dict[str, str], entrants: list[str]) -> str:
    """A new night from its form; the address it lands on (the night's own)."""
    organiser.goto(server + "/nights/new")
    organiser.get_by_label("Name of the night").fill("Club")
    for label, value in fields.items():
        organiser.get_by_label(label, exact=True).select_option(value)
    organiser.get_by_label("Who came").fill("\n".join(entrants))
    organiser.get_by_role("button", name="Make the night").click()
    expect(organiser.get_by_role("button", name="Draw round 1")).to_be_visible()
    assert re.fullmatch(rf"{re.escape(server)}/n/[\w-]+/", organiser.url), organiser.url
    return organiser.url


def table_address(organiser: Page, number: int, table: int) -> str:
    """The address the table's QR code holds, read under the code on the table's own page (and
    checked: the code served is the code of that address)."""
    organiser.goto(f"{organiser.url.split('#')[0]}r/{number}/t/{table}/")
    address = organiser.locator(".nt-address").inner_text()
    source = organiser.locator("#qr img").get_attribute("src") or ""
    served = organiser.request.get(organiser.url.split("/n/")[0] + source)
    made = io.BytesIO()
    segno.make(address, error="m").save(
        made, kind="svg", scale=6, border=2, dark="#111", light="#fff"
    )
    assert served.ok and served.body() == made.getvalue()
    organiser.go_back()
    return address


def ordago(phone: Page, address: str) -> None:
    """The table's match in one hand: an órdago at grande, wanted, won by the first pair."""
    phone.goto(address)
    phone.locator("label.ordago").tap()
    phone.locator(".mus-answer.mus-t2").get_by_role("button", name="Quiero", exact=True).tap()
    phone.locator("label.key", has_text="Just the winners").tap()
    phone.locator("fieldset[data-field=showdown_grande] label.mus-t1").tap()
    phone.get_by_role("button", name="Save the hand").tap()
    expect(phone.locator("#night")).to_contain_text("Send it to the night", timeout=LIVE)


def send(phone: Page) -> None:
    """The first pair listed sends the result: one tap."""
    phone.locator("#night").get_by_role("button").first.tap()
    expect(phone.locator("#night")).to_contain_text("sent it")


def confirm(phone: Page, address: str) -> None:
    """A phone of the other pair opens the table and confirms: one tap (only its pair's)."""
    phone.goto(address)
    said = phone.locator("#night")
    expect(said).to_contain_text("The other side confirms it", timeout=LIVE)
    expect(said.get_by_role("button")).to_have_count(1)
    said.get_by_role("button").tap()
    expect(said).to_contain_text("The night so far")


def states(tv: Page) -> list[str]:
    return tv.locator(".hall-table .state").all_inner_texts()


def test_a_mus_night_of_eight_pairs_in_a_winners_and_losers_bracket(
    browser: Browser, stream_server: str, shot: Callable[..., object]
) -> None:
    phone = make_phone(browser)
    organiser = phone()
    fields = {"Game": "mus", "Format": "bracket", "The rules at the tables": "short"}
    make_night(organiser, stream_server, fields, [" & ".join(p) for p in PAIRS])
    organiser.get_by_role("button", name="Draw round 1").click()
    tv = phone(**TV)
    tv.goto(
        stream_server
        + str(organiser.get_by_role("link", name="The hall screen").get_attribute("href"))
    )
    tables = [phone(), phone(), phone()]
    number = 1
    while not organiser.locator("#night-won").count():
        count = organiser.locator("#now .night-table").count()
        expect(tv.locator(".hall-table")).to_have_count(count, timeout=LIVE)
        expect(tv.locator(".hall-table .state", has_text="Not started")).to_have_count(
            count, timeout=LIVE
        )
        played = min(count, 3 if number <= 2 else 1)
        addresses = [table_address(organiser, number, t) for t in range(1, played + 1)]
        for at, address in zip(tables, addresses, strict=False):
            ordago(at, address)
            send(at)
        expect(tv.locator(".hall-table .state", has_text="To confirm")).to_have_count(
            played, timeout=LIVE
        )
        expect(organiser.get_by_role("button", name=re.compile("Draw round"))).to_have_count(0)
        expect(organiser.get_by_role("link", name="Close the round now…")).to_be_visible()
        for n, address in enumerate(addresses):
            confirm(tables[(n + 1) % 3], address)  # another phone, of the other pair
        for table in range(played + 1, count + 1):
            first, second = organiser.locator(f"#t{number}-{table} .nt-name").all_inner_texts()
            enter_result(organiser, number, table, {first: 1, second: 0})
        if number == 1:
            shot(tables[1], "night-bracket-table-phone")
            first, second = organiser.locator("#t1-1 .nt-name").all_inner_texts()
            enter_result(organiser, 1, 1, {first: 0, second: 1})  # the organiser's correction
            organiser.get_by_label("Player (for Mus the pair: Ane & Bea)").fill(" & ".join(LATE))
            organiser.get_by_role("button", name="Save").first.click()
        won = organiser.locator("#night-won")
        expect(
            won.or_(organiser.get_by_role("button", name=f"Draw round {number + 1}"))
        ).to_be_visible(timeout=LIVE)  # the organiser's page hears the last confirmation live
        if won.count():
            break
        expect(
            tv.locator(".hall-table .state", has_text=re.compile("Confirmed by|Entered by"))
        ).to_have_count(count, timeout=LIVE)
        if number == 1:
            shot(tv, "night-bracket-hall-1920", full_page=False)
            shot(organiser, "night-bracket-organiser")
            assert problems(organiser) == [] and problems(tv) == []
        number += 1
        organiser.get_by_role("button", name=f"Draw round {number}").click()
        expect(organiser.locator("#now-title")).to_have_text(re.compile(f"Round {number}|Final"))
        if number == 2:  # the late pair plays the match the bye would have given
            assert any(" & ".join(LATE) in seats_at(organiser, 2, t) for t in range(1, 4))
            tables[1].reload()  # a phone of round 1's table 2: where its pairs sit now
            expect(tables[1].locator("#night")).to_contain_text("Round 2: where you sit")
            expect(tables[1].locator("#night .night-next li")).to_have_count(2)
    expect(tv.locator(".hall-winner")).to_contain_text("won the night", timeout=LIVE)
    shot(tv, "night-bracket-hall-winner", full_page=False)
    organiser.reload()
    rows = organiser.locator("#ranking tbody tr")
    assert rows.count() == 8
    lost = [
        int(t) for t in organiser.locator("#ranking tbody td[data-label=Lost]").all_inner_texts()
    ]
    assert sorted(lost)[2:] == [2] * 6 and all(n <= 1 for n in sorted(lost)[:1])
    assert organiser.evaluate("document.documentElement.scrollWidth <= innerWidth")


PLUMP_12 = ["Anna", "Bo", "Cia", "Dan", "Eva", "Fia", "Gun", "Hugo", "Ida", "Jon", "Kim", "Lo"]
HALL_720 = {"viewport": {"width": 1280, "height": 720}, "is_mobile": False, "has_touch": False}


def speaking(language: str) -> dict[str, object]:
    """A browser that asks for pages in ``language`` (as a phone set to it does)."""
    return {"locale": language, "extra_http_headers": {"Accept-Language": language}}


def places(organiser: Page, number: int, table: int) -> list[str]:
    """A table's players from its best to its worst, as its card shows their totals."""
    card = organiser.locator(f"#t{number}-{table}")
    names = card.locator(".nt-name").all_inner_texts()
    totals = [int(t) for t in card.locator(".nt-score").all_inner_texts()]
    return [name for _, name in sorted(zip(totals, names, strict=True), reverse=True)]


def test_a_plump_night_of_twelve_by_progression_over_three_rounds_in_three_languages(
    browser: Browser, stream_server: str, shot: Callable[..., object]
) -> None:
    """The organiser (English) makes a night whose winners stay; a hall screen in Swedish at
    1280×720 follows it, a Spanish phone reads round 2's tables; after each round the table's winner
    stays at his table, the 2nd moves one table on, the 3rd two (the 4th three: with three
    tables, back to his own); a German phone reads the final ranking."""
    phone = make_phone(browser)
    organiser = phone()
    fields = {"Game": "plump", "Format": "rounds", "How the tables are drawn": "stay"}
    make_night(organiser, stream_server, fields, PLUMP_12)
    organiser.get_by_role("button", name="Draw round 1").click()
    hall = organiser.get_by_role("link", name="The hall screen").get_attribute("href")
    tv = phone(**HALL_720, **speaking("sv-SE"))
    tv.goto(stream_server + str(hall))
    for number in (1, 2, 3):
        expect(tv.locator("h1")).to_contain_text(f"Omgång {number}", timeout=LIVE)
        expect(tv.locator(".hall-table .state", has_text="Inte startat")).to_have_count(3)
        for table in (1, 2, 3):
            seats = organiser.locator(f"#t{number}-{table} .nt-name").all_inner_texts()
            assert len(seats) == 4
            enter_result(organiser, number, table, {n: 10 * (4 - k) for k, n in enumerate(seats)})
        if number == 3:  # the night is over: the hall shows its winner
            break
        expect(tv.locator(".hall-table .state", has_text="Infört av arrangören")).to_have_count(
            3, timeout=LIVE
        )
        order = {t: places(organiser, number, t) for t in (1, 2, 3)}
        organiser.get_by_role("button", name=f"Draw round {number + 1}").click()
        expect(organiser.locator(f"#t{number + 1}-3")).to_be_visible()
        for t, ranked in order.items():
            for place, name in enumerate(ranked):
                assert name in seats_at(organiser, number + 1, (t - 1 + place) % 3 + 1), (t, name)
        if number == 1:  # a Spanish phone on the organiser's page: round 2's tables, unstarted
            spanish = phone(**speaking("es-ES"))
            spanish.goto(organiser.url)
            expect(spanish.locator("#now-title")).to_have_text("Ronda 2")
            expect(spanish.locator("#now .night-table", has_text="Sin empezar")).to_have_count(3)
            shot(spanish, "night-progression-organiser-es")
            shot(tv, "night-progression-hall-sv-1280", full_page=False)
            assert problems(spanish) == [] and problems(tv) == []
    expect(organiser.locator("#night-won")).to_contain_text("won the night", timeout=LIVE)
    expect(tv.locator(".hall-winner")).to_contain_text("vann kvällen", timeout=LIVE)
    shot(tv, "night-progression-hall-sv-winner", full_page=False)
    reader = phone(**speaking("de-DE"))
    reader.goto(organiser.url)
    expect(reader.get_by_role("heading", name="Rangliste")).to_be_visible()
    assert reader.locator("#ranking tbody tr").count() == 12
    assert problems(reader) == []
