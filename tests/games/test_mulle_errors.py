"""Mulle: every kind of bad input is a RuleError naming the round, the field and what is wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.mulle import check_deal, normalize_options, score
from assistant.store.records import score_text

TWO = ("Anna", "Bo")
THREE = ("Anna", "Bo", "Cia")
FOUR = ("Anna", "Bo", "Cia", "Dan")
GOOD = {"piles": {"Anna": {"spades": 26, "aces": 8, "spade_aces": 2, "spade_twos": 2,
                           "diamond_tens": 2, "tabbar": 2, "mulles": ["8C"]}}}  # fmt: skip


def record(players: tuple[str, ...], rounds: Any, **options: Any) -> Record:
    return Record("mulle", players, players[0], options, tuple(rounds))


BAD_DEALS = [
    # (players, the bad round's piles, field, message)
    (TWO, {"Anna": {"spades": -1}}, "piles.Anna.spades", "Anna's spades cannot be negative (-1)"),
    (TWO, {"Bo": {"tabbar": -2}}, "piles.Bo.tabbar", "Bo's tabbar cannot be negative (-2)"),
    (TWO, {"Bo": {"spade_aces": -1}}, "piles.Bo.spade_aces", "Bo's A♠ cannot be negative (-1)"),
    (TWO, {"Anna": {"aces": 2.5}}, "piles.Anna.aces", "Anna's aces must be a whole number"),
    (TWO, {"Anna": {"aces": True}}, "piles.Anna.aces", "Anna's aces must be a whole number"),
    (TWO, {"Anna": {"spades": "3"}}, "piles.Anna.spades", "Anna's spades must be a whole number"),
    # more than the double pack
    (TWO, {"Anna": {"spades": 20}, "Bo": {"spades": 7}}, "piles.Bo.spades",
     "spades add up to 27, but the double pack has 26"),
    (TWO, {"Anna": {"spades": 27}}, "piles.Anna.spades",
     "spades add up to 27, but the double pack has 26"),
    (THREE, {"Anna": {"aces": 4, "spade_aces": 1, "spades": 1}, "Cia": {"aces": 5}},
     "piles.Cia.aces", "aces add up to 9, but the double pack has 8"),
    (TWO, {"Anna": {"aces": 2, "spade_aces": 2, "spades": 2},
           "Bo": {"aces": 1, "spade_aces": 1, "spades": 1}},
     "piles.Bo.spade_aces", "A♠ add up to 3, but the double pack has 2"),
    (TWO, {"Anna": {"spades": 3, "spade_twos": 3}}, "piles.Anna.spade_twos",
     "2♠ add up to 3, but the double pack has 2"),
    (TWO, {"Anna": {"diamond_tens": 2}, "Bo": {"diamond_tens": 1}}, "piles.Bo.diamond_tens",
     "10♦ add up to 3, but the double pack has 2"),
    (TWO, {"Anna": {"aces": 7, "spade_aces": 0}}, "piles.Anna.aces",
     "aces other than A♠ add up to 7, but the double pack has 6"),
    (TWO, {"Anna": {"spades": 23}}, "piles.Anna.spades",
     "spades other than A♠ and 2♠ add up to 23, but the double pack has 22"),
    (TWO, {"Anna": {"tabbar": 90}, "Bo": {"tabbar": 7}}, "piles.Bo.tabbar",
     "tabbar add up to 97, but only 96 cards are played in a deal"),
    # A♠ and 2♠ counted more often than aces or spades
    (TWO, {"Anna": {"spades": 5, "aces": 1, "spade_aces": 2}}, "piles.Anna.spade_aces",
     "Anna's pile counts more A♠ (2) than aces (1): an A♠ is an ace"),
    (TWO, {"Bo": {"spades": 1, "aces": 2, "spade_aces": 2}}, "piles.Bo.spade_aces",
     "Bo's pile counts more A♠ (2) than spades (1)"),
    (TWO, {"Bo": {"spades": 1, "spade_twos": 2}}, "piles.Bo.spade_twos",
     "Bo's pile counts more 2♠ (2) than spades (1)"),
    (TWO, {"Bo": {"spades": 2, "aces": 2, "spade_aces": 2, "spade_twos": 1}}, "piles.Bo.spade_twos",
     "Bo's pile counts more A♠ and 2♠ (3) than spades (2): they are spades too"),
    # mulles
    (TWO, {"Anna": {"mulles": ["1H"]}}, "piles.Anna.mulles", "Anna's mulle '1H' is not a card"),
    (TWO, {"Anna": {"mulles": ["11S"]}}, "piles.Anna.mulles", "Anna's mulle '11S' is not a card"),
    (TWO, {"Bo": {"mulles": ["8C", "X"]}}, "piles.Bo.mulles", "Bo's mulle 'X' is not a card"),
    (TWO, {"Bo": {"mulles": [8]}}, "piles.Bo.mulles", "Bo's mulle 8 is not a card"),
    (TWO, {"Bo": {"mulles": "8C"}}, "piles.Bo.mulles", "Bo's mulles must be a list of cards"),
    (TWO, {"Anna": {"mulles": ["8C"]}, "Bo": {"mulles": ["KH", "8C"]}}, "piles.Bo.mulles",
     "the mulle 8♣ is entered twice (Anna and Bo): the double pack has two 8♣ and a mulle "
     "takes both"),
    (FOUR, {"Anna": {"mulles": ["10D", "10D"]}}, "piles.Anna.mulles",
     "the mulle 10♦ is entered twice (Anna and Anna)"),
    # piles that are not there or not piles
    (TWO, {"Cia": {"spades": 3}}, "piles.Cia", "there is a pile for 'Cia', who is not playing"),
    (THREE, {"Anna": []}, "piles.Anna", "Anna's pile must be an object"),
    (TWO, {"Anna": {"spade": 3}}, "piles.Anna.spade", "Anna's pile: unknown field 'spade'"),
    (TWO, {"Anna": {"tabbe": 1}}, "piles.Anna.tabbe", "Anna's pile: unknown field 'tabbe'"),
]  # fmt: skip


@pytest.mark.parametrize(("players", "piles", "field", "message"), BAD_DEALS)
def test_bad_deal(players: tuple[str, ...], piles: Any, field: str, message: str) -> None:
    """The bad deal comes second: the error names round 2, its field and what is wrong."""
    with pytest.raises(RuleError) as caught:
        score(record(players, [GOOD, {"piles": piles}]))
    assert caught.value.round == 2
    assert caught.value.field == field
    assert str(caught.value).startswith(f"round 2: {message}")
    # the same error, before the deal is stored
    check = check_deal(record(players, [GOOD]), {"piles": piles})
    assert not check.ok
    assert any(e.field == field and str(e).startswith(message) for e in check.errors)


@pytest.mark.parametrize(
    ("deal", "field", "message"),
    [
        ({"piles": {}, "dealer": "Bo"}, "dealer", "a deal has no field 'dealer'"),
        ({}, "piles", "the deal has no piles"),
        ({"piles": [1, 2]}, "piles", "the piles must be an object with one pile per player"),
        ([], "piles", "a deal must be an object with the piles"),
    ],
)
def test_bad_round_shape(deal: Any, field: str, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        score(record(TWO, [deal]))
    assert (caught.value.round, caught.value.field, caught.value.message.template.format(
        **caught.value.message.params)) == (1, field, message)  # fmt: skip


def test_a_deal_after_the_game_is_finished() -> None:
    with pytest.raises(RuleError) as caught:
        score(record(TWO, [GOOD, GOOD, GOOD]))
    assert str(caught.value) == "round 3: the game was over after deal 2: there is no deal 3"
    with pytest.raises(RuleError, match="round 2: the game was over after deal 1"):
        score(record(FOUR, [GOOD, GOOD], deals=1))


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"decks": 2}, "options.decks", "unknown option 'decks'"),
        ({"deal": "swedish"}, "options.deal",
         "option deal: 'swedish' is not one of standard, glimne, sassersson"),
        ({"spade_points": "both"}, "options.spade_points",
         "option spade_points: 'both' is not one of totals, additive"),
        ({"diamond_ten_points": 4}, "options.diamond_ten_points",
         "option diamond_ten_points: 4 is not one of 2, 3"),
        ({"diamond_ten_points": "3"}, "options.diamond_ten_points",
         "option diamond_ten_points: '3' is not one of 2, 3"),
        ({"kryp": 1}, "options.kryp", "option kryp: 1 is not one of false, true"),
        ({"deals": 0}, "options.deals", "option deals: a game has 1 to 100 deals, not 0"),
        ({"deals": "4"}, "options.deals", "option deals: a game has 1 to 100 deals, not '4'"),
        ({"deals": True}, "options.deals", "option deals: a game has 1 to 100 deals, not True"),
    ],
)  # fmt: skip
def test_bad_option(options: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        normalize_options(options)
    assert (caught.value.field, str(caught.value)) == (field, message)
    with pytest.raises(RuleError, match="option"):
        score(record(TWO, [], **options))


def test_bad_record_through_the_cli_path() -> None:
    text = json.dumps({"format": "table-assistant/1", "game": "mulle", "players": list(TWO),
                       "rounds": [GOOD, {"piles": {"Anna": {"mulles": ["1H"]}}}]})  # fmt: skip
    with pytest.raises(RuleError, match=r"^round 2: Anna's mulle '1H' is not a card"):
        score_text(text)
    text = json.dumps({"format": "table-assistant/1", "game": "mulle", "players": list(FOUR),
                       "first_mano": "Bo"})  # fmt: skip
    with pytest.raises(RuleError, match="unknown field first_mano"):
        score_text(text)
