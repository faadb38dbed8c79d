"""Boodle (Michigan): the chips on the four boodle cards, deal by deal, and the settlement.

The record holds what happened in each deal (stakes, the spare hand, the poker stage of Three in
One, the boodle cards played, faults, who went out and the cards left); everything else is derived
by replaying it: each deal's chip flows, the layout, the running balances and who pays whom.

* ``replay(record) -> BoodleReplay``: every deal (antes, layout before and after, each event's chip
  flow, chips and running balances), the totals, the layout, the next deal and its antes, and the
  settlement as if the evening ended now.
* ``check_deal(record, new_round) -> DealResult``: checks one new round before it is stored.
* ``live_deal(replay(record), draft) -> LiveDeal``: the deal being played after the record's
  rounds, from what has been entered of it so far (a round without its out and cards left).
* ``score(record)``: the output of docs/records.md.

The modules: ``rules`` (cards, options), ``entries`` (a round, checked), ``events`` (what
happens during play), ``poker`` (Three in One), ``deal`` (playing a deal), ``live`` (a deal still
being played); the settlement is the shared ``games/settle.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..base import JSON, Record, RuleError, shared_rounds
from ..seating import seating
from ..settle import Settlement, round_half_up, settle, share_leftover, to_number
from ..spec import GameSpec
from .deal import (
    DealResult,
    TableState,
    antes_for,
    dealt_in,
    initial_state,
    play_deal,
    state_after,
)
from .evening import EVENING
from .ledger import Layout
from .live import LiveDeal, play_partial
from .options import OPTIONS
from .people import check_dealt_in_count
from .rules import CARDS, BoodleCard, BoodleOptions, normalize_options, parse_options  # noqa: F401 (the doctests)


@dataclass(frozen=True)
class NextDeal:
    """What comes next: the deal's number and dealer, and the antes. ``antes`` per player and
    card under the standard ante, None with a free stake (the players place it as they like);
    ``stakes`` is what each player puts on the layout in all; ``pot_ante`` the poker ante of
    Three in One (None without)."""

    deal: int
    dealer: str
    antes: Mapping[str, Layout] | None
    stakes: Mapping[str, int]
    pot_ante: int | None


@dataclass(frozen=True)
class BoodleReplay:
    """A whole record replayed. A Boodle game has no end: ``finished`` is always False."""

    players: tuple[str, ...]
    options: BoodleOptions
    deals: tuple[DealResult, ...]
    totals: Mapping[str, int]
    layout: Layout
    pot: int
    next: NextDeal
    settlement: Settlement
    state: TableState  # where the table stands now: the live deal starts from here
    sharing: tuple[str, ...] = ()  # who shares the layout at the settle-up: those dealt in last
    record: Record | None = None  # what was replayed (the deal being played is seated from it)

    finished: bool = False
    winners: tuple[str, ...] = ()


def replay(record: Record, since: tuple[Record, BoodleReplay] | None = None) -> BoodleReplay:
    """Replay every round of ``record``; a RuleError names the round and field that is wrong.
    ``since``: an earlier record of the game and its replay, whose deals of the rounds both
    begin with are taken as they are (a save in a long evening replays one deal).

    >>> from ..base import Record
    >>> game = replay(Record("boodle", ("Anna", "Bo", "Clara"), "Clara", {}, ({
    ...     "events": [{"boodle": "QD", "by": "Anna"}, {"out": "Anna"}],
    ...     "cards_left": {"Bo": 3, "Clara": 5}},)))
    >>> game.totals, game.layout[BoodleCard.AH], game.next.dealer
    ({'Anna': 8, 'Bo': -7, 'Clara': -13}, 4, 'Anna')
    """
    options = parse_options(record.options)
    deals, state = _play_rounds(record, options, since)
    if not deals:
        check_dealt_in_count(state.players, None)
    sharing = deals[-1].players if deals else record.players
    return BoodleReplay(
        players=record.players,
        options=options,
        deals=tuple(deals),
        totals=state.totals,
        layout=state.layout,
        pot=state.pot,
        next=next_deal(state, state.players, options),
        settlement=settlement_now(state.totals, state.layout, state.pot, sharing),
        state=state,
        sharing=sharing,
        record=record,
    )


def _play_rounds(
    record: Record, options: BoodleOptions, since: tuple[Record, BoodleReplay] | None = None
) -> tuple[list[DealResult], TableState]:
    shared = shared_rounds(record, since)
    deals = list(since[1].deals[:shared]) if since else []
    state = state_after(deals[-1], record) if deals else initial_state(record)
    for raw in record.rounds[shared:]:
        result, state = play_deal(state, raw, record, options)
        deals.append(result)
    return deals, state


def live_deal(game: BoodleReplay, draft: Mapping[str, Any]) -> LiveDeal:
    """The deal after the replayed ``game`` as far as it has been played: ``draft`` is that
    round without its out and cards left (a RuleError if something in it breaks a rule).

    >>> from ..base import Record
    >>> live = live_deal(replay(Record("boodle", ("Anna", "Bo", "Clara"), "Clara")),
    ...                  {"events": [{"fault": "wrong-lead", "by": "Bo"}]})
    >>> live.chips, live.barred
    ({'Anna': -3, 'Bo': -6, 'Clara': -7}, ('Bo',))
    """
    game = seated_for(game, draft)
    return play_partial(game.state, draft, game.state.players, game.options)


def seated_for(game: BoodleReplay, draft: Mapping[str, Any] | None) -> BoodleReplay:
    """``game`` as the deal being played finds it when its draft says who sits out (``out``,
    set at the table before the deal starts): who is dealt in, who deals, what each antes.
    Without one the table plays on as it sat in the last deal.

    >>> from ..base import Record
    >>> game = replay(Record("boodle", ("Anna", "Bo", "Cia", "Dan"), "Anna", {}, ({
    ...     "events": [{"out": "Anna"}], "cards_left": {"Bo": 1, "Cia": 2, "Dan": 3}},)))
    >>> seated = seated_for(game, {"out": ["Bo"]})  # Bo was to deal: he sits out
    >>> seated.next.dealer, seated.state.players
    ('Cia', ('Anna', 'Cia', 'Dan'))
    """
    if not draft or "out" not in draft or game.record is None:
        return game
    record = game.record
    sitting = record.with_rounds([*record.rounds, {"out": draft["out"]}])
    previous = game.deals[-1].seats if game.deals else None
    number = len(record.rounds) + 1
    try:
        seats = seating(sitting, number, previous)
        check_dealt_in_count(dealt_in(seats), number)
    except RuleError as err:
        raise RuleError(err.message, round=err.round, field="out") from None
    state = replace(game.state, seats=seats)
    return replace(game, state=state, next=next_deal(state, state.players, game.options))


def next_deal(state: TableState, players: Sequence[str], options: BoodleOptions) -> NextDeal:
    """The deal after ``state``: its dealer and what everyone antes."""
    antes = None if options.free is not None else antes_for(players, state.dealer, options)
    stakes = {name: options.stake(dealer=name == state.dealer) for name in players}
    return NextDeal(state.deal, state.dealer, antes, stakes, options.pot_ante)


def settlement_now(
    totals: Mapping[str, int], layout: Layout, pot: int = 0, among: Sequence[str] | None = None
) -> Settlement:
    """The fewest payments if the evening ended now: the chips still on the layout (and in the
    poker pot) are first shared equally among the players dealt in to the last deal
    (``among``; everyone when None). A player who left keeps his balance."""
    sharing = {name: totals[name] for name in among} if among else totals
    shared = share_leftover(sharing, sum(layout.values()) + pot)
    return settle({name: shared.get(name, Fraction(chips)) for name, chips in totals.items()})


def check_deal(record: Record, new_round: Mapping[str, Any]) -> DealResult:
    """Check one new round entered after ``record``'s rounds; its result if it is right."""
    return replay(record.with_rounds([*record.rounds, new_round])).deals[-1]


def score(record: Record) -> JSON:
    """The ``score`` output of docs/records.md for a Boodle record."""
    return result(replay(record))


def result(game: BoodleReplay) -> JSON:
    """The ``score`` output of a replayed Boodle record."""
    three_in_one = game.options.pot_ante is not None
    rounds = []
    for deal in game.deals:
        out: JSON = {
            "deal": deal.deal,
            "dealer": deal.dealer,
            "chips": dict(deal.chips),
            "layout": layout_json(deal.layout_after),
        }
        if three_in_one:
            out["pot"] = deal.pot_after
        if deal.entry.out is not None:
            out["out"] = list(deal.entry.out)
        if deal.entry.adjust:
            out["adjust"] = [adjustment.to_json() for adjustment in deal.entry.adjust]
        rounds.append(out)
    return {
        "game": "boodle",
        "finished": False,
        "winners": [],
        "totals": dict(game.totals),
        "rounds": rounds,
        "next": {"deal": game.next.deal, "dealer": game.next.dealer},
        "layout": layout_json(game.layout),
        "settlement": settlement_json(game.settlement, game.options),
    }


def layout_json(layout: Layout) -> JSON:
    """The chips on each boodle card, as docs/records.md prints them (``{"AH": 4, ...}``)."""
    return {card.value: layout[card] for card in CARDS}


def settlement_json(settlement: Settlement, options: BoodleOptions) -> list[JSON]:
    """The payments as docs/records.md prints them (``amount`` in money when a chip has a value)."""
    money = options.chip_money
    payments = []
    for payment in settlement.payments:
        out: JSON = {"from": payment.payer, "to": payment.payee, "chips": to_number(payment.value)}
        if money is not None:
            out["amount"] = float(round_half_up(payment.value * money, 2))
        payments.append(out)
    return payments


SPEC = GameSpec(
    "boodle", "Boodle", min_players=3, max_players=8, first_field="first_dealer",
    replay=replay, result=result, normalize_options=normalize_options, options=OPTIONS,
    evening=EVENING, resume=replay, max_listed=12,
)  # fmt: skip
