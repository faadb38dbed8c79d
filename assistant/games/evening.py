"""The evening at a table: what each game contributes to it.

Each game says, through ``GameSpec.evening`` (an :class:`EveningRules`), what its replay comes
to: its result (:class:`Outcome`), the ways a stake can be put on it (:class:`Basis`: money per
point of difference, per game won, per chip ...), the counters its statistics add up and its
sheet as rows (for the CSV export). Nothing here knows a game by name.

The money those results come to, and the one settle-up for all the games: ``evening_money.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from .base import N_, Message

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
    ``signed``: shown as +8 / -7), remarks ("Hundred club: Dan"), and the deals the game has
    in all where it knows them (``planned``: a Plump game's 19; a club night's "deal 7 of
    19")."""

    finished: bool
    winners: tuple[str, ...]
    leaders: tuple[str, ...]
    scores: tuple[Score, ...]
    unit: str
    signed: bool = False
    remarks: tuple[Message, ...] = ()
    people: tuple[str, ...] = ()  # everyone who played in it, where not just its players
    planned: int | None = None

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

    def noted(self, notes: Sequence[Sequence[str]]) -> Sheet:
        """The sheet with a last column of each round's adjustments (``notes``: a list per
        row, from :func:`adjustment_note`), only where some round has one.

        >>> Sheet((Message("Deal"),), ((1,), (2,))).noted([[], ["Cia −10: revoke"]]).rows
        ((1, None), (2, 'Cia −10: revoke'))
        """
        if not any(notes):
            return self
        rows = tuple(
            (*row, "; ".join(said) or None) for row, said in zip(self.rows, notes, strict=True)
        )
        return Sheet((*self.columns, Message(N_("Adjustments"))), rows)


def adjustment_note(who: str, amount: int, reason: str) -> str:
    """An adjustment as a sheet notes it, the same in every language, the reason as the table
    gave it: who (a player, a team), the signed amount as paper writes it, why.

    >>> adjustment_note("Cia", -10, "revoke"), adjustment_note("Anna & Carla", 2, "señas")
    ('Cia −10: revoke', 'Anna & Carla +2: señas')
    """
    sign = f"+{amount}" if amount > 0 else f"−{-amount}"
    return f"{who} {sign}: {reason}"


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
