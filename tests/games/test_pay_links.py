"""What a payment line offers by how its payee is paid: the exact links, QR codes read back as
a payment app reads them, and the text to copy; hostile names and messages encoded."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games.pay import CASH, PayMethod, parse_method
from assistant.games.pay_links import Offer, amount_text, clean, offer_for, takes
from tests.qr import read_matrix

SWISH_MOBILE = parse_method("swish", "070-123 45 67")
SWISH_NUMBER = parse_method("swish", "123 456 78 90")
MOBILEPAY_DK = parse_method("mobilepay", "20 12 34 56")
MOBILEPAY_FI = parse_method("mobilepay", "040 123 4567")
BIZUM = parse_method("bizum", "612 345 678")
IBAN = parse_method("iban", "DE89 3704 0044 0532 0130 00", "Åsa Öberg")
SWISH = "https://app.swish.nu/1/p/sw/?"


def offered(method: PayMethod, cents: int, currency: str, message: str) -> Offer:
    offer = offer_for(method, cents, currency, message)
    assert offer is not None
    return offer


SWISH_LINKS = [
    # payee, cents, message, the link the button opens
    (
        SWISH_MOBILE,
        4550,
        "Plump 7/12",
        SWISH + "sw=46701234567&amt=45.50&cur=SEK&msg=Plump%207%2F12&edit=msg&src=url",
    ),
    (
        SWISH_NUMBER,
        123405,
        "Kväll hos Åsa & Öjvind #2",
        SWISH + "sw=1234567890&amt=1234.05&cur=SEK"
        "&msg=Kv%C3%A4ll%20hos%20%C3%85sa%20%26%20%C3%96jvind%20%232&edit=msg&src=url",
    ),
    (SWISH_MOBILE, 5, "", SWISH + "sw=46701234567&amt=0.05&cur=SEK&src=url"),
    (
        SWISH_MOBILE,
        100,
        "Mus\n?amt=1&cur=EUR",
        SWISH + "sw=46701234567&amt=1.00&cur=SEK&msg=Mus%20%3Famt%3D1%26cur%3DEUR&edit=msg&src=url",
    ),
    (
        SWISH_MOBILE,
        2000,
        "Plump, Mulle och Boodle hos Anna på Södermalm 7 december",
        SWISH + "sw=46701234567&amt=20.00&cur=SEK"
        "&msg=Plump%2C%20Mulle%20och%20Boodle%20hos%20Anna%20p%C3%A5%20S%C3%B6dermalm%207%20de"
        "&edit=msg&src=url",
    ),
]


@pytest.mark.parametrize(("method", "cents", "message", "link"), SWISH_LINKS)
def test_swish_opens_with_the_payee_the_amount_and_the_message(
    method: PayMethod, cents: int, message: str, link: str
) -> None:
    offer = offered(method, cents, "SEK", message)
    assert offer.link == link
    assert offer.copy == ""


@pytest.mark.parametrize(("method", "cents", "message", "link"), SWISH_LINKS)
def test_swish_qr_code_reads_as_the_same_link_from_a_scan(
    method: PayMethod, cents: int, message: str, link: str
) -> None:
    offer = offered(method, cents, "SEK", message)
    assert offer.qr is not None
    assert read_matrix(offer.qr).decode("ascii") == link.replace("&src=url", "&src=qr")


def test_the_message_is_cut_to_what_swish_takes() -> None:
    link = offered(SWISH_MOBILE, 100, "SEK", "å" * 60).link
    assert parse_qs(urlsplit(link).query)["msg"] == ["å" * 50]


@given(st.text(max_size=80), st.integers(1, 10**9))
def test_any_message_comes_out_of_the_link_as_it_went_in(message: str, cents: int) -> None:
    link = offered(SWISH_MOBILE, cents, "SEK", message).link
    assert link.isascii()
    assert not set(link) & set(" \"'<>\\^`{|}#\n\r\t")
    query = parse_qs(urlsplit(link).query, keep_blank_values=True, strict_parsing=True)
    expected = {"sw": ["46701234567"], "amt": [amount_text(cents, ".")], "cur": ["SEK"]}
    shown = clean(message, 50)
    if shown:
        expected |= {"msg": [shown], "edit": ["msg"]}
    assert query == expected | {"src": ["url"]}


EPC_FIELDS = [
    # cents, message, the amount line, the text line
    (4550, "Plump 7/12", "EUR45.5", "Plump 7/12"),
    (4500, "Kväll hos Åsa", "EUR45", "Kväll hos Åsa"),
    (1, "Mus", "EUR0.01", "Mus"),
    (123456, "Boodle\nBCD\n002", "EUR1234.56", "Boodle BCD 002"),
]


@pytest.mark.parametrize(("cents", "message", "amount", "text"), EPC_FIELDS)
def test_an_iban_gets_an_epc_code_read_back_field_by_field(
    cents: int, message: str, amount: str, text: str
) -> None:
    offer = offered(IBAN, cents, "EUR", message)
    assert offer.qr is not None and offer.link == ""
    lines = read_matrix(offer.qr).decode("utf-8").split("\n")
    assert lines == [
        "BCD",  # service tag
        "002",  # version: the BIC may be left out inside the EEA
        "1",  # character set: UTF-8
        "SCT",  # a SEPA credit transfer
        "",  # no BIC
        "Åsa Öberg",  # the holder
        "DE89370400440532013000",  # the IBAN
        amount,  # in euros, a decimal point
        "",  # no purpose
        "",  # no structured reference
        text,  # the message, on its one line
    ]


def test_a_name_of_wide_letters_still_fits_the_epc_payload() -> None:
    wide = parse_method("iban", "DE89 3704 0044 0532 0130 00", "🂡" * 70)
    payload = read_matrix(offered(wide, 99_999_999_999, "EUR", "🂱" * 200).qr)  # type: ignore[arg-type]
    assert len(payload) <= 331
    assert payload.decode("utf-8").split("\n")[7] == "EUR999999999.99"


def test_an_iban_is_also_there_to_copy() -> None:
    offer = offered(IBAN, 4550, "EUR", "Plump 7/12")
    assert offer.copy == "DE89 3704 0044 0532 0130 00 · Åsa Öberg · 45.50 EUR · Plump 7/12"


COPIES = [
    (BIZUM, "EUR", "612 345 678 · 45,50 EUR · Plump 7/12"),
    (MOBILEPAY_DK, "DKK", "20 12 34 56 · 45,50 DKK · Plump 7/12"),
    (MOBILEPAY_FI, "EUR", "040 1234567 · 45,50 EUR · Plump 7/12"),
]


@pytest.mark.parametrize(("method", "currency", "copy"), COPIES)
def test_without_a_public_link_the_number_amount_and_message_are_copied(
    method: PayMethod, currency: str, copy: str
) -> None:
    offer = offered(method, 4550, currency, "Plump\t7/12\n")
    assert (offer.link, offer.qr, offer.copy) == ("", None, copy)


@pytest.mark.parametrize(
    ("method", "currency"),
    [
        (SWISH_MOBILE, "EUR"),
        (SWISH_MOBILE, ""),
        (MOBILEPAY_DK, "EUR"),
        (MOBILEPAY_FI, "DKK"),
        (BIZUM, "SEK"),
        (IBAN, "SEK"),
        (IBAN, ""),
        (CASH, "SEK"),
    ],
)
def test_a_scheme_that_does_not_take_the_currency_offers_nothing(
    method: PayMethod, currency: str
) -> None:
    assert not takes(method, currency)
    assert offer_for(method, 4550, currency, "Plump") is None


def test_nothing_to_pay_offers_nothing() -> None:
    assert offer_for(SWISH_MOBILE, 0, "SEK", "Plump") is None
