"""Mus: the worked examples of the rules, the example records, counting, games and the match."""

from __future__ import annotations

import json

import pytest

from assistant.games import find_game
from assistant.games.base import Record, RuleError
from assistant.games.mus import (
    SPEC,
    breakdown,
    check_lance,
    normalize_options,
    replay,
    score,
)
from assistant.games.mus.count import Ending, Outcome, amarracos, is_dentro
from assistant.games.mus.entry import declare
from assistant.games.mus.hands import HandRules, Lance, parse_hand
from assistant.store.records import parse_record, score_text
from tests.examples import EXAMPLES

FOUR = ("Anna", "Ben", "Carla", "Dan")
SEED_CARDS = {"Anna": "K3QA", "Ben": "7654", "Carla": "JJ54", "Dan": "KQ77"}
SEED_LANCES = {
    "grande": "paso",
    "chica": {"by": 2, "bets": [2], "answer": "quiero"},
    "pares": {"by": 1, "bets": [2], "answer": "no_quiero"},
    "juego": {"by": 2, "bets": [2], "answer": "quiero"},
}


def record(rounds=(), options=None, first="Anna") -> Record:
    return Record("mus", FOUR, first, options or {}, tuple(rounds))


def hand(lances=None, cards=None, showdown=None, mano=None) -> dict:
    raw: dict = {"lances": lances or {}}
    if cards is not None:
        raw["cards"] = cards
    if showdown is not None:
        raw["showdown"] = showdown
    if mano is not None:
        raw["mano"] = mano
    return raw


def bet(by, *bets, answer="quiero") -> dict:
    return {"by": by, "bets": list(bets), "answer": answer}


def lance_result(state, lance: Lance, number=1):
    return next(r for r in state.hands[number - 1].lances if r.lance is lance)


# --- the example records --------------------------------------------------------------------


def example_names() -> list[str]:
    if not EXAMPLES.is_dir():
        return []
    return sorted(p.stem for p in EXAMPLES.glob("mus-*.json") if ".expected" not in p.name)


def test_all_six_examples_are_found() -> None:
    assert len(example_names()) == 6


@pytest.mark.parametrize("name", example_names())
def test_shared_example_scores_exactly(name: str) -> None:
    got = score_text((EXAMPLES / f"{name}.json").read_text())
    expected = json.loads((EXAMPLES / f"{name}.expected.json").read_text())
    assert got == expected
    assert list(got) == list(expected)  # the keys in the documented order


# --- the worked examples of the rules -------------------------------------------------------


def test_seed_hand_from_cards_is_11_to_0() -> None:
    state = replay(record([hand(SEED_LANCES, SEED_CARDS)]))
    first = state.hands[0]
    assert (first.immediate, first.counted, first.stones) == ((1, 0), (10, 0), (11, 0))
    paid = {r.lance: (r.team, r.immediate, r.stake, r.values) for r in first.lances}
    assert paid == {
        Lance.GRANDE: (1, 0, 1, 0),  # Anna's K-K beats Dan's K-Q
        Lance.CHICA: (1, 0, 2, 0),  # Anna's ace is the lowest
        Lance.PARES: (1, 1, 0, 2),  # 1 at once, Anna's and Carla's pars at the count
        Lance.JUEGO: (1, 0, 2, 3),  # Anna's 31 beats Dan's 34
    }


def test_seed_hand_from_the_showdown_is_11_to_0() -> None:
    showdown = {"grande": 1, "chica": 1, "pares": 1, "juego": 1,
                "pares_values": [2, 1], "juego_values": [3, 2]}  # fmt: skip
    assert replay(record([hand(SEED_LANCES, showdown=showdown)])).hands[0].stones == (11, 0)


def test_seed_hand_explanations() -> None:
    state = replay(record([hand(SEED_LANCES, SEED_CARDS)]))
    texts = [str(d.message(FOUR)) for d in state.hands[0].decisions]
    assert texts == [
        "Anna's K-K-Q-A beats Dan's K-Q-7-7 at grande",
        "Anna's A-Q-K-K beats Ben's 4-5-6-7 at chica",
        "Anna's K-K beats Dan's 7-7 at pares",
        "Anna's 31 beats Dan's 34 at juego",
    ]
    grande = state.hands[0].lances[0]
    assert grande.explanation is not None
    assert grande.explanation.template == "{winner}'s {hand} beats {loser}'s {other} at {lance}"
    assert [str(m) for m in breakdown(state.hands[0].lances, FOUR)] == [
        "grande: Anna & Carla 1",
        "chica: Anna & Carla 2",
        "pares: Anna & Carla 1 at once, 2 at the count",
        "juego: Anna & Carla 2+3",
    ]


@pytest.mark.parametrize(
    ("bets", "team", "stones"),
    [
        ([2], 1, 1),  # a rejected first bet pays 1
        ([2, 5], 2, 2),  # envido 2, raise 5, no quiero: the raiser's team gets 2
        ([2, 5, 10], 1, 7),  # ... raise 10, no quiero: 7
        ([3, "ordago"], 2, 3),  # a rejected órdago pays like any rejected raise
        (["ordago"], 1, 1),
    ],
)
def test_rejections_pay_at_once(bets, team, stones) -> None:
    rounds = [hand({"grande": bet(1, *bets, answer="no_quiero")}, SEED_CARDS)]
    result = lance_result(replay(record(rounds)), Lance.GRANDE)
    assert (result.outcome, result.team, result.immediate, result.stake) == (
        Outcome.NO_QUIERO, team, stones, 0)  # fmt: skip
    assert replay(record(rounds)).hands[0].immediate[team - 1] == stones


def test_accepted_raises_pay_their_sum() -> None:
    rounds = [hand({"grande": bet(2, 2, 5, 10)}, SEED_CARDS)]
    assert lance_result(replay(record(rounds)), Lance.GRANDE).stake == 17


PARES_CARDS = {"Anna": "7754", "Ben": "QQJJ", "Carla": "666K", "Dan": "AK54"}


def test_pares_rejection_pays_the_betting_team_its_own_values() -> None:
    # team A par + medias, team B duples; A bets 2, B rejects: A 1 at once and 3 at the count
    rounds = [hand({"pares": bet(1, 2, answer="no_quiero")}, PARES_CARDS)]
    state = replay(record(rounds))
    pares = lance_result(state, Lance.PARES)
    assert (pares.team, pares.immediate, pares.values) == (1, 1, 3)
    assert state.hands[0].decisions[2].winner == "Ben"  # Ben's duples were better


def test_pares_rejection_from_the_showdown() -> None:
    showdown = {"grande": 2, "chica": 1, "pares": 2, "juego": 2,
                "pares_values": [3, 3], "juego_values": [0, 2]}  # fmt: skip
    rounds = [hand({"pares": bet(1, 2, answer="no_quiero")}, showdown=showdown)]
    pares = lance_result(replay(record(rounds)), Lance.PARES)
    assert (pares.team, pares.immediate, pares.values) == (1, 1, 3)


PUNTO_CARDS = {"Anna": "KQ54", "Ben": "J76A", "Carla": "7654", "Dan": "K764"}


@pytest.mark.parametrize(
    ("entry", "stake", "values", "now"),
    [
        ("paso", 1, 0, 0),  # punto en paso: 1
        (bet(1, 2), 2, 1, 0),  # bet 2 accepted: 3
        (bet(2, 2, 4), 6, 1, 0),
        (bet(2, 2, answer="no_quiero"), 0, 1, 1),  # 1 at once to Ben & Dan, then their 1
    ],
)
def test_punto_pays(entry, stake, values, now) -> None:
    punto = lance_result(replay(record([hand({"punto": entry}, PUNTO_CARDS)])), Lance.PUNTO)
    assert (punto.stake, punto.values, punto.immediate) == (stake, values, now)
    assert punto.team == (2 if now else 1)  # Anna's 29 wins punto


def test_pares_and_juego_alone_score_their_values_without_betting() -> None:
    # only Ben has pares (duples); only Ben has juego (40)
    cards = {"Anna": "7654", "Ben": "KKQQ", "Carla": "A765", "Dan": "A754"}
    state = replay(record([hand({}, cards)]))
    pares, juego = lance_result(state, Lance.PARES), lance_result(state, Lance.JUEGO)
    assert (pares.outcome, pares.team, pares.stake, pares.values) == (Outcome.ALONE, 2, 0, 3)
    assert (juego.outcome, juego.team, juego.stake, juego.values) == (Outcome.ALONE, 2, 0, 2)
    assert str(state.hands[0].decisions[2].message(FOUR).params["team"]) == "Ben & Dan"


def test_nobody_has_pares_skips_the_lance() -> None:
    state = replay(record([hand({}, PUNTO_CARDS)]))
    pares = lance_result(state, Lance.PARES)
    assert (pares.outcome, pares.team, pares.total) == (Outcome.NOBODY, None, 0)
    assert str(state.hands[0].decisions[2].message(FOUR)) == "Nobody has pares"


# 38–36, grande passed to B (37), chica accepted at 2 to A (40): A wins, pares and juego not counted
TO_38_36 = hand(
    {"grande": bet(1, 37), "punto": bet(2, 35)},
    showdown={"grande": 1, "chica": 1, "pares": None, "punto": 2},
)


@pytest.mark.parametrize(
    "showdown",
    [
        {"grande": 2, "chica": 1, "pares": 2, "juego": 2,
         "pares_values": [0, 3], "juego_values": [0, 3]},
        {"grande": 2, "chica": 1},  # a partial showdown: the count never needs the rest
    ],
)  # fmt: skip
def test_the_count_stops_when_a_team_reaches_the_target(showdown) -> None:
    state = replay(record([TO_38_36, hand({"chica": bet(2, 2)}, showdown=showdown)]))
    assert state.hands[0].score == (38, 36)
    last = state.hands[1]
    assert (last.counted, last.score, last.game_over) == ((2, 1), (40, 37), True)
    assert last.count.ending is Ending.COUNT
    assert state.games[0].winner == 1
    assert [r.counted for r in last.lances][:3] == [True, True, False]
    assert len(last.lances) == 4 - ("pares" not in showdown)  # juego or punto: unknown


def test_a_score_may_pass_the_target_the_lance_counts_whole() -> None:
    state = replay(record([TO_38_36, hand({"grande": bet(1, 5)}, showdown={"grande": 1})]))
    assert state.hands[1].score == (43, 36)
    assert score(record([TO_38_36]))["games"] == [{"stones": [38, 36], "winner": None}]


def test_rejection_stones_can_end_the_game_mid_hand() -> None:
    rounds = [TO_38_36, hand({"grande": bet(1, 2, 5, 10, answer="no_quiero")})]
    state = replay(record(rounds))  # no showdown needed: the game ended at once
    last = state.hands[1]
    assert (last.immediate, last.counted, last.score) == ((7, 0), (0, 0), (45, 36))
    assert last.count.ending is Ending.REJECTION
    # chica, pares (juego or punto is unknown without a showdown: it is left out)
    assert [r.outcome for r in last.lances][1:] == [Outcome.NOT_PLAYED] * 2


def test_an_accepted_ordago_ends_the_game_with_the_stones_as_they_stand() -> None:
    lances = {"grande": bet(1, 2, answer="no_quiero"), "chica": bet(2, "ordago")}
    state = replay(record([TO_38_36, hand(lances, showdown={"chica": 2})]))
    last = state.hands[1]
    assert (last.immediate, last.counted, last.score) == ((1, 0), (0, 0), (39, 36))
    assert (last.count.ending, state.games[0].winner) == (Ending.ORDAGO, 2)
    assert str(breakdown(last.lances, FOUR)[1]) == "chica: Ben & Dan win the órdago and the game"


# --- games, match, mano ---------------------------------------------------------------------


def win_by_ordago(team: int) -> dict:
    return hand({"grande": bet(team, "ordago")}, showdown={"grande": team})


def test_match_of_two_games_and_rotation_across_games() -> None:
    rounds = [win_by_ordago(1), hand({}, SEED_CARDS), win_by_ordago(2), win_by_ordago(1)]
    out = score(record(rounds, first="Carla"))
    assert [r["mano"] for r in out["rounds"]] == ["Carla", "Dan", "Anna", "Ben"]
    assert out["games"] == [
        {"stones": [0, 0], "winner": 1},
        {"stones": [7, 0], "winner": 2},  # 7-0 up, then an órdago lost
        {"stones": [0, 0], "winner": 1},
    ]
    assert [r["game_over"] for r in out["rounds"]] == [True, False, True, True]
    assert (out["finished"], out["winners"], out["next"]) == (True, ["Anna", "Carla"], None)
    assert out["totals"] == {"Anna": 2, "Ben": 1, "Carla": 2, "Dan": 1}


@pytest.mark.parametrize(("games_to_win", "hands"), [(1, 1), (2, 2), (3, 3)])
def test_games_to_win(games_to_win: int, hands: int) -> None:
    options = {"games_to_win": games_to_win}
    state = replay(record([win_by_ordago(2)] * hands, options))
    assert state.finished
    assert state.winners == ("Ben", "Dan")
    assert not replay(record([win_by_ordago(2)] * (hands - 1), options)).finished


def test_mano_override_and_next() -> None:
    out = score(record([hand({}, SEED_CARDS, mano="Dan"), hand({}, SEED_CARDS)]))
    assert [r["mano"] for r in out["rounds"]] == ["Dan", "Anna"]
    assert out["next"] == {"hand": 3, "mano": "Ben", "dealer": "Anna"}


def test_mano_wins_ties_so_the_override_changes_the_result() -> None:
    # Anna and Ben hold the same grande: whoever is nearer the mano wins it
    cards = {"Anna": "KQ74", "Ben": "KQ74", "Carla": "A654", "Dan": "A65J"}
    as_anna = replay(record([hand({}, cards)])).hands[0].lances[0]
    as_ben = replay(record([hand({}, cards, mano="Ben")])).hands[0].lances[0]
    assert (as_anna.team, as_ben.team) == (1, 2)
    tie = replay(record([hand({}, cards, mano="Ben")])).hands[0].decisions[0]
    assert tie.tie
    assert str(tie.message(FOUR)).endswith("Ben is nearer the mano and wins")


def test_empty_record() -> None:
    out = score(record())
    assert out == {
        "game": "mus", "finished": False, "winners": [],
        "totals": {"Anna": 0, "Ben": 0, "Carla": 0, "Dan": 0}, "rounds": [],
        "next": {"hand": 1, "mano": "Anna", "dealer": "Dan"},
        "teams": [["Anna", "Carla"], ["Ben", "Dan"]],
        "games": [{"stones": [0, 0], "winner": None}],
    }  # fmt: skip


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({}, {"target": 40, "games_to_win": 2, "kings": 8, "juego_real": "off"}),
        ({"target": None, "kings": 4}, {"target": 40, "games_to_win": 2, "kings": 4,
                                        "juego_real": "off"}),
        ({"target": 30, "games_to_win": 3, "juego_real": "jack"},
         {"target": 30, "games_to_win": 3, "kings": 8, "juego_real": "jack"}),
    ],
)  # fmt: skip
def test_normalize_options(raw, expected) -> None:
    assert normalize_options(raw) == expected


@pytest.mark.parametrize("target", [30, 35, 40])
def test_targets(target: int) -> None:
    rounds = [hand({"grande": bet(1, target - 1)}, showdown={"grande": 1, "chica": 1})]
    state = replay(record(rounds, {"target": target}))
    assert state.hands[0].game_over
    assert state.hands[0].score == (target, 0)
    assert state.games[0].winner == 1  # the chica stone reached the target


def test_dentro_and_amarracos() -> None:
    state = replay(record([TO_38_36]))
    assert state.next is not None
    assert state.next.dentro == (True, True)
    assert state.next.score == (38, 36)
    assert (is_dentro(34, 40), is_dentro(35, 40), is_dentro(25, 30), is_dentro(30, 30)) == (
        False, True, True, False)  # fmt: skip
    assert amarracos(23) == (4, 3)


def test_registered_and_through_the_envelope() -> None:
    assert find_game("mus") is SPEC
    rec = parse_record({"format": "table-assistant/1", "game": "mus", "players": list(FOUR),
                        "first_mano": "Ben", "rounds": []})  # fmt: skip
    assert score(rec)["next"] == {"hand": 1, "mano": "Ben", "dealer": "Anna"}


# --- helpers for the UI ---------------------------------------------------------------------


def test_declare_from_four_hands() -> None:
    hands = {p: parse_hand(h) for p, h in PUNTO_CARDS.items()}
    d = declare(FOUR, hands, HandRules())
    assert (d.fourth, d.pares_teams, d.is_bet_on(Lance.PARES)) == (Lance.PUNTO, frozenset(), False)
    hands = {p: parse_hand(h) for p, h in PARES_CARDS.items()}
    d = declare(FOUR, hands, HandRules())
    assert d.pares == {"Anna": True, "Ben": True, "Carla": True, "Dan": False}
    assert d.is_bet_on(Lance.PARES)
    assert d.is_undisputed(Lance.JUEGO)
    assert d.juego_teams == frozenset({2})
    assert d.fourth is Lance.JUEGO


def test_check_lance_in_context() -> None:
    partial = hand({"grande": bet(2, 2, 5, answer="no_quiero"), "chica": bet(1, 3)})
    assert check_lance(replay(record([TO_38_36])), partial, "grande") is not None
    with pytest.raises(RuleError, match="already decided") as info:
        check_lance(replay(record([TO_38_36])), partial, "chica")
    assert info.value.field == "lances.chica"
    cards = PUNTO_CARDS | {"Ben": "KKQ4"}
    with pytest.raises(RuleError, match="Only Ben & Dan have pares") as info:
        check_lance(replay(record()), hand({"pares": bet(1, 2)}, cards=cards), "pares")
    assert info.value.field == "lances.pares"
    assert check_lance(replay(record()), hand({"chica": "paso"}), "chica") is None


def test_check_lance_edges() -> None:
    # the fourth lance is punto by the cards: asking about juego finds nothing entered
    assert check_lance(replay(record()), hand({}, PUNTO_CARDS), "juego") is None
    with pytest.raises(RuleError, match="There is no lance envido") as info:
        check_lance(replay(record()), hand({}), "envido")
    assert info.value.field == "lances.envido"
    over = record([win_by_ordago(1)], {"games_to_win": 1})
    with pytest.raises(RuleError, match="The match is over"):
        check_lance(replay(over), hand({"grande": "paso"}), "grande")
