"""The evening settled in the coin the table uses (1 kr, 0.50 €, 0.05 …): every payment a whole
number of coins, nothing lost or made by the rounding, and still the fewest payments."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from assistant.games.evening_money import GameMoney, in_coins, settle_evening, to_coins
from assistant.games.settle import minimum_payments

COINS = (1, 5, 10, 20, 50, 100, 500)
NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva", "Fia")


@st.composite
def zero_sum_cents(draw: st.DrawFn) -> dict[str, int]:
    """Two to six players' results in cents, adding up to zero."""
    names = NAMES[: draw(st.integers(2, len(NAMES)))]
    values = [draw(st.integers(-50_000, 50_000)) for _ in names[1:]]
    return dict(zip(names, [-sum(values), *values], strict=True))


@given(zero_sum_cents(), st.sampled_from(COINS))
def test_rounding_to_the_coin_conserves_the_sum_and_moves_each_by_less_than_a_coin(
    cents: dict[str, int], coin: int
) -> None:
    rounded = in_coins(cents, coin)
    assert sum(rounded.values()) == 0
    assert all(value % coin == 0 for value in rounded.values())
    assert all(abs(rounded[name] - cents[name]) < coin for name in cents)


@given(zero_sum_cents(), st.sampled_from(COINS))
def test_every_payment_is_a_whole_number_of_coins_and_still_the_fewest(
    cents: dict[str, int], coin: int
) -> None:
    game = GameMoney(1, "Boodle", {n: Fraction(c, 100) for n, c in cents.items()}, None, False)
    evening = settle_evening([game], coin=coin)
    assert all(payment.cents % coin == 0 and payment.cents > 0 for payment in evening.payments)
    assert evening.balances == cents  # the standings keep the exact money
    paid_in: dict[str, int] = dict.fromkeys(cents, 0)
    for payment in evening.payments:
        paid_in[payment.payer] += payment.cents
        paid_in[payment.payee] -= payment.cents
    # The payments settle exactly what rounding left: each player within a coin of his money.
    assert {n: -v for n, v in paid_in.items()} == evening.outstanding
    assert sum(evening.rounded.values()) == 0
    assert all(evening.outstanding[n] - cents[n] == evening.rounded.get(n, 0) for n in cents)
    assert len(evening.payments) == minimum_payments(evening.outstanding)


def test_six_chips_shared_out_on_the_layout_settle_in_whole_kronor() -> None:
    """The issue's table: 0.10 kr a chip, six chips left on the layout shared equally among
    five (1.20 each), which made payments of 0.10–0.20 kr to the cent."""
    chips = {"Anna": Fraction(412, 10), "Bo": Fraction(-88, 10), "Cia": Fraction(-128, 10),
             "Dan": Fraction(-98, 10), "Eva": Fraction(-98, 10)}  # fmt: skip
    money = {name: value / 10 for name, value in chips.items()}
    evening = settle_evening([GameMoney(1, "Boodle", money, chips, False)], coin=100)
    assert [(p.payer, p.payee, p.cents) for p in evening.payments] == [
        ("Bo", "Anna", 100),
        ("Cia", "Anna", 100),
        ("Dan", "Anna", 100),
        ("Eva", "Anna", 100),
    ]
    assert evening.rounded == {"Anna": -12, "Bo": -12, "Cia": 28, "Dan": -2, "Eva": -2}


@pytest.mark.parametrize("coin", [0, -5])
def test_a_coin_is_at_least_a_cent(coin: int) -> None:
    with pytest.raises(ValueError, match="at least a cent"):
        in_coins({"Anna": 1, "Bo": -1}, coin)


@given(zero_sum_cents(), st.sampled_from(COINS))
def test_equal_amounts_are_rounded_alike_or_said_to_be_apart(
    cents: dict[str, int], coin: int
) -> None:
    rounded, apart = to_coins(cents, coin)
    for a in cents:
        for b in cents:
            if cents[a] == cents[b] and rounded[a] != rounded[b]:
                assert any(a in group and b in group for group in apart)
    assert all(len({cents[name] for name in group}) == 1 for group in apart)


EVEN = [
    # (what, hundredths of a chip, rounded to whole chips)
    ("the issue's table: Bo and Dan both at -0.60",
     {"Anna": 240, "Bo": -60, "Cia": -40, "Dan": -60, "Eva": -80},
     {"Anna": 300, "Bo": -100, "Cia": 0, "Dan": -100, "Eva": -100}),
    ("two equal winners",
     {"Anna": 130, "Bo": 130, "Cia": -260},
     {"Anna": 100, "Bo": 100, "Cia": -200}),
    ("three alike, the fourth takes the rounding",
     {"Anna": 30, "Bo": 30, "Cia": 30, "Dan": -90},
     {"Anna": 0, "Bo": 0, "Cia": 0, "Dan": 0}),
]  # fmt: skip


@pytest.mark.parametrize(("what", "cents", "rounded"), EVEN, ids=[case[0] for case in EVEN])
def test_two_equal_balances_pay_equally(what: str, cents: dict, rounded: dict) -> None:
    assert to_coins(cents, 100) == (rounded, ())
    game = GameMoney(1, "Boodle", {n: Fraction(c, 100) for n, c in cents.items()}, None, False)
    evening = settle_evening([game], coin=100)
    paid: dict[str, int] = {}
    for payment in evening.payments:
        paid[payment.payer] = paid.get(payment.payer, 0) + payment.cents
    assert {n: -paid.get(n, 0) for n in cents if rounded[n] <= 0} == {
        n: v for n, v in rounded.items() if v <= 0
    }


def test_where_no_rounding_treats_them_alike_the_settlement_says_whom() -> None:
    """A and B won half a chip each, C lost one: one chip cannot go to both."""
    game = GameMoney(1, "Boodle", {"A": Fraction(1, 2), "B": Fraction(1, 2), "C": Fraction(-1)},
                     None, False)  # fmt: skip
    evening = settle_evening([game], coin=100)
    assert evening.outstanding == {"A": 100, "B": 0, "C": -100}
    assert evening.uneven == (("A", "B"),)
