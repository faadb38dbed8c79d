"""Boodle: a deal while it is being played (the live events before anybody goes out)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games.base import Record, RuleError
from assistant.games.boodle import check_deal, live_deal, replay
from assistant.games.boodle.ledger import StepKind
from assistant.games.boodle.rules import BoodleCard

AH, KC, QD, JS = BoodleCard
PLAYERS = ("Anna", "Bo", "Clara")
FIRST = {
    "events": [{"boodle": "QD", "by": "Anna"}, {"out": "Anna"}],
    "cards_left": {"Bo": 3, "Clara": 5},
}
AFTER_ONE = Record("boodle", PLAYERS, "Clara", {}, (FIRST,))


def test_before_any_event_the_antes_are_on_the_layout_with_the_carried_chips() -> None:
    live = live_deal(replay(AFTER_ONE), {})
    assert live.deal == 2 and live.dealer == "Anna"
    assert live.layout_before == {AH: 4, KC: 4, QD: 0, JS: 4}
    assert live.layout_after == {AH: 8, KC: 8, QD: 4, JS: 8}
    assert live.chips == {"Anna": -8, "Bo": -4, "Clara": -4}
    assert [step.kind for step in live.steps] == [StepKind.ANTE]
    assert live.played == {} and live.barred == ()


def test_a_card_played_takes_its_chips_and_a_barred_player_leaves_them() -> None:
    live = live_deal(
        replay(AFTER_ONE),
        {
            "events": [
                {"boodle": "AH", "by": "Bo"},
                {"fault": "withheld", "by": "Clara"},
                {"boodle": "JS", "by": "Clara"},
            ]
        },
    )
    assert live.layout_after == {AH: 0, KC: 8, QD: 4, JS: 8}
    assert live.chips == {"Anna": -8, "Bo": 4, "Clara": -4}
    assert live.played == {AH: "Bo", JS: "Clara"}
    assert live.barred == ("Clara",)
    assert str(live.steps[-1].message) == (
        "Clara plays J♠ but is barred after a fault: its 8 chips stay"
    )


def test_the_live_steps_are_the_steps_of_the_finished_deal() -> None:
    draft = {"events": [{"boodle": "AH", "by": "Bo"}, {"fault": "wrong-lead", "by": "Anna"}]}
    live = live_deal(replay(AFTER_ONE), draft)
    done = {
        **draft,
        "events": [*draft["events"], {"out": "Bo"}],
        "cards_left": {"Anna": 2, "Clara": 1},
    }
    deal = check_deal(AFTER_ONE, done)
    assert deal.steps[:-1] == live.steps
    assert {p: deal.chips[p] - live.chips[p] for p in PLAYERS} == {"Anna": -2, "Bo": 3, "Clara": -1}


@pytest.mark.parametrize(
    ("draft", "field", "text"),
    [
        (
            {"events": [{"boodle": "AH", "by": "Bo"}, {"boodle": "AH", "by": "Anna"}]},
            "events.1.boodle",
            "A♥ was already played in this deal (event 1)",
        ),
        (
            {"events": [{"fault": "wrong-lead", "by": "Bo"}, {"out": "Bo"}]},
            "events.1.out",
            "Bo made a fault in this deal and cannot win it",
        ),
        (
            {"events": [{"out": "Bo"}], "cards_left": {"Anna": 1, "Clara": 2}},
            "events.0.out",
            "nobody out yet",
        ),
        (
            {"events": [{"out": "Bo"}]},
            "cards_left",
            "Enter how many cards each player still holds when Bo went out",
        ),
        (
            {"events": [], "cards_left": {"Bo": 1}},
            "cards_left",
            "who went out?",
        ),
        (
            {"widow": {"swap": True}},
            "widow",
            "The spare hand is dead at this table",
        ),
        (
            {"events": [{"boodle": "10H", "by": "Bo"}]},
            "events.0.boodle",
            "10♥ is not a boodle card",
        ),
    ],
)
def test_live_events_are_checked_like_a_whole_deal(draft, field, text) -> None:
    with pytest.raises(RuleError) as caught:
        live_deal(replay(AFTER_ONE), draft)
    assert caught.value.field == field
    assert caught.value.round == 2
    assert text in str(caught.value)


def test_a_free_stake_must_be_placed_and_add_up() -> None:
    record = Record("boodle", PLAYERS, "Clara", {"ante": {"free": 6}, "widow": "auction"})
    with pytest.raises(RuleError) as caught:
        live_deal(replay(record), {})
    assert caught.value.field == "stakes"
    stakes = {"Anna": {"AH": 6}, "Bo": {"KC": 5}, "Clara": {"QD": 12}}
    with pytest.raises(RuleError) as caught:
        live_deal(replay(record), {"stakes": stakes})
    assert caught.value.field == "stakes.Bo"
    assert "Bo places 6 chips, not 5" in str(caught.value)
    stakes["Bo"] = {"KC": 3, "QD": 3}
    live = live_deal(
        replay(record), {"stakes": stakes, "widow": {"auction": {"buyer": "Bo", "price": 2}}}
    )
    assert live.layout_after == {AH: 6, KC: 3, QD: 15, JS: 0}
    assert live.chips == {"Anna": -6, "Bo": -8, "Clara": -10}


EVENTS = st.lists(
    st.one_of(
        st.builds(
            lambda c, p: {"boodle": c, "by": p},
            st.sampled_from(["AH", "KC", "QD", "JS"]),
            st.sampled_from(PLAYERS),
        ),
        st.builds(
            lambda k, p: {"fault": k, "by": p},
            st.sampled_from(["wrong-lead", "withheld"]),
            st.sampled_from(PLAYERS),
        ),
    ),
    max_size=6,
    unique_by=lambda e: e.get("boodle") or id(e),
)


@given(EVENTS)
def test_chips_are_conserved_after_every_live_event(events) -> None:
    before = sum(replay(AFTER_ONE).layout.values())
    live = live_deal(replay(AFTER_ONE), {"events": events})
    assert sum(live.chips.values()) + sum(live.layout_after.values()) - before == 0
    assert set(live.played) == {BoodleCard(e["boodle"]) for e in events if "boodle" in e}
