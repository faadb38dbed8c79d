"""Settlement: the fewest payments, exact to the fraction of a chip, each with an explanation."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.settle import (
    EXACT_LIMIT,
    Settlement,
    Unit,
    minimum_payments,
    round_half_up,
    settle,
    share_leftover,
    to_number,
    zero_sum_groups,
)

NAMES = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def check_valid(balances: Mapping[str, Fraction | int], result: Settlement) -> None:
    """Every payment is positive, from a loser to a winner, and together they pay every balance
    exactly; they are listed by payer, then payee."""
    paid = {name: Fraction(0) for name in balances}
    for payment in result.payments:
        assert payment.value > 0
        assert payment.payer != payment.payee
        assert balances[payment.payer] < 0 < balances[payment.payee]
        paid[payment.payer] -= payment.value
        paid[payment.payee] += payment.value
    assert paid == {name: Fraction(value) for name, value in balances.items()}
    keys = [(p.payer, p.payee) for p in result.payments]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)


def partitions(items: Sequence[int]) -> Iterator[list[list[int]]]:
    """Every way to split ``items`` into groups (the Bell number of them)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1 :]]


def brute_force_minimum(values: Sequence[Fraction]) -> int:
    """The fewest payments, by trying every partition of the players: payments link players
    into groups that each add up to zero, a group of k needs at least k - 1 payments and k - 1
    always do, so the answer is n minus the most zero-sum groups."""
    best = max(
        len(part)
        for part in partitions(list(range(len(values))))
        if all(sum(values[i] for i in group) == 0 for group in part)
    )
    return len(values) - best


@pytest.mark.parametrize(
    ("balances", "payments"),
    [
        ({"Anna": 8, "Bo": 5, "Cia": -13}, [("Cia", "Anna", 8), ("Cia", "Bo", 5)]),
        ({"Anna": 2, "Bo": -3, "Clara": 1}, [("Bo", "Anna", 2), ("Bo", "Clara", 1)]),
        ({"A": 3, "B": -3, "C": 2, "D": -2}, [("B", "A", 3), ("D", "C", 2)]),
        ({"A": 0, "B": 0, "C": 0}, []),
        ({"A": 5, "B": -5, "C": 0}, [("B", "A", 5)]),
        (
            {"A": Fraction(1, 3), "B": Fraction(1, 3), "C": Fraction(-2, 3)},
            [("C", "A", Fraction(1, 3)), ("C", "B", Fraction(1, 3))],
        ),
    ],
)
def test_examples(balances, payments) -> None:
    result = settle(balances)
    check_valid(balances, result)
    assert [(p.payer, p.payee, p.value) for p in result.payments] == payments


def test_boodle_fault_example_needs_four_payments() -> None:
    totals = {"P1": -13, "P2": 2, "P3": -8, "P4": 7, "P5": -6}
    balances = share_leftover(totals, 18)
    assert balances["P1"] == Fraction(-47, 5)
    result = settle(balances)
    check_valid(balances, result)
    assert len(result.payments) == 4 == brute_force_minimum(list(balances.values()))


# Two losers and two winners: each payment names the four players its group settles.
FOUR_SETTLED = [
    "Dan lost 4 chips and Anna won 5; Dan pays 4 of them to Anna, which settles"
    " Anna, Bo, Cia, Dan with the fewest payments.",
    "Cia lost 3 chips and Anna won 5; Cia pays 1 of them to Anna, which settles"
    " Anna, Bo, Cia, Dan with the fewest payments.",
    "Cia lost 3 chips and Bo won 2; Cia pays 2 of them to Bo, which settles"
    " Anna, Bo, Cia, Dan with the fewest payments.",
]


@pytest.mark.parametrize(
    ("balances", "sentences"),
    [
        ({"Anna": 13, "Cia": -13}, ["Cia lost 13 chips and Anna won them."]),
        (
            {"Anna": 8, "Bo": 5, "Cia": -13},
            [
                "Cia lost 13 chips; Anna won 8 of them and Bo the rest.",
                "Cia lost 13 chips; Bo won 5 of them and Anna the rest.",
            ],
        ),
        (
            {"Anna": 6, "Bo": 4, "Cia": 3, "Dan": -13},
            [
                "Dan lost 13 chips; Anna won 6 of them and 2 other players the rest.",
                "Dan lost 13 chips; Bo won 4 of them and 2 other players the rest.",
                "Dan lost 13 chips; Cia won 3 of them and 2 other players the rest.",
            ],
        ),
        (
            {"Anna": 9, "Bo": -2, "Cia": -7},
            [
                "Anna won 9 chips; Bo lost 2 of them and Cia the rest.",
                "Anna won 9 chips; Cia lost 7 of them and Bo the rest.",
            ],
        ),
        (
            {"Anna": 5, "Bo": 2, "Cia": -3, "Dan": -4},
            FOUR_SETTLED,
        ),
        (  # five at the table, Eva square: the sentence names the four it settles
            {"Anna": 5, "Bo": 2, "Eva": 0, "Cia": -3, "Dan": -4},
            FOUR_SETTLED,
        ),
        (
            {"Anna": Fraction(47, 5), "Bo": Fraction(-47, 5)},
            ["Bo lost 9.4 chips and Anna won them."],
        ),
        ({"Anna": 1, "Bo": -1}, ["Bo lost 1 chip and Anna won it."]),
        (
            {"Anna": Fraction(1, 2), "Bo": Fraction(1, 2), "Cia": -1},
            [
                "Cia lost 1 chip; Anna won 0.5 of it and Bo the rest.",
                "Cia lost 1 chip; Bo won 0.5 of it and Anna the rest.",
            ],
        ),
        (
            {"Anna": 1, "Bo": Fraction(-1, 2), "Cia": Fraction(-1, 2)},
            [
                "Anna won 1 chip; Bo lost 0.5 of it and Cia the rest.",
                "Anna won 1 chip; Cia lost 0.5 of it and Bo the rest.",
            ],
        ),
    ],
)
def test_explanations(balances, sentences) -> None:
    result = settle(balances)
    check_valid(balances, result)
    assert sorted(str(p.explanation) for p in result.payments) == sorted(sentences)


def test_explanations_in_money() -> None:
    result = settle({"Anna": 8, "Bo": Fraction(11, 2), "Cia": Fraction(-27, 2)}, unit=Unit.MONEY)
    assert str(result.payments[0].explanation) == (
        "Cia lost 13.5; Anna won 8 of it and Bo the rest."
    )
    assert result.payments[0].explanation.params["value"] == 8


def test_balances_must_add_up_to_zero() -> None:
    with pytest.raises(ValueError, match="add up to zero"):
        settle({"A": 1, "B": 0})


def test_floats_are_read_as_decimals() -> None:
    result = settle({"A": 0.1, "B": 0.2, "C": -0.3})
    assert [p.value for p in result.payments] == [Fraction(1, 10), Fraction(2, 10)]


@pytest.mark.parametrize(
    ("value", "number"),
    [
        (Fraction(8), 8),
        (Fraction(-3), -3),
        (Fraction(47, 5), 9.4),
        (Fraction(11, 4), 2.75),
        (Fraction(1, 8), 0.13),
        (Fraction(1, 3), 0.33),
        (Fraction(2, 3), 0.67),
        (Fraction(-1, 8), -0.13),
    ],
)
def test_to_number(value, number) -> None:
    got = to_number(value)
    assert got == number
    assert type(got) is type(number)


def test_round_half_up_to_cents() -> None:
    assert round_half_up(Fraction(1, 200)) == Fraction(1, 100)
    assert round_half_up(Fraction(5, 1000)) == Fraction(1, 100)  # float rounding would say 0.0


def test_zero_sum_groups_are_the_most() -> None:
    groups = zero_sum_groups({"A": 1, "B": 2, "C": -3, "D": 4, "E": -4, "F": 0})
    assert sorted(groups) == [("A", "B", "C"), ("D", "E")]


def test_many_players_still_settle() -> None:
    count = EXACT_LIMIT + 2
    balances = {NAMES[i]: (i + 1) * (-1) ** i for i in range(count - 1)}
    balances[NAMES[count - 1]] = -sum(balances.values())
    result = settle(balances)
    check_valid(balances, result)
    assert len(result.payments) <= count - 1


# --- properties ----------------------------------------------------------------------------

DENOMINATORS = st.sampled_from([1, 1, 2, 3, 4, 5, 8])


@st.composite
def balances(draw: st.DrawFn, low: int = 2, high: int = 6) -> dict[str, Fraction]:
    """Balances adding up to zero; some built from zero-sum groups, so that the search for the
    most groups is put to the test, some fractional (a layout shared)."""
    size = draw(st.integers(low, high))
    values: list[int] = []
    while len(values) < size:
        room = size - len(values)
        if room >= 2 and draw(st.booleans()):
            part = draw(st.lists(st.integers(-12, 12), min_size=1, max_size=room - 1))
            values += [*part, -sum(part)]
        else:
            values.append(0 if room == 1 else draw(st.integers(-12, 12)))
    values[-1] -= sum(values)
    order = draw(st.permutations(range(size)))
    denominator = draw(DENOMINATORS)
    return {NAMES[i]: Fraction(values[order[i]], denominator) for i in range(size)}


@settings(max_examples=200, deadline=None)
@given(balances())
def test_settlement_pays_exactly_with_the_fewest_payments(values: dict[str, Fraction]) -> None:
    result = settle(values)
    check_valid(values, result)
    assert len(result.payments) == minimum_payments(values)
    assert len(result.payments) == brute_force_minimum(list(values.values()))


@settings(max_examples=25, deadline=None)
@given(balances(low=7, high=8))
def test_settlement_is_minimal_for_eight_players(values: dict[str, Fraction]) -> None:
    result = settle(values)
    check_valid(values, result)
    assert len(result.payments) == brute_force_minimum(list(values.values()))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-30, 30), min_size=3, max_size=8), st.integers(0, 40))
def test_shared_layout_settles(totals: list[int], layout: int) -> None:
    # the players' chips plus the layout are zero: the players lost what lies on the layout
    totals[-1] -= sum(totals) + layout
    named = {NAMES[i]: value for i, value in enumerate(totals)}
    shared = share_leftover(named, layout)
    assert sum(shared.values()) == 0
    check_valid(shared, settle(shared))
