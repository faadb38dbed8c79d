"""Progression, as at a whist drive: from round 2 on, a night of rounds makes its tables from
the places at the tables of the round before instead of drawing them anew (round 1 by lot).

* **The winner stays** (``DrawMode.STAY``): each table's winner stays at it; the others move on
  by their place, the 2nd one table, the 3rd two, the 4th three ... (after the last table, the
  first);
* **winners up, losers down** (``DrawMode.LADDER``): the better half of each table moves one
  table up (towards table 1), the worse half one down, the middle one of an odd table stays;
  at the top table its better half stays, at the bottom its worse half.

The tables keep the sizes the count of players gives (``draw.table_sizes``): where a table has
no seat left, one moves on to the next table with a free seat (the winner stays: the next
table on; up and down: the nearest). Who comes late, who is back from a bye and a winner whose
table is no more (fewer tables) take the seats left, by lot. The bye goes to those with the
fewest byes, the last of the worst places first; a place shared at a table counts the one
seated first there as the better.

>>> people = [Entrant((n,)) for n in "ABCDEFGH"]
>>> finish = [people[:4], people[4:]]  # two tables, each best first
>>> moved = move(finish, DrawMode.STAY, 2)
>>> [(str(e), t) for e, t in moved]
[('A', 0), ('E', 1), ('B', 1), ('F', 0), ('C', 0), ('G', 1), ('D', 1), ('H', 0)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .draw import Round, Table, choose_byes, lot, order_for, table_sizes
from .people import Entrant
from .results import TableResult, places
from .rules import DrawMode, Seats


def finishing(drawn: Round, results: Mapping[tuple[int, int], TableResult]) -> list[list[Entrant]]:
    """Each table of ``drawn``, its entrants best first (a shared place: in seating order)."""
    order = []
    for table in drawn.tables:
        where = places(results[(drawn.number, table.number)])
        order.append(sorted(table.seats, key=lambda e: (where[e], table.seats.index(e))))
    return order


def move(
    finish: Sequence[Sequence[Entrant]], mode: DrawMode, count: int
) -> list[tuple[Entrant, int]]:
    """Where each entrant of the tables before goes among ``count`` tables (0 the first), in
    the order they take their seats: those who stay first, then those who move, by place."""
    staying: list[tuple[Entrant, int]] = []
    moving: list[tuple[int, int, Entrant, int]] = []  # place, table before, who, table now
    last = len(finish) - 1
    for table, standing in enumerate(finish):
        size = len(standing)
        for place, entrant in enumerate(standing):
            if mode is DrawMode.STAY:
                target = table if place == 0 else (table + place) % count
            elif place < size // 2:
                target = max(table - 1, 0)
            elif place >= size - size // 2:
                target = min(table + 1, last)
            else:
                target = table
            if target == table and (mode is not DrawMode.STAY or place == 0):
                if table < count:
                    staying.append((entrant, table))
                continue
            moving.append((place, table, entrant, min(target, count - 1)))
    return staying + [(entrant, target) for _, _, entrant, target in sorted(moving, key=_by_place)]


def _by_place(item: tuple[int, int, Entrant, int]) -> tuple[int, int]:
    return item[0], item[1]


def _nearest(target: int, count: int, mode: DrawMode) -> Iterable[int]:
    """The tables to try from ``target``: on round (the winner stays), or the nearest first."""
    if mode is DrawMode.STAY:
        return ((target + step) % count for step in range(count))
    steps = (s for d in range(1, count) for s in (-d, d))
    return (t for t in (target, *(target + s for s in steps)) if 0 <= t < count)


def next_tables(
    number: int,
    previous: Round,
    results: Mapping[tuple[int, int], TableResult],
    present: Sequence[Entrant],
    seats: Seats,
    *,
    mode: DrawMode,
    seed: int,
    byes_so_far: Mapping[Entrant, int],
) -> Round:
    """Round ``number`` made from the places at the tables of ``previous``."""
    sizes = table_sizes(len(present), seats)
    here = set(present)
    finish = [[e for e in table if e in here] for table in finishing(previous, results)]
    moved = move(finish, mode, len(sizes))
    placed = {e for e, _ in moved}
    others = order_for([e for e in present if e not in placed], DrawMode.RANDOM, lot(seed, number))
    order = [*others, *(e for e, _ in moved)]  # the last of the worst places sits out first
    byes = choose_byes(order, len(present) - sum(sizes), byes_so_far)
    tables: list[list[Entrant]] = [[] for _ in sizes]
    for entrant, target in moved:
        if entrant not in byes:
            free = next(t for t in _nearest(target, len(sizes), mode) if len(tables[t]) < sizes[t])
            tables[free].append(entrant)
    for entrant in (e for e in others if e not in byes):
        free = next(t for t in range(len(sizes)) if len(tables[t]) < sizes[t])
        tables[free].append(entrant)
    return Round(number, tuple(Table(n, tuple(s)) for n, s in enumerate(tables, 1)), byes)
