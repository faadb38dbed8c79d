"""Rivals in a circle: how a player does against each other player (head-to-head), the one he
loses to most (his nemesis) and, where the sides are teams, the partner he wins with most.

Always one game at a time, never blended across games, and over the finished games only. Two
players meet in a game where both are on its result on different sides (in Mus: opposite sides,
never as partners); a game counts for the one of the two who won it (a winner the other is not),
for neither where both or neither won. A nemesis needs at least ``AT_LEAST`` games together and
at least one loss; a best partner at least ``AT_LEAST`` games as partners and a win together.

>>> from .evening import Outcome, Score
>>> def game(winner, *others):
...     scores = tuple(Score((who,), Fraction(0)) for who in (winner, *others))
...     return Played("plump", 1, (winner, *others), Outcome(True, (winner,), (), scores, "p"), {})
>>> games = [game("Bo", "Anna", "Cia"), game("Bo", "Anna"), game("Anna", "Bo"), game("Cia", "Anna")]
>>> [(m.other, m.games, m.won, m.lost) for m in head_to_head(games, "Anna", "plump")]
[('Bo', 3, 1, 2), ('Cia', 2, 0, 1)]
>>> nemesis(games, "Anna", "plump")
Nemesis(other='Bo', games=3, lost=2, new=False)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .stats import Played

AT_LEAST = 3  # games together before a nemesis or a best partner is named


@dataclass(frozen=True)
class Meeting:
    """A player against ``other`` in one game: the games they met in, and those each won."""

    other: str
    games: int
    won: int
    lost: int


@dataclass(frozen=True)
class Nemesis:
    """The opponent a player loses to most: the games together, those lost to him, and whether
    he has only just become it (another, or none, was before the player's last game)."""

    other: str
    games: int
    lost: int
    new: bool

    @property
    def rate(self) -> Fraction:
        return Fraction(self.lost, self.games)


@dataclass(frozen=True)
class Partnership:
    """A player with ``other`` on his side: the games together and those they won."""

    other: str
    games: int
    won: int

    @property
    def rate(self) -> Fraction:
        return Fraction(self.won, self.games)


def sides(game: Played) -> Iterator[tuple[str, ...]]:
    """The sides of a finished game's result (a substitute who gave up his seat is on none)."""
    if game.outcome.finished:
        yield from (score.who for score in game.outcome.scores)


def side_of(game: Played, name: str) -> tuple[str, ...] | None:
    return next((side for side in sides(game) if name in side), None)


def head_to_head(games: Sequence[Played], name: str, kind: str) -> tuple[Meeting, ...]:
    """``name`` against everyone he met in ``kind``: the most games together first."""
    met: dict[str, list[int]] = {}
    for game in games:
        mine = side_of(game, name) if game.kind == kind else None
        if mine is None:
            continue
        won = name in game.outcome.winners
        for side in sides(game):
            for other in side if side != mine else ():
                beat = game.outcome.winners and other in game.outcome.winners
                counts = met.setdefault(other, [0, 0, 0])
                counts[0] += 1
                counts[1] += won and not beat
                counts[2] += bool(beat) and not won
    meetings = [Meeting(other, *counts) for other, counts in met.items()]
    return tuple(sorted(meetings, key=lambda m: (-m.games, m.other)))


def worst(meetings: Sequence[Meeting]) -> Meeting | None:
    """The meeting lost most often, of those with enough games and a loss (more games together
    first where the rates are equal)."""
    found = [m for m in meetings if m.games >= AT_LEAST and m.lost]
    return min(found, key=lambda m: (-Fraction(m.lost, m.games), -m.games, m.other), default=None)


def nemesis(games: Sequence[Played], name: str, kind: str) -> Nemesis | None:
    """The opponent ``name`` loses to most in ``kind`` (None before anyone qualifies)."""
    now = worst(head_to_head(games, name, kind))
    if now is None:
        return None
    his = [n for n, game in enumerate(games) if game.kind == kind and side_of(game, name)]
    before = worst(head_to_head(games[: his[-1]], name, kind))
    return Nemesis(now.other, now.games, now.lost, before is None or before.other != now.other)


def partnerships(games: Sequence[Played], name: str, kind: str) -> tuple[Partnership, ...]:
    """``name`` with each partner he had in ``kind``: the most games together first."""
    together: dict[str, list[int]] = {}
    for game in games:
        mine = side_of(game, name) if game.kind == kind else None
        for other in mine or ():
            if other != name:
                counts = together.setdefault(other, [0, 0])
                counts[0] += 1
                counts[1] += name in game.outcome.winners
    found = [Partnership(other, *counts) for other, counts in together.items()]
    return tuple(sorted(found, key=lambda p: (-p.games, p.other)))


def best_partner(games: Sequence[Played], name: str, kind: str) -> Partnership | None:
    """The partner ``name`` wins with most often in ``kind``, of those with enough games and a
    win together."""
    found = [p for p in partnerships(games, name, kind) if p.games >= AT_LEAST and p.won]
    return min(found, key=lambda p: (-p.rate, -p.games, p.other), default=None)
