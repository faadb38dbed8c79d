"""The evening's money: what each game of the evening comes to, and one settle-up for them all.

Money is exact: a game's money is its units (they add up to zero) times the stake; the evening
adds every game up per player, rounds each player's total to the cent so that the cents still
add up to zero, takes off what has been paid already and settles the rest with the fewest
payments (``settle.py``). Each payment says which games it comes from.

>>> plump = GameMoney(1, "Plump", {"Anna": Fraction(3), "Bo": Fraction(-3)}, None, False)
>>> boodle = GameMoney(2, "Boodle", {"Anna": Fraction(-1), "Bo": Fraction(1)}, None, True)
>>> evening = settle_evening([plump, boodle])
>>> evening.balances, [(p.payer, p.payee, p.cents) for p in evening.payments]
({'Anna': 200, 'Bo': -200}, [('Bo', 'Anna', 200)])
>>> [(s.title, s.payer, s.payee) for s in evening.payments[0].sources]
[('Plump', Fraction(-3, 1), Fraction(3, 1)), ('Boodle', Fraction(1, 1), Fraction(-1, 1))]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .base import Message
from .settle import Unit, settle

# The currencies offered for an evening (ISO 4217); "" counts plain amounts.
CURRENCIES = ("", "SEK", "NOK", "DKK", "EUR", "GBP", "USD", "CHF", "ISK", "PLN")


@dataclass(frozen=True)
class GameMoney:
    """What one game of the evening comes to: ``money`` per player (adding up to zero; empty
    without a stake) and, where the table counts them, ``units`` (Boodle's chips); ``open``
    when the game was not finished (its points are counted as they stand)."""

    number: int  # its place in the evening, from 1
    title: str
    money: Mapping[str, Fraction]
    units: Mapping[str, Fraction] | None
    open: bool


@dataclass(frozen=True)
class Source:
    """One game a payment comes from: what the payer and the payee won (+) or lost (-) in it."""

    number: int
    title: str
    payer: Fraction
    payee: Fraction
    payer_units: Fraction | None = None
    payee_units: Fraction | None = None
    open: bool = False


@dataclass(frozen=True)
class Transfer:
    """A payment of the settle-up, in cents: ``payer`` pays ``payee``."""

    payer: str
    payee: str
    cents: int
    explanation: Message = field(default_factory=lambda: Message(""))
    sources: tuple[Source, ...] = ()


@dataclass(frozen=True)
class EveningSettlement:
    """Each player's result in cents (``balances``), what is left of it once the payments
    already made are taken off (``outstanding``), and the fewest payments that settle that.
    Settled in the table's ``coin``, ``rounded`` says by how many cents rounding moved each
    player's outstanding money (adding up to zero; none when nothing was rounded), and
    ``uneven`` the players who came out alike but whom rounding could not treat alike
    (``shared_out``: it favours the first of them at the table)."""

    balances: Mapping[str, int]
    outstanding: Mapping[str, int]
    payments: tuple[Transfer, ...]
    games: tuple[GameMoney, ...]
    coin: int = 1
    rounded: Mapping[str, int] = field(default_factory=dict)
    uneven: tuple[tuple[str, ...], ...] = ()


def add_up(games: Iterable[GameMoney]) -> dict[str, Fraction]:
    """Every player's money over the games, exactly (players who won or lost nothing too)."""
    total: dict[str, Fraction] = {}
    for game in games:
        for name, value in game.money.items():
            total[name] = total.get(name, Fraction(0)) + value
    return total


def in_cents(balances: Mapping[str, Fraction]) -> dict[str, int]:
    """Each balance (adding up to zero) to whole cents, still adding up to zero and each less
    than a cent away (``shared_out``: equal balances come out equal where they can).

    >>> in_cents({"A": Fraction(1, 3), "B": Fraction(1, 3), "C": Fraction(-2, 3)})
    {'A': 33, 'B': 33, 'C': -66}
    >>> in_cents({"A": Fraction(1, 200), "B": Fraction(-1, 200)})
    {'A': 1, 'B': -1}
    """
    if sum(balances.values(), Fraction(0)) != 0:
        raise ValueError("balances must add up to zero")
    return shared_out({name: value * 100 for name, value in balances.items()})[0]


def in_coins(cents: Mapping[str, int], coin: int) -> dict[str, int]:
    """Each amount in cents (adding up to zero) to a whole number of ``coin`` cents, still
    adding up to zero and each less than a coin away (``shared_out``).

    >>> in_coins({"Anna": 870, "Bo": 120, "Cia": -990}, 100)
    {'Anna': 900, 'Bo': 100, 'Cia': -1000}
    >>> in_coins({"Anna": 120, "Bo": -60, "Cia": 0, "Dan": -60}, 100)  # Bo and Dan alike
    {'Anna': 200, 'Bo': -100, 'Cia': 0, 'Dan': -100}
    """
    return to_coins(cents, coin)[0]


def to_coins(
    cents: Mapping[str, int], coin: int
) -> tuple[dict[str, int], tuple[tuple[str, ...], ...]]:
    """``in_coins``, and the groups of equal amounts it had to round apart (``shared_out``)."""
    if coin < 1:
        raise ValueError(f"a coin is at least a cent, not {coin}")
    if sum(cents.values()) != 0:
        raise ValueError("amounts must add up to zero")
    coins, split = shared_out({name: Fraction(value, coin) for name, value in cents.items()})
    return {name: count * coin for name, count in coins.items()}, split


def shared_out(
    values: Mapping[str, Fraction],
) -> tuple[dict[str, int], tuple[tuple[str, ...], ...]]:
    """Each value (adding up to zero) rounded down or up to a whole number, so that they still
    add up to zero: those with the largest remainders are rounded up, which keeps the rounding
    as small as it can be. Equal values are rounded alike: the whole of a group of equal values
    is rounded up or none of it, the choice that rounds least (``_alike``); only where no such
    choice adds up to zero is a group split, in the given order. Returns the whole numbers and
    the groups of equal values that had to be rounded apart (for the page to say so).

    >>> shared_out({"A": Fraction(1, 2), "B": Fraction(1, 2), "C": Fraction(-1, 2),
    ...             "D": Fraction(-1, 2)})
    ({'A': 1, 'B': 1, 'C': -1, 'D': -1}, ())
    >>> shared_out({"A": Fraction(1, 2), "B": Fraction(1, 2), "C": Fraction(-1)})
    ({'A': 1, 'B': 0, 'C': -1}, (('A', 'B'),))
    """
    floors = {name: math.floor(value) for name, value in values.items()}
    missing = -sum(floors.values())  # how many are rounded up
    groups: dict[Fraction, list[str]] = {}
    for name, value in values.items():
        if value != floors[name]:
            groups.setdefault(value, []).append(name)
    by_remainder = sorted(groups.values(), key=lambda names: floors[names[0]] - values[names[0]])
    up = _alike(by_remainder, values, floors, missing)
    split: tuple[tuple[str, ...], ...] = ()
    if up is None:  # no whole groups add up: the largest remainders, ties in the given order
        order = [name for names in by_remainder for name in names]
        up = set(order[:missing])
        split = tuple(tuple(g) for g in by_remainder if len(up.intersection(g)) not in (0, len(g)))
    return {name: floors[name] + (name in up) for name in values}, split


def _alike(
    groups: Sequence[Sequence[str]],
    values: Mapping[str, Fraction],
    floors: Mapping[str, int],
    missing: int,
) -> set[str] | None:
    """Whole groups to round up, ``missing`` players in all, their remainders the largest such
    a choice can have (a knapsack over the groups; a table has a few dozen players at most).
    None: no choice of whole groups makes ``missing``."""
    best: dict[int, tuple[Fraction, tuple[int, ...]]] = {0: (Fraction(0), ())}
    for index, names in enumerate(groups):
        gained = (values[names[0]] - floors[names[0]]) * len(names)
        for size, (score, chosen) in list(best.items()):
            grown = size + len(names)
            if grown <= missing and (grown not in best or score + gained > best[grown][0]):
                best[grown] = (score + gained, (*chosen, index))
    if missing not in best:
        return None
    return {name for index in best[missing][1] for name in groups[index]}


def settle_evening(
    games: Sequence[GameMoney],
    paid: Sequence[tuple[str, str, int]] = (),
    coin: int = 1,
    unit: Unit = Unit.MONEY,
) -> EveningSettlement:
    """The evening settled: the games added up per player in cents, the ``paid`` payments
    (payer, payee, cents) taken off, the rest rounded to the table's ``coin`` (in cents) and
    settled with the fewest payments. ``unit``: what the explanations call the amounts (a
    Boodle game without money settles its chips, in hundredths of a chip, the same way)."""
    balances = in_cents(add_up(games))
    exact_outstanding = dict(balances)
    for payer, payee, cents in paid:
        exact_outstanding[payer] = exact_outstanding.get(payer, 0) + cents
        exact_outstanding[payee] = exact_outstanding.get(payee, 0) - cents
    outstanding, uneven = to_coins(exact_outstanding, coin)
    rounded = {
        name: outstanding[name] - value
        for name, value in exact_outstanding.items()
        if outstanding[name] != value
    }
    settlement = settle({name: Fraction(c, 100) for name, c in outstanding.items()}, unit=unit)
    payments = tuple(
        Transfer(
            p.payer,
            p.payee,
            int(p.value * 100),
            p.explanation,
            sources_of(games, p.payer, p.payee),
        )
        for p in settlement.payments
    )
    return EveningSettlement(balances, outstanding, payments, tuple(games), coin, rounded, uneven)


def sources_of(games: Sequence[GameMoney], payer: str, payee: str) -> tuple[Source, ...]:
    """The games in which the payer or the payee won or lost money, in the evening's order."""
    found = []
    for game in games:
        lost, won = game.money.get(payer, Fraction(0)), game.money.get(payee, Fraction(0))
        if not lost and not won:
            continue
        units = game.units or {}
        found.append(
            Source(
                game.number,
                game.title,
                lost,
                won,
                units.get(payer) if game.units is not None else None,
                units.get(payee) if game.units is not None else None,
                game.open,
            )
        )
    return tuple(found)
