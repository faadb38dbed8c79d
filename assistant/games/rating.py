"""A circle's ratings: who is really the strongest at each game, from its finished games in the
order they were played, by the Weng-Lin method (the ``openskill`` library's Plackett-Luce
model, the same maths on the server and on the phone).

Every finished game rates its sides by their places in the game's own result (its winners
first, then the scores as the game ranks them, equal scores sharing a place): in Plump and in
Mulle alone each player is a side; in Boodle the chips decide; where the sides are teams (Mus,
Mulle in partnerships) a person is rated as a member of his team, and the partnership is rated
as one beside it, against the other partnerships. A player dealt fewer deals than the game had
(he came late or left early) counts as the library's partial play: a weight between 1 and 2,
the fewer deals the higher, so that a place he owes to his absence moves him less and a place
won in spite of it moves him more.

A rating is a pure function of the games: ``rate`` replays them all, or takes the steps of an
earlier rating (``since``) for as long as its games are the same and replays the rest, so that a
correction, a deletion or a game moved to another evening changes every later rating exactly.

>>> from .evening import Outcome, Score
>>> def duel(winner, loser):
...     scores = (Score((winner,), Fraction(2)), Score((loser,), Fraction(1)))
...     return Played("plump", 1, (winner, loser), Outcome(True, (winner,), (), scores, "p"), {})
>>> rated = rate([duel("Anna", "Bo")] * 5)
>>> anna, bo = rated.now[("plump", "Anna")], rated.now[("plump", "Bo")]
>>> anna.games, anna.shown, anna.number > 1000 > bo.number
(5, True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from openskill.models import PlackettLuce, PlackettLuceRating

from .stats import LeagueRow, Played

MODEL = PlackettLuce()
# Teams of one in most games: the library's default scaling of the weights within a team would
# give every team of one the same weight, so the weights are taken as given (1 to 2). Set on the
# model, not passed to it: the compiled build's constructor refuses the None it documents.
MODEL.weight_bounds = None
SHOWN_AFTER = 5  # games of a kind before a player's rating is shown
# The number a person reads: the conservative mu - 3 sigma (the library's ordinal) scaled so that
# a newcomer starts at 1 000 and a strong, well-known player reads some 1 600 to 1 800.
SCALE, BASE = 25.0, 1000.0

Who = str | tuple[str, ...]  # a person, or a partnership (its names in alphabetical order)
Key = tuple[str, Who]  # (the game's kind, who)


@dataclass(frozen=True)
class Skill:
    """Who's rating after a game: the library's mean and deviation, how many games of this
    kind it counts, and the game that made it (its place in the circle's games)."""

    mu: float
    sigma: float
    games: int
    game: int
    # The library's own rating of mu and sigma, as its update gave it: the next update starts
    # from it (the library's every new rating draws a random id from the system).
    rating: PlackettLuceRating | None = field(default=None, compare=False, repr=False)

    def of_library(self) -> PlackettLuceRating:
        return self.rating or MODEL.rating(self.mu, self.sigma)

    @cached_property
    def number(self) -> int:
        """The rating as people read it: mu - 3 sigma, scaled into about 1 000 to 2 000."""
        return round(self.of_library().ordinal(alpha=SCALE, target=BASE))

    @property
    def shown(self) -> bool:
        return self.games >= SHOWN_AFTER


@dataclass(frozen=True)
class Side:
    """One side of a game as the rating sees it: its members, its place (1 the best) and each
    member's weight (1 for a whole game)."""

    members: tuple[str, ...]
    place: int
    weights: tuple[float, ...]


def pair(members: Iterable[str]) -> tuple[str, ...]:
    """A partnership as the ratings name it: its members in alphabetical order."""
    return tuple(sorted(members))


def sides_of(game: Played) -> tuple[Side, ...]:
    """The sides a finished game rates, best first (none for a game not finished or with a
    single side). The sides are the game's own result's; the winners' sides come first, as an
    early leaver may have more points than the winner without having won."""
    outcome = game.outcome
    if not outcome.finished or len(outcome.scores) < 2:
        return ()
    ranked = sorted(
        ((not set(score.who) & set(outcome.winners), score) for score in outcome.scores),
        key=lambda item: item[0],
    )
    order = [(lost, score.score) for lost, score in ranked]
    weights = partial_play(game)
    return tuple(
        Side(
            score.who,
            1 + order.index((lost, score.score)),
            tuple(weights.get(name, 1.0) for name in score.who),
        )
        for lost, score in ranked
    )


def partial_play(game: Played) -> dict[str, float]:
    """The library's partial play, of those who were dealt fewer deals than the game had (the
    game's own counter of the deals each player was dealt): 1 for a player dealt every deal, up
    towards 2 for one dealt few of them."""
    deals = {name: tally["deals"] for name, tally in game.tallies.items() if "deals" in tally}
    most = max(deals.values(), default=0)
    return {name: float(2 - Fraction(his) / most) for name, his in deals.items() if his != most}


@dataclass(frozen=True)
class Rated:
    """The ratings of a circle: its games, and what each game changed (nothing for a game that
    rates nobody), in the order they were played."""

    games: tuple[Played, ...]
    steps: tuple[Mapping[Key, Skill], ...]

    @cached_property
    def now(self) -> dict[Key, Skill]:
        """Every rating after the last game."""
        return latest(self.steps)

    @cached_property
    def trends(self) -> dict[Key, tuple[Skill, ...]]:
        """Every rating after each of its games, the first first."""
        found: dict[Key, list[Skill]] = {}
        for step in self.steps:
            for key, skill in step.items():
                found.setdefault(key, []).append(skill)
        return {key: tuple(skills) for key, skills in found.items()}

    def trend(self, kind: str, who: Who) -> tuple[Skill, ...]:
        """Who's rating after each of his games of ``kind``, the first first."""
        return self.trends.get((kind, who), ())

    def of(self, kind: str, who: Who) -> Skill | None:
        return self.now.get((kind, who))

    def then(self, game: Played) -> Rated:
        """The ratings once ``game`` is played too."""
        return rate((*self.games, game), since=self)


def latest(steps: Iterable[Mapping[Key, Skill]]) -> dict[Key, Skill]:
    now: dict[Key, Skill] = {}
    for step in steps:
        now.update(step)
    return now


def rate(games: Sequence[Played], since: Rated | None = None) -> Rated:
    """The ratings after ``games``, in the order played; ``since``: an earlier rating whose
    steps are taken for as long as its games are the same ones."""
    games = tuple(games)
    same = 0
    if since is not None:
        for mine, theirs in zip(games, since.games, strict=False):
            if mine is not theirs and mine != theirs:  # a kept evening's games are the same
                break
            same += 1
    steps = list(since.steps[:same]) if since is not None else []
    now = latest(steps)
    for index in range(same, len(games)):
        step = rate_game(now, games[index], index)
        now.update(step)
        steps.append(step)
    return Rated(games, tuple(steps))


def rate_game(now: Mapping[Key, Skill], game: Played, index: int) -> dict[Key, Skill]:
    """What ``game`` (the ``index``-th) changes: its persons, and its partnerships as one."""
    sides = sides_of(game)
    if not sides:
        return {}
    places: list[float] = [side.place for side in sides]
    weights = [list(side.weights) for side in sides]
    teams: list[list[Key]] = [[(game.kind, name) for name in side.members] for side in sides]
    partial = any(w != 1 for team in weights for w in team)
    step = rated(now, teams, places, weights if partial else None, index)
    if all(len(side.members) > 1 for side in sides):
        partnerships: list[list[Key]] = [[(game.kind, pair(side.members))] for side in sides]
        step |= rated(now, partnerships, places, None, index)
    return step


def rated(
    now: Mapping[Key, Skill],
    teams: list[list[Key]],
    places: list[float],
    weights: list[list[float]] | None,
    index: int,
) -> dict[Key, Skill]:
    """The library's update of ``teams`` (each a list of keys) placed as ``places`` in the
    ``index``-th game."""

    def prior(key: Key) -> PlackettLuceRating:
        known = now.get(key)
        return MODEL.rating() if known is None else known.of_library()

    after = MODEL.rate([[prior(key) for key in team] for team in teams], places, weights=weights)
    return {
        key: Skill(new.mu, new.sigma, (now[key].games if key in now else 0) + 1, index, new)
        for team, news in zip(teams, after, strict=True)
        for key, new in zip(team, news, strict=True)
    }


# --- the league by rating, and the ratings as a list ------------------------------------------

ORDERS = ("wins", "share", "rating")  # how a league can be sorted


def ordered(rows: Sequence[LeagueRow], by: str, rated: Rated, kind: str) -> tuple[LeagueRow, ...]:
    """A league's rows (most wins first, from ``stats.league``) sorted ``by`` wins, share of
    games won or rating (those not yet shown last, by wins)."""
    if by == "share":
        return tuple(sorted(rows, key=lambda r: (-r.share, -r.won, r.name)))
    if by == "rating":

        def rating(row: LeagueRow) -> tuple[bool, int]:
            skill = rated.of(kind, row.name)
            return (False, -skill.number) if skill and skill.shown else (True, 0)

        return tuple(sorted(rows, key=rating))
    return tuple(rows)


@dataclass(frozen=True)
class Standing:
    """A rating as the list shows it: who, his number and its change in his last game."""

    who: Who
    number: int
    change: int


def standings(rated: Rated, kind: str, pairs: bool = False) -> tuple[Standing, ...]:
    """The shown ratings of ``kind``, the best first: of persons, or of partnerships."""
    found = []
    for (of, who), skill in rated.now.items():
        if of != kind or not skill.shown or isinstance(who, tuple) != pairs:
            continue
        trend = rated.trend(kind, who)
        change = skill.number - trend[-2].number if len(trend) > 1 else 0
        found.append(Standing(who, skill.number, change))
    return tuple(sorted(found, key=lambda s: (-s.number, str(s.who))))
