"""Paying from a settle-up, on the pages: the form that says how a player is paid, and what one
payment line offers in the reader's words (``games/pay.py`` checks the numbers,
``games/pay_links.py`` makes the links and QR codes).

A line offers what fits its payee: Swish a button that opens the app and the QR code of the same
link for another phone to scan, an IBAN the EPC QR code a banking app reads, MobilePay and Bizum
the number, the amount and the message to copy; cash nothing. A payment is marked paid by hand,
never because a link was opened.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from babel.dates import format_skeleton
from flask_babel import get_locale
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import RadioField, StringField

from ..games.base import RuleError
from ..games.pay import CASH, SCHEME_NAMES, PayMethod, Scheme, parse_method
from ..games.pay_links import CURRENCIES, Offer, offer_for, takes
from ..i18n import gettext, say
from .fields import choices
from .money import money

# What the payer's app is told to scan with, by scheme.
SCANNED_WITH = {
    Scheme.SWISH: _l("Scan with Swish, or the camera, on the phone that pays."),
    Scheme.IBAN: _l("Scan with the banking app on the phone that pays."),
}


@dataclass(frozen=True)
class PayLine:
    """What one payment line offers: a ``link`` to tap, a ``qr`` code (inline SVG) to scan, a
    text to ``copy``, each with the words that say it."""

    scheme: str  # "swish", for the page's CSS and the tests
    to: str  # "Swish: 070-123 45 67"
    link: str
    link_label: str  # "Pay 45,50 kr with Swish"
    qr: Markup | None
    qr_label: str  # what the code holds, for a screen reader
    scan_hint: str
    copy: str
    note: str = ""  # why nothing is offered: the scheme does not pay in the table's currency


def pay_line(method: PayMethod, cents: int, currency: str, message: str) -> PayLine | None:
    """What paying ``cents`` to ``method`` offers on the page: None for cash or nothing to pay;
    only a note for a scheme that does not pay in the table's currency."""
    if method.scheme is Scheme.CASH or cents <= 0:
        return None
    name = gettext(SCHEME_NAMES[method.scheme])
    to = gettext("%(scheme)s: %(account)s", scheme=name, account=method.shown)
    offer = offer_for(method, cents, currency, message)
    if offer is None:
        note = gettext(
            "%(scheme)s pays in %(currency)s only.", scheme=name, currency=paid_in(method)
        )
        return PayLine(method.scheme.value, to, "", "", None, "", "", "", note)
    amount = money(cents, currency, cents=True)
    return PayLine(
        method.scheme.value,
        to,
        offer.link,
        gettext("Pay %(amount)s with %(scheme)s", amount=amount, scheme=name),
        qr_svg(offer),
        gettext(
            "QR code: %(amount)s to %(account)s",
            amount=amount,
            account=method.holder or method.shown,
        ),
        str(SCANNED_WITH.get(method.scheme, "")),
        offer.copy,
    )


def method_text(method: PayMethod) -> str:
    """How a player is paid, in a few words: "Swish 070-123 45 67", "cash"."""
    if method.scheme is Scheme.CASH:
        return gettext("cash")
    return f"{gettext(SCHEME_NAMES[method.scheme])} {method.shown}"


def paid_in(method: PayMethod) -> str:
    """The currencies ``method`` pays in: "SEK", "DKK" (a Danish MobilePay number)."""
    return " / ".join(sorted(c for c in CURRENCIES[method.scheme] if takes(method, c)))


def qr_svg(offer: Offer) -> Markup | None:
    """The offer's QR code as inline SVG, black on white with its quiet zone (a scanner needs
    both, whatever the page's colours). segno draws it from the code's own modules: no text of a
    player's is in it."""
    if offer.qr is None:
        return None
    svg = offer.qr.svg_inline(border=4, dark="#000", light="#fff", omitsize=True, svgclass="qr")
    return Markup(svg)  # noqa: S704  # nosec B704  # segno's paths and our own attributes only


def pay_message(title: str, day: datetime) -> str:
    """The message a payment carries: the evening's name and its day as the reader's language
    writes a day and month ("Plump 7/12", "Plump 12/7", "Plump 7.12.")."""
    return f"{title} {format_skeleton('Md', day, locale=get_locale())}"


def pay_lines(
    methods: Mapping[str, PayMethod], payments: list[tuple[str, int]], currency: str, message: str
) -> list[PayLine | None]:
    """Each payment ``(payee, cents)`` with what its payee's method offers."""
    return [
        pay_line(methods.get(payee, CASH), cents, currency, message) for payee, cents in payments
    ]


class PayForm(FlaskForm):
    """How one player is paid: the scheme, the number or IBAN, and an IBAN's holder. Each
    refusal is said beside its field; what was typed stays."""

    scheme = RadioField(
        _l("Paid by"),
        choices=choices([(scheme.value, _l(name)) for scheme, name in SCHEME_NAMES.items()]),
        default=Scheme.CASH.value,
        validate_choice=False,
    )
    account = StringField(_l("Number or IBAN"))
    holder = StringField(_l("Name on the account (an IBAN's)"))

    method: PayMethod = CASH

    @classmethod
    def filled(cls, method: PayMethod, **kw: object) -> PayForm:
        data = {"scheme": method.scheme.value, "account": method.shown, "holder": method.holder}
        return cls(data=data, **kw)

    def validate(self, extra_validators: Mapping[str, list[object]] | None = None) -> bool:
        if not super().validate(extra_validators):
            return False
        try:
            self.method = parse_method(
                self.scheme.data or "", self.account.data or "", self.holder.data or ""
            )
        except RuleError as error:
            beside = {"scheme": self.scheme, "holder": self.holder}.get(error.field or "")
            field = beside or self.account
            field.errors = [*field.errors, say(error)]
            return False
        return True
