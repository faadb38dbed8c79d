"""The CSV sheet of a Mus match and a Mulle game when people come and go: a column of the
adjustments with their reasons (as Plump's and Boodle's have), and in Mus who played each
hand for each team (docs/records.md, "People come and go")."""

from __future__ import annotations

import json

from assistant.games import GAMES
from assistant.games.base import Record
from assistant.store.records import parse_record
from tests.examples import EXAMPLES

FOUR = ("Anna", "Ben", "Carla", "Dan")
PASO = {"lances": {}, "showdown": {"grande": 1, "chica": 1, "pares": None, "punto": 1}}


def sheet_of(record: Record) -> tuple[list[str], list[tuple]]:
    spec = GAMES[record.game]
    sheet = spec.evening.sheet(spec.replay(record))
    return [str(column) for column in sheet.columns], list(sheet.rows)


def example(name: str) -> Record:
    return parse_record(json.loads((EXAMPLES / f"{name}.json").read_text()))


def test_the_mus_sheet_names_who_played_each_hand_and_notes_the_adjustment() -> None:
    columns, rows = sheet_of(example("mus-come-and-go"))
    assert columns == ["Hand", "Game", "Mano", "Team 1", "Team 2", "Team 1: stones",
                       "Team 2: stones", "Team 1: score", "Team 2: score",
                       "Adjustments"]  # fmt: skip
    assert rows[0][3:5] == ("Anna & Carla", "Ben & Dan")  # Dan played hand 1
    assert rows[1][3:5] == ("Anna & Carla", "Ben & Eva")
    assert rows[2][-1] == "Anna & Carla −2: a seña seen by the other team"
    assert [row[-1] for row in rows].count(None) == len(rows) - 1


def test_a_mus_sheet_without_substitutes_or_adjustments_is_as_before() -> None:
    columns, rows = sheet_of(Record("mus", FOUR, "Anna", {}, (PASO, PASO)))
    assert columns == ["Hand", "Game", "Mano", "Anna & Carla: stones", "Ben & Dan: stones",
                       "Anna & Carla: score", "Ben & Dan: score"]  # fmt: skip
    assert rows[1] == (2, 1, "Ben", 3, 0, 6, 0)


def test_a_mus_adjustment_without_a_substitute_adds_only_its_column() -> None:
    adjusted = {**PASO, "adjust": [{"team": 2, "stones": 4, "reason": "=1+1"}]}
    columns, rows = sheet_of(Record("mus", FOUR, "Anna", {}, (PASO, adjusted)))
    assert columns[-1] == "Adjustments" and "Team 1" not in columns
    assert rows[1][-1] == "Ben & Dan +4: =1+1"


def test_the_mulle_sheet_notes_each_adjustment_with_its_reason() -> None:
    columns, rows = sheet_of(example("mulle-come-and-go"))
    assert columns[-1] == "Adjustments"
    notes = [row[-1] for row in rows if row[-1] is not None]
    assert notes == ["Bo −10: revoke", "Anna +40: a mulle left off her pile"]
    assert all(len(row) == len(columns) for row in rows)


def test_a_mulle_sheet_without_adjustments_has_no_such_column() -> None:
    columns, _ = sheet_of(example("mulle-full-game"))
    assert "Adjustments" not in columns
