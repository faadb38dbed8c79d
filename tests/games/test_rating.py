"""A circle's ratings: each game handed to the library as the rules say (its places, ties, the
weights of partial play, Mus's teams and partnerships) and the library's own numbers back; a
rating is the same however it was reached (replayed whole, kept game by game, or corrected)."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuceRating

from assistant.games import GAMES
from assistant.games.base import Record
from assistant.games.evening import Outcome, Score
from assistant.games.rating import MODEL, SHOWN_AFTER, Rated, Skill, ordered, rate, standings
from assistant.games.stats import Played, league
from tests.games.test_evening import example


def played(record: Record, evening: int = 1) -> Played:
    """A stored game as the circle's page hands it over (a game the table ended counts as it
    stands, as on the evening's page)."""
    spec = GAMES[record.game]
    replay = spec.replay(record)
    outcome = spec.evening.outcome(replay).ended()
    people = outcome.people or record.players
    tallies = {name: spec.evening.tally(replay, name) for name in people}
    return Played(record.game, evening, people, outcome, tallies)


def game(kind: str, *places: tuple[str, ...], scores: tuple[int, ...] = (), **deals: int) -> Played:
    """A finished game of ``kind``: its sides best first (the first won), their scores (else
    each a point behind the one before) and the deals each player was dealt."""
    points = scores or tuple(range(len(places), 0, -1))
    result = tuple(Score(side, Fraction(p)) for side, p in zip(places, points, strict=True))
    winners = tuple(name for s in result if s.score == result[0].score for name in s.who)
    people = tuple(name for side in places for name in side)
    tallies = {name: {"deals": Fraction(deals.get(name, 10))} for name in people}
    return Played(kind, 1, people, Outcome(True, winners, winners, result, "points"), tallies)


def library(teams: list[list[PlackettLuceRating]], ranks: list[float], weights=None) -> list:
    return [(r.mu, r.sigma) for team in MODEL.rate(teams, ranks, weights=weights) for r in team]


def fresh(count: int) -> list[list[PlackettLuceRating]]:
    return [[MODEL.rating()] for _ in range(count)]


def skills(rated: Rated, kind: str, *who: str | tuple[str, ...]) -> list[tuple[float, float]]:
    return [(rated.now[(kind, w)].mu, rated.now[(kind, w)].sigma) for w in who]


# The library's own numbers (openskill 6.2.0, its defaults) for a first game between two
# newcomers (mu 25, sigma 25/3): the winner and the loser move by the same amount, both surer.
TWO_PLAYERS = [(27.635389493140497, 8.06590141354368), (22.364610506859503, 8.06590141354368)]
# ... and for two newcomers beating two newcomers, each a member of his team.
TWO_PAIRS = [(26.964294621803063, 8.177962604389991)] * 2 + [
    (23.035705378196937, 8.177962604389991)
] * 2


def test_two_players_the_winner_up_the_loser_down_as_the_library_says() -> None:
    rated = rate([played(example("mulle-full-game"))])  # Bo 97, Anna 71: Bo won
    assert skills(rated, "mulle", "Bo", "Anna") == TWO_PLAYERS
    assert library(fresh(2), [1, 2]) == TWO_PLAYERS
    assert rated.now[("mulle", "Bo")] == Skill(*TWO_PLAYERS[0], games=1, game=0)


def test_four_players_are_placed_by_their_scores() -> None:
    four = game("plump", ("Bo",), ("Anna",), ("Dan",), ("Cia",), scores=(38, 27, 22, 10))
    rated = rate([four])
    assert skills(rated, "plump", "Bo", "Anna", "Dan", "Cia") == library(fresh(4), [1, 2, 3, 4])
    assert [s.who for s in standings(rated, "plump")] == []  # one game: nobody shown yet


def test_equal_scores_share_a_place_and_move_alike() -> None:
    tied = rate([game("plump", ("Anna",), ("Bo",), ("Cia",), scores=(5, 3, 3))])
    want = library(fresh(3), [1, 2, 2])
    assert skills(tied, "plump", "Anna", "Bo", "Cia") == want
    assert want[1] == want[2]


def test_a_late_joiner_is_weighted_by_the_deals_he_was_dealt() -> None:
    # Anna and Cia were dealt all 5 deals, Bo and Dan 4, Eva 3: the library's partial play,
    # 2 - 4/5 and 2 - 3/5.
    rated = rate([played(example("plump-come-and-go"))])
    weights = [[1.0], [1.2], [1.0], [1.2], [1.4]]
    want = library(fresh(5), [1, 2, 3, 3, 3], weights)
    assert skills(rated, "plump", "Anna", "Bo", "Cia", "Dan", "Eva") == want
    unweighted = library(fresh(5), [1, 2, 3, 3, 3])
    assert want[4][0] > unweighted[4][0]  # Eva, last for want of deals, loses less


def test_a_winner_comes_first_though_an_early_leaver_had_more_points() -> None:
    left = game("plump", ("Anna",), ("Bo",), ("Cia",), scores=(50, 60, 10), Anna=8, Bo=4, Cia=8)
    left = Played("plump", 1, left.players, Outcome(True, ("Anna",), (), (
        Score(("Bo",), Fraction(60)), Score(("Anna",), Fraction(50)), Score(("Cia",), Fraction(10))
    ), "points"), left.tallies)  # fmt: skip
    rated = rate([left])
    want = library(fresh(3), [1, 2, 3], [[1.0], [1.5], [1.0]])
    assert skills(rated, "plump", "Anna", "Bo", "Cia") == want


def test_mus_rates_each_person_as_a_member_of_his_team_and_the_pair_as_one() -> None:
    rated = rate([game("mus", ("Ben", "Dan"), ("Anna", "Carla"))])
    persons = library([[MODEL.rating(), MODEL.rating()], [MODEL.rating(), MODEL.rating()]], [1, 2])
    assert skills(rated, "mus", "Ben", "Dan", "Anna", "Carla") == persons == TWO_PAIRS
    assert skills(rated, "mus", ("Ben", "Dan"), ("Anna", "Carla")) == library(fresh(2), [1, 2])
    assert rated.now[("mus", "Ben")].mu != rated.now[("mus", ("Ben", "Dan"))].mu


def test_mus_the_substitute_counts_and_the_one_he_replaced_does_not() -> None:
    rated = rate([played(example("mus-come-and-go"))])  # Eva took Dan's seat beside Ben
    assert ("mus", "Eva") in rated.now and ("mus", "Dan") not in rated.now
    assert ("mus", ("Ben", "Eva")) in rated.now


def test_a_game_not_finished_rates_nobody() -> None:
    record = example("plump-three-deals")
    spec = GAMES["plump"]
    replay = spec.replay(record)
    open_game = Played("plump", 1, record.players, spec.evening.outcome(replay), {})
    assert rate([open_game]).now == {}


def test_a_rating_is_shown_after_five_games_of_that_kind() -> None:
    games = [game("plump", ("Anna",), ("Bo",))] * (SHOWN_AFTER - 1)
    rated = rate(games)
    assert not rated.now[("plump", "Anna")].shown and standings(rated, "plump") == ()
    rated = rated.then(game("plump", ("Bo",), ("Anna",)))
    board = standings(rated, "plump")
    assert [s.who for s in board] == ["Anna", "Bo"]
    assert board[0].change < 0 < board[1].change  # Anna lost the fifth
    assert len(rated.trend("plump", "Anna")) == SHOWN_AFTER


def test_the_league_sorted_by_wins_by_share_and_by_rating() -> None:
    games = [game("plump", ("Anna",), ("Bo",))] * 3 + [game("plump", ("Bo",), ("Anna",))] * 3
    games += [game("plump", ("Cia",), ("Dan",))] * 5 + [game("plump", ("Dan",), ("Cia",))] * 1
    games += [game("plump", ("Eva",), ("Anna",))] * 2
    rows = league(games, "plump")
    rated = rate(games)
    assert [r.name for r in ordered(rows, "wins", rated, "plump")] == [
        "Cia", "Bo", "Anna", "Eva", "Dan"]  # fmt: skip
    assert [r.name for r in ordered(rows, "share", rated, "plump")] == [
        "Eva", "Cia", "Bo", "Anna", "Dan"]  # fmt: skip
    by_rating = [r.name for r in ordered(rows, "rating", rated, "plump")]
    assert by_rating[0] == "Cia" and by_rating[-1] == "Eva"  # Eva: two games, not yet shown


# --- the same ratings however they were reached ----------------------------------------------

NAMES = ("Anna", "Bo", "Cia", "Dan", "Eva")


@st.composite
def games(draw: st.DrawFn) -> Played:
    kind = draw(st.sampled_from(("plump", "mus", "boodle")))
    if kind == "mus":
        four = draw(st.permutations(NAMES))[:4]
        return game("mus", four[:2], four[2:], scores=(draw(st.integers(1, 3)), 0))
    people = draw(st.permutations(NAMES))[: draw(st.integers(3, 5))]
    points = tuple(draw(st.integers(0, 4)) for _ in people)
    deals = {name: draw(st.integers(1, 10)) for name in people}
    order = sorted(range(len(people)), key=lambda n: -points[n])
    sides = tuple((people[n],) for n in order)
    return game(kind, *sides, scores=tuple(points[n] for n in order), **deals)


@settings(max_examples=40, deadline=None)
@given(st.lists(games(), min_size=1, max_size=12))
def test_kept_game_by_game_equals_replayed_whole(circle: list[Played]) -> None:
    kept = Rated((), ())
    for one in circle:
        kept = kept.then(one)
    assert kept == rate(circle)
    assert kept.now == rate(circle).now


@settings(max_examples=40, deadline=None)
@given(st.lists(games(), min_size=2, max_size=12), games(), st.data())
def test_a_corrected_game_rates_as_if_entered_right(
    circle: list[Played], wrong: Played, data: st.DataObject
) -> None:
    at = data.draw(st.integers(0, len(circle) - 1))
    entered_wrong = rate([*circle[:at], wrong, *circle[at + 1 :]])
    corrected = rate(circle, since=entered_wrong)
    assert corrected == rate(circle)
    # and a game taken out, or moved to another place, as if it had always been so
    assert rate(circle[1:], since=corrected) == rate(circle[1:])
    moved = [*circle[1:], circle[0]]
    assert rate(moved, since=corrected) == rate(moved)
