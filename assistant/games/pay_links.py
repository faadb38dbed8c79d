"""What one payment of a settle-up offers, by how its payee is paid: Swish's payment link and
its QR code, an EPC QR code for an IBAN, and for the schemes without a public link the number,
the amount and the message to copy. Cash offers nothing; nor does a scheme that does not take
the table's currency.

Every text a player wrote (a name, the message) goes into a link percent-encoded and into a
QR code's lines without its line breaks: it can never end a parameter or a line early.

>>> from assistant.games.pay import parse_method
>>> offer = offer_for(parse_method("swish", "0701234567"), 4550, "SEK", "Plump 7/12")
>>> offer.link
'https://app.swish.nu/1/p/sw/?sw=46701234567&amt=45.50&cur=SEK&msg=Plump%207%2F12&edit=msg&src=url'
>>> offer_for(parse_method("swish", "0701234567"), 4550, "EUR", "Plump") is None
True
>>> offer_for(parse_method("bizum", "612345678"), 4550, "EUR", "Plump 7/12").copy
'612 345 678 · 45,50 EUR · Plump 7/12'
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import quote, urlencode

import segno
import segno.helpers

from .base import has_control
from .pay import PayMethod, Scheme

# Swish: Swish documents a payload for its own app's scanner (C<payee>;<amount with a decimal
# comma>;<message>;<lock mask>, developer.getswish.se/qr-api-manual, section 6), which no
# browser opens and a phone's camera only shows as text. The QR codes Swish's own generator
# makes today (getswish.se) hold an https link instead, which opens the app from a tap as well
# as from any camera: sw the payee (a Swish number, or a mobile number as 46701234567), amt the
# amount with a decimal point, cur SEK (Swish takes no other), msg the message (at most 50
# characters, percent-encoded UTF-8), edit the fields the payer may change, src where the link
# was met (url or qr). A private person's number has no other way in: Swish's payment requests
# need a company's certificate.
SWISH_LINK = "https://app.swish.nu/1/p/sw/"
SWISH_MESSAGE = 50
# EPC QR code (EPC069-12, "Quick Response Code: Guidelines to Enable Data Capture for the
# Initiation of a SEPA Credit Transfer"), version 002 as segno makes it: BCD, 002, the character
# set, SCT, the BIC (left empty: optional inside the EEA), the holder's name (70), the IBAN,
# EUR and the amount with a decimal point, the purpose, the reference, the text (140). The whole
# payload at most 331 bytes; UTF-8 (character set 1) is the one every bank's app reads.
EPC_NAME = 70
EPC_TEXT = 140
EPC_PAYLOAD = 331
EPC_LARGEST = 99_999_999_999  # cents: 999 999 999.99 euros
# MobilePay's documented payment links are for a shop's own 5- or 6-digit number (a legacy
# feature of Vipps MobilePay's business pages); a private number has none, and Bizum has no
# public link at all: the payer copies the number, the amount and the message.
COPY_MESSAGE = 60

# The currencies each scheme pays in: Swish in kronor, MobilePay in Danish kroner (Denmark) or
# euros (Finland), Bizum and a SEPA credit transfer in euros.
CURRENCIES = {
    Scheme.SWISH: frozenset({"SEK"}),
    Scheme.MOBILEPAY: frozenset({"DKK", "EUR"}),
    Scheme.BIZUM: frozenset({"EUR"}),
    Scheme.IBAN: frozenset({"EUR"}),
}
MOBILEPAY_CURRENCY = {"45": "DKK", "358": "EUR"}
# The decimal mark of each scheme's amounts: the links and the EPC code take a point, the
# Danish, Finnish and Spanish apps a comma.
DECIMAL_MARK = {Scheme.SWISH: ".", Scheme.MOBILEPAY: ",", Scheme.BIZUM: ",", Scheme.IBAN: "."}


@dataclass(frozen=True)
class Offer:
    """A payment as its payee's scheme takes it: ``link`` opens the scheme's app with it filled
    in, ``qr`` is the code another phone scans (the link's twin, or an EPC code), ``copy`` the
    text behind a Copy button."""

    method: PayMethod
    link: str = ""
    qr: segno.QRCode | None = None
    copy: str = ""


def takes(method: PayMethod, currency: str) -> bool:
    """Whether ``method``'s scheme pays in ``currency`` (a MobilePay number in its country's).

    >>> from assistant.games.pay import parse_method
    >>> danish = parse_method("mobilepay", "20 12 34 56")
    >>> takes(danish, "DKK"), takes(danish, "EUR")
    (True, False)
    """
    if method.scheme is Scheme.MOBILEPAY:
        return MOBILEPAY_CURRENCY[method.country] == currency
    return currency in CURRENCIES.get(method.scheme, frozenset())


def offer_for(method: PayMethod, cents: int, currency: str, message: str) -> Offer | None:
    """What paying ``cents`` of ``currency`` to ``method`` offers, with ``message`` ("Plump
    7/12") filled in; None for cash, a scheme that does not take the currency, or nothing to pay.
    """
    if cents <= 0 or not takes(method, currency):
        return None
    amount = amount_text(cents, DECIMAL_MARK[method.scheme])
    if method.scheme is Scheme.SWISH:
        text = clean(message, SWISH_MESSAGE)
        link = swish_link(method, amount, text, "url")
        return Offer(method, link, swish_qr(method, amount, text))
    copy = copy_text(method, f"{amount} {currency}", message)
    if method.scheme is Scheme.IBAN:
        qr = epc_qr(method, cents, message) if cents <= EPC_LARGEST else None
        return Offer(method, qr=qr, copy=copy)
    return Offer(method, copy=copy)


def copy_text(method: PayMethod, amount: str, message: str) -> str:
    """The number (and an IBAN's holder), the amount and the message, on one line."""
    parts = (method.shown, method.holder, amount, clean(message, COPY_MESSAGE))
    return " · ".join(part for part in parts if part)


def amount_text(cents: int, mark: str) -> str:
    """An amount with two decimals and the scheme's mark, no grouping: 4550 → "45.50".

    >>> amount_text(4550, "."), amount_text(123456700, ","), amount_text(5, ".")
    ('45.50', '1234567,00', '0.05')
    """
    whole, part = divmod(cents, 100)
    return f"{whole}{mark}{part:02d}"


def swish_link(method: PayMethod, amount: str, message: str, source: str) -> str:
    """Swish's payment link: the payee, the amount in SEK, the message (which the payer may
    change), every value percent-encoded (a space as %20, a slash as %2F)."""
    query = {"sw": method.account.removeprefix("+"), "amt": amount, "cur": "SEK"}
    if message:
        query |= {"msg": message, "edit": "msg"}
    return SWISH_LINK + "?" + urlencode(query | {"src": source}, quote_via=quote, safe="")


def swish_qr(method: PayMethod, amount: str, message: str) -> segno.QRCode:
    """The QR code of Swish's link, to scan with the Swish app or the phone's camera."""
    return segno.make(swish_link(method, amount, message, "qr"), error="m", micro=False)


def epc_qr(method: PayMethod, cents: int, message: str) -> segno.QRCode:
    """The EPC QR code of a SEPA credit transfer of ``cents`` euros to the IBAN's holder, the
    message cut to what the payload still holds (a name of many wide letters leaves less)."""
    amount = Decimal(cents) / 100
    name = fit_bytes(clean(method.holder, EPC_NAME), EPC_NAME * 2)
    fields = ("BCD", "002", "1", "SCT", "", name, method.account, f"EUR{amount:.2f}", "", "", "")
    room = EPC_PAYLOAD - len("\n".join(fields).encode())
    text = fit_bytes(clean(message, EPC_TEXT), room) or "-"  # a text or a reference it must have
    return segno.helpers.make_epc_qr(name, method.account, amount, text=text, encoding="utf-8")


def clean(text: str, limit: int) -> str:
    """``text`` on one line (control characters, line breaks and bidirectional overrides as
    spaces, runs of spaces as one), at most ``limit`` characters.

    >>> clean("Plump\\n7/12\\u202e  x", 50), clean("Åsa är bäst", 8)
    ('Plump 7/12 x', 'Åsa är b')
    """
    spaced = "".join(" " if has_control(c) or unicodedata.category(c) == "Zs" else c for c in text)
    return " ".join(spaced.split())[:limit].rstrip()


def fit_bytes(text: str, budget: int) -> str:
    """``text`` cut to at most ``budget`` bytes of UTF-8, never inside a character."""
    encoded = text.encode()[: max(budget, 0)]
    return encoded.decode(errors="ignore").rstrip()
