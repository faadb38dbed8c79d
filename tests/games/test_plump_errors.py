"""Plump: every kind of bad input is a RuleError with a useful message, the round and the field."""

from __future__ import annotations

import copy
import json

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.plump import (
    DealSetup,
    PlumpOptions,
    check_bids,
    check_tricks,
    deal_setup,
    normalize_options,
    replay,
)
from assistant.games.seating import seating
from assistant.store.records import parse_record, score_text
from tests.examples import PLUMP_THREE_DEALS

FOUR = ("Anna", "Bo", "Cia", "Dan")


def record(rounds, options=None, players=FOUR) -> Record:
    return Record("plump", tuple(players), players[0], options or {}, tuple(rounds))


def broken(change) -> list[dict]:
    rounds = copy.deepcopy(PLUMP_THREE_DEALS)
    change(rounds)
    return rounds


def _set(path, value):
    def change(rounds):
        *keys, last = path
        target = rounds
        for key in keys:
            target = target[key]
        target[last] = value

    return change


def _delete(path):
    def change(rounds):
        *keys, last = path
        target = rounds
        for key in keys:
            target = target[key]
        del target[last]

    return change


CASES = [
    # (name, change, round, field, message fragment)
    ("bid above the cards", _set((1, "bids", "Dan"), 10), 2, "bids.Dan",
     "Dan must bid a number from 0 to 9, not 10"),
    ("negative bid", _set((0, "bids", "Cia"), -1), 1, "bids.Cia",
     "Cia must bid a number from 0 to 10, not -1"),
    ("bid as text", _set((0, "bids", "Bo"), "3"), 1, "bids.Bo", "not '3'"),
    ("bid as boolean", _set((0, "bids", "Bo"), True), 1, "bids.Bo", "not True"),
    ("bid as fraction", _set((0, "bids", "Bo"), 3.0), 1, "bids.Bo", "not 3.0"),
    ("forbidden dealer bid", _set((2, "bids", "Cia"), 1), 3, "bids.Cia",
     "The dealer may not bid 1: the bids would add up to the 8 cards"),
    ("missing bid", _delete((1, "bids", "Anna")), 2, "bids.Anna", "Anna's bid is missing"),
    ("null bid", _set((1, "bids", "Anna"), None), 2, "bids.Anna", "Anna's bid is missing"),
    ("unknown bidder", _set((0, "bids", "Eve"), 1), 1, "bids", "'Eve' is not a player"),
    ("bids not an object", _set((0, "bids"), [3, 2, 1, 3]), 1, "bids", "every player's bid"),
    ("bids missing", _delete((2, "bids")), 3, "bids", "the bids of deal 3 are missing"),
    ("missing tricks of a player", _delete((0, "tricks", "Dan")), 1, "tricks.Dan",
     "Dan's tricks are missing"),
    ("unknown player in tricks", _set((0, "tricks", "Eve"), 0), 1, "tricks",
     "'Eve' is not a player"),
    ("tricks above the cards", _set((2, "tricks", "Bo"), 9), 3, "tricks.Bo",
     "Bo's tricks must be a number from 0 to 8, not 9"),
    ("negative tricks", _set((2, "tricks", "Bo"), -1), 3, "tricks.Bo", "not -1"),
    ("tricks as text", _set((2, "tricks", "Bo"), "3"), 3, "tricks.Bo", "not '3'"),
    ("tricks as boolean", _set((2, "tricks", "Cia"), False), 3, "tricks.Cia", "not False"),
    ("tricks not an object", _set((2, "tricks"), 8), 3, "tricks", "every player's tricks"),
    ("tricks too few", _set((0, "tricks", "Bo"), 2), 1, "tricks",
     "tricks add up to 9, but 10 cards were dealt"),
    ("tricks too many", _set((1, "tricks", "Bo"), 3), 2, "tricks",
     "tricks add up to 10, but 9 cards were dealt"),
    ("tricks missing before the last deal", _delete((1, "tricks")), 2, "tricks",
     "the tricks of deal 2 are missing: only the last deal may be in play"),
    ("bad trump letter", _set((0, "trump"), "X"), 1, "trump",
     "the trump must be S, H, D, C or NT, not 'X'"),
    ("trump as a word", _set((1, "trump"), "hearts"), 2, "trump", "not 'hearts'"),
    ("trump in lower case", _set((2, "trump"), "nt"), 3, "trump", "not 'nt'"),
    ("trump as a number", _set((2, "trump"), 1), 3, "trump", "not 1"),
    ("unknown field in a deal", _set((1, "tricks_taken"), {}), 2, "tricks_taken",
     "'tricks_taken' is not a field of a deal"),
    ("deal not an object", _set((1,), [1, 2]), 2, None, "a deal must be an object"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "round_", "field", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_bad_round(change, round_, field, message):
    with pytest.raises(RuleError) as caught:
        replay(record(broken(change)))
    error = caught.value
    assert error.round == round_
    assert error.field == field
    assert message in str(error)
    assert str(error).startswith(f"round {round_}: ")


def test_tricks_adding_up_wrong_reads_like_the_format_says():
    rounds = broken(_set((2, "tricks", "Cia"), 1))
    data = {"format": "table-assistant/1", "game": "plump", "players": list(FOUR), "rounds": rounds}
    with pytest.raises(RuleError) as caught:
        score_text(json.dumps(data))
    assert str(caught.value) == "round 3: tricks add up to 7, but 8 cards were dealt"


def test_one_card_deal_says_card():
    options = {"start_cards": 1}
    rounds = [{"bids": dict.fromkeys(FOUR, 1), "tricks": dict.fromkeys(FOUR, 0)}]
    with pytest.raises(RuleError, match=r"^round 1: tricks add up to 0, but 1 card was dealt$"):
        replay(record(rounds, options))


def test_the_game_is_over():
    options = {"schedule": "down", "start_cards": 1}
    deal = {"bids": dict.fromkeys(FOUR, 1), "tricks": {"Anna": 0, "Bo": 1, "Cia": 0, "Dan": 0}}
    assert replay(record([deal], options)).finished
    with pytest.raises(RuleError) as caught:
        replay(record([deal, {"bids": dict.fromkeys(FOUR, 0)}], options))
    assert caught.value.round == 2
    assert str(caught.value) == "round 2: the game is over: it ended with deal 1"


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"colour": "red"}, "options", "colour is not an option of Plump"),
        ({"start_cards": 0}, "options.start_cards", "from 1 to 17"),
        ({"start_cards": 18}, "options.start_cards", "from 1 to 17"),
        ({"start_cards": "10"}, "options.start_cards", "from 1 to 17"),
        ({"start_cards": True}, "options.start_cards", "from 1 to 17"),
        ({"start_cards": 9.5}, "options.start_cards", "from 1 to 17"),
        ({"schedule": "sideways"}, "options.schedule", "down-up, up-down, down, up, down-up-ones"),
        ({"hook": "yes"}, "options.hook", "hook must be true or false, not 'yes'"),
        ({"hook": 1}, "options.hook", "hook must be true or false, not 1"),
        ({"simultaneous_bids": 0}, "options.simultaneous_bids", "true or false"),
        ({"scoring": "double"}, "options.scoring", "ten-plus-bid, literal, trick-plus-ten"),
        ({"zero_bid_points": 7}, "options.zero_bid_points", "zero_bid_points must be 10 or 5"),
        ({"zero_bid_points": True}, "options.zero_bid_points", "10 or 5, not True"),
        ({"zero_bid_points": "5"}, "options.zero_bid_points", "10 or 5, not '5'"),
        ({"trump": "NT"}, "options.trump", "turn-up, cycle, none"),
        ({"no_trump_largest": "true"}, "options.no_trump_largest", "true or false"),
        ({"tie_break": "coin"}, "options.tie_break", "share, extra-deals"),
    ],
)
def test_bad_option(options, field, message):
    with pytest.raises(RuleError) as caught:
        normalize_options(options)
    assert caught.value.field == field
    assert message in str(caught.value)
    assert caught.value.round is None
    data = {"format": "table-assistant/1", "game": "plump", "players": list(FOUR)}
    with pytest.raises(RuleError):  # the envelope refuses it even without rounds
        parse_record({**data, "options": options})


def test_start_cards_too_many_for_the_players():
    with pytest.raises(RuleError) as caught:
        replay(record([], {"start_cards": 14}))
    assert caught.value.field == "options.start_cards"
    assert str(caught.value) == "with 4 players at most 13 cards can be dealt to each, not 14"
    assert replay(record([], {"start_cards": 17}, ("A", "B", "C"))).plan[0] == 17


def test_player_count_outside_plump():
    with pytest.raises(RuleError, match="3 to 7 players"):
        replay(record([], {}, ("A", "B")))


@pytest.mark.parametrize("options", [{"hook": False}, {"simultaneous_bids": True}])
def test_without_hook_the_dealer_may_make_the_bids_add_up(options):
    rounds = broken(_set((2, "bids", "Cia"), 1))
    deal = replay(record(rounds, options)).deals[2]
    assert deal.bids["Cia"] == 1
    assert deal.forbidden_bid is None


def test_check_helpers_work_on_a_half_entered_deal():
    setup: DealSetup = deal_setup(PlumpOptions(), seating(Record("plump", FOUR, "Anna"), 1))
    assert check_bids(setup, {"Bo": 3, "Cia": 3, "Dan": 2, "Anna": 3}) == {
        "Bo": 3,
        "Cia": 3,
        "Dan": 2,
        "Anna": 3,
    }
    with pytest.raises(RuleError) as caught:
        check_bids(setup, {"Bo": 3, "Cia": 3, "Dan": 2, "Anna": 2})
    assert caught.value.round is None
    assert caught.value.field == "bids.Anna"
    with pytest.raises(RuleError, match="tricks add up to 11, but 10 cards were dealt"):
        check_tricks(setup, {"Bo": 3, "Cia": 3, "Dan": 2, "Anna": 3})
