"""Properties of the club night's engine, over nights of every size and format played through
with random results, late arrivals and withdrawals."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from assistant.games import find_game
from assistant.games.base import RuleError
from assistant.games.night import (
    DrawMode,
    Entrant,
    Format,
    Night,
    NightRules,
    Roster,
    Round,
    TableResult,
    next_round,
    player,
    ranking,
    table_points,
)
from assistant.games.night.rules import default_points, seats_of
from assistant.games.night.state import KNOCKOUT

NAMES = [f"P{n}" for n in range(120)]


@st.composite
def results_of(draw: st.DrawFn, drawn: Round, *, winner: bool = False) -> tuple[TableResult, ...]:
    """A result for every table of ``drawn``: totals 0-3 (ties likely), or a match's games."""
    results = []
    for table in drawn.tables:
        if winner:  # a Mus match: 2 games to the winner, 0 or 1 to the loser
            first = draw(st.booleans())
            other = draw(st.integers(0, 1))
            totals = {table.seats[0]: 2 if first else other, table.seats[1]: other if first else 2}
        else:
            totals = {e: draw(st.integers(0, 3)) for e in table.seats}
        results.append(TableResult(drawn.number, table.number, totals))
    return tuple(results)


@st.composite
def round_nights(draw: st.DrawFn) -> tuple[Night, list[tuple[Night, Round]]]:
    """A night of rounds played to its end; each draw with the night it was drawn from."""
    count = draw(st.integers(6, 30))  # enough for a table of 5 and a final of 4
    rules = NightRules(
        "plump",
        seed=draw(st.integers(0, 10**6)),
        draw=draw(st.sampled_from(DrawMode)),
        rounds=draw(st.integers(1, 4)),
        sizes=draw(st.sampled_from([(), (4,), (5, 4), (3,)])),
        final=draw(st.sampled_from([0, 3, 4])),
    )
    night = Night(rules, Roster.of([[name] for name in NAMES[:count]]))
    draws = []
    while not ranking(night).over:
        number = len(night.rounds) + 1
        roster = night.roster
        if number > 1 and draw(st.booleans()):  # someone comes or goes between rounds
            if draw(st.booleans()):
                roster = roster.arrive(player(NAMES[count + number]), number)
            elif len(roster.in_round(number)) > 6:
                roster = roster.withdraw(draw(st.sampled_from(roster.in_round(number))), number)
            night = replace(night, roster=roster)
        drawn = next_round(night)
        draws.append((night, drawn))
        results = draw(results_of(drawn))
        night = replace(night, rounds=(*night.rounds, drawn), results=(*night.results, *results))
    return night, draws


@settings(max_examples=60)
@given(round_nights())
def test_every_present_entrant_is_at_one_table_or_has_the_bye(played) -> None:
    _, draws = played
    for night, drawn in draws:
        present = night.roster.in_round(drawn.number)
        everyone = [*drawn.seated, *drawn.byes]
        assert len(everyone) == len(set(everyone))
        if drawn.final:
            assert len(drawn.tables) == 1 and set(everyone) <= set(present)
        else:
            assert set(everyone) == set(present)  # a withdrawn entrant is never drawn


@settings(max_examples=60)
@given(round_nights())
def test_a_second_bye_only_once_everyone_present_has_had_one(played) -> None:
    _, draws = played
    for night, drawn in draws:
        had: dict[object, int] = {}
        for earlier in night.rounds:
            for entrant in earlier.byes:
                had[entrant] = had.get(entrant, 0) + 1
        sitting = {had.get(e, 0) for e in drawn.byes}
        playing = {had.get(e, 0) for e in drawn.seated}
        assert not sitting or not playing or max(sitting) <= min(playing)


@settings(max_examples=60)
@given(round_nights(), st.randoms())
def test_the_ranking_does_not_depend_on_the_order_results_arrived_in(played, rng) -> None:
    night, _ = played
    shuffled = list(night.results)
    rng.shuffle(shuffled)
    assert ranking(replace(night, results=tuple(shuffled))) == ranking(night)


@given(st.lists(st.integers(0, 3), min_size=2, max_size=7), st.randoms())
def test_rank_points_at_a_table_sum_to_the_same_whatever_the_order(totals, rng) -> None:
    seats = [player(name) for name in NAMES[: len(totals)]]
    scale = default_points(len(seats))
    points = table_points(TableResult(1, 1, dict(zip(seats, totals, strict=True))), scale)
    order = list(zip(seats, totals, strict=True))
    rng.shuffle(order)
    again = table_points(TableResult(1, 1, dict(order)), scale)
    assert again == points
    assert sum(points.values(), Fraction(0)) == sum(scale, Fraction(0))


@st.composite
def mus_nights(draw: st.DrawFn) -> tuple[Night, list[tuple[Night, Round]]]:
    """A Mus night of any format played to its end with random matches."""
    count = draw(st.integers(2, 11))
    fmt = draw(st.sampled_from([Format.ELIMINATION, Format.BLOCKS, Format.LEAGUE, Format.BRACKET]))
    rules = NightRules(
        "mus",
        fmt,
        seed=draw(st.integers(0, 10**6)),
        draw=draw(st.sampled_from([DrawMode.RANDOM, DrawMode.RANKING, DrawMode.SPREAD])),
        rounds=draw(st.integers(1, 3)),
        losses=draw(st.integers(2, 3)),
        b_group=draw(st.booleans()),
    )
    pairs = [[NAMES[2 * n], NAMES[2 * n + 1]] for n in range(count)]
    night = Night(rules, Roster.of(pairs))
    draws = []
    # Late pairs come in the first rounds only (a night open to arrivals to its end may last
    # as long as arrivals go on); then the bound is more than any of these nights can last:
    # every round takes a loss from at least one pair, and each pair has at most 3 to lose.
    for _ in range(3 * (count + 3) + 8):
        if ranking(night).over:
            break
        number = len(night.rounds) + 1
        present = night.roster.in_round(number)
        if number > 1 and fmt is not Format.LEAGUE and draw(st.booleans()):
            roster = night.roster
            if number <= 4 and fmt is not Format.BRACKET and draw(st.booleans()):  # a late pair
                late = [NAMES[2 * count + 2 * number], NAMES[2 * count + 2 * number + 1]]
                roster = night.roster.arrive(Entrant(tuple(late)), number)
            elif len(present) > 4:
                roster = night.roster.withdraw(draw(st.sampled_from(present)), number)
            night = replace(night, roster=roster)
            if ranking(night).over:  # the one pair left who could meet the winner withdrew
                break
        drawn = next_round(night)
        draws.append((night, drawn))
        results = draw(results_of(drawn, winner=True))
        night = replace(night, rounds=(*night.rounds, drawn), results=(*night.results, *results))
    return night, draws


@settings(max_examples=80)
@given(mus_nights())
def test_a_mus_night_ends_with_its_winners_and_draws_each_pair_once_a_round(played) -> None:
    night, draws = played
    standings = ranking(night)
    assert standings.over
    assert len(standings.winners) >= 1
    assert all(w in night.roster.entrants for w in standings.winners)
    for before, drawn in draws:
        everyone = [*drawn.seated, *drawn.byes]
        assert len(everyone) == len(set(everyone))
        assert set(everyone) <= set(before.roster.in_round(drawn.number))
        assert all(len(table.seats) == 2 for table in drawn.tables)
        if before.rules.format not in KNOCKOUT:  # there, those out sit no more
            assert set(everyone) == set(before.roster.in_round(drawn.number))


@settings(max_examples=40)
@given(mus_nights(), st.randoms())
def test_a_mus_ranking_does_not_depend_on_the_order_results_arrived_in(played, rng) -> None:
    night, _ = played
    shuffled = list(night.results)
    rng.shuffle(shuffled)
    assert ranking(replace(night, results=tuple(shuffled))) == ranking(night)


@settings(max_examples=60)
@given(round_nights())
def test_every_table_is_of_a_size_the_night_may_seat(played) -> None:
    """Redrawn or moved on by progression, a table seats as many as the game (or the sizes the
    organiser chose) allows."""
    _, draws = played
    for night, drawn in draws:
        seats = seats_of(night.rules, find_game("plump"))
        least, most = (3, 7) if drawn.final else (seats.least, seats.most)  # the game's own
        assert all(least <= len(t.seats) <= most for t in drawn.tables)


@st.composite
def bracket_nights(draw: st.DrawFn) -> tuple[Night, list[tuple[Night, Round]]]:
    """A winners' and losers' bracket of 2 to 20 pairs played to its end with random matches,
    a late pair or two before round 2 or 3 where a bye is left for it."""
    count = draw(st.integers(2, 20))
    rules = NightRules("mus", Format.BRACKET, seed=draw(st.integers(0, 10**6)))
    night = Night(rules, Roster.of([[NAMES[2 * n], NAMES[2 * n + 1]] for n in range(count)]))
    draws = []
    for number in range(1, 4 * count + 4):
        if ranking(night).over:
            break
        if number in (2, 3) and draw(st.booleans()):
            late = Entrant((f"late{number}a", f"late{number}b"))
            arrived = replace(night, roster=night.roster.arrive(late, number))
            if "no bye" not in _refusal(arrived):
                night = arrived
        drawn = next_round(night)
        draws.append((night, drawn))
        results = draw(results_of(drawn, winner=True))
        night = replace(night, rounds=(*night.rounds, drawn), results=(*night.results, *results))
    return night, draws


def _refusal(night: Night) -> str:
    try:
        ranking(night)
    except RuleError as error:
        return str(error.message)
    return ""


@settings(max_examples=50)
@given(bracket_nights())
def test_in_a_bracket_every_pair_plays_two_matches_or_more_and_one_wins(played) -> None:
    night, draws = played
    standings = ranking(night)
    assert standings.over and len(standings.winners) == 1
    assert all(line.played >= 2 for line in standings.standings)
    entrants = len(night.roster.entrants)
    assert sum(len(drawn.tables) for drawn in night.rounds) == 2 * entrants - 2
    assert [line.losses for line in standings.standings[2:]] == [2] * (entrants - 2)
    for before, drawn in draws:  # each pair still in plays once a round, or waits
        everyone = [*drawn.seated, *drawn.byes]
        assert len(everyone) == len(set(everyone))
        still = {line.entrant for line in ranking(before).standings if line.losses < 2}
        assert set(everyone) == still & set(before.roster.in_round(drawn.number))
