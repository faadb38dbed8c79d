"""The draw of a round: how many tables of which size, who has the bye, who sits where.

A draw is made from the night's seed and the round's number alone (with the ranking so far,
where it draws by the ranking), so the same night draws the same tables; the night keeps each
round's draw as it was made, and later results never move a table already played.

>>> sizes = table_sizes(13, Seats((4, 5), 3, 7))
>>> sizes
(4, 4, 5)
>>> people = [Entrant((name,)) for name in "ABCDEFGHIJKLM"]
>>> ranks = {entrant: n for n, entrant in enumerate(people, 1)}
>>> drawn = draw_tables(1, people, sizes, DrawMode.RANKING, seed=7, ranks=ranks)
>>> [[str(e) for e in table.seats] for table in drawn]
[['A', 'B', 'C', 'D'], ['E', 'F', 'G', 'H'], ['I', 'J', 'K', 'L', 'M']]
>>> table_sizes(5, Seats((2,), 2, 2)), choose_byes(people[:5], 1, {people[4]: 1})
((2, 2), (Entrant(names=('D',)),))
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..base import N_, RuleError
from .people import Entrant
from .rules import DrawMode, Seats


@dataclass(frozen=True)
class Table:
    """A table of a round: its number (1-based in the round), who sits at it, in seating
    order, and the group it belongs to where the format has groups ("A", "B"; a block "1")."""

    number: int
    seats: tuple[Entrant, ...]
    group: str = ""


@dataclass(frozen=True)
class Round:
    """A round as drawn: its tables and who has the bye; ``final``: the final table."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[Entrant, ...] = ()
    final: bool = False

    @property
    def seated(self) -> tuple[Entrant, ...]:
        return tuple(e for table in self.tables for e in table.seats)


def table_sizes(count: int, seats: Seats) -> tuple[int, ...]:
    """The tables for ``count`` entrants: the fewest byes (``count`` minus their sum), then
    only the preferred sizes if they fit, the most of the likeliest size first; else the
    game's other sizes too, the nearest to the likeliest first."""
    likeliest = seats.preferred[0]
    others = sorted(range(seats.least, seats.most + 1), key=lambda n: (abs(n - likeliest), n))
    others = [*seats.preferred, *(n for n in others if n not in seats.preferred)]
    for byes in range(count):
        for sizes in (seats.preferred, others):
            found = _partition(count - byes, tuple(sizes))
            if found:
                return found
    what = N_("too few pairs for a table: {count}") if seats.pairs else None
    raise RuleError(what or N_("too few players for a table: {count}"), count=count)


def _partition(count: int, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """``count`` as a sum of ``sizes`` with the most of the first, then of the next ..."""
    if count == 0:
        return ()
    if not sizes:
        return None
    first, rest = sizes[0], sizes[1:]
    for many in range(count // first, -1, -1):
        found = _partition(count - many * first, rest)
        if found is not None:
            return (first,) * many + found
    return None


def lot(seed: int, number: int, group: str = "") -> random.Random:
    """The night's lot for round ``number`` (and a group of it): the same every time."""
    # Not a secret: a draw anyone can make again from the seed the night stores.
    return random.Random(f"{seed}:{number}:{group}")  # noqa: S311


def order_for(
    entrants: Sequence[Entrant],
    mode: DrawMode,
    rng: random.Random,
    ranks: Mapping[Entrant, int] | None = None,
) -> list[Entrant]:
    """The entrants in the order the draw seats them: by lot, then (by the ranking, or to
    spread it) best first by their ``ranks``, the lot breaking the ties."""
    order = list(entrants)
    rng.shuffle(order)
    if mode is not DrawMode.RANDOM and ranks:
        last = max(ranks.values()) + 1
        order.sort(key=lambda entrant: ranks.get(entrant, last))
    return order


def choose_byes(
    order: Sequence[Entrant], count: int, byes_so_far: Mapping[Entrant, int]
) -> tuple[Entrant, ...]:
    """Who sits out: those with the fewest byes so far, the last in the draw's order first
    (never a second bye while someone has had none)."""
    ranked = sorted(reversed(order), key=lambda e: byes_so_far.get(e, 0))
    return tuple(ranked[:count])


def draw_tables(
    first: int,
    entrants: Sequence[Entrant],
    sizes: Sequence[int],
    mode: DrawMode,
    *,
    seed: int,
    ranks: Mapping[Entrant, int] | None = None,
    number: int = 1,
    group: str = "",
) -> tuple[Table, ...]:
    """``entrants`` (no more than ``sizes`` seat) at tables numbered from ``first``: in turn
    (by lot or by the ranking: the best together) or dealt round the tables (the ranks
    spread), each table's seats in the draw's order."""
    order = order_for(entrants, mode, lot(seed, number, group), ranks)
    seated: list[list[Entrant]] = [[] for _ in sizes]
    if mode is DrawMode.SPREAD:
        table = 0
        for entrant in order:
            while len(seated[table]) == sizes[table]:
                table = (table + 1) % len(sizes)
            seated[table].append(entrant)
            table = (table + 1) % len(sizes)
    else:
        start = 0
        for n, size in enumerate(sizes):
            seated[n] = order[start : start + size]
            start += size
    return tuple(Table(first + n, tuple(seats), group) for n, seats in enumerate(seated))


def draw_round(
    number: int,
    entrants: Sequence[Entrant],
    seats: Seats,
    mode: DrawMode,
    *,
    seed: int,
    ranks: Mapping[Entrant, int] | None = None,
    byes_so_far: Mapping[Entrant, int] | None = None,
) -> Round:
    """Round ``number`` of ``entrants``: the tables, and the bye for those left over."""
    sizes = table_sizes(len(entrants), seats)
    order = order_for(entrants, mode, lot(seed, number, "byes"), ranks)
    byes = choose_byes(order, len(entrants) - sum(sizes), byes_so_far or {})
    playing = [e for e in entrants if e not in byes]
    tables = draw_tables(1, playing, sizes, mode, seed=seed, ranks=ranks, number=number)
    return Round(number, tables, byes)
