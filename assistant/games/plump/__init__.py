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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from ..base import JSON, N_, Record, RuleError, shared_rounds
from ..seating import Seating, seating
from ..spec import GameSpec
from .comings import check_dealt_in, dealt_cards, most_cards
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
    scheduled_cards,
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
        }


@dataclass(frozen=True)
class PlumpNext(DealSetup):
    """The deal the table plays next (the deal in play when its tricks are not entered yet).

    ``trump`` is the rule's value when ``enter_trump`` is false; otherwise the table enters the
    turned-up suit (``trump`` is then the suit already entered for a deal in play, else None).
    ``bids`` are the bids already entered (deal in play: only the tricks remain), else None.
    The dealer's forbidden bid comes from ``forbidden_for(bids)`` once the others have bid.
    """

    bids: Mapping[str, int] | None
    # What a round for this deal writes beyond its bids (not in play): ``out`` where some sit
    # it out, ``cards`` where the schedule's no longer fit the pack (docs/records.md).
    carried: Mapping[str, Any] = field(default_factory=dict)
    unfit: int | None = None  # the schedule's cards where they no longer fit the pack

    @property
    def in_play(self) -> bool:
        return self.bids is not None

    def to_json(self) -> JSON:
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "cards": self.cards,
            "first_bidder": self.first_bidder,
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


def _leaders(totals: Mapping[str, int], playing: Sequence[str] | None = None) -> tuple[str, ...]:
    """The highest totals among those ``playing`` (those dealt in in the last deal; a player
    who has gone keeps his total but is no longer in the running)."""
    among = {p: t for p, t in totals.items() if playing is None or p in playing}
    best = max(among.values())
    return tuple(player for player, total in among.items() if total == best)


def _is_over(options: PlumpOptions, plan: Sequence[int], deal: PlumpDeal) -> bool:
    """After the complete deal ``deal``: is the game decided?"""
    if deal.in_play or deal.deal < len(plan):
        return False
    leaders = _leaders(deal.totals, deal.bidding_order)
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
        **{**_setup_of(setup), "trump": entered.trump},
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
    planned = _planned(record)
    plan = tuple(deal_plan(options, planned))
    deals = list(_shared_deals(record, since))
    totals = dict(deals[-1].totals) if deals else {player: 0 for player in record.players}
    finished = bool(deals) and _is_over(options, plan, deals[-1])
    seats = deals[-1].seats if deals else None
    for number, raw in enumerate(record.rounds[len(deals) :], start=len(deals) + 1):
        try:
            if finished:
                raise RuleError(N_("the game is over: it ended with deal {deal}"), deal=number - 1)
            seats = seating(record, number, seats)
            setup = _setup(options, seats, planned, raw)
            entered = check_round(setup, raw, last=number == len(record.rounds))
        except RuleError as error:
            raise error.at_round(number) from None
        deal = replace(_replay_deal(setup, entered, options, totals), entered=raw)
        deals.append(deal)
        totals = dict(deal.totals)
        finished = _is_over(options, plan, deal)
    return _replayed(record, options, plan, deals, finished)


def _planned(record: Record) -> int:
    """The players the schedule is made for: those dealt in in deal 1 (3 to 7)."""
    try:
        return check_dealt_in(seating(record, 1))
    except RuleError as error:
        raise error.at_round(1) if record.rounds else error from None


def _setup(options: PlumpOptions, seats: Seating, planned: int, raw: Any) -> DealSetup:
    """A deal's set-up: its players dealt in (3 to 7) and its cards (the round's own, else
    the schedule's, which must fit the pack)."""
    check_dealt_in(seats)
    scheduled = scheduled_cards(options, seats.number, planned)
    cards = dealt_cards(seats, scheduled, raw if isinstance(raw, Mapping) else {})
    return deal_setup(options, seats, planned, cards)


def _replayed(
    record: Record,
    options: PlumpOptions,
    plan: tuple[int, ...],
    deals: list[PlumpDeal],
    finished: bool,
) -> PlumpReplay:
    """The replay of the deals played: the totals of the last, the leaders, what comes next."""
    totals = dict(deals[-1].totals) if deals else {player: 0 for player in record.players}
    leaders = _leaders(totals, deals[-1].bidding_order if deals else None)
    return PlumpReplay(
        players=tuple(record.players),
        options=options,
        plan=plan,
        planned=_planned(record),
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
        planned = _planned(record)
        setup, carried = upcoming(options, seats, planned)
        unfit = scheduled_cards(options, seats.number, planned) if "cards" in carried else None
        return PlumpNext(**_setup_of(setup), bids=None, carried=carried, unfit=unfit)
    return PlumpNext(**_setup_of(setup), bids=bids)


def upcoming(options: PlumpOptions, seats: Seating, planned: int) -> tuple[DealSetup, JSON]:
    """A deal still to be dealt to ``seats`` (the schedule made for ``planned``), and what its
    round must write beyond the bids: ``out`` where some sit it out; ``cards`` where the
    schedule's no longer fit the pack, the most that do (the table may deal fewer)."""
    check_dealt_in(seats)
    scheduled = scheduled_cards(options, seats.number, planned)
    cards = min(scheduled, most_cards(seats))
    carried: JSON = {"out": list(seats.out)} if seats.out else {}
    if cards != scheduled:
        carried["cards"] = cards
    return deal_setup(options, seats, planned, cards), carried


def _setup_of(setup: DealSetup) -> dict[str, Any]:
    """The DealSetup part of a deal (or of a subclass), to build another kind of deal from it."""
    return {name: getattr(setup, name) for name in SETUP_FIELDS}


SETUP_FIELDS = tuple(f.name for f in fields(DealSetup))


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
