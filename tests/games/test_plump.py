"""Plump: the worked examples of the rules, the deal plans, trump rules, ties, examples, undo."""

from __future__ import annotations

import json

import pytest

from assistant.games import find_game
from assistant.games.base import Record, RuleError
from assistant.games.plump import (
    SPEC,
    PlumpOptions,
    Scoring,
    deal_count,
    deal_plan,
    deal_points,
    forbidden_bid,
    normalize_options,
    replay,
    score,
    undo,
)
from assistant.store.records import score_text
from tests.examples import PLUMP_THREE_DEALS, example_records

FOUR = ("Anna", "Bo", "Cia", "Dan")


def record(rounds=(), options=None, players=FOUR, first=None) -> Record:
    return Record("plump", tuple(players), first or players[0], options or {}, tuple(rounds))


# --- forbidden bids --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "others", "hook", "expected"),
    [
        (5, [2, 0, 1], True, 2),  # the rules: the dealer may not bid 2
        (5, [3, 1, 2], True, None),  # the others bid more than the cards: free
        (10, [3, 3, 2], True, 2),
        (1, [0, 0, 0], True, 1),
        (5, [2, 2, 1], True, 0),  # the others bid exactly the cards: 0 is forbidden
        (5, [0, 0, 0], True, 5),  # all others bid 0: the full hand is forbidden
        (10, 8, True, 2),  # the sum may be given instead of the bids
        (10, [3, 3, 2], False, None),
    ],
)
def test_forbidden_bid(cards, others, hook, expected):
    assert forbidden_bid(cards, others, hook) == expected


@pytest.mark.parametrize(
    ("cards", "bids", "message"),
    [
        (5, {"Bo": 2, "Cia": 0, "Dan": 1, "Anna": 2},
         "round 1: The dealer may not bid 2: the bids would add up to the 5 cards"),
        (10, {"Bo": 3, "Cia": 3, "Dan": 2, "Anna": 2},
         "round 1: The dealer may not bid 2: the bids would add up to the 10 cards"),
        (1, {"Bo": 0, "Cia": 0, "Dan": 0, "Anna": 1},
         "round 1: The dealer may not bid 1: the bids would add up to the 1 card"),
    ],
)  # fmt: skip
def test_dealer_may_not_bid_the_forbidden_number(cards, bids, message):
    options = {"start_cards": cards, "schedule": "down"}
    with pytest.raises(RuleError) as caught:
        score(record([{"bids": bids}], options))
    assert str(caught.value) == message
    assert caught.value.field == "bids.Anna"
    assert caught.value.round == 1


def test_dealer_may_bid_anything_when_the_others_overbid():
    bids = {"Bo": 3, "Cia": 1, "Dan": 2, "Anna": 5}
    deal = replay(record([{"bids": bids}], {"start_cards": 5})).deals[0]
    assert deal.forbidden_bid is None
    assert deal.bids == bids


@pytest.mark.parametrize(
    "options",
    [{"hook": False}, {"simultaneous_bids": True}, {"hook": True, "simultaneous_bids": True}],
)
def test_no_hook_lets_the_bids_add_up(options):
    bids = {"Bo": 3, "Cia": 3, "Dan": 2, "Anna": 2}
    result = replay(record([{"bids": bids}], options))
    assert result.deals[0].forbidden_bid is None
    assert result.next.hook is False
    assert result.next.forbidden_for(bids) is None


# --- scores ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("scoring", "zero", "bid", "tricks", "points"),
    [
        ("ten-plus-bid", 10, 3, 3, 13),
        ("ten-plus-bid", 10, 3, 2, 0),
        ("ten-plus-bid", 10, 3, 4, 0),
        ("ten-plus-bid", 10, 0, 0, 10),
        ("ten-plus-bid", 5, 0, 0, 5),
        ("ten-plus-bid", 10, 10, 10, 20),
        ("trick-plus-ten", 10, 2, 3, 3),
        ("trick-plus-ten", 10, 2, 2, 12),
        ("trick-plus-ten", 10, 0, 0, 10),
        ("trick-plus-ten", 5, 0, 0, 5),
        ("trick-plus-ten", 5, 0, 2, 2),
        ("literal", 10, 3, 3, 13),
        ("literal", 10, 10, 10, 110),
        ("literal", 10, 10, 9, 0),
        ("literal", 10, 0, 0, 10),
        ("literal", 5, 0, 0, 5),
    ],
)
def test_deal_points(scoring, zero, bid, tricks, points):
    options = PlumpOptions(scoring=Scoring(scoring), zero_bid_points=zero)
    assert deal_points(options, bid, tricks) == points


@pytest.mark.parametrize(("took", "points", "made"), [(3, 13, True), (2, 0, False), (4, 0, False)])
def test_bid_three_in_a_record(took, points, made):
    # Bo bids 3 of 5 cards; the others take the rest.
    bids = {"Bo": 3, "Cia": 0, "Dan": 0, "Anna": 0}
    tricks = {"Bo": took, "Cia": 5 - took, "Dan": 0, "Anna": 0}
    deal = replay(record([{"bids": bids, "tricks": tricks}], {"start_cards": 5})).deals[0]
    assert deal.scores["Bo"] == points
    assert deal.made["Bo"] is made


# --- the three-deal table ------------------------------------------------------------------

TABLE_DEALS = [
    (1, 10, "Anna", ("Bo", "Cia", "Dan", "Anna"), 4,
     {"Anna": 13, "Bo": 13, "Cia": 0, "Dan": 11}),
    (2, 9, "Bo", ("Cia", "Dan", "Anna", "Bo"), 3,
     {"Anna": 14, "Bo": 12, "Cia": 10, "Dan": 0}),
    (3, 8, "Cia", ("Dan", "Anna", "Bo", "Cia"), 1,
     {"Anna": 0, "Bo": 13, "Cia": 0, "Dan": 11}),
]  # fmt: skip


@pytest.mark.parametrize(("deal", "cards", "dealer", "order", "forbidden", "scores"), TABLE_DEALS)
def test_three_deal_table(deal, cards, dealer, order, forbidden, scores):
    played = replay(record(PLUMP_THREE_DEALS)).deals[deal - 1]
    assert (played.deal, played.cards, played.dealer) == (deal, cards, dealer)
    assert played.bidding_order == order
    assert played.first_bidder == order[0]
    assert played.forbidden_bid == forbidden
    assert played.scores == scores
    assert list(played.bids) == list(order)


@pytest.mark.parametrize(
    ("options", "totals"),
    [
        ({}, {"Anna": 27, "Bo": 38, "Cia": 10, "Dan": 22}),
        ({"zero_bid_points": 5}, {"Anna": 27, "Bo": 38, "Cia": 5, "Dan": 22}),
        ({"scoring": "trick-plus-ten"}, {"Anna": 29, "Bo": 38, "Cia": 15, "Dan": 25}),
    ],
)
def test_three_deal_totals(options, totals):
    result = replay(record(PLUMP_THREE_DEALS, options))
    assert result.totals == totals
    assert result.deals[-1].totals == totals
    assert result.leaders == ("Bo",)
    assert not result.finished
    assert result.winners == ()
    nxt = result.next
    assert (nxt.deal, nxt.dealer, nxt.cards, nxt.first_bidder) == (4, "Dan", 7, "Anna")
    assert nxt.bidding_order == ("Anna", "Bo", "Cia", "Dan")
    assert nxt.bids is None
    assert nxt.forbidden_for({"Anna": 2, "Bo": 1, "Cia": 3}) == 1


def test_running_totals_after_each_deal():
    deals = replay(record(PLUMP_THREE_DEALS)).deals
    assert [d.totals["Anna"] for d in deals] == [13, 27, 27]
    assert [d.totals["Cia"] for d in deals] == [0, 10, 10]


# --- the example records ----------------------------------------------------------------------


def test_there_are_six_examples():
    assert len(example_records("plump")) == 6


@pytest.mark.parametrize("path", example_records("plump"), ids=lambda p: p.stem)
def test_example_scores_exactly(path):
    expected = json.loads(path.with_name(path.stem + ".expected.json").read_text("utf-8"))
    assert score_text(path.read_text("utf-8")) == expected


# --- deal plans -------------------------------------------------------------------------------

PLAN_COUNTS = {  # players: (down-up, up-down, down, up, down-up-ones)
    3: (19, 19, 10, 10, 21),
    4: (19, 19, 10, 10, 22),
    5: (19, 19, 10, 10, 23),
    6: (15, 15, 8, 8, 20),
    7: (13, 13, 7, 7, 19),
}
SCHEDULES = ("down-up", "up-down", "down", "up", "down-up-ones")


@pytest.mark.parametrize("players", sorted(PLAN_COUNTS))
@pytest.mark.parametrize("schedule", SCHEDULES)
def test_deal_plan_for_every_schedule(players, schedule):
    start = {6: 8, 7: 7}.get(players, 10)
    down, up = list(range(start, 0, -1)), list(range(1, start + 1))
    expected = {
        "down-up": down + up[1:],
        "up-down": up + down[1:],
        "down": down,
        "up": up,
        "down-up-ones": down[:-1] + [1] * players + up[1:],
    }[schedule]
    plan = deal_plan({"schedule": schedule}, players)
    assert plan == expected
    assert len(plan) == PLAN_COUNTS[players][SCHEDULES.index(schedule)]
    assert deal_count({"schedule": schedule}, players) == len(plan)
    names = tuple(f"P{i}" for i in range(1, players + 1))
    assert replay(record(options={"schedule": schedule}, players=names)).deal_count == len(plan)


@pytest.mark.parametrize(
    ("options", "players", "plan"),
    [
        ({}, 4, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
        ({"schedule": "down-up-ones", "start_cards": 3}, 4, [3, 2, 1, 1, 1, 1, 2, 3]),
        ({"schedule": "up-down", "start_cards": 2}, 3, [1, 2, 1]),
        ({"schedule": "down", "start_cards": 1}, 5, [1]),
        ({"schedule": "down-up-ones", "start_cards": 1}, 3, [1, 1, 1]),
        ({"start_cards": 7}, 7, [7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7]),
    ],
)
def test_deal_plan_literal(options, players, plan):
    assert deal_plan(options, players) == plan
    assert deal_plan(PlumpOptions.from_json(options), players) == plan


@pytest.mark.parametrize(("start", "players", "deals"), [(13, 4, 25), (10, 4, 19), (8, 6, 15)])
def test_deal_count_from_start(start, players, deals):
    assert deal_count({"start_cards": start}, players) == deals


def test_down_up_ones_lets_everyone_bid_first_once_on_one_card():
    result = replay(record(options={"schedule": "down-up-ones"}))
    ones = [n + 1 for n, cards in enumerate(result.plan) if cards == 1]
    assert ones == [10, 11, 12, 13]
    players = ("Anna", "Bo", "Cia", "Dan")
    rounds = []
    firsts = []
    for deal in range(1, 14):
        nxt = replay(record(rounds, {"schedule": "down-up-ones"})).next
        assert nxt.deal == deal
        if nxt.cards == 1:
            firsts.append(nxt.first_bidder)
        bids = {p: 0 for p in players}
        tricks = {p: 0 for p in players}
        tricks[nxt.first_bidder] = nxt.cards
        rounds.append({"bids": bids, "tricks": tricks})
    assert sorted(firsts) == sorted(players)


# --- options --------------------------------------------------------------------------------


def test_normalize_options_fills_every_default():
    assert normalize_options({}) == {
        "start_cards": None,
        "schedule": "down-up",
        "hook": True,
        "simultaneous_bids": False,
        "scoring": "ten-plus-bid",
        "zero_bid_points": 10,
        "trump": "turn-up",
        "no_trump_largest": False,
        "tie_break": "share",
    }
    assert normalize_options({"hook": None, "schedule": None}) == normalize_options({})
    assert normalize_options({"start_cards": 13, "trump": "cycle"})["start_cards"] == 13


def test_spec_is_registered():
    assert find_game("plump") is SPEC
    assert SPEC.undo is undo
    assert (SPEC.min_players, SPEC.max_players, SPEC.first_field) == (3, 7, "first_dealer")


# --- undo -----------------------------------------------------------------------------------


def test_undo_takes_back_the_tricks_first_then_the_deal():
    rounds = list(PLUMP_THREE_DEALS)
    once = undo(rounds)
    assert once[:2] == PLUMP_THREE_DEALS[:2]
    assert once[2] == {"trump": "NT", "bids": PLUMP_THREE_DEALS[2]["bids"]}
    assert "tricks" in PLUMP_THREE_DEALS[2]  # the input is not changed
    result = replay(record(once))
    assert result.next.deal == 3
    assert result.next.bids == PLUMP_THREE_DEALS[2]["bids"]
    twice = undo(once)
    assert twice == PLUMP_THREE_DEALS[:2]
    assert undo([]) == []
