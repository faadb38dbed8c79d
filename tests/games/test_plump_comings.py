"""Plump when people come and go: ``out``, a deal's own ``cards`` and ``adjust``, each case
worked out by hand (docs/records.md, "People come and go, and adjustments")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.plump import replay, score
from assistant.store.records import parse_record
from tests.examples import EXAMPLES

FIVE = ("Anna", "Bo", "Cia", "Dan", "Eva")
SHORT = {"start_cards": 5, "schedule": "down"}  # deals of 5, 4, 3, 2, 1 cards


def record(*rounds: dict[str, Any], players=FIVE, options=SHORT, first="Anna") -> Record:
    return Record("plump", tuple(players), first, options, rounds)


def example(name: str) -> Record:
    return parse_record(json.loads((EXAMPLES / f"{name}.json").read_text()))


# Deal 1 of the example, Eva not come yet: Anna deals 5 cards to four, Bo bids first.
FIRST = {
    "out": ["Eva"],
    "bids": {"Bo": 2, "Cia": 1, "Dan": 1, "Anna": 0},
    "tricks": {"Bo": 2, "Cia": 1, "Dan": 2, "Anna": 0},
}


def test_the_example_deals_each_deal_to_the_players_dealt_in() -> None:
    game = replay(example("plump-come-and-go"))
    seen = [(d.dealer, d.first_bidder, d.cards, d.forbidden_bid) for d in game.deals]
    assert seen == [
        ("Anna", "Bo", 5, 1),  # Eva not come yet
        ("Bo", "Cia", 4, 1),
        ("Cia", "Dan", 3, 1),  # Eva joins: the 3 cards of the schedule fit five players
        ("Dan", "Eva", 2, 0),  # Bo sits out
        ("Eva", "Anna", 1, 0),  # Dan has gone home
    ]
    assert game.deals[3].bidding_order == ("Eva", "Anna", "Cia", "Dan")
    assert game.deals[0].scores == {"Anna": 10, "Bo": 12, "Cia": 11, "Dan": 0}


def test_totals_count_the_adjustments_and_winners_are_among_those_still_playing() -> None:
    game = replay(example("plump-come-and-go"))
    # Eva starts from Anna's 10, the lowest total; Cia loses 10 for a revoke in deal 4.
    assert game.deals[2].totals["Eva"] == 10 + 11
    assert game.deals[3].totals["Cia"] == 32 - 10
    assert game.totals == {"Anna": 41, "Bo": 35, "Cia": 32, "Dan": 32, "Eva": 32}
    assert game.finished and game.winners == ("Anna",)


def test_one_out_of_the_last_deal_is_out_of_the_running_unless_the_table_says_otherwise() -> None:
    rounds = [
        {"bids": {"Bo": 1, "Cia": 1, "Dan": 2, "Anna": 1},
         "tricks": {"Bo": 0, "Cia": 0, "Dan": 2, "Anna": 0}},  # Dan 12, nobody else anything
        {"out": ["Dan"], "bids": {"Cia": 0, "Anna": 0, "Bo": 0},
         "tricks": {"Cia": 1, "Anna": 0, "Bo": 0}},  # Dan is not dealt in: Anna and Bo 10
    ]  # fmt: skip
    options = {"start_cards": 2, "schedule": "down"}
    game = replay(record(*rounds, players=FIVE[:4], options=options))
    assert game.totals == {"Anna": 10, "Bo": 10, "Cia": 0, "Dan": 12}  # what Dan scored stays
    assert game.finished and game.winners == ("Anna", "Bo")  # dealt in to the last deal
    rounds[-1] = {**rounds[-1], "winners": "everyone"}
    assert replay(record(*rounds, players=FIVE[:4], options=options)).winners == ("Dan",)


LEFT = [
    {"bids": {"Bo": 2, "Cia": 2, "Dan": 2, "Anna": 2},
     "tricks": {"Bo": 0, "Cia": 0, "Dan": 2, "Anna": 1}},  # Dan 12, nobody else anything
    {"out": ["Dan"], "bids": {"Cia": 0, "Anna": 0, "Bo": 0},
     "tricks": {"Cia": 1, "Anna": 0, "Bo": 1}},  # Dan has gone home: Anna 10
    {"out": ["Dan"], "bids": {"Anna": 0, "Bo": 0, "Cia": 0},
     "tricks": {"Anna": 1, "Bo": 0, "Cia": 0}},  # Bo and Cia 10
]  # fmt: skip
THREE_DEALS = {"start_cards": 3, "schedule": "down"}


def test_a_player_who_leaves_in_the_lead_does_not_win() -> None:
    game = replay(record(*LEFT, players=FIVE[:4], options=THREE_DEALS))
    assert game.totals == {"Anna": 10, "Bo": 10, "Cia": 10, "Dan": 12}  # what Dan scored stays
    assert game.finished and game.winners == ("Anna", "Bo", "Cia")  # Dan has left


def test_the_table_may_count_everyone_who_played() -> None:
    rounds = [*LEFT[:-1], {**LEFT[-1], "winners": "everyone"}]
    game = replay(record(*rounds, players=FIVE[:4], options=THREE_DEALS))
    assert game.finished and game.winners == ("Dan",)
    assert game.to_json()["rounds"][-1]["winners"] == "everyone"
    assert "winners" not in replay(record(*LEFT, players=FIVE[:4], options=THREE_DEALS)).to_json()[
        "rounds"][-1]  # fmt: skip


@pytest.mark.parametrize(
    ("rounds", "said"),
    [
        ([*LEFT[:-1], {**LEFT[-1], "winners": "all"}], 'round 3: winners must be "everyone"'),
        ([{**LEFT[0], "winners": "everyone"}, *LEFT[1:]], "round 1: winners is said on the deal"),
    ],
)
def test_winners_is_everyone_on_the_deal_that_ends_the_game(rounds, said) -> None:
    with pytest.raises(RuleError) as error:
        replay(record(*rounds, players=FIVE[:4], options=THREE_DEALS))
    assert str(error.value).startswith(said)


def test_the_schedule_comes_from_the_players_dealt_in_in_deal_1() -> None:
    game = replay(example("plump-come-and-go-pack"))
    assert game.deal_count == 17  # three players began, from 17 cards down to 1
    assert [d.cards for d in game.deals] == [17, 13, 12]
    assert game.deals[1].trump == "NT"  # 13 cards to each of four: the whole pack, no turn-up
    assert game.deals[1].enter_trump is False
    # four play on; the schedule's 14 no longer fits them, the most that do are offered
    assert (game.next.deal, game.next.dealer, game.next.cards) == (4, "Dan", 13)


def test_a_scheduled_count_that_no_longer_fits_names_the_round() -> None:
    rounds = list(example("plump-come-and-go-pack").rounds)
    rounds[1] = {key: value for key, value in rounds[1].items() if key != "cards"}
    with pytest.raises(RuleError) as caught:
        replay(example("plump-come-and-go-pack").with_rounds(rounds))
    assert str(caught.value) == "round 2: 16 cards each cannot be dealt to 4 players"
    assert caught.value.field == "cards"


def test_output_rounds_carry_the_new_keys_only_where_the_input_had_them() -> None:
    out = score(example("plump-come-and-go"))
    assert ["out" in r for r in out["rounds"]] == [True, True, False, True, True]
    assert ["adjust" in r for r in out["rounds"]] == [False, False, True, True, False]
    assert out["rounds"][3]["adjust"] == [{"player": "Cia", "points": -10, "reason": "revoke"}]
    plain = score(record(FIRST | {"out": []}, players=FIVE[:4]))
    assert plain["rounds"][0]["out"] == []


def test_a_deal_in_play_counts_its_adjustment_already() -> None:
    joins = {"bids": {"Bo": 1, "Cia": 1, "Dan": 1, "Eva": 0, "Anna": 0}}
    joins["adjust"] = [{"player": "Eva", "points": 12, "reason": "joins at the lowest total"}]
    game = replay(record(FIRST, joins))
    assert game.deals[1].in_play and game.totals["Eva"] == 12
    assert game.next.bids == joins["bids"] and game.next.bidding_order[0] == "Cia"


ADJUSTED_OUT = [
    # (what, the second deal, Eva's total after it, everyone's totals after it)
    ("Eva, not come yet, is given 10 to start from",
     {"out": ["Eva"], "bids": {"Cia": 1, "Dan": 1, "Anna": 1, "Bo": 2},
      "tricks": {"Cia": 1, "Dan": 1, "Anna": 0, "Bo": 2},
      "adjust": [{"player": "Eva", "points": 10, "reason": "joins from the lowest total"}]},
     {"Anna": 10, "Bo": 24, "Cia": 22, "Dan": 11, "Eva": 10}),
    ("Bo, sitting out, is corrected while the deal is in play",
     {"out": ["Bo", "Eva"], "bids": {"Cia": 1, "Dan": 1, "Anna": 1},
      "adjust": [{"player": "Bo", "points": -5, "reason": "miscounted deal 1"}]},
     {"Anna": 10, "Bo": 7, "Cia": 11, "Dan": 0, "Eva": 0}),
    ("two adjustments of one player out add up",
     {"out": ["Eva"], "bids": {"Cia": 1, "Dan": 1, "Anna": 1, "Bo": 2},
      "tricks": {"Cia": 1, "Dan": 1, "Anna": 0, "Bo": 2},
      "adjust": [{"player": "Eva", "points": 3, "reason": "a"},
                 {"player": "Eva", "points": -1, "reason": "b"}]},
     {"Anna": 10, "Bo": 24, "Cia": 22, "Dan": 11, "Eva": 2}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("what", "second", "totals"), ADJUSTED_OUT, ids=[case[0] for case in ADJUSTED_OUT]
)
def test_a_player_not_dealt_in_may_have_his_total_adjusted(what, second, totals) -> None:
    game = replay(record(FIRST, second))
    assert game.totals == totals
    deal = game.deals[1]
    out = set(second["out"])
    assert out.isdisjoint(deal.bidding_order) and out.isdisjoint(deal.scores or {})
    assert score(record(FIRST, second))["rounds"][1]["adjust"] == second["adjust"]


def test_next_assumes_the_last_deals_players_play_on() -> None:
    game = replay(record(FIRST))
    assert game.next.bidding_order == ("Cia", "Dan", "Anna", "Bo")
    assert (game.next.dealer, game.next.cards) == ("Bo", 4)


def test_a_tie_is_broken_among_those_still_playing() -> None:
    options = {"start_cards": 2, "schedule": "down", "tie_break": "extra-deals"}
    rounds = [
        {"bids": {"Bo": 1, "Cia": 0, "Dan": 0, "Anna": 0},
         "tricks": {"Bo": 1, "Cia": 0, "Dan": 0, "Anna": 1}},  # Bo 11, Cia 10, Dan 10, Anna 0
        {"out": ["Bo"], "bids": {"Dan": 0, "Anna": 0, "Cia": 0},
         "tricks": {"Dan": 0, "Anna": 1, "Cia": 0}},  # Cia 20, Dan 20: Bo has gone
    ]  # fmt: skip
    game = replay(record(*rounds, players=FIVE[:4], options=options))
    assert game.totals == {"Anna": 0, "Bo": 11, "Cia": 20, "Dan": 20}
    assert not game.finished and game.leaders == ("Cia", "Dan")
    assert game.next.bidding_order == ("Anna", "Cia", "Dan") and game.next.cards == 2
    shared = replay(record(*rounds, players=FIVE[:4], options=options | {"tie_break": "share"}))
    assert shared.winners == ("Cia", "Dan")


BAD = [
    # (what, round 2 of the record, message)
    ("a bid of a player out", {"out": ["Bo"], "bids": {"Bo": 0}}, "round 2: Bo is not dealt in"),
    ("tricks of a player out",
     {"out": ["Eva"], "bids": {"Cia": 1, "Dan": 1, "Anna": 1, "Bo": 2},
      "tricks": {"Cia": 1, "Dan": 1, "Anna": 0, "Bo": 2, "Eva": 0}},
     "round 2: Eva is not dealt in"),
    ("an adjustment of nobody",
     {"bids": {"Cia": 1, "Dan": 1, "Eva": 1, "Anna": 0, "Bo": 2},
      "adjust": [{"player": "Zed", "points": 10, "reason": "x"}]},
     "round 2: 'Zed' is not a player at this table"),
    ("too few dealt in", {"out": ["Eva", "Anna", "Bo"], "bids": {}},
     "round 2: 2 players are dealt in, but Plump is played by 3 to 7"),
    ("a deal of no cards", {"out": ["Eva"], "cards": 0, "bids": {}},
     "round 2: cards must be at least 1"),
    ("more cards than the pack has", {"cards": 11, "bids": {}},
     "round 2: cards must be at most 10"),
    ("cards that are not a number", {"cards": "4", "bids": {}},
     "round 2: cards must be a whole number"),
]  # fmt: skip

ADJUST = {"bids": {"Cia": 1, "Dan": 1, "Eva": 1, "Anna": 0, "Bo": 2}}
BAD_ADJUST = [
    ({"player": "Cia", "points": 0, "reason": "x"}, "adjust: points must not be 0"),
    ({"player": "Cia", "points": 1001, "reason": "x"}, "adjust: points must be at most 1000"),
    ({"player": "Cia", "points": -1001, "reason": "x"}, "adjust: points must be at least -1000"),
    ({"player": "Cia", "points": True, "reason": "x"}, "adjust: points must be a whole number"),
    ({"player": "Cia", "points": 2.5, "reason": "x"}, "adjust: points must be a whole number"),
    ({"player": "Cia", "points": 5}, "adjust: reason is missing"),
    ({"player": "Cia", "points": 5, "reason": ""}, "adjust needs a reason"),
    ({"player": "Cia", "points": 5, "reason": "x" * 81}, "longer than 80 characters"),
    ({"player": "Cia", "points": 5, "reason": "a\nb"}, "control character"),
    ({"player": "Cia", "points": 5, "reason": "x", "team": 1}, "adjust: unknown field team"),
]


@pytest.mark.parametrize(("what", "second", "message"), BAD, ids=[case[0] for case in BAD])
def test_every_error_names_its_round(what, second, message) -> None:
    with pytest.raises(RuleError) as caught:
        replay(record(FIRST, second))
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(("entry", "message"), BAD_ADJUST)
def test_a_bad_adjustment_is_refused_with_its_round(entry, message) -> None:
    with pytest.raises(RuleError, match=f"^round 2: .*{message}") as caught:
        replay(record(FIRST, ADJUST | {"adjust": [entry]}))
    assert caught.value.field == "adjust"


def test_an_empty_adjust_list_is_refused() -> None:
    with pytest.raises(RuleError, match=r"^round 2: adjust must be a list"):
        replay(record(FIRST, ADJUST | {"adjust": []}))


def test_the_first_dealer_must_be_dealt_in() -> None:
    with pytest.raises(RuleError, match=r"^round 1: Anna deals round 1 but is not dealt in"):
        replay(record({"out": ["Anna"], "bids": {}}))


TEN = tuple("ABCDEFGHIJ")


def test_a_table_of_ten_deals_in_three_to_seven() -> None:
    assert parse_record({"format": "table-assistant/1", "game": "plump", "players": list(TEN)})
    seven = {"out": list("HIJ"), "bids": dict.fromkeys("BCDEFGA", 0)}
    game = replay(Record("plump", TEN, "A", {}, (seven,)))
    assert game.deal_count == 13  # the schedule of seven players, from 7 cards
    assert game.next.bidding_order == tuple("BCDEFGA") and game.next.in_play
    with pytest.raises(RuleError, match=r"^round 1: 8 players are dealt in, but Plump is played"):
        replay(Record("plump", TEN, "A", {}, ({"out": ["J", "I"], "bids": {}},)))
    with pytest.raises(RuleError, match=r"^Plump needs 3 to 7 players"):
        replay(Record("plump", TEN, "A", {}, ()))  # the next deal would deal in all ten


def test_a_record_may_not_list_more_than_ten() -> None:
    with pytest.raises(RuleError):
        parse_record({"format": "table-assistant/1", "game": "plump", "players": [*TEN, "K"]})
