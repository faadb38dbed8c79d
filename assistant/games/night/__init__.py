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

Formats (``docs/night.md``): rounds at redrawn tables with rank points for Plump, Mulle and
Boodle (``points``); for Mus, pairs, by elimination "a N ceros" with groups A and B
(``elimination``), in blocks with promotion and relegation (``blocks``), or a league
(``league``).

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

from . import blocks, elimination, league, points
from .draw import Round, Table, table_sizes
from .people import Entrant, Roster, pair, player
from .results import TableResult, from_match, from_totals, places, table_points
from .rules import DrawMode, Format, NightRules, TieBreak, default_points
from .state import Night, Ranking, Standing, check_night

_FORMATS: dict[Format, tuple[Callable[[Night], Round], Callable[[Night], Ranking]]] = {
    Format.ROUNDS: (points.next_round, points.ranking),
    Format.ELIMINATION: (elimination.next_round, elimination.ranking),
    Format.BLOCKS: (blocks.next_round, blocks.ranking),
    Format.LEAGUE: (league.next_round, league.ranking),
}


def next_round(night: Night) -> Round:
    """The draw of the night's next round (store it as it is: it is never drawn again)."""
    return _FORMATS[night.rules.format][0](night)


def ranking(night: Night) -> Ranking:
    """The night's ranking, derived from its rounds and results as they are stored."""
    return _FORMATS[night.rules.format][1](night)


__all__ = [
    "DrawMode",
    "Entrant",
    "Format",
    "Night",
    "NightRules",
    "Ranking",
    "Roster",
    "Round",
    "Standing",
    "Table",
    "TableResult",
    "TieBreak",
    "check_night",
    "default_points",
    "from_match",
    "from_totals",
    "next_round",
    "pair",
    "places",
    "player",
    "ranking",
    "table_points",
    "table_sizes",
]
