"""Boodle when people come and go: a round's ``out`` (not dealt in) and ``adjust`` (chips moved
by hand), worked out by hand from docs/records.md, every error of the contract with its round,
and the invariants on generated games (the deal passes only to players dealt in, totals are the
sum of the rounds' chips, chips are conserved, nobody out takes or pays a chip)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.base import Record, RuleError
from assistant.games.boodle import live_deal, replay, score
from assistant.games.boodle.evening import tally
from assistant.games.boodle.live import finished_round
from assistant.games.boodle.rules import BoodleCard
from assistant.store.records import score_text
from tests.games.test_boodle_properties import deal as dealt

PLAYERS = ("Anna", "Bo", "Cia", "Dan")
ANNA_OUT = {"events": [{"boodle": "QD", "by": "Anna"}, {"out": "Anna"}]}


def game(*rounds: dict[str, Any], first: str = "Cia", **options: Any) -> Record:
    return Record("boodle", PLAYERS, first, options, tuple(rounds))


def test_a_player_sitting_out_antes_nothing_and_takes_no_chips() -> None:
    # Dan sits out: Cia deals to Anna, Bo and herself, 4 + 4 + 8 = 16 chips on the layout.
    # Anna takes Q♦ (4 chips) and goes out: Bo pays 3, Cia 5.
    out = score(game({**ANNA_OUT, "out": ["Dan"], "cards_left": {"Bo": 3, "Cia": 5}}))
    (first,) = out["rounds"]
    assert first["chips"] == {"Anna": 8, "Bo": -7, "Cia": -13}
    assert first["out"] == ["Dan"]
    assert first["layout"] == {"AH": 4, "KC": 4, "QD": 0, "JS": 4}
    assert out["totals"] == {"Anna": 8, "Bo": -7, "Cia": -13, "Dan": 0}
    # The deal passes from Cia over Dan (he plays on sitting out: the last deal's out) to Anna.
    assert out["next"] == {"deal": 2, "dealer": "Anna"}


def test_the_deal_passes_over_a_player_who_sits_out() -> None:
    everyone = {"events": [{"out": "Anna"}], "cards_left": {"Bo": 0, "Cia": 0, "Dan": 0}}
    sitting = {"out": ["Dan"], "events": [{"out": "Anna"}], "cards_left": {"Bo": 0, "Cia": 0}}
    out = score(game(everyone, sitting, everyone))
    assert [r["dealer"] for r in out["rounds"]] == ["Cia", "Anna", "Bo"]
    assert [sorted(r["chips"]) for r in out["rounds"]] == [
        ["Anna", "Bo", "Cia", "Dan"],
        ["Anna", "Bo", "Cia"],
        ["Anna", "Bo", "Cia", "Dan"],
    ]
    assert "out" not in out["rounds"][0] and "out" not in out["rounds"][2]
    assert out["next"]["dealer"] == "Cia"


def test_a_wrong_lead_pays_only_the_players_dealt_in() -> None:
    # Dan is out: Bo's wrong lead pays Anna and Cia 1 chip each (not 3 chips).
    rnd = {
        "out": ["Dan"],
        "events": [{"fault": "wrong-lead", "by": "Bo"}, {"out": "Anna"}],
        "cards_left": {"Bo": 0, "Cia": 0},
    }
    assert score(game(rnd))["rounds"][0]["chips"] == {"Anna": -3, "Bo": -6, "Cia": -7}


def test_free_stakes_and_the_poker_stage_are_those_of_the_players_dealt_in() -> None:
    rnd = {
        "out": ["Anna"],
        "stakes": {"Bo": {"AH": 2}, "Cia": {"KC": 4}, "Dan": {"JS": 2}},
        "poker": {"bets": {"Bo": 1, "Dan": 1}, "folded": ["Cia"], "winner": "Dan"},
        "events": [{"out": "Bo"}],
        "cards_left": {"Cia": 2, "Dan": 1},
    }
    out = score(game(rnd, ante={"free": 2}, three_in_one={"pot_ante": 1}))
    # Cia deals (4 chips), Bo and Dan 2 each; the pot: 3 antes + 2 bets, Dan takes all 5.
    assert out["rounds"][0]["chips"] == {"Bo": -2 - 2 + 3, "Cia": -4 - 1 - 2, "Dan": -2 - 2 + 5 - 1}
    assert out["rounds"][0]["pot"] == 0
    assert out["totals"]["Anna"] == 0


def test_adjustments_move_chips_after_the_cards_and_are_printed_as_entered() -> None:
    adjust = [
        {"from": "Cia", "to": "Anna", "chips": 2, "reason": "paid late"},
        {"from": "Bo", "to": "KC", "chips": 1, "reason": "dropped a chip"},
    ]
    rnd = {**ANNA_OUT, "cards_left": {"Bo": 3, "Cia": 5, "Dan": 0}, "adjust": adjust}
    out = score(game(rnd))
    # Cia deals: 4 each, Cia 8 (20 chips, 5 a card). Anna takes Q♦ (5) and 8 for the cards.
    assert out["rounds"][0]["chips"] == {
        "Anna": -4 + 5 + 8 + 2,
        "Bo": -4 - 3 - 1,
        "Cia": -8 - 5 - 2,
        "Dan": -4,
    }
    assert out["rounds"][0]["layout"] == {"AH": 5, "KC": 6, "QD": 0, "JS": 5}
    assert out["rounds"][0]["adjust"] == adjust
    assert sum(out["totals"].values()) + sum(out["layout"].values()) == 0


def test_the_layout_is_shared_among_the_players_dealt_in_to_the_last_deal() -> None:
    rnd = {"out": ["Dan"], **ANNA_OUT, "cards_left": {"Bo": 3, "Cia": 5}}
    played = replay(game(rnd))
    # 12 chips left on the layout: 4 each to Anna, Bo and Cia; Dan's 0 stays 0.
    assert played.settlement.balances == {"Anna": 12, "Bo": -3, "Cia": -9, "Dan": 0}
    text = json.dumps(
        {
            "format": "table-assistant/1",
            "game": "boodle",
            "players": list(PLAYERS),
            "first_dealer": "Cia",
            "rounds": [rnd],
        }
    )
    payments = score_text(text)["settlement"]
    assert sorted((p["from"], p["to"], p["chips"]) for p in payments) == [
        ("Bo", "Anna", 3),
        ("Cia", "Anna", 9),
    ]


def test_a_player_who_left_keeps_his_balance_and_counts_only_his_own_deals() -> None:
    everyone = {"events": [{"out": "Dan"}], "cards_left": {"Anna": 1, "Bo": 1, "Cia": 1}}
    gone = {"out": ["Dan"], **ANNA_OUT, "cards_left": {"Bo": 0, "Cia": 0}}
    played = replay(game(everyone, gone, gone))
    # Dan's one deal: he antes 4 and goes out, taking a chip for each of the 3 cards left.
    assert played.totals["Dan"] == -4 + 3
    assert played.settlement.balances["Dan"] == -1  # the layout is not his to share
    assert tally(played, "Dan")["deals"] == 1
    assert tally(played, "Anna")["deals"] == 3


def test_a_record_of_twelve_players_deals_in_three_to_eight() -> None:
    names = [f"P{n}" for n in range(12)]
    rnd = {"out": names[8:], "events": [{"out": "P0"}], "cards_left": dict.fromkeys(names[1:8], 0)}
    text = json.dumps(
        {"format": "table-assistant/1", "game": "boodle", "players": names, "rounds": [rnd]}
    )
    out = score_text(text)
    assert len(out["totals"]) == 12 and len(out["rounds"][0]["chips"]) == 8


def test_the_live_deal_is_dealt_to_the_players_dealt_in() -> None:
    played = replay(game({**ANNA_OUT, "out": ["Dan"], "cards_left": {"Bo": 3, "Cia": 5}}))
    live = live_deal(played, {"events": [{"fault": "wrong-lead", "by": "Bo"}]})
    assert set(live.chips) == {"Anna", "Bo", "Cia"}
    with pytest.raises(RuleError, match="Dan"):
        live_deal(played, {"events": [{"boodle": "AH", "by": "Dan"}]})


GOOD = {"events": [{"out": "Anna"}], "cards_left": {"Bo": 1, "Cia": 1}}
ADJ = {"from": "Bo", "to": "Anna", "chips": 1, "reason": "revoke"}

ERRORS = [
    (
        "out-in-events",
        {**GOOD, "out": ["Dan"], "events": [{"boodle": "AH", "by": "Dan"}, {"out": "Anna"}]},
        "round 1: Dan is not dealt in",
    ),
    (
        "out-goes-out",
        {**GOOD, "out": ["Bo"], "events": [{"out": "Bo"}], "cards_left": {"Anna": 1, "Cia": 1}},
        "round 1: Bo is not dealt in",
    ),
    (
        "out-in-cards-left",
        {**GOOD, "out": ["Dan"], "cards_left": {"Bo": 1, "Cia": 1, "Dan": 1}},
        "round 1: Dan is not dealt in",
    ),
    (
        "out-adjusts",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "from": "Dan"}]},
        "round 1: Dan is not dealt in",
    ),
    (
        "adjusted-to-out",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "to": "Dan"}]},
        "round 1: Dan is not dealt in",
    ),
    (
        "out-buys",
        {**GOOD, "out": ["Dan"], "widow": {"auction": {"buyer": "Dan", "price": 1}}},
        "round 1: Dan is not dealt in",
    ),
    (
        "too-few",
        {"out": ["Bo", "Dan"], "events": [{"out": "Anna"}], "cards_left": {"Cia": 1}},
        "round 1: 2 players are dealt in: a deal of Boodle is for 3 to 8 players",
    ),
    (
        "first-dealer-out",
        {**GOOD, "out": ["Cia"], "cards_left": {"Bo": 1, "Dan": 1}},
        "round 1: Cia deals round 1 but is not dealt in",
    ),
    ("out-unknown", {**GOOD, "out": ["Eva"]}, "round 1: out: 'Eva' is not a player"),
    ("out-twice", {**GOOD, "out": ["Dan", "Dan"]}, "round 1: out names a player twice"),
    ("out-not-a-list", {**GOOD, "out": "Dan"}, "round 1: out must be a list of names"),
    (
        "adjust-empty",
        {**GOOD, "out": ["Dan"], "adjust": []},
        "round 1: adjust must be a list of adjustments",
    ),
    (
        "adjust-no-reason",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "reason": ""}]},
        "round 1: adjust needs a reason",
    ),
    (
        "adjust-long-reason",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "reason": "x" * 81}]},
        "round 1: adjust: the reason is longer than 80 characters",
    ),
    (
        "adjust-extra-key",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "points": 1}]},
        "round 1: adjust: unknown field points",
    ),
    (
        "adjust-zero",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "chips": 0}]},
        "round 1: the chips moved must be at least 1",
    ),
    (
        "adjust-negative",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "chips": -2}]},
        "round 1: the chips moved must be at least 1",
    ),
    (
        "adjust-text",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "chips": "2"}]},
        "round 1: the chips moved must be a whole number",
    ),
    (
        "adjust-to-self",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "to": "Bo"}]},
        "round 1: Bo cannot move chips to themselves",
    ),
    (
        "adjust-to-a-card",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "to": "7S"}]},
        "round 1: adjust to: '7S' is not a player",
    ),
    (
        "adjust-stranger",
        {**GOOD, "out": ["Dan"], "adjust": [{**ADJ, "from": "Eva"}]},
        "round 1: adjust from: 'Eva' is not a player",
    ),
]


@pytest.mark.parametrize(("rnd", "message"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_every_error_names_its_round(rnd: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError) as caught:
        score(game(rnd, widow="auction"))
    assert str(caught.value) == message


def test_a_later_round_names_itself_and_the_poker_stage_too() -> None:
    poker = {"bets": {}, "folded": ["Dan"], "winner": "Anna"}
    rnd = {**GOOD, "out": ["Dan"], "poker": poker}
    with pytest.raises(RuleError, match=r"^round 2: Dan is not dealt in$"):
        score(
            game(
                {**rnd, "poker": {"bets": {}, "folded": [], "winner": "Anna"}},
                rnd,
                three_in_one={"pot_ante": 1},
                first="Bo",
            )
        )


def test_more_than_eight_dealt_in_is_an_error_even_without_rounds() -> None:
    names = [f"P{n}" for n in range(9)]
    with pytest.raises(RuleError, match=r"^9 players are dealt in"):
        score_text(json.dumps({"format": "table-assistant/1", "game": "boodle", "players": names}))
    with pytest.raises(RuleError, match="3 to 12 players"):
        score_text(
            json.dumps(
                {
                    "format": "table-assistant/1",
                    "game": "boodle",
                    "players": [*names, "A", "B", "C", "D"],
                }
            )
        )


# --- generated games ------------------------------------------------------------------------

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Finn", "Gun", "Hal", "Ida", "Jon")
CARD_CODES = [card.value for card in BoodleCard]


def next_dealt_in(players: tuple[str, ...], dealer: str, dealt_in: list[str]) -> str:
    """The contract's rule, written out apart from the engine: the first player after the
    dealer, in seating order and wrapping, who is dealt in."""
    start = players.index(dealer)
    return next(
        players[(start + step) % len(players)]
        for step in range(1, len(players) + 1)
        if players[(start + step) % len(players)] in dealt_in
    )


@st.composite
def comings(draw: st.DrawFn) -> tuple[Record, list[str]]:
    """A game whose players come and go, with adjustments; and each deal's dealer by the
    contract's rule."""
    players = NAMES[: draw(st.integers(4, 10))]
    options: dict[str, Any] = {
        "ante": draw(st.sampled_from(["standard", {"free": 2}])),
        "widow": draw(st.sampled_from(["dead", "auction"])),
        "three_in_one": draw(st.sampled_from([False, {"pot_ante": 1}])),
    }
    rounds, dealers = [], []
    dealer = None
    for number in range(draw(st.integers(1, 5))):
        count = draw(st.integers(3, min(8, len(players))))
        dealt_in = sorted(draw(st.permutations(players))[:count], key=players.index)
        dealer = dealt_in[0] if number == 0 else next_dealt_in(players, dealer, dealt_in)
        rnd = draw(dealt(tuple(dealt_in), dealer, options))
        if len(dealt_in) < len(players):
            rnd["out"] = [name for name in players if name not in dealt_in]
        moves = draw(
            st.lists(
                st.tuples(
                    st.sampled_from(dealt_in),
                    st.sampled_from([*dealt_in, *CARD_CODES]),
                    st.integers(1, 9),
                ),
                max_size=3,
            )
        )
        adjust = [{"from": a, "to": b, "chips": c, "reason": "r"} for a, b, c in moves if a != b]
        if adjust:
            rnd["adjust"] = adjust
        rounds.append(rnd)
        dealers.append(dealer)
    first = rounds[0].get("out", [])
    first_dealer = next(name for name in players if name not in first)
    return Record("boodle", players, first_dealer, options, tuple(rounds)), dealers


@settings(max_examples=120, deadline=None)
@given(comings())
def test_generated_games_keep_the_invariants(generated: tuple[Record, list[str]]) -> None:
    record, dealers = generated
    played = replay(record)
    out = score(record)
    assert [r["dealer"] for r in out["rounds"]] == dealers
    for raw, printed, result in zip(record.rounds, out["rounds"], played.deals, strict=True):
        out_now = raw.get("out", [])
        assert printed["dealer"] not in out_now
        assert not set(printed["chips"]) & set(out_now)
        assert printed.get("out") == raw.get("out") and printed.get("adjust") == raw.get("adjust")
        layout = sum(result.layout_after.values())
        assert sum(result.balances.values()) + layout + result.pot_after == 0
    for name in record.players:
        assert out["totals"][name] == sum(r["chips"].get(name, 0) for r in out["rounds"])
    # the settle-up: the players dealt in to the last deal share what is left on the layout
    left = sum(played.layout.values()) + played.pot
    last = [n for n in record.players if n not in record.rounds[-1].get("out", [])]
    for name in record.players:
        share = Fraction(left, len(last)) if name in last else 0
        assert played.settlement.balances[name] == played.totals[name] + share
    assert sum(played.settlement.balances.values()) == 0


def test_the_deal_being_played_may_leave_players_out_and_move_chips() -> None:
    played = replay(game({**ANNA_OUT, "cards_left": {"Bo": 3, "Cia": 5, "Dan": 0}}))
    assert played.next.dealer == "Dan"
    # Dan, who was to deal, sits this deal out: Anna deals to Anna, Bo and Cia
    draft = {"out": ["Dan"], "adjust": [{"from": "Bo", "to": "QD", "chips": 1, "reason": "r"}]}
    live = live_deal(played, draft)
    assert live.dealer == "Anna" and set(live.chips) == {"Anna", "Bo", "Cia"}
    assert live.chips["Bo"] == -4 - 1 and live.layout_after[BoodleCard.QD] == 4 + 1
    done = finished_round(live, draft, "Cia", {"Anna": 1, "Bo": 2})
    assert done["out"] == ["Dan"] and done["adjust"] == draft["adjust"]
    saved = score(game({**ANNA_OUT, "cards_left": {"Bo": 3, "Cia": 5, "Dan": 0}}, done))
    assert saved["rounds"][1]["dealer"] == "Anna"
    assert saved["rounds"][1]["chips"]["Bo"] == -4 - 1 - 2
    # everyone back in: no out is saved
    back = live_deal(played, {"out": []})
    assert "out" not in finished_round(back, {"out": []}, "Cia", {"Anna": 0, "Bo": 0, "Dan": 0})
    with pytest.raises(RuleError, match=r"^round 2: 2 players are dealt in"):
        live_deal(played, {"out": ["Dan", "Bo"]})
