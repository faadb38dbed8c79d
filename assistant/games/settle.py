"""Settling up: from net balances to the fewest payments, each with a plain explanation.

Generic: it settles a Boodle game's chips as well as a whole evening's money across games.
Balances are exact (``int`` or ``Fraction``; a float is read as the decimal it prints as) and must
add up to zero. The fewest payments for n players with a non-zero balance is n minus the largest
number of groups the players can be split into so that each group's balances add up to zero: each
such group is settled inside itself with one payment fewer than it has players, and no settlement
can do better (the payments of any settlement link its players into groups that add up to zero).

>>> s = settle({"Anna": 8, "Bo": 5, "Cia": -13})
>>> [(p.payer, p.payee, p.value) for p in s.payments]
[('Cia', 'Anna', Fraction(8, 1)), ('Cia', 'Bo', Fraction(5, 1))]
>>> str(s.payments[0].explanation)
'Cia lost 13 chips; Anna won 8 of them and Bo the rest.'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from .base import N_, NN_, Message

Number = int | float | Fraction

# The bitmask search visits 2^n subsets; past this many non-zero balances (never at a card
# table) the payments are still correct but only at most n - 1, not guaranteed the fewest.
EXACT_LIMIT = 14


class Unit(Enum):
    """What the balances count: the explanations say "13 chips" or just "13.50"."""

    CHIPS = "chips"
    MONEY = "money"


class GroupShape(Enum):
    """How a zero-sum group looks; each shape has its own sentence."""

    PAIR = "pair"  # one loser pays one winner
    ONE_LOSER = "one-loser"  # one loser pays several winners
    ONE_WINNER = "one-winner"  # several losers pay one winner
    MIXED = "mixed"  # several of each


@dataclass(frozen=True)
class Payment:
    """``payer`` pays ``payee`` ``value`` (in the unit of the balances), and why."""

    payer: str
    payee: str
    value: Fraction
    explanation: Message


@dataclass(frozen=True)
class Settlement:
    """The balances settled, the zero-sum groups that need payments, and the payments.

    ``payments`` are sorted by payer, then payee; ``len(payments)`` is the fewest possible.
    """

    balances: Mapping[str, Fraction]
    groups: tuple[tuple[str, ...], ...]
    payments: tuple[Payment, ...]


def exact(value: Number) -> Fraction:
    """An exact Fraction; a float is taken as the decimal it prints as (0.1 → 1/10)."""
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"not a finite number: {value!r}")
        return Fraction(repr(value))
    return Fraction(value)


def share_leftover(balances: Mapping[str, Number], leftover: Number) -> dict[str, Fraction]:
    """Every balance plus an equal share of ``leftover`` (chips nobody has taken yet).

    >>> share_leftover({"Anna": -2, "Bo": -7, "Clara": -3}, 12)
    {'Anna': Fraction(2, 1), 'Bo': Fraction(-3, 1), 'Clara': Fraction(1, 1)}
    """
    share = exact(leftover) / len(balances)
    return {name: exact(value) + share for name, value in balances.items()}


def zero_sum_groups(balances: Mapping[str, Number]) -> list[tuple[str, ...]]:
    """The most groups of players whose balances add up to zero (players at zero left out).

    >>> zero_sum_groups({"A": 3, "B": -3, "C": 2, "D": -2, "E": 0})
    [('A', 'B'), ('C', 'D')]
    """
    values = {name: exact(v) for name, v in balances.items()}
    if sum(values.values()) != 0:
        raise ValueError(f"balances must add up to zero, not {sum(values.values())}")
    names = [name for name, v in values.items() if v != 0]
    if not names:
        return []
    if len(names) > EXACT_LIMIT:
        return [tuple(names)]
    scale = math.lcm(*(values[name].denominator for name in names))
    ints = [int(values[name] * scale) for name in names]
    return [tuple(names[i] for i in group) for group in _max_partition(ints)]


def _max_partition(values: Sequence[int]) -> list[list[int]]:
    """Split indexes 0..n-1 (values adding up to zero) into the most zero-sum groups.

    best[mask] is the most zero-sum prefixes of any ordering of ``mask``; cutting an optimal
    ordering at those prefixes gives the groups.
    """
    n = len(values)
    full = (1 << n) - 1
    total = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            top = max(top, best[mask ^ bit])
            rest ^= bit
        best[mask] = top + (total[mask] == 0)
    order: list[int] = []  # peeled off from the end of the ordering
    mask = full
    while mask:
        want = best[mask] - (total[mask] == 0)
        index = next(i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] == want)
        order.append(index)
        mask ^= 1 << index
    groups: list[list[int]] = []
    current: list[int] = []
    running = 0
    for index in reversed(order):
        current.append(index)
        running += values[index]
        if running == 0:
            groups.append(sorted(current))
            current = []
    return sorted(groups)


def minimum_payments(balances: Mapping[str, Number]) -> int:
    """The fewest payments that settle ``balances`` (which add up to zero).

    >>> minimum_payments({"A": 3, "B": -3, "C": 2, "D": -2})
    2
    """
    groups = zero_sum_groups(balances)
    return sum(len(group) - 1 for group in groups)


def settle(balances: Mapping[str, Number], *, unit: Unit = Unit.CHIPS) -> Settlement:
    """The fewest payments that settle ``balances`` (which must add up to zero exactly).

    Inside each zero-sum group the biggest loser pays the biggest winner as much as one of them
    needs, and so on: every payment settles at least one of the two, the last one both.
    """
    values = {name: exact(v) for name, v in balances.items()}
    groups = zero_sum_groups(values)
    payments: list[Payment] = []
    for group in groups:
        payments.extend(_settle_group(group, values, unit))
    payments.sort(key=lambda p: (p.payer, p.payee))
    return Settlement(values, tuple(groups), tuple(payments))


def _settle_group(
    group: Sequence[str], values: Mapping[str, Fraction], unit: Unit
) -> list[Payment]:
    losers = sorted((n for n in group if values[n] < 0), key=lambda n: (values[n], n))
    winners = sorted((n for n in group if values[n] > 0), key=lambda n: (-values[n], n))
    owed = {n: -values[n] for n in losers}
    due = {n: values[n] for n in winners}
    shape = _shape(len(losers), len(winners))
    payments = []
    i = j = 0
    while i < len(losers) and j < len(winners):
        payer, payee = losers[i], winners[j]
        value = min(owed[payer], due[payee])
        explanation = explain(shape, unit, payer, payee, value, values, losers, winners)
        payments.append(Payment(payer, payee, value, explanation))
        owed[payer] -= value
        due[payee] -= value
        i += owed[payer] == 0
        j += due[payee] == 0
    return payments


def _shape(losers: int, winners: int) -> GroupShape:
    if losers == 1:
        return GroupShape.PAIR if winners == 1 else GroupShape.ONE_LOSER
    return GroupShape.ONE_WINNER if winners == 1 else GroupShape.MIXED


# In chips each sentence counts one amount ("lost 1 chip", "won 8 chips": COUNTED), so that a
# chip's sentence has its plural; money is said as an amount ("lost 13.50").
_TEMPLATES: dict[tuple[GroupShape, Unit, bool], str | tuple[str, str]] = {
    (GroupShape.PAIR, Unit.CHIPS, False): NN_(
        "{payer} lost {value} chip and {payee} won it.",
        "{payer} lost {value} chips and {payee} won them.",
    ),
    (GroupShape.ONE_LOSER, Unit.CHIPS, False): NN_(
        "{payer} lost {lost} chip; {payee} won {value} of it and {other} the rest.",
        "{payer} lost {lost} chips; {payee} won {value} of them and {other} the rest.",
    ),
    (GroupShape.ONE_LOSER, Unit.CHIPS, True): NN_(
        "{payer} lost {lost} chip; {payee} won {value} of it and {count} other players the rest.",
        "{payer} lost {lost} chips; {payee} won {value} of them and {count} other players"
        " the rest.",
    ),
    (GroupShape.ONE_WINNER, Unit.CHIPS, False): NN_(
        "{payee} won {won} chip; {payer} lost {value} of it and {other} the rest.",
        "{payee} won {won} chips; {payer} lost {value} of them and {other} the rest.",
    ),
    (GroupShape.ONE_WINNER, Unit.CHIPS, True): NN_(
        "{payee} won {won} chip; {payer} lost {value} of it and {count} other players the rest.",
        "{payee} won {won} chips; {payer} lost {value} of them and {count} other players the rest.",
    ),
    (GroupShape.MIXED, Unit.CHIPS, False): NN_(
        "{payer} lost {lost} chip and {payee} won {won}; {payer} pays {value} of it to {payee},"
        " which settles {names} with the fewest payments.",
        "{payer} lost {lost} chips and {payee} won {won}; {payer} pays {value} of them to {payee},"
        " which settles {names} with the fewest payments.",
    ),
    (GroupShape.PAIR, Unit.MONEY, False): N_("{payer} lost {value} and {payee} won it."),
    (GroupShape.ONE_LOSER, Unit.MONEY, False): N_(
        "{payer} lost {lost}; {payee} won {value} of it and {other} the rest."
    ),
    (GroupShape.ONE_LOSER, Unit.MONEY, True): N_(
        "{payer} lost {lost}; {payee} won {value} of it and {count} other players the rest."
    ),
    (GroupShape.ONE_WINNER, Unit.MONEY, False): N_(
        "{payee} won {won}; {payer} lost {value} of it and {other} the rest."
    ),
    (GroupShape.ONE_WINNER, Unit.MONEY, True): N_(
        "{payee} won {won}; {payer} lost {value} of it and {count} other players the rest."
    ),
    (GroupShape.MIXED, Unit.MONEY, False): N_(
        "{payer} lost {lost} and {payee} won {won}; {payer} pays {value} of it to {payee},"
        " which settles {names} with the fewest payments."
    ),
}
COUNTED = {
    GroupShape.PAIR: "value",
    GroupShape.ONE_LOSER: "lost",
    GroupShape.ONE_WINNER: "won",
    GroupShape.MIXED: "lost",
}


def explain(
    shape: GroupShape,
    unit: Unit,
    payer: str,
    payee: str,
    value: Fraction,
    values: Mapping[str, Fraction],
    losers: Sequence[str],
    winners: Sequence[str],
) -> Message:
    """The sentence for one payment of a group of ``shape`` (numbers ready to print). A group
    of several losers and winners is named player by player, in the order of the balances: it
    may be some of the table only (another group, or a player already square)."""
    if shape is GroupShape.ONE_LOSER:
        others = [n for n in winners if n != payee]
    else:
        others = [n for n in losers if n != payer]
    many = shape in (GroupShape.ONE_LOSER, GroupShape.ONE_WINNER) and len(others) > 1
    amounts = {"value": value, "lost": -values[payer], "won": values[payee]}
    params = {
        "payer": payer,
        "payee": payee,
        **{key: to_number(amount) for key, amount in amounts.items()},
        "other": others[0] if others else "",
        "count": len(others),
        "names": ", ".join(n for n in values if n in losers or n in winners),
    }
    template = _TEMPLATES[shape, unit, many]
    if isinstance(template, tuple):
        singular, plural = template
        return Message(singular, params, plural, amounts[COUNTED[shape]])
    return Message(template, params)


def to_number(value: Fraction, places: int = 2) -> int | float:
    """For printing: a whole number as ``int``, anything else as a float rounded half up.

    >>> to_number(Fraction(8)), to_number(Fraction(47, 5)), to_number(Fraction(1, 8))
    (8, 9.4, 0.13)
    """
    if value.denominator == 1:
        return int(value)
    return float(round_half_up(value, places))


def round_half_up(value: Fraction, places: int = 2) -> Fraction:
    """``value`` rounded to ``places`` decimals, halves away from zero, exactly."""
    scale = 10**places
    magnitude = math.floor(abs(value) * scale + Fraction(1, 2))
    return Fraction(magnitude if value >= 0 else -magnitude, scale)
