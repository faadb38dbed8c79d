"""Mus hands: card points, the four lances' comparisons, kings, juego real, the mano tie rule."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.mus.hands import (
    MUS_RANKS,
    HandRules,
    JuegoReal,
    Lance,
    Pares,
    best_player,
    compare,
    hand_label,
    juego_value,
    lance_key,
    pares_of,
    pares_value,
    parse_hand,
    points,
)

EIGHT = HandRules()
FOUR_KINGS = HandRules(kings=4)


def beats(a: str, b: str, lance: Lance, rules: HandRules = EIGHT) -> int:
    return compare(parse_hand(a), parse_hand(b), lance, rules)


@pytest.mark.parametrize(
    ("cards", "rules", "expected"),
    [
        ("K3QA", EIGHT, 31),  # the seed example
        ("JJ54", EIGHT, 29),
        ("KQ77", EIGHT, 34),
        ("7654", EIGHT, 22),
        ("KQJA", EIGHT, 31),
        ("K3QA", FOUR_KINGS, 24),  # 3 is 3 with four kings
        ("2222", EIGHT, 4),
        ("2222", FOUR_KINGS, 8),
        ("KKKK", EIGHT, 40),
    ],
)
def test_card_points(cards: str, rules: HandRules, expected: int) -> None:
    assert points(parse_hand(cards), rules) == expected


@pytest.mark.parametrize(
    ("winner", "loser", "lance", "rules"),
    [
        ("K344", "KQQQ", Lance.GRANDE, EIGHT),  # two kings beat one
        ("KQQQ", "K344", Lance.GRANDE, FOUR_KINGS),  # with four kings the 3 is low
        ("A27K", "A456", Lance.CHICA, EIGHT),  # A-2 = two aces
        ("A27K", "A456", Lance.CHICA, FOUR_KINGS),  # 2 is below 4 anyway
        ("4AAA", "KAAA", Lance.CHICA, EIGHT),  # not the reverse of grande
        ("4AAA", "KAAA", Lance.CHICA, FOUR_KINGS),
        ("KQJ7", "KQJ6", Lance.GRANDE, EIGHT),  # the fourth card decides
        ("A456", "A457", Lance.CHICA, EIGHT),
        ("KK3A", "KKQQ", Lance.GRANDE, EIGHT),  # three kings
        ("A2AK", "AA4K", Lance.CHICA, EIGHT),  # three aces
    ],
)
def test_grande_and_chica(winner: str, loser: str, lance: Lance, rules: HandRules) -> None:
    assert beats(winner, loser, lance, rules) == 1
    assert beats(loser, winner, lance, rules) == -1


def test_grande_compares_card_by_card() -> None:
    assert beats("AA4K", "A2AK", Lance.GRANDE) == 1  # K = K, then 4 beats A


@pytest.mark.parametrize(
    ("cards", "kind", "value"),
    [
        ("KQJ7", Pares.NONE, 0),
        ("KK74", Pares.PAR, 1),
        ("K374", Pares.PAR, 1),  # 3 = K with eight kings
        ("KKK4", Pares.MEDIAS, 2),
        ("KKQQ", Pares.DUPLES, 3),
        ("7777", Pares.DUPLES, 3),  # four equal = duples
        ("A2A2", Pares.DUPLES, 3),
    ],
)
def test_pares_kinds_and_values(cards: str, kind: Pares, value: int) -> None:
    assert pares_of(parse_hand(cards), EIGHT)[0] is kind
    assert pares_value(parse_hand(cards), EIGHT) == value


def test_pares_with_four_kings() -> None:
    assert pares_of(parse_hand("K374"), FOUR_KINGS)[0] is Pares.NONE
    assert pares_of(parse_hand("3374"), FOUR_KINGS)[0] is Pares.PAR


# strongest first: every hand beats the next one at pares
PARES_ORDER = ["KKQQ", "KKAA", "QQJJ", "77AA", "KKK4", "777A", "AAA4", "KK74", "QQ74", "AA74"]


@pytest.mark.parametrize(("better", "worse"), list(pairwise(PARES_ORDER)))
def test_pares_order(better: str, worse: str) -> None:
    assert beats(better, worse, Lance.PARES) == 1


def test_pares_other_cards_never_break_a_tie() -> None:
    assert beats("KK74", "KKQJ", Lance.PARES) == 0
    assert beats("QQQ4", "QQQK", Lance.PARES) == 0


def test_duples_of_four_equal_beat_two_pairs_with_that_rank() -> None:
    assert beats("KKKK", "KKQQ", Lance.PARES) == 1


# 31 > 32 > 40 > 37 > 36 > 35 > 34 > 33, as hands
JUEGO_HANDS = {
    31: "KQJA",
    32: "KQ66",
    40: "KQJK",
    37: "KQJ7",
    36: "KQJ6",
    35: "KQJ5",
    34: "KQ77",
    33: "KQ76",
}
JUEGO_ORDER = [31, 32, 40, 37, 36, 35, 34, 33]


@pytest.mark.parametrize(("better", "worse"), list(pairwise(JUEGO_ORDER)))
def test_juego_order(better: int, worse: int) -> None:
    a, b = JUEGO_HANDS[better], JUEGO_HANDS[worse]
    assert points(parse_hand(a), EIGHT) == better
    assert points(parse_hand(b), EIGHT) == worse
    assert beats(a, b, Lance.JUEGO) == 1


def test_no_juego_below_31() -> None:
    assert lance_key(parse_hand("JJ54"), Lance.JUEGO, EIGHT) == ()
    assert beats("KQJA", "JJ54", Lance.JUEGO) == 1


@pytest.mark.parametrize(("cards", "value"), [("KQJA", 3), ("KQ66", 2), ("KQJK", 2), ("JJ54", 0)])
def test_juego_values(cards: str, value: int) -> None:
    assert juego_value(parse_hand(cards), EIGHT) == value


def test_punto_highest_sum_wins() -> None:
    assert beats("KQ55", "KQ54", Lance.PUNTO) == 1  # 30 beats 29
    assert beats("KQ54", "7654", Lance.PUNTO) == 1


@pytest.mark.parametrize(
    ("cards", "mode", "real"),
    [
        ("777K", JuegoReal.FIGURE, True),
        ("777J", JuegoReal.FIGURE, True),
        ("7773", JuegoReal.FIGURE, True),  # 3 is a 10-point card with eight kings
        ("777J", JuegoReal.JACK, True),
        ("777K", JuegoReal.JACK, False),  # the fourth card must be a jack
        ("777K", JuegoReal.OFF, False),
        ("KQJA", JuegoReal.FIGURE, False),
    ],
)
def test_juego_real(cards: str, mode: JuegoReal, real: bool) -> None:
    rules = HandRules(juego_real=mode)
    assert (beats(cards, "KQJA", Lance.JUEGO, rules) == 1) is real
    assert juego_value(parse_hand(cards), rules) == 3
    assert hand_label(parse_hand(cards), Lance.JUEGO, rules).endswith("(juego real)") is real


def test_juego_real_is_not_one_with_four_kings_and_a_three() -> None:
    rules = HandRules(kings=4, juego_real=JuegoReal.FIGURE)
    assert lance_key(parse_hand("7773"), Lance.JUEGO, rules) == ()  # 24: no juego at all


@pytest.mark.parametrize(
    ("mano", "winner"), [("Anna", "Anna"), ("Ben", "Ben"), ("Carla", "Anna"), ("Dan", "Anna")]
)
def test_ties_go_to_the_player_nearest_the_mano(mano: str, winner: str) -> None:
    players = ["Anna", "Ben", "Carla", "Dan"]
    hands = {"Anna": "KQ74", "Ben": "KQ74", "Carla": "QJ74", "Dan": "J765"}
    parsed = {p: parse_hand(h) for p, h in hands.items()}
    start = players.index(mano)
    order = players[start:] + players[:start]
    assert best_player(parsed, order, Lance.GRANDE, EIGHT) == winner


def test_nobody_wins_pares_without_pares() -> None:
    parsed = {p: parse_hand("KQ74") for p in "ABCD"}
    assert best_player(parsed, list("ABCD"), Lance.PARES, EIGHT) is None


@pytest.mark.parametrize(
    ("lance", "label"),
    [
        (Lance.GRANDE, "K-K-Q-A"),
        (Lance.CHICA, "A-Q-K-K"),
        (Lance.PARES, "K-K"),
        (Lance.JUEGO, "31"),
    ],
)
def test_hand_labels(lance: Lance, label: str) -> None:
    assert hand_label(parse_hand("K3QA"), lance, EIGHT) == label


def test_suits_are_allowed_and_ignored() -> None:
    assert parse_hand("KS3HQDAC").ranks == parse_hand("K3QA").ranks
    assert parse_hand("KS3HQDAC").suits == ("S", "H", "D", "C")
    assert points(parse_hand("KS3HQDAC"), EIGHT) == 31


# --- the comparison is a total order consistent with the tie rule ---------------------------

HANDS = st.lists(st.sampled_from(MUS_RANKS), min_size=4, max_size=4).map(
    lambda ranks: parse_hand("".join(ranks))
)
RULES = st.builds(HandRules, st.sampled_from([8, 4]), st.sampled_from(list(JuegoReal)))
LANCES = st.sampled_from(list(Lance))


@settings(max_examples=200, deadline=None)
@given(a=HANDS, b=HANDS, c=HANDS, lance=LANCES, rules=RULES)
def test_compare_is_a_total_order(a, b, c, lance, rules) -> None:
    assert compare(a, b, lance, rules) == -compare(b, a, lance, rules)
    assert compare(a, a, lance, rules) == 0
    if compare(a, b, lance, rules) >= 0 and compare(b, c, lance, rules) >= 0:
        assert compare(a, c, lance, rules) >= 0


@settings(max_examples=200, deadline=None)
@given(hands=st.lists(HANDS, min_size=4, max_size=4), mano=st.integers(0, 3), lance=LANCES,
       rules=RULES)  # fmt: skip
def test_the_winner_is_never_beaten(hands, mano, lance, rules) -> None:
    players = ["Anna", "Ben", "Carla", "Dan"]
    order = players[mano:] + players[:mano]
    by_player = dict(zip(players, hands, strict=True))
    winner = best_player(by_player, order, lance, rules)
    holders = [p for p in order if lance_key(by_player[p], lance, rules)]
    if winner is None:
        assert holders == []  # only pares / juego can have no winner
        assert lance in (Lance.PARES, Lance.JUEGO)
        return
    for other in holders:
        result = compare(by_player[winner], by_player[other], lance, rules)
        assert result >= 0
        if result == 0:  # an equal hand: the winner speaks first
            assert order.index(winner) <= order.index(other)
