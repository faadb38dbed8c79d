"""A club night's engine values as the JSON its row keeps, and back: the rules (the seed in a
column of its own), the roster, the rounds as drawn, the organiser's results and the tables'
reports (a result sent, confirmed). Numbers that may be fractions (rank points, a shared total)
are kept as strings ("7/2"), so that JSON keeps them exactly. A night stored before a setting
existed reads as it was played then (no confirmation, no lateness rule, the standard rules)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from ..games.night import (
    DrawMode,
    Entrant,
    Format,
    NightRules,
    Report,
    Roster,
    Round,
    Substitute,
    Table,
    TableResult,
    TieBreak,
)

JSON = dict[str, Any]


def number(value: Fraction | int) -> int | str:
    fraction = Fraction(value)
    return int(fraction) if fraction.denominator == 1 else str(fraction)


def fraction(value: int | str) -> Fraction:
    return Fraction(value)


def rules_json(rules: NightRules) -> JSON:
    return {
        "game": rules.game,
        "format": rules.format.value,
        "draw": rules.draw.value,
        "rounds": rules.rounds,
        "sizes": list(rules.sizes),
        "points": {str(size): [number(p) for p in ps] for size, ps in rules.points.items()},
        "tie_breaks": [tie.value for tie in rules.tie_breaks],
        "final": rules.final,
        "final_adds": rules.final_adds,
        "losses": rules.losses,
        "b_group": rules.b_group,
        "confirm": rules.confirm,
        "late": rules.late,
        "preset": rules.preset,
    }


def rules_of(data: Mapping[str, Any], seed: int) -> NightRules:
    return NightRules(
        data["game"],
        Format(data["format"]),
        seed=seed,
        draw=DrawMode(data["draw"]),
        rounds=data["rounds"],
        sizes=tuple(data["sizes"]),
        points={int(s): tuple(map(fraction, ps)) for s, ps in data["points"].items()},
        tie_breaks=tuple(TieBreak(tie) for tie in data["tie_breaks"]),
        final=data["final"],
        final_adds=data["final_adds"],
        losses=data["losses"],
        b_group=data["b_group"],
        confirm=data.get("confirm", False),
        late=data.get("late", 0),
        preset=data.get("preset", ""),
    )


def moves_json(moves: Mapping[Entrant, int]) -> list[JSON]:
    return [{"names": list(e.names), "round": n} for e, n in moves.items()]


def moves_of(data: Sequence[Mapping[str, Any]]) -> dict[Entrant, int]:
    return {Entrant(tuple(move["names"])): move["round"] for move in data}


def roster_json(roster: Roster) -> JSON:
    return {
        "entrants": [list(e.names) for e in roster.entrants],
        "arrivals": moves_json(roster.arrivals),
        "withdrawals": moves_json(roster.withdrawals),
        "substitutes": [
            {"names": list(s.entrant.names), "round": s.round, "out": s.out, "into": s.into}
            for s in roster.substitutes
        ],
    }


def roster_of(data: Mapping[str, Any]) -> Roster:
    return Roster(
        tuple(Entrant(tuple(names)) for names in data["entrants"]),
        moves_of(data["arrivals"]),
        moves_of(data["withdrawals"]),
        tuple(
            Substitute(Entrant(tuple(s["names"])), s["round"], s["out"], s["into"])
            for s in data.get("substitutes", [])
        ),
    )


def entrants_json(entrants: Sequence[Entrant]) -> list[list[str]]:
    return [list(e.names) for e in entrants]


def entrants_of(data: Sequence[Sequence[str]]) -> tuple[Entrant, ...]:
    return tuple(Entrant(tuple(names)) for names in data)


def round_json(drawn: Round) -> JSON:
    return {
        "number": drawn.number,
        "tables": [
            {"number": t.number, "seats": entrants_json(t.seats), "group": t.group}
            for t in drawn.tables
        ],
        "byes": entrants_json(drawn.byes),
        "final": drawn.final,
    }


def round_of(data: Mapping[str, Any]) -> Round:
    tables = tuple(Table(t["number"], entrants_of(t["seats"]), t["group"]) for t in data["tables"])
    return Round(data["number"], tables, entrants_of(data["byes"]), data["final"])


def result_json(result: TableResult) -> JSON:
    return {
        "round": result.round,
        "table": result.table,
        "totals": [{"names": list(e.names), "total": number(t)} for e, t in result.totals.items()],
        "low_wins": result.low_wins,
        "organiser": result.organiser,
    }


def result_of(data: Mapping[str, Any]) -> TableResult:
    totals = {Entrant(tuple(t["names"])): fraction(t["total"]) for t in data["totals"]}
    return TableResult(
        data["round"], data["table"], totals, data["low_wins"], organiser=data["organiser"]
    )


def report_json(report: Report) -> JSON:
    return {"by": report.by, "result": result_json(report.result)}


def report_of(data: Mapping[str, Any]) -> Report:
    result = result_of(data["result"])
    return Report(result.round, result.table, data["by"], result)
