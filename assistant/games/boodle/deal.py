"""Boodle: playing one deal, as a list of chip flows (steps, see ``ledger``) from one table
state to the next.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..base import N_, Record, RuleError
from ..seating import Seated, Seating, seating
from .entries import DealEntry, parse_deal
from .events import BoodlePlay, Event, Fault
from .ledger import Layout, Ledger, Step, StepKind
from .people import adjust_steps, check_dealt_in_count, check_nobody_out_named
from .poker import PokerResult, play_poker, poker_steps
from .rules import CARDS, BoodleCard, BoodleOptions, FaultKind


@dataclass(frozen=True)
class TableState(Seated):
    """Where the table stands before the deal of ``seats`` (who deals it, ``seating.seating``):
    everyone's net chips, the chips on the layout and in the poker pot."""

    seats: Seating
    totals: Mapping[str, int]
    layout: Layout
    pot: int = 0

    deal = Seated.number

    @property
    def players(self) -> tuple[str, ...]:
        """The players dealt in to the deal, in seating order (all of them, unless some are
        out)."""
        return dealt_in(self.seats)


def dealt_in(seats: Seating) -> tuple[str, ...]:
    """The players dealt in to the deal of ``seats``, in seating order."""
    return tuple(name for name in seats.seats if name in seats.order)


@dataclass(frozen=True)
class DealPlay(Seated):
    """A deal as far as it is played from a table state: who deals it, the round as entered,
    the antes, the chips on the layout and in the poker pot before and now, the chip flows
    (``steps``), each player's gain (antes included), the players barred by a fault and what
    the poker stage decided."""

    seats: Seating
    entry: DealEntry
    antes: Mapping[str, Layout]
    layout_before: Layout
    layout_after: Layout
    pot_before: int
    pot_after: int
    steps: tuple[Step, ...]
    chips: Mapping[str, int]
    barred: tuple[str, ...]
    poker: PokerResult | None

    deal = Seated.number

    @property
    def players(self) -> tuple[str, ...]:
        """The players dealt in, in seating order."""
        return dealt_in(self.seats)


def deal_play(
    state: TableState,
    entry: DealEntry,
    antes: Mapping[str, Layout],
    book: Ledger,
    barred: Sequence[str],
    poker: PokerResult | None,
) -> dict[str, Any]:
    """The fields of a :class:`DealPlay` (a whole deal's or one in play) from its ledger."""
    return {
        "seats": state.seats,
        "entry": entry,
        "antes": antes,
        "layout_before": state.layout,
        "layout_after": dict(book.layout),
        "pot_before": state.pot,
        "pot_after": book.pot,
        "steps": tuple(book.steps),
        "chips": dict(book.chips),
        "barred": tuple(barred),
        "poker": poker,
    }


@dataclass(frozen=True)
class DealResult(DealPlay):
    """One deal replayed to its out: ``winner`` went out, ``balances`` is each player's running
    total after it."""

    balances: Mapping[str, int]
    winner: str


def initial_state(record: Record) -> TableState:
    """Before the first deal: nobody has won or lost, the layout is empty."""
    zeros = dict.fromkeys(record.players, 0)
    return TableState(seating(record, 1), zeros, dict.fromkeys(CARDS, 0), 0)


def antes_for(
    players: Sequence[str],
    dealer: str,
    options: BoodleOptions,
    stakes: Mapping[str, Layout] | None = None,
) -> dict[str, Layout]:
    """What each player puts on each boodle card: the free stakes as entered, or the standard
    ante (1 chip on each card, the dealer 2).

    >>> antes_for(["Anna", "Bo"], "Bo", BoodleOptions())["Bo"][BoodleCard.AH]
    2
    """
    if stakes is not None:
        return {name: dict(stakes[name]) for name in players}
    return _standard_antes(tuple(players), dealer)[0]


Antes = tuple[dict[str, Layout], dict[BoodleCard, int], dict[str, int]]


@lru_cache(maxsize=256)
def _standard_antes(players: tuple[str, ...], dealer: str) -> Antes:
    """The standard ante, made once per table and dealer (read only: every deal shares it)."""
    return _ante_flows({name: dict.fromkeys(CARDS, 2 if name == dealer else 1) for name in players})


def _ante_flows(antes: dict[str, Layout]) -> Antes:
    """The antes, what they put on each card, and what each player pays."""
    on_layout = dict.fromkeys(CARDS, 0)
    for stake in antes.values():
        for card, chips in stake.items():
            on_layout[card] += chips
    return antes, on_layout, {name: -sum(stake.values()) for name, stake in antes.items()}


def play_deal(
    state: TableState, raw: Any, record: Record, options: BoodleOptions
) -> tuple[DealResult, TableState]:
    """Check and play one round of ``record`` from ``state``; the result and the state after it.

    Errors name the deal they belong to (``round 3: ...``). Only the players dealt in ante,
    play and take chips; a player who is out keeps his balance.
    """
    players = state.players
    try:
        check_dealt_in_count(players, state.deal)
        check_nobody_out_named(raw, state.seats.out)
        entry = parse_deal(raw, players, state.dealer, options)
    except RuleError as err:
        raise err.at_round(state.deal) from None
    book, antes, poker = open_deal(state, entry, players, options)
    barred = play_events(book, entry.events[:-1])
    _out(book, entry)
    adjust_steps(book, entry.adjust)
    balances = {name: total + book.chips.get(name, 0) for name, total in state.totals.items()}
    result = DealResult(
        **deal_play(state, entry, antes, book, barred, poker),
        balances=balances,
        winner=entry.winner,
    )
    return result, state_after(result, record)


def state_after(result: DealResult, record: Record) -> TableState:
    """Where the table of ``record`` stands after the deal of ``result``."""
    seats = seating(record, result.deal + 1, result.seats)
    return TableState(seats, result.balances, result.layout_after, result.pot_after)


def open_deal(
    state: TableState, entry: DealEntry, players: Sequence[str], options: BoodleOptions
) -> tuple[Ledger, dict[str, Layout], PokerResult | None]:
    """The steps before the play: the antes, the spare hand and the poker stage."""
    dealer = state.dealer
    if entry.stakes is None:
        antes, on_layout, paid = _standard_antes(tuple(players), dealer)
    else:
        antes, on_layout, paid = _ante_flows(antes_for(players, dealer, options, entry.stakes))
    book = Ledger(players, state.layout, state.pot)
    book.add(
        StepKind.ANTE,
        None,
        N_("Antes: {dealer} deals and puts {double} chips on the layout, the others {each}"),
        {
            "dealer": dealer,
            "double": options.stake(dealer=True),
            "each": options.stake(dealer=False),
        },
        chips=paid,
        layout=on_layout,
    )
    _spare_hand(book, entry, dealer)
    poker = None
    if entry.poker is not None and options.pot_ante is not None:
        poker = play_poker(entry.poker, players, options.pot_ante, state.pot)
        poker_steps(book, poker)
    return book, antes, poker


def _spare_hand(book: Ledger, entry: DealEntry, dealer: str) -> None:
    if entry.swap:
        text = N_("{dealer} takes the spare hand blind for the hand dealt")
        book.add(StepKind.SWAP, dealer, text, {"dealer": dealer})
    if entry.auction is not None:
        buyer, price = entry.auction.buyer, entry.auction.price
        book.add(
            StepKind.AUCTION,
            buyer,
            N_("{buyer} buys the spare hand for {price} chips, paid to {dealer}"),
            {"buyer": buyer, "price": price, "dealer": dealer},
            chips={buyer: -price, dealer: price},
        )


def play_events(book: Ledger, events: Sequence[Event]) -> list[str]:
    """Boodle cards played and faults (not the out); returns the players barred by a fault, in
    order."""
    barred: list[str] = []
    others = len(book.players) - 1
    for index, event in enumerate(events):
        if isinstance(event, Fault):
            if event.by not in barred:
                barred.append(event.by)
            if event.kind is FaultKind.WRONG_LEAD:
                text = N_(
                    "{name} led a card that was not the lowest: pays 1 chip to each of the"
                    " {others} other players and gets no more boodle chips in this deal"
                )
                chips = {name: 1 for name in book.players if name != event.by}
                chips[event.by] = -others
            else:
                text = N_("{name} held back a playable card: no more boodle chips in this deal")
                chips = {}
            params = {"name": event.by, "others": others}
            book.add(StepKind.FAULT, event.by, text, params, chips=chips, event=index)
        elif isinstance(event, BoodlePlay):
            pile = book.layout[event.card]
            params = {"name": event.by, "card": event.card.label, "chips": pile}
            if event.by in barred:
                text = N_("{name} plays {card} but is barred after a fault: its {chips} chips stay")
                book.add(StepKind.BOODLE, event.by, text, params, event=index)
            else:
                text = N_("{name} plays {card} and takes the {chips} chips on it")
                book.add(
                    StepKind.BOODLE,
                    event.by,
                    text,
                    params,
                    chips={event.by: pile},
                    layout={event.card: -pile},
                    event=index,
                )
    return barred


def _out(book: Ledger, entry: DealEntry) -> None:
    winner = entry.winner
    total = sum(entry.cards_left.values())
    chips = {name: -held for name, held in entry.cards_left.items()}
    chips[winner] = total
    text = N_("{name} goes out: the others pay 1 chip per card still held, {chips} chips in all")
    params = {"name": winner, "chips": total}
    book.add(StepKind.OUT, winner, text, params, chips=chips, event=len(entry.events) - 1)
