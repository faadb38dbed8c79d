"""What a circle's games add up to, read once per version of the circle: its evenings and games
as the statistics see them, what each player is owed, and its ratings.

An evening is kept by everything of its table, games and payments that can change it
(``looks``): one none of which changed is taken as kept, without reading its games again or
replaying them. The circle's version is its evenings' keys together; at the same version its
numbers are the kept ones, and at a new one its ratings are made from the kept ones
(``games/rating.rate`` takes their steps for as long as the games are the same: a change at the
last evening rates only the games from the changed one on). Kept in ``store/kept.py``, behind
its one switch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from sqlalchemy.orm import InstrumentedAttribute

from ..extensions import db
from ..games.rating import Rated, rate
from ..games.stats import Played
from ..games.tonight import CircleEvenings, Evening
from ..keeping import Kept, kept_if
from ..store import evening as evenings
from ..store.kept import kept
from ..store.models import Circle, Game, Payment, Table

Made = TypeVar("Made")
Look = tuple[Any, ...]
DERIVED = 128  # leagues as chosen and players' pages, in each language, kept per version


@dataclass(frozen=True)
class CircleNumbers:
    """A version of a circle: its evenings and games, its ratings, and what its pages derive
    from them, each made once (``derived``: a league as chosen, a player's rivals)."""

    evenings: CircleEvenings
    rated: Rated
    derived: Kept = field(default_factory=lambda: Kept(DERIVED), compare=False)

    def once(self, key: tuple[Any, ...], make: Callable[[], Made]) -> Made:
        """What ``make`` makes, made once for this version of the circle."""
        found: Made | None = self.derived.get(key)
        if found is None:
            found = make()
            self.derived.put(key, found)
        return found


def circle_numbers(circle: Circle) -> CircleNumbers:
    """The circle's numbers as they stand: the kept ones if nothing of it changed since."""
    keys = evening_keys(circle)
    key = (circle.id, circle.created)
    latest: tuple[tuple[Look, ...], CircleNumbers] | None = kept().circles.get(key)
    if latest is not None and latest[0] == keys:
        return latest[1]
    played = circle_evenings(keys)
    rated = rate(played.played, since=latest[1].rated if latest else None)
    numbers = CircleNumbers(played, rated, kept_if(kept().on, DERIVED))
    kept().circles.put(key, (keys, numbers))
    return numbers


def evening_keys(circle: Circle) -> tuple[Look, ...]:
    """Each evening of the circle, oldest first, by everything its numbers depend on: its
    table's row (``updated`` moves with every change of it), its place among the circle's
    evenings, each game's version (a change of its rounds, its stake or the evening's currency
    moves it on) and each payment, paid or not. Three light queries, whatever the number of
    evenings."""
    games = rows_by_table(circle, Game.table_id, Game.id, Game.version, Game.created, Game.finished)
    payments = rows_by_table(circle, Payment.table_id, Payment.id, Payment.cents, Payment.paid)
    tables = db.select(Table.id, Table.updated, Table.ended).where(Table.circle_id == circle.id)
    return tuple(
        (table, number, updated, ended, games.get(table, ()), payments.get(table, ()))
        for number, (table, updated, ended) in enumerate(
            db.session.execute(tables.order_by(Table.created, Table.id)), start=1
        )
    )


def rows_by_table(
    circle: Circle, table_id: InstrumentedAttribute[int], *columns: Any
) -> dict[int, tuple[Look, ...]]:
    """The ``columns`` of the rows of the circle's tables, by table, each table's in the order
    of their first column (their ids)."""
    query = db.select(table_id, *columns).join(Table, Table.id == table_id)
    found: dict[int, list[Look]] = {}
    for row in db.session.execute(query.where(Table.circle_id == circle.id)):
        found.setdefault(row[0], []).append(tuple(row[1:]))
    return {table: tuple(sorted(rows)) for table, rows in found.items()}


def circle_evenings(keys: tuple[Look, ...]) -> CircleEvenings:
    """The circle's evenings and games, an unchanged evening as it was kept."""
    loaded: list[Evening] = []
    played: list[Played] = []
    owed: dict[str, int] = {}
    for key in keys:
        found = kept().evenings.get(key)
        if found is None:
            table = db.session.get(Table, key[0])
            assert table is not None  # read in this same transaction
            found = evening_played(table, key[1])
            kept().evenings.put(key, found)
        evening, games = found
        loaded.append(evening)
        played += games
        for name, cents in evening.settlement.outstanding.items():
            owed[name] = owed.get(name, 0) + cents
    return CircleEvenings(tuple(loaded), tuple(played), owed)


def evening_played(table: Table, number: int) -> tuple[Evening, tuple[Played, ...]]:
    """The ``number``-th evening of a circle as the circle keeps it: its games as the
    statistics see them (each game's counters read from its replay here, once), and the
    evening without the replays."""
    evening = evenings.load_evening(table)
    day = table.created.date()
    played = []
    for result in evening.games:
        replay, seating = result.replay, result.played_by
        tallies = {name: result.spec.evening.tally(replay, name) for name in seating}
        played.append(
            Played(result.game.kind, number, seating, result.outcome, tallies, result.money, day)
        )
    light = replace(evening, games=tuple(replace(r, replay=None) for r in evening.games))
    return light, tuple(played)
