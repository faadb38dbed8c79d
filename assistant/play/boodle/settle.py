"""Boodle's settle-up on its page: what is left on the layout shared out, then the fewest
payments, rounded as the evening's settle-up rounds them (to the table's coin, or to whole chips
without money), each explained, and the text to send."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from flask_babel import format_decimal

from ...games import boodle
from ...games.base import Message
from ...games.evening_money import EveningSettlement, GameMoney, Transfer, settle_evening
from ...games.settle import Unit, exact, round_half_up
from ...i18n import gettext, ngettext, say
from ..money import in_unit, number, rounding_moves, rounding_text, uneven_text


@dataclass(frozen=True)
class PaymentLine:
    payer: str
    payee: str
    chips: str
    money: str | None
    why: str  # the payment explained, its numbers written as the reader's language does
    count: int  # for "1 chip" / "2 chips" (2 for any fraction)
    cents: int | None = None  # the money paid, in cents (None: chips only): what a link pays


@dataclass(frozen=True)
class SettleView:
    payments: tuple[PaymentLine, ...]
    leftover: int  # chips still on the layout, shared equally first
    share: str
    nets: tuple[tuple[str, str | None, str | None], ...]  # name, chips, money (signed)
    rounding: str  # where rounding the payments to the coin (or whole chips) put the rest
    text: str  # the whole settle-up as plain text, to share
    chip_value: str | None  # money per chip, "0.50"


def chips_text(value: Fraction | int) -> str:
    """8 → "8"; 7/3 → "2.33" (in the reader's locale)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(format_decimal(int(value), format="#,##0"))
    return str(format_decimal(cents(value), format="#,##0.00"))


def money_amount(value: Fraction, currency: str = "") -> str:
    """An amount of money to the cent, with its unit: "6.50 kr"."""
    return in_unit(cents(value), currency)


def cents(value: Fraction) -> Decimal:
    """``value`` rounded half up to 0.01, as an exact Decimal."""
    rounded = round_half_up(value, 2)
    return Decimal(rounded.numerator) / Decimal(rounded.denominator)


# A Boodle game without money settles its chips as the evening settles money, in hundredths
# of a chip: its "coin" is one whole chip, since a chip cannot be split at the table.
WHOLE_CHIP = 100


def settle_view(replay: boodle.BoodleReplay, currency: str = "", coin: int = 1) -> SettleView:
    """The settle-up as the evening's settle-up makes it (``settle_evening``): with money on a
    chip, payments in money rounded to the table's ``coin`` (in cents); in chips only, payments
    in whole chips. Either way the page says where the remainder went; each player's money is
    the evening's, to the cent."""
    money = replay.options.chip_money
    balances = replay.settlement.balances  # the chips left on the layout shared out
    if money is None:
        game = GameMoney(1, "Boodle", balances, None, False)
        settled = settle_evening([game], coin=WHOLE_CHIP, unit=Unit.CHIPS)
        rounding = chip_rounding(settled)
    else:
        game = GameMoney(1, "Boodle", {n: v * money for n, v in balances.items()}, balances, False)
        settled = settle_evening([game], coin=coin)
        rounding = rounding_text(settled, currency)
    lines = tuple(payment_line(t, money, currency) for t in settled.payments)
    nets = tuple(
        (name, signed(value, chips_text(abs(value))), net_money(settled, name, money, currency))
        for name, value in balances.items()
    )
    leftover = sum(replay.layout.values()) + replay.pot
    share = chips_text(Fraction(leftover, len(replay.sharing)))
    text = share_text(replay, lines, leftover, share, rounding)
    value = (
        None
        if money is None
        else in_unit(Decimal(str(replay.options.chip_value)), currency, exact=True)
    )
    return SettleView(lines, leftover, share, nets, rounding, text, value)


def payment_line(transfer: Transfer, money: Fraction | None, currency: str) -> PaymentLine:
    """A payment of the settle-up in chips, and in money when a chip is worth some (its cents
    are then cents of money, explained in money; else hundredths of a chip)."""
    amount = Fraction(transfer.cents, 100)
    chips = amount if money is None else amount / money

    def written(value: Fraction) -> str:
        return chips_text(value) if money is None else money_amount(value, currency)

    return PaymentLine(
        transfer.payer,
        transfer.payee,
        chips_text(chips),
        None if money is None else written(amount),
        explained(transfer.explanation, written),
        1 if chips == 1 else 2,
        None if money is None else transfer.cents,
    )


def net_money(
    settled: EveningSettlement, name: str, money: Fraction | None, currency: str
) -> str | None:
    """A player's result in money as the payments settle it: to the cent (None: chips only)."""
    if money is None:
        return None
    result = Fraction(settled.balances[name], 100)
    return signed(result, money_amount(abs(result), currency))


def chip_rounding(settled: EveningSettlement) -> str:
    """ "Rounded to whole chips: Cia pays 0.25 chips less, …" (or "" when nothing moved)."""
    if not settled.rounded:
        return ""
    moves = rounding_moves(settled, lambda hundredths: chips_said(Fraction(hundredths, 100)))
    said = gettext("Rounded to whole chips: %(moves)s.", moves=moves)
    return " ".join((said, *uneven_text(settled)))


def chips_said(chips: Fraction) -> str:
    """ "1 chip", "0.25 chips", "3 chips"."""
    return ngettext(
        "%(chips)s chip", "%(chips)s chips", 1 if chips == 1 else 2, chips=chips_text(chips)
    )


AMOUNT_PARAMS = ("value", "lost", "won")  # the amounts in a payment's explanation


def explained(explanation: Message, write: Callable[[Fraction], str]) -> str:
    """A payment's explanation said in the reader's language, its amounts written as the
    payment's own heading writes them ("1,80" in Swedish, not the engine's 1.8)."""
    params = {
        key: write(exact(value)) if key in AMOUNT_PARAMS else value
        for key, value in explanation.params.items()
    }
    return say(replace(explanation, params=params))


def signed(value: Fraction, text: str | None) -> str | None:
    """``text`` (of ``abs(value)``) with a plus for a gain and a true minus for a loss."""
    if text is None or value == 0:
        return text
    return ("+" if value > 0 else "\u2212") + text


def share_text(
    replay: boodle.BoodleReplay,
    lines: tuple[PaymentLine, ...],
    leftover: int,
    share: str,
    rounding: str,
) -> str:
    """The settle-up as plain text for a message to the table."""
    names, deals = ", ".join(replay.players), len(replay.deals)
    out = [
        ngettext(
            "Boodle: %(names)s, %(num)s deal",
            "Boodle: %(names)s, %(num)s deals",
            deals,
            names=names,
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
        out += [payment_text(line), "  " + line.why]
    if rounding:
        out.append(rounding)
    return "\n".join(out)


def payment_text(line: PaymentLine) -> str:
    """One payment as the text says it: "Cia pays Anna 4 chips = 2.00"."""
    amount = ngettext("%(chips)s chip", "%(chips)s chips", line.count, chips=line.chips)
    if line.money is not None:
        amount = gettext("%(chips)s = %(money)s", chips=amount, money=line.money)
    return gettext(
        "%(payer)s pays %(payee)s %(amount)s", payer=line.payer, payee=line.payee, amount=amount
    )
