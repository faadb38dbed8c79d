"""`flask --app assistant score` exactly as docs/records.md says, on every example record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from assistant.games import GAMES
from tests.examples import EXAMPLES, example_records

RECORDS = example_records()


def test_the_repository_holds_an_example_of_every_game() -> None:
    assert {p.name.split("-")[0] for p in RECORDS} == set(GAMES)


def settles(settlement: list[dict], totals: dict[str, float], shares: dict[str, float]) -> dict:
    """What each player still owes after the payments (all zero when the list settles)."""
    left = {p: t + shares.get(p, 0) for p, t in totals.items()}
    for payment in settlement:
        left[payment["from"]] += payment["chips"]
        left[payment["to"]] -= payment["chips"]
    return {p: round(v, 6) for p, v in left.items()}


@pytest.mark.parametrize("record", RECORDS, ids=lambda p: p.stem)
def test_score_prints_the_expected_output(runner, record: Path) -> None:
    result = runner.invoke(args=["score", str(record)])
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    want = json.loads(record.with_name(record.stem + ".expected.json").read_text())
    if "settlement" in want:  # several lists can be equally short: check it settles, as short
        # what is left on the layout and in the pot goes to those dealt in to the last deal
        last = got["rounds"][-1] if got["rounds"] else {"chips": got["totals"]}
        left = sum(got["layout"].values()) + last.get("pot", 0)
        shares = {name: left / len(last["chips"]) for name in last["chips"]}
        payments = got.pop("settlement")
        # each payment is printed to 0.01 chips: a third of a chip is 0.33
        assert all(abs(v) < 0.02 for v in settles(payments, got["totals"], shares).values())
        assert len(payments) <= len(want.pop("settlement"))
    assert got == want


def test_score_reads_standard_input(runner) -> None:
    record = (EXAMPLES / "plump-three-deals.json").read_text()
    result = runner.invoke(args=["score", "-"], input=record)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["totals"] == {"Anna": 27, "Bo": 38, "Cia": 10, "Dan": 22}


def test_a_broken_rule_names_the_round_and_prints_nothing_on_stdout(runner) -> None:
    record = json.loads((EXAMPLES / "plump-three-deals.json").read_text())
    record["rounds"][2]["tricks"]["Cia"] = 1
    result = runner.invoke(args=["score", "-"], input=json.dumps(record))
    assert result.exit_code != 0
    assert result.stdout == ""
    assert result.stderr.strip() == "round 3: tricks add up to 7, but 8 cards were dealt"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"game": "skat"}, "the game 'skat' is not supported (yet)"),
        ({"format": "other/1"}, "format must be 'table-assistant/1'"),
        ({"players": ["Anna", "Anna", "Bo"]}, "every player needs a different name"),
        ({"colour": "red"}, "unknown field colour"),
        ({"options": {"hook": "yes"}}, "hook"),
    ],
)
def test_bad_records_are_refused_clearly(runner, change: dict, message: str) -> None:
    record = json.loads((EXAMPLES / "plump-three-deals.json").read_text())
    record.update(change)
    result = runner.invoke(args=["score", "-"], input=json.dumps(record))
    assert result.exit_code != 0
    assert message in result.stderr


def test_not_json_is_refused(runner) -> None:
    result = runner.invoke(args=["score", "-"], input="{not json")
    assert result.exit_code != 0
    assert "This file is not a game record: it is damaged near line 1." in result.stderr


def test_import_stores_a_record_and_export_gives_it_back(runner, app) -> None:
    record = EXAMPLES / "plump-three-deals.json"
    result = runner.invoke(args=["import", str(record)])
    assert result.exit_code == 0, result.output
    path = result.stdout.strip()
    assert path.startswith("/t/") and "/g/" in path
    game_id = path.rstrip("/").rsplit("/", 1)[1]
    exported = runner.invoke(args=["export", game_id])
    assert json.loads(exported.stdout)["rounds"] == json.loads(record.read_text())["rounds"]


def test_import_of_a_broken_record_says_why(runner, tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "table-assistant/1", "game": "plump", "players": ["A"]}')
    result = runner.invoke(args=["import", str(broken)])
    assert result.exit_code != 0
    assert "players" in result.output
