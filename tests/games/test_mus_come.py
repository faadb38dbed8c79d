"""Mus when people come and go: a substitute takes a seat (``seats``) and stones are given to a
team or taken from it (``adjust``), worked out by hand (docs/records.md, "People come and go")."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games.base import Record, RuleError
from assistant.games.mus import replay, score
from assistant.games.mus.evening import EVENING, per_game, per_match

FOUR = ("Anna", "Ben", "Carla", "Dan")


def paso(team: int) -> dict:
    """A hand nobody bet on, grande, chica and punto to ``team``, nobody with pares: 3 stones."""
    return {"lances": {}, "showdown": {"grande": team, "chica": team, "pares": None, "punto": team}}


def record(rounds, options=None) -> Record:
    return Record("mus", FOUR, "Anna", options or {}, tuple(rounds))


def stones(team: int, n: int, reason: str = "señas") -> dict:
    return {"team": team, "stones": n, "reason": reason}


def test_a_substitute_holds_the_seat_and_an_adjustment_moves_the_score() -> None:
    rounds = [
        paso(1),
        {**paso(1), "seats": {"Dan": "Eva"}},
        {**paso(2), "adjust": [stones(2, -2)]},
    ]
    got = score(record(rounds))
    assert got["rounds"] == [
        {"hand": 1, "mano": "Anna", "immediate": [0, 0], "counted": [3, 0], "stones": [3, 0],
         "score": [3, 0], "game_over": False},
        {"hand": 2, "mano": "Ben", "immediate": [0, 0], "counted": [3, 0], "stones": [3, 0],
         "score": [6, 0], "game_over": False, "seats": {"Dan": "Eva"}},
        {"hand": 3, "mano": "Carla", "immediate": [0, 0], "counted": [0, 3], "stones": [0, 3],
         "score": [6, 1], "game_over": False, "adjust": [stones(2, -2)]},
    ]  # fmt: skip
    assert got["next"] == {"hand": 4, "mano": "Eva", "dealer": "Carla"}
    assert got["teams"] == [["Anna", "Carla"], ["Ben", "Eva"]]
    assert got["totals"] == {"Anna": 0, "Ben": 0, "Carla": 0, "Dan": 0, "Eva": 0}
    assert got["games"] == [{"stones": [6, 1], "winner": None}]


def test_the_substitute_of_the_first_mano_is_mano_of_hand_one() -> None:
    got = score(record([{**paso(1), "seats": {"Anna": "Eva"}}]))
    assert got["rounds"][0]["mano"] == "Eva"
    assert got["next"] == {"hand": 2, "mano": "Ben", "dealer": "Eva"}


def test_an_adjustment_that_reaches_the_target_wins_the_game_at_that_hand() -> None:
    rounds = [paso(1), {**paso(1), "adjust": [stones(1, 34, "the other team left")]}]
    got = score(record(rounds, {"games_to_win": 1}))
    assert got["rounds"][1]["stones"] == [3, 0]  # as the cards made them
    assert got["rounds"][1]["score"] == [40, 0]
    assert got["rounds"][1]["game_over"] is True
    assert got["games"] == [{"stones": [40, 0], "winner": 1}]
    assert got["finished"] is True
    assert got["winners"] == ["Anna", "Carla"]
    assert got["totals"] == {"Anna": 1, "Ben": 0, "Carla": 1, "Dan": 0}
    assert got["next"] is None


def test_after_a_game_won_by_an_adjustment_the_next_game_starts_at_nought() -> None:
    rounds = [paso(1), {**paso(1), "adjust": [stones(1, 34)]}, paso(2)]
    got = score(record(rounds))
    assert got["rounds"][2]["score"] == [0, 3]
    assert got["games"] == [{"stones": [40, 0], "winner": 1}, {"stones": [0, 3], "winner": None}]


def test_adjustments_apply_in_the_order_entered() -> None:
    good = [paso(1), {**paso(2), "adjust": [stones(1, 2), stones(1, -5)]}]
    assert score(record(good))["rounds"][1]["score"] == [0, 3]
    bad = [paso(1), {**paso(2), "adjust": [stones(1, -5), stones(1, 2)]}]
    with pytest.raises(RuleError, match=r"^round 2: team 1 has only 3 stones$"):
        replay(record(bad))


def test_a_substitute_who_played_the_hands_before_keeps_the_seats_stones() -> None:
    rounds = [paso(2), {**paso(2), "seats": {"Ben": "Eva", "Dan": "Fay"}}]
    got = score(record(rounds))
    assert got["rounds"][1]["score"] == [0, 6]
    assert got["teams"] == [["Anna", "Carla"], ["Eva", "Fay"]]
    assert list(got["totals"]) == ["Anna", "Ben", "Carla", "Dan", "Eva", "Fay"]


BIG_GRANDE = {
    "lances": {"grande": {"by": 1, "bets": [40], "answer": "quiero"}},
    "showdown": {"grande": 1, "chica": 1, "pares": None, "punto": 1},
}  # 40 at the count: the game is over in this hand

ERRORS = [
    ("below nought", [paso(1), {**paso(2), "adjust": [stones(1, -4)]}],
     "round 2: team 1 has only 3 stones"),
    ("one stone", [paso(2), {**paso(1), "adjust": [stones(2, -4)]}],
     "round 2: team 2 has only 3 stones"),
    ("game over by the cards", [{**BIG_GRANDE, "adjust": [stones(2, 1)]}],
     "round 1: the game was already over in this hand"),
    ("game over by an adjustment", [{**paso(1), "adjust": [stones(1, 37), stones(2, 1)]}],
     "round 1: the game was already over in this hand"),
    ("nought", [{**paso(1), "adjust": [stones(1, 0)]}], "round 1: adjust: give or take"),
    ("too many", [{**paso(1), "adjust": [stones(1, 41)]}], "round 1: adjust: stones must be"),
    ("team 3", [{**paso(1), "adjust": [stones(3, 1)]}], "round 1: adjust: the team is team 1"),
    ("team as text", [{**paso(1), "adjust": [stones("1", 1)]}], "round 1: adjust: the team"),
    ("no reason", [{**paso(1), "adjust": [{"team": 1, "stones": 1}]}],
     "round 1: adjust: reason is missing"),
    ("empty reason", [{**paso(1), "adjust": [stones(1, 1, "")]}], "round 1: adjust needs a reason"),
    ("other field", [{**paso(1), "adjust": [{**stones(1, 1), "player": "Anna"}]}],
     "round 1: adjust: unknown field player"),
    ("empty list", [{**paso(1), "adjust": []}], "round 1: adjust must be a list"),
    ("gone player's cards", [{**paso(1), "seats": {"Dan": "Eva"}},
     {"lances": {}, "cards": {"Anna": "K3QA", "Ben": "7654", "Carla": "JJ54", "Dan": "KQ77"}}],
     "round 2: 'Dan' is not a player at this table"),
    ("gone player as mano", [{**paso(1), "seats": {"Dan": "Eva"}}, {**paso(1), "mano": "Dan"}],
     "round 2: 'Dan' is not a player at this table"),
    ("gone player comes back", [{**paso(1), "seats": {"Dan": "Eva"}},
     {**paso(1), "seats": {"Eva": "Dan"}}], "round 2: seats: 'Dan' has held a seat before"),
    ("gone player comes back in the game", [{**paso(1), "seats": {"Dan": "Eva"}},
     {**paso(1), "seats": {"Eva": "Dan"}, "back": ["Dan"]}],
     "round 2: seats: 'Dan' can come back only at the first hand of a later game"),
    ("gone player's seat", [{**paso(1), "seats": {"Dan": "Eva"}},
     {**paso(1), "seats": {"Dan": "Fay"}}], "round 2: seats: 'Dan' holds no seat"),
    ("a player twice", [{**paso(1), "seats": {"Dan": "Ben"}}],
     "round 1: seats: 'Ben' has held a seat before"),
    ("a seat of the same hand", [{**paso(1), "seats": {"Dan": "Eva", "Eva": "Fay"}}],
     "round 1: seats: 'Eva' holds no seat"),
]  # fmt: skip


@pytest.mark.parametrize(("rounds", "message"), [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_a_bad_substitute_or_adjustment_is_refused_with_its_round(rounds, message) -> None:
    with pytest.raises(RuleError) as caught:
        replay(record(rounds))
    assert str(caught.value).startswith(message)


def test_a_record_without_the_fields_has_none_of_their_keys() -> None:
    got = score(record([paso(1), paso(2)]))
    assert all(set(r) == {"hand", "mano", "immediate", "counted", "stones", "score",
                          "game_over"} for r in got["rounds"])  # fmt: skip


# --- properties -----------------------------------------------------------------------------


def draw_match(data: st.DataObject) -> list[dict]:
    """Random hands (as ``paso``), some with a substitute, some with a valid adjustment."""
    rounds: list[dict] = []
    newcomers = iter(f"Sub{n}" for n in range(100))
    for _ in range(data.draw(st.integers(1, 30))):
        state = replay(record(rounds))
        if state.next is None:
            break
        hand = paso(data.draw(st.sampled_from([1, 2])))
        if data.draw(st.integers(0, 4)) == 0:
            hand["seats"] = {data.draw(st.sampled_from(state.players)): next(newcomers)}
        rounds.append(hand)
        after = replay(record(rounds)).hands[-1]
        if not after.game_over and data.draw(st.booleans()):
            team = data.draw(st.sampled_from([1, 2]))
            low = max(-40, -after.score[team - 1])
            n = data.draw(st.integers(low, 40).filter(lambda n: n != 0))
            hand["adjust"] = [stones(team, n)]
    return rounds


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_game_is_its_hands_stones_plus_its_adjustments(data) -> None:
    state = replay(record(draw_match(data)))
    for number, game in enumerate(state.games, start=1):
        hands = [h for h in state.hands if h.game == number]
        made = [sum(h.stones[t] + sum(a.stones for a in h.adjust if a.team == t + 1)
                    for h in hands) for t in (0, 1)]  # fmt: skip
        assert tuple(made) == game.stones
        assert all(min(h.score) >= 0 for h in hands)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_mano_is_always_a_holder_and_everyone_who_sat_has_a_total(data) -> None:
    rounds = draw_match(data)
    state = replay(record(rounds))
    names = list(FOUR) + [n for r in rounds for n in r.get("seats", {}).values()]
    for hand in state.hands:
        assert hand.mano in hand.seats.seats
        assert hand.seats.seats[(hand.seats.seats.index(hand.mano) - 1) % 4] == hand.dealer
    assert list(score(record(rounds))["totals"]) == names


# --- the evening: each person's own games ---------------------------------------------------

SUBSTITUTED_MATCH = [
    paso(1), {**paso(1), "adjust": [stones(1, 34)]},  # game 1 to Anna & Carla, Dan playing
    {**paso(2), "seats": {"Dan": "Eva"}}, {**paso(2), "adjust": [stones(2, 34)]},  # game 2: Eva
    {**paso(1), "adjust": [stones(1, 37)]},  # game 3 and the match to Anna & Carla
]  # fmt: skip


def test_the_money_per_game_goes_to_whoever_held_the_seat_when_it_was_won() -> None:
    state = replay(record(SUBSTITUTED_MATCH))
    assert state.games_won == (2, 1)
    half = Fraction(1, 2)
    assert per_game(state) == {"Anna": half, "Ben": -half, "Carla": half, "Dan": -half, "Eva": 0}
    assert per_match(state) == {"Anna": half, "Ben": -half, "Carla": half, "Eva": -half}


def test_each_person_is_counted_for_his_own_games() -> None:
    state = replay(record(SUBSTITUTED_MATCH))
    dan, eva = EVENING.tally(state, "Dan"), EVENING.tally(state, "Eva")
    assert (dan["games"], dan["games_won"], dan["matches"]) == (1, 0, 0)
    assert (eva["games"], eva["games_won"], eva["matches"], eva["matches_won"]) == (2, 1, 1, 0)
    assert (dan["hands"], dan["stones"], eva["hands"], eva["stones"]) == (2, 0, 3, 6)
    assert EVENING.tally(state, "Anna")["stones"] == 3 + 3 + 3  # at the cards, not adjusted
    assert str(EVENING.figures(dan)[0]) == "Hands played: 2, stones won in them: 0"
    assert eva["with.Ben"] == 1
    assert EVENING.outcome(state).people == ("Anna", "Ben", "Carla", "Dan", "Eva")
    assert EVENING.outcome(state).winners == ("Anna", "Carla")
