"""Plump (Oh Hell): replaying a record into deals, totals, the winner and what comes next.

The rules are in ``docs/rules/plump.md``; the record and the ``score`` output in
``docs/records.md``. Scores are derived by replaying every round, never stored.

What the web layer calls:

* ``replay(record).next`` -- what the table does next (:class:`PlumpNext`: deal, dealer, cards,
  bidding order, the trump rule; ``next.forbidden_for(bids)`` gives the dealer's forbidden bid);
* ``score(record.with_rounds([*old, new]))`` -- validates one new round (a RuleError names the
  round and the form ``field``); ``check_bids`` / ``check_tricks`` check a half-entered deal;
* ``undo(rounds)`` -- takes back the tricks of the last deal, else the last deal.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..base import JSON, N_, Record, RuleError, shared_rounds
from ..seating import seating
from ..spec import GameSpec
from .comings import check_winners, contenders
from .dealing import PlumpNext, planned, round_setup, set_up, setup_of, upcoming
from .evening import EVENING
from .options import (
    OPTIONS,
    PlumpOptions,
    Schedule,
    Scoring,
    TieBreak,
    TrumpRule,
    normalize_options,
)
from .rounds import (
    DealSetup,
    EnteredDeal,
    check_bids,
    check_round,
    check_tricks,
    check_trump,
    deal_points,
    deal_setup,
    forbidden_bid,
)
from .schedule import CYCLE, NO_TRUMP, TRUMPS, deal_count, deal_plan, fixed_trump

__all__ = [
    "CYCLE",
    "NO_TRUMP",
    "SPEC",
    "TRUMPS",
    "DealSetup",
    "EnteredDeal",
    "PlumpDeal",
    "PlumpNext",
    "PlumpOptions",
    "PlumpReplay",
    "Schedule",
    "Scoring",
    "TieBreak",
    "TrumpRule",
    "check_bids",
    "check_round",
    "check_tricks",
    "check_trump",
    "deal_count",
    "deal_plan",
    "deal_points",
    "deal_setup",
    "fixed_trump",
    "forbidden_bid",
    "normalize_options",
    "replay",
    "score",
    "set_up",
    "undo",
    "upcoming",
]


@dataclass(frozen=True)
class PlumpDeal(DealSetup):
    """A deal of the record, replayed. ``trump`` is resolved (rule's value or entered suit).

    ``made`` and ``scores`` are those of the players dealt in; while the deal is in play
    (``tricks`` None) they are None. ``totals`` (every player's) count the deal's adjustments
    (``adjust``, as entered), and while it is in play only those.
    """

    forbidden_bid: int | None
    bids: Mapping[str, int]  # in bidding order
    tricks: Mapping[str, int] | None
    made: Mapping[str, bool] | None  # in seat order
    scores: Mapping[str, int] | None
    totals: Mapping[str, int]  # running totals after this deal
    adjust: tuple[Mapping[str, Any], ...] = ()
    entered: Mapping[str, Any] | None = None  # the round as the record has it

    @property
    def in_play(self) -> bool:
        return self.tricks is None

    def to_json(self) -> JSON:
        """The output round; ``out`` and ``adjust`` only where the round has them."""
        entered = self.entered or {}
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            **({"out": list(entered["out"])} if "out" in entered else {}),
            "cards": self.cards,
            "trump": self.trump,
            "first_bidder": self.first_bidder,
            "forbidden_bid": self.forbidden_bid,
            "made": None if self.made is None else dict(self.made),
            "scores": None if self.scores is None else dict(self.scores),
            **({"adjust": [dict(a) for a in self.adjust]} if "adjust" in entered else {}),
            **({"winners": entered["winners"]} if "winners" in entered else {}),
        }


@dataclass(frozen=True)
class PlumpReplay:
    """A whole Plump record replayed: every deal, the totals, the end and what comes next."""

    players: tuple[str, ...]  # everyone listed, whether dealt in or not
    options: PlumpOptions
    plan: tuple[int, ...]  # cards of every scheduled deal (extra deals not included)
    planned: int  # the players the plan is made for: those dealt in in deal 1
    deals: tuple[PlumpDeal, ...]
    totals: Mapping[str, int]  # in seat order
    leaders: tuple[str, ...]  # the players with the highest total now
    finished: bool
    winners: tuple[str, ...]  # empty while not finished
    next: PlumpNext | None  # None when finished

    @property
    def deal_count(self) -> int:
        """The number of scheduled deals (extra deals for a tie come on top)."""
        return len(self.plan)

    def to_json(self) -> JSON:
        """The ``score`` output of docs/records.md."""
        return {
            "game": "plump",
            "finished": self.finished,
            "winners": list(self.winners),
            "totals": dict(self.totals),
            "rounds": [deal.to_json() for deal in self.deals],
            "next": None if self.next is None else self.next.to_json(),
        }


def _leaders(totals: Mapping[str, int], playing: Collection[str] | None = None) -> tuple[str, ...]:
    """The highest totals among those ``playing`` (``comings.contenders``: a player who has
    gone keeps his total but is no longer in the running)."""
    among = {p: t for p, t in totals.items() if playing is None or p in playing}
    best = max(among.values())
    return tuple(player for player, total in among.items() if total == best)


def _is_over(options: PlumpOptions, plan: Sequence[int], deals: Sequence[PlumpDeal]) -> bool:
    """After the last of ``deals``, complete: is the game decided?"""
    deal = deals[-1]
    if deal.in_play or deal.deal < len(plan):
        return False
    leaders = _leaders(deal.totals, contenders(deals))
    return options.tie_break is TieBreak.SHARE or len(leaders) == 1


def _replay_deal(
    setup: DealSetup, entered: EnteredDeal, options: PlumpOptions, totals: dict[str, int]
) -> PlumpDeal:
    made = scores = None
    if entered.tricks is not None:
        tricks, dealt_in = entered.tricks, [p for p in totals if p in entered.bids]
        made = {p: entered.bids[p] == tricks[p] for p in dealt_in}
        scores = {p: deal_points(options, entered.bids[p], tricks[p]) for p in dealt_in}
        totals = {p: totals[p] + scores.get(p, 0) for p in totals}
    for adjustment in entered.adjust:
        totals = {
            **totals,
            adjustment["player"]: totals[adjustment["player"]] + adjustment["points"],
        }
    return PlumpDeal(
        **{**setup_of(setup), "trump": entered.trump},
        forbidden_bid=setup.forbidden_for(entered.bids),
        bids=entered.bids,
        tricks=entered.tricks,
        made=made,
        scores=scores,
        totals=totals,
        adjust=entered.adjust,
    )


def replay(record: Record, since: tuple[Record, PlumpReplay] | None = None) -> PlumpReplay:
    """Replay every round of a Plump record (RuleError: the round, the field and what is wrong).

    ``since``: an earlier record of the same game and its replay; the complete deals of the
    rounds both begin with are taken from it as they are (the same rounds replay to the same
    deals), and only the rest is replayed: a save replays a deal, not the whole game.

    >>> r = replay(Record("plump", ("Anna", "Bo", "Cia"), "Anna", {}, ()))
    >>> r.deal_count, r.next.dealer, r.next.cards, r.next.first_bidder
    (19, 'Anna', 10, 'Bo')
    """
    options = PlumpOptions.from_json(record.options)
    planned_for = planned(record)
    plan = tuple(deal_plan(options, planned_for))
    deals = list(_shared_deals(record, since))
    totals = dict(deals[-1].totals) if deals else {player: 0 for player in record.players}
    finished = bool(deals) and _is_over(options, plan, deals)
    seats = deals[-1].seats if deals else None
    for number, raw in enumerate(record.rounds[len(deals) :], start=len(deals) + 1):
        try:
            if finished:
                raise RuleError(N_("the game is over: it ended with deal {deal}"), deal=number - 1)
            seats = seating(record, number, seats)
            setup = round_setup(options, seats, planned_for, raw)
            entered = check_round(setup, raw, last=number == len(record.rounds))
        except RuleError as error:
            raise error.at_round(number) from None
        deal = replace(_replay_deal(setup, entered, options, totals), entered=raw)
        deals.append(deal)
        totals = dict(deal.totals)
        finished = _is_over(options, plan, deals)
        try:
            check_winners(raw, finished)
        except RuleError as error:
            raise error.at_round(number) from None
    return _replayed(record, options, plan, deals, finished)


def _replayed(
    record: Record,
    options: PlumpOptions,
    plan: tuple[int, ...],
    deals: list[PlumpDeal],
    finished: bool,
) -> PlumpReplay:
    """The replay of the deals played: the totals of the last, the leaders, what comes next."""
    totals = dict(deals[-1].totals) if deals else {player: 0 for player in record.players}
    leaders = _leaders(totals, contenders(deals) if deals else None)
    return PlumpReplay(
        players=tuple(record.players),
        options=options,
        plan=plan,
        planned=planned(record),
        deals=tuple(deals),
        totals=totals,
        leaders=leaders,
        finished=finished,
        winners=leaders if finished else (),
        next=None if finished else _next(options, record, deals),
    )


def _shared_deals(
    record: Record, since: tuple[Record, PlumpReplay] | None
) -> tuple[PlumpDeal, ...]:
    """The complete deals of ``since`` whose rounds ``record`` begins with."""
    if since is None:
        return ()
    deals = since[1].deals[: shared_rounds(record, since)]
    return deals[:-1] if deals and deals[-1].in_play else deals  # its tricks may come now


def _next(options: PlumpOptions, record: Record, deals: Sequence[PlumpDeal]) -> PlumpNext:
    if deals and deals[-1].in_play:
        last = deals[-1]
        setup: DealSetup = last
        bids: Mapping[str, int] | None = last.bids
    else:
        seats = seating(record, len(deals) + 1, deals[-1].seats if deals else None)
        return upcoming(options, seats, planned(record))
    return PlumpNext(**setup_of(setup), bids=bids)


def score(record: Record) -> JSON:
    """The ``score`` output of docs/records.md for a Plump record."""
    return replay(record).to_json()


def result(game: PlumpReplay) -> JSON:
    return game.to_json()


def undo(rounds: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Take back the last entry: the tricks of the last deal if it has them, else that deal.

    >>> undo([{"bids": {"A": 1}, "tricks": {"A": 1}}])
    [{'bids': {'A': 1}}]
    >>> undo([{"bids": {"A": 1}}])
    []
    """
    if not rounds:
        return []
    last = rounds[-1]
    if isinstance(last, Mapping) and last.get("tricks") is not None:
        return [*rounds[:-1], {key: value for key, value in last.items() if key != "tricks"}]
    return list(rounds[:-1])


SPEC = GameSpec(
    "plump", "Plump", min_players=3, max_players=7, first_field="first_dealer",
    replay=replay, result=result, normalize_options=normalize_options, options=OPTIONS, undo=undo,
    evening=EVENING, resume=replay, max_listed=10,
)  # fmt: skip
