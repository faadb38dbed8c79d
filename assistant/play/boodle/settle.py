"""Boodle's settle-up on its page: the fewest payments in chips (and money, at the chip's
value), each explained, what is left on the layout shared out, and the text to send."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from flask_babel import format_decimal

from ...games import boodle
from ...games.base import Message
from ...games.settle import exact, round_half_up
from ...i18n import gettext, ngettext, say
from ..money import in_unit, number


@dataclass(frozen=True)
class PaymentLine:
    payer: str
    payee: str
    chips: str
    money: str | None
    why: str  # the payment explained, its numbers written as the reader's language does
    count: int  # for "1 chip" / "2 chips" (2 for any fraction)


@dataclass(frozen=True)
class SettleView:
    payments: tuple[PaymentLine, ...]
    leftover: int  # chips still on the layout, shared equally first
    share: str
    nets: tuple[tuple[str, str | None, str | None], ...]  # name, chips, money (signed)
    text: str  # the whole settle-up as plain text, to share
    chip_value: str | None  # money per chip, "0.50"


def chips_text(value: Fraction | int) -> str:
    """8 → "8"; 7/3 → "2.33" (in the reader's locale)."""
    value = Fraction(value)
    if value.denominator == 1:
        return format_decimal(int(value), format="#,##0")
    return format_decimal(cents(value), format="#,##0.00")


def money_text(chips: Fraction, value: Fraction | None, currency: str = "") -> str | None:
    """The money for ``chips`` at ``value`` a chip, to the cent: "6.50 kr" (None: chips only)."""
    if value is None:
        return None
    return in_unit(cents(chips * value), currency)


def cents(value: Fraction) -> Decimal:
    """``value`` rounded half up to 0.01, as an exact Decimal."""
    rounded = round_half_up(value, 2)
    return Decimal(rounded.numerator) / Decimal(rounded.denominator)


def settle_view(replay: boodle.BoodleReplay, currency: str = "") -> SettleView:
    money = replay.options.chip_money
    settlement = replay.settlement
    leftover = sum(replay.layout.values()) + replay.pot
    lines = tuple(
        PaymentLine(
            p.payer,
            p.payee,
            chips_text(p.value),
            money_text(p.value, money, currency),
            explained(p.explanation),
            1 if p.value == 1 else 2,
        )
        for p in settlement.payments
    )
    nets = tuple(
        (
            name,
            signed(value, chips_text(abs(value))),
            signed(value, money_text(abs(value), money, currency)),
        )
        for name, value in settlement.balances.items()
    )
    share = chips_text(Fraction(leftover, len(replay.players)))
    text = share_text(replay, lines, leftover, share)
    value = (
        None
        if money is None
        else in_unit(Decimal(str(replay.options.chip_value)), currency, exact=True)
    )
    return SettleView(lines, leftover, share, nets, text, value)


CHIP_PARAMS = ("value", "lost", "won")  # the numbers of chips in a payment's explanation


def explained(explanation: Message) -> str:
    """A payment's explanation said in the reader's language, its chips written as the payment's
    own heading writes them ("1,80" in Swedish, not the engine's 1.8)."""
    params = {
        key: chips_text(exact(value)) if key in CHIP_PARAMS else value
        for key, value in explanation.params.items()
    }
    return say(Message(explanation.template, params))


def signed(value: Fraction, text: str | None) -> str | None:
    """``text`` (of ``abs(value)``) with a plus for a gain and a true minus for a loss."""
    if text is None or value == 0:
        return text
    return ("+" if value > 0 else "\u2212") + text


def share_text(
    replay: boodle.BoodleReplay, lines: tuple[PaymentLine, ...], leftover: int, share: str
) -> str:
    """The settle-up as plain text for a message to the table."""
    out = [
        gettext(
            "Boodle: %(names)s, %(n)s deals", names=", ".join(replay.players), n=len(replay.deals)
        )
    ]
    if leftover:
        out.append(
            ngettext(
                "%(chips)s chip still on the layout is shared: %(share)s each.",
                "%(chips)s chips still on the layout are shared: %(share)s each.",
                leftover,
                chips=number(leftover),
                share=share,
            )
        )
    if not lines:
        out.append(gettext("Nobody owes anybody anything."))
    for line in lines:
        amount = ngettext("%(chips)s chip", "%(chips)s chips", line.count, chips=line.chips)
        if line.money is not None:
            amount = gettext("%(chips)s = %(money)s", chips=amount, money=line.money)
        out.append(
            gettext(
                "%(payer)s pays %(payee)s %(amount)s",
                payer=line.payer,
                payee=line.payee,
                amount=amount,
            )
        )
        out.append("  " + line.why)
    return "\n".join(out)
