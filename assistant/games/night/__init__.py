"""A club night: many tables in one room, one draw, one ranking on the hall screen.

The night is kept as plain values (:class:`Night`): its rules (:class:`NightRules`: the game,
the format, the draw, the rank points, the tie-breaks, the final table, the seed), who is in
it (:class:`Roster` of :class:`Entrant`, with late arrivals and withdrawals between rounds),
each round as it was drawn (:class:`Round` of :class:`Table`, with its byes) and the tables'
results (:class:`TableResult`: a game's final totals, ``from_totals``; a Mus match's games won,
``from_match``; ``organiser=True`` for a result the organiser entered). Everything else is
derived from them each time:

* :func:`next_round` ``(night) -> Round``: the draw of the next round, to be stored as it is
  (a RuleError: a table still without its result, too few for a table, the night is over);
* :func:`ranking` ``(night) -> Ranking``: every entrant's :class:`Standing`, best first,
  whether the night is over and who won it (group B's winner too);
* :func:`check_night` ``(night)``: a RuleError where the stored night does not hold together
  (a result for a table that was not drawn, or not of those who sat there; a name twice ...).

Between rounds the roster changes by ``Roster.arrive(entrant, round)`` and
``Roster.withdraw(entrant, round)`` (``round``: the next to be drawn); a result corrected is
the stored ``TableResult`` replaced. The seed is chosen once when the night is made (any whole
number; the same seed draws the same tables), the game's table sizes come from its
``GameSpec`` (``night_sizes``, ``night_pairs``, its player limits). A RuleError's message is an
``N_`` template, said in the reader's language as every engine's; its ``round`` names the
night's round.

Formats (``docs/night.md``): rounds with rank points for Plump, Mulle and Boodle, at redrawn
tables or by progression from the tables before (``points``, ``progression``); for Mus, pairs,
by elimination "a N ceros" with groups A and B (``elimination``), in blocks with promotion and
relegation (``blocks``), a league (``league``), or a winners' and losers' bracket
(``bracket``).

A table's result counts once confirmed by another side at the table, or as the organiser
entered it (``confirm``: each table's progress from its game and what its players said). The
organiser may end the night early (``Night.ended``): its ranking as it stands is final.

>>> night = Night(NightRules("plump", rounds=1), Roster.of([[n] for n in "ABCDEFG"]))
>>> drawn = next_round(night)
>>> [len(table.seats) for table in drawn.tables], drawn.byes
([4, 3], ())
>>> results = tuple(  # at each table the first seat wins, the others share the other places
...     TableResult(1, t.number, {e: int(e == t.seats[0]) for e in t.seats}) for t in drawn.tables
... )
>>> done = ranking(Night(night.rules, night.roster, (drawn,), results))
>>> done.over, [(s.rank, str(s.points)) for s in done.standings]
(True, [(1, '4'), (2, '3'), (3, '2'), (3, '2'), (3, '2'), (6, '3/2'), (6, '3/2')])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..base import N_, RuleError
from . import blocks, bracket, elimination, league, points
from .confirm import Play, Progress, Report, State, last_results, progress, report
from .draw import Round, Table, table_sizes
from .people import Entrant, Roster, Substitute, pair, player
from .results import TableResult, from_match, from_totals, places, table_points
from .rules import DrawMode, Format, NightRules, TieBreak, default_points
from .state import Night, Ranking, Standing, check_night

_FORMATS: dict[Format, tuple[Callable[[Night], Round], Callable[[Night], Ranking]]] = {
    Format.ROUNDS: (points.next_round, points.ranking),
    Format.ELIMINATION: (elimination.next_round, elimination.ranking),
    Format.BLOCKS: (blocks.next_round, blocks.ranking),
    Format.LEAGUE: (league.next_round, league.ranking),
    Format.BRACKET: (bracket.next_round, bracket.ranking),
}


def next_round(night: Night) -> Round:
    """The draw of the night's next round (store it as it is: it is never drawn again)."""
    if night.ended:
        raise RuleError(N_("the night is over"))
    return _FORMATS[night.rules.format][0](night)


def ranking(night: Night) -> Ranking:
    """The night's ranking, derived from its rounds and results as they are stored; a night
    the organiser ended early is over as it stands, won by those ranked first."""
    ranked = _FORMATS[night.rules.format][1](night)
    if night.ended and not ranked.over:
        first = tuple(line.entrant for line in ranked.standings if line.rank == 1)
        return replace(ranked, over=True, winners=first)
    return ranked


def unfinished(night: Night) -> tuple[Table, ...]:
    """The tables of the last round drawn without a result (what closing it now leaves)."""
    if not night.rounds:
        return ()
    last = night.rounds[-1]
    done = {result.table for result in night.results if result.round == last.number}
    return tuple(table for table in last.tables if table.number not in done)


__all__ = [
    "DrawMode",
    "Entrant",
    "Format",
    "Night",
    "NightRules",
    "Play",
    "Progress",
    "Ranking",
    "Report",
    "Roster",
    "Round",
    "Standing",
    "State",
    "Substitute",
    "Table",
    "TableResult",
    "TieBreak",
    "check_night",
    "default_points",
    "from_match",
    "from_totals",
    "last_results",
    "next_round",
    "pair",
    "places",
    "player",
    "progress",
    "ranking",
    "report",
    "table_points",
    "table_sizes",
    "unfinished",
]
