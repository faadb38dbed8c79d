"""Mulle: points given to a player or taken from him (``adjust``), worked out by hand: the
deal's points stay as the cards made them, the totals, the winners and the hundred club count
them, and a partner's adjustment counts for his side."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.base import Record, RuleError
from assistant.games.mulle import replay, score
from tests.games.test_mulle import ANNA_44, BO_38, FOUR, TWO

DEAL = {"piles": {"Anna": ANNA_44, "Bo": BO_38}}  # Anna 44, Bo 38


def points(name: str, n: int, reason: str = "revoke") -> dict:
    return {"player": name, "points": n, "reason": reason}


def record(rounds, players=TWO, options=None) -> Record:
    return Record("mulle", players, "Anna", options or {}, tuple(rounds))


def test_an_adjustment_counts_in_the_totals_not_in_the_deals_points() -> None:
    got = score(record([DEAL, {**DEAL, "adjust": [points("Bo", -10)]}]))
    assert got["rounds"][1]["points"]["Bo"]["total"] == 38
    assert got["rounds"][1]["adjust"] == [points("Bo", -10)]
    assert "adjust" not in got["rounds"][0]
    assert got["totals"] == {"Anna": 88, "Bo": 66}
    assert got["winners"] == ["Anna"]
    assert got["hundred_club"] == []


def test_an_adjustment_can_send_a_player_to_the_hundred_club() -> None:
    got = score(record([DEAL, {**DEAL, "adjust": [points("Bo", -100, "left early")]}]))
    assert got["totals"] == {"Anna": 88, "Bo": -24}  # 112 behind the winner
    assert got["hundred_club"] == ["Bo"]


def test_an_adjustment_decides_the_winner_and_in_kryp_the_lowest_wins() -> None:
    rounds = [DEAL, {**DEAL, "adjust": [points("Anna", -12), points("Bo", 1)]}]
    assert score(record(rounds))["totals"] == {"Anna": 76, "Bo": 77}
    assert score(record(rounds))["winners"] == ["Bo"]
    assert score(record(rounds, options={"kryp": True}))["winners"] == ["Anna"]


def test_a_partners_adjustment_counts_for_his_side() -> None:
    got = score(record([{**DEAL, "adjust": [points("Cia", 5)]}], players=FOUR))
    assert got["rounds"][0]["points"]["Cia"]["total"] == 44
    assert got["totals"] == {"Anna": 49, "Bo": 38, "Cia": 49, "Dan": 38}


ERRORS = [
    ("not a player", [points("Eva", 5)], "round 1: adjust: 'Eva' is not a player"),
    ("nought", [points("Bo", 0)], "round 1: adjust: points must not be 0"),
    ("too many", [points("Bo", 1001)], "round 1: adjust: points must be at most 1000"),
    ("too few", [points("Bo", -1001)], "round 1: adjust: points must be at least -1000"),
    ("as text", [points("Bo", "5")], "round 1: adjust: points must be a whole number"),
    ("no reason", [{"player": "Bo", "points": 5}], "round 1: adjust: reason is missing"),
    ("long reason", [points("Bo", 5, "x" * 81)], "round 1: adjust: the reason is longer"),
    ("control", [points("Bo", 5, "a\nb")], "round 1: adjust: the reason holds a control"),
    ("a team", [{"team": 1, "points": 5, "reason": "x"}], "round 1: adjust: unknown field team"),
    ("empty", [], "round 1: adjust must be a list"),
]


@pytest.mark.parametrize(("adjust", "message"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_a_bad_adjustment_is_refused_with_its_round(adjust, message) -> None:
    with pytest.raises(RuleError) as caught:
        replay(record([{**DEAL, "adjust": adjust}]))
    assert str(caught.value).startswith(message)


ADJUST = st.lists(
    st.tuples(st.sampled_from(FOUR), st.integers(-1000, 1000).filter(bool)), max_size=3
).map(lambda entries: [points(name, n) for name, n in entries])


@settings(max_examples=80, deadline=None)
@given(st.lists(ADJUST, min_size=1, max_size=4), st.sampled_from([2, 3, 4]))
def test_totals_are_the_deals_points_plus_the_adjustments(adjusts, n) -> None:
    players = FOUR[:n]
    rounds = [
        {**DEAL, "adjust": [a for a in adjust if a["player"] in players]} for adjust in adjusts
    ]
    rounds = [r if r["adjust"] else DEAL for r in rounds][:n]
    state = replay(record(rounds, players=players))
    for name in players:
        side = next(s for s in state.sides if name in s)
        made = sum(deal.points[name].total for deal in state.deals)
        given_ = sum(a.points for deal in state.deals for a in deal.adjust if a.player in side)
        assert state.totals[name] == made + given_
