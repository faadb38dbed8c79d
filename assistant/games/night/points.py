"""A night of rounds at redrawn tables, or at tables made by progression from the round before
(``progression``), for Plump, Mulle and Boodle: each table's places give rank points, the night
ranks by points and then by the tie-breaks its rules name, and an optional final table of the
best K decides the top of the ranking (or, with ``final_adds``, adds its points as a round
does).

A bye is worth the average place of the likeliest table (``rules.bye_points``) and is neither
a table won nor a place.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..base import N_, RuleError
from . import progression
from .draw import Round, Table, draw_round, lot, order_for
from .people import Entrant
from .results import TableResult, places, table_points
from .rules import DrawMode, Seats, TieBreak, bye_points, points_of
from .state import (
    Night,
    Ranking,
    Standing,
    byes_so_far,
    check_night,
    check_played,
    decided,
    next_number,
    shared_ranks,
)


@dataclass(frozen=True)
class _Line:
    points: Fraction = Fraction(0)
    wins: int = 0
    places: int = 0
    played: int = 0
    byes: int = 0
    final: int | None = None


def _lines(
    night: Night, seats: Seats, results: dict[tuple[int, int], TableResult]
) -> dict[Entrant, _Line]:
    """Each entrant's points, wins, places, tables and byes, from the results in."""
    lines = {entrant: _Line() for entrant in night.roster.entrants}
    bye = bye_points(night.rules, seats)
    for entrant in (e for drawn in night.rounds for e in drawn.byes):
        line = lines[entrant]
        lines[entrant] = replace(line, points=line.points + bye, byes=line.byes + 1)
    for drawn, table, result in decided(night.rounds, results):
        _add_table(night, drawn, table, result, lines)
    return lines


def _add_table(
    night: Night, drawn: Round, table: Table, result: TableResult, lines: dict[Entrant, _Line]
) -> None:
    where = places(result)
    points = table_points(result, points_of(night.rules, len(table.seats)))
    for entrant in table.seats:
        line = lines[entrant]
        if drawn.final:
            line = replace(line, final=where[entrant])
        if not drawn.final or night.rules.final_adds:
            line = replace(
                line,
                points=line.points + points[entrant],
                wins=line.wins + (where[entrant] == 1),
                places=line.places + where[entrant],
                played=line.played + 1,
            )
        lines[entrant] = line


def _key(night: Night, line: _Line) -> tuple[Any, ...]:
    """What the night ranks by, smaller first: the final table's place where it decides,
    then points, then the tie-breaks in the order the rules name them."""
    decides = night.rules.final and not night.rules.final_adds and line.final is not None
    key: list[Any] = [0 if decides else 1, line.final if decides else 0, -line.points]
    for rule in night.rules.tie_breaks:
        if rule is TieBreak.WINS:
            key.append(-line.wins)
        elif rule is TieBreak.PLACES:
            key.append(line.places)
        else:  # a better place at the final table, those without one after them
            key.append(line.final if line.final is not None else night.rules.final + 1)
    return tuple(key)


def ranking(night: Night) -> Ranking:
    """The night's ranking from its results, best first (ties in the order of entry)."""
    seats, results = check_night(night)
    lines = _lines(night, seats, results)
    ranks = shared_ranks({entrant: _key(night, line) for entrant, line in lines.items()})
    coming = next_number(night)
    standings = tuple(
        Standing(
            entrant,
            ranks[entrant],
            line.points,
            line.wins,
            line.played - line.wins,
            line.played,
            line.byes,
            places=line.places,
            final=line.final,
            present=night.roster.plays(entrant, coming),
        )
        for entrant, line in sorted(lines.items(), key=lambda item: ranks[item[0]])
    )
    over = _over(night, results)
    winners = tuple(s.entrant for s in standings if s.rank == 1) if over else ()
    return Ranking(standings, over, winners)


def _over(night: Night, results: dict[tuple[int, int], TableResult]) -> bool:
    played = len(night.rounds) == night.rules.rounds + (1 if night.rules.final else 0)
    return played and all(
        (drawn.number, table.number) in results for drawn in night.rounds for table in drawn.tables
    )


def next_round(night: Night) -> Round:
    """The draw of the night's next round: a round of redrawn tables, or after the last one the
    final table of the best K (those still in the night; a tie for the last seat by lot)."""
    seats, results = check_night(night)
    check_played(night, results)
    number = next_number(night)
    rules = night.rules
    present = night.roster.in_round(number)
    ranks = ranking(night).ranks
    byes = byes_so_far(night)
    if number <= rules.rounds and rules.draw.progression and night.rounds:
        return progression.next_tables(
            number,
            night.rounds[-1],
            results,
            present,
            seats,
            mode=rules.draw,
            seed=rules.seed,
            byes_so_far=byes,
        )
    if number <= rules.rounds:
        mode = DrawMode.RANDOM if rules.draw.progression else rules.draw
        return draw_round(
            number, present, seats, mode, seed=rules.seed, ranks=ranks, byes_so_far=byes
        )
    if number == rules.rounds + 1 and rules.final:
        if len(present) < rules.final:
            raise RuleError(N_("too few players for a table: {count}"), count=len(present))
        order = order_for(present, DrawMode.RANKING, lot(rules.seed, number, "final"), ranks)
        return Round(number, (Table(1, tuple(order[: rules.final])),), final=True)
    raise RuleError(N_("the night is over"))
