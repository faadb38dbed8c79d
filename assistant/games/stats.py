"""A circle's statistics: the games its players played over many evenings, added up.

Pure like the engines: the web layer hands in each game as :class:`Played` (its kind, evening,
outcome, each player's counters from the game's own ``EveningRules.tally`` and the money), and
gets back the league table of a game and a player's numbers; what the numbers mean is said by
each game's ``EveningRules.figures``.

>>> from .evening import Outcome
>>> won = Outcome(True, ("Bo",), ("Bo",), (), "points")
>>> games = [Played("plump", 1, ("Anna", "Bo"), won, {}, {"Anna": Fraction(-2), "Bo": Fraction(2)})]
>>> [(row.name, row.played, row.won, row.money) for row in league(games, "plump")]
[('Bo', 1, 1, Fraction(2, 1)), ('Anna', 1, 0, Fraction(-2, 1))]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from fractions import Fraction
from typing import Any

from .base import Message
from .evening import Outcome, Tally
from .spec import GameSpec


@dataclass(frozen=True)
class Played:
    """One game of the circle: its kind, the evening it was played at (evenings are numbered
    in the order they were played), its players, its outcome, each player's counters and money,
    and the day of its evening.
    """

    kind: str
    evening: int
    players: tuple[str, ...]
    outcome: Outcome
    tallies: Mapping[str, Tally]
    money: Mapping[str, Fraction] = field(default_factory=dict)
    day: date | None = None

    def won_by(self, name: str) -> bool:
        return self.outcome.finished and name in self.outcome.winners

    @property
    def size(self) -> int:
        """The players at the table: those on its result (a substitute's predecessor is not)."""
        return sum(len(score.who) for score in self.outcome.scores) or len(self.players)


ZERO = Fraction(0)
PERIODS = ("all", "year", "months")  # every game, this calendar year, the last twelve months


def period_start(period: str, today: date) -> date | None:
    """The first day of ``period`` (None: every game).

    >>> period_start("year", date(2024, 2, 29)), period_start("months", date(2024, 2, 29))
    (datetime.date(2024, 1, 1), datetime.date(2023, 3, 1))
    """
    if period == "year":
        return date(today.year, 1, 1)
    if period == "months":  # the days after the same day a year ago (28 February for the 29th)
        day = min(today.day, 28) if today.month == 2 else today.day
        return today.replace(year=today.year - 1, day=day) + timedelta(days=1)
    return None


def chosen(games: Sequence[Played], start: date | None, size: int | None) -> list[Played]:
    """The games played on ``start`` or after, at a table of ``size`` players (None: any)."""
    return [
        game
        for game in games
        if (start is None or (game.day is not None and game.day >= start))
        and (size is None or game.size == size)
    ]


@dataclass(frozen=True)
class LeagueRow:
    name: str
    played: int
    won: int
    money: Fraction

    @property
    def share(self) -> Fraction:
        """The part of his games he won (0 to 1)."""
        return Fraction(self.won, self.played) if self.played else Fraction(0)


def league(games: Sequence[Played], kind: str) -> tuple[LeagueRow, ...]:
    """The league table of one game: games played, won and the money won in them, per player;
    the most wins first, then the best share of wins, then the money."""
    rows: dict[str, list[int | Fraction]] = {}
    for game in games:
        if game.kind != kind:
            continue
        for name in game.players:
            row = rows.get(name) or rows.setdefault(name, [0, 0, ZERO])
            row[0] += 1
            row[1] += game.won_by(name)
            if name in game.money:  # a Fraction added costs more than the rest of the row
                row[2] += game.money[name]
    table = [LeagueRow(name, int(p), int(w), Fraction(m)) for name, (p, w, m) in rows.items()]
    return tuple(sorted(table, key=lambda r: (-r.won, -r.share, -r.money, r.name)))


@dataclass(frozen=True)
class KindSummary:
    """A player's numbers in one game: played, won, money and the game's own figures."""

    kind: str
    played: int
    won: int
    money: Fraction
    figures: tuple[Message, ...]


@dataclass(frozen=True)
class PlayerSummary:
    name: str
    evenings: tuple[int, ...]  # the evenings he played at, in order
    played: int
    won: int
    kinds: tuple[KindSummary, ...]  # in the order of the registry
    running: tuple[Fraction, ...]  # his money after each of his evenings, added up


def add_tallies(tallies: Sequence[Tally]) -> dict[str, Fraction]:
    """The counters of several games added up, counter by counter.

    >>> add_tallies([{"deals": Fraction(3)}, {"deals": Fraction(2), "made": Fraction(1)}])
    {'deals': Fraction(5, 1), 'made': Fraction(1, 1)}
    """
    total: dict[str, Fraction] = {}
    for tally in tallies:
        for key, value in tally.items():
            total[key] = total.get(key, Fraction(0)) + value
    return total


def summary(
    games: Sequence[Played], name: str, specs: Mapping[str, GameSpec[Any]]
) -> PlayerSummary:
    """Everything ``name`` played in ``games``: per game his figures, and his money evening by
    evening (``specs`` is the registry, in the order the games are shown)."""
    his = [game for game in games if name in game.players]
    evenings = tuple(sorted({game.evening for game in his}))
    kinds = []
    for kind, spec in specs.items():
        mine = [game for game in his if game.kind == kind]
        if not mine:
            continue
        counters = add_tallies([game.tallies.get(name, {}) for game in mine])
        kinds.append(
            KindSummary(
                kind,
                len(mine),
                sum(game.won_by(name) for game in mine),
                sum((game.money[name] for game in mine if name in game.money), ZERO),
                spec.evening.figures(counters),
            )
        )
    won_at = dict.fromkeys(evenings, ZERO)
    for game in his:
        if name in game.money:
            won_at[game.evening] += game.money[name]
    running: list[Fraction] = []
    so_far = ZERO
    for evening in evenings:
        so_far += won_at[evening]
        running.append(so_far)
    won = sum(game.won_by(name) for game in his)
    return PlayerSummary(name, evenings, len(his), won, tuple(kinds), tuple(running))
