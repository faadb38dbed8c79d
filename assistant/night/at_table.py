"""A club night at one of its tables, as the table's phones see it under their game once it
is over: its result to send and, by the other side, to confirm (one tap each), then the night's
ranking so far with the table's players marked and, once the next round is drawn, where each
of them sits next."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for

from ..device import device, is_htmx
from ..extensions import db
from ..games.base import RuleError
from ..i18n import say
from ..lookup import table_or_404
from ..store.models import Night as NightRow
from ..store.models import Table
from . import results, service, tables
from .view import night_view

bp = Blueprint("night_table", __name__, url_prefix="/t/<token>/night")


def night_at(token: str) -> tuple[Table, NightRow, tables.Key]:
    table = table_or_404(token)
    row = db.session.get(NightRow, table.night_id) if table.night_id else None
    if row is None or table.night_round is None or table.night_table is None:
        abort(404)
    return table, row, (table.night_round, table.night_table)


@bp.get("/")
def panel(token: str) -> Any:
    table, row, key = night_at(token)
    return render_panel(table, row, key)


def render_panel(
    table: Table, row: NightRow, key: tables.Key, error: str = "", status: int = 200
) -> Any:
    read = tables.read(row)
    if key not in read.progress:
        abort(404)
    view = night_view(read, service.table_links(row))
    line = view.table(key)
    page = render_template(
        "nights/_panel.html",
        night=row,
        table=table,
        view=view,
        line=line,
        sides=read.sides(key),
        mine={" & ".join(side) for side in read.sides(key)}
        | {str(e) for e in tables.drawn_tables(read.the_night)[key].seats},
        error=error,
    )
    return page, status


@bp.post("/report")
def report(token: str) -> Any:
    """A player of the table says its result is right: sent, or confirmed by the other side."""
    table, row, key = night_at(token)
    try:
        results.report(row, key, request.form.get("by", ""), device())
    except RuleError as error:
        return render_panel(table, row, key, say(error), 422)
    if is_htmx():
        return render_panel(table, row, key)
    game = table.games[-1]
    return redirect(url_for("games.show", token=token, game_id=game.id, _anchor="night"), 303)
