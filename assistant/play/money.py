"""Money on the pages: amounts typed by the table (a stake) and amounts shown in the reader's
locale, with the evening's currency where the table chose one (``Table.currency``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from babel.lists import format_list
from babel.numbers import format_currency as babel_currency
from babel.numbers import is_currency
from flask_babel import format_decimal, get_locale
from flask_babel import lazy_gettext as _l

from ..games.base import N_, Message
from ..games.evening_money import EveningSettlement
from ..games.settle import round_half_up
from ..i18n import current_language, gettext

# The coins an evening's payments can be rounded to, in cents (1: to the cent).
COINS = (1, 5, 10, 20, 50, 100, 500, 1000)
LARGEST_STAKE = 100_000  # cents per unit: 1 000 a point is not a card table's stake
MINUS = "\u2212"
AMOUNT = re.compile(r"^\d{1,7}([.,]\d{1,2})?$")


class BadAmount(ValueError):
    """What is wrong with a typed amount, ready to show next to the field."""


def parse_cents(text: str | None) -> int | None:
    """``"0,50"`` or ``"0.5"`` → 50; ``""`` → None (no stake); anything else a BadAmount.

    >>> parse_cents("0,50"), parse_cents(" 2 "), parse_cents("")
    (50, 200, None)
    """
    text = (text or "").strip().replace(" ", "")
    if not text:
        return None
    if text.startswith(("-", MINUS)):
        raise BadAmount(_l("A stake cannot be negative: leave it empty for no stake."))
    if not AMOUNT.match(text):
        raise BadAmount(_l("Enter an amount such as 0.50 (at most two decimals)."))
    cents = int(Decimal(text.replace(",", ".")) * 100)
    if cents == 0:
        raise BadAmount(_l("A stake of nothing is no stake: leave it empty."))
    if cents > LARGEST_STAKE:
        raise BadAmount(
            _l(
                "At most %(most)s a unit: that is more than a card table plays for.",
                most=format_decimal(LARGEST_STAKE // 100),
            )
        )
    return cents


def typed(cents: int | None) -> str:
    """Cents as the stake form shows them, with the locale's decimal sign and no grouping
    (what ``parse_cents`` reads back): 50 → "0.50", or "0,50" in Swedish."""
    return "" if cents is None else str(format_decimal(Decimal(cents) / 100, format="0.00"))


def decimal_of(value: Fraction | int) -> Decimal:
    """``value`` rounded half up to the cent, as an exact Decimal."""
    rounded = round_half_up(Fraction(value), 2)
    return Decimal(rounded.numerator) / Decimal(rounded.denominator)


def money(value: Fraction | int, currency: str = "", *, cents: bool = False) -> str:
    """An amount in the reader's locale: "12.50", "SEK 12.50", "12,50 kr" (``cents``: the
    value counts cents)."""
    amount = decimal_of(Fraction(value, 100) if cents else value)
    if currency:  # the table's (ISO 4217), or the unit a game counts in ("kr")
        return in_unit(amount, currency)
    return str(format_decimal(amount, format="#,##0.00"))


def in_unit(amount: Decimal, unit: str, *, exact: bool = False) -> str:
    """An amount with the unit a table typed for it: a currency code ("SEK", "eur") the
    locale's way ("6,50 kr", "6,50 €"), any other unit ("kr", "€") after the number;
    ``exact`` keeps every decimal (a chip worth 0.125)."""
    code = unit.upper()
    if unit and is_currency(code):
        written = babel_currency(amount, code, locale=get_locale(), decimal_quantization=not exact)
        return str(written)
    text = str(format_decimal(amount, format="#,##0.00##" if exact else "#,##0.00"))
    return f"{text} {unit}" if unit else text


def signed_money(value: Fraction | int, currency: str = "", *, cents: bool = False) -> str:
    """With a plus for a gain and a true minus for a loss."""
    text = money(abs(Fraction(value)), currency, cents=cents)
    if value == 0:
        return text
    return ("+" if value > 0 else MINUS) + text


def number(value: Any) -> str:
    """A number from an engine (int, Fraction) in the reader's locale: 10/3 → "3.3"."""
    if type(value) is int and -1000 < value < 1000:
        return small_number(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(format_decimal(int(value)))
        return str(format_decimal(decimal_of(value).quantize(Decimal("0.1"))))
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        return str(format_decimal(value))
    return str(value)


def small_number(value: int) -> str:
    """An integer of at most three digits: only its minus sign is the locale's (the scores of
    a sheet are these; writing each through Babel cost a save some 2 %)."""
    if value >= 0:
        return str(value)
    locale = current_language()
    minus = MINUS_SIGNS.get(locale)
    if minus is None:
        minus = MINUS_SIGNS[locale] = str(format_decimal(-1)).removesuffix("1")
    return minus + str(-value)


MINUS_SIGNS: dict[str, str] = {}


def signed_number(value: Fraction | int) -> str:
    """A count with its sign: +8, −7, 0; a count split to the cent (Boodle's chips of a
    layout shared out) keeps its cents: −6.25."""
    if value == 0:
        return number(Fraction(0))
    size = abs(Fraction(value))
    written = (
        number(size) if size.denominator == 1 else format_decimal(decimal_of(size), "#,##0.##")
    )
    return ("+" if value > 0 else MINUS) + str(written)


def with_numbers(message: Message) -> Message:
    """The message with its numbers written for the reader's locale (a message in it, such as
    a team's names, is said as it is)."""
    params = {k: v if isinstance(v, Message) else number(v) for k, v in message.params.items()}
    return Message(message.template, params)


# How rounding to the coin moved a player's money: by whether the player receives or pays,
# and whether it is to the player's good.
ROUNDED = {
    (True, True): N_("%(name)s gets %(amount)s more"),
    (True, False): N_("%(name)s gets %(amount)s less"),
    (False, True): N_("%(name)s pays %(amount)s less"),
    (False, False): N_("%(name)s pays %(amount)s more"),
}


# ... of one who has nothing left to pay or get: settled by payments marked paid (whether he
# received or paid over the evening, and whether to his good) ...
SETTLED_ROUNDED = {
    (True, True): N_("%(name)s got %(amount)s more"),
    (True, False): N_("%(name)s got %(amount)s less"),
    (False, True): N_("%(name)s paid %(amount)s less"),
    (False, False): N_("%(name)s paid %(amount)s more"),
}
# ... or whose whole due the rounding took away (whether it was his to get).
ROUNDED_AWAY = {
    True: N_("%(name)s gets nothing: %(amount)s rounded away"),
    False: N_("%(name)s pays nothing: %(amount)s rounded away"),
}


def rounding_text(settlement: EveningSettlement, currency: str) -> str:
    """ "Rounded to 1.00 kr a payment: Cia pays 0.28 less, Anna gets 0.12 less, …": where the
    cents rounded away went, the largest first."""
    if not settlement.rounded:
        return ""
    moves = rounding_moves(settlement, lambda cents: money(cents, currency, cents=True))
    coin = money(settlement.coin, currency, cents=True)
    said = gettext("Rounded to %(coin)s a payment: %(moves)s.", coin=coin, moves=moves)
    return " ".join((said, *uneven_text(settlement)))


def rounding_moves(settlement: EveningSettlement, amount: Callable[[int], str]) -> str:
    """ "Cia pays 0.28 less, Anna gets 0.12 less, …": how rounding to the coin moved each
    player's money (``amount`` writes a number of cents), the largest first."""
    moved = sorted(settlement.rounded.items(), key=lambda item: -abs(item[1]))
    return ", ".join(
        gettext(rounding_move(settlement, name, cents), name=name, amount=amount(abs(cents)))
        for name, cents in moved
    )


def rounding_move(settlement: EveningSettlement, name: str, cents: int) -> str:
    """How rounding moved one player's money (``cents``: to his good when more than 0), said
    as what is left for him: a payment still to make or to get; nothing, his payments marked
    paid having settled him; or nothing, the rounding having taken his whole due away."""
    left = settlement.outstanding[name]
    exact = left - cents  # what was left for him before rounding (+: his to get)
    if left:
        return ROUNDED[exact > 0 or (exact == 0 and cents > 0), cents > 0]
    if exact != settlement.balances.get(name, 0):  # payments marked paid settled him
        return SETTLED_ROUNDED[settlement.balances.get(name, 0) > 0, cents > 0]
    return ROUNDED_AWAY[exact > 0]


def uneven_text(settlement: EveningSettlement) -> tuple[str, ...]:
    """For each group of players who came out alike but whom rounding could not treat alike:
    the sentence that says so, and whom it favours (the first of them at the table)."""
    return tuple(
        gettext(
            "%(names)s came out the same, but the rounding cannot treat them alike here: it"
            " favours %(first)s, the first of them at the table.",
            names=format_list(list(group), locale=get_locale()),
            first=group[0],
        )
        for group in settlement.uneven
    )
