"""Mus engine support for entering a hand lance by lance: the betting so far, who may answer,
who holds pares / juego by what the players said, and the values a team can have."""

from __future__ import annotations

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.mus import check_answer, check_betting, check_holders, replay
from assistant.games.mus.count import Ending
from assistant.games.mus.entry import teams_of
from assistant.games.mus.hands import Lance
from assistant.games.mus.showdown import team_values

FOUR = ("Anna", "Ben", "Carla", "Dan")


def record(rounds=(), options=None) -> Record:
    return Record("mus", FOUR, "Anna", options or {}, tuple(rounds))


def bet(by, *bets, answer="quiero") -> dict:
    return {"by": by, "bets": list(bets), "answer": answer}


def test_betting_so_far_pays_rejections_at_once() -> None:
    hand = {"lances": {"grande": "paso", "chica": bet(2, 2, 5, answer="no_quiero")}}
    at_once = check_betting(replay(record()), hand)
    assert at_once.immediate == (2, 0)  # Ben & Dan bet 2, Anna & Carla raise 5: rejected
    assert at_once.ending is None and at_once.winner is None


def test_a_rejection_reaching_the_target_decides_the_game() -> None:
    hand = {"lances": {"grande": bet(1, 2, 30, 5, answer="no_quiero")}}
    at_once = check_betting(replay(record(options={"target": 30})), hand)
    assert at_once.ending is Ending.REJECTION and at_once.winner == 1
    assert at_once.immediate == (32, 0)


def test_an_accepted_ordago_decides_the_game_without_a_winner_yet() -> None:
    at_once = check_betting(replay(record()), {"lances": {"chica": bet(1, "ordago")}})
    assert at_once.ending is Ending.ORDAGO and at_once.winner is None


def test_a_bet_after_the_game_was_decided_is_refused() -> None:
    hand = {"lances": {"grande": bet(1, "ordago"), "chica": bet(2, 2)}}
    with pytest.raises(RuleError, match="already decided") as info:
        check_betting(replay(record()), hand)
    assert info.value.field == "lances.chica"


def test_betting_checks_the_bets_and_the_match() -> None:
    with pytest.raises(RuleError, match="a raise adds at least 2 stones, not 1") as info:
        check_betting(replay(record()), {"lances": {"grande": bet(1, 2, 1)}})
    assert info.value.field == "lances.grande.bets"
    over = record([{"lances": {"grande": bet(1, "ordago")}, "showdown": {"grande": 1}}],
                  {"games_to_win": 1})  # fmt: skip
    with pytest.raises(RuleError, match="The match is over"):
        check_betting(replay(over), {"lances": {}})


def test_the_answer_comes_from_the_other_team() -> None:
    check_answer(FOUR, Lance.CHICA, 2, 1)
    with pytest.raises(RuleError) as info:
        check_answer(FOUR, Lance.CHICA, 2, 2)
    said = "chica: Ben & Dan made that bet, so the answer comes from Anna & Carla"
    assert str(info.value) == said
    assert info.value.field == "lances.chica.answer"


def test_holders_by_what_the_players_said() -> None:
    assert teams_of(FOUR, ["Anna", "Carla"]) == frozenset({1})
    assert teams_of(FOUR, ["Anna", "Dan"]) == frozenset({1, 2})
    check_holders(Lance.PARES, frozenset({1, 2}), FOUR)
    check_holders(Lance.PARES, None, FOUR)  # not known yet: nothing to refuse
    with pytest.raises(RuleError, match="Only Ben & Dan have juego") as info:
        check_holders(Lance.JUEGO, frozenset({2}), FOUR)
    assert info.value.field == "lances.juego"
    with pytest.raises(RuleError, match="Nobody has pares"):
        check_holders(Lance.PARES, frozenset(), FOUR)


@pytest.mark.parametrize(
    ("lance", "holders", "values"),
    [
        (Lance.PARES, 0, (0,)),
        (Lance.PARES, 1, (1, 2, 3)),
        (Lance.PARES, 2, (2, 3, 4, 5, 6)),
        (Lance.PARES, None, (0, 1, 2, 3, 4, 5, 6)),
        (Lance.JUEGO, 1, (2, 3)),
        (Lance.JUEGO, 2, (4, 5, 6)),
        (Lance.JUEGO, None, (0, 2, 3, 4, 5, 6)),
    ],
)
def test_team_values(lance, holders, values) -> None:
    assert team_values(lance, holders) == values


def test_betting_so_far_says_what_waits_for_the_count() -> None:
    """Accepted bets are paid at the count, to a winner the cards decide: their stakes wait."""
    hand = {
        "lances": {
            "grande": bet(1, 2, 5),  # quiero: 7 stones at the count
            "chica": bet(2, 2, answer="no_quiero"),  # paid at once: 1 to Ben & Dan
            "pares": "paso",
        }
    }
    at_once = check_betting(replay(record()), hand)
    assert at_once.immediate == (0, 1)
    assert dict(at_once.stakes) == {Lance.GRANDE: 7}


def test_an_accepted_ordago_is_no_stake_waiting_for_the_count() -> None:
    at_once = check_betting(replay(record()), {"lances": {"grande": bet(1, "ordago")}})
    assert dict(at_once.stakes) == {}
