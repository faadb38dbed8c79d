"""Paying from the settle-up on a phone: an evening of two Plump games with stakes in SEK,
Anna paid by Swish, Bo by Bizum, the others in cash. Each payment line offers what fits its
payee: Swish's button and a QR code that reads back as the same link, a note where the scheme
does not pay in the table's currency, nothing for cash; in euros Bizum's text to copy. A wrong
number is refused beside its field and nothing changes. Looked at in all four languages."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, Page, expect

from assistant.games.pay import parse_method
from assistant.games.pay_links import amount_text, swish_link
from tests.browser.table import import_example
from tests.browser.test_accessibility import problems
from tests.examples import EXAMPLES
from tests.qr import read_png

METHODS = {"Anna": ("Swish", "070-123 45 67"), "Bo": ("Bizum", "612 345 678")}
LANGUAGES = {"sv": "Betala", "de": "zahlen", "es": "Pagar", "en": "Pay"}


def evening_in_sek(page: Page, live_server: str) -> str:
    """Two Plump games of Anna, Bo, Cia and Dan at 1 kr a point between every pair: the table
    page's address."""
    import_example(page, live_server, EXAMPLES / "plump-three-deals.json")
    page.get_by_role("link", name="Table", exact=True).tap()
    # The table's page, answered in this document: its address once it is shown.
    expect(page).to_have_url(re.compile(r"/t/[\w-]+/(#.*)?$"))
    table = page.url.split("#")[0]
    box = page.locator("details.import")
    box.locator("summary").tap()
    box.locator("input[type=file]").set_input_files(str(EXAMPLES / "plump-trick-plus-ten.json"))
    box.get_by_role("button", name="Import").tap()
    page.wait_for_selector("#game")
    page.goto(table)
    page.locator("summary", has_text="Currency: none").tap()
    page.get_by_label("Currency").select_option("SEK")
    page.get_by_role("button", name="Save the currency").tap()
    expect(page.locator("summary", has_text="Currency: none")).to_have_count(0)  # the page after
    for number in (1, 2):
        game = page.locator("li.egame").nth(number - 1)
        game.locator("summary", has_text="Put a stake on it").tap()
        game.get_by_label("Money per unit").fill("1")
        game.get_by_role("button", name="Save the stake").tap()
        expect(page.locator("li.egame").nth(number - 1).locator(".egame-stake")).to_be_visible()
    return table


def player_form(page: Page, name: str) -> Locator:
    return page.locator("details.pay-player", has_text=name)


def open_form(page: Page, name: str) -> Locator:
    """The form of ``name``'s way to pay, opened (under "How each player is paid")."""
    if not page.locator("#pay").evaluate("box => box.open"):
        page.locator("#pay > summary").tap()
    form = player_form(page, name)
    if not form.evaluate("box => box.open"):
        form.locator("summary").tap()
    return form


def set_method(page: Page, name: str, scheme: str, account: str) -> None:
    form = open_form(page, name)
    form.locator("label.key", has_text=scheme).tap()
    if account:
        form.get_by_label("Number or IBAN").fill(account)
    form.get_by_role("button", name="Save").tap()
    expect(player_form(page, name).locator("summary")).to_contain_text(scheme, ignore_case=True)


def lines_by_payee(page: Page) -> dict[str, Locator]:
    lines = page.locator(".epayment")
    expect(lines.first).to_be_visible()
    found = {}
    for i in range(lines.count()):
        said = lines.nth(i).locator(".epay span").first.inner_text()
        payee = re.sub(r"^.* pays ", "", said)
        found[payee] = lines.nth(i)
    return found


def test_each_payment_line_offers_what_fits_its_payee(page: Page, live_server: str, shot) -> None:
    table = evening_in_sek(page, live_server)
    for name, (scheme, account) in METHODS.items():
        set_method(page, name, scheme, account)
    lines = lines_by_payee(page)
    assert {"Anna", "Bo"} <= set(lines), lines.keys()

    # Anna: Swish's button, and its QR code reads back as the same link.
    anna = lines["Anna"]
    cents = round(float(re.sub(r"[^0-9.]", "", anna.locator(".eamount").inner_text())) * 100)
    swish = parse_method("swish", "070-123 45 67")
    button = anna.get_by_role("link", name=re.compile("with Swish"))
    href = button.get_attribute("href")
    assert href is not None and href.startswith("https://app.swish.nu/1/p/sw/?sw=46701234567&")
    assert f"&amt={amount_text(cents, '.')}&cur=SEK&" in href
    anna.locator(".pay-qr summary").tap()
    code = anna.locator(".pay-qr svg")
    expect(code).to_be_visible()
    message = re.search(r"msg=([^&]*)", href)
    assert message is not None
    read = read_png(code.screenshot()).decode("ascii")
    assert read == href.replace("&src=url", "&src=qr")
    assert read == swish_link(swish, amount_text(cents, "."), msg(read), "qr")

    # Bo: Bizum pays in euros only, and says so; cash lines have nothing but the line.
    expect(lines["Bo"].locator(".pay")).to_contain_text("Bizum pays in EUR only.")
    for name in set(lines) - set(METHODS):
        expect(lines[name].locator(".pay")).to_have_count(0)
    assert problems(page) == []
    anna.scroll_into_view_if_needed()
    shot(page, "pay-settle-up-sek", full_page=False)

    # In euros: Bizum's text to copy, and Swish says it pays in kronor only.
    page.locator("#evening-money summary").tap()
    page.get_by_label("Currency").select_option("EUR")
    page.get_by_role("button", name="Save the currency").tap()
    in_euros = page.locator(".pay", has_text="Swish pays in SEK only.")
    expect(in_euros.first).to_be_visible()
    lines = lines_by_payee(page)
    copy = lines["Bo"].locator("input.pay-copy").input_value()
    assert copy.startswith("612 345 678 · ") and " EUR · " in copy
    expect(lines["Anna"].locator(".pay")).to_contain_text("Swish pays in SEK only.")
    lines["Bo"].scroll_into_view_if_needed()
    shot(page, "pay-settle-up-eur", full_page=False)

    # Bo in cash after all: his lines have nothing but the line.
    page.goto(table)
    set_method(page, "Bo", "Cash", "")
    lines = lines_by_payee(page)
    assert "Bo" in lines, (lines.keys(), page.locator(".epayment").all_inner_texts())
    expect(lines["Bo"].locator(".pay")).to_have_count(0)


def msg(link: str) -> str:
    from urllib.parse import parse_qs, urlsplit

    return parse_qs(urlsplit(link).query).get("msg", [""])[0]


def test_a_wrong_number_is_refused_beside_its_field_and_nothing_changes(
    page: Page, live_server: str, shot
) -> None:
    evening_in_sek(page, live_server)
    set_method(page, "Anna", "Swish", "070-123 45 67")
    form = open_form(page, "Anna")
    form.get_by_label("Number or IBAN").fill("08-123 45 67")
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        form.get_by_role("button", name="Save").tap()
    assert answer.value.status == 422
    form = player_form(page, "Anna")
    expect(form.locator(".error")).to_contain_text("Swedish mobile number")
    expect(form.get_by_label("Number or IBAN")).to_have_value("08-123 45 67")
    expect(form.locator("summary")).to_contain_text("070-123 45 67")  # as it was
    assert problems(page) == []  # the open form and its refusal too
    shot(page, "pay-wrong-number", full_page=False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_settle_up_with_its_ways_to_pay_in_every_language(
    page: Page, live_server: str, shot, lang: str
) -> None:
    table = evening_in_sek(page, live_server)
    set_method(page, "Anna", "Swish", "070-123 45 67")
    page.goto(f"{table}?lang={lang}#settle")
    link = page.locator(".pay-link").first
    expect(link).to_contain_text(LANGUAGES[lang])
    page.locator(".pay-qr summary").first.tap()
    assert problems(page) == []
    link.scroll_into_view_if_needed()
    shot(page, f"pay-settle-up-{lang}", full_page=False)
