"""A table's result in the night: the final totals of its game (for Mus, the games each pair
won in its match), or a result the organiser entered for a table that did not report, marked as
such. Places and rank points are derived from it; entrants with equal totals share a place,
and the points of the places they share.

>>> a, b, c, d = (Entrant((name,)) for name in "ABCD")
>>> result = TableResult(1, 1, {a: 40, b: 25, c: 40, d: 12})
>>> [(str(e), place) for e, place in places(result).items()]
[('A', 1), ('B', 3), ('C', 1), ('D', 4)]
>>> from .rules import default_points
>>> [str(p) for p in table_points(result, default_points(4)).values()]
['7/2', '2', '7/2', '1']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..base import N_, RuleError
from .draw import Round
from .people import Entrant


@dataclass(frozen=True)
class TableResult:
    """The result of table ``table`` of round ``round``: every entrant's total (higher is
    better; ``low_wins`` where the game's lowest total wins, as kryp-mulle's). ``organiser``:
    entered by the organiser for a table that did not report, not by its game."""

    round: int
    table: int
    totals: Mapping[Entrant, Fraction | int]
    low_wins: bool = False
    organiser: bool = False


def from_totals(
    number: int,
    table: int,
    totals: Mapping[str, Fraction | int],
    *,
    low_wins: bool = False,
    organiser: bool = False,
) -> TableResult:
    """A table of players' result from its game's final totals, by player (the ``totals`` of
    ``score``; partners carry their team's)."""
    by_entrant = {Entrant((name,)): total for name, total in totals.items()}
    return TableResult(number, table, by_entrant, low_wins=low_wins, organiser=organiser)


def from_match(
    number: int, table: int, games_won: Mapping[Entrant, int], *, organiser: bool = False
) -> TableResult:
    """A Mus table's result: the games each pair won in its match."""
    return TableResult(number, table, dict(games_won), organiser=organiser)


def places(result: TableResult) -> dict[Entrant, int]:
    """Each entrant's place at the table, 1 the best; equal totals share the better place."""
    sign = 1 if result.low_wins else -1
    values = sorted(sign * Fraction(total) for total in result.totals.values())
    return {e: 1 + values.index(sign * Fraction(t)) for e, t in result.totals.items()}


def table_points(result: TableResult, scale: Sequence[Fraction]) -> dict[Entrant, Fraction]:
    """Each entrant's rank points at the table; a place shared by k entrants gives each the
    average of the k places' points (whatever order the table was written in, they sum to the
    same)."""
    where = places(result)
    points = {}
    for entrant, place in where.items():
        sharing = sum(1 for other in where.values() if other == place)
        points[entrant] = sum(scale[place - 1 : place - 1 + sharing], Fraction(0)) / sharing
    return points


def winners(result: TableResult) -> tuple[Entrant, ...]:
    """Who won the table (several on a shared first place)."""
    return tuple(e for e, place in places(result).items() if place == 1)


def results_by_table(
    rounds: Sequence[Round], results: Iterable[TableResult], *, need_winner: bool = False
) -> dict[tuple[int, int], TableResult]:
    """The results by (round, table), each checked against the table it is for: exactly the
    entrants who sat there, one result per table (``need_winner``: no shared first place)."""
    tables = {(r.number, t.number): t for r in rounds for t in r.tables}
    found: dict[tuple[int, int], TableResult] = {}
    for result in results:
        key = (result.round, result.table)
        table = tables.get(key)
        if table is None:
            raise RuleError(N_("there is no table {table}"), table=result.table, round=key[0])
        if key in found:
            raise RuleError(N_("table {table} has two results"), table=key[1], round=key[0])
        if set(result.totals) != set(table.seats) or not all(
            isinstance(total, int | Fraction) and not isinstance(total, bool)
            for total in result.totals.values()
        ):
            raise RuleError(
                N_("table {table}: a total for each entrant who sat there"),
                table=key[1],
                round=key[0],
            )
        if need_winner and len(winners(result)) > 1:
            raise RuleError(N_("table {table} needs a winner"), table=key[1], round=key[0])
        found[key] = result
    return found
