"""A table's rows as they are stored, for the phone that plays on without signal.

The phone runs this app itself when it has no connection (``assistant/phone.py``, in Pyodide),
on an empty database of its own filled with the table's rows, ids and versions included: a
form it draws there names the same game and version as the server's, so what it records
offline is sent later exactly as it was entered. Only the rows of one table travel (its circle
and members, its games with their entries and changes, stakes and payments), as JSON: dates
as ISO text, everything else as stored.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Column, DateTime, delete, insert, select
from sqlalchemy import Table as SQLTable

from ..extensions import db
from ..games.base import JSON
from .models import Change, Circle, Entry, Game, Member, Payment, Stake, Table

FORMAT = "table-assistant/rows-1"
# Parents before children, as they are inserted.
TABLES = ("circle", "member", "table", "game", "entry", "change", "stake", "payment")


def rows_of(table: Table) -> JSON:
    """Every stored row of this table and what hangs from it, with its version per game."""
    games = [game.id for game in table.games]
    wanted = {
        "circle": Circle.id == table.circle_id,
        "member": Member.circle_id == table.circle_id,
        "table": Table.id == table.id,
        "game": Game.table_id == table.id,
        "entry": Entry.game_id.in_(games),
        "change": Change.game_id.in_(games),
        "stake": Stake.game_id.in_(games),
        "payment": Payment.table_id == table.id,
    }
    rows: dict[str, list[dict[str, Any]]] = {}
    for name in TABLES:
        sql = db.metadata.tables[name]
        found = db.session.execute(select(sql).where(wanted[name]).order_by(sql.c.id))
        rows[name] = [{key: plain(value) for key, value in row.items()} for row in found.mappings()]
    versions = {str(game.id): game.version for game in table.games}
    return {"format": FORMAT, "token": table.token, "versions": versions, "rows": rows}


def load_rows(mirror: JSON) -> None:
    """Replace everything in this (the phone's own) database with the table's rows."""
    for name in reversed(TABLES):
        db.session.execute(delete(db.metadata.tables[name]))
    for name in TABLES:
        sql = db.metadata.tables[name]
        if found := mirror["rows"].get(name):
            db.session.execute(insert(sql), [stored(sql, row) for row in found])
    db.session.commit()


def plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def stored(sql: SQLTable, row: dict[str, Any]) -> dict[str, Any]:
    return {name: typed(sql.c[name], value) for name, value in row.items() if name in sql.c}


def typed(column: Column[Any], value: Any) -> Any:
    if value is not None and isinstance(column.type, DateTime):
        return datetime.fromisoformat(value)
    return value
