"""Three in One at the table: the poker stage entered step by step (in or fold, the one betting
round, the cards or the winner), its chips and pot while it is played, and the sentence naming
the result. Two deals for four players are worked by hand."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games.base import Record, RuleError
from assistant.games.boodle import check_deal, live_deal, replay, score
from assistant.games.boodle.live import STAGE, finished_round
from assistant.games.boodle.rules import BoodleCard
from assistant.games.boodle.stage import StageStep, play_stage
from assistant.games.seating import seating

AH, KC, QD, JS = BoodleCard
PLAYERS = ("Anna", "Bo", "Cia", "Dan")
OPTIONS = {"three_in_one": {"pot_ante": 1}}
START = Record("boodle", PLAYERS, "Anna", OPTIONS)

# Deal 1, Anna deals: Dan folds, the others bet 1; Bo and Cia hold equal straights and split a
# pot of 4 antes + 3 bets = 7: 3 each, the odd chip stays. Bo plays A♥ (5 chips), Cia goes out.
DEAL_1_STAGE = [
    {"fold": ["Dan"]},
    {"in": ["Bo", "Cia", "Anna"]},
    {"bet": 1},
    {
        "hands": {
            "Bo": ["5H", "6H", "7C", "8D", "9S"],
            "Cia": ["5D", "6C", "7S", "8H", "9C"],
            "Anna": ["KH", "KD", "4C", "4S", "9D"],
        }
    },
]
DEAL_1_STOPS = [{"boodle": "AH", "by": "Bo"}]
DEAL_1_LEFT = {"Anna": 3, "Bo": 2, "Dan": 4}
# Deal 2, Bo deals: Cia folds, the others bet 2 and Dan is tapped as the winner: the carried
# chip + 4 antes + 6 bets = 11. Dan plays K♣ (10 chips), Anna goes out.
DEAL_2_STAGE = [{"fold": ["Cia"]}, {"in": ["Dan", "Anna", "Bo"]}, {"bet": 2}, {"winner": "Dan"}]


def live(record: Record, steps: list[dict[str, Any]], events=()):  # type: ignore[no-untyped-def]
    return live_deal(replay(record), {STAGE: steps, "events": list(events)})


def test_deal_one_step_by_step_against_the_hand_worked_figures() -> None:
    chips = []
    pots = []
    for done in range(len(DEAL_1_STAGE) + 1):
        now = live(START, DEAL_1_STAGE[:done])
        chips.append([now.chips[name] for name in PLAYERS])
        pots.append(now.pot_after)
    # the layout antes (Anna 8, the others 4) and 1 chip each into the poker pot
    assert chips[0] == [-9, -5, -5, -5] and pots[0] == 4
    assert chips[1:3] == [chips[0], chips[0]]  # deciding moves no chips
    assert chips[3] == [-10, -6, -6, -5] and pots[3] == 7
    assert chips[4] == [-10, -3, -3, -5] and pots[4] == 1  # split: 3 each, 1 stays
    now = live(START, DEAL_1_STAGE, DEAL_1_STOPS)
    assert now.stage is not None and now.stage.done
    assert now.poker is not None and now.poker.winners == ("Bo", "Cia")
    assert str(now.poker.sentence) == (
        "Bo and Cia split the pot with straight, nine high: 3 chips each;"
        " the odd chip stays in the pot"
    )
    assert now.layout_after == {AH: 0, KC: 5, QD: 5, JS: 5}


def two_deals() -> Record:
    first = finished_round(
        live(START, DEAL_1_STAGE, DEAL_1_STOPS),
        {STAGE: DEAL_1_STAGE, "events": DEAL_1_STOPS},
        "Cia",
        DEAL_1_LEFT,
    )
    after_one = START.with_rounds([first])
    stops = [{"boodle": "KC", "by": "Dan"}]
    second = finished_round(
        live(after_one, DEAL_2_STAGE, stops),
        {STAGE: DEAL_2_STAGE, "events": stops},
        "Anna",
        {"Bo": 1, "Cia": 2, "Dan": 3},
    )
    return START.with_rounds([first, second])


def test_two_deals_finished_are_records_that_score_the_hand_worked_chips() -> None:
    record = two_deals()
    assert record.rounds[0]["poker"] == {
        "bets": {"Anna": 1, "Bo": 1, "Cia": 1},
        "folded": ["Dan"],
        "hands": DEAL_1_STAGE[3]["hands"],
    }
    assert record.rounds[1]["poker"] == {
        "bets": {"Anna": 2, "Bo": 2, "Dan": 2},
        "folded": ["Cia"],
        "winner": "Dan",
    }
    out = score(record)
    assert [r["chips"] for r in out["rounds"]] == [
        {"Anna": -13, "Bo": 0, "Cia": 6, "Dan": -9},
        {"Anna": -1, "Bo": -12, "Cia": -7, "Dan": 11},
    ]
    assert [r["pot"] for r in out["rounds"]] == [1, 0]  # the odd chip, then taken by Dan
    assert out["totals"] == {"Anna": -14, "Bo": -12, "Cia": -1, "Dan": 2}
    assert out["layout"] == {"AH": 5, "KC": 0, "QD": 10, "JS": 10}


def test_the_live_steps_are_the_steps_of_the_saved_deal() -> None:
    record = two_deals()
    after_one = record.with_rounds(record.rounds[:1])
    now = live(after_one, DEAL_2_STAGE, [{"boodle": "KC", "by": "Dan"}])
    deal = check_deal(after_one, record.rounds[1])
    assert deal.steps[:-1] == now.steps
    assert now.poker is not None and now.poker.pot_before == 1 and now.poker.pot_total == 11


def test_the_betting_order_starts_after_the_dealer() -> None:
    bo_deals = seating(Record("boodle", PLAYERS, "Bo"), 1)
    assert play_stage([], PLAYERS, bo_deals.order).order == ("Cia", "Dan", "Anna", "Bo")


@pytest.mark.parametrize(
    ("steps", "step", "still_in"),
    [
        ([], StageStep.DECIDE, ()),
        ([{"in": ["Cia"]}, {"fold": ["Anna"]}], StageStep.DECIDE, ("Cia",)),
        ([{"in": ["Anna", "Bo", "Cia", "Dan"]}], StageStep.BET, ("Bo", "Cia", "Dan", "Anna")),
        ([{"in": list(PLAYERS)}, {"bet": 0}], StageStep.SHOWDOWN, ("Bo", "Cia", "Dan", "Anna")),
        # everyone else folded: the last one is in without a tap and takes the pot
        ([{"fold": ["Bo"]}, {"fold": ["Dan", "Anna"]}], StageStep.DONE, ("Cia",)),
        (
            [{"in": list(PLAYERS)}, {"bet": 3}, {"winner": "Bo"}],
            StageStep.DONE,
            ("Bo", "Cia", "Dan", "Anna"),
        ),
    ],
)
def test_what_the_stage_waits_for(steps, step, still_in) -> None:
    stage = play_stage(steps, PLAYERS, seating(Record("boodle", PLAYERS, "Anna"), 1).order)
    assert stage.step is step
    assert stage.still_in == still_in


def test_a_lone_player_takes_the_pot_with_the_carried_chip() -> None:
    record = two_deals().with_rounds(two_deals().rounds[:1])  # 1 chip carried
    folds = [{"fold": ["Cia"]}, {"fold": ["Dan", "Anna"]}]
    now = live(record, folds)
    assert now.poker is not None and now.poker.winners == ("Bo",)
    assert now.poker.pot_total == 5 and now.pot_after == 0
    assert str(now.steps[-1].message) == "Bo wins the poker pot: 5 chips"
    assert now.stage is not None and now.stage.record() == {
        "bets": {},
        "folded": ["Cia", "Dan", "Anna"],
    }


# Folding to the bet (Anna deals, the betting order is Bo, Cia, Dan, Anna; pot_ante 1): who does
# not call the bet folds and puts nothing in; the folded player is out of the showdown, and when
# one player is left he takes the antes and his own bet.
FOLDS_TO_THE_BET = [
    pytest.param(
        [{"in": list(PLAYERS)}, {"bet": 2}, {"fold": ["Dan"]}, {"winner": "Bo"}],
        {"bets": {"Bo": 2, "Cia": 2, "Anna": 2}, "folded": ["Dan"], "winner": "Bo"},
        ("Bo",),
        {"Anna": -11, "Bo": 3, "Cia": -7, "Dan": -5},
        id="one-folds-then-a-winner",
    ),
    pytest.param(
        [{"fold": ["Cia"]}, {"in": ["Bo", "Dan", "Anna"]}, {"bet": 3}, {"fold": ["Anna", "Dan"]}],
        {"bets": {"Bo": 3}, "folded": ["Cia", "Dan", "Anna"]},
        ("Bo",),
        {"Anna": -9, "Bo": -1, "Cia": -5, "Dan": -5},
        id="all-but-the-bettor-fold",
    ),
]


@pytest.mark.parametrize(("steps", "record", "winners", "chips"), FOLDS_TO_THE_BET)
def test_a_player_still_in_can_fold_to_the_bet(steps, record, winners, chips) -> None:
    now = live(START, steps)
    assert now.stage is not None and now.stage.done
    assert now.stage.record() == record
    assert now.poker is not None and now.poker.winners == winners
    assert now.chips == chips
    assert now.pot_after == 0


def test_folding_to_the_bet_takes_the_folder_s_bet_back_out_of_the_pot() -> None:
    now = live(START, [{"in": list(PLAYERS)}, {"bet": 2}, {"fold": ["Dan"]}])
    assert now.stage is not None and now.stage.step is StageStep.SHOWDOWN
    assert now.stage.still_in == ("Bo", "Cia", "Anna")
    assert now.pot_after == 4 + 3 * 2 and now.chips["Dan"] == -5


IN = {"in": list(PLAYERS)}
HANDS = {
    "Anna": ["AH", "AD", "7C", "7S", "2D"],
    "Bo": ["KH", "KC", "KS", "3D", "3C"],
    "Cia": ["2H", "4H", "6H", "8H", "10H"],
    "Dan": ["QS", "JS", "9D", "5C", "4D"],
}
BAD = [
    ("decide-twice", [{"in": ["Bo"]}, {"fold": ["Bo"]}], "poker.decide", "Bo is in already"),
    ("fold-twice", [{"fold": ["Bo"]}, {"fold": ["Bo"]}], "poker.decide", "Bo has folded already"),
    ("decide-nobody", [{"in": []}], "poker.decide", "Who is in, or who folds?"),
    ("decide-stranger", [{"in": ["Zed"]}], "poker.decide", "'Zed' is not a player"),
    (
        "everyone-folds",
        [{"fold": ["Bo", "Cia", "Dan"]}, {"fold": ["Anna"]}],
        "poker.decide",
        "Everyone has said in or fold already",
    ),
    ("all-fold-at-once", [{"fold": list(PLAYERS)}], "poker.decide", "not every player can fold"),
    ("decide-after", [IN, {"fold": ["Bo"]}], "poker.decide", "Everyone has said in or fold"),
    (
        "bet-too-early",
        [{"in": ["Bo"]}, {"bet": 1}],
        "poker.bet",
        "First in or fold for Cia, Dan, Anna: then the betting round",
    ),
    (
        "bet-by-the-lone-player",
        [{"fold": ["Bo", "Cia", "Dan"]}, {"bet": 2}],
        "poker.bet",
        "Anna is the only one still in and takes the pot: there is nothing to bet",
    ),
    ("bet-twice", [IN, {"bet": 1}, {"bet": 2}], "poker.bet", "The bet is in already"),
    ("bet-negative", [IN, {"bet": -1}], "poker.bet", "the bet must be at least 0"),
    ("bet-as-text", [IN, {"bet": "2"}], "poker.bet", "the bet must be a whole number"),
    (
        "winner-before-bet",
        [IN, {"winner": "Bo"}],
        "poker.winner",
        "First the betting round: how much did everyone still in put in?",
    ),
    (
        "winner-who-folded",
        [{"fold": ["Bo"]}, {"in": ["Cia", "Dan", "Anna"]}, {"bet": 0}, {"winner": "Bo"}],
        "poker.winner",
        "Bo folded and cannot win the poker pot",
    ),
    (
        "decided-twice",
        [IN, {"bet": 0}, {"winner": "Bo"}, {"winner": "Cia"}],
        "poker.winner",
        "The poker pot is decided already",
    ),
    (
        "four-cards",
        [IN, {"bet": 0}, {"hands": {**HANDS, "Bo": HANDS["Bo"][:4]}}],
        "poker.hands.Bo",
        "Bo's poker hand must be 5 cards, not 4",
    ),
    (
        "six-cards",
        [IN, {"bet": 0}, {"hands": {**HANDS, "Cia": [*HANDS["Cia"], "QH"]}}],
        "poker.hands.Cia",
        "Cia's poker hand must be 5 cards, not 6",
    ),
    (
        "a-card-twice-in-a-hand",
        [IN, {"bet": 0}, {"hands": {**HANDS, "Dan": ["QS", "QS", "9D", "5C", "4D"]}}],
        "poker.hands.Dan",
        "Q♠ is twice in Dan's poker hand",
    ),
    (
        "a-card-in-two-hands",
        [IN, {"bet": 0}, {"hands": {**HANDS, "Dan": ["KH", "JS", "9D", "5C", "4D"]}}],
        "poker.hands.Dan",
        "K♥ cannot be in Dan's poker hand: Bo has it already",
    ),
    (
        "a-hand-missing",
        [IN, {"bet": 0}, {"hands": {k: v for k, v in HANDS.items() if k != "Cia"}}],
        "poker.hands.Cia",
        "Cia's poker hand is missing",
    ),
    (
        "a-folded-hand",
        [{"fold": ["Cia"]}, {"in": ["Bo", "Dan", "Anna"]}, {"bet": 1}, {"hands": HANDS}],
        "poker.hands.Cia",
        "Cia folded: a folded hand is not shown",
    ),
    (
        "folding-twice-to-the-bet",
        [IN, {"bet": 2}, {"fold": ["Dan"]}, {"fold": ["Dan"]}],
        "poker.decide",
        "Dan has folded already",
    ),
    (
        "everyone-folds-to-the-bet",
        [IN, {"bet": 2}, {"fold": list(PLAYERS)}],
        "poker.decide",
        "Somebody must stay in",
    ),
    (
        "folding-after-the-pot-is-decided",
        [IN, {"bet": 2}, {"winner": "Bo"}, {"fold": ["Dan"]}],
        "poker.decide",
        "Everyone has said in or fold already",
    ),
    ("unknown-step", [{"raise": 2}], "poker", "A poker step is one of in, fold, bet"),
]


@pytest.mark.parametrize(
    ("steps", "field", "message"), [pytest.param(*case[1:], id=case[0]) for case in BAD]
)
def test_bad_steps_name_their_field(steps, field, message) -> None:
    with pytest.raises(RuleError) as caught:
        live(START, steps)
    assert message in str(caught.value)
    assert caught.value.field == field
    assert caught.value.round == 1


def test_the_stops_wait_for_the_poker_stage() -> None:
    with pytest.raises(RuleError) as caught:
        live(START, [IN], [{"boodle": "AH", "by": "Bo"}])
    assert "First the poker stage, then the stops" in str(caught.value)


def test_a_table_without_three_in_one_has_no_poker_stage() -> None:
    plain = Record("boodle", PLAYERS, "Anna")
    with pytest.raises(RuleError) as caught:
        live(plain, [IN])
    assert "does not play Three in One" in str(caught.value)


def test_the_pot_and_its_carried_chips_before_anyone_decides() -> None:
    record = two_deals()
    now = live(record, [])
    assert now.pot_before == 0 and now.pot_after == 4
    after_one = record.with_rounds(record.rounds[:1])
    now = live(after_one, [])
    assert now.pot_before == 1 and now.pot_after == 5


@st.composite
def stages(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A whole poker stage of four players, tapped in a random order."""
    order = draw(st.permutations(PLAYERS))
    folds = draw(st.integers(0, 3))
    steps: list[dict[str, Any]] = [{"fold": [name]} for name in order[:folds]]
    rest = list(order[folds:])
    if len(rest) > 1:
        steps.append({"in": rest})
        steps.append({"bet": draw(st.integers(0, 5))})
        if draw(st.booleans()):
            steps.append({"winner": draw(st.sampled_from(rest))})
        else:
            deck = draw(st.permutations([r + s for r in "A2345" for s in "SHDC"]))
            steps.append({"hands": {name: deck[5 * i : 5 * i + 5] for i, name in enumerate(rest)}})
    return steps


@given(stages())
def test_every_step_conserves_chips_and_the_saved_deal_agrees(steps) -> None:
    record = two_deals()  # the pot holds nothing, the layout 25 chips
    before = sum(replay(record).layout.values())
    for done in range(len(steps) + 1):
        now = live(record, steps[:done])
        assert (
            sum(now.chips.values()) + sum(now.layout_after.values()) - before + now.pot_after == 0
        )
    assert now.stage is not None and now.stage.done
    finished = finished_round(now, {STAGE: steps}, "Anna", {"Bo": 1, "Cia": 1, "Dan": 1})
    deal = check_deal(record, finished)
    assert deal.steps[:-1] == now.steps
    assert deal.pot_after == now.pot_after
