"""A table: its games, a new game with the same players, sharing, importing a record."""

from __future__ import annotations

import io
from typing import Any

import segno
from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from .. import services
from ..forms import ImportForm, SetupForm
from ..games.base import RuleError
from ..i18n import say
from ..models import Table
from ..records import load_json
from .home import remember, render_setup, setup_step

bp = Blueprint("tables", __name__, url_prefix="/t/<token>")


def load(token: str) -> Table:
    table = services.get_table(token)
    if table is None:
        abort(404)
    return table


@bp.get("/")
def show(token: str) -> str:
    table = load(token)
    remember(table.token, table.players)
    share_url = url_for("tables.show", token=table.token, _external=True)
    return render_template(
        "tables/show.html", table=table, share_url=share_url, import_form=ImportForm()
    )


@bp.route("/new", methods=["GET", "POST"])
def new_game(token: str) -> Any:
    table = load(token)
    if request.method == "GET":
        form = SetupForm(data={"players": table.players, "game": request.args.get("game")})
        return render_setup(form, table=table)
    return setup_step(SetupForm(request.form), table)


@bp.post("/import")
def import_record(token: str) -> Any:
    table = load(token)
    form = ImportForm()
    if form.validate_on_submit():
        try:
            data = load_json(form.record.data.read().decode("utf-8", errors="replace"))
            game = services.import_game(table, data)
        except RuleError as error:
            form.record.errors = [say(error, with_round=True)]
        else:
            return redirect(url_for("games.show", token=table.token, game_id=game.id), 303)
    share_url = url_for("tables.show", token=table.token, _external=True)
    page = render_template("tables/show.html", table=table, share_url=share_url, import_form=form)
    return page, 422


@bp.get("/qr.svg")
def qr_code(token: str) -> Response:
    table = load(token)
    out = io.BytesIO()
    url = url_for("tables.show", token=table.token, _external=True)
    segno.make(url, error="m").save(out, kind="svg", scale=6, border=2, dark="#111", light="#fff")
    return Response(out.getvalue(), mimetype="image/svg+xml")
