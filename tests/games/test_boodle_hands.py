"""Three in One: poker hands named as people say them, and the sentence of a showdown."""

from __future__ import annotations

import pytest

from assistant.games.base import Message, Record
from assistant.games.boodle import replay
from assistant.games.boodle.hands import hand_name, rank_hand, showdown_sentence


@pytest.mark.parametrize(
    ("cards", "name"),
    [
        (["AH", "KD", "7C", "8S", "2D"], "ace high"),
        (["7H", "5D", "4C", "3S", "2D"], "seven high"),
        (["KH", "KD", "7C", "8S", "2D"], "pair of kings"),
        (["AH", "AD", "7C", "7S", "2D"], "two pairs, aces and sevens"),
        (["6H", "6D", "6C", "QS", "2D"], "three sixes"),
        (["AH", "2D", "3C", "4S", "5H"], "straight, five high"),
        (["10H", "JD", "QC", "KS", "AH"], "straight, ace high"),
        (["9C", "KC", "2C", "5C", "7C"], "flush, king high"),
        (["KH", "KC", "KS", "3D", "3C"], "full house, kings over threes"),
        (["3H", "3C", "3S", "KD", "KC"], "full house, threes over kings"),
        (["JH", "JC", "JS", "JD", "AC"], "four jacks"),
        (["5S", "6S", "7S", "8S", "9S"], "straight flush, nine high"),
        (["10D", "JD", "QD", "KD", "AD"], "royal flush"),
    ],
)
def test_every_kind_of_hand_is_named(cards, name) -> None:
    assert str(hand_name(rank_hand(cards))) == name


def test_the_rank_names_are_messages_of_their_own_so_they_are_translated_too() -> None:
    name = hand_name(rank_hand(["KH", "KC", "KS", "3D", "3C"]))
    assert name.template == "full house, {high} over {low}"
    assert name.params == {"high": Message("kings"), "low": Message("threes")}


def ranks(**hands: list[str]):  # type: ignore[no-untyped-def]
    return {name: rank_hand(cards) for name, cards in hands.items()}


def test_the_issues_example_the_winner_against_the_best_hand_that_lost() -> None:
    shown = ranks(
        Anna=["AH", "AD", "7C", "7S", "2D"],
        Bo=["KH", "KC", "KS", "3D", "3C"],
        Cia=["QH", "9D", "7D", "4S", "2C"],
    )
    assert str(showdown_sentence(shown, ["Bo"], 9, 0)) == (
        "Bo: full house, kings over threes — beats Anna's two pairs, aces and sevens"
    )


def test_the_same_name_decided_by_the_kicker() -> None:
    shown = ranks(Anna=["AH", "AD", "KC", "7S", "2D"], Bo=["AS", "AC", "QC", "7H", "2H"])
    assert str(showdown_sentence(shown, ["Anna"], 4, 0)) == (
        "Anna: pair of aces — beats Bo's pair of aces on the kicker"
    )


@pytest.mark.parametrize(
    ("winners", "share", "left", "sentence"),
    [
        (["Anna", "Bo"], 4, 0, "Anna and Bo split the pot with straight, five high: 4 chips each"),
        (
            ["Anna", "Bo"],
            3,
            1,
            "Anna and Bo split the pot with straight, five high: 3 chips each;"
            " the odd chip stays in the pot",
        ),
        (
            ["Anna", "Bo", "Cia"],
            3,
            2,
            "Anna, Bo and Cia split the pot with straight, five high: 3 chips each;"
            " 2 chips stay in the pot",
        ),
    ],
)
def test_a_split_pot_says_so_and_what_stays(winners, share, left, sentence) -> None:
    wheel = ["AH", "2D", "3C", "4S", "5H"]
    shown = {name: rank_hand(wheel) for name in winners}
    assert str(showdown_sentence(shown, winners, share, left)) == sentence


def test_a_deal_decided_from_the_cards_carries_its_sentence() -> None:
    poker = {
        "bets": {"Anna": 2, "Bo": 2},
        "folded": ["Cia"],
        "hands": {"Anna": ["AH", "AD", "7C", "7S", "2D"], "Bo": ["KH", "KC", "KS", "3D", "3C"]},
    }
    rounds = ({"poker": poker, "events": [{"out": "Anna"}], "cards_left": {"Bo": 0, "Cia": 0}},)
    record = Record("boodle", ("Anna", "Bo", "Cia"), "Cia", {"three_in_one": {"pot_ante": 1}})
    deal = replay(record.with_rounds(rounds)).deals[0]
    assert deal.poker is not None
    assert str(deal.poker.sentence).startswith("Bo: full house, kings over threes — beats Anna's")
    winner_only = {**poker, "hands": None, "winner": "Bo"}
    rounds = ({**rounds[0], "poker": winner_only},)
    deal = replay(record.with_rounds(rounds)).deals[0]
    assert deal.poker is not None and deal.poker.sentence is None
