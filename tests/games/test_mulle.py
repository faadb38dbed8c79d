"""Mulle: the worked examples of the rules, the example records, schedules and the typed API."""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.games import find_game
from assistant.games.base import Record
from assistant.games.cards import RANKS, SUIT_LETTERS, parse_card
from assistant.games.mulle import (
    SPEC,
    check_deal,
    normalize_options,
    plays_in_teams,
    replay,
    score,
    side_of,
    sides,
    still_in_pack,
    teams,
)
from assistant.games.mulle.deal import DealMode, deal_schedule
from assistant.games.mulle.piles import (
    Pile,
    Points,
    SpadePoints,
    card_points,
    kvitta,
    mulle_value,
    parse_pile,
    pile_points,
)
from assistant.games.seating import seating
from assistant.store.records import score_text
from tests.examples import EXAMPLES

TWO = ("Anna", "Bo")
THREE = ("Anna", "Bo", "Cia")
FOUR = ("Anna", "Bo", "Cia", "Dan")
ALL_CARDS = tuple(f"{rank}{suit}" for suit in SUIT_LETTERS for rank in RANKS)

# The first worked example of the rules: the 44 / 38 deal.
ANNA_44 = {"spades": 14, "aces": 3, "spade_aces": 1, "spade_twos": 1, "diamond_tens": 1,
           "tabbar": 3, "mulles": ["8C", "KH"]}  # fmt: skip
BO_38 = {"spades": 12, "aces": 5, "spade_aces": 1, "spade_twos": 1, "diamond_tens": 1,
         "tabbar": 1, "mulles": ["5C", "QD"]}  # fmt: skip


def record(players: tuple[str, ...] = TWO, rounds: Any = (), **options: Any) -> Record:
    return Record("mulle", players, players[0], options, tuple(rounds))


def deal_worth(targets: dict[str, int]) -> dict[str, Any]:
    """A round whose piles score exactly ``targets`` through mulles and tabbar alone.

    Mulles are picked greedily (each card once in the deal); what is left over is tabbar.
    """
    pool = sorted(ALL_CARDS, key=lambda c: -mulle_value(parse_card(c)))
    piles: dict[str, Any] = {}
    for name, target in targets.items():
        left, mulles = target, []
        for code in list(pool):
            value = mulle_value(parse_card(code))
            if value <= left:
                mulles.append(code)
                pool.remove(code)
                left -= value
        piles[name] = {"mulles": mulles, "tabbar": left}
    return {"piles": piles}


# --- the example records ------------------------------------------------------------------


def example_names() -> list[str]:
    if not EXAMPLES.is_dir():
        return []
    return sorted(p.name for p in EXAMPLES.glob("mulle-*.json") if ".expected" not in p.name)


@pytest.mark.parametrize("name", example_names())
def test_shared_example_scores_exactly(name: str) -> None:
    source = EXAMPLES / name
    expected = json.loads(source.with_name(name.replace(".json", ".expected.json")).read_text())
    assert score_text(source.read_text()) == expected


def test_there_are_five_mulle_examples() -> None:
    assert len(example_names()) == 5


def test_registered() -> None:
    assert find_game("mulle") is SPEC
    assert (SPEC.min_players, SPEC.max_players, SPEC.first_field) == (2, 4, "first_dealer")


# --- worked examples of the rules ---------------------------------------------------------


@pytest.mark.parametrize(
    ("pile", "expected"),
    [
        (ANNA_44, Points(cards=20, mulles=21, tabbar=3)),
        (BO_38, Points(cards=20, mulles=17, tabbar=1)),
    ],
)
def test_the_44_38_deal(pile: dict[str, Any], expected: Points) -> None:
    points = pile_points(parse_pile(pile, "Anna"), SpadePoints.TOTALS, 2)
    assert points == expected
    assert points.total == expected.cards + expected.mulles + expected.tabbar


def test_the_44_38_deal_through_the_score() -> None:
    out = score(record(rounds=[{"piles": {"Anna": ANNA_44, "Bo": BO_38}}]))
    assert out["totals"] == {"Anna": 44, "Bo": 38}
    assert "warnings" not in out["rounds"][0]  # the two piles are the whole double pack


@pytest.mark.parametrize(
    ("spade_points", "diamond_ten", "expected"),
    [(SpadePoints.TOTALS, 2, 8), (SpadePoints.ADDITIVE, 2, 12), (SpadePoints.ADDITIVE, 3, 12)],
)
def test_both_spade_aces_and_both_spade_twos(
    spade_points: SpadePoints, diamond_ten: int, expected: int
) -> None:
    pile = Pile(spades=4, aces=2, spade_aces=2, spade_twos=2)
    assert card_points(pile, spade_points, diamond_ten) == expected


@pytest.mark.parametrize(("options", "expected"), [({}, 8), ({"spade_points": "additive"}, 12)])
def test_both_spade_aces_and_twos_through_the_score(options: dict[str, Any], expected: int) -> None:
    pile = {"spades": 4, "aces": 2, "spade_aces": 2, "spade_twos": 2}
    out = score(record(rounds=[{"piles": {"Anna": pile}}], **options))
    assert out["rounds"][0]["points"]["Anna"]["cards"] == expected


@pytest.mark.parametrize(
    ("options", "ten"), [({}, 2), ({"deal": "glimne"}, 3), ({"diamond_ten_points": 3}, 3)]
)
def test_diamond_ten_points(options: dict[str, Any], ten: int) -> None:
    out = score(record(rounds=[{"piles": {"Anna": {"diamond_tens": 2}}}], **options))
    assert out["rounds"][0]["points"]["Anna"]["cards"] == 2 * ten


PARTNERSHIP_DEALS = [(26, 18), (31, 22), (15, 29), (40, 12)]


def test_partnership_four_deals_make_112_to_81() -> None:
    # each team enters everything on one partner, a different one each deal
    on = [("Anna", "Bo"), ("Cia", "Dan"), ("Anna", "Dan"), ("Cia", "Bo")]
    rounds = [
        deal_worth({a: x, b: y}) for (a, b), (x, y) in zip(on, PARTNERSHIP_DEALS, strict=True)
    ]
    game = replay(record(FOUR, rounds))
    assert [deal.points["Anna"].total for deal in game.deals] == [26, 31, 15, 40]
    assert [deal.points["Dan"].total for deal in game.deals] == [18, 22, 29, 12]
    assert game.totals == {"Anna": 112, "Bo": 81, "Cia": 112, "Dan": 81}
    assert game.finished
    assert game.winners == ("Anna", "Cia")
    assert game.running[1] == {"Anna": 57, "Bo": 40, "Cia": 57, "Dan": 40}


def test_partners_piles_are_added() -> None:
    piles = {"Anna": {"spades": 10, "tabbar": 1}, "Cia": {"spades": 3, "mulles": ["7H"]}}
    out = score(record(FOUR, [{"piles": piles}]))
    assert out["rounds"][0]["points"]["Cia"] == {"cards": 13, "mulles": 7, "tabbar": 1, "total": 21}
    assert out["rounds"][0]["points"]["Anna"] == out["rounds"][0]["points"]["Cia"]
    assert out["rounds"][0]["points"]["Bo"]["total"] == 0  # left out: empty


TWO_DEALS_108 = [deal_worth({"Anna": 95, "Bo": 40}), deal_worth({"Anna": 88, "Bo": 35})]
TWO_DEALS_100 = [deal_worth({"Anna": 95, "Bo": 40}), deal_worth({"Anna": 80, "Bo": 35})]


@pytest.mark.parametrize(
    ("rounds", "totals", "club"),
    [
        (TWO_DEALS_108, {"Anna": 183, "Bo": 75}, ["Bo"]),  # lost by 108
        (TWO_DEALS_100, {"Anna": 175, "Bo": 75}, []),  # lost by exactly 100
    ],
)
def test_hundred_club(rounds: list[Any], totals: dict[str, int], club: list[str]) -> None:
    out = score(record(rounds=rounds))
    assert out["finished"] is True
    assert out["totals"] == totals
    assert out["winners"] == ["Anna"]
    assert out["hundred_club"] == club


def test_hundred_club_in_kryp_is_above_the_lowest() -> None:
    out = score(record(rounds=TWO_DEALS_108, kryp=True))
    assert out["winners"] == ["Bo"]
    assert out["hundred_club"] == ["Anna"]
    out = score(record(rounds=TWO_DEALS_100, kryp=True))
    assert (out["winners"], out["hundred_club"]) == (["Bo"], [])


def test_hundred_club_takes_both_partners_and_only_when_finished() -> None:
    rounds = [deal_worth({"Anna": 120, "Bo": 5})] * 3
    game = replay(record(FOUR, rounds))
    assert not game.finished
    assert game.hundred_club == ()
    assert game.winners == ()
    game = replay(record(FOUR, [*rounds, deal_worth({"Anna": 1})]))
    assert game.hundred_club == ("Bo", "Dan")


def test_shared_win_and_three_players_club() -> None:
    rounds = [deal_worth({"Anna": 150, "Bo": 150, "Cia": 60}), deal_worth({}), deal_worth({})]
    game = replay(record(THREE, rounds))
    assert game.winners == ("Anna", "Bo")
    assert game.hundred_club == ()
    game = replay(record(THREE, [deal_worth({"Anna": 150, "Bo": 60, "Cia": 49}), *rounds[1:]]))
    assert game.hundred_club == ("Cia",)  # 101 behind; Bo is 90 behind


@pytest.mark.parametrize(
    ("mulle_tabbar", "netted"),
    [
        ({"Anna": 2 + 5, "Bo": 7}, {"Anna": 0, "Bo": 0}),  # two tabbar and a mulle-5 vs a mulle-7
        ({"Anna": 24, "Bo": 18}, {"Anna": 6, "Bo": 0}),
        ({"Anna": 24, "Bo": 18, "Cia": 30}, {"Anna": 6, "Bo": 0, "Cia": 12}),
    ],
)
def test_kvitta(mulle_tabbar: dict[str, int], netted: dict[str, int]) -> None:
    assert kvitta(mulle_tabbar) == netted


def test_kvitta_of_a_deal() -> None:
    piles = {"Anna": {"tabbar": 2, "mulles": ["5C"]}, "Bo": {"mulles": ["7H"]}}
    assert replay(record(rounds=[{"piles": piles}])).deals[0].kvitta() == {"Anna": 0, "Bo": 0}
    piles = {"Anna": {"tabbar": 1, "mulles": ["KS"]}, "Dan": {"tabbar": 3, "mulles": ["4D"]}}
    netted = replay(record(FOUR, [{"piles": piles}])).deals[0].kvitta()
    assert netted == {"Anna": 7, "Bo": 0, "Cia": 7, "Dan": 0}


@pytest.mark.parametrize(
    ("card", "value"),
    [("AH", 14), ("AS", 14), ("2S", 15), ("2H", 2), ("10D", 16), ("10C", 10), ("JC", 11),
     ("QD", 12), ("KH", 13), ("5C", 5), ("9S", 9)],
)  # fmt: skip
def test_mulle_values(card: str, value: int) -> None:
    assert mulle_value(parse_card(card)) == value


# --- schedules, dealers, next -------------------------------------------------------------

SCHEDULES = [
    # mode, players, rounds, first round to each, table, last round to each
    ("standard", 2, 6, 8, 8, (8, 8)),
    ("standard", 3, 4, 8, 8, (8, 8, 8)),
    ("standard", 4, 3, 8, 8, (8, 8, 8, 8)),
    ("glimne", 2, 12, 4, 8, (4, 4)),
    ("glimne", 3, 8, 4, 8, (4, 4, 4)),
    ("glimne", 4, 6, 4, 8, (4, 4, 4, 4)),
    ("sassersson", 2, 10, 5, 5, (5, 4)),
    ("sassersson", 3, 7, 5, 5, (3, 3, 3)),
    ("sassersson", 4, 5, 5, 5, (5, 5, 5, 4)),
]


@pytest.mark.parametrize(("mode", "players", "rounds", "first", "table", "last"), SCHEDULES)
def test_deal_schedules(
    mode: str, players: int, rounds: int, first: int, table: int, last: tuple[int, ...]
) -> None:
    schedule = deal_schedule(DealMode(mode), players)
    assert len(schedule.rounds) == rounds
    assert schedule.rounds[0].to_each == (first,) * players
    assert schedule.rounds[0].table == table
    assert all(r.table == 0 for r in schedule.rounds[1:])
    assert schedule.rounds[-1].to_each == last
    assert sum(r.cards for r in schedule.rounds) == 104
    assert [r.bat for r in schedule.rounds] == [False] * (rounds - 1) + [True]
    assert schedule.bat_round == rounds
    assert [r.short for r in schedule.rounds].count(True) == (1 if len(set(last)) > 1 else 0)


@pytest.mark.parametrize(("mode", "players", "rounds", "first", "table", "last"), SCHEDULES)
def test_next_names_the_rounds_of_cards(
    mode: str, players: int, rounds: int, first: int, table: int, last: tuple[int, ...]
) -> None:
    names = FOUR[:players]
    game = replay(record(names, deal=mode))
    assert game.to_json()["next"] == {"deal": 1, "dealer": "Anna", "rounds": rounds}
    assert game.next is not None
    assert game.next.bat_round == rounds


def test_dealer_rotation_and_next() -> None:
    dealers = [seating(Record("mulle", THREE, "Bo"), n).dealer for n in range(1, 5)]
    assert dealers == ["Bo", "Cia", "Anna", "Bo"]
    rec = Record("mulle", THREE, "Cia", {"deals": 5}, (deal_worth({}),) * 3)
    game = replay(rec)
    assert [d.dealer for d in game.deals] == ["Cia", "Anna", "Bo"]
    assert game.next is not None
    assert (game.next.number, game.next.dealer, game.next.first_player) == (4, "Cia", "Anna")
    assert game.to_json()["next"] == {"deal": 4, "dealer": "Cia", "rounds": 4}


@pytest.mark.parametrize(
    ("players", "options", "deals"),
    [(TWO, {}, 2), (THREE, {}, 3), (FOUR, {}, 4), (TWO, {"deals": 3}, 3), (FOUR, {"deals": 1}, 1)],
)
def test_one_deal_per_player_or_deals(
    players: tuple[str, ...], options: dict[str, Any], deals: int
) -> None:
    game = replay(record(players, [deal_worth({})] * (deals - 1), **options))
    assert not game.finished
    assert game.deals_in_game == deals
    out = score(record(players, [deal_worth({})] * deals, **options))
    assert out["finished"] is True
    assert out["next"] is None


# --- options, teams, the UI's helpers ------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({}, ("standard", "totals", 2, None, False)),
        ({"deal": None, "kryp": None, "deals": None}, ("standard", "totals", 2, None, False)),
        ({"deal": "glimne"}, ("glimne", "totals", 3, None, False)),
        ({"deal": "glimne", "diamond_ten_points": 2}, ("glimne", "totals", 2, None, False)),
        ({"deal": "sassersson", "spade_points": "additive", "deals": 6, "kryp": True},
         ("sassersson", "additive", 2, 6, True)),
    ],
)  # fmt: skip
def test_normalize_options(raw: dict[str, Any], expected: tuple[Any, ...]) -> None:
    keys = ("deal", "spade_points", "diamond_ten_points", "deals", "kryp")
    assert normalize_options(raw) == dict(zip(keys, expected, strict=True))


@pytest.mark.parametrize(("players", "in_teams"), [(TWO, False), (THREE, False), (FOUR, True)])
def test_who_plays_in_teams(players: tuple[str, ...], in_teams: bool) -> None:
    assert plays_in_teams(players) is in_teams
    assert bool(teams(players)) is in_teams
    assert side_of(players, "Anna") == (("Anna", "Cia") if in_teams else ("Anna",))
    assert sorted(name for side in sides(players) for name in side) == sorted(players)


def test_no_team_form_for_three_players() -> None:
    """With 3 players Anna and Cia are not partners: their piles never count together."""
    assert teams(THREE) == ()
    piles = {"Anna": {"spades": 10}, "Cia": {"spades": 3}}
    points = replay(record(THREE, [{"piles": piles}])).deals[0].points
    assert (points["Anna"].cards, points["Cia"].cards) == (10, 3)
    assert teams(FOUR) == (("Anna", "Cia"), ("Bo", "Dan"))


def test_check_deal_warns_about_a_short_count() -> None:
    piles = {"Anna": {**ANNA_44, "spades": 13}, "Bo": BO_38}
    check = check_deal(record(), {"piles": piles})
    assert check.ok
    assert check.errors == ()
    assert [str(w) for w in check.warnings] == ["spades add up to 25 of 26"]
    out = score(record(rounds=[{"piles": piles}]))
    assert out["rounds"][0]["warnings"] == ["spades add up to 25 of 26"]
    assert out["rounds"][0]["points"]["Anna"]["cards"] == 19  # scored as entered


def test_check_deal_lists_every_error() -> None:
    piles = {"Anna": {"spades": 20, "spade_aces": 3, "aces": 2}, "Bo": {"spades": 7}}
    check = check_deal(record(), {"piles": piles})
    assert not check.ok
    assert {(e.field, str(e)) for e in check.errors} == {
        ("piles.Anna.spade_aces", "Anna's pile counts more A♠ (3) than aces (2): an A♠ is an ace"),
        ("piles.Bo.spades", "spades add up to 27, but the double pack has 26"),
        ("piles.Anna.spade_aces", "A♠ add up to 3, but the double pack has 2"),
    }


def test_check_deal_after_the_game() -> None:
    check = check_deal(record(rounds=[deal_worth({})] * 2), deal_worth({}))
    assert [str(e) for e in check.errors] == ["the game was over after deal 2: there is no deal 3"]
    assert check_deal(record(), "nonsense").errors[0].field == "piles"


def test_mulle_without_its_cards_is_a_warning() -> None:
    piles = {"Anna": {**ANNA_44, "mulles": ["AS"]}, "Bo": BO_38}
    out = score(record(rounds=[{"piles": piles}]))
    assert out["rounds"][0]["warnings"] == ["Anna's mulles hold 2 A♠, but the pile counts only 1"]


def test_still_in_pack() -> None:
    piles = {"Anna": {"spades": 99}, "Bo": BO_38}
    left = still_in_pack(record(), piles, "Anna")
    assert (left.spades, left.aces, left.spade_aces, left.spade_twos, left.diamond_tens) == (
        14, 3, 1, 1, 1)  # fmt: skip
    assert not left.mulle_possible(parse_card("QD"))
    assert left.mulle_possible(parse_card("QH"))
    # a partner's pile is one of the others; nothing goes below 0
    piles = {"Anna": {"spades": 20, "aces": 8, "spade_aces": 2}, "Bo": {"spades": 9}}
    left = still_in_pack(record(FOUR), piles, "Cia")
    assert (left.spades, left.aces, left.spade_aces) == (0, 0, 0)
