"""Boodle: every kind of bad input is a RuleError with a clear message, its round and its field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.boodle import score
from assistant.store.records import score_text

PLAYERS = ("Anna", "Bo", "Cia")  # Cia deals the first deal, Anna the second

GOOD: dict[str, Any] = {
    "events": [{"boodle": "QD", "by": "Anna"}, {"out": "Anna"}],
    "cards_left": {"Bo": 3, "Cia": 5},
}
FREE = {"ante": {"free": 6}}
STAKES = {"Anna": {"AH": 6}, "Bo": {"KC": 3, "QD": 3}, "Cia": {"AH": 4, "JS": 8}}
POKER_ON = {"three_in_one": {"pot_ante": 1}}
POKER = {"bets": {"Anna": 1, "Bo": 1}, "folded": ["Cia"], "winner": "Bo"}


def deal(**changes: Any) -> dict[str, Any]:
    """The good deal with some fields changed (a value None removes the field)."""
    out = {**GOOD, **changes}
    return {k: v for k, v in out.items() if v is not None}


def events(*items: dict[str, Any]) -> dict[str, Any]:
    return deal(events=list(items))


def error(options: dict[str, Any], rnd: dict[str, Any], *, before: int = 0) -> RuleError:
    """The error of a record whose round ``before + 1`` is ``rnd`` (after good rounds); Cia
    deals it."""
    rounds = [GOOD] * before + [rnd]
    first = PLAYERS[(PLAYERS.index("Cia") - before) % len(PLAYERS)]
    with pytest.raises(RuleError) as caught:
        score(Record("boodle", PLAYERS, first, options, tuple(rounds)))
    return caught.value


CASES = [
    # events
    (
        "boodle-card-twice",
        {},
        events({"boodle": "QD", "by": "Anna"}, {"boodle": "QD", "by": "Bo"}, {"out": "Anna"}),
        "events.1.boodle",
        "Q♦ was already played in this deal (event 1)",
    ),
    (
        "not-a-boodle-card",
        {},
        events({"boodle": "7S", "by": "Anna"}, {"out": "Anna"}),
        "events.0.boodle",
        "7♠ is not a boodle card: only A♥, K♣, Q♦, J♠ carry chips",
    ),
    (
        "not-a-card",
        {},
        events({"boodle": "1H", "by": "Anna"}, {"out": "Anna"}),
        "events.0.boodle",
        "'1H' is not a card",
    ),
    (
        "out-by-faulted-player",
        {},
        events({"fault": "withheld", "by": "Anna"}, {"out": "Anna"}),
        "events.1.out",
        "Anna made a fault in this deal and cannot win it",
    ),
    (
        "out-not-last",
        {},
        events({"out": "Anna"}, {"boodle": "QD", "by": "Bo"}),
        "events.1",
        "Event 2 comes after Anna went out, but the deal ended then",
    ),
    (
        "two-outs",
        {},
        events({"out": "Anna"}, {"out": "Bo"}),
        "events.1",
        "comes after Anna went out",
    ),
    (
        "out-missing",
        {},
        events({"boodle": "QD", "by": "Anna"}),
        "events",
        "who played their last card first?",
    ),
    ("events-missing", {}, deal(events=None), "events", "who played their last card first?"),
    ("events-not-a-list", {}, deal(events={"out": "Anna"}), "events", "events must be a list"),
    (
        "event-of-no-kind",
        {},
        events({"play": "QD", "by": "Anna"}, {"out": "Anna"}),
        "events.0",
        "Event 1 must be a boodle card played, a fault, or who went out",
    ),
    (
        "event-unknown-field",
        {},
        events({"boodle": "QD", "by": "Anna", "chips": 4}, {"out": "Anna"}),
        "events.0.chips",
        "event 1: unknown field chips",
    ),
    (
        "event-without-by",
        {},
        events({"boodle": "QD"}, {"out": "Anna"}),
        "events.0.by",
        "event 1: by is missing",
    ),
    (
        "unknown-fault",
        {},
        events({"fault": "revoke", "by": "Bo"}, {"out": "Anna"}),
        "events.0.fault",
        "'revoke' is not a fault: a fault is wrong-lead or withheld",
    ),
    (
        "unknown-player-plays",
        {},
        events({"boodle": "QD", "by": "Zed"}, {"out": "Anna"}),
        "events.0.by",
        "'Zed' is not a player",
    ),
    ("unknown-player-out", {}, events({"out": "Zed"}), "events.0.out", "'Zed' is not a player"),
    # cards left
    (
        "cards-left-for-winner",
        {},
        deal(cards_left={"Anna": 0, "Bo": 3, "Cia": 5}),
        "cards_left.Anna",
        "Anna went out and holds no cards",
    ),
    (
        "cards-left-missing-player",
        {},
        deal(cards_left={"Bo": 3}),
        "cards_left.Cia",
        "How many cards does Cia still hold?",
    ),
    ("cards-left-missing", {}, deal(cards_left=None), "cards_left", "how many cards each player"),
    (
        "cards-left-negative",
        {},
        deal(cards_left={"Bo": -1, "Cia": 5}),
        "cards_left.Bo",
        "Bo's cards left must be at least 0",
    ),
    (
        "cards-left-as-text",
        {},
        deal(cards_left={"Bo": "3", "Cia": 5}),
        "cards_left.Bo",
        "Bo's cards left must be a whole number",
    ),
    (
        "cards-left-boolean",
        {},
        deal(cards_left={"Bo": 3, "Cia": True}),
        "cards_left.Cia",
        "Cia's cards left must be a whole number",
    ),
    (
        "cards-left-more-than-a-hand",
        {},
        deal(cards_left={"Bo": 14, "Cia": 5}),
        "cards_left.Bo",
        "Bo cannot hold 14 cards: with 3 players no hand has more than 13",
    ),
    (
        "cards-left-unknown-player",
        {},
        deal(cards_left={"Bo": 3, "Cia": 5, "Zed": 1}),
        "cards_left.Zed",
        "'Zed' is not a player",
    ),
    # the spare hand
    (
        "auction-by-dealer",
        {"widow": "auction"},
        deal(widow={"auction": {"buyer": "Cia", "price": 2}}),
        "widow.auction.buyer",
        "Cia deals and cannot buy the spare hand",
    ),
    (
        "auction-price-zero",
        {"widow": "auction"},
        deal(widow={"auction": {"buyer": "Bo", "price": 0}}),
        "widow.auction.price",
        "The spare hand is sold for at least 1 chip, not 0",
    ),
    (
        "auction-price-as-text",
        {"widow": "auction"},
        deal(widow={"auction": {"buyer": "Bo", "price": "2"}}),
        "widow.auction.price",
        "The price must be a whole number of chips",
    ),
    (
        "auction-price-boolean",
        {"widow": "auction"},
        deal(widow={"auction": {"buyer": "Bo", "price": True}}),
        "widow.auction.price",
        "The price must be a whole number of chips",
    ),
    (
        "auction-unknown-buyer",
        {"widow": "auction"},
        deal(widow={"auction": {"buyer": "Zed", "price": 2}}),
        "widow.auction.buyer",
        "'Zed' is not a player",
    ),
    (
        "auction-without-price",
        {"widow": "auction"},
        deal(widow={"auction": {"buyer": "Bo"}}),
        "widow.auction.price",
        "price is missing",
    ),
    (
        "auction-under-swap",
        {"widow": "swap"},
        deal(widow={"auction": {"buyer": "Bo", "price": 2}}),
        "widow.auction",
        "The spare hand is not auctioned at this table",
    ),
    (
        "auction-under-dead",
        {},
        deal(widow={"auction": {"buyer": "Bo", "price": 2}}),
        "widow",
        "The spare hand is dead at this table",
    ),
    ("swap-under-dead", {}, deal(widow={"swap": True}), "widow", "The spare hand is dead"),
    ("swap-as-text", {"widow": "swap"}, deal(widow={"swap": "yes"}), "widow.swap", "true or false"),
    (
        "widow-unknown-field",
        {"widow": "swap"},
        deal(widow={"swap": True, "peek": True}),
        "widow.peek",
        "widow: unknown field peek",
    ),
    # stakes
    (
        "free-stake-short",
        FREE,
        deal(stakes={**STAKES, "Bo": {"KC": 3, "QD": 2}}),
        "stakes.Bo",
        "Bo places 6 chips, not 5",
    ),
    (
        "free-stake-dealer-not-double",
        FREE,
        deal(stakes={**STAKES, "Cia": {"AH": 6}}),
        "stakes.Cia",
        "Cia deals and places 12 chips, not 6",
    ),
    (
        "free-stake-not-a-boodle-card",
        FREE,
        deal(stakes={**STAKES, "Anna": {"AH": 3, "10D": 3}}),
        "stakes.Anna.10D",
        "10♦ is not a boodle card",
    ),
    (
        "free-stake-as-text",
        FREE,
        deal(stakes={**STAKES, "Anna": {"AH": "6"}}),
        "stakes.Anna.AH",
        "Anna's chips on A♥ must be a whole number",
    ),
    (
        "free-stake-boolean",
        FREE,
        deal(stakes={**STAKES, "Anna": {"AH": 5, "KC": True}}),
        "stakes.Anna.KC",
        "Anna's chips on K♣ must be a whole number",
    ),
    (
        "free-stake-negative",
        FREE,
        deal(stakes={**STAKES, "Anna": {"AH": 7, "KC": -1}}),
        "stakes.Anna.KC",
        "Anna's chips on K♣ must be at least 0",
    ),
    (
        "free-stake-missing-player",
        FREE,
        deal(stakes={"Anna": {"AH": 6}, "Cia": {"AH": 12}}),
        "stakes.Bo",
        "Where did Bo put their 6 chips?",
    ),
    (
        "free-stake-unknown-player",
        FREE,
        deal(stakes={**STAKES, "Zed": {"AH": 6}}),
        "stakes.Zed",
        "'Zed' is not a player",
    ),
    ("free-stake-missing", FREE, deal(), "stakes", "Enter where each player put their 6 chips"),
    (
        "stakes-under-standard-ante",
        {},
        deal(stakes=STAKES),
        "stakes",
        "Stakes are entered only with a free stake",
    ),
    # the round itself
    ("unknown-round-field", {}, deal(trump="S"), "trump", "the deal: unknown field trump"),
    ("round-not-an-object", {}, ["out", "Anna"], None, "the deal must be an object"),
    (
        "poker-without-three-in-one",
        {},
        deal(poker=POKER),
        "poker",
        "This table does not play Three in One",
    ),
    ("poker-missing", POKER_ON, deal(), "poker", "Three in One: enter the poker stage"),
]


def bad_rounds() -> list:
    """Each case as the first deal, and (where the good deal fits the options: it has no free
    stakes and no poker stage) as the second."""
    params = []
    for name, options, rnd, field, message in CASES:
        params.append(pytest.param(options, rnd, field, message, 0, id=name))
        if "ante" not in options and "three_in_one" not in options:
            params.append(pytest.param(options, rnd, field, message, 1, id=f"{name}-later"))
    return params


@pytest.mark.parametrize(("options", "rnd", "field", "message", "before"), bad_rounds())
def test_bad_round(options, rnd, field, message, before) -> None:
    err = error(options, rnd, before=before)
    assert message in str(err)
    assert err.round == before + 1
    assert str(err).startswith(f"round {before + 1}: ")
    assert err.field == field


OPTION_CASES = [
    ("unknown-option", {"target": 10}, "options.target", "options: unknown field target"),
    ("ante-unknown", {"ante": "double"}, "options.ante", 'The ante is "standard" or a free stake'),
    ("free-as-text", {"ante": {"free": "6"}}, "options.ante.free", "must be a whole number"),
    ("free-zero", {"ante": {"free": 0}}, "options.ante.free", "must be at least 1"),
    ("free-boolean", {"ante": {"free": True}}, "options.ante.free", "must be a whole number"),
    ("free-unknown-field", {"ante": {"free": 6, "x": 1}}, "options.ante.x", "unknown field x"),
    ("widow-unknown", {"widow": "sold"}, "options.widow", '"dead", "swap" or "auction"'),
    ("three-in-one-true", {"three_in_one": True}, "options.three_in_one", "Three in One is false"),
    (
        "pot-ante-zero",
        {"three_in_one": {"pot_ante": 0}},
        "options.three_in_one.pot_ante",
        "the poker ante must be at least 1",
    ),
    ("chip-value-text", {"chip_value": "0.5"}, "options.chip_value", "must be a number"),
    ("chip-value-boolean", {"chip_value": True}, "options.chip_value", "must be a number"),
    ("chip-value-zero", {"chip_value": 0}, "options.chip_value", "more than 0, not 0"),
    ("chip-value-negative", {"chip_value": -1}, "options.chip_value", "more than 0, not -1"),
]


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [pytest.param(*case[1:], id=case[0]) for case in OPTION_CASES],
)
def test_bad_option(options, field, message) -> None:
    with pytest.raises(RuleError) as caught:
        score(Record("boodle", PLAYERS, "Cia", options, ()))
    assert message in str(caught.value)
    assert caught.value.field == field
    assert caught.value.round is None


def test_bad_option_is_an_error_even_without_rounds_through_the_cli() -> None:
    text = json.dumps(
        {
            "format": "table-assistant/1",
            "game": "boodle",
            "players": list(PLAYERS),
            "options": {"chip_value": "1"},
        }
    )
    with pytest.raises(RuleError, match="chip value must be a number"):
        score_text(text)


def test_too_few_players() -> None:
    text = json.dumps({"format": "table-assistant/1", "game": "boodle", "players": ["A", "B"]})
    with pytest.raises(RuleError, match="3 to 12 players"):
        score_text(text)


def test_error_names_the_later_round() -> None:
    rounds = [GOOD, GOOD, deal(cards_left={"Bo": 3})]
    with pytest.raises(RuleError) as caught:
        score(Record("boodle", PLAYERS, "Cia", {}, tuple(rounds)))
    # the third deal is dealt by Bo, who won nothing: Cia's cards are missing
    assert str(caught.value).startswith("round 3: ")
    assert caught.value.field == "cards_left.Cia"


def test_a_spare_hand_left_alone_is_fine_under_every_rule() -> None:
    for rule in ("dead", "swap", "auction"):
        for widow in ({}, {"swap": False}, None):
            rnd = deal(widow=widow) if widow is not None else {**GOOD, "widow": None}
            out = score(Record("boodle", PLAYERS, "Cia", {"widow": rule}, (rnd,)))
            assert out["totals"] == {"Anna": 8, "Bo": -7, "Cia": -13}


def test_swap_is_allowed_under_auction_and_swap() -> None:
    for rule in ("swap", "auction"):
        out = score(
            Record("boodle", PLAYERS, "Cia", {"widow": rule}, (deal(widow={"swap": True}),))
        )
        assert out["totals"] == {"Anna": 8, "Bo": -7, "Cia": -13}
