"""The evening: what each game contributes to it, and one settle-up for all of its games."""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games import GAMES
from assistant.games.base import Record
from assistant.games.evening import against_average, between_pairs
from assistant.games.evening_money import GameMoney, in_cents, settle_evening
from assistant.store.records import parse_record
from tests.examples import EXAMPLES, PLUMP_THREE_DEALS
from tests.games.test_settle import brute_force_minimum

PLUMP = Record("plump", ("Anna", "Bo", "Cia", "Dan"), "Anna", {}, tuple(PLUMP_THREE_DEALS))


def example(name: str) -> Record:
    return parse_record(json.loads((EXAMPLES / f"{name}.json").read_text()))


def units(record: Record, basis: str) -> dict[str, Fraction]:
    spec = GAMES[record.game]
    return dict(spec.evening.basis(basis).units(spec.replay(record)))


# Worked by hand: Plump's totals after three deals are Anna 27, Bo 38, Cia 10, Dan 22 (97 in
# all); between every pair Anna gets 3 * 27 - (38 + 10 + 22) = 11; against the average 24.25
# she gets 2.75. Mulle ends 71-97; Mus: Ben and Dan won the first game of the match; Boodle's
# two deals leave Anna -2, Bo -7, Clara -3 and 12 chips on the layout, 4 for each.
@pytest.mark.parametrize(
    ("record", "basis", "want"),
    [
        (PLUMP, "pairs", {"Anna": 11, "Bo": 55, "Cia": -57, "Dan": -9}),
        (
            PLUMP,
            "average",
            {
                "Anna": Fraction(11, 4),
                "Bo": Fraction(55, 4),
                "Cia": Fraction(-57, 4),
                "Dan": Fraction(-9, 4),
            },
        ),
        (example("mulle-full-game"), "pairs", {"Anna": -26, "Bo": 26}),
        (example("mulle-full-game"), "average", {"Anna": -13, "Bo": 13}),
        (
            example("mus-ordago-wins-game"),
            "game",
            {
                "Anna": Fraction(-1, 2),
                "Ben": Fraction(1, 2),
                "Carla": Fraction(-1, 2),
                "Dan": Fraction(1, 2),
            },
        ),
        (example("mus-ordago-wins-game"), "match", {"Anna": 0, "Ben": 0, "Carla": 0, "Dan": 0}),
        (example("boodle-two-deals"), "chip", {"Anna": 2, "Bo": -3, "Clara": 1}),
    ],
    ids=["plump-pairs", "plump-average", "mulle-pairs", "mulle-average", "mus-game", "mus-match",
         "boodle-chip"],
)  # fmt: skip
def test_what_a_stake_counts_in_each_game(record: Record, basis: str, want: dict) -> None:
    assert units(record, basis) == {name: Fraction(value) for name, value in want.items()}


def test_kryp_mulle_pays_the_lowest_total() -> None:
    record = example("mulle-full-game")
    kryp = Record(record.game, record.players, record.first, {"kryp": True}, record.rounds)
    assert units(kryp, "pairs") == {"Anna": 26, "Bo": -26}
    assert GAMES["mulle"].evening.outcome(GAMES["mulle"].replay(kryp)).winners == ("Anna",)


def test_a_decided_mus_match_pays_per_match_and_per_game() -> None:
    record = example("mus-ordago-wins-game")
    short = Record(record.game, record.players, record.first, {"games_to_win": 1}, ())
    rounds = list(record.rounds[:2])  # the first game, won by Ben and Dan with an órdago
    won = short.with_rounds(rounds)
    assert GAMES["mus"].replay(won).finished
    assert units(won, "match") == units(won, "game")
    assert units(won, "match")["Ben"] == Fraction(1, 2)


@pytest.mark.parametrize(
    ("record", "finished", "winners", "first", "remark"),
    [
        (PLUMP, False, (), ("Bo",), None),
        (example("mulle-full-game"), True, ("Bo",), ("Bo",), None),
        (example("mus-ordago-wins-game"), False, (), ("Ben", "Dan"), "Game {number} in play"),
        (example("boodle-two-deals"), False, (), ("Anna",), "{chips} chips on the layout"),
    ],
    ids=["plump", "mulle", "mus", "boodle"],
)
def test_the_outcome_of_each_game(record, finished, winners, first, remark) -> None:  # type: ignore[no-untyped-def]
    spec = GAMES[record.game]
    outcome = spec.evening.outcome(spec.replay(record))
    assert (outcome.finished, outcome.winners, outcome.scores[0].who) == (finished, winners, first)
    templates = [message.template for message in outcome.remarks]
    assert (remark is None and not templates) or templates[0].startswith(remark)
    assert outcome.ended().finished and outcome.ended().winners == (winners or outcome.leaders)


def test_the_hundred_club_is_a_remark_of_the_result() -> None:
    pile = {"tabbar": 60, "spades": 26, "aces": 8, "spade_aces": 2, "spade_twos": 2}
    deal = {"piles": {"Anna": {**pile, "diamond_tens": 2}, "Bo": {}}}
    record = Record("mulle", ("Anna", "Bo"), "Anna", {"deals": 2}, (deal, deal))
    outcome = GAMES["mulle"].evening.outcome(GAMES["mulle"].replay(record))
    assert [str(m) for m in outcome.remarks] == ["Hundred club: Bo"]


@pytest.mark.parametrize("kind", GAMES)
def test_every_games_sheet_has_one_row_per_round(kind: str) -> None:
    for path in sorted(EXAMPLES.glob(f"{kind}-*.json")):
        if path.name.endswith(".expected.json"):
            continue
        record = parse_record(json.loads(path.read_text()))
        sheet = GAMES[kind].evening.sheet(GAMES[kind].replay(record))
        assert len(sheet.rows) == len(record.rounds), path.name
        assert all(len(row) == len(sheet.columns) for row in sheet.rows), path.name


def test_plump_sheet_reads_like_the_protocol() -> None:
    sheet = GAMES["plump"].evening.sheet(GAMES["plump"].replay(PLUMP))
    names = [str(column) for column in sheet.columns]
    assert names[:8] == ["Deal", "Cards", "Dealer", "Trump", "Anna: bid", "Anna: tricks",
                         "Anna: score", "Anna: total"]  # fmt: skip
    assert sheet.rows[2][:8] == (3, 8, "Cia", "NT", 3, 2, 0, 27)


# --- the settle-up ---------------------------------------------------------------------------


def test_an_evening_of_three_games_settles_in_cents() -> None:
    """The browser test's evening, worked by hand: Plump at 0.10 a point between every pair
    (Anna +1.10, Bo +5.50, Cia -5.70, Dan -0.90), Boodle at 0.50 a chip (Anna -3.00, Bo -0.50,
    Cia -1.50, Dan +5.00) and Mus at 2.00 a game (Bo and Dan won one: +1.00 each)."""
    plump = GameMoney(
        1,
        "Plump",
        {
            "Anna": Fraction(11, 10),
            "Bo": Fraction(55, 10),
            "Cia": Fraction(-57, 10),
            "Dan": Fraction(-9, 10),
        },
        None,
        True,
    )
    boodle = GameMoney(2, "Boodle", {"Anna": Fraction(-3), "Bo": Fraction(-1, 2),
                                     "Cia": Fraction(-3, 2), "Dan": Fraction(5)},
                       {"Anna": Fraction(-6), "Bo": Fraction(-1), "Cia": Fraction(-3),
                        "Dan": Fraction(10)}, True)  # fmt: skip
    mus = GameMoney(3, "Mus", {"Anna": Fraction(-1), "Bo": Fraction(1), "Cia": Fraction(-1),
                               "Dan": Fraction(1)}, None, True)  # fmt: skip
    evening = settle_evening([plump, boodle, mus])
    assert evening.balances == {"Anna": -290, "Bo": 600, "Cia": -820, "Dan": 510}
    payments = [(p.payer, p.payee, p.cents) for p in evening.payments]
    assert payments == [("Anna", "Dan", 290), ("Cia", "Bo", 600), ("Cia", "Dan", 220)]
    cia_to_dan = evening.payments[2]
    assert [(s.title, s.payer, s.payee) for s in cia_to_dan.sources] == [
        ("Plump", Fraction(-57, 10), Fraction(-9, 10)),
        ("Boodle", Fraction(-3, 2), Fraction(5)),
        ("Mus", Fraction(-1), Fraction(1)),
    ]
    assert cia_to_dan.sources[1].payer_units == -3

    paid = settle_evening([plump, boodle, mus], paid=[("Cia", "Dan", 220)])
    assert paid.outstanding == {"Anna": -290, "Bo": 600, "Cia": -600, "Dan": 290}
    assert [(p.payer, p.payee, p.cents) for p in paid.payments] == payments[:2]


def test_a_game_without_a_stake_counts_for_nothing() -> None:
    free = GameMoney(1, "Mus", {}, None, False)
    assert settle_evening([free]).payments == ()


names = st.sampled_from("ABCDEFGH")
amounts = st.fractions(min_value=-50, max_value=50, max_denominator=12)


@st.composite
def game_money(draw: st.DrawFn) -> GameMoney:
    """A game's money: some players, amounts that add up to zero (or none: no stake)."""
    players = draw(st.lists(names, min_size=2, max_size=8, unique=True))
    if draw(st.booleans()) and draw(st.booleans()):
        return GameMoney(1, "free", {}, None, False)
    values = [draw(amounts) for _ in players[1:]]
    money = dict(zip(players, [-sum(values, Fraction(0)), *values], strict=True))
    return GameMoney(1, "game", money, None, draw(st.booleans()))


def apply(payments, balances: Mapping[str, int]) -> dict[str, int]:  # type: ignore[no-untyped-def]
    left = dict(balances)
    for payment in payments:
        assert payment.cents > 0 and payment.payer != payment.payee
        left[payment.payer] += payment.cents
        left[payment.payee] -= payment.cents
    return left


@settings(max_examples=150, deadline=None)
@given(st.lists(game_money(), min_size=1, max_size=5))
def test_the_settle_up_sums_to_zero_and_is_exactly_minimal(games: list[GameMoney]) -> None:
    evening = settle_evening(games)
    exact = {}
    for game in games:
        for name, value in game.money.items():
            exact[name] = exact.get(name, Fraction(0)) + value
    assert sum(evening.balances.values()) == 0
    assert all(abs(evening.balances[n] - exact[n] * 100) < 1 for n in exact)
    assert set(apply(evening.payments, evening.outstanding).values()) <= {0}
    nonzero = [Fraction(c) for c in evening.outstanding.values() if c]
    assert len(evening.payments) == (brute_force_minimum(nonzero) if nonzero else 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(game_money(), min_size=1, max_size=3), st.data())
def test_paid_payments_are_taken_off_the_rest(games: list[GameMoney], data) -> None:  # type: ignore[no-untyped-def]
    first = settle_evening(games)
    made = [(p.payer, p.payee, p.cents) for p in first.payments]
    paid = data.draw(st.lists(st.sampled_from(made), unique=True)) if made else []
    again = settle_evening(games, paid=paid)
    assert set(apply(again.payments, again.outstanding).values()) <= {0}
    assert sum(again.outstanding.values()) == 0
    assert len(again.payments) <= len(first.payments) - len(paid)


@given(st.dictionaries(names, amounts, min_size=1))
def test_cents_add_up_to_zero_and_stay_within_a_cent(values: dict[str, Fraction]) -> None:
    first = next(iter(values))
    values[first] -= sum(values.values(), Fraction(0))
    cents = in_cents(values)
    assert sum(cents.values()) == 0
    assert all(abs(cents[n] - values[n] * 100) < 1 for n in values)


@given(st.dictionaries(names, st.integers(-300, 300), min_size=2))
def test_pairs_are_n_times_the_average_and_both_add_up_to_zero(points: dict[str, int]) -> None:
    pairs, average = between_pairs(points), against_average(points)
    assert sum(pairs.values()) == 0 == sum(average.values())
    assert all(pairs[n] == len(points) * average[n] for n in points)
