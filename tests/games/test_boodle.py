"""Boodle: the worked examples of the rules, the example records, options, replay API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.boodle import check_deal, normalize_options, replay, score
from assistant.games.boodle.ledger import StepKind
from assistant.games.boodle.rules import BoodleCard
from assistant.games.settle import exact, minimum_payments, share_leftover
from assistant.store.records import score_text
from tests.examples import EXAMPLES

AH, KC, QD, JS = BoodleCard


def layout(ah: int, kc: int, qd: int, js: int) -> dict[BoodleCard, int]:
    return {AH: ah, KC: kc, QD: qd, JS: js}


TWO_DEALS = Record(
    "boodle",
    ("Anna", "Bo", "Clara"),
    "Clara",
    {},
    (
        {
            "events": [{"boodle": "QD", "by": "Anna"}, {"out": "Anna"}],
            "cards_left": {"Bo": 3, "Clara": 5},
        },
        {
            "events": [
                {"boodle": "AH", "by": "Bo"},
                {"boodle": "JS", "by": "Clara"},
                {"out": "Clara"},
            ],
            "cards_left": {"Anna": 2, "Bo": 4},
        },
    ),
)

FIVE_FAULT = Record(
    "boodle",
    ("P1", "P2", "P3", "P4", "P5"),
    "P1",
    {},
    (
        {
            "events": [
                {"fault": "wrong-lead", "by": "P3"},
                {"boodle": "KC", "by": "P3"},
                {"boodle": "AH", "by": "P2"},
                {"out": "P4"},
            ],
            "cards_left": {"P1": 6, "P2": 1, "P3": 0, "P5": 3},
        },
    ),
)

# (record, deal index, dealer, antes per player, layout after the antes, [(step kind, player,
# that player's gain)], chips of the deal, layout after it, running balances after it)
WORKED = [
    pytest.param(
        TWO_DEALS,
        0,
        "Clara",
        {"Anna": 4, "Bo": 4, "Clara": 8},
        layout(4, 4, 4, 4),
        [(StepKind.BOODLE, "Anna", 4), (StepKind.OUT, "Anna", 8)],
        {"Anna": 8, "Bo": -7, "Clara": -13},
        layout(4, 4, 0, 4),
        {"Anna": 8, "Bo": -7, "Clara": -13},
        id="anna-bo-clara-deal-1",
    ),
    pytest.param(
        TWO_DEALS,
        1,
        "Anna",
        {"Anna": 8, "Bo": 4, "Clara": 4},
        layout(8, 8, 4, 8),
        [(StepKind.BOODLE, "Bo", 8), (StepKind.BOODLE, "Clara", 8), (StepKind.OUT, "Clara", 6)],
        {"Anna": -10, "Bo": 0, "Clara": 10},
        layout(0, 8, 4, 0),
        {"Anna": -2, "Bo": -7, "Clara": -3},
        id="anna-bo-clara-deal-2",
    ),
    pytest.param(
        FIVE_FAULT,
        0,
        "P1",
        {"P1": 8, "P2": 4, "P3": 4, "P4": 4, "P5": 4},
        layout(6, 6, 6, 6),
        [
            (StepKind.FAULT, "P3", -4),
            (StepKind.BOODLE, "P3", 0),
            (StepKind.BOODLE, "P2", 6),
            (StepKind.OUT, "P4", 10),
        ],
        {"P1": -13, "P2": 2, "P3": -8, "P4": 7, "P5": -6},
        layout(0, 6, 6, 6),
        {"P1": -13, "P2": 2, "P3": -8, "P4": 7, "P5": -6},
        id="five-players-fault",
    ),
]


@pytest.mark.parametrize(
    ("record", "index", "dealer", "antes", "after_antes", "flows", "chips", "after", "balances"),
    WORKED,
)
def test_worked_examples(
    record, index, dealer, antes, after_antes, flows, chips, after, balances
) -> None:
    deal = replay(record).deals[index]
    assert deal.dealer == dealer
    assert {name: sum(cards.values()) for name, cards in deal.antes.items()} == antes
    ante_step = deal.steps[0]
    assert ante_step.kind is StepKind.ANTE
    assert {card: deal.layout_before[card] + ante_step.layout[card] for card in BoodleCard} == (
        after_antes
    )
    assert [(s.kind, s.player, s.chips[s.player]) for s in deal.steps[1:]] == flows
    assert deal.chips == chips
    assert deal.layout_after == after
    assert deal.balances == balances
    # the sum is zero: the players' chips plus the layout
    assert sum(deal.balances.values()) + sum(deal.layout_after.values()) == 0


def test_wrong_lead_pays_every_other_player_one_chip() -> None:
    fault = replay(FIVE_FAULT).deals[0].steps[1]
    assert fault.chips == {"P1": 1, "P2": 1, "P3": -4, "P4": 1, "P5": 1}
    assert replay(FIVE_FAULT).deals[0].barred == ("P3",)


def test_every_wrong_lead_pays_again() -> None:
    rnd = dict(FIVE_FAULT.rounds[0])
    rnd["events"] = [{"fault": "wrong-lead", "by": "P3"}, *rnd["events"]]
    once = replay(FIVE_FAULT).deals[0].chips
    twice = replay(FIVE_FAULT.with_rounds([rnd])).deals[0].chips
    assert twice["P3"] == once["P3"] - 4
    assert all(twice[name] == once[name] + 1 for name in ("P1", "P2", "P4", "P5"))


def test_chips_taken_before_a_fault_are_kept() -> None:
    rnd = {
        "events": [
            {"boodle": "AH", "by": "Bo"},
            {"fault": "withheld", "by": "Bo"},
            {"boodle": "KC", "by": "Bo"},
            {"out": "Anna"},
        ],
        "cards_left": {"Bo": 0, "Clara": 1},
    }
    deal = replay(TWO_DEALS.with_rounds([rnd])).deals[0]
    assert deal.chips == {"Anna": -4 + 1, "Bo": -4 + 4, "Clara": -8 - 1}
    assert deal.layout_after == layout(0, 4, 4, 4)


def test_two_deals_settlement_shares_the_layout() -> None:
    game = replay(TWO_DEALS)
    assert game.layout == layout(0, 8, 4, 0)
    shared = share_leftover(game.totals, 12)
    assert shared == {"Anna": 2, "Bo": -3, "Clara": 1}
    assert [(p.payer, p.payee, p.value) for p in game.settlement.payments] == [
        ("Bo", "Anna", 2),
        ("Bo", "Clara", 1),
    ]
    assert str(game.settlement.payments[0].explanation) == (
        "Bo lost 3 chips; Anna won 2 of them and Clara the rest."
    )


def test_next_deal_and_its_antes() -> None:
    game = replay(TWO_DEALS)
    assert (game.next.deal, game.next.dealer) == (3, "Bo")
    assert game.next.stakes == {"Anna": 4, "Bo": 8, "Clara": 4}
    assert game.next.antes is not None
    assert game.next.antes["Bo"] == layout(2, 2, 2, 2)
    assert game.next.pot_ante is None
    free = replay(Record("boodle", ("A", "B", "C"), "B", {"ante": {"free": 6}}))
    assert free.next.antes is None
    assert free.next.stakes == {"A": 6, "B": 12, "C": 6}


def test_empty_record() -> None:
    out = score(Record("boodle", ("A", "B", "C"), "C"))
    assert out == {
        "game": "boodle",
        "finished": False,
        "winners": [],
        "totals": {"A": 0, "B": 0, "C": 0},
        "rounds": [],
        "next": {"deal": 1, "dealer": "C"},
        "layout": {"AH": 0, "KC": 0, "QD": 0, "JS": 0},
        "settlement": [],
    }


def test_check_deal_validates_one_new_round() -> None:
    first = TWO_DEALS.with_rounds(TWO_DEALS.rounds[:1])
    deal = check_deal(first, TWO_DEALS.rounds[1])
    assert deal.deal == 2
    assert deal.chips == {"Anna": -10, "Bo": 0, "Clara": 10}
    with pytest.raises(RuleError) as err:
        check_deal(first, {"events": [{"out": "Anna"}], "cards_left": {"Bo": 1}})
    assert err.value.round == 2
    assert err.value.field == "cards_left.Clara"


def test_auction_and_swap_flows() -> None:
    record = Record(
        "boodle",
        ("A", "B", "C"),
        "A",
        {"widow": "auction"},
        (
            {
                "widow": {"swap": True, "auction": {"buyer": "C", "price": 3}},
                "events": [{"out": "B"}],
                "cards_left": {"A": 0, "C": 0},
            },
        ),
    )
    deal = replay(record).deals[0]
    kinds = [step.kind for step in deal.steps]
    assert kinds == [StepKind.ANTE, StepKind.SWAP, StepKind.AUCTION, StepKind.OUT]
    assert deal.steps[2].chips == {"A": 3, "B": 0, "C": -3}
    assert deal.chips == {"A": -8 + 3, "B": -4, "C": -4 - 3}


@pytest.mark.parametrize("price", [1, 3, 7])
def test_a_swap_then_a_sale_moves_the_chips_of_the_sale_alone(price: int) -> None:
    """docs/records.md, "Boodle": ``{"swap": true, "auction": {...}}`` in one deal."""

    def chips(widow: dict) -> dict:
        rounds = ({"widow": widow, "events": [{"out": "B"}], "cards_left": {"A": 2, "C": 1}},)
        return replay(Record("boodle", ("A", "B", "C"), "A", {"widow": "auction"}, rounds)).totals

    sale = {"auction": {"buyer": "C", "price": price}}
    assert chips({"swap": True, **sale}) == chips(sale)
    assert chips({"swap": True}) == chips({})


@pytest.mark.parametrize(
    ("raw", "normalized"),
    [
        ({}, {"ante": "standard", "widow": "dead", "three_in_one": False, "chip_value": None}),
        (
            {"ante": None, "widow": None, "three_in_one": None, "chip_value": None},
            {"ante": "standard", "widow": "dead", "three_in_one": False, "chip_value": None},
        ),
        (
            {"ante": {"free": 6}, "widow": "auction", "three_in_one": {"pot_ante": 2}},
            {"ante": {"free": 6}, "widow": "auction", "three_in_one": {"pot_ante": 2}},
        ),
        ({"chip_value": 0.5, "widow": "swap"}, {"chip_value": 0.5, "widow": "swap"}),
        ({"ante": "standard", "three_in_one": False}, {}),
    ],
)
def test_normalize_options(raw, normalized) -> None:
    defaults = {"ante": "standard", "widow": "dead", "three_in_one": False, "chip_value": None}
    assert normalize_options(raw) == {**defaults, **normalized}


# --- the example records ------------------------------------------------------------


def example_files() -> list[Path]:
    if not EXAMPLES.is_dir():
        return []
    return sorted(
        p for p in EXAMPLES.glob("boodle-*.json") if not p.name.endswith(".expected.json")
    )


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.stem)
def test_shared_examples(path: Path) -> None:
    got = score_text(path.read_text())
    want = json.loads(path.with_name(path.stem + ".expected.json").read_text())
    got_payments, want_payments = got.pop("settlement"), want.pop("settlement")
    assert got == want
    assert json.loads(json.dumps(got)) == got  # plain JSON all through
    # several settlements can be equally short: check ours pays every balance exactly, with
    # positive payments, as few as the expected one (which is minimal) and as few as possible
    # what is left on the layout and in the pot is shared among those dealt in to the last deal
    last = got["rounds"][-1]["chips"] if got["rounds"] else got["totals"]
    left = sum(got["layout"].values()) + (got["rounds"] or [{}])[-1].get("pot", 0)
    shared = share_leftover({name: got["totals"][name] for name in last}, left)
    balances = {name: shared.get(name, exact(total)) for name, total in got["totals"].items()}
    paid = dict.fromkeys(balances, exact(0))
    for payment in got_payments:
        assert set(payment) == set(want_payments[0])
        assert payment["chips"] > 0
        paid[payment["from"]] -= exact(payment["chips"])
        paid[payment["to"]] += exact(payment["chips"])
        if "amount" in payment:
            value = json.loads(path.read_text())["options"]["chip_value"]
            assert payment["amount"] == round(payment["chips"] * value, 2)
    # a payment is printed to 0.01 chips: a share in whole hundredths is paid exactly, a third
    # of the layout (0.33) to within a hundredth a payment
    whole = (exact(left) / len(last) * 100).denominator == 1
    slack = 0 if whole else exact(0.01) * len(got_payments)
    for name, balance in balances.items():
        assert abs(paid[name] - balance) <= slack, name
    assert len(got_payments) == len(want_payments) == minimum_payments(balances)
    keys = [(p["from"], p["to"]) for p in got_payments]
    assert keys == sorted(keys)


def test_all_three_examples_are_there() -> None:
    if not EXAMPLES.is_dir():
        pytest.skip("the example records folder is not there")
    assert len(example_files()) >= 3
