"""A circle's statistics from known records: what the rules say each number is."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from assistant.games import GAMES
from assistant.games.base import Record
from assistant.games.stats import Played, chosen, league, period_start, summary
from tests.games.test_evening import PLUMP, example

HUNDRED_CLUB_DEAL = {
    "piles": {
        "Anna": {"tabbar": 60, "spades": 26, "aces": 8, "spade_aces": 2, "spade_twos": 2,
                 "diamond_tens": 2, "mulles": ["7H"]},
        "Bo": {},
    }
}  # fmt: skip
HUNDRED_CLUB = Record("mulle", ("Anna", "Bo"), "Anna", {"deals": 2}, (HUNDRED_CLUB_DEAL,) * 2)
MUS = example("mus-ordago-wins-game")
MUS_MATCH = Record(MUS.game, MUS.players, MUS.first, {"games_to_win": 1}, MUS.rounds[:2])


def said(record: Record, player: str) -> list[str]:
    spec = GAMES[record.game]
    return [str(m) for m in spec.evening.figures(spec.evening.tally(spec.replay(record), player))]


# docs/rules/plump.md, three deals: Anna made 3 and 4 and missed her 3 (took 2), 27 points; she
# dealt deal 1, where the hook barred 4, and made her 3. Cia dealt deal 3, the hook barred 1,
# she bid 0 and took 2. Dan dealt none.
@pytest.mark.parametrize(
    ("record", "player", "want"),
    [
        (PLUMP, "Anna", ["Bids made: 2 of 3 (67 %)", "Average score per deal: 9",
                         "Dealing: the hook barred a bid in 1 of 1 deals;"
                         " the bid was missed in 0 of those."]),
        (PLUMP, "Cia", ["Bids made: 1 of 3 (33 %)", "Average score per deal: 10/3",
                        "Dealing: the hook barred a bid in 1 of 1 deals;"
                        " the bid was missed in 1 of those."]),
        (PLUMP, "Dan", ["Bids made: 2 of 3 (67 %)", "Average score per deal: 22/3",
                        "Dealing: the hook barred a bid in 0 of 0 deals;"
                        " the bid was missed in 0 of those."]),
        (example("mulle-full-game"), "Bo", ["Seats taken in the hundred club: 0",
                                            "Mulles taken: 5", "Average points per deal: 97/2"]),
        (HUNDRED_CLUB, "Bo", ["Seats taken in the hundred club: 1", "Mulles taken: 0",
                              "Average points per deal: 0"]),
        (HUNDRED_CLUB, "Anna", ["Seats taken in the hundred club: 0", "Mulles taken: 2",
                                "Average points per deal: 107"]),
        (MUS, "Ben", ["Hands played: 3, stones won in them: 6", "Games won: 1 of 1",
                      "Matches won: 0 of 0"]),
        (MUS_MATCH, "Dan", ["Hands played: 2, stones won in them: 0", "Games won: 1 of 1",
                            "Matches won: 1 of 1",
                            "With Ben: 1 of 1 matches won"]),
        (MUS_MATCH, "Anna", ["Hands played: 2, stones won in them: 6", "Games won: 0 of 1",
                             "Matches won: 0 of 1",
                             "With Carla: 0 of 1 matches won"]),
        (example("boodle-two-deals"), "Anna", ["Net chips: 2 in 2 deals"]),
    ],
    ids=["plump-anna", "plump-cia", "plump-dan", "mulle", "club-bo", "club-anna", "mus",
         "mus-match-dan", "mus-match-anna", "boodle"],
)  # fmt: skip
def test_a_players_numbers_in_each_game(record: Record, player: str, want: list[str]) -> None:
    assert said(record, player) == want


def played(record: Record, evening: int, money: dict[str, int] | None = None) -> Played:
    spec = GAMES[record.game]
    replay = spec.replay(record)
    return Played(
        record.game,
        evening,
        record.players,
        spec.evening.outcome(replay),
        {name: spec.evening.tally(replay, name) for name in record.players},
        {name: Fraction(value) for name, value in (money or {}).items()},
    )


def test_two_evenings_add_up_for_a_player() -> None:
    games = [
        played(example("mulle-full-game"), 1, {"Anna": -3, "Bo": 3}),
        played(HUNDRED_CLUB, 2, {"Anna": 10, "Bo": -10}),
        played(PLUMP, 2),
    ]
    bo = summary(games, "Bo", GAMES)
    assert (bo.evenings, bo.played, bo.won) == ((1, 2), 3, 1)  # Plump is not finished
    assert bo.running == (Fraction(3), Fraction(-7))
    mulle = next(kind for kind in bo.kinds if kind.kind == "mulle")
    assert (mulle.played, mulle.won, mulle.money) == (2, 1, -7)
    assert str(mulle.figures[0]) == "Seats taken in the hundred club: 1"
    assert [kind.kind for kind in bo.kinds] == ["plump", "mulle"]  # the registry's order


def test_the_league_of_a_game_puts_the_most_wins_first() -> None:
    games = [
        played(example("mulle-full-game"), 1, {"Anna": -3, "Bo": 3}),
        played(HUNDRED_CLUB, 2, {"Anna": 10, "Bo": -10}),
        played(HUNDRED_CLUB, 3),
        played(PLUMP, 3),
    ]
    rows = [(row.name, row.played, row.won, row.money) for row in league(games, "mulle")]
    assert rows == [("Anna", 3, 2, 7), ("Bo", 3, 1, -7)]
    assert [row.name for row in league(games, "plump")] == ["Anna", "Bo", "Cia", "Dan"]


def test_the_league_of_a_period_and_of_a_table_size() -> None:
    games = [
        replace(played(example("mulle-full-game"), 1), day=date(2023, 6, 1)),
        replace(played(HUNDRED_CLUB, 2), day=date(2024, 2, 10)),
        replace(played(PLUMP, 3), day=date(2024, 6, 1)),
    ]
    today = date(2024, 6, 1)
    assert chosen(games, period_start("all", today), None) == games
    assert chosen(games, period_start("year", today), None) == games[1:]
    assert chosen(games, period_start("months", today), None) == games[1:]
    assert chosen(games, date(2023, 6, 2), None) == games[1:]  # the day a year ago is out
    assert chosen(games, None, 2) == games[:2] and chosen(games, None, 4) == games[2:]
    assert [(r.name, r.played) for r in league(chosen(games, date(2024, 1, 1), 2), "mulle")] == [
        ("Anna", 1), ("Bo", 1)]  # fmt: skip
