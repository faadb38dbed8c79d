"""Mus: every kind of bad input is a RuleError with a clear message, its round and its field."""

from __future__ import annotations

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.mus import normalize_options, replay
from assistant.store.records import parse_record

FOUR = ("Anna", "Ben", "Carla", "Dan")
SEED = {"Anna": "K3QA", "Ben": "7654", "Carla": "JJ54", "Dan": "KQ77"}
NO_JUEGO_NO_PARES = {"Anna": "KQ54", "Ben": "J76A", "Carla": "7654", "Dan": "K764"}
ONLY_ANNA_PARES = {"Anna": "KK74", "Ben": "QJ76", "Carla": "5A64", "Dan": "QJ5A"}
GOOD = {"lances": {}, "cards": SEED}  # 7-0 for Anna & Carla
TO_38_36 = {
    "lances": {"grande": {"by": 1, "bets": [37], "answer": "quiero"},
               "punto": {"by": 2, "bets": [35], "answer": "quiero"}},
    "showdown": {"grande": 1, "chica": 1, "pares": None, "punto": 2},
}  # fmt: skip
ORDAGO_WON = {
    "lances": {"grande": {"by": 2, "bets": ["ordago"], "answer": "quiero"}},
    "showdown": {"grande": 2},
}


def bet(by, *bets, answer="quiero") -> dict:
    return {"by": by, "bets": list(bets), "answer": answer}


def lances(cards=SEED, **entries) -> dict:
    return {"lances": entries, "cards": cards}


def shown(showdown, **entries) -> dict:
    return {"lances": entries, "showdown": showdown}


CASES = [
    # betting only when both teams hold pares / juego
    ("pares, one team (cards)", lances(ONLY_ANNA_PARES, pares=bet(1, 2)), "lances.pares",
     "Only Anna & Carla have pares, so nobody bets on it"),
    ("pares, nobody (cards)", lances(NO_JUEGO_NO_PARES, pares=bet(2, 2)), "lances.pares",
     "Nobody has pares"),
    ("juego, one team (showdown values)",
     shown({"juego_values": [3, 0]}, juego=bet(2, 2, answer="no_quiero")), "lances.juego",
     "Only Anna & Carla have juego"),
    ("pares, nobody (showdown)", shown({"pares": None}, pares=bet(1, "ordago")), "lances.pares",
     "Nobody has pares"),
    # bets and raises
    ("bet below 2", lances(grande=bet(1, 1)), "lances.grande.bets",
     "grande: a bet is at least 2 stones, not 1"),
    ("raise below 2", lances(chica=bet(1, 2, 1)), "lances.chica.bets",
     "chica: a raise adds at least 2 stones, not 1"),
    ("bet as text", lances(grande=bet(1, "2")), "lances.grande.bets", "a number of stones"),
    ("no bets", lances(grande=bet(1)), "lances.grande.bets", "enter the first bet"),
    ("órdago not last", lances(grande=bet(1, "ordago", 2)), "lances.grande.bets",
     "an órdago can only be the last bet"),
    ("by 3", lances(grande={"by": 3, "bets": [2], "answer": "quiero"}), "lances.grande.by",
     "team 1 or team 2"),
    ("by true", lances(grande={"by": True, "bets": [2], "answer": "quiero"}),
     "lances.grande.by", "team 1 or team 2"),
    ("by 1.0", lances(grande={"by": 1.0, "bets": [2], "answer": "quiero"}),
     "lances.grande.by", "team 1 or team 2"),
    ("chica won by 1.0", shown({"chica": 1.0}), "showdown.chica", "always won by a team"),
    ("by as text", lances(grande={"by": "1", "bets": [2], "answer": "quiero"}),
     "lances.grande.by", "team 1 or team 2"),
    ("answer yes", lances(grande=bet(1, 2, answer="yes")), "lances.grande.answer",
     "quiero or no quiero"),
    ("no answer", lances(grande={"by": 1, "bets": [2]}), "lances.grande.answer",
     "quiero or no quiero"),
    ("a lance as a word", lances(grande="envido"), "lances.grande", 'must be "paso" or a bet'),
    # cards
    ("five cards", lances(SEED | {"Anna": "K3QAA"}), "cards.Anna", "Anna has 5 cards"),
    ("three cards", lances(SEED | {"Ben": "765"}), "cards.Ben", "Ben has 3 cards"),
    ("an 8", lances(SEED | {"Carla": "JJ58"}), "cards.Carla", "8 is not a Mus card"),
    ("a 9", lances(SEED | {"Carla": "JJ59"}), "cards.Carla", "9 is not a Mus card"),
    ("a 1", lances(SEED | {"Carla": "JJ51"}), "cards.Carla", "1 is not a Mus card"),
    ("a 10", lances(SEED | {"Carla": "JJ510"}), "cards.Carla", "10 is not a Mus card"),
    ("an X", lances(SEED | {"Dan": "KQ7X"}), "cards.Dan", "X is not a Mus card"),
    ("lower case", lances(SEED | {"Dan": "kq77"}), "cards.Dan", "k is not a Mus card"),
    ("five kings", lances(SEED | {"Ben": "KKK4"}), "cards",
     "5 cards of rank K, but the pack has only 4"),
    ("one card twice", lances(SEED | {"Anna": "KS3QA", "Dan": "KSQ77"}), "cards",
     "KS is in two hands"),
    ("a hand missing", lances({k: v for k, v in SEED.items() if k != "Dan"}), "cards.Dan",
     "Enter Dan's cards too"),
    ("a stranger's hand", lances(SEED | {"Eve": "KQ77"}), "cards.Eve", "'Eve' is not a player"),
    ("cards as a list", lances(SEED | {"Anna": ["K", "3", "Q", "A"]}), "cards.Anna",
     "written as text"),
    ("cards and showdown", {"cards": SEED, "showdown": {"grande": 1}}, "showdown",
     "either the cards or the showdown"),
    # juego or punto
    ("juego and punto", lances(juego="paso", punto="paso"), "lances.punto",
     "Enter juego or punto, not both"),
    ("punto with juego (cards)", lances(punto=bet(1, 2)), "lances.punto",
     "Dan has juego, so the fourth lance is juego"),
    ("juego without juego (cards)", lances(NO_JUEGO_NO_PARES, juego="paso"), "lances.juego",
     "Nobody has juego, so the fourth lance is punto"),
    ("juego without juego (showdown)", shown({"juego": None}, juego="paso"), "lances.juego",
     "The showdown says nobody had juego"),
    ("punto with juego (showdown)", shown({"juego_values": [2, 2]}, punto="paso"),
     "lances.punto", "The showdown says somebody had juego"),
    # the showdown
    ("no grande winner", shown({"chica": 1}), "showdown.grande", "Who won grande?"),
    ("no pares values", shown({"grande": 1, "chica": 2, "pares": 1}), "showdown.pares_values",
     "Enter the pares values"),
    ("no juego or punto", shown({"grande": 1, "chica": 2, "pares": None}), "showdown.juego",
     "Who won juego (or punto)?"),
    ("winner without values", shown({"pares": 2, "pares_values": [3, 0]}),
     "showdown.pares_values", "Ben & Dan won pares, but their pares values are 0"),
    ("nobody but values", shown({"juego": None, "juego_values": [2, 0]}),
     "showdown.juego_values", "Nobody had juego, so the juego values are [0, 0]"),
    ("punto with juego values", shown({"punto": 1, "juego_values": [0, 3]}),
     "showdown.juego_values", "Nobody had juego"),
    ("juego and punto winners", shown({"juego": 1, "punto": 1}), "showdown.punto",
     "Punto is only played when nobody has juego"),
    ("pares values too big", shown({"pares_values": [7, 0]}), "showdown.pares_values",
     "cannot have 7 in pares values"),
    ("juego values of 1", shown({"juego_values": [1, 0]}), "showdown.juego_values",
     "cannot have 1 in juego values"),
    ("values not a pair", shown({"pares_values": [1]}), "showdown.pares_values",
     "two numbers, one per team"),
    ("grande nobody", shown({"grande": None}), "showdown.grande", "always won by a team"),
    ("chica team 3", shown({"chica": 3}), "showdown.chica", "always won by a team"),
    ("showdown as a list", {"showdown": [1, 1]}, "showdown", "must name the lance winners"),
    # unknown fields and other shapes
    ("unknown round field", GOOD | {"comment": "x"}, "comment", "A hand has no field comment"),
    ("unknown lance", lances(envido="paso"), "lances.envido", "There is no lance envido"),
    ("unknown bet field", lances(grande=bet(1, 2) | {"raise": 3}), "lances.grande.raise",
     "grande: unknown field raise"),
    ("unknown showdown field", shown({"grande": 1, "winner": 1}), "showdown.winner",
     "The showdown has no field winner"),
    ("lances as a list", {"lances": ["paso"], "cards": SEED}, "lances", "must be an object"),
    ("mano a stranger", GOOD | {"mano": "Eve"}, "mano", "'Eve' is not a player"),
    ("a hand as text", "paso", None, "A hand must be an object"),
    # the game or the match already over
    ("bet after a rejection ended the game",
     shown({}, grande=bet(1, 2, 5, 10, answer="no_quiero"), chica=bet(2, 2)), "lances.chica",
     "The game was already decided in this hand: chica cannot be bet on"),
    ("bet after an accepted órdago",
     shown({"grande": 2}, grande=bet(2, "ordago"), pares=bet(1, 2, answer="no_quiero")),
     "lances.pares", "pares cannot be bet on"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("bad", "field", "text"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_bad_hand(bad, field, text) -> None:
    before = [TO_38_36] if "already decided" in text or "cannot be bet on" in text else [GOOD]
    with pytest.raises(RuleError) as info:
        replay(Record("mus", FOUR, "Anna", {}, (*before, bad)))
    assert text in str(info.value)
    assert info.value.round == 2
    assert str(info.value).startswith("round 2: ")
    assert info.value.field == field


def test_paso_after_the_game_was_decided_is_fine() -> None:
    late = shown({}, grande=bet(1, 2, 5, 10, answer="no_quiero"), chica="paso", juego="paso")
    assert replay(Record("mus", FOUR, "Anna", {}, (TO_38_36, late))).hands[1].game_over


def test_a_hand_after_the_match_ended() -> None:
    rounds = (ORDAGO_WON, GOOD)
    with pytest.raises(RuleError, match="The match is over \\(Ben & Dan won it\\)") as info:
        replay(Record("mus", FOUR, "Anna", {"games_to_win": 1}, rounds))
    assert info.value.round == 2


@pytest.mark.parametrize(
    ("options", "field", "text"),
    [
        ({"target": 50}, "options.target", "target can be 30, 35, 40, not 50"),
        ({"games_to_win": 4}, "options.games_to_win", "not 4"),
        ({"games_to_win": True}, "options.games_to_win", "not True"),
        ({"kings": "8"}, "options.kings", "not '8'"),
        ({"juego_real": "queen"}, "options.juego_real", "not 'queen'"),
        ({"silent": True}, "options.silent", "Mus has no option silent"),
    ],
)
def test_bad_options(options, field, text) -> None:
    with pytest.raises(RuleError) as info:
        normalize_options(options)
    assert text in str(info.value)
    assert info.value.field == field
    with pytest.raises(RuleError, match=text):
        parse_record({"format": "table-assistant/1", "game": "mus", "players": list(FOUR),
                      "options": options})  # fmt: skip


def test_first_dealer_is_refused_by_the_envelope() -> None:
    with pytest.raises(RuleError, match="unknown field first_dealer"):
        parse_record({"format": "table-assistant/1", "game": "mus", "players": list(FOUR),
                      "first_dealer": "Anna"})  # fmt: skip


def test_mus_needs_four_players() -> None:
    with pytest.raises(RuleError, match="exactly 4 players"):
        parse_record({"format": "table-assistant/1", "game": "mus", "players": ["A", "B", "C"]})
