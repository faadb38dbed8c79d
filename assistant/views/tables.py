"""A table: its games, a new game with the same players, sharing, importing a record."""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for

from ..forms import ImportForm, SetupForm
from ..models import Table
from ..throttle import creating, importing
from .home import remember, render_setup, setup_step
from .lookup import table_or_404

bp = Blueprint("tables", __name__, url_prefix="/t/<token>")


@bp.get("/")
def show(token: str) -> str:
    table = table_or_404(token)
    remember(table.token, table.players)
    return render_template(
        "tables/show.html", table=table, share_url=share_link(table), import_form=ImportForm()
    )


@bp.route("/new", methods=["GET", "POST"])
@creating
def new_game(token: str) -> Any:
    table = table_or_404(token)
    if request.method == "GET":
        form = SetupForm(data={"players": table.players, "game": request.args.get("game")})
        return render_setup(form, table=table)
    return setup_step(SetupForm(request.form), table)


@bp.post("/import")
@importing
def import_record(token: str) -> Any:
    table = table_or_404(token)
    form = ImportForm()
    if game := form.imported(table):
        return redirect(url_for("games.show", token=table.token, game_id=game.id), 303)
    page = render_template(
        "tables/show.html", table=table, share_url=share_link(table), import_form=form
    )
    return page, 422


@bp.get("/qr.svg")
def qr_code(token: str) -> Response:
    table = table_or_404(token)
    out = io.BytesIO()
    segno.make(share_link(table), error="m").save(
        out, kind="svg", scale=6, border=2, dark="#111", light="#fff"
    )
    return Response(out.getvalue(), mimetype="image/svg+xml")


def share_link(table: Table) -> str:
    """The table's link as the other phones open it: under ``PUBLIC_URL`` when it is set (a
    request's Host header is whatever its sender wrote), else at this request's own address."""
    if public := current_app.config.get("PUBLIC_URL"):
        return public.rstrip("/") + url_for("tables.show", token=table.token)
    return url_for("tables.show", token=table.token, _external=True)
