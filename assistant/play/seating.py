"""The seating sketch: who sits where around the table and who deals next (Plump, Boodle; Mus
shows its two teams). The seats go clockwise round a 3×3 grid whose middle cell is the table;
each player keeps the colour of his seat (``p0`` … ``p7``), the same on the score strip, the
sheet and the chart."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# (row, column) of each seat in the 3×3 grid, clockwise from the top, for 2 to 8 players.
PLACES: dict[int, tuple[tuple[int, int], ...]] = {
    2: ((1, 2), (3, 2)),
    3: ((1, 2), (3, 3), (3, 1)),
    4: ((1, 2), (2, 3), (3, 2), (2, 1)),
    5: ((1, 2), (2, 3), (3, 3), (3, 1), (2, 1)),
    6: ((1, 1), (1, 3), (2, 3), (3, 3), (3, 1), (2, 1)),
    7: ((1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 1), (2, 1)),
    8: ((1, 1), (1, 2), (1, 3), (2, 3), (3, 3), (3, 2), (3, 1), (2, 1)),
}
COLOURS = 8  # --s0 … --s7 in app.css


@dataclass(frozen=True)
class Seat:
    name: str
    row: int
    column: int
    colour: int  # the player's colour: seat order, as the strip and the chart have it
    deals: bool
    first: bool  # bids or leads first in the deal to come


@dataclass(frozen=True)
class Sketch:
    seats: tuple[Seat, ...]
    first_says: str  # what the first player does: "bids first", "leads"


def sketch(
    players: Sequence[str],
    dealer: str,
    first: str = "",
    first_says: str = "",
    everyone: Sequence[str] = (),
) -> Sketch | None:
    """The seats of ``players`` in seating order, ``dealer`` and ``first`` marked; None for a
    table the grid has no places for. ``everyone``: all the game's players where ``players``
    are only those dealt in (each keeps the colour of his place among them).

    >>> [(s.name, s.row, s.column, s.deals) for s in sketch(["A", "B", "C"], "B").seats]
    [('A', 1, 2, False), ('B', 3, 3, True), ('C', 3, 1, False)]
    """
    places = PLACES.get(len(players))
    if places is None:
        return None
    colours = list(everyone or players)
    seats = tuple(
        Seat(name, row, column, colours.index(name) % COLOURS, name == dealer, name == first)
        for name, (row, column) in zip(players, places, strict=True)
    )
    return Sketch(seats, first_says)
