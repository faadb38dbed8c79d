"""How each player of a table is paid (``games/pay.py``): read for the table's pages, and said
once: remembered with the circle's player where the table is in a circle (every evening of the
circle then knows it), else kept for the evening at its table."""

from __future__ import annotations

from typing import Any

from sqlalchemy import update

from ..extensions import db
from ..games.pay import CASH, PayMethod, Scheme, method_of
from .models import Member, Table, now


def methods_at(table: Table) -> dict[str, PayMethod]:
    """How each player of ``table`` is paid, cash left out: the circle's players as their
    members say, the others as the evening says."""
    kept: dict[str, Any] = dict(table.pay or {})
    if table.circle is not None:
        kept |= {member.name: member.pay for member in table.circle.members if member.pay}
    methods = {name: method_of(data) for name, data in kept.items()}
    return {name: method for name, method in methods.items() if method.scheme is not Scheme.CASH}


def set_method(table: Table, name: str, method: PayMethod) -> None:
    """From now on ``name`` is paid by ``method`` (cash: no number): remembered with the
    circle's player of that name, else for this evening."""
    member = member_named(table, name)
    if member is not None:
        set_member_method(member, method)
        return
    others = {key: value for key, value in (table.pay or {}).items() if key != name}
    table.pay = others if method == CASH else {**others, name: method.as_json()}
    db.session.commit()


def set_member_method(member: Member, method: PayMethod) -> None:
    """From now on the circle's player is paid by ``method``, at every evening of the circle:
    their pages are told it changed (``Table.updated``, which the table's stamp and a game's
    kept page go by)."""
    member.pay = None if method == CASH else method.as_json()
    db.session.execute(
        update(Table).where(Table.circle_id == member.circle_id).values(updated=now())
    )
    db.session.commit()


def member_named(table: Table, name: str) -> Member | None:
    if table.circle is None:
        return None
    return next((member for member in table.circle.members if member.name == name), None)
