"""A whole club night as one file (``table-assistant/night-1``, docs/records.md): its name,
rules and seed, its time limit, who is in it, each round as drawn, the organiser's results and
every started table as a table file. Imported, it is a new night with new links, in one
transaction; a file that does not hold together stores nothing."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ..extensions import db
from ..games import night
from ..games.base import N_, RuleError
from ..store.models import Night as NightRow
from ..store.models import now
from ..store.records import check_name_text, load_json
from ..store.tablefile import import_table_data, table_file
from . import stored
from .service import check_names

FORMAT = "table-assistant/night-1"
KEYS = {"format", "name", "rules", "seed", "minutes", "roster", "rounds", "results", "tables"}
KEYS |= {"reports", "ended"}  # later: what the tables said of their results, an early end
LARGEST = 10**9  # no number of a record beyond it (docs/operations.md, "Bad input")
NOT_A_NIGHT = N_("This is not a night file: its format must be {fmt!r}.")
DAMAGED = N_("The night file is damaged: {part} does not hold together.")


def night_file(row: NightRow) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "name": row.name,
        "rules": row.rules,
        "seed": row.seed,
        "minutes": row.minutes,
        "roster": row.roster,
        "rounds": row.rounds,
        "results": row.results,
        "reports": row.reports,
        "ended": row.ended is not None,
        "tables": [
            {"round": t.night_round, "table": t.night_table, "file": table_file(t)}
            for t in row.tables
        ],
    }


def import_night(text: str, language: str | None = None) -> NightRow:
    """The file's night as a new night with its tables; a RuleError says what is wrong."""
    data = load_json(text)
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise RuleError(NOT_A_NIGHT, fmt=FORMAT)
    if unknown := sorted(set(data) - KEYS):
        raise RuleError(N_("The night file has an unknown field {name!r}."), name=unknown[0])
    checked = checked_night(data)
    row = NightRow(
        name=check_name_text(str(data.get("name") or ""), "name")[:80],
        rules=stored.rules_json(checked.rules),
        seed=checked.rules.seed,
        minutes=data["minutes"],
        roster=stored.roster_json(checked.roster),
        rounds=[stored.round_json(r) for r in checked.rounds],
        results=[kept_result(raw) for raw in data["results"]],
        reports=[stored.report_json(r) for r in reports_of(data)],
        ended=now() if data.get("ended") is True else None,
    )
    try:
        db.session.add(row)
        db.session.flush()
        for raw in tables_of(data, checked):
            table = import_table_data(raw["file"], language, commit=False)
            table.night_id = row.id
            table.night_round, table.night_table = raw["key"]
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return row


def part(name: str, read: Any, raw: Any) -> Any:
    """``read(raw)``, or the file said damaged where ``raw`` is not what ``name`` holds."""
    try:
        return read(raw)
    except RuleError:  # a ValueError too: the engine's own words stand
        raise
    except (KeyError, TypeError, ValueError, AttributeError, ZeroDivisionError):
        raise RuleError(DAMAGED, part=name) from None


def whole(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 2**31:
        raise RuleError(DAMAGED, part=name)
    return value


def checked_night(data: Mapping[str, Any]) -> night.Night:
    seed = whole(data, "seed")
    whole(data, "minutes")
    rounds, results = data.get("rounds"), data.get("results")
    if not isinstance(rounds, list) or not isinstance(results, list) or len(rounds) > 200:
        raise RuleError(DAMAGED, part="rounds")
    loaded = night.Night(
        part("rules", lambda raw: stored.rules_of(raw, seed), data.get("rules")),
        part("roster", stored.roster_of, data.get("roster")),
        tuple(part("rounds", stored.round_of, r) for r in rounds),
        night.last_results(results_of(data)),
    )
    drawn = {(r.number, t.number) for r in loaded.rounds for t in r.tables}
    if any((r.round, r.table) not in drawn for r in reports_of(data)):
        raise RuleError(DAMAGED, part="reports")
    for name, said in (
        ("results", results_of(data)),
        ("reports", [r.result for r in reports_of(data)]),
    ):
        if any(abs(Fraction(t)) > LARGEST for r in said for t in r.totals.values()):
            raise RuleError(DAMAGED, part=name)
    part("roster", check_names, loaded.roster)
    part("rounds", night.check_night, loaded)
    part("results", night.ranking, loaded)  # every result's places too
    return loaded


def results_of(data: Mapping[str, Any]) -> list[night.TableResult]:
    """The organiser's results, each as he entered it (the last for a table counts)."""
    return [part("results", stored.result_of, r) for r in data.get("results", [])]


def kept_result(raw: Mapping[str, Any]) -> dict[str, Any]:
    """An organiser's result as the file has it, with when he entered it where it says so."""
    at = raw.get("at")
    when = {"at": at} if isinstance(at, str) and len(at) <= 40 else {}
    return {**stored.result_json(stored.result_of(raw)), **when}


def reports_of(data: Mapping[str, Any]) -> list[night.Report]:
    """What the tables' players said of their results (a file from before: none)."""
    reports = data.get("reports", [])
    if not isinstance(reports, list) or len(reports) > 10_000:
        raise RuleError(DAMAGED, part="reports")
    return [part("reports", stored.report_of, r) for r in reports]


def tables_of(data: Mapping[str, Any], checked: night.Night) -> list[dict[str, Any]]:
    """The started tables of the file, each of a drawn table and once."""
    tables = data.get("tables")
    if not isinstance(tables, list) or len(tables) > 500:
        raise RuleError(DAMAGED, part="tables")
    drawn = {(r.number, t.number) for r in checked.rounds for t in r.tables}
    found: list[dict[str, Any]] = []
    for raw in tables:
        key = (raw.get("round"), raw.get("table")) if isinstance(raw, Mapping) else None
        if key not in drawn or key in [f["key"] for f in found]:
            raise RuleError(DAMAGED, part="tables")
        found.append({"key": key, "file": raw.get("file")})
    return found
