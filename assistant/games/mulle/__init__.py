"""Mulle: the score of a game, replayed deal by deal from what was entered.

Two to four players, two packs. With 4 players ``players[0]`` + ``players[2]`` play against
``players[1]`` + ``players[3]``; a team may enter everything on one partner (the piles are added).
A game is one deal per player (option ``deals``); the highest total wins (in kryp-mulle the
lowest), and whoever loses by more than 100 points sits in the hundred club.

For the web pages: ``replay(record)`` gives every deal's points, the running totals and what
comes next (``MulleReplay.next``: the deal, the dealer, its rounds of cards and which is "båt");
``check_deal(record, deal)`` checks one new deal before it is stored (errors and the warnings the
table should confirm); ``still_in_pack`` gives what a pile form may still hold; ``plays_in_teams``,
``teams`` and ``side_of`` tell whether piles count for a team (only with 4 players).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..base import JSON, N_, Record, RuleError, shared_rounds
from ..seating import Seated, Seating, seating
from ..spec import GameSpec
from .adjust import Adjustment, adjusted_points, parse_adjust
from .check import DealCheck, Finding, PackLeft, Severity, check_piles, pack_left
from .deal import DealSchedule, deal_schedule
from .evening import EVENING
from .options import (
    OPTIONS,
    MulleOptions,
    normalize_options,
    parse_options,
    plays_in_teams,
    side_of,
    sides,
    teams,
)
from .piles import Pile, Points, kvitta, parse_piles, pile_points

HUNDRED_CLUB = 100


# --- the replay -----------------------------------------------------------------------------


@dataclass(frozen=True)
class DealResult(Seated):
    """One counted deal. ``points`` per player; both partners of a team show the team's points."""

    seats: Seating  # who deals and plays first (``seating.seating``)
    piles: Mapping[str, Pile]  # as entered
    points: Mapping[str, Points]  # as the cards made them
    warnings: tuple[Finding, ...] = ()
    adjust: tuple[Adjustment, ...] = ()  # points given or taken, counted in the totals

    def kvitta(self) -> dict[str, int]:
        """The netted mulle + tabbar points of this deal (display only, see ``kvitta``)."""
        return kvitta({name: p.mulles + p.tabbar for name, p in self.points.items()})

    def to_json(self) -> JSON:
        out: JSON = {
            "deal": self.number,
            "dealer": self.dealer,
            "points": {name: p.to_json() for name, p in self.points.items()},
        }
        if self.warnings:
            out["warnings"] = [str(w) for w in self.warnings]
        if self.adjust:
            out["adjust"] = [entry.to_json() for entry in self.adjust]
        return out


@dataclass(frozen=True)
class NextDeal(Seated):
    """The deal the table plays next: who deals, who plays first, and its rounds of cards."""

    seats: Seating
    schedule: DealSchedule

    first_player = Seated.eldest

    @property
    def rounds(self) -> int:
        return len(self.schedule.rounds)

    @property
    def bat_round(self) -> int:
        """The round of cards before which the dealer says "båt" (the last)."""
        return self.schedule.bat_round

    def to_json(self) -> JSON:
        return {"deal": self.number, "dealer": self.dealer, "rounds": self.rounds}


@dataclass(frozen=True)
class MulleReplay:
    """Everything the score of a Mulle game shows, derived from its deals."""

    players: tuple[str, ...]
    options: MulleOptions
    sides: tuple[tuple[str, ...], ...]
    deals_in_game: int
    deals: tuple[DealResult, ...]
    running: tuple[Mapping[str, int], ...]  # the totals after each deal
    totals: Mapping[str, int]
    finished: bool
    winners: tuple[str, ...]
    hundred_club: tuple[str, ...]
    next: NextDeal | None

    def to_json(self) -> JSON:
        return {
            "game": "mulle",
            "finished": self.finished,
            "winners": list(self.winners),
            "totals": dict(self.totals),
            "rounds": [deal.to_json() for deal in self.deals],
            "next": self.next.to_json() if self.next else None,
            "hundred_club": list(self.hundred_club),
        }


def _examine(
    players: tuple[str, ...], options: MulleOptions, raw: Any
) -> tuple[dict[str, Pile], list[Finding]]:
    """The piles of one round and what the checks find; a RuleError when it cannot be read."""
    if not isinstance(raw, Mapping):
        raise RuleError(N_("a deal must be an object with the piles"), field="piles")
    for key in raw:
        if key not in ("piles", "adjust"):
            raise RuleError(N_("a deal has no field {name!r}"), field=key, name=key)
    if "piles" not in raw:
        raise RuleError(N_("the deal has no piles"), field="piles")
    piles = parse_piles(raw["piles"], players)
    plays = deal_schedule(options.deal, len(players)).cards_from_hands
    return piles, check_piles(piles, sides(players), plays)


def _game_over(number: int, deals: int) -> RuleError:
    return RuleError(
        N_("the game was over after deal {deals}: there is no deal {number}"),
        deals=deals,
        number=number,
    )


def _deal_points(
    players: tuple[str, ...], options: MulleOptions, piles: Mapping[str, Pile]
) -> dict[str, Points]:
    points: dict[str, Points] = {}
    for side in sides(players):
        pile = sum((piles[name] for name in side if name in piles), Pile())
        side_points = pile_points(pile, options.spade_points, options.diamond_ten_points)
        points.update((name, side_points) for name in side)
    return {name: points[name] for name in players}


def _standings(
    players: tuple[str, ...], totals: Mapping[str, int], kryp: bool
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The winners and the hundred club of a finished game."""
    best = min(totals.values()) if kryp else max(totals.values())
    winners = tuple(name for name in players if totals[name] == best)
    behind = {name: (totals[name] - best if kryp else best - totals[name]) for name in players}
    club = tuple(name for name in players if behind[name] > HUNDRED_CLUB)
    return winners, club


def replay(record: Record, since: tuple[Record, MulleReplay] | None = None) -> MulleReplay:
    """Replay every deal of ``record``; the first rule broken is a RuleError naming its round.
    ``since``: an earlier record of the game and its replay, whose deals of the rounds both
    begin with are taken as they are (a save replays one deal, not the game).

    >>> deal = {"piles": {"Anna": {"tabbar": 2, "mulles": ["7H"]}, "Bo": {"spades": 3}}}
    >>> game = replay(Record("mulle", ("Anna", "Bo"), "Anna", {}, (deal,)))
    >>> game.totals, game.next.dealer, game.next.rounds, game.next.bat_round
    ({'Anna': 9, 'Bo': 3}, 'Bo', 6, 6)
    """
    players = record.players
    options = parse_options(record.options)
    in_game = options.deals_in_game(len(players))
    shared = shared_rounds(record, since)
    deals: list[DealResult] = list(since[1].deals[:shared]) if since else []
    running: list[Mapping[str, int]] = list(since[1].running[:shared]) if since else []
    totals = dict(running[-1]) if running else dict.fromkeys(players, 0)
    for number in range(shared + 1, len(record.rounds) + 1):
        if number > in_game:
            raise _game_over(number, in_game).at_round(number)
        deals.append(_replay_deal(record, options, number, deals[-1].seats if deals else None))
        added = adjusted_points(players, deals[-1].adjust)
        for name in players:
            totals[name] += deals[-1].points[name].total + added[name]
        running.append(dict(totals))
    finished = len(deals) == in_game
    winners, club = _standings(players, totals, options.kryp) if finished else ((), ())
    upcoming = None if finished else _next_deal(record, options, deals)
    return MulleReplay(
        players=players,
        options=options,
        sides=sides(players),
        deals_in_game=in_game,
        deals=tuple(deals),
        running=tuple(running),
        totals=totals,
        finished=finished,
        winners=winners,
        hundred_club=club,
        next=upcoming,
    )


def _next_deal(record: Record, options: MulleOptions, deals: list[DealResult]) -> NextDeal:
    seats = seating(record, len(deals) + 1, deals[-1].seats if deals else None)
    return NextDeal(seats, deal_schedule(options.deal, len(record.players)))


def _replay_deal(
    record: Record, options: MulleOptions, number: int, before: Seating | None
) -> DealResult:
    """Deal ``number`` counted, its warnings kept (a RuleError names the round); ``before``:
    the seats of the deal before it."""
    players = record.players
    try:
        piles, findings = _examine(players, options, record.rounds[number - 1])
        adjust = parse_adjust(record.rounds[number - 1], players)
    except RuleError as exc:
        raise exc.at_round(number) from None
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        raise errors[0].as_error().at_round(number)
    points = _deal_points(players, options, piles)
    seats = seating(record, number, before)
    warnings = tuple(f for f in findings if f.severity is Severity.WARNING)
    return DealResult(seats, piles, points, warnings, adjust)


def score(record: Record) -> JSON:
    """The ``score`` output of docs/records.md for a Mulle record."""
    return replay(record).to_json()


def result(game: MulleReplay) -> JSON:
    return game.to_json()


# --- one new deal, before it is stored -------------------------------------------------------


def check_deal(record: Record, deal: Any) -> DealCheck:
    """Check ``deal`` as the next round of ``record`` (whose rounds are taken as valid).

    Every error is listed, not only the first (except when the deal cannot be read at all).

    >>> rec = Record("mulle", ("Anna", "Bo"), "Anna")
    >>> pile = {"spades": 25, "aces": 8, "spade_aces": 2, "spade_twos": 2, "diamond_tens": 2}
    >>> check = check_deal(rec, {"piles": {"Anna": pile}})
    >>> check.ok, [str(w) for w in check.warnings]
    (True, ['spades add up to 25 of 26'])
    >>> str(check_deal(rec, {"piles": {"Anna": {**pile, "spades": 27}}}).errors[0])
    'spades add up to 27, but the double pack has 26'
    """
    options = parse_options(record.options)
    number = len(record.rounds) + 1
    in_game = options.deals_in_game(len(record.players))
    if number > in_game:
        exc = _game_over(number, in_game)
        return DealCheck(number, (Finding(Severity.ERROR, exc.message, exc.field),))
    try:
        piles, findings = _examine(record.players, options, deal)
    except RuleError as exc:
        return DealCheck(number, (Finding(Severity.ERROR, exc.message, exc.field),))
    return DealCheck(number, tuple(findings), _deal_points(record.players, options, piles))


def still_in_pack(record: Record, piles: Any, player: str) -> PackLeft:
    """What ``player``'s pile form may still hold, given the other piles entered for the deal.

    ``piles`` is the deal's ``piles`` object as entered so far (``player``'s own pile, if there,
    is left out). In partnerships the partner's pile counts as another pile.

    >>> rec = Record("mulle", ("Anna", "Bo"), "Anna")
    >>> still_in_pack(rec, {"Bo": {"spades": 12, "mulles": ["5C"]}}, "Anna").spades
    14
    """
    if player not in record.players:
        raise RuleError(N_("{name!r} is not playing"), field="piles", name=player)
    if not isinstance(piles, Mapping):
        piles = {}
    others = parse_piles({k: v for k, v in piles.items() if k != player}, record.players)
    return pack_left(others, excluding=player)


SPEC = GameSpec(
    "mulle", "Mulle", min_players=2, max_players=4, first_field="first_dealer",
    replay=replay, result=result, normalize_options=normalize_options, options=OPTIONS,
    evening=EVENING, resume=replay, night_sizes=(3, 4),
)  # fmt: skip

__all__ = [
    "HUNDRED_CLUB",
    "SPEC",
    "DealCheck",
    "DealResult",
    "Finding",
    "MulleOptions",
    "MulleReplay",
    "NextDeal",
    "PackLeft",
    "Severity",
    "check_deal",
    "kvitta",
    "normalize_options",
    "parse_options",
    "plays_in_teams",
    "replay",
    "score",
    "side_of",
    "sides",
    "still_in_pack",
    "teams",
]
