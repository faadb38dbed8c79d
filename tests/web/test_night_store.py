"""A club night kept in the database: its engine values as JSON and back, its rounds drawn and
kept, every drawn table started as a table of today, and each table's result derived from its
game (or the organiser's, marked as his) every time the night is read. These nights count a
game's result as soon as it is over (no confirmation: ``test_night_confirm.py`` has that)."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest
from flask import Flask

from assistant.extensions import db
from assistant.games.base import RuleError
from assistant.games.evening import Outcome, Score
from assistant.games.night import (
    DrawMode,
    Format,
    Night,
    NightRules,
    TieBreak,
    pair,
    player,
    ranking,
)
from assistant.night import results, service, stored, tables
from assistant.store import reads
from assistant.store import service as store
from assistant.store.models import Change, Table, now
from assistant.store.models import Night as NightRow
from tests.examples import EXAMPLES
from tests.games import night_examples as ex
from tests.games.test_night import PLUMP_RULES, plump_night


def round_trip(night: Night) -> Night:
    """The night through the JSON its row keeps (and through ``json`` itself), and back."""
    kept = json.loads(
        json.dumps(
            {
                "rules": stored.rules_json(night.rules),
                "roster": stored.roster_json(night.roster),
                "rounds": [stored.round_json(r) for r in night.rounds],
                "results": [stored.result_json(r) for r in night.results],
            }
        )
    )
    return Night(
        stored.rules_of(kept["rules"], night.rules.seed),
        stored.roster_of(kept["roster"]),
        tuple(stored.round_of(r) for r in kept["rounds"]),
        tuple(stored.result_of(r) for r in kept["results"]),
    )


def test_the_hand_worked_plump_night_is_kept_as_it_was() -> None:
    night = plump_night(3)
    roster = night.roster.arrive(player("Ola"), 4).withdraw(player("Bo"), 4)
    rules = replace(
        night.rules,
        draw=DrawMode.SPREAD,
        points={4: (Fraction(9, 2), Fraction(3), Fraction(2), Fraction(1))},
        tie_breaks=(TieBreak.PLACES, TieBreak.WINS),
    )
    night = replace(night, rules=rules, roster=roster)
    assert round_trip(night) == night
    assert ranking(round_trip(night)) == ranking(night)


def test_a_mus_night_keeps_its_pairs_groups_and_byes() -> None:
    rules = NightRules("mus", Format.ELIMINATION, seed=8, losses=2)
    night = Night(rules, service.night.Roster.of(ex.MUS_PAIRS.values()))
    night = replace(night, rounds=(service.night.next_round(night),))
    assert round_trip(night) == night
    assert {t.group for t in round_trip(night).rounds[0].tables} == {"A"}


def test_a_night_is_drawn_and_kept_round_by_round(app: Flask) -> None:
    with app.app_context():
        row = service.create_night(PLUMP_RULES, [[n] for n in ex.PLUMP_PLAYERS], name=" Club ")
        drawn = service.draw_next(row)
        token = row.token
        db.session.expunge_all()
        again = reads.get_night(token)
        assert again is not None and again.name == "Club"
        assert 0 <= again.seed < 2**31 and again.view_token != token
        assert [len(t.seats) for t in drawn.tables] == [4, 4, 5]
        assert service.engine_night(again).rounds == (drawn,)
        with pytest.raises(RuleError, match="table 1 has no result yet"):
            service.draw_next(again)
        assert len(reads.get_night(token).rounds) == 1  # type: ignore[union-attr]


def test_a_night_that_does_not_hold_together_is_not_stored(app: Flask) -> None:
    with app.app_context():
        with pytest.raises(RuleError, match="Anna is entered twice"):
            service.create_night(PLUMP_RULES, [["Anna"], ["Bo"], ["Anna"]])
        with pytest.raises(RuleError, match="a pair is two players"):
            service.create_night(NightRules("mus", Format.LEAGUE), [["Anna"], ["Bo"]])
        assert db.session.execute(db.select(NightRow)).first() is None


def test_every_drawn_table_starts_as_a_table_of_today_once(app: Flask) -> None:
    with app.app_context():
        row = service.create_night(PLUMP_RULES, [[n] for n in ex.PLUMP_PLAYERS])
        drawn = service.draw_next(row, "sv")
        table = service.start_table(row, 1, 3)
        assert (table.night_id, table.night_round, table.night_table) == (row.id, 1, 3)
        names = [e.names[0] for e in drawn.tables[2].seats]
        assert table.players == names and table.language == "sv"
        assert [(g.kind, g.seating, g.first) for g in table.games] == [("plump", names, names[0])]
        assert service.start_table(row, 1, 3) is table
        assert len(db.session.execute(db.select(Table)).all()) == 3
        with pytest.raises(RuleError, match="there is no table 4"):
            service.start_table(row, 1, 4)
        with pytest.raises(RuleError, match="there is no table 1"):
            service.start_table(row, 2, 1)


def test_a_mus_table_seats_each_pair_opposite() -> None:
    seats = (("Ane", "Bea"), ("Carlos", "Dolores"))
    assert service.seating_of(seats, pairs=True) == ["Ane", "Carlos", "Bea", "Dolores"]


def test_a_nights_tables_play_by_its_rules(app: Flask) -> None:
    with app.app_context():
        rules = NightRules("mus", Format.BRACKET, preset="short")
        row = service.create_night(rules, [["Ane", "Bea"], ["Carlos", "Dolores"]])
        service.draw_next(row)
        (game,) = service.start_table(row, 1, 1).games
        assert (game.options["target"], game.options["games_to_win"]) == (30, 1)


def mulle_night(app: Flask) -> tuple[NightRow, Table]:
    """A night of Anna and Bo at one Mulle table of two, drawn and started."""
    rules = NightRules("mulle", sizes=(2,), rounds=1, confirm=False)
    row = service.create_night(rules, [["Anna"], ["Bo"]])
    service.draw_next(row)
    return row, service.start_table(row, 1, 1)


def test_a_table_result_is_its_game_s_once_the_game_is_over(app: Flask) -> None:
    with app.app_context():
        row, table = mulle_night(app)
        assert service.engine_night(row).results == ()  # its game has not begun
        store.import_record((EXAMPLES / "mulle-full-game.json").read_text(), table)
        (result,) = service.engine_night(row).results
        assert (result.round, result.table, result.organiser) == (1, 1, False)
        assert result.totals == {player("Anna"): 71, player("Bo"): 97}
        standings = ranking(service.engine_night(row))
        assert standings.over and standings.winners == (player("Bo"),)
        assert row.results == []  # derived, never stored


def test_a_game_ended_with_the_evening_gives_the_table_its_result(app: Flask) -> None:
    with app.app_context():
        row = service.create_night(
            NightRules("plump", sizes=(4,), rounds=1, confirm=False),
            [["Anna"], ["Bo"], ["Cia"], ["Dan"]],
        )
        service.draw_next(row)
        table = service.start_table(row, 1, 1)
        game = store.import_record((EXAMPLES / "plump-three-deals.json").read_text(), table)
        assert service.engine_night(row).results == ()  # three deals of 19: not over
        game.finished = now()
        db.session.commit()
        expected = json.loads((EXAMPLES / "plump-three-deals.expected.json").read_text())
        (result,) = service.engine_night(row).results
        assert {e.names[0]: t for e, t in result.totals.items()} == expected["totals"]


def test_the_organiser_s_result_stands_for_a_table_and_is_marked(app: Flask) -> None:
    with app.app_context():
        row, table = mulle_night(app)
        store.import_record((EXAMPLES / "mulle-full-game.json").read_text(), table)
        results.enter_result(row, 1, 1, {player("Anna"): 120, player("Bo"): 80})
        results.enter_result(row, 1, 1, {player("Anna"): 100, player("Bo"): 80})
        (result,) = service.engine_night(row).results
        assert result.organiser and result.totals == {player("Anna"): 100, player("Bo"): 80}
        assert ranking(service.engine_night(row)).winners == (player("Anna"),)
        # both kept, in order: the history; the table's phones heard of each
        assert [r["totals"][0]["total"] for r in row.results] == [120, 100]
        assert tables.read(row).history[(1, 1)][0].totals[player("Anna")] == 120
        told = db.session.execute(
            db.select(Change.summary).filter_by(game_id=table.games[-1].id)
        ).scalars()
        assert [said["template"] for said in told].count(results.CORRECTED) == 2


@pytest.mark.parametrize(
    ("table", "totals", "message"),
    [
        (1, {"Anna": 10}, "a total for each entrant who sat there"),
        (2, {"Anna": 10, "Bo": 5}, "there is no table 2"),
    ],
)
def test_an_organiser_s_result_that_does_not_fit_is_not_stored(
    app: Flask, table: int, totals: dict[str, int], message: str
) -> None:
    with app.app_context():
        row, _ = mulle_night(app)
        by_entrant = {player(name): total for name, total in totals.items()}
        with pytest.raises(RuleError, match=message):
            results.enter_result(row, 1, table, by_entrant)
        db.session.expire_all()
        assert row.results == []


def test_late_arrivals_and_withdrawals_are_kept_from_the_next_round(app: Flask) -> None:
    with app.app_context():
        row = service.create_night(
            NightRules("plump", rounds=2), [["Anna"], ["Bo"], ["Cia"], ["Dan"]]
        )
        service.draw_next(row)
        service.change_roster(row, ["Eva"], arrive=True)
        service.change_roster(row, ["Bo"], arrive=False)
        roster = service.engine_night(row).roster
        assert roster.in_round(2) == (player("Anna"), player("Cia"), player("Dan"), player("Eva"))
        with pytest.raises(RuleError, match="Eva is already in the night"):
            service.change_roster(row, ["Eva"], arrive=True)


def test_a_pair_s_games_won_are_its_result() -> None:
    seats = (pair("Ane", "Bea"), pair("Carlos", "Dolores"))
    outcome = Outcome(
        True,
        ("Dolores", "Carlos"),
        (),
        (Score(("Dolores", "Carlos"), Fraction(2)), Score(("Bea", "Ane"), Fraction(1))),
        "games won",
    )
    result = tables.result_of_outcome(
        outcome, (2, 3), seats, [("Ane", "Bea"), ("Carlos", "Dolores")]
    )
    assert (result.round, result.table, result.low_wins) == (2, 3, False)
    assert result.totals == {seats[1]: 2, seats[0]: 1}


def test_a_mus_match_ended_level_is_no_result_and_the_night_still_ranks(app: Flask) -> None:
    with app.app_context():
        pairs = [["Anna", "Carla"], ["Ben", "Dan"]]
        row = service.create_night(NightRules("mus", Format.LEAGUE, confirm=False), pairs)
        service.draw_next(row)
        table = service.start_table(row, 1, 1)
        table.games[0].finished = now()  # the evening ended before a game was won: 0-0
        db.session.commit()
        assert service.engine_night(row).results == ()
        assert not ranking(service.engine_night(row)).over
        results.enter_result(row, 1, 1, {pair("Anna", "Carla"): 1, pair("Ben", "Dan"): 0})
        assert ranking(service.engine_night(row)).winners == (pair("Anna", "Carla"),)


def test_a_table_in_play_says_its_deal_on_the_organisers_page_and_the_hall(app: Flask) -> None:
    """Three deals of Plump's 19 played at table 1: 'Deal 4 of 19' there; table 2 not started."""
    with app.app_context():
        row = service.create_night(
            NightRules("plump", sizes=(4,), rounds=1),
            [["Anna"], ["Bo"], ["Cia"], ["Dan"], ["Eva"], ["Fia"], ["Gun"], ["Hugo"]],
        )
        service.draw_next(row)
        table = service.start_table(row, 1, 1)
        store.import_record((EXAMPLES / "plump-three-deals.json").read_text(), table)
        paths = (f"/n/{row.token}/", f"/hall/{row.view_token}/")
    client = app.test_client()
    for path in paths:
        shown = client.get(path).text
        assert "Deal 4 of 19" in shown and "Not started" in shown, path
