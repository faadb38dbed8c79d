"""Who sits where: for a record and a round, who holds each seat, who is dealt in, in which
order, who deals and who is eldest hand (docs/records.md, "People come and go").

Every engine and every page asks :func:`seating`; none works a dealer out itself. A round may
leave players out (``"out": [...]``: not yet come, sitting out, or gone; Plump and Boodle) and
a seat may change hands (``"seats": {"Dan": "Eva"}``: a substitute, Mus); the engines say which
of the two a game allows (an unknown round field is theirs to refuse).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any

from .base import N_, Record, RuleError


class First(Enum):
    """What a record's first player is (the value is the record's field for him)."""

    DEALER = "first_dealer"  # he deals round 1 (Plump, Mulle, Boodle)
    ELDEST = "first_mano"  # he is eldest hand of round 1, the player before him deals (Mus)


@dataclass(frozen=True)
class Seating:
    """Who sits where in one round (a deal, a Mus hand): ``order`` is the players dealt in, in
    turn order from the eldest hand round to the dealer, who comes last; ``table`` is every
    seat's holder in seating order, dealt in or not. The eldest hand is the one after the
    dealer: he bids first in Plump, plays first in Mulle and Boodle, is mano in Mus.

    >>> s = seating(Record("plump", ("Anna", "Bo", "Cia"), "Anna"), 2)
    >>> s.dealer, s.eldest, s.order
    ('Bo', 'Cia', ('Cia', 'Anna', 'Bo'))
    """

    number: int  # the round, 1-based
    order: tuple[str, ...]
    table: tuple[str, ...] = ()  # every seat's holder (``order`` where left empty)

    @property
    def dealer(self) -> str:
        return self.order[-1]

    @property
    def eldest(self) -> str:
        return self.order[0]

    @property
    def seats(self) -> tuple[str, ...]:
        """Every seat's holder in seating order, dealt in this round or not."""
        return self.table or self.order

    @property
    def out(self) -> tuple[str, ...]:
        """The holders not dealt in this round, in seating order."""
        return tuple(p for p in self.seats if p not in self.order)


class Seated:
    """A round's result, or the round to come, read by its seats (``seats``, a dataclass field
    of the class it is mixed into): its number, who deals it and who is eldest hand. A game
    names them in its own words where it has them (``deal = Seated.number``, ``mano =
    Seated.eldest``)."""

    seats: Seating

    @property
    def number(self) -> int:
        return self.seats.number

    @property
    def dealer(self) -> str:
        return self.seats.dealer

    @property
    def eldest(self) -> str:
        return self.seats.eldest


def seating(
    record: Record,
    number: int,
    previous: Seating | None = None,
    *,
    first: First = First.DEALER,
    eldest: str | None = None,
) -> Seating:
    """Who is dealt in to round ``number`` of ``record`` (1-based; past its last round: the
    rounds the table plays next), in which order, who deals and who is eldest hand.

    * The seats: the record's players, each seat passing to a substitute from the round whose
      ``seats`` names one. Dealt in: the holders without the round's ``out``; past the record,
      those of its last round play on.
    * Round 1: ``record.first`` deals (``First.DEALER``; he must be dealt in) or is eldest hand
      (``First.ELDEST``).
    * A later round: the deal passes from the seat of the dealer of the round before
      (``previous``, which a replay has at hand) to the next seat dealt in; without
      ``previous`` it is counted from round 1 (so a round before it that named its own eldest
      hand is not seen: a caller that has the round before passes it).
    * ``eldest``: the round names its eldest hand itself (a Mus hand's ``mano``, mus corrido);
      the player before him deals, and the rounds after it go on from there.

    >>> record = Record("mus", ("Anna", "Ben", "Carla", "Dan"), "Anna")
    >>> seating(record, 1, first=First.ELDEST).dealer
    'Dan'
    >>> corrido = seating(record, 1, first=First.ELDEST, eldest="Carla")
    >>> seating(record, 2, corrido, first=First.ELDEST).eldest
    'Dan'
    >>> late = Record("plump", ("Anna", "Bo", "Cia", "Eva"), "Cia", {}, ({"out": ["Eva"]}, {}))
    >>> [seating(late, n).order for n in (1, 2)]
    [('Anna', 'Bo', 'Cia'), ('Anna', 'Bo', 'Cia', 'Eva')]
    """
    if previous is None or previous.number != number - 1:
        previous = None if number == 1 else _counted(record, number - 1, first)
    table = holders(record, number, previous.seats if previous else record.players)
    dealt_in = tuple(p for p in table if p not in left_out(record, number, table))
    if not dealt_in:
        raise RuleError(N_("nobody is dealt in"), round=_in_record(record, number))
    if eldest is None:
        dealer = _dealer(record, first, previous, table, dealt_in)
        eldest = _next_dealt_in(table, dealt_in, table.index(dealer))
    elif eldest not in dealt_in:
        raise RuleError(N_("{name!r} is not dealt in"), name=eldest, round=number)
    return _seated(number, dealt_in, table, eldest)


def _dealer(
    record: Record,
    first: First,
    previous: Seating | None,
    table: tuple[str, ...],
    dealt_in: tuple[str, ...],
) -> str:
    """Who deals: the next player dealt in after the dealer of the round before; in round 1
    the first dealer, or the player before the first eldest hand."""
    if previous is not None:
        return _next_dealt_in(table, dealt_in, previous.seats.index(previous.dealer))
    if first is First.ELDEST:
        # the first mano's seat, whoever holds it now (a substitute may take it in round 1)
        return _next_dealt_in(table, dealt_in, record.players.index(record.first) - 2)
    if record.first not in dealt_in:
        raise RuleError(N_("{name} deals round 1 but is not dealt in"), name=record.first, round=1)
    return record.first


def _counted(record: Record, number: int, first: First) -> Seating:
    """Round ``number``'s seating, counted from round 1 (one round at a time where someone
    came, went or sat out on the way)."""
    if not any(_changes_seats(raw) for raw in record.rounds[:number]):
        players = record.players
        dealer = record.first if first is First.DEALER else seat_after(players, record.first, -1)
        dealer = seat_after(players, dealer, number - 1)
        return _seated(number, players, players, seat_after(players, dealer))
    seats = seating(record, 1, first=first)
    for later in range(2, number + 1):
        seats = seating(record, later, seats, first=first)
    return seats


def _changes_seats(raw: Any) -> bool:
    return isinstance(raw, Mapping) and ("out" in raw or "seats" in raw)


def _next_dealt_in(table: Sequence[str], dealt_in: Sequence[str], seat: int) -> str:
    """The first holder after seat ``seat`` (wrapping) who is dealt in."""
    for step in range(1, len(table) + 1):
        holder = table[(seat + step) % len(table)]
        if holder in dealt_in:
            return holder
    raise AssertionError("someone is dealt in")  # seating() makes sure of it


@lru_cache(maxsize=4096)
def _seated(number: int, dealt_in: tuple[str, ...], table: tuple[str, ...], eldest: str) -> Seating:
    """The seating of a round, made once for every replay of a game (a replay asks it for
    every round, and a Plump deal's set-up is looked up by it)."""
    order = tuple(turn_order(dealt_in, eldest))
    return Seating(number, order, table)


def _in_record(record: Record, number: int) -> int | None:
    """``number`` if it is a round of the record (an error there names it), else None."""
    return number if number <= len(record.rounds) else None


def _round(record: Record, number: int) -> Mapping[str, Any]:
    """Round ``number`` of the record, or past its end its last round (which plays on)."""
    if not record.rounds:
        return {}
    raw = record.rounds[min(number, len(record.rounds)) - 1]
    return raw if isinstance(raw, Mapping) else {}


def left_out(record: Record, number: int, table: Sequence[str]) -> frozenset[str]:
    """The holders the round leaves out (its ``out``; past the record, the last round's)."""
    names = _round(record, number).get("out", [])
    at = _in_record(record, number) or len(record.rounds)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError(N_("out must be a list of names"), round=at)
    for name in names:
        if name not in table:
            raise RuleError(N_("out: {name!r} is not a player"), name=name, round=at)
    if len(set(names)) != len(names):
        raise RuleError(N_("out names a player twice"), round=at)
    return frozenset(names)


def holders(record: Record, number: int, before: tuple[str, ...]) -> tuple[str, ...]:
    """Every seat's holder in round ``number``, from those of the round before (``before``):
    a round's ``seats`` hands a seat from its holder to a name new to the game, or to one who
    gave his seat up and whom the round's ``back`` names (this project's extension of the
    format: the game says when he may come back)."""
    if number > len(record.rounds):
        return before
    changes = _round(record, number).get("seats")
    if changes is None:  # a ``back`` without ``seats`` is the game's to refuse (Mus) or not know
        return before
    back = returning(record, number, changes)
    if not isinstance(changes, Mapping) or not changes:
        raise RuleError(N_("seats must name a holder and who takes the seat"), round=number)
    table = list(before)
    for holder, newcomer in changes.items():
        if holder not in before:  # a seat taken in this very round changes hands only once
            raise RuleError(N_("seats: {name!r} holds no seat"), name=holder, round=number)
        if not isinstance(newcomer, str) or not newcomer.strip():
            raise RuleError(N_("seats: {name!r} needs a new holder"), name=holder, round=number)
        held = newcomer in everyone(record, before=number) and newcomer not in back
        if newcomer in table or held:
            raise RuleError(
                N_("seats: {name!r} has held a seat before"), name=newcomer, round=number
            )
        table[table.index(holder)] = newcomer
    return tuple(table)


def returning(record: Record, number: int, changes: Any) -> frozenset[str]:
    """Round ``number``'s ``back``: the names its ``seats`` give a seat again, each one who
    held a seat before it (``"back": ["Dan"]``)."""
    back = _round(record, number).get("back")
    if back is None:
        return frozenset()
    names = isinstance(back, list) and back and all(isinstance(n, str) for n in back)
    if not names or not isinstance(changes, Mapping):
        raise RuleError(N_("back must list who takes a seat again in seats"), round=number)
    for name in back:
        if name not in changes.values() or name not in everyone(record, before=number):
            raise RuleError(N_("back: {name!r} takes no seat again here"), name=name, round=number)
    return frozenset(back)


def everyone(record: Record, before: int | None = None) -> tuple[str, ...]:
    """Everyone who held a seat in the game (or in its rounds before round ``before``), the
    record's players first, then each substitute in the order they came."""
    names = list(record.players)
    for raw in record.rounds[: None if before is None else before - 1]:
        changes = raw.get("seats") if isinstance(raw, Mapping) else None
        if isinstance(changes, Mapping):
            names += [n for n in changes.values() if isinstance(n, str) and n not in names]
    return tuple(names)


def seats_at_the_end(record: Record) -> tuple[str, ...]:
    """Every seat's holder after the record's last round (a substitute in the seat he took)."""
    table = record.players
    for number in range(1, len(record.rounds) + 1):
        table = holders(record, number, table)
    return table


def seat_after(players: Sequence[str], player: str, steps: int = 1) -> str:
    """The player ``steps`` seats after ``player`` in turn order (wrapping)."""
    return players[(players.index(player) + steps) % len(players)]


def turn_order(players: Sequence[str], first: str) -> list[str]:
    """Every player once, starting with ``first``."""
    start = players.index(first)
    return [*players[start:], *players[:start]]
