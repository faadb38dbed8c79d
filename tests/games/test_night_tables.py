"""A night's tables on the way to its ranking: each table's progress, its result sent and
confirmed by another side (or by the organiser, whose last result counts), substitutes in a
pair, a lateness rule and a night the organiser ends early."""

from __future__ import annotations

from dataclasses import replace

import pytest

from assistant.games import find_game
from assistant.games.base import Record, RuleError
from assistant.games.night import (
    Format,
    Night,
    NightRules,
    Play,
    Report,
    Roster,
    State,
    TableResult,
    from_totals,
    last_results,
    next_round,
    pair,
    player,
    progress,
    ranking,
    report,
    unfinished,
)

PLUMP = [("Anna",), ("Bo",), ("Cia",), ("Dan",)]
MUS = [("Ane", "Bea"), ("Carlos", "Dolores")]
OVER = from_totals(1, 2, {"Anna": 40, "Bo": 31, "Cia": 25, "Dan": 12})
MATCH = TableResult(1, 1, {pair("Ane", "Bea"): 2, pair("Carlos", "Dolores"): 1})


@pytest.mark.parametrize(
    ("play", "state", "deals"),
    [
        (None, State.NOT_STARTED, 0),
        (Play(0, 19), State.NOT_STARTED, 0),
        (Play(7, 19), State.PLAYING, 7),
        (Play(19, 19, OVER), State.FINISHED, 19),
    ],
)
def test_a_tables_progress_from_its_game(play: Play | None, state: State, deals: int) -> None:
    now = progress(True, PLUMP, play)
    assert (now.state, now.deals, now.counts) == (state, deals, None)


def confirmed(sides, played, *names: str) -> State:
    reports = []
    for name in names:
        now = progress(True, sides, played, reports)
        said = report(now, sides, name, 1, 2)
        reports += [said] if said else []
    return progress(True, sides, played, reports).state


def test_a_plump_result_counts_once_another_player_than_its_sender_confirms_it() -> None:
    played = Play(19, 19, OVER)
    assert confirmed(PLUMP, played, "Anna") is State.SENT
    assert confirmed(PLUMP, played, "Anna", "Anna") is State.SENT  # a second tap adds nothing
    assert confirmed(PLUMP, played, "Anna", "Cia") is State.CONFIRMED
    now = progress(True, PLUMP, played, [Report(1, 2, "Anna", OVER), Report(1, 2, "Dan", OVER)])
    assert (now.sent_by, now.confirmed_by, now.counts) == ("Anna", "Dan", OVER)


def test_a_mus_result_counts_once_the_other_pair_confirms_it() -> None:
    played = Play(6, None, MATCH)
    assert confirmed(MUS, played, "Ane", "Bea") is State.SENT  # her partner is the same side
    assert confirmed(MUS, played, "Bea", "Dolores") is State.CONFIRMED


def test_a_result_changed_after_it_was_sent_is_to_be_sent_again() -> None:
    changed = from_totals(1, 2, {"Anna": 40, "Bo": 31, "Cia": 12, "Dan": 25})
    reports = [Report(1, 2, "Anna", OVER)]
    assert progress(True, PLUMP, Play(19, 19, changed), reports).state is State.FINISHED
    reports += [Report(1, 2, "Bo", changed)]
    now = progress(True, PLUMP, Play(19, 19, changed), reports)
    assert (now.state, now.sent_by) == (State.SENT, "Bo")
    # whoever sent the other result may confirm this one: Bo sent it last
    assert confirmed(PLUMP, Play(19, 19, changed), "Anna", "Bo", "Anna") is State.CONFIRMED


def test_without_confirmation_a_result_counts_once_the_game_is_over() -> None:
    assert progress(False, PLUMP, Play(19, 19, OVER)).counts == OVER
    assert progress(False, PLUMP, Play(18, 19)).state is State.PLAYING


def test_a_report_from_who_does_not_play_there_or_before_the_end_is_refused() -> None:
    with pytest.raises(RuleError, match="Eva does not play at this table"):
        report(progress(True, PLUMP, Play(19, 19, OVER)), PLUMP, "Eva", 1, 2)
    with pytest.raises(RuleError, match="table 2 has no result yet"):
        report(progress(True, PLUMP, Play(7, 19)), PLUMP, "Anna", 1, 2)


def test_the_organisers_last_result_counts_and_the_earlier_stay_in_the_history() -> None:
    first = replace(OVER, organiser=True)
    second = from_totals(1, 2, {"Anna": 12, "Bo": 31, "Cia": 25, "Dan": 40}, organiser=True)
    (last,) = last_results([first, second])
    assert last == second
    now = progress(True, PLUMP, Play(7, 19), [], last)
    assert (now.state, now.counts) == (State.CORRECTED, second)
    assert report(now, PLUMP, "Bo", 1, 2) is None  # it counts: nothing to confirm


def plump_night(late: int = 0) -> Night:
    return Night(NightRules("plump", rounds=2, late=late), Roster.of([[n] for n in "ABCDEFGH"]))


def test_closing_a_round_names_its_tables_without_a_result() -> None:
    night = plump_night()
    drawn = next_round(night)
    first = drawn.tables[0]
    result = TableResult(1, 1, {e: n for n, e in enumerate(first.seats)})
    night = replace(night, rounds=(drawn,), results=(result,))
    assert unfinished(night) == drawn.tables[1:]
    assert unfinished(plump_night()) == ()


def test_a_night_ended_early_is_over_as_it_stands() -> None:
    night = plump_night()
    drawn = next_round(night)
    results = tuple(
        TableResult(1, t.number, {e: int(e == t.seats[0]) for e in t.seats}) for t in drawn.tables
    )
    night = replace(night, rounds=(drawn,), results=results)
    assert not ranking(night).over
    ended = replace(night, ended=True)
    standings = ranking(ended)
    assert standings.over
    assert set(standings.winners) == {t.seats[0] for t in drawn.tables}  # 4 points each
    with pytest.raises(RuleError, match="the night is over"):
        next_round(ended)


def test_a_late_arrival_after_the_clubs_last_round_to_join_is_refused() -> None:
    night = plump_night(late=2)
    assert ranking(replace(night, roster=night.roster.arrive(player("Ida"), 2)))
    with pytest.raises(RuleError, match="the last round to join is 2"):
        ranking(replace(night, roster=night.roster.arrive(player("Ida"), 3)))


def test_a_pair_replaces_one_member_the_same_one_all_night() -> None:
    roster = Roster.of([["Ane", "Bea"], ["Carlos", "Dolores"]])
    ane = pair("Ane", "Bea")
    once = roster.substitute(ane, "Bea", "Zoe", 2)
    twice = once.substitute(ane, "Zoe", "Bea", 4)  # Bea is back
    assert [twice.names_in(ane, n) for n in (1, 2, 3, 4)] == [
        ("Ane", "Bea"), ("Ane", "Zoe"), ("Ane", "Zoe"), ("Ane", "Bea"),
    ]  # fmt: skip
    with pytest.raises(RuleError, match="may replace one member only"):
        once.substitute(ane, "Ane", "Yon", 3)
    with pytest.raises(RuleError, match="Carlos cannot play for Bea"):
        roster.substitute(ane, "Bea", "Carlos", 2)  # he plays in the other pair
    with pytest.raises(RuleError, match="Bea does not play in Ane & Bea in round 3"):
        once.substitute(ane, "Bea", "Yon", 3)
    with pytest.raises(RuleError, match="only a pair's member is replaced"):
        Roster.of([["Anna"]]).substitute(player("Anna"), "Anna", "Bo", 2)


def test_a_substitute_keeps_the_pairs_place_in_the_night() -> None:
    rules = NightRules("mus", Format.BRACKET, seed=3)
    roster = Roster.of([["Ane", "Bea"], ["Carlos", "Dolores"], ["Eneko", "Fermin"]])
    night = Night(rules, roster.substitute(pair("Ane", "Bea"), "Bea", "Zoe", 1))
    assert pair("Ane", "Bea") in {*next_round(night).seated, *next_round(night).byes}


@pytest.mark.parametrize(("kind", "planned"), [("plump", 19), ("mulle", 4), ("mus", None)])
def test_a_game_says_its_deals_in_all_where_it_knows_them(kind: str, planned: int | None) -> None:
    """What the night's progress says as "deal 7 of 19" (a Mus match has no number of deals)."""
    spec = find_game(kind)
    game = spec.replay(Record(kind, ("Anna", "Bo", "Cia", "Dan"), "Anna"))
    assert spec.evening.outcome(game).planned == planned


def test_a_night_plays_its_tables_by_one_of_the_games_presets() -> None:
    pairs = Roster.of([["Ane", "Bea"], ["Carlos", "Dolores"]])
    short = Night(NightRules("mus", Format.BRACKET, preset="short"), pairs)
    assert next_round(short).tables
    with pytest.raises(RuleError, match="Mus has no rules called long"):
        next_round(replace(short, rules=NightRules("mus", Format.BRACKET, preset="long")))
