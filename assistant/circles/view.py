"""What a circle's pages show, in the reader's language: the evenings, the league of each game,
what the players owe each other over all evenings, and one player's numbers and money."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from ..games import GAMES
from ..games.rating import Rated
from ..games.settle import Unit, settle
from ..games.stats import LeagueRow, Played, PlayerSummary
from ..games.stats import summary as summarise
from ..games.tonight import CircleEvenings, Evening
from ..i18n import gettext, say
from ..play.charts import LineChart, line_chart
from ..play.money import money, signed_money, with_numbers
from ..play.titles import table_title
from .rivalry import Choice, Rivals, leagues, rivals, share_text, sizes


@dataclass(frozen=True)
class EveningLine:
    evening: Evening
    number: int
    title: str
    games: str  # "Plump, Boodle, Mus"
    leaders: str
    money: str | None  # one player's money that evening (his page)


@dataclass(frozen=True)
class League:
    kind: str
    title: str
    rows: tuple[LeagueRow, ...]
    money: tuple[str, ...] | None  # per row, when any of its games had a stake
    ratings: tuple[str, ...]  # per row
    pairs: tuple[tuple[str, str], ...]  # the partnerships' names and ratings


@dataclass(frozen=True)
class CircleView:
    evenings: tuple[EveningLine, ...]
    leagues: tuple[League, ...]
    owed: tuple[tuple[str, str], ...]  # name, signed money: what he is owed (+) or owes (-)
    squares: tuple[str, ...]  # the fewest payments that would square the circle
    currency: str
    chart: LineChart | None
    choice: Choice  # how the leagues are shown
    sizes: tuple[int, ...]  # the numbers of players at the table to choose from
    share: str  # the ratings as a text for the group chat


@dataclass(frozen=True)
class KindLine:
    kind: str
    title: str
    played: int
    won: int
    money: str | None
    figures: tuple[str, ...]


@dataclass(frozen=True)
class PlayerView:
    summary: PlayerSummary
    evenings: tuple[EveningLine, ...]
    kinds: tuple[KindLine, ...]
    chart: LineChart | None
    currency: str
    money: str | None  # what he has won (+) or lost (-) over all evenings
    rivals: dict[str, Rivals]  # his rating and rivals in each game he was rated in


def currency_of(evenings: tuple[Evening, ...]) -> str:
    """The circle's currency: the one its evenings use most (none if they use none)."""
    used = Counter(e.table.currency for e in evenings if e.table.currency)
    return used.most_common(1)[0][0] if used else ""


def evening_line(number: int, evening: Evening, money_text: str | None = None) -> EveningLine:
    titles = ", ".join(result.spec.title for result in evening.games)
    return EveningLine(
        evening, number, table_title(evening.table), titles, ", ".join(evening.leaders), money_text
    )


def running_chart(played: CircleEvenings, names: list[str]) -> LineChart | None:
    """Each player's money over the evenings, added up (None without any money)."""
    if not any(game.money for game in played.played):
        return None
    evenings: list[dict[str, Fraction]] = [{} for _ in played.evenings]
    for game in played.played:
        won = evenings[game.evening - 1]
        for name, value in game.money.items():
            won[name] = won.get(name, Fraction(0)) + value
    series: dict[str, list[float]] = {}
    for name in names:
        total, points = Fraction(0), [0.0]
        for won in evenings:
            total += won.get(name, Fraction(0))
            points.append(float(total))
        series[name] = points
    return line_chart(series, [str(n) for n in range(1, len(played.evenings) + 1)])


def circle_view(played: CircleEvenings, rated: Rated, choice: Choice, today: date) -> CircleView:
    currency = currency_of(played.evenings)
    staked = {g.kind for g in played.played if g.money}
    lines = []
    for found in leagues(played.played, rated, choice, today):
        rows = found.rows
        texts = None
        if found.kind in staked:
            texts = tuple(signed_money(row.money, currency) for row in rows)
        title = GAMES[found.kind].title
        lines.append(League(found.kind, title, rows, texts, found.ratings, found.pairs))
    owed = sorted(played.owed.items(), key=lambda item: -item[1])
    squares = settle({name: Fraction(c, 100) for name, c in owed}, unit=Unit.MONEY).payments
    return CircleView(
        tuple(evening_line(n, e) for n, e in enumerate(played.evenings, start=1)),
        tuple(lines),
        tuple((name, signed_money(cents, currency, cents=True)) for name, cents in owed if cents),
        tuple(
            gettext(
                "%(payer)s pays %(payee)s %(amount)s",
                payer=p.payer,
                payee=p.payee,
                amount=money(p.value, currency),
            )
            for p in squares
        ),
        currency,
        running_chart(played, [name for name, _ in owed]),
        choice,
        sizes(played.played),
        share_text(rated),
    )


def player_view(played: CircleEvenings, rated: Rated, name: str) -> PlayerView:
    """``name``'s page: his numbers and money, evening by evening, and his rating and rivals
    in each game."""
    summary = summarise(played.played, name, GAMES)
    currency = currency_of(played.evenings)
    his: dict[int, list[Played]] = {}
    for game in played.played:
        if summary.name in game.players:
            his.setdefault(game.evening, []).append(game)
    evenings = []
    for number in summary.evenings:
        mine = his[number]
        total = sum((g.money.get(summary.name, Fraction(0)) for g in mine), Fraction(0))
        has_money = any(g.money for g in mine)
        text = signed_money(total, currency) if has_money else None
        evenings.append(evening_line(number, played.evenings[number - 1], text))
    kinds = tuple(
        KindLine(
            kind.kind,
            GAMES[kind.kind].title,
            kind.played,
            kind.won,
            signed_money(kind.money, currency) if kind.money else None,
            tuple(say(with_numbers(figure)) for figure in kind.figures),
        )
        for kind in summary.kinds
    )
    chart, money_text = None, None
    if any(g.money for g in played.played if summary.name in g.players):
        points = [0.0, *[float(value) for value in summary.running]]
        chart = line_chart({summary.name: points}, [str(n) for n in summary.evenings])
        money_text = signed_money(summary.running[-1], currency)
    found = rivals(played.played, rated, name)
    return PlayerView(summary, tuple(evenings), kinds, chart, currency, money_text, found)
