"""Mus: a substitute plays the rest of a game and the player he replaced comes back at the
first hand of a later game of the match, in a seat of his team (docs/records.md, "People come
and go"), worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from assistant.games.base import Record, RuleError
from assistant.games.mus import replay, score, with_substitutes
from assistant.games.mus.evening import EVENING, per_game

FOUR = ("Anna", "Ben", "Carla", "Dan")


def paso(team: int) -> dict:
    """A hand nobody bet on, grande, chica and punto to ``team``: 3 stones."""
    return {"lances": {}, "showdown": {"grande": team, "chica": team, "pares": None, "punto": team}}


def won(team: int) -> dict:
    """A hand of 3 stones to ``team`` and 34 more from the table: the game to ``team``."""
    return {**paso(team), "adjust": [{"team": team, "stones": 34, "reason": "sent home"}]}


def record(rounds) -> Record:
    return Record("mus", FOUR, "Anna", {"games_to_win": 2}, tuple(rounds))


# Dan plays hand 1, Eva the rest of game 1 (team 2 wins it), Dan is back for game 2.
BACK = [paso(1), {**paso(2), "seats": {"Dan": "Eva"}}, won(2),
        {**paso(2), "seats": {"Eva": "Dan"}, "back": ["Dan"]}]  # fmt: skip


def test_the_player_comes_back_at_the_first_hand_of_the_next_game() -> None:
    got = score(record(BACK))
    assert got["rounds"][3]["seats"] == {"Eva": "Dan"} and got["rounds"][3]["back"] == ["Dan"]
    assert got["rounds"][3]["score"] == [0, 3]  # the team's game 2, from nought
    assert got["teams"] == [["Anna", "Carla"], ["Ben", "Dan"]]
    assert got["totals"] == {"Anna": 0, "Ben": 1, "Carla": 0, "Dan": 1, "Eva": 1}
    assert got["next"]["hand"] == 5


def test_each_counts_his_own_hands_and_the_game_won_in_the_seat() -> None:
    state = replay(record(BACK))
    dan, eva = EVENING.tally(state, "Dan"), EVENING.tally(state, "Eva")
    assert (dan["hands"], dan["stones"], dan["games"], dan["games_won"]) == (2, 3, 0, 0)
    assert (eva["hands"], eva["stones"], eva["games"], eva["games_won"]) == (2, 6, 1, 1)
    half = Fraction(1, 2)
    assert per_game(state) == {"Anna": -half, "Ben": half, "Carla": -half, "Dan": 0, "Eva": half}


def test_he_may_come_back_to_his_partners_seat_of_the_same_team() -> None:
    rounds = [*BACK[:3], {**paso(2), "seats": {"Ben": "Dan", "Eva": "Fay"}, "back": ["Dan"]}]
    got = score(record(rounds))
    assert got["teams"] == [["Anna", "Carla"], ["Dan", "Fay"]]


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        ([*BACK[:3], {**paso(2), "seats": {"Anna": "Dan"}, "back": ["Dan"]}],
         "round 4: seats: 'Dan' may come back only to a seat of their own team"),
        ([*BACK[:2], {**paso(2), "seats": {"Eva": "Dan"}, "back": ["Dan"]}],
         "round 3: seats: 'Dan' can come back only at the first hand of a later game"),
        ([*BACK[:3], paso(2), {**paso(2), "seats": {"Eva": "Dan"}, "back": ["Dan"]}],
         "round 5: seats: 'Dan' can come back only at the first hand of a later game"),
        ([*BACK, {**paso(2), "seats": {"Ben": "Dan"}}], "round 5: seats: 'Dan' has held a seat"),
        ([*BACK[:3], {**paso(2), "seats": {"Eva": "Dan"}}],
         "round 4: seats: 'Dan' has held a seat before"),
        ([*BACK[:3], {**paso(2), "seats": {"Eva": "Fay"}, "back": ["Fay"]}],
         "round 4: back: 'Fay' takes no seat again here"),
        ([*BACK[:3], {**paso(2), "seats": {"Eva": "Dan"}, "back": ["Ben"]}],
         "round 4: back: 'Ben' takes no seat again here"),
        ([*BACK[:3], {**paso(2), "seats": {"Eva": "Dan"}, "back": "Dan"}],
         "round 4: back must list who takes a seat again in seats"),
        ([*BACK[:3], {**paso(2), "back": ["Dan"]}],
         "round 4: back must list who takes a seat again in seats"),
    ],
    ids=["other team", "same game", "second hand of the game", "twice at the table",
         "the format's rule without back", "back names a newcomer", "back names no seat taken",
         "back not a list", "back without seats"],
)  # fmt: skip
def test_a_return_elsewhere_or_at_another_time_is_refused(rounds, message) -> None:
    with pytest.raises(RuleError) as caught:
        replay(record(rounds))
    assert str(caught.value).startswith(message)


def test_the_table_enters_a_return_before_the_next_games_first_hand() -> None:
    before = record(BACK[:3])
    state = with_substitutes(before, replay(before), {"Eva": "Dan"})
    assert state.players == FOUR and state.next is not None and state.next.hand == 4
    mid_game = record(BACK[:2])
    with pytest.raises(RuleError) as caught:
        with_substitutes(mid_game, replay(mid_game), {"Eva": "Dan"})
    assert caught.value.field == "newcomer"
