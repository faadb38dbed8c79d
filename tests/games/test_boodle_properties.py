"""Boodle properties on generated games: chips are conserved, the settlement is exact and as
short as possible, and replaying deal by deal gives the same as replaying the whole record."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.base import Record
from assistant.games.boodle import replay, score
from assistant.games.boodle.deal import initial_state, play_deal
from assistant.games.boodle.rules import BoodleCard, max_hand, parse_options
from assistant.games.cards import RANKS, SUIT_LETTERS
from assistant.games.settle import minimum_payments, share_leftover

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Finn", "Gun", "Hal")
DECK = [rank + suit for suit in SUIT_LETTERS for rank in RANKS]
CARDS = [card.value for card in BoodleCard]


@st.composite
def stake(draw: st.DrawFn, chips: int) -> dict[str, int]:
    cuts = sorted(draw(st.lists(st.integers(0, chips), min_size=3, max_size=3)))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, chips], strict=True)]
    return {card: part for card, part in zip(CARDS, parts, strict=True) if part or card == "AH"}


@st.composite
def poker(draw: st.DrawFn, players: tuple[str, ...]) -> dict[str, Any]:
    folded = draw(st.lists(st.sampled_from(players), unique=True, max_size=len(players) - 1))
    staying = [name for name in players if name not in folded]
    call = draw(st.integers(0, 4))
    bets = {name: call for name in staying}
    bets.update({name: draw(st.integers(0, call)) for name in folded})
    out: dict[str, Any] = {"bets": bets, "folded": folded}
    if len(staying) > 1 or draw(st.booleans()):
        if draw(st.booleans()):
            # few distinct ranks, so that equal hands (split pots) come up
            deck = draw(st.permutations(DECK[:12] + DECK[13:25] + DECK[26:38] + DECK[39:51]))
            out["hands"] = {name: deck[5 * i : 5 * i + 5] for i, name in enumerate(staying)}
        else:
            out["winner"] = draw(st.sampled_from(staying))
    return out


@st.composite
def deal(
    draw: st.DrawFn, players: tuple[str, ...], dealer: str, options: dict[str, Any]
) -> dict[str, Any]:
    rnd: dict[str, Any] = {}
    free = (options.get("ante") or {}).get("free") if options.get("ante") != "standard" else None
    if free:
        rnd["stakes"] = {
            name: draw(stake(2 * free if name == dealer else free)) for name in players
        }
    widow = options.get("widow") or "dead"
    if widow != "dead":
        spare: dict[str, Any] = {}
        if draw(st.booleans()):
            spare["swap"] = True
        if widow == "auction" and draw(st.booleans()):
            buyer = draw(st.sampled_from([name for name in players if name != dealer]))
            spare["auction"] = {"buyer": buyer, "price": draw(st.integers(1, 5))}
        if spare or draw(st.booleans()):
            rnd["widow"] = spare
    if options.get("three_in_one"):
        rnd["poker"] = draw(poker(players))
    winner = draw(st.sampled_from(players))
    others = [name for name in players if name != winner]
    played = draw(st.lists(st.sampled_from(CARDS), unique=True))
    events: list[dict[str, Any]] = [
        {"boodle": card, "by": draw(st.sampled_from(players))} for card in played
    ]
    for _ in range(draw(st.integers(0, 3))):
        if not others:
            break
        fault = {
            "fault": draw(st.sampled_from(["wrong-lead", "withheld"])),
            "by": draw(st.sampled_from(others)),
        }
        events.insert(draw(st.integers(0, len(events))), fault)
    rnd["events"] = [*events, {"out": winner}]
    most = max_hand(len(players))
    rnd["cards_left"] = {name: draw(st.integers(0, most)) for name in others}
    return rnd


@st.composite
def games(draw: st.DrawFn) -> Record:
    players = NAMES[: draw(st.integers(3, 8))]
    first = draw(st.sampled_from(players))
    options: dict[str, Any] = {
        "ante": draw(st.sampled_from(["standard", None, {"free": draw(st.integers(1, 8))}])),
        "widow": draw(st.sampled_from(["dead", "swap", "auction", None])),
        "three_in_one": draw(st.sampled_from([False, None, {"pot_ante": 1}, {"pot_ante": 2}])),
        "chip_value": draw(st.sampled_from([None, 1, 0.5, 0.25, 2])),
    }
    rounds = []
    dealer_index = players.index(first)
    for _ in range(draw(st.integers(0, 5))):
        dealer = players[dealer_index % len(players)]
        rounds.append(draw(deal(players, dealer, options)))
        dealer_index += 1
    return Record("boodle", players, first, options, tuple(rounds))


@settings(max_examples=150, deadline=None)
@given(games())
def test_chips_are_conserved_after_every_deal(record: Record) -> None:
    game = replay(record)
    out = score(record)
    assert json.loads(json.dumps(out)) == out
    for deal_result, printed in zip(game.deals, out["rounds"], strict=True):
        layout = sum(deal_result.layout_after.values())
        assert sum(deal_result.balances.values()) + layout + deal_result.pot_after == 0
        assert printed.get("pot", 0) == deal_result.pot_after
        for step in deal_result.steps:
            assert sum(step.chips.values()) + sum(step.layout.values()) + step.pot == 0
        assert all(chips >= 0 for chips in deal_result.layout_after.values())
        assert deal_result.pot_after >= 0
    assert sum(out["totals"].values()) + sum(out["layout"].values()) + game.pot == 0


@settings(max_examples=100, deadline=None)
@given(games())
def test_settlement_is_exact_and_minimal(record: Record) -> None:
    game = replay(record)
    balances = share_leftover(game.totals, sum(game.layout.values()) + game.pot)
    paid = dict.fromkeys(balances, Fraction(0))
    for payment in game.settlement.payments:
        assert payment.value > 0
        paid[payment.payer] -= payment.value
        paid[payment.payee] += payment.value
    assert paid == balances
    # minimum_payments is checked against a brute force in test_settle
    assert len(game.settlement.payments) == minimum_payments(balances)
    printed = score(record)["settlement"]
    assert [(p["from"], p["to"]) for p in printed] == [
        (p.payer, p.payee) for p in game.settlement.payments
    ]
    for line, payment in zip(printed, game.settlement.payments, strict=True):
        assert abs(Fraction(str(line["chips"])) - payment.value) <= Fraction(1, 200)
        assert ("amount" in line) == (record.options.get("chip_value") is not None)


@settings(max_examples=100, deadline=None)
@given(games())
def test_replaying_deal_by_deal_equals_the_whole_record(record: Record) -> None:
    whole = replay(record)
    options = parse_options(record.options)
    state = initial_state(record)
    for number, raw in enumerate(record.rounds):
        result, state = play_deal(state, raw, record, options)
        assert result == whole.deals[number]
        prefix = score(record.with_rounds(record.rounds[: number + 1]))
        assert prefix["rounds"] == score(record)["rounds"][: number + 1]
        assert prefix["totals"] == result.balances
    assert (state.totals, state.layout, state.pot) == (whole.totals, whole.layout, whole.pot)
    assert (state.deal, state.dealer) == (whole.next.deal, whole.next.dealer)
