"""The evening at a table: what each game contributes, and one settle-up for all of them.

Each game says, through ``GameSpec.evening`` (an :class:`EveningRules`), what its replay comes
to: its result (:class:`Outcome`), the ways a stake can be put on it (:class:`Basis`: money per
point of difference, per game won, per chip ...), the counters its statistics add up and its
sheet as rows (for the CSV export). Nothing here knows a game by name.

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from .base import N_, Message
from .settle import Unit, settle

Tally = Mapping[str, Fraction]  # a player's counters in one game: {"deals": 19, "made": 11}


@dataclass(frozen=True)
class Basis:
    """One way of putting money on a game: ``units`` of a replay (per player, adding up to
    zero) times the stake is what each player wins (+) or owes (-).

    ``label`` is what the stake form offers, ``per`` follows the amount ("0.10 per point"),
    ``summary`` is the change log's sentence ({amount} filled in). ``shown`` ("{units} chips")
    says the units beside the money where they mean something to the table (Boodle's chips).
    """

    name: str
    label: str
    per: str
    summary: str
    units: Callable[[Any], Mapping[str, Fraction]]
    shown: str | None = None


@dataclass(frozen=True)
class Score:
    """One line of a game's result: a player (or a team) and his score."""

    who: tuple[str, ...]
    score: Fraction


@dataclass(frozen=True)
class Outcome:
    """What a game shows on the evening's page: finished or not, the winners (of a finished
    game) or the leaders, the scores best first, in ``unit`` ("points", "games won", "chips";
    ``signed``: shown as +8 / -7), and remarks ("Hundred club: Dan")."""

    finished: bool
    winners: tuple[str, ...]
    leaders: tuple[str, ...]
    scores: tuple[Score, ...]
    unit: str
    signed: bool = False
    remarks: tuple[Message, ...] = ()

    def ended(self) -> Outcome:
        """The game ended by the table before it finished by itself ("End the evening"; a
        Boodle session never finishes by itself): whoever leads as it stands has won."""
        if self.finished:
            return self
        return replace(self, finished=True, winners=self.leaders)


@dataclass(frozen=True)
class Sheet:
    """A game's sheet as a table: one row per round of the record (for a CSV file)."""

    columns: tuple[Message, ...]
    rows: tuple[tuple[str | int | None, ...], ...]


@dataclass(frozen=True)
class EveningRules:
    """What a game contributes to the evening and to its players' statistics.

    ``bases``: the ways a stake can be counted, the first is the default. ``stake_option``:
    the record's own option that holds the stake, if the game has one (Boodle's money per
    chip), else the stake is kept beside the record. ``tally(replay, player)``: the player's
    counters in the game, added up over many games; ``figures(counters)`` says them.
    """

    outcome: Callable[[Any], Outcome]
    bases: tuple[Basis, ...]
    tally: Callable[[Any, str], Tally]
    figures: Callable[[Tally], tuple[Message, ...]]
    sheet: Callable[[Any], Sheet]
    stake_option: str | None = None

    def basis(self, name: str | None) -> Basis:
        """The basis called ``name`` (the default for None); a KeyError if there is none."""
        if name is None:
            return self.bases[0]
        for basis in self.bases:
            if basis.name == name:
                return basis
        raise KeyError(name)


# --- points: a stake per point of difference -------------------------------------------------


def between_pairs(points: Mapping[str, int | Fraction]) -> dict[str, Fraction]:
    """Every pair of players settles the difference of their points: a player gets his points
    minus each other player's, n * his - the sum.

    >>> {k: int(v) for k, v in between_pairs({"Anna": 27, "Bo": 38, "Cia": 10, "Dan": 22}).items()}
    {'Anna': 11, 'Bo': 55, 'Cia': -57, 'Dan': -9}
    """
    total = sum((Fraction(value) for value in points.values()), Fraction(0))
    return {name: len(points) * Fraction(value) - total for name, value in points.items()}


def against_average(points: Mapping[str, int | Fraction]) -> dict[str, Fraction]:
    """Every player settles his points against the table's average.

    >>> against_average({"Anna": 10, "Bo": 20, "Cia": 0})
    {'Anna': Fraction(0, 1), 'Bo': Fraction(10, 1), 'Cia': Fraction(-10, 1)}
    """
    average = sum((Fraction(value) for value in points.values()), Fraction(0)) / len(points)
    return {name: Fraction(value) - average for name, value in points.items()}


def points_bases(points: Callable[[Any], Mapping[str, int | Fraction]]) -> tuple[Basis, ...]:
    """The two ways of a points game (Plump, Mulle): between every pair, or against the average.
    ``points`` gives each player's points, higher being better."""
    return (
        Basis(
            "pairs",
            N_("per point of difference, between every pair of players"),
            N_("per point of difference, between every pair"),
            N_("Stake set: {amount} per point of difference, between every pair of players."),
            lambda replay: between_pairs(points(replay)),
        ),
        Basis(
            "average",
            N_("per point above or below the table's average"),
            N_("per point against the average"),
            N_("Stake set: {amount} per point above or below the table's average."),
            lambda replay: against_average(points(replay)),
        ),
    )


def ranked(points: Mapping[str, int | Fraction], *, low_wins: bool = False) -> tuple[Score, ...]:
    """Every player's points, best first (ties in seating order)."""
    order = sorted(points, key=lambda name: points[name] if low_wins else -points[name])
    return tuple(Score((name,), Fraction(points[name])) for name in order)


def best(points: Mapping[str, int | Fraction], *, low_wins: bool = False) -> tuple[str, ...]:
    """The players with the best points (none without players)."""
    if not points:
        return ()
    top = min(points.values()) if low_wins else max(points.values())
    return tuple(name for name, value in points.items() if value == top)


def percent(part: Fraction, whole: Fraction) -> Fraction:
    """``part`` of ``whole`` in per cent (0 of nothing is 0)."""
    return Fraction(0) if not whole else 100 * Fraction(part) / whole


# --- the evening's settle-up -----------------------------------------------------------------


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
    already made are taken off (``outstanding``), and the fewest payments that settle that."""

    balances: Mapping[str, int]
    outstanding: Mapping[str, int]
    payments: tuple[Transfer, ...]
    games: tuple[GameMoney, ...]


def add_up(games: Iterable[GameMoney]) -> dict[str, Fraction]:
    """Every player's money over the games, exactly (players who won or lost nothing too)."""
    total: dict[str, Fraction] = {}
    for game in games:
        for name, value in game.money.items():
            total[name] = total.get(name, Fraction(0)) + value
    return total


def in_cents(balances: Mapping[str, Fraction]) -> dict[str, int]:
    """Each balance (adding up to zero) to whole cents, still adding up to zero: rounded down,
    then the cents missing go one each to the largest remainders (ties in the given order).

    >>> in_cents({"A": Fraction(1, 3), "B": Fraction(1, 3), "C": Fraction(-2, 3)})
    {'A': 34, 'B': 33, 'C': -67}
    >>> in_cents({"A": Fraction(1, 200), "B": Fraction(-1, 200)})
    {'A': 1, 'B': -1}
    """
    if sum(balances.values(), Fraction(0)) != 0:
        raise ValueError("balances must add up to zero")
    floors = {name: math.floor(value * 100) for name, value in balances.items()}
    missing = -sum(floors.values())
    by_remainder = sorted(balances, key=lambda name: -(balances[name] * 100 - floors[name]))
    for name in by_remainder[:missing]:
        floors[name] += 1
    return floors


def settle_evening(
    games: Sequence[GameMoney], paid: Sequence[tuple[str, str, int]] = ()
) -> EveningSettlement:
    """The evening settled: the games added up per player in cents, the ``paid`` payments
    (payer, payee, cents) taken off, the rest settled with the fewest payments."""
    balances = in_cents(add_up(games))
    outstanding = dict(balances)
    for payer, payee, cents in paid:
        outstanding[payer] = outstanding.get(payer, 0) + cents
        outstanding[payee] = outstanding.get(payee, 0) - cents
    settlement = settle(
        {name: Fraction(c, 100) for name, c in outstanding.items()}, unit=Unit.MONEY
    )
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
    return EveningSettlement(balances, outstanding, payments, tuple(games))


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
