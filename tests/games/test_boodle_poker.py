"""Boodle, Three in One: poker hand ranking, the poker pot, split pots, folds and bad input."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.boodle import replay, score
from assistant.games.boodle.hands import HandCategory, rank_hand
from assistant.games.boodle.ledger import StepKind

PLAYERS = ("Anna", "Bo", "Cia")
OPTIONS = {"three_in_one": {"pot_ante": 1}}
STOPS: dict[str, Any] = {"events": [{"out": "Anna"}], "cards_left": {"Bo": 0, "Cia": 0}}


def record(*pokers: dict[str, Any], options: dict[str, Any] = OPTIONS) -> Record:
    rounds = tuple({**STOPS, "poker": poker} for poker in pokers)
    return Record("boodle", PLAYERS, "Cia", options, rounds)


@pytest.mark.parametrize(
    ("cards", "category"),
    [
        (["AH", "2D", "3C", "4S", "5H"], HandCategory.STRAIGHT),
        (["10H", "JD", "QC", "KS", "AH"], HandCategory.STRAIGHT),
        (["KH", "AD", "2C", "3S", "4H"], HandCategory.HIGH_CARD),
        (["AS", "2S", "3S", "4S", "5S"], HandCategory.STRAIGHT_FLUSH),
        (["9C", "KC", "2C", "5C", "7C"], HandCategory.FLUSH),
        (["KH", "KC", "KS", "3D", "3C"], HandCategory.FULL_HOUSE),
        (["7H", "7C", "7S", "7D", "AC"], HandCategory.FOUR_OF_A_KIND),
        (["7H", "7C", "7S", "2D", "AC"], HandCategory.THREE_OF_A_KIND),
        (["AH", "AD", "7C", "7S", "2D"], HandCategory.TWO_PAIRS),
        (["AH", "AD", "7C", "8S", "2D"], HandCategory.PAIR),
        (["AH", "KD", "7C", "8S", "2D"], HandCategory.HIGH_CARD),
    ],
)
def test_categories(cards, category) -> None:
    assert rank_hand(cards).category is category


# each hand beats the next one
LADDER = [
    ["10S", "JS", "QS", "KS", "AS"],
    ["AS", "2S", "3S", "4S", "5S"],
    ["7H", "7C", "7S", "7D", "AC"],
    ["7H", "7C", "7S", "6D", "6C"],
    ["6H", "6C", "6S", "AD", "AC"],
    ["2D", "4D", "6D", "8D", "KD"],
    ["10H", "JD", "QC", "KS", "AH"],
    ["2H", "3D", "4C", "5S", "6H"],
    ["AH", "2D", "3C", "4S", "5H"],  # the lowest straight: the ace counts low
    ["QH", "QD", "QC", "2S", "3H"],
    ["AH", "AD", "7C", "7S", "3D"],
    ["AC", "AS", "7D", "7H", "2D"],  # the same two pairs, a lower kicker
    ["KH", "KD", "QC", "QS", "AD"],
    ["AH", "AD", "KC", "QS", "2D"],
    ["AC", "AS", "KD", "JH", "10D"],
    ["AH", "KD", "QC", "JS", "9D"],
    ["AH", "KD", "QC", "JS", "8D"],
    ["7H", "5D", "4C", "3S", "2D"],
]


@pytest.mark.parametrize("index", range(len(LADDER) - 1))
def test_ranking_ladder(index: int) -> None:
    assert rank_hand(LADDER[index]) > rank_hand(LADDER[index + 1])


def test_equal_hands_in_other_suits_tie() -> None:
    assert rank_hand(["AH", "2D", "3C", "4S", "5H"]) == rank_hand(["AD", "2C", "3S", "4H", "5C"])


def test_best_hand_takes_antes_and_bets() -> None:
    poker = {
        "bets": {"Anna": 2, "Bo": 2},
        "folded": ["Cia"],
        "hands": {"Anna": ["AH", "AD", "7C", "7S", "2D"], "Bo": ["KH", "KC", "KS", "3D", "3C"]},
    }
    game = replay(record(poker))
    deal = game.deals[0]
    assert deal.poker is not None
    assert deal.poker.winners == ("Bo",)
    assert deal.poker.pot_total == 3 + 4
    win = next(step for step in deal.steps if step.kind is StepKind.POKER_POT)
    assert win.chips == {"Anna": 0, "Bo": 7, "Cia": 0}
    # stops: Cia deals (8 on the layout, the others 4); Anna goes out with nobody holding cards
    assert deal.chips == {"Anna": -4 - 1 - 2, "Bo": -4 - 1 - 2 + 7, "Cia": -8 - 1}
    assert deal.pot_after == 0
    assert score(record(poker))["rounds"][0]["pot"] == 0


def test_folded_bets_stay_in_the_pot_for_the_winner() -> None:
    poker = {"bets": {"Anna": 3, "Bo": 3, "Cia": 1}, "folded": ["Cia"], "winner": "Anna"}
    deal = replay(record(poker)).deals[0]
    assert deal.poker is not None
    assert deal.poker.pot_total == 3 + 3 + 3 + 1
    assert deal.chips["Anna"] == -4 - 1 - 3 + 10
    assert deal.chips["Cia"] == -8 - 1 - 1


WHEEL_1 = ["AH", "2D", "3C", "4S", "5H"]
WHEEL_2 = ["AD", "2C", "3S", "4H", "5C"]


def test_split_pot_shares_evenly() -> None:
    tie = {
        "bets": {"Anna": 1, "Bo": 1, "Cia": 1},
        "hands": {"Anna": WHEEL_1, "Bo": WHEEL_2, "Cia": ["KH", "KD", "QC", "QS", "9D"]},
    }
    deal = replay(record(tie)).deals[0]
    assert deal.poker is not None
    assert deal.poker.winners == ("Anna", "Bo")
    assert (deal.poker.pot_total, deal.poker.share, deal.pot_after) == (6, 3, 0)
    assert score(record(tie))["rounds"][0]["pot"] == 0


def test_split_pot_odd_chip_stays_for_the_next_deal() -> None:
    odd = {
        "bets": {"Anna": 1, "Bo": 1, "Cia": 0},
        "folded": ["Cia"],
        "hands": {"Anna": WHEEL_1, "Bo": WHEEL_2},
    }
    lone = {"bets": {"Bo": 2}, "folded": ["Anna", "Cia"]}
    first, second = replay(record(odd, lone)).deals
    assert first.poker is not None
    assert second.poker is not None
    # a pot of 5 for two winners: 2 each, 1 stays
    assert (first.poker.pot_total, first.poker.share, first.pot_after) == (5, 2, 1)
    assert second.poker.pot_before == 1
    # the lone player left wins without a showdown, the carried chip included
    assert second.poker.winners == ("Bo",)
    assert second.poker.pot_total == 1 + 3 + 2
    assert second.pot_after == 0
    assert [r["pot"] for r in score(record(odd, lone))["rounds"]] == [1, 0]


def test_chips_are_conserved_with_the_pot_and_the_pot_is_shared_at_settlement() -> None:
    odd = {
        "bets": {"Anna": 1, "Bo": 1},
        "folded": ["Cia"],
        "hands": {"Anna": WHEEL_1, "Bo": WHEEL_2},
    }
    game = replay(record(odd))
    assert game.pot == 1
    assert sum(game.totals.values()) + sum(game.layout.values()) + game.pot == 0
    paid = dict.fromkeys(PLAYERS, 0)
    for payment in game.settlement.payments:
        paid[payment.payer] -= payment.value
        paid[payment.payee] += payment.value
    share = Fraction(sum(game.layout.values()) + game.pot, 3)
    assert all(paid[name] == game.totals[name] + share for name in PLAYERS)


def test_pot_is_printed_only_with_three_in_one() -> None:
    plain = Record("boodle", PLAYERS, "Cia", {}, (STOPS,))
    assert "pot" not in score(plain)["rounds"][0]
    assert "pot" in score(record({"folded": ["Bo", "Cia"]}))["rounds"][0]


HANDS = {"Anna": ["AH", "AD", "7C", "7S", "2D"], "Bo": ["KH", "KC", "KS", "3D", "3C"]}

BAD = [
    ("unknown-field", {"winner": "Anna", "kitty": 2}, "poker.kitty", "unknown field kitty"),
    ("bet-as-text", {"bets": {"Anna": "2"}, "winner": "Anna"}, "poker.bets.Anna", "whole number"),
    ("bet-boolean", {"bets": {"Anna": True}, "winner": "Anna"}, "poker.bets.Anna", "whole"),
    ("bet-negative", {"bets": {"Bo": -1}, "winner": "Anna"}, "poker.bets.Bo", "at least 0"),
    ("bet-unknown-player", {"bets": {"Zed": 1}, "winner": "Anna"}, "poker.bets.Zed", "'Zed'"),
    (
        "unequal-bets",
        {"bets": {"Anna": 2, "Bo": 1}, "folded": ["Cia"], "winner": "Anna"},
        "poker.bets.Bo",
        "Anna and Bo both stayed in, so they bet the same: not 2 and 1",
    ),
    (
        "folded-bet-more",
        {"bets": {"Anna": 1, "Bo": 1, "Cia": 2}, "folded": ["Cia"], "winner": "Anna"},
        "poker.bets.Cia",
        "Cia folded after betting 2, more than the 1",
    ),
    ("all-folded", {"folded": list(PLAYERS)}, "poker.folded", "not every player can fold"),
    ("fold-twice", {"folded": ["Bo", "Bo"]}, "poker.folded", "fold only once"),
    ("fold-unknown", {"folded": ["Zed"]}, "poker.folded", "'Zed' is not a player"),
    ("winner-folded", {"folded": ["Cia"], "winner": "Cia"}, "poker.winner", "Cia folded"),
    ("winner-unknown", {"winner": "Zed"}, "poker.winner", "'Zed' is not a player"),
    (
        "hands-and-winner",
        {"folded": ["Cia"], "hands": HANDS, "winner": "Bo"},
        "poker.winner",
        "Enter the hands or the poker winner, not both",
    ),
    ("no-showdown", {"folded": ["Cia"]}, "poker.hands", "Who won the poker pot?"),
    (
        "hand-of-folded-player",
        {"folded": ["Bo", "Cia"], "hands": {"Anna": HANDS["Anna"], "Cia": HANDS["Bo"]}},
        "poker.hands.Cia",
        "Cia folded: a folded hand is not shown",
    ),
    (
        "hand-missing",
        {"folded": ["Cia"], "hands": {"Anna": HANDS["Anna"]}},
        "poker.hands.Bo",
        "Bo's poker hand is missing",
    ),
    (
        "hand-of-four",
        {"folded": ["Cia"], "hands": {**HANDS, "Bo": ["KH", "KC", "KS", "3D"]}},
        "poker.hands.Bo",
        "must be 5 cards",
    ),
    (
        "card-in-two-hands",
        {"folded": ["Cia"], "hands": {**HANDS, "Bo": ["AH", "KC", "KS", "3D", "3C"]}},
        "poker.hands.Bo",
        "A♥ cannot be in Bo's poker hand: Anna has it already",
    ),
    (
        "not-a-card",
        {"folded": ["Cia"], "hands": {**HANDS, "Bo": ["1H", "KC", "KS", "3D", "3C"]}},
        "poker.hands.Bo",
        "'1H' is not a card",
    ),
    ("poker-not-an-object", "Anna", "poker", "poker must be an object"),
]


@pytest.mark.parametrize(
    ("poker", "field", "message"), [pytest.param(*case[1:], id=case[0]) for case in BAD]
)
def test_bad_poker(poker, field, message) -> None:
    with pytest.raises(RuleError) as caught:
        score(record({"winner": "Anna"}, poker))
    assert message in str(caught.value)
    assert caught.value.round == 2
    assert caught.value.field == field
