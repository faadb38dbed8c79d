"""A Mus night as a league: every pair meets every other once (a round-robin, the circle
method; with an odd count one pair has the bye each round, each pair once). The pairs rank by
matches won, then by games won minus games lost, then by games won. A league is drawn once
from the pairs of its first round (in an order by lot): a late pair cannot join it, and the
matches of a pair that withdrew give its opponents the bye.

>>> pairs = [Entrant((a, b)) for a, b in ("AB", "CD", "EF")]
>>> [[str(e) for e in match] for match in schedule(pairs)[0]]
[['A & B', 'None'], ['C & D', 'E & F']]
>>> len(schedule(pairs))
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..base import N_, RuleError
from .draw import Round, Table, lot, order_for
from .people import Entrant
from .results import TableResult, winners
from .rules import DrawMode
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

Match = tuple[Entrant | None, Entrant | None]  # None: the bye


def schedule(pairs: Sequence[Entrant]) -> list[list[Match]]:
    """Every round's matches: the first pair stays, the others move one place round."""
    circle: list[Entrant | None] = [*pairs, *([None] if len(pairs) % 2 else [])]
    rounds = []
    for _ in range(len(circle) - 1):
        half = len(circle) // 2
        rounds.append([(circle[n], circle[-1 - n]) for n in range(half)])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def _schedule(night: Night) -> list[list[Match]]:
    if night.roster.arrivals:
        raise RuleError(N_("a league takes no late arrivals"))
    first = night.roster.in_round(1)
    return schedule(order_for(first, DrawMode.RANDOM, lot(night.rules.seed, 0, "league")))


def _round(night: Night, number: int, matches: list[Match]) -> Round:
    tables: list[Table] = []
    byes: list[Entrant] = []
    for first, second in matches:
        here = [e for e in (first, second) if e is not None and night.roster.plays(e, number)]
        if len(here) == 2:
            tables.append(Table(len(tables) + 1, (here[0], here[1])))
        else:
            byes += here
    return Round(number, tuple(tables), tuple(byes))


def next_round(night: Night) -> Round:
    """The league's next round, as its schedule has it."""
    _, results = check_night(night)
    check_played(night, results)
    rounds = _schedule(night)
    number = next_number(night)
    if number > len(rounds):
        raise RuleError(N_("the night is over"))
    return _round(night, number, rounds[number - 1])


@dataclass(frozen=True)
class _Pair:
    wins: int = 0
    losses: int = 0
    games_won: int = 0
    games_lost: int = 0
    byes: int = 0


def _tally(night: Night, results: dict[tuple[int, int], TableResult]) -> dict[Entrant, _Pair]:
    byes = byes_so_far(night)
    pairs = {entrant: _Pair(byes=byes.get(entrant, 0)) for entrant in night.roster.entrants}
    for _drawn, _table, result in decided(night.rounds, results):
        won = winners(result)
        total = sum(int(games) for games in result.totals.values())
        for entrant, games in result.totals.items():
            pair = pairs[entrant]
            pairs[entrant] = replace(
                pair,
                wins=pair.wins + (entrant in won),
                losses=pair.losses + (entrant not in won),
                games_won=pair.games_won + int(games),
                games_lost=pair.games_lost + total - int(games),
            )
    return pairs


def ranking(night: Night) -> Ranking:
    """The league table; once every match is played, its winners (rank 1)."""
    _, results = check_night(night)
    pairs = _tally(night, results)
    ranks = shared_ranks(
        {e: (-p.wins, p.games_lost - p.games_won, -p.games_won) for e, p in pairs.items()}
    )
    coming = next_number(night)
    standings = tuple(
        Standing.of_matches(
            e, ranks[e], p.wins, p.losses, p.byes, present=night.roster.plays(e, coming)
        )
        for e, p in sorted(pairs.items(), key=lambda item: ranks[item[0]])
    )
    played = all((r.number, t.number) in results for r in night.rounds for t in r.tables)
    over = played and len(night.rounds) == len(_schedule(night))
    return Ranking(
        standings, over, tuple(s.entrant for s in standings if s.rank == 1) if over else ()
    )
