"""How a player is paid: in cash, by Swish, MobilePay or Bizum (a phone number), or by bank
transfer (an IBAN and the holder's name), checked and kept in one canonical form.

A number is read the way people write it (spaces, dashes, a leading 0, +46 or 0046) and kept
as the scheme knows it; what is wrong is said beside the field that holds it (``account`` or
``holder``), with ``N_`` templates the web layer translates.

>>> method = parse_method("swish", "070-123 45 67")
>>> method.account, method.shown
('+46701234567', '070-123 45 67')
>>> parse_method("iban", "se45 5000 0000 0583 9825 7466", "Anna Berg").shown
'SE45 5000 0000 0583 9825 7466'
>>> parse_method("bizum", "123")
Traceback (most recent call last):
...
assistant.games.base.RuleError: Enter a Spanish mobile number, such as 612 345 678.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from .base import N_, RuleError, has_control


class Scheme(Enum):
    """The ways a table pays; the value is what a form posts and the database keeps."""

    CASH = "cash"
    SWISH = "swish"
    MOBILEPAY = "mobilepay"
    BIZUM = "bizum"
    IBAN = "iban"


# The schemes a form offers, with the names the players know them by (brands: not translated,
# except cash and the bank transfer).
SCHEME_NAMES: Mapping[Scheme, str] = {
    Scheme.CASH: N_("Cash (nothing to say)"),
    Scheme.SWISH: "Swish",
    Scheme.MOBILEPAY: "MobilePay",
    Scheme.BIZUM: "Bizum",
    Scheme.IBAN: N_("Bank transfer (IBAN)"),
}

# Mobile numbers as each country's numbering plan gives them, after the country code: Sweden's
# 070, 072, 073, 076 and 079 (PTS, the Swedish numbering plan), Finland's 04x and 050, Spain's
# 6 and 71-74 and 78; Denmark has no trunk 0 and every number is 8 digits from 2 up.
MOBILE = {
    "46": re.compile(r"7[02369][0-9]{7}"),
    "45": re.compile(r"[2-9][0-9]{7}"),
    "358": re.compile(r"(4[0-8]|50)[0-9]{4,8}"),
    "34": re.compile(r"(6[0-9]|7[1-48])[0-9]{7}"),
}
TRUNK_ZERO = {"46": True, "45": False, "358": True, "34": False}
# A Swish number of a business or an association: 123 and seven digits (Swish's own numbers).
SWISH_NUMBER = re.compile(r"123[0-9]{7}")
SEPARATORS = re.compile(r"[\s\-./()]")

# Every IBAN country and its IBAN's length (ISO 13616, the SWIFT IBAN registry).
IBAN_LENGTHS: Mapping[str, int] = {
    country: int(length)
    for country, length in re.findall(
        r"([A-Z]{2}):(\d+)",
        "AD:24 AE:23 AL:28 AT:20 AZ:28 BA:20 BE:16 BG:22 BH:22 BI:27 BR:29 BY:28 CH:21 CR:22 CY:28"
        " CZ:24 DE:22 DJ:27 DK:18 DO:28 EE:20 EG:29 ES:24 FI:18 FK:18 FO:18 FR:27 GB:22 GE:22"
        " GI:23 GL:18 GR:27 GT:28 HN:28 HR:21 HU:28 IE:22 IL:23 IQ:23 IS:26 IT:27 JO:30 KW:30"
        " KZ:20 LB:28 LC:32 LI:21 LT:20 LU:20 LV:21 LY:25 MC:27 MD:24 ME:22 MK:19 MN:20 MR:27"
        " MT:31 MU:30 NI:28 NL:18 NO:15 OM:23 PK:24 PL:28 PS:29 PT:25 QA:29 RO:24 RS:22 RU:33"
        " SA:24 SC:31 SD:18 SE:24 SI:19 SK:24 SM:27 SO:23 ST:25 SV:28 TL:23 TN:24 TR:26 UA:29"
        " VA:22 VG:24 XK:20 YE:30",
    )
}
IBAN_SHAPE = re.compile(r"[A-Z]{2}[0-9]{2}[A-Z0-9]+")
MAX_HOLDER = 70  # the beneficiary's name in a SEPA credit transfer (and its EPC QR code)
MAX_TYPED = 64  # more than any number or IBAN needs: what is longer is not one


@dataclass(frozen=True)
class PayMethod:
    """How one player is paid: ``account`` is the phone number in international form
    (+46701234567), a Swish number (1234567890) or an IBAN without spaces; ``holder`` is the
    name on the IBAN's account."""

    scheme: Scheme
    account: str = ""
    holder: str = ""

    @property
    def country(self) -> str:
        """The calling code of a phone number ("46"), or the IBAN's country ("SE")."""
        if self.scheme is Scheme.IBAN:
            return self.account[:2]
        return next((code for code in MOBILE if self.account.startswith("+" + code)), "")

    @property
    def shown(self) -> str:
        """The account as people write it: 070-123 45 67, 123 456 78 90, SE45 5000 …"""
        if self.scheme is Scheme.IBAN:
            return " ".join(self.account[i : i + 4] for i in range(0, len(self.account), 4))
        if not self.account.startswith("+"):  # a Swish number
            digits = self.account
            return f"{digits[:3]} {digits[3:6]} {digits[6:8]} {digits[8:]}"
        return shown_phone(self.country, self.account.removeprefix("+" + self.country))

    def as_json(self) -> dict[str, str]:
        return {"scheme": self.scheme.value, "account": self.account, "holder": self.holder}


CASH = PayMethod(Scheme.CASH)


def shown_phone(country: str, national: str) -> str:
    """A mobile number the way its country writes it."""
    if country == "46":
        return f"0{national[:2]}-{national[2:5]} {national[5:7]} {national[7:]}"
    if country == "45":
        return " ".join(national[i : i + 2] for i in range(0, 8, 2))
    if country == "358":
        return f"0{national[:2]} {national[2:]}"
    return f"{national[:3]} {national[3:6]} {national[6:]}"


def parse_method(scheme: str, account: str = "", holder: str = "") -> PayMethod:
    """How a player is paid, as a form posts it; a RuleError beside the field that is wrong."""
    try:
        chosen = Scheme(scheme)
    except ValueError:
        raise RuleError(N_("Choose how the player is paid."), field="scheme") from None
    typed = account.strip()
    if chosen is Scheme.CASH:
        return CASH
    if not typed:
        raise RuleError(N_("Enter the number to pay to, or choose cash."), field="account")
    if len(typed) > MAX_TYPED or has_control(typed):
        raise RuleError(N_("That is not a number a payment goes to."), field="account")
    if chosen is Scheme.IBAN:
        return PayMethod(chosen, parse_iban(typed), parse_holder(holder))
    return PayMethod(chosen, parse_phone(chosen, typed))


def parse_swish(typed: str) -> str:
    """A Swish number as it is, a Swedish mobile number in international form."""
    digits = SEPARATORS.sub("", typed)
    if SWISH_NUMBER.fullmatch(digits):
        return digits
    found = mobile_in(digits, ("46",))
    if found is None:
        raise RuleError(
            N_("Enter a Swedish mobile number (070-123 45 67) or a Swish number (123 456 78 90)."),
            field="account",
        )
    return found


# The countries whose mobile numbers MobilePay and Bizum pay to, and what is said of another.
PHONES = {
    Scheme.MOBILEPAY: (
        ("45", "358"),
        N_("Enter a Danish (20 12 34 56) or Finnish (040 1234567) mobile number."),
    ),
    Scheme.BIZUM: (("34",), N_("Enter a Spanish mobile number, such as 612 345 678.")),
}


def parse_phone(scheme: Scheme, typed: str) -> str:
    """A mobile number of a country the scheme pays in, in international form."""
    if scheme is Scheme.SWISH:
        return parse_swish(typed)
    countries, refusal = PHONES[scheme]
    found = mobile_in(SEPARATORS.sub("", typed), countries)
    if found is None:
        raise RuleError(refusal, field="account")
    return found


def mobile_in(digits: str, countries: tuple[str, ...]) -> str | None:
    """``+<country><number>`` for the first of ``countries`` whose mobile numbers ``digits``
    is one of: written with + or 00 and the country code, without the + (46701234567, as Swish
    writes it) or nationally (0701234567; Denmark and Spain have no leading 0).

    >>> mobile_in("0046701234567", ("46",)), mobile_in("0401234567", ("45", "358"))
    ('+46701234567', '+358401234567')
    """
    international = re.sub(r"^(\+|00)", "", digits)
    for country in countries:
        candidates = []
        if digits.startswith(("+", "00")) and international.startswith(country):
            candidates.append(international.removeprefix(country))
        elif digits.startswith(country):
            candidates.append(digits.removeprefix(country))
        if TRUNK_ZERO[country] and digits.startswith("0") and not digits.startswith("00"):
            candidates.append(digits[1:])
        elif not TRUNK_ZERO[country]:
            candidates.append(digits)
        for national in candidates:
            if MOBILE[country].fullmatch(national):  # ASCII digits only: no ² nor ٧
                return f"+{country}{national}"
    return None


def parse_iban(typed: str) -> str:
    """An IBAN without its spaces, in capitals, checked: its shape, its country's length and
    its check digits (ISO 7064 mod 97-10, which catches any one character wrong and any two
    neighbours swapped).

    >>> parse_iban("de89 3704 0044 0532 0130 00")
    'DE89370400440532013000'
    """
    iban = re.sub(r"\s", "", typed).upper()
    if not IBAN_SHAPE.fullmatch(iban):
        raise RuleError(
            N_("An IBAN starts with its country and two digits, such as SE45 5000 0000 …"),
            field="account",
        )
    length = IBAN_LENGTHS.get(iban[:2])
    if length is None:
        raise RuleError(N_("{country} is no country of IBANs."), field="account", country=iban[:2])
    if len(iban) != length:
        raise RuleError(
            N_("An IBAN of {country} has {length} characters; this one has {typed}."),
            field="account",
            country=iban[:2],
            length=length,
            typed=len(iban),
        )
    if iban_remainder(iban) != 1:
        raise RuleError(
            N_("This IBAN does not add up: a character is wrong, or two are swapped."),
            field="account",
        )
    return iban


def iban_remainder(iban: str) -> int:
    """The IBAN's remainder mod 97 (1 when its check digits are right): the first four
    characters moved to the end, each letter read as a number (A = 10 … Z = 35)."""
    moved = iban[4:] + iban[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97


def parse_holder(holder: str) -> str:
    """The name on the account, as a bank transfer carries it."""
    name = " ".join(holder.split())
    if not name:
        raise RuleError(N_("Enter the name on the account."), field="holder")
    if len(name) > MAX_HOLDER or has_control(name):
        raise RuleError(
            N_("At most {max} characters, letters and signs only."), field="holder", max=MAX_HOLDER
        )
    return name


def method_of(data: Mapping[str, str] | None) -> PayMethod:
    """A stored method (``PayMethod.as_json``) read back; anything unreadable is cash."""
    if not data:
        return CASH
    try:
        return parse_method(data["scheme"], data.get("account", ""), data.get("holder", ""))
    except (RuleError, KeyError, TypeError, AttributeError):
        return CASH
