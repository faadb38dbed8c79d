"""The rules of a club night: its game and format, how tables are drawn, what a place at a
table is worth, how ties are broken, and the final table.

The rank points are said here once: a table of n gives n, n-1, ..., 1 (4-3-2-1 at a table of
four, 5-4-3-2-1 at five), because the totals of tables of different sizes cannot be compared.

>>> default_points(4)
(Fraction(4, 1), Fraction(3, 1), Fraction(2, 1), Fraction(1, 1))
>>> from .. import find_game
>>> seats_of(NightRules("plump"), find_game("plump"))
Seats(preferred=(4, 5), least=3, most=7, pairs=False)
>>> seats_of(NightRules("plump", sizes=(4,)), find_game("plump"))
Seats(preferred=(4,), least=4, most=4, pairs=False)
>>> seats_of(NightRules("mus", Format.ELIMINATION), find_game("mus"))
Seats(preferred=(2,), least=2, most=2, pairs=True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Any

from ..base import N_, RuleError
from ..spec import GameSpec


class Format(Enum):
    ROUNDS = "rounds"  # Plump, Mulle, Boodle: rounds at redrawn tables, rank points
    ELIMINATION = "elimination"  # Mus: out after N lost matches ("a 3 ceros"), groups A and B
    BLOCKS = "blocks"  # Mus: promotion and relegation between blocks of four pairs
    LEAGUE = "league"  # Mus: every pair meets every other once
    BRACKET = "bracket"  # Mus: a winners' and a losers' bracket, out after two lost matches


class DrawMode(Enum):
    RANDOM = "random"  # a lot drawn from the night's seed
    RANKING = "ranking"  # by the ranking so far: the best together
    SPREAD = "spread"  # the ranks spread over the tables: the best apart
    STAY = "stay"  # progression: the table's winner stays, the others move on by their place
    LADDER = "ladder"  # progression: the better half of a table up a table, the other down

    @property
    def progression(self) -> bool:
        """Round 2 on is drawn from the tables of the round before (a whist drive's way)."""
        return self in (DrawMode.STAY, DrawMode.LADDER)


class TieBreak(Enum):
    WINS = "wins"  # more tables won (a shared first place counts)
    PLACES = "places"  # a smaller sum of places at the tables played
    FINAL = "final"  # a better place at the final table (where its points add up)


@dataclass(frozen=True)
class NightRules:
    """What the organiser chose. ``sizes`` are the entrants a table has, the first the
    likeliest (none: the game's own, ``GameSpec.night_sizes``); ``points`` the rank points
    of a table by its size (missing sizes: :func:`default_points`); ``final`` the best K
    at a final table after the ``rounds`` (0: none), whose places decide the top K of the
    night, or with ``final_adds`` whose rank points add up as a round's do; ``losses`` the
    lost matches that put a Mus pair out ("a 3 ceros"), its first one into group B where
    ``b_group``. The draw is made from ``seed``: the same night draws the same tables.
    ``confirm``: a table's result counts once another side confirms it (else once its game is
    over); ``late``: the last round a late arrival may join (0: any); ``preset``: the game's
    rules at every table, one of its presets by name (none: its first, the standard)."""

    game: str
    format: Format = Format.ROUNDS
    seed: int = 0
    draw: DrawMode = DrawMode.RANDOM
    rounds: int = 3  # ROUNDS: the rounds before the final; BLOCKS: the stages of two rounds
    sizes: tuple[int, ...] = ()
    points: Mapping[int, tuple[Fraction, ...]] = field(default_factory=dict)
    tie_breaks: tuple[TieBreak, ...] = (TieBreak.WINS, TieBreak.PLACES)
    final: int = 0
    final_adds: bool = False
    losses: int = 3
    b_group: bool = True
    confirm: bool = True
    late: int = 0
    preset: str = ""


@dataclass(frozen=True)
class Seats:
    """The entrants at a table of a night: the sizes it draws, the likeliest first, and the
    least and most it may seat where those do not fit (the game's own limits, or those of the
    sizes the organiser chose); ``pairs``: an entrant is a pair (two players)."""

    preferred: tuple[int, ...]
    least: int
    most: int
    pairs: bool = False


def default_points(size: int) -> tuple[Fraction, ...]:
    """The rank points of a table of ``size``, first place first."""
    return tuple(Fraction(points) for points in range(size, 0, -1))


def points_of(rules: NightRules, size: int) -> tuple[Fraction, ...]:
    return rules.points.get(size) or default_points(size)


def bye_points(rules: NightRules, seats: Seats) -> Fraction:
    """What a bye is worth: the average place of the likeliest table (2.5 at 4-3-2-1), so that
    sitting out neither helps nor harms."""
    points = points_of(rules, seats.preferred[0])
    return sum(points, Fraction(0)) / len(points)


def seats_of(rules: NightRules, spec: GameSpec[Any]) -> Seats:
    """The night's table sizes, in entrants, checked against the game's player limits."""
    per = 2 if spec.night_pairs else 1
    least, most = spec.min_players // per, spec.max_players // per
    preferred = rules.sizes or tuple(size // per for size in spec.night_sizes)
    for size in preferred:
        if not least <= size <= most:
            raise RuleError(
                N_("{game} is played by {least} to {most} at a table, not {size}"),
                game=spec.title,
                least=least * per,
                most=most * per,
                size=size * per,
            )
    if rules.sizes:  # the organiser's choice: no table outside it
        least, most = min(preferred), max(preferred)
    return Seats(preferred, least, most, spec.night_pairs)


def check_rules(rules: NightRules, spec: GameSpec[Any]) -> Seats:
    """The rules fit the game: its format, its table sizes, the final table, the points."""
    seats = seats_of(rules, spec)
    if (rules.format is Format.ROUNDS) == spec.night_pairs:
        raise RuleError(N_("{game} has no night of this format"), game=spec.title)
    per = 2 if spec.night_pairs else 1
    if rules.final and not spec.min_players <= rules.final * per <= spec.max_players:
        raise RuleError(N_("a final table of {size} is not a table of this game"), size=rules.final)
    for size, points in rules.points.items():
        if len(points) != size or list(points) != sorted(points, reverse=True):
            raise RuleError(N_("a table of {size} needs {size} rank points, best first"), size=size)
    if rules.draw.progression and rules.format is not Format.ROUNDS:
        raise RuleError(N_("tables move on only in a night of rounds"))
    if rules.rounds < 1:
        raise RuleError(N_("a night needs at least one round"))
    elimination = rules.format is Format.ELIMINATION
    if elimination and not (1 + rules.b_group <= rules.losses <= 9):
        raise RuleError(N_("a pair is out after 1 to 9 lost matches, 2 or more with a group B"))
    if rules.preset and spec.options.preset(rules.preset) is None:
        raise RuleError(
            N_("{game} has no rules called {preset}"), game=spec.title, preset=rules.preset
        )
    if rules.late < 0:
        raise RuleError(N_("a late arrival's last round cannot be before the first"))
    return seats
