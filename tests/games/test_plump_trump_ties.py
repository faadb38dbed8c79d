"""Plump: the trump rules (turn-up, whole pack, cycle, none, no largest) and the end (ties)."""

from __future__ import annotations

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.plump import replay, score

FOUR = ("Anna", "Bo", "Cia", "Dan")
THREE = ("A", "B", "C")


def record(rounds=(), options=None, players=FOUR) -> Record:
    return Record("plump", tuple(players), players[0], options or {}, tuple(rounds))


def plain_deals(options, players, count, trump=None):
    """``count`` valid deals: everybody bids 0, the first bidder takes every trick."""
    rounds = []
    for _ in range(count):
        nxt = replay(record(rounds, options, players)).next
        bids = dict.fromkeys(players, 0)
        if nxt.forbidden_for(bids) == 0:
            bids[nxt.first_bidder] = 1
        tricks = dict.fromkeys(players, 0)
        tricks[nxt.first_bidder] = nxt.cards
        entry = {"bids": bids, "tricks": tricks}
        if trump is not None:
            entry["trump"] = trump
        rounds.append(entry)
    return rounds


# --- trump ----------------------------------------------------------------------------------


def test_turn_up_prints_the_entered_suit_or_null():
    rounds = plain_deals({}, FOUR, 3)
    rounds[0]["trump"] = "D"
    rounds[2]["trump"] = "NT"
    result = replay(record(rounds))
    assert [d.trump for d in result.deals] == ["D", None, "NT"]
    assert all(d.enter_trump for d in result.deals)
    assert [r["trump"] for r in score(record(rounds))["rounds"]] == ["D", None, "NT"]
    assert result.next.enter_trump is True
    assert result.next.trump is None


def test_whole_pack_dealt_has_no_trump():
    options = {"start_cards": 13}
    rounds = plain_deals(options, FOUR, 2, trump="S")
    result = replay(record(rounds, options))
    first, second = result.deals
    assert (first.cards, first.trump, first.enter_trump) == (13, "NT", False)
    assert (second.cards, second.trump, second.enter_trump) == (12, "S", True)
    # 13 cards to each of 3 players leave a card to turn up
    three = replay(record(plain_deals(options, THREE, 1, trump="H"), options, THREE))
    assert three.deals[0].trump == "H"


def test_next_deal_of_the_whole_pack_says_no_trump():
    nxt = replay(record(options={"start_cards": 13})).next
    assert (nxt.cards, nxt.trump, nxt.enter_trump) == (13, "NT", False)


def test_cycle_runs_by_deal_number_and_ignores_the_entered_suit():
    options = {"trump": "cycle"}
    rounds = plain_deals(options, FOUR, 7, trump="S")
    result = replay(record(rounds, options))
    assert [d.trump for d in result.deals] == ["H", "D", "C", "S", "NT", "H", "D"]
    assert not any(d.enter_trump for d in result.deals)
    assert (result.next.trump, result.next.enter_trump) == ("C", False)


def test_cycle_is_not_affected_by_the_whole_pack():
    options = {"trump": "cycle", "start_cards": 13}
    assert replay(record(plain_deals(options, FOUR, 1), options)).deals[0].trump == "H"


def test_none_never_has_a_trump():
    options = {"trump": "none"}
    result = replay(record(plain_deals(options, FOUR, 4, trump="H"), options))
    assert {d.trump for d in result.deals} == {"NT"}
    assert (result.next.trump, result.next.enter_trump) == ("NT", False)


@pytest.mark.parametrize(
    ("trump", "expected"),
    [
        ("turn-up", ["NT", "C", "C", "C", "C", "C", "C", "C", "C", "C", "C", "C", "C", "C", "NT"]),
        ("cycle", ["NT", "D", "C", "S", "NT", "H", "D", "C", "S", "NT", "H", "D", "C", "S", "NT"]),
    ],
)
def test_no_trump_largest(trump, expected):
    options = {"trump": trump, "no_trump_largest": True, "tie_break": "share"}
    players = ("A", "B", "C", "D", "E", "F")  # 8 cards: 15 deals
    rounds = plain_deals(options, players, 15, trump="C")
    result = replay(record(rounds, options, players))
    assert [d.cards for d in result.deals][::14] == [8, 8]
    assert [d.trump for d in result.deals] == expected
    expected_entry = [trump == "turn-up" and d.cards != 8 for d in result.deals]
    assert [d.enter_trump for d in result.deals] == expected_entry


# --- the end ----------------------------------------------------------------------------------

ONE_CARD = {"schedule": "down", "start_cards": 1}  # a single 1-card deal
# A deals; B, C, A bid 0; B takes the trick: A and C tie on 10.
TIE = {"bids": {"B": 0, "C": 0, "A": 0}, "tricks": {"B": 1, "C": 0, "A": 0}}


def test_a_tie_shares_the_win():
    result = replay(record([TIE], ONE_CARD, THREE))
    assert result.finished
    assert result.winners == ("A", "C")
    assert result.leaders == ("A", "C")
    assert result.next is None
    output = score(record([TIE], ONE_CARD, THREE))
    assert (output["finished"], output["winners"], output["next"]) == (True, ["A", "C"], None)


def test_a_single_leader_wins_without_extra_deals():
    # bids B 1, C 0, A 1 (A may not bid 0); B takes the trick: B 11, C 10, A 0
    single = {"bids": {"B": 1, "C": 0, "A": 1}, "tricks": {"B": 1, "C": 0, "A": 0}}
    result = replay(record([single], {**ONE_CARD, "tie_break": "extra-deals"}, THREE))
    assert result.totals == {"A": 0, "B": 11, "C": 10}
    assert result.finished
    assert result.winners == ("B",)
    assert result.next is None


def test_extra_deals_not_needed_when_one_leads_alone_after_the_schedule():
    options = {"schedule": "down", "start_cards": 2, "tie_break": "extra-deals"}
    # deal 1 (2 cards, A deals): B, C, A; deal 2 (1 card, B deals): C, A, B
    first = {"bids": {"B": 0, "C": 1, "A": 0}, "tricks": {"B": 1, "C": 1, "A": 0}}
    result = replay(record([first], options, THREE))
    assert result.totals == {"A": 10, "B": 0, "C": 11}
    assert not result.finished  # the schedule is not over: C leading alone does not end it
    assert result.next.extra is False
    second = {"bids": {"C": 0, "A": 0, "B": 0}, "tricks": {"C": 1, "A": 0, "B": 0}}
    result = replay(record([first, second], options, THREE))
    assert result.totals == {"A": 20, "B": 10, "C": 11}
    assert result.finished
    assert result.winners == ("A",)


def test_tie_after_the_schedule_asks_for_an_extra_deal():
    options = {**ONE_CARD, "tie_break": "extra-deals"}
    result = replay(record([TIE], options, THREE))
    assert not result.finished
    assert result.winners == ()
    assert result.leaders == ("A", "C")
    nxt = result.next
    assert (nxt.deal, nxt.dealer, nxt.cards, nxt.first_bidder, nxt.extra) == (2, "B", 1, "C", True)
    assert score(record([TIE], options, THREE))["next"] == {
        "deal": 2,
        "dealer": "B",
        "cards": 1,
        "first_bidder": "C",
    }
    # deal 2 (B deals): C, A, B bid 0; C takes the trick: A and B on 20, C on 10 -- tied again
    again = {"bids": {"C": 0, "A": 0, "B": 0}, "tricks": {"C": 1, "A": 0, "B": 0}}
    result = replay(record([TIE, again], options, THREE))
    assert result.totals == {"A": 20, "B": 10, "C": 10}
    assert result.finished
    assert result.winners == ("A",)


def test_extra_deals_go_on_while_the_top_stays_tied():
    options = {"schedule": "down", "start_cards": 2, "tie_break": "extra-deals"}
    # deal 1 (2 cards, A deals): B, C, A
    first = {"bids": {"B": 1, "C": 1, "A": 1}, "tricks": {"B": 1, "C": 1, "A": 0}}
    # deal 2 (1 card, B deals): C, A, B; nobody made: B and C stay on 11
    second = {"bids": {"C": 1, "A": 1, "B": 1}, "tricks": {"C": 0, "A": 1, "B": 0}}
    result = replay(record([first, second], options, THREE))
    assert result.totals == {"A": 11, "B": 11, "C": 11}
    assert not result.finished
    extra = result.next
    assert (extra.deal, extra.dealer, extra.cards, extra.extra) == (3, "C", 2, True)
    # deal 3 (2 cards, C deals): A, B, C; A and B make theirs: still tied on top
    third = {"bids": {"A": 1, "B": 1, "C": 1}, "tricks": {"A": 1, "B": 1, "C": 0}}
    result = replay(record([first, second, third], options, THREE))
    assert result.totals == {"A": 22, "B": 22, "C": 11}
    assert not result.finished
    assert result.deals[-1].extra
    nxt = result.next
    assert (nxt.deal, nxt.dealer, nxt.cards, nxt.first_bidder) == (4, "A", 2, "B")
    # deal 4 (A deals): B, C, A; B makes 2 alone
    fourth = {"bids": {"B": 2, "C": 0, "A": 1}, "tricks": {"B": 2, "C": 0, "A": 0}}
    result = replay(record([first, second, third, fourth], options, THREE))
    assert result.totals == {"A": 22, "B": 34, "C": 21}
    assert result.finished
    assert result.winners == ("B",)
    assert result.next is None
    with pytest.raises(RuleError) as caught:
        replay(record([first, second, third, fourth, fourth], options, THREE))
    assert caught.value.round == 5
    assert "the game is over" in str(caught.value)


def test_cycle_goes_on_through_extra_deals():
    options = {**ONE_CARD, "tie_break": "extra-deals", "trump": "cycle"}
    result = replay(record([TIE], options, THREE))
    assert result.deals[0].trump == "H"
    assert result.next.trump == "D"


def test_a_deal_after_a_shared_win_is_refused():
    with pytest.raises(RuleError) as caught:
        replay(record([TIE, TIE], ONE_CARD, THREE))
    assert str(caught.value).startswith("round 2: the game is over")
    assert caught.value.round == 2
