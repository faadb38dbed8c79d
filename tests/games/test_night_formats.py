"""The winners' and losers' bracket and progression, worked out by hand (``night_examples.py``)
and played through the engine: each round as the engine draws it, each result, the ranking."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from assistant.games.base import RuleError
from assistant.games.night import (
    DrawMode,
    Entrant,
    Format,
    Night,
    NightRules,
    Roster,
    Round,
    Table,
    from_match,
    from_totals,
    next_round,
    pair,
    player,
    ranking,
)
from assistant.games.night.bracket import seeding
from tests.games import night_examples as ex

Seed = int | str
Match = tuple[str, Seed, Seed, Seed]


def bracket_night(count: int) -> Night:
    pairs = [[f"N{n}", f"S{n}"] for n in range(count)]
    return Night(NightRules("mus", Format.BRACKET, seed=38), Roster.of(pairs))


def play_bracket(
    night: Night, rounds: Sequence[Sequence[Match]], late: Entrant | None = None
) -> tuple[Night, dict[Seed, Entrant]]:
    """Each round drawn by the engine and checked against the example (by seed), then its
    results as the example has them (2-1 to the winner); the night after, and the seeds."""
    by_seed: dict[Seed, Entrant] = dict(seeding(night, {}))
    for number, matches in enumerate(rounds, 1):
        if late is not None and number == 2:
            night = replace(night, roster=night.roster.arrive(late, 2))
            by_seed["L"] = late
        drawn = next_round(night)
        seen = {(t.group, frozenset(t.seats)) for t in drawn.tables}
        wanted = {(g, frozenset((by_seed[a], by_seed[b]))) for g, a, b, _ in matches}
        assert seen == wanted, number
        winners = {frozenset((by_seed[a], by_seed[b])): by_seed[w] for _, a, b, w in matches}
        results = tuple(
            from_match(
                number, t.number, {e: 2 if e == winners[frozenset(t.seats)] else 1 for e in t.seats}
            )
            for t in drawn.tables
        )
        night = replace(night, rounds=(*night.rounds, drawn), results=(*night.results, *results))
    return night, by_seed


def lines_by_seed(night: Night, by_seed: dict[Seed, Entrant]) -> list[tuple[Seed, int, int, int]]:
    seed_of = {entrant: seed for seed, entrant in by_seed.items()}
    return [(seed_of[s.entrant], s.rank, s.wins, s.losses) for s in ranking(night).standings]


def test_a_bracket_of_eight_pairs_as_worked_out_by_hand() -> None:
    night, by_seed = play_bracket(bracket_night(8), ex.BRACKET_8)
    standings = ranking(night)
    assert standings.over and standings.winners == (by_seed[6],)
    lines = lines_by_seed(night, by_seed)
    assert set(lines) == set(ex.BRACKET_8_NIGHT)
    assert [rank for _, rank, _, _ in lines] == sorted(rank for _, rank, _, _ in lines)
    assert all(s.played >= 2 for s in standings.standings)
    with pytest.raises(RuleError, match="the night is over"):
        next_round(night)


def test_a_bracket_of_twelve_pairs_gives_four_byes_and_waits_as_worked_out_by_hand() -> None:
    night, by_seed = play_bracket(bracket_night(12), ex.BRACKET_12)
    seed_of = {entrant: seed for seed, entrant in by_seed.items()}
    waited = [tuple(sorted(seed_of[e] for e in drawn.byes)) for drawn in night.rounds]
    assert waited == list(ex.BRACKET_12_WAITING)
    standings = ranking(night)
    assert standings.over and standings.winners == (by_seed[1],)
    assert set(lines_by_seed(night, by_seed)) == set(ex.BRACKET_12_NIGHT)
    assert sum(len(r.tables) for r in night.rounds) == 2 * 12 - 2
    assert all(s.played >= 2 for s in standings.standings)


def test_a_late_pair_takes_the_place_of_the_bye_before_it_moved_anyone_on() -> None:
    late = pair("Late", "Comer")
    night, by_seed = play_bracket(bracket_night(7), ex.BRACKET_LATE, late)
    assert by_seed["L"] == late
    assert set(night.rounds[1].byes) == {by_seed[4], by_seed[5]}  # waiting for 1 against L


def test_a_late_pair_finds_no_bye_once_its_walkover_moved_someone_on() -> None:
    night, _ = play_bracket(bracket_night(7), ex.BRACKET_LATE[:1])
    drawn = next_round(night)  # round 2 without a late pair: seed 1 plays on, 1-4
    results = tuple(from_match(2, t.number, {t.seats[0]: 2, t.seats[1]: 0}) for t in drawn.tables)
    night = replace(night, rounds=(*night.rounds, drawn), results=(*night.results, *results))
    later = replace(night, roster=night.roster.arrive(pair("Late", "Comer"), 3))
    with pytest.raises(RuleError, match="no bye is left"):
        next_round(later)
    full = bracket_night(8)  # a bracket of 8 has no bye at all
    with pytest.raises(RuleError, match="no bye is left"):
        ranking(replace(full, roster=full.roster.arrive(pair("Late", "Comer"), 2)))


def test_a_pair_that_withdraws_gives_its_next_match_as_a_walkover() -> None:
    night, by_seed = play_bracket(bracket_night(8), ex.BRACKET_8[:2])
    gone = replace(night, roster=night.roster.withdraw(by_seed[4], 3))
    drawn = next_round(gone)
    # 4 would meet 2 in the losers' bracket: 2 goes on without playing, out of this round
    assert by_seed[2] not in drawn.seated and by_seed[2] in drawn.byes
    assert by_seed[4] not in {*drawn.seated, *drawn.byes}


def test_two_pairs_play_a_first_match_and_a_final() -> None:
    night, _ = play_bracket(bracket_night(2), ((("W", 1, 2, 2),), (("F", 2, 1, 1),)))
    standings = ranking(night)
    assert standings.over and [s.played for s in standings.standings] == [2, 2]


# --- progression ---------------------------------------------------------------------------


def stored_round(
    number: int, tables: Sequence[Sequence[tuple[str, int]]], byes: str = ""
) -> tuple[Round, tuple]:
    drawn = Round(
        number,
        tuple(Table(n, tuple(player(name) for name, _ in t)) for n, t in enumerate(tables, 1)),
        tuple(player(name) for name in byes),
    )
    return drawn, tuple(from_totals(number, n, dict(t)) for n, t in enumerate(tables, 1))


def progression_night(players: str, mode: DrawMode, first, byes: str = "") -> Night:
    rules = NightRules("plump", seed=5, draw=mode, rounds=3, sizes=(4,))
    drawn, results = stored_round(1, first, byes)
    return Night(rules, Roster.of([[name] for name in players]), (drawn,), results)


def seated(drawn: Round) -> tuple[str, ...]:
    return tuple("".join(e.names[0] for e in table.seats) for table in drawn.tables)


def then(night: Night, scores, byes: str = "") -> Night:
    drawn, results = stored_round(len(night.rounds) + 1, scores, byes)
    return replace(night, rounds=(*night.rounds, drawn), results=(*night.results, *results))


def test_sixteen_players_the_winner_stays_the_others_move_on_by_their_place() -> None:
    night = progression_night("ABCDEFGHIJKLMNOP", DrawMode.STAY, ex.PROGRESSION_16)
    assert seated(next_round(night)) == ex.PROGRESSION_16_ROUND_2
    night = then(night, ex.PROGRESSION_16_SCORES_2)
    assert seated(next_round(night)) == ex.PROGRESSION_16_ROUND_3


def test_sixteen_players_winners_up_losers_down() -> None:
    night = progression_night("ABCDEFGHIJKLMNOP", DrawMode.LADDER, ex.PROGRESSION_16)
    assert seated(next_round(night)) == ex.PROGRESSION_16_LADDER_2


def test_thirteen_players_at_tables_of_four_with_a_bye_each_round() -> None:
    night = progression_night("ABCDEFGHIJKLM", DrawMode.STAY, ex.PROGRESSION_13, byes="M")
    drawn = next_round(night)
    assert seated(drawn) == ex.PROGRESSION_13_ROUND_2
    assert [e.names[0] for e in drawn.byes] == [ex.PROGRESSION_13_BYES[1]]
    night = then(night, ex.PROGRESSION_13_SCORES_2, ex.PROGRESSION_13_BYES[1])
    drawn = next_round(night)
    assert seated(drawn) == ex.PROGRESSION_13_ROUND_3
    assert [e.names[0] for e in drawn.byes] == [ex.PROGRESSION_13_BYES[2]]
    night = then(night, ex.PROGRESSION_13_SCORES_3, ex.PROGRESSION_13_BYES[2])
    standings = ranking(night)
    assert standings.over
    got = [(s.entrant.names[0], s.rank, s.points) for s in standings.standings]
    assert sorted(got) == sorted(ex.PROGRESSION_13_NIGHT)


def test_the_first_round_of_a_progression_night_is_drawn_by_lot() -> None:
    rules = NightRules("plump", seed=5, draw=DrawMode.STAY, rounds=2)
    night = Night(rules, Roster.of([[name] for name in "ABCDEFGH"]))
    random = replace(rules, draw=DrawMode.RANDOM)
    assert next_round(night) == next_round(replace(night, rules=random))


def test_progression_is_for_a_night_of_rounds_only() -> None:
    rules = NightRules("mus", Format.BRACKET, draw=DrawMode.STAY)
    with pytest.raises(RuleError, match="tables move on only in a night of rounds"):
        next_round(Night(rules, Roster.of([["A", "B"], ["C", "D"]])))
