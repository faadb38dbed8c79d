"""What a circle's pages show of its ratings and rivals, in the reader's language: the leagues
sorted and filtered as asked, the ratings to share, and a player's rating, trend, partnerships,
head-to-head, nemesis and best partner in each game."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from ..games import GAMES
from ..games.rating import BASE, ORDERS, SHOWN_AFTER, Rated, Skill, Standing, ordered, standings
from ..games.rivals import (
    Meeting,
    Nemesis,
    Partnership,
    best_partner,
    head_to_head,
    nemesis,
    side_of,
)
from ..games.stats import PERIODS, LeagueRow, Played, chosen, league, period_start
from ..i18n import gettext, reader_locale
from ..keeping import made_once
from ..play.charts import LineChart, line_chart
from ..play.money import number


@dataclass(frozen=True)
class Choice:
    """How the leagues are shown: sorted ``by``, over ``period``, at tables of ``size``."""

    by: str = "wins"
    period: str = "all"
    size: int | None = None

    @classmethod
    def of(cls, by: str | None, period: str | None, size: str | None) -> Choice:
        """What the page's form asked for; anything else is the default (a link can be shared
        and typed by hand)."""
        return cls(
            by if by in ORDERS else "wins",
            period if period in PERIODS else "all",
            int(size) if size and size.isascii() and size.isdigit() and len(size) < 3 else None,
        )


@dataclass(frozen=True)
class RatedLeague:
    """A game's league as chosen, each row's rating ("1 412", or "–" before it is shown) and
    the partnerships' ratings, the best first."""

    kind: str
    rows: tuple[LeagueRow, ...]
    ratings: tuple[str, ...]
    pairs: tuple[tuple[str, str], ...]


def rating_text(skill: Skill | None) -> str:
    return said(skill.number) if skill is not None and skill.shown else "–"


def said(rating: int) -> str:
    """A rating as the reader writes numbers ("1 412", "1,412")."""
    return made_once(said_in, rating, reader_locale())


def said_in(rating: int, locale: str) -> str:
    # Written by the locale ``number`` finds for itself, the one ``locale`` names: a page of a
    # big circle says some two hundred ratings, and the locale's rules are slow to apply.
    return number(rating)


def leagues(
    games: tuple[Played, ...], rated: Rated, choice: Choice, today: date
) -> tuple[RatedLeague, ...]:
    """Each game's league over the games chosen; the ratings always count every game."""
    counted = chosen(games, period_start(choice.period, today), choice.size)
    found = []
    for kind in GAMES:
        rows = ordered(league(counted, kind), choice.by, rated, kind)
        if rows:
            pairs = tuple(
                (" & ".join(s.who), said(s.number)) for s in standings(rated, kind, pairs=True)
            )
            ratings = tuple(rating_text(rated.of(kind, row.name)) for row in rows)
            found.append(RatedLeague(kind, rows, ratings, pairs))
    return tuple(found)


def sizes(games: tuple[Played, ...]) -> tuple[int, ...]:
    """The numbers of players the circle's tables have had, for the filter."""
    return tuple(sorted({game.size for game in games}))


def share_text(rated: Rated) -> str:
    """The ratings for a group chat, one game a line: "Rating, Plump: 1. Anna 1 412 ▲ · …"."""
    lines = []
    for kind, spec in GAMES.items():
        if board := standings(rated, kind):
            listed = " · ".join(
                f"{n}. {s.who} {said(s.number)}{arrow(s)}" for n, s in enumerate(board, start=1)
            )
            lines.append(gettext("Rating, %(game)s: %(list)s", game=spec.title, list=listed))
    return "\n".join(lines)


def arrow(standing: Standing) -> str:
    """Up or down in the player's last game."""
    return " ▲" if standing.change > 0 else " ▼" if standing.change < 0 else ""


@dataclass(frozen=True)
class Rivals:
    """A player in one game: his rating (or the games until it is shown), its trend, his
    partnerships' ratings, head-to-head, nemesis and best partner."""

    kind: str
    rating: str | None
    until: int  # games of this kind before his rating is shown (0 once it is)
    trend: LineChart | None
    pairs: tuple[tuple[str, str], ...]  # with whom, the partnership's rating
    meetings: tuple[Meeting, ...]
    nemesis: Nemesis | None
    partner: Partnership | None


def rivals(games: tuple[Played, ...], rated: Rated, name: str) -> dict[str, Rivals]:
    """``name``'s rating and rivals in each game he was rated in."""
    found = {}
    for kind in GAMES:
        trend = rated.trend(kind, name)
        if trend:
            skill = trend[-1]
            # His games of this kind alone: the rules look at no other, and they go through
            # them four times (everyone on a side is among a game's players).
            his = tuple(
                game
                for game in games
                if game.kind == kind and name in game.players and side_of(game, name)
            )
            found[kind] = Rivals(
                kind,
                rating_text(skill) if skill.shown else None,
                max(SHOWN_AFTER - skill.games, 0),
                trend_chart(name, trend) if skill.shown else None,
                partnerships_rated(rated, kind, name),
                head_to_head(his, name, kind),
                nemesis(his, name, kind),
                best_partner(his, name, kind),
            )
    return found


def trend_chart(name: str, trend: tuple[Skill, ...]) -> LineChart:
    """His rating from a newcomer's to each of his games' (the axis not from zero)."""
    points = [BASE, *(float(skill.number) for skill in trend)]
    return line_chart({name: points}, [str(n) for n in range(1, len(points))], from_zero=False)


def partnerships_rated(rated: Rated, kind: str, name: str) -> tuple[tuple[str, str], ...]:
    """His partnerships' shown ratings, the best first: (the partner, the rating)."""
    found = [
        (who, skill)
        for (of, who), skill in rated.now.items()
        if of == kind and isinstance(who, tuple) and name in who and skill.shown
    ]
    found.sort(key=lambda item: -item[1].number)
    return tuple(
        (" & ".join(other for other in who if other != name), said(skill.number))
        for who, skill in found
    )
