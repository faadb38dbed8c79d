"""A night as the organiser's phone keeps it: its rules, who is in it, each round as it was
drawn and the tables' results. Everything else (the ranking, the next draw, whether it is over)
is derived from these each time, never added up on the way.

>>> from .people import Roster
>>> night = Night(NightRules("plump"), Roster.of([["Anna"], ["Bo"], ["Cia"]]))
>>> next_number(night), byes_so_far(night)
(1, {})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .. import find_game
from ..base import N_, RuleError
from ..spec import GameSpec
from .draw import Round, Table
from .people import Entrant, Roster, check_roster
from .results import TableResult, results_by_table
from .rules import Format, NightRules, Seats, check_rules

KNOCKOUT = (Format.ELIMINATION, Format.BRACKET)  # formats a pair drops out of


@dataclass(frozen=True)
class Night:
    """The stored night: its rules, its roster, the rounds drawn and the results in;
    ``ended``: the organiser finished it early (its ranking as it stands is the night's)."""

    rules: NightRules
    roster: Roster
    rounds: tuple[Round, ...] = ()
    results: tuple[TableResult, ...] = ()
    ended: bool = False


@dataclass(frozen=True)
class Standing:
    """One entrant's line of the night's ranking. ``rank`` is shared by those tied on all the
    rules compare. ``points``: rank points (a round night) or matches won (Mus); ``wins``: the
    tables won; ``places``: the sum of places at the tables played; ``final``: the place at
    the final table; ``group``: "A", "B" or "out" in an elimination, the block in blocks."""

    entrant: Entrant
    rank: int
    points: Fraction
    wins: int
    losses: int
    played: int
    byes: int
    places: int = 0
    final: int | None = None
    group: str = ""
    present: bool = True  # drawn in the next round (not withdrawn)

    @classmethod
    def of_matches(
        cls, entrant: Entrant, rank: int, wins: int, losses: int, byes: int, **more: Any
    ) -> Standing:
        """A Mus pair's line: its points are the matches it won."""
        return cls(entrant, rank, Fraction(wins), wins, losses, wins + losses, byes, **more)


@dataclass(frozen=True)
class Ranking:
    """The night's ranking, best first; once ``over``, its ``winners`` (several on a shared
    first place of a round night or a league) and, in an elimination with a group B, that
    group's winner."""

    standings: tuple[Standing, ...]
    over: bool
    winners: tuple[Entrant, ...] = ()
    b_winner: Entrant | None = None

    @property
    def ranks(self) -> dict[Entrant, int]:
        return {line.entrant: line.rank for line in self.standings}


def spec_of(night: Night) -> GameSpec[Any]:
    return find_game(night.rules.game)


def check_night(night: Night) -> tuple[Seats, dict[tuple[int, int], TableResult]]:
    """The night holds together: its rules fit the game, its entrants are entered once, each
    round numbered in turn and drawn from those in it (each at one table or with the bye), each
    result of a table that was drawn. Its seats, and its results by (round, table)."""
    spec = spec_of(night)
    seats = check_rules(night.rules, spec)
    check_roster(night.roster, pairs=spec.night_pairs)
    for entrant, number in night.roster.arrivals.items():
        if night.rules.late and number > night.rules.late:
            raise RuleError(
                N_("{name} comes too late: the last round to join is {late}"),
                name=str(entrant),
                late=night.rules.late,
            )
    for number, drawn in enumerate(night.rounds, 1):
        everyone = [*drawn.seated, *drawn.byes]
        numbers = [table.number for table in drawn.tables]
        if drawn.number != number or numbers != list(range(1, len(numbers) + 1)):
            raise RuleError(N_("the round is not drawn right"), round=drawn.number)
        if len(set(everyone)) != len(everyone):
            raise RuleError(N_("the round is not drawn right"), round=drawn.number)
        present = set(night.roster.in_round(number))
        # in an elimination those who are out are drawn no more; to a final only the best
        whole = night.rules.format not in KNOCKOUT and not drawn.final
        if not set(everyone) <= present or (whole and set(everyone) != present):
            raise RuleError(N_("the round is not drawn from those in the night"), round=number)
    pairs = night.rules.format is not Format.ROUNDS
    return seats, results_by_table(night.rounds, night.results, need_winner=pairs)


def next_number(night: Night) -> int:
    return len(night.rounds) + 1


def check_played(night: Night, results: dict[tuple[int, int], TableResult]) -> None:
    """Every table drawn has its result: the next round can be drawn."""
    for drawn in night.rounds:
        for table in drawn.tables:
            if (drawn.number, table.number) not in results:
                raise RuleError(
                    N_("table {table} has no result yet"), table=table.number, round=drawn.number
                )


def decided(
    rounds: Sequence[Round], results: dict[tuple[int, int], TableResult]
) -> Iterator[tuple[Round, Table, TableResult]]:
    """Each table of ``rounds`` that has a result, with its round and that result."""
    for drawn in rounds:
        for table in drawn.tables:
            if (result := results.get((drawn.number, table.number))) is not None:
                yield drawn, table, result


def byes_so_far(night: Night) -> dict[Entrant, int]:
    """How many byes each entrant has had."""
    return dict(Counter(e for drawn in night.rounds for e in drawn.byes))


def shared_ranks(keys: dict[Entrant, tuple[Any, ...]]) -> dict[Entrant, int]:
    """Each entrant's rank by his key (smaller is better): 1 + the entrants strictly before
    him, so equal keys share a rank ("1, 2, 2, 4")."""
    values = sorted(keys.values())
    return {entrant: 1 + values.index(key) for entrant, key in keys.items()}
