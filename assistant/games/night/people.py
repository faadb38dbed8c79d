"""Who is in a club night: its entrants (a player, or a Mus pair) and, between rounds, who
arrived late, who withdrew and who plays in a pair member's place.

>>> roster = Roster.of(["Anna", "Bo", "Cia"]).arrive(player("Dan"), 2)
>>> roster = roster.withdraw(player("Bo"), 3)
>>> [[e.names[0] for e in roster.in_round(n)] for n in (1, 2, 3)]
[['Anna', 'Bo', 'Cia'], ['Anna', 'Bo', 'Cia', 'Dan'], ['Anna', 'Cia', 'Dan']]

A pair keeps its place in the night when one of its members is replaced (the same member all
night: the other one stays):

>>> mus = Roster.of([["Ane", "Bea"], ["Carlos", "Dolores"]])
>>> mus = mus.substitute(pair("Ane", "Bea"), "Bea", "Zoe", 3)
>>> mus.names_in(pair("Ane", "Bea"), 2), mus.names_in(pair("Ane", "Bea"), 3)
(('Ane', 'Bea'), ('Ane', 'Zoe'))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from ..base import N_, RuleError, has_control
from ..names import has_invisible, same_name


@dataclass(frozen=True, order=True)
class Entrant:
    """One who is ranked in the night: a player (one name) or a Mus pair (two names, who play
    as partners all night). The pages say a pair with ``base.partners``."""

    names: tuple[str, ...]

    def __str__(self) -> str:
        return " & ".join(self.names)


def player(name: str) -> Entrant:
    return Entrant((name,))


def pair(first: str, second: str) -> Entrant:
    return Entrant((first, second))


@dataclass(frozen=True)
class Substitute:
    """From round ``round`` on, ``into`` plays in the place of ``out`` in the pair ``entrant``
    (its results stay the pair's)."""

    entrant: Entrant
    round: int
    out: str
    into: str


@dataclass(frozen=True)
class Roster:
    """The entrants in the order they were entered, the round each late arrival is first drawn
    in, the first round each withdrawn entrant is no longer drawn in, and the substitutes in
    the order they came."""

    entrants: tuple[Entrant, ...]
    arrivals: Mapping[Entrant, int] = field(default_factory=dict)
    withdrawals: Mapping[Entrant, int] = field(default_factory=dict)
    substitutes: tuple[Substitute, ...] = ()

    @classmethod
    def of(cls, names: Iterable[str | Sequence[str]]) -> Roster:
        """The entrants of a night from their names: a player's name, or a pair's two."""
        return cls(tuple(Entrant((e,) if isinstance(e, str) else tuple(e)) for e in names))

    def in_round(self, number: int) -> tuple[Entrant, ...]:
        """Who is drawn in round ``number``: arrived by then and not withdrawn before it."""
        return tuple(e for e in self.entrants if self.plays(e, number))

    def plays(self, entrant: Entrant, number: int) -> bool:
        arrived = self.arrivals.get(entrant, 1) <= number
        return arrived and number < self.withdrawals.get(entrant, number + 1)

    def arrive(self, entrant: Entrant, number: int) -> Roster:
        """``entrant`` comes late: drawn from round ``number`` on."""
        if entrant in self.entrants:
            raise RuleError(N_("{name} is already in the night"), name=str(entrant))
        arrivals = {**self.arrivals, entrant: number}
        return replace(self, entrants=(*self.entrants, entrant), arrivals=arrivals)

    def withdraw(self, entrant: Entrant, number: int) -> Roster:
        """``entrant`` leaves: no longer drawn from round ``number`` on (his results stay)."""
        if entrant not in self.entrants:
            raise RuleError(N_("{name} is not in the night"), name=str(entrant))
        return replace(self, withdrawals={**self.withdrawals, entrant: number})

    def substitute(self, entrant: Entrant, out: str, into: str, number: int) -> Roster:
        """``into`` plays for ``out`` in the pair ``entrant`` from round ``number`` on."""
        if entrant not in self.entrants:
            raise RuleError(N_("{name} is not in the night"), name=str(entrant))
        added = Substitute(entrant, number, out, into)
        roster = replace(self, substitutes=(*self.substitutes, added))
        check_substitutes(roster)
        return roster

    def names_in(self, entrant: Entrant, number: int) -> tuple[str, ...]:
        """The players of ``entrant`` in round ``number``: a pair's with its substitute."""
        names = list(entrant.names)
        for sub in self.substitutes:
            if sub.entrant == entrant and sub.round <= number:
                names[names.index(sub.out)] = sub.into
        return tuple(names)


# A room of 64 tables: the most a night takes, late arrivals too (every page of the night, the
# hall screen each of its TVs polls every second among them, is drawn for all of them).
MOST_ENTRANTS = 256


def check_roster(roster: Roster, *, pairs: bool) -> None:
    """At most ``MOST_ENTRANTS``, every entrant one player (two for a pair), every name given
    once in the night (two names that look alike are one), none empty, holding a control
    character or one that shows nothing."""
    if len(roster.entrants) > MOST_ENTRANTS:
        raise RuleError(N_("A night takes at most {most} entrants."), most=MOST_ENTRANTS)
    seen: set[str] = set()
    for entrant in roster.entrants:
        if len(entrant.names) != (2 if pairs else 1):
            raise RuleError(
                N_("{name}: a pair is two players") if pairs else N_("{name}: one player each"),
                name=str(entrant),
            )
        for name in entrant.names:
            if not name.strip() or has_control(name) or has_invisible(name):
                raise RuleError(N_("{name!r} is not a name"), name=name)
            if same_name(name) in seen:
                raise RuleError(N_("{name} is entered twice"), name=name)
            seen.add(same_name(name))
    check_substitutes(roster)
    for moves in (roster.arrivals, roster.withdrawals):
        for entrant, number in moves.items():
            if entrant not in roster.entrants or number < 1:
                raise RuleError(
                    N_("{name} cannot come or go in round {number}"),
                    name=str(entrant),
                    number=number,
                )


def check_substitutes(roster: Roster) -> None:
    """Each substitute of a pair, in the order of the rounds, plays for one who is in the pair
    then, always in the place of the same member (the other stays all night), with a name no
    one else in the night has."""
    owners = {name: e for e in roster.entrants for name in e.names}
    playing: dict[Entrant, list[str]] = {}
    seats: dict[Entrant, int] = {}
    since: dict[Entrant, int] = {}
    for sub in roster.substitutes:
        entrant = sub.entrant
        if len(entrant.names) != 2:
            raise RuleError(N_("{name}: only a pair's member is replaced"), name=str(entrant))
        names = playing.setdefault(entrant, list(entrant.names))
        seat = names.index(sub.out) if sub.out in names else None
        if seat is not None and seats.setdefault(entrant, seat) != seat:
            raise RuleError(N_("{pair} may replace one member only"), pair=str(entrant))
        if seat is None or sub.round <= since.get(entrant, 0):
            raise RuleError(
                N_("{name} does not play in {pair} in round {number}"),
                name=sub.out,
                pair=str(entrant),
                number=sub.round,
            )
        if owners.setdefault(sub.into, entrant) != entrant or sub.into in names:
            raise RuleError(N_("{name} cannot play for {out}"), name=sub.into, out=sub.out)
        if not sub.into.strip() or has_control(sub.into):
            raise RuleError(N_("{name!r} is not a name"), name=sub.into)
        names[seat] = sub.into
        since[entrant] = sub.round
