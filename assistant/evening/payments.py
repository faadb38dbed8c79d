"""A payment of an ended evening's settle-up marked paid, or owed again when that was tapped by
mistake: each a guarded ``UPDATE``, so that a double tap (or another phone) is told so."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, update

from ..extensions import db
from ..games.base import N_, RuleError
from ..store.models import LARGEST_INTEGER, Payment, Table, now


def mark_paid(table: Table, payment_id: int, author: str) -> Payment:
    """Mark one payment of the ended evening paid; a RuleError if it is not there or was
    marked already (a double tap, or another phone)."""
    return _set_paid(table, payment_id, now(), author, N_("This payment was marked paid already."))


def mark_unpaid(table: Table, payment_id: int) -> Payment:
    """Take back a payment's "paid" (tapped by mistake): owed again; a RuleError if it is not
    there or not marked paid (a double tap, or another phone)."""
    return _set_paid(table, payment_id, None, "", N_("This payment is not marked paid."))


def _set_paid(
    table: Table, payment_id: int, paid: datetime | None, author: str, already: str
) -> Payment:
    """Mark the payment paid (``paid``: when) or owed again (None), with a guarded ``UPDATE``:
    ``already`` when it was so already."""
    # A URL may carry any number; the ids are 32-bit in PostgreSQL.
    payment = db.session.get(Payment, payment_id) if 0 < payment_id <= LARGEST_INTEGER else None
    if payment is None or payment.table_id != table.id:
        raise RuleError(N_("There is no such payment: reload the page."))
    was_paid = Payment.paid.is_(None) if paid is not None else Payment.paid.is_not(None)
    moved = db.session.execute(
        update(Payment).where(Payment.id == payment_id, was_paid).values(paid=paid, paid_by=author)
    )
    if cast(CursorResult[Any], moved).rowcount != 1:
        db.session.rollback()
        raise RuleError(already)
    db.session.commit()
    db.session.refresh(payment)
    return payment
