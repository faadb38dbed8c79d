"""The night's pages as plain values: each round's tables (who sits there, its link, its
progress and its result, whose result it is and what the organiser corrected), the byes, and
the ranking; the organiser's page, the hall screen and a table's phones read the same model."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..games import night
from ..i18n import gettext
from ..play.money import number
from .tables import Key, Tables

PAIRS = (night.Format.ELIMINATION, night.Format.BLOCKS, night.Format.LEAGUE, night.Format.BRACKET)


@dataclass(frozen=True)
class TableLine:
    round: int
    number: int
    group: str  # said in the reader's words: "Group A", "Losers' bracket" ...
    seats: tuple[str, ...]  # each entrant as he sits there (a pair with its substitute)
    entrants: tuple[str, ...]  # each entrant as the ranking names him, by seat
    link: str | None  # the started table's page: its game's, where its players play
    state: night.State
    deals: int
    of: int | None  # the deals in all, where the game knows them
    totals: tuple[str, ...]  # by seat, once its game is over (or the organiser's)
    first: tuple[bool, ...]  # by seat: first at the table
    sent_by: str
    confirmed_by: str
    history: tuple[tuple[str, ...], ...]  # the organiser's earlier results, by seat

    @property
    def key(self) -> Key:
        return self.round, self.number


@dataclass(frozen=True)
class RoundLine:
    number: int
    final: bool
    tables: tuple[TableLine, ...]
    byes: tuple[str, ...]

    @property
    def unfinished(self) -> tuple[TableLine, ...]:
        """Its tables whose result does not count yet."""
        return tuple(t for t in self.tables if not t.state.counted)


@dataclass(frozen=True)
class StandingLine:
    rank: int
    name: str
    points: str
    wins: int
    losses: int
    places: int
    group: str
    present: bool


@dataclass(frozen=True)
class NightView:
    rounds: tuple[RoundLine, ...]
    standings: tuple[StandingLine, ...]
    over: bool
    ended: bool  # ended early by the organiser
    winners: tuple[str, ...]
    b_winner: str
    pairs: bool  # a Mus night: pairs play matches (won and lost), no points nor places
    group_title: str  # the ranking's group column ("Group", "Block", "Bracket"), if any

    @property
    def current(self) -> RoundLine | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def waiting(self) -> bool:
        """A table of the last round still has no result that counts."""
        return bool(self.current and self.current.unfinished)

    def table(self, key: Key) -> TableLine | None:
        """Table ``key`` as drawn, if there is one."""
        if not 0 < key[0] <= len(self.rounds):
            return None
        return next((t for t in self.rounds[key[0] - 1].tables if t.number == key[1]), None)

    def next_seats(self, key: Key) -> list[tuple[str, int | None, str | None]]:
        """Where each entrant of table ``key`` sits in the round after it, once drawn: his
        table's number and link (None: he has the bye, or is out)."""
        if len(self.rounds) <= key[0]:
            return []
        here = next(t for t in self.rounds[key[0] - 1].tables if t.number == key[1])
        after = self.rounds[key[0]]
        found = {e: (t.number, t.link) for t in after.tables for e in t.entrants}
        return [
            (name, *found.get(entrant, (None, None)))
            for name, entrant in zip(here.seats, here.entrants, strict=True)
        ]


def group_title(fmt: night.Format) -> str:
    """The ranking's group column, where the format has one."""
    if fmt is night.Format.ELIMINATION:
        return gettext("Group")
    if fmt is night.Format.BLOCKS:
        return gettext("Block")
    return gettext("Bracket") if fmt is night.Format.BRACKET else ""


def group_label(fmt: night.Format, group: str) -> str:
    """A table's group as the reader says it ("Group A", "Losers' bracket")."""
    if fmt is night.Format.BRACKET:
        return {
            "W": gettext("Winners' bracket"),
            "L": gettext("Losers' bracket"),
            "F": gettext("Final"),
        }.get(group, group)
    if fmt is night.Format.BLOCKS and group:
        return gettext("Block %(name)s", name=group)
    return gettext("Group %(name)s", name=group) if group else ""


def standing_group(fmt: night.Format, group: str) -> str:
    """A pair's group in the ranking's narrow column, under its heading ("Bracket": "losers'")."""
    if group == "out":
        return gettext("out")
    if fmt is night.Format.BRACKET:
        return {"W": gettext("winners'"), "L": gettext("losers'"), "F": gettext("final")}[group]
    return group


def table_line(read: Tables, drawn: night.Table, key: Key, link: str | None) -> TableLine:
    progress = read.progress[key]
    result = progress.result
    places = night.places(result) if result else {}
    sides = read.sides(key)
    history = tuple(totals_of(r, drawn.seats) for r in read.history.get(key, [])[:-1])
    return TableLine(
        key[0],
        key[1],
        group_label(read.the_night.rules.format, drawn.group),
        tuple(" & ".join(side) for side in sides),
        tuple(str(e) for e in drawn.seats),
        link,
        progress.state,
        progress.deals,
        progress.of,
        totals_of(result, drawn.seats) if result else (),
        tuple(places.get(e) == 1 for e in drawn.seats),
        progress.sent_by,
        progress.confirmed_by,
        history,
    )


def totals_of(result: night.TableResult, seats: Sequence[night.Entrant]) -> tuple[str, ...]:
    return tuple(number(result.totals[e]) for e in seats)


def night_view(read: Tables, links: Mapping[Key, str]) -> NightView:
    """The pages' model from the night as read and the started tables' links."""
    the_night = read.the_night
    rounds = tuple(
        RoundLine(
            drawn.number,
            drawn.final,
            tuple(
                table_line(read, t, (drawn.number, t.number), links.get((drawn.number, t.number)))
                for t in drawn.tables
            ),
            tuple(" & ".join(the_night.roster.names_in(e, drawn.number)) for e in drawn.byes),
        )
        for drawn in the_night.rounds
    )
    ranked = night.ranking(the_night)
    fmt = the_night.rules.format
    return NightView(
        rounds,
        standings(ranked.standings, fmt),
        ranked.over,
        the_night.ended,
        tuple(str(e) for e in ranked.winners),
        str(ranked.b_winner or ""),
        fmt in PAIRS,
        group_title(fmt),
    )


def standings(lines: Sequence[night.Standing], fmt: night.Format) -> tuple[StandingLine, ...]:
    return tuple(
        StandingLine(
            s.rank,
            str(s.entrant),
            number(s.points),
            s.wins,
            s.losses,
            s.places,
            standing_group(fmt, s.group),
            s.present,
        )
        for s in lines
    )
