"""The night's page as plain values: each round's tables (who sits there, whether the table was
started, its result and whose it is), the byes, and the ranking; the hall screen reads the
same model."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..games import night
from ..play.money import number


@dataclass(frozen=True)
class TableLine:
    round: int
    number: int
    group: str
    seats: tuple[str, ...]
    token: str | None  # the started table's link, if it was started
    totals: tuple[str, ...]  # by seat, once the table has its result
    organiser: bool  # its result is the organiser's


@dataclass(frozen=True)
class RoundLine:
    number: int
    final: bool
    tables: tuple[TableLine, ...]
    byes: tuple[str, ...]


@dataclass(frozen=True)
class StandingLine:
    rank: int
    name: str
    points: str
    wins: int
    places: int
    group: str
    present: bool


@dataclass(frozen=True)
class NightView:
    rounds: tuple[RoundLine, ...]
    standings: tuple[StandingLine, ...]
    over: bool
    winners: tuple[str, ...]
    b_winner: str
    groups: bool  # the ranking has groups (a Mus elimination, blocks)

    @property
    def current(self) -> RoundLine | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def waiting(self) -> bool:
        """A table of the last round still has no result."""
        last = self.current
        return last is not None and any(not t.totals for t in last.tables)


def table_line(
    drawn: night.Table,
    number: int,
    results: Mapping[tuple[int, int], night.TableResult],
    tokens: Mapping[tuple[int, int], str],
) -> TableLine:
    result = results.get((number, drawn.number))
    totals = tuple(number_of(result, e) for e in drawn.seats) if result else ()
    return TableLine(
        number,
        drawn.number,
        drawn.group,
        tuple(str(e) for e in drawn.seats),
        tokens.get((number, drawn.number)),
        totals,
        bool(result and result.organiser),
    )


def number_of(result: night.TableResult, entrant: night.Entrant) -> str:
    return number(result.totals[entrant])


def night_view(the_night: night.Night, tokens: Mapping[tuple[int, int], str]) -> NightView:
    """The page's model from the night as read (every result in) and the started tables'
    links by (round, table)."""
    results = {(r.round, r.table): r for r in the_night.results}
    rounds = tuple(
        RoundLine(
            drawn.number,
            drawn.final,
            tuple(table_line(t, drawn.number, results, tokens) for t in drawn.tables),
            tuple(str(e) for e in drawn.byes),
        )
        for drawn in the_night.rounds
    )
    ranked = night.ranking(the_night)
    return NightView(
        rounds,
        standings(ranked.standings),
        ranked.over,
        tuple(str(e) for e in ranked.winners),
        str(ranked.b_winner or ""),
        the_night.rules.format in (night.Format.ELIMINATION, night.Format.BLOCKS),
    )


def standings(lines: Sequence[night.Standing]) -> tuple[StandingLine, ...]:
    return tuple(
        StandingLine(s.rank, str(s.entrant), number(s.points), s.wins, s.places, s.group, s.present)
        for s in lines
    )
